// Number formats: the compute formats (f32, bf16, f16) and the formats of 8 bits and below (FP8 e4m3/e5m2,
// FP6 e3m2/e2m3, FP4 e2m1, the scale format e8m0): the one traits table, and rounding from float32. No Qt here.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace presisi {

enum class Format { F32, BF16, F16, E4M3, E5M2, E3M2, E2M3, E2M1, E8M0 };

// The formats a lane computes and trains in (the linear lab's and training lab's lane formats).
inline constexpr Format kAllFormats[] = {Format::F32, Format::BF16, Format::F16};
// The formats of 8 bits and below, as OCP's OFP8 and Microscaling v1.0 specs and ml_dtypes define
// them: element formats of scaled tensors and blocks, and e8m0, the block scale.
inline constexpr Format kMiniFormats[] = {Format::E4M3, Format::E5M2, Format::E3M2,
                                          Format::E2M3, Format::E2M1, Format::E8M0};
// Every format, in the order tables show them.
inline constexpr Format kEveryFormat[] = {Format::F32,  Format::BF16, Format::F16,  Format::E4M3, Format::E5M2,
                                          Format::E3M2, Format::E2M3, Format::E2M1, Format::E8M0};
constexpr bool isMiniFormat(Format f) { return static_cast<int>(f) >= static_cast<int>(Format::E4M3); }

// Everything the UI, the tests and the tolerances need to know about a format. Read this table;
// never Eigen's numeric_limits for half/bfloat16 (Eigen 3.4's half epsilon is 2^-13, not 2^-10).
struct FormatTraits {
    Format format;
    std::string_view name;        // "f32", "bf16", "f16", "e4m3", … (lane and CLI spelling)
    std::string_view dtypeName;   // "float32", …, "float8_e4m3fn" (PyTorch's / ml_dtypes' dtype name)
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
    double overflowThreshold;     // max + ulp(max)/2: above it (and at it, where max's last bit
                                  // is odd) a value overflows; e4m3's 464 rounds to 448
    bool hasInf;                  // f32, bf16, f16, e5m2
    bool hasNaN;                  // all but e3m2, e2m3, e2m1
    bool hasSign;                 // all but e8m0 (unsigned powers of two)
};

const FormatTraits& traits(Format format);
std::optional<Format> parseFormat(std::string_view name);

// What happens to results below the smallest normal: kept (IEEE gradual underflow) or flushed to
// a zero of the same sign.
enum class Subnormals { Keep, Flush };

// What a rounding does with a value beyond the largest finite one. Ocp is the OCP conversion that
// ml_dtypes implements: to inf where the format has it (f32, bf16, f16, e5m2), to NaN in e4m3, to
// ±max in FP6/FP4 (no inf, no NaN). Saturate clamps to ±max in every format, inf included, as
// Transformer Engine's satfinite conversions and torchao's clamp-then-cast do; NaN stays NaN.
enum class Overflow { Ocp, Saturate };

// Bit conversions, round-to-nearest-even. NaN stays NaN (quietened), the sign of zero is kept,
// values at or above the overflow threshold become inf.
std::uint16_t toBf16Bits(float x);
std::uint16_t toF16Bits(float x);
float fromBf16Bits(std::uint16_t bits);
float fromF16Bits(std::uint16_t bits);

// Round one float32 value to the nearest value of `format`, returned as the float32 that holds it
// exactly ("rounded storage").
// e4m3/e5m2/e3m2/e2m3/e2m1: round to nearest, ties to even. e8m0: see encode().
float roundTo(Format format, float x, Subnormals subnormals = Subnormals::Keep,
              Overflow overflow = Overflow::Ocp);

// roundTo after an operation in `format` under a lane's subnormal rule, as a functor for the numerics'
// templates (activations, normalisations). changes(): whether it can change a float32 value at all; float32
// that keeps its subnormals cannot, and the value is returned untouched.
struct FormatRounding {
    Format format = Format::F32;
    Subnormals subnormals = Subnormals::Keep;
    bool changes() const { return format != Format::F32 || subnormals == Subnormals::Flush; }
    float operator()(float v) const { return changes() ? roundTo(format, v, subnormals) : v; }
};

// The code of float32 x rounded to a format of 8 bits and below, right-aligned (FP6 in the low six
// bits, FP4 in the low four, sign bit highest). e8m0 (2^(code-127), code 255 NaN, no zero, no sign)
// rounds as ml_dtypes does: to the nearest power of two with ties upwards (3 → 4, 0.75 → 1), every
// positive value below 1.5·2^-127 to 2^-127; zero, negatives, inf and NaN give NaN (Saturate: inf and
// values beyond 2^127 give 2^127). A format without NaN (FP6, FP4) takes NaN to a zero of the
// opposite sign, bit for bit as ml_dtypes does (NaN → the -0 code, -NaN → +0).
std::uint8_t encode(Format format, float x, Overflow overflow = Overflow::Ocp);
// The value of a code (any bits above the format's width are ignored).
float decode(Format format, std::uint8_t code);

// Round a double (a value typed by a person) straight to `format`, with one rounding: no double
// rounding through float32. Used by `presisi inspect` and the Formats page.
float roundFromDouble(Format format, double x, Subnormals subnormals = Subnormals::Keep,
                      Overflow overflow = Overflow::Ocp);

// Bit pattern of x in `format`, right-aligned (f32: 32 bits, bf16/f16: 16 bits, the others as
// encode()). x must already be representable in the format (use roundTo first).
std::uint32_t bitsOf(Format format, float x);
float fromBits(Format format, std::uint32_t bits);

// Bulk rounding: out[i] = roundTo(format, in[i], subnormals). in and out may be the same span.
// Chooses the fastest kernel the CPU has at run time (AVX-512, AVX2/F16C, or portable).
void roundSpan(Format format, std::span<const float> in, std::span<float> out,
               Subnormals subnormals = Subnormals::Keep, Overflow overflow = Overflow::Ocp);

// Bulk codes of a format of 8 bits and below: out[i] = encode(format, in[i], overflow), and back.
void encodeSpan(Format format, std::span<const float> in, std::span<std::uint8_t> out,
                Overflow overflow = Overflow::Ocp);
void decodeSpan(Format format, std::span<const std::uint8_t> in, std::span<float> out);

// The bulk-rounding kernels, exposed so tests can check each against the plain reference.
enum class RoundingKernel { Portable, Avx2, Avx512 };
bool kernelSupported(RoundingKernel kernel);
RoundingKernel bestKernel();
std::string_view kernelName(RoundingKernel kernel);
void roundSpanWith(RoundingKernel kernel, Format format, std::span<const float> in,
                   std::span<float> out, Subnormals subnormals);
// encodeSpan through one kernel (bit tricks on the float32 bits; the kernel must be supported).
// Non-mini formats give zeros, as encode() does.
void encodeSpanWith(RoundingKernel kernel, Format format, std::span<const float> in,
                    std::span<std::uint8_t> out, Overflow overflow = Overflow::Ocp);

// Value class of a float32 value seen as a value of `format`.
enum class ValueClass { Zero, Subnormal, Normal, Inf, NaN };
ValueClass classify(Format format, float x);
std::string_view className(ValueClass c);

// Neighbouring representable values of `format` around x (x representable, finite or inf). Where
// there is none (above max in a format without inf, below e8m0's 2^-127) the result is NaN.
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
