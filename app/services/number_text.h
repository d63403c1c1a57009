// Numbers as text, both ways, for the CLI and the window: strtod-exact parsing, the shortest
// round-tripping decimal, and Python's print(round(v, places)). Qt-free.
#pragma once

#include <optional>
#include <string>

namespace presisi::services {

// Parses a decimal/hex float the way strtod does, whole string only ("-0.1", "1e-8", "-inf",
// "nan", "0x1p-24"); no leading space.
std::optional<double> parseReal(const std::string& text);

// Whether a decimal `parseReal` accepts lies within float64's range: Overflow where strtod rounded it to ±inf
// (1e400; "inf" itself is Within), Underflow where it became a float64 subnormal or zero although it is not zero
// (1e-400, 1e-310): the value then is not the number typed, and errors measured against it are not its errors.
enum class DecimalRange { Within, Overflow, Underflow };
DecimalRange decimalRange(const std::string& text);

// The shortest decimal text that reads back as v, written as a person would: "1e-300", "3.4e38",
// "0.999999", "65536" (never "%f"'s 0.000000 or 340000000000000000000000000000000000000.000000).
std::string shortestNumber(double v);

// Formats a number as Python's print(round(v, places)) does for the tutorial's values:
// round to `places` decimals (printf's round-half-even on the binary value), then drop trailing
// zeros but keep one ("1.0", "0.001253"); "-0.0" reads "0.0".
std::string pythonRound(double v, int places);

}  // namespace presisi::services
