// Number formats (f32, bf16, f16): the one traits table, and rounding from float32. No Qt here.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace presisi {

enum class Format { F32, BF16, F16 };

inline constexpr Format kAllFormats[] = {Format::F32, Format::BF16, Format::F16};

// Everything the UI, the tests and the tolerances need to know about a format. Read this table;
// never Eigen's numeric_limits for half/bfloat16 (Eigen 3.4's half epsilon is 2^-13, not 2^-10).
struct FormatTraits {
    Format format;
    std::string_view name;        // "f32", "bf16", "f16" (lane and CLI spelling)
    std::string_view dtypeName;   // "float32", "bfloat16", "float16" (PyTorch's dtype name)
    int bits;
    int exponentBits;
    int mantissaBits;             // stored fraction bits (precision p = mantissaBits + 1)
    int bias;
    int minExponent;              // exponent of the smallest normal, 1 - bias
    double max;                   // largest finite value
    double minNormal;             // 2^minExponent
    double minSubnormal;          // 2^(minExponent - mantissaBits)
    double epsilon;               // distance from 1 to the next value, 2^-mantissaBits
    double unitRoundoff;          // epsilon / 2 under round-to-nearest
    double overflowThreshold;     // smallest |x| that rounds to inf: max + ulp(max)/2
};

const FormatTraits& traits(Format format);
std::optional<Format> parseFormat(std::string_view name);

// What happens to results below the smallest normal: kept (IEEE gradual underflow) or flushed to
// a zero of the same sign.
enum class Subnormals { Keep, Flush };

// Bit conversions, round-to-nearest-even. NaN stays NaN (quietened), the sign of zero is kept,
// values at or above the overflow threshold become inf.
std::uint16_t toBf16Bits(float x);
std::uint16_t toF16Bits(float x);
float fromBf16Bits(std::uint16_t bits);
float fromF16Bits(std::uint16_t bits);

// Round one float32 value to the nearest value of `format`, returned as the float32 that holds it
// exactly ("rounded storage").
float roundTo(Format format, float x, Subnormals subnormals = Subnormals::Keep);

// Round a double (a value typed by a person) straight to `format`, with one rounding: no double
// rounding through float32. Used by `presisi inspect` and the Formats page.
float roundFromDouble(Format format, double x, Subnormals subnormals = Subnormals::Keep);

// Bit pattern of x in `format`, right-aligned (f32: 32 bits, bf16/f16: 16 bits). x must already be
// representable in the format (use roundTo first).
std::uint32_t bitsOf(Format format, float x);
float fromBits(Format format, std::uint32_t bits);

// Bulk rounding: out[i] = roundTo(format, in[i], subnormals). in and out may be the same span.
// Chooses the fastest kernel the CPU has at run time (AVX-512, AVX2/F16C, or portable).
void roundSpan(Format format, std::span<const float> in, std::span<float> out,
               Subnormals subnormals = Subnormals::Keep);

// The bulk-rounding kernels, exposed so tests can check each against the plain reference.
enum class RoundingKernel { Portable, Avx2, Avx512 };
bool kernelSupported(RoundingKernel kernel);
RoundingKernel bestKernel();
std::string_view kernelName(RoundingKernel kernel);
void roundSpanWith(RoundingKernel kernel, Format format, std::span<const float> in,
                   std::span<float> out, Subnormals subnormals);

// Value class of a float32 value seen as a value of `format`.
enum class ValueClass { Zero, Subnormal, Normal, Inf, NaN };
ValueClass classify(Format format, float x);
std::string_view className(ValueClass c);

// Neighbouring representable values of `format` around x (x representable, finite or inf).
float nextUp(Format format, float x);
float nextDown(Format format, float x);

namespace reference {
// A deliberately plain second implementation, written from the definition with double
// arithmetic (scale by the quantum, nearbyint, scale back) rather than bit tricks. Tests compare
// every float32 input against it.
float roundTo(Format format, float x, Subnormals subnormals = Subnormals::Keep);
// The same, over a span (kept in one loop so the exhaustive test runs in seconds).
void roundSpan(Format format, std::span<const float> in, std::span<float> out,
               Subnormals subnormals = Subnormals::Keep);
}  // namespace reference

}  // namespace presisi
