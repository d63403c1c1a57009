// Numbers as text for the CLI and the window (presisi_services).
#include "number_text.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <sstream>

namespace presisi::services {

std::optional<double> parseReal(const std::string& text) {
    if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return std::nullopt;
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(begin, &end);
    if (end != begin + text.size()) return std::nullopt;
    // Overflow gives +-HUGE_VAL = inf, which is the value the user typed as far as the formats
    // care; underflow gives the nearest double (possibly 0), also what was typed.
    return v;
}

DecimalRange decimalRange(const std::string& text) {
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(begin, &end);
    if (errno != ERANGE) return DecimalRange::Within;  // exact, or rounded to a normal double
    if (std::isinf(v)) return DecimalRange::Overflow;
    return std::fabs(v) < 0x1p-1022 ? DecimalRange::Underflow : DecimalRange::Within;
}

std::string shortestNumber(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[40];
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    // "3.4e+38" -> "3.4e38", "1e-05" -> "1e-5"
    std::string s = buf;
    const auto e = s.find('e');
    if (e == std::string::npos) return s;
    std::string mantissa = s.substr(0, e), exponent = s.substr(e + 1);
    bool negative = false;
    if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) {
        negative = exponent[0] == '-';
        exponent.erase(0, 1);
    }
    while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
    return mantissa + "e" + (negative ? "-" : "") + exponent;
}

std::string pythonRound(double v, int places) {
    if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
    std::ostringstream fixed;
    fixed << std::fixed << std::setprecision(places) << v;
    std::string s = fixed.str();
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s += '0';
    }
    if (s == "-0.0") s = "0.0";
    return s;
}

}  // namespace presisi::services
