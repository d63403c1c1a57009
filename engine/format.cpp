// Format traits and rounding from float32: f32/bf16/f16 conversions, roundTo for every format, the bulk
// rounding kernels and their dispatch (the codes of the formats of 8 bits and below: format_codes.cpp). No Qt here.
#include "format.h"

#include "round_bits.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>
#include <immintrin.h>
#define PRESISI_X86 1
#endif

namespace presisi {

namespace {

constexpr FormatTraits kTraits[] = {
    // format, name, dtype, bits, exp, mant, bias, minExp, max, minNormal, minSubnormal, eps, u, overflow,
    // inf, NaN, sign
    {Format::F32, "f32", "float32", 32, 8, 23, 127, -126, 3.4028234663852886e38, 0x1p-126, 0x1p-149,
     0x1p-23, 0x1p-24, 0x1.ffffffp127, true, true, true},
    {Format::BF16, "bf16", "bfloat16", 16, 8, 7, 127, -126, 0x1.fep127, 0x1p-126, 0x1p-133, 0x1p-7,
     0x1p-8, 0x1.ffp127, true, true, true},
    {Format::F16, "f16", "float16", 16, 5, 10, 15, -14, 65504.0, 0x1p-14, 0x1p-24, 0x1p-10, 0x1p-11,
     65520.0, true, true, true},
    // OCP OFP8 E4M3: the top code of the top exponent (S.1111.111) is NaN, so max is 1.75·2^8.
    {Format::E4M3, "e4m3", "float8_e4m3fn", 8, 4, 3, 7, -6, 448.0, 0x1p-6, 0x1p-9, 0x1p-3, 0x1p-4,
     464.0, false, true, true},
    {Format::E5M2, "e5m2", "float8_e5m2", 8, 5, 2, 15, -14, 57344.0, 0x1p-14, 0x1p-16, 0x1p-2, 0x1p-3,
     61440.0, true, true, true},
    // OCP MX FP6 and FP4: every code is a number (no inf, no NaN).
    {Format::E3M2, "e3m2", "float6_e3m2fn", 6, 3, 2, 3, -2, 28.0, 0x1p-2, 0x1p-4, 0x1p-2, 0x1p-3,
     30.0, false, false, true},
    {Format::E2M3, "e2m3", "float6_e2m3fn", 6, 2, 3, 1, 0, 7.5, 1.0, 0x1p-3, 0x1p-3, 0x1p-4,
     7.75, false, false, true},
    {Format::E2M1, "e2m1", "float4_e2m1fn", 4, 2, 1, 1, 0, 6.0, 1.0, 0.5, 0.5, 0.25,
     7.0, false, false, true},
    // OCP MX E8M0: 2^(code-127), no sign, no zero, no fraction; code 255 is NaN.
    {Format::E8M0, "e8m0", "float8_e8m0fnu", 8, 8, 0, 127, -127, 0x1p127, 0x1p-127, 0x1p-127, 1.0, 0.5,
     0x1.8p127, false, true, false},
};

inline std::uint32_t bitsOfFloat(float x) { return std::bit_cast<std::uint32_t>(x); }
inline float floatOfBits(std::uint32_t u) { return std::bit_cast<float>(u); }

inline float flushIfSubnormal(float r, float minNormal) {
    return std::fabs(r) < minNormal ? std::copysign(0.0f, r) : r;
}

}  // namespace

const FormatTraits& traits(Format format) { return kTraits[static_cast<int>(format)]; }

std::optional<Format> parseFormat(std::string_view name) {
    for (const auto& t : kTraits)
        if (name == t.name || name == t.dtypeName) return t.format;
    return std::nullopt;
}

// bf16 keeps float32's sign and exponent and the top 7 fraction bits: round-to-nearest-even on the raw
// bits (round_bits.h: add 0x7fff plus the lowest kept bit, then truncate). A carry out of the fraction
// increments the exponent, which is the correct rounding up to the next binade and, from 0x7f7f8000 up,
// to inf (0x7f80). NaN must be caught first: its low bits could carry into inf.
std::uint16_t toBf16Bits(float x) {
    const std::uint32_t u = bitsOfFloat(x);
    if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((u >> 16) | 0x0040u);
    return static_cast<std::uint16_t>(NearestEvenBits(16).shifted(u));
}

float fromBf16Bits(std::uint16_t bits) { return floatOfBits(static_cast<std::uint32_t>(bits) << 16); }

std::uint16_t toF16Bits(float x) {
    std::uint32_t f = bitsOfFloat(x);
    const std::uint32_t sign = f & 0x80000000u;
    f ^= sign;
    std::uint32_t o;
    if (f >= 0x47800000u) {  // |x| >= 65536 (or inf/NaN): beyond any rounding to 65504
        o = f > 0x7f800000u ? 0x7e00u : 0x7c00u;
    } else if (f < 0x38800000u) {  // |x| < 2^-14: the result is f16 subnormal or zero
        // Adding 0.5 puts the f16 subnormal quantum 2^-24 at float32's last fraction bit, so the
        // hardware's own round-to-nearest-even addition does the rounding; subtracting the
        // magic's bits leaves the f16 fraction.
        constexpr std::uint32_t kMagic = ((127 - 15) + (23 - 10) + 1) << 23;
        const float sum = floatOfBits(f) + floatOfBits(kMagic);
        o = bitsOfFloat(sum) - kMagic;
    } else {
        // Normal: rebias the exponent (a multiple of 2^23: the fraction bits unchanged) and round the 13
        // dropped bits to nearest even (as for bf16). A carry into the exponent from 65520 up gives 0x7c00, inf.
        o = NearestEvenBits(13).shifted(f + (static_cast<std::uint32_t>(15 - 127) << 23));
    }
    return static_cast<std::uint16_t>(o | (sign >> 16));
}

float fromF16Bits(std::uint16_t h) {
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t exp = (h >> 10) & 0x1fu;
    const std::uint32_t mant = h & 0x3ffu;
    if (exp == 0x1f) return floatOfBits(sign | 0x7f800000u | (mant << 13));
    if (exp == 0) {
        // Subnormal or zero: mant * 2^-24, exact in float32.
        const float v = static_cast<float>(mant) * 0x1p-24f;
        return floatOfBits(sign | bitsOfFloat(v));
    }
    return floatOfBits(sign | ((exp + 127 - 15) << 23) | (mant << 13));
}

float roundTo(Format format, float x, Subnormals subnormals, Overflow overflow) {
    float r;
    switch (format) {
    case Format::F32: r = x; break;
    case Format::BF16: r = fromBf16Bits(toBf16Bits(x)); break;
    case Format::F16: r = fromF16Bits(toF16Bits(x)); break;
    default: r = decode(format, encode(format, x, overflow)); break;
    }
    if (overflow == Overflow::Saturate && std::isinf(r))
        r = std::copysign(static_cast<float>(traits(format).max), r);
    if (subnormals == Subnormals::Flush)
        r = flushIfSubnormal(r, static_cast<float>(traits(format).minNormal));
    return r;
}

std::uint32_t bitsOf(Format format, float x) {
    switch (format) {
    case Format::BF16: return toBf16Bits(x);
    case Format::F16: return toF16Bits(x);
    case Format::F32: break;
    default: return encode(format, x);
    }
    return bitsOfFloat(x);
}

float fromBits(Format format, std::uint32_t bits) {
    switch (format) {
    case Format::BF16: return fromBf16Bits(static_cast<std::uint16_t>(bits));
    case Format::F16: return fromF16Bits(static_cast<std::uint16_t>(bits));
    case Format::F32: break;
    default: return decode(format, static_cast<std::uint8_t>(bits));
    }
    return floatOfBits(bits);
}

ValueClass classify(Format format, float x) {
    if (std::isnan(x)) return ValueClass::NaN;
    if (std::isinf(x)) return ValueClass::Inf;
    if (x == 0.0f) return ValueClass::Zero;
    if (std::fabs(x) < traits(format).minNormal) return ValueClass::Subnormal;
    return ValueClass::Normal;
}

std::string_view className(ValueClass c) {
    switch (c) {
    case ValueClass::Zero: return "zero";
    case ValueClass::Subnormal: return "subnormal";
    case ValueClass::Normal: return "normal";
    case ValueClass::Inf: return "inf";
    case ValueClass::NaN: return "nan";
    }
    return "?";
}

// Formats are sign-magnitude: stepping away from zero is +1 on the magnitude bits.
float nextUp(Format format, float x) {
    const FormatTraits& t = traits(format);
    constexpr float kNone = std::numeric_limits<float>::quiet_NaN();
    if (std::isnan(x)) return x;
    if (x == std::numeric_limits<float>::infinity()) return x;
    if (format == Format::F32) return std::nextafter(x, std::numeric_limits<float>::infinity());
    if (format == Format::E8M0) {  // powers of two only, all positive
        if (!(x > 0.0f)) return static_cast<float>(t.minNormal);
        return x >= t.max ? kNone : x * 2.0f;
    }
    if (x == 0.0f) return static_cast<float>(t.minSubnormal);
    if (x >= t.max) return t.hasInf ? std::numeric_limits<float>::infinity() : kNone;
    if (x == -std::numeric_limits<float>::infinity()) return -static_cast<float>(t.max);
    const std::uint32_t b = bitsOf(format, x);
    return fromBits(format, x > 0.0f ? b + 1 : b - 1);
}

float nextDown(Format format, float x) {
    if (format == Format::E8M0) {
        const FormatTraits& t = traits(format);
        if (std::isnan(x) || !(x > static_cast<float>(t.minNormal))) return std::numeric_limits<float>::quiet_NaN();
        if (x > static_cast<float>(t.max)) return static_cast<float>(t.max);  // no inf in e8m0: from above
        return x * 0.5f;
    }
    return -nextUp(format, -x);
}

namespace {

double roundDoubleToFormat(const FormatTraits& t, double x, Subnormals subnormals, Overflow overflow) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const auto overflowed = [&](double v) {
        if (overflow == Overflow::Saturate || (!t.hasInf && !t.hasNaN)) return std::copysign(t.max, v);
        // e4m3: NaN with x's sign, as encode() gives it (0xff for a negative overflow).
        return std::copysign(t.hasInf ? kInf : std::numeric_limits<double>::quiet_NaN(), v);
    };
    // FP6/FP4 have no NaN: a zero of the opposite sign, as roundTo (and ml_dtypes) give.
    if (std::isnan(x)) return t.hasNaN ? x : (std::signbit(x) ? 0.0 : -0.0);
    if (t.format == Format::E8M0) {
        // Powers of two only: the nearest in linear distance, ties upwards, as encode() rounds.
        if (!(x > 0.0)) return std::numeric_limits<double>::quiet_NaN();
        if (std::isinf(x)) return overflow == Overflow::Saturate ? t.max : std::numeric_limits<double>::quiet_NaN();
        const int e = std::ilogb(x);
        double r = std::ldexp(1.0, e);
        if (x >= 1.5 * r) r *= 2.0;
        if (r < t.minNormal) r = t.minNormal;
        if (r > t.max) return overflow == Overflow::Saturate ? t.max : std::numeric_limits<double>::quiet_NaN();
        return r;
    }
    if (std::isinf(x)) return t.hasInf && overflow == Overflow::Ocp ? x : overflowed(x);
    if (x == 0.0) return x;
    const double ax = std::fabs(x);
    // The quantum (spacing of representable values) at ax: 2^(e - p) for a normal binade, fixed at
    // 2^(minExponent - p) below the smallest normal.
    const int e = std::max(std::ilogb(ax), t.minExponent);
    const double quantum = std::ldexp(1.0, e - t.mantissaBits);
    // ax / quantum is exact (a power-of-two scale, no underflow since quantum >= 2^-149); nearbyint
    // uses the default ties-to-even mode.
    double r = std::nearbyint(ax / quantum) * quantum;
    if (r > t.max) return overflowed(x);
    if (subnormals == Subnormals::Flush && r < t.minNormal) r = 0.0;
    return std::copysign(r, x);
}

}  // namespace

float roundFromDouble(Format format, double x, Subnormals subnormals, Overflow overflow) {
    return static_cast<float>(roundDoubleToFormat(traits(format), x, subnormals, overflow));
}

namespace reference {

// The definition again, specialised for float32 inputs (all normal doubles) so that a test can run
// it on all 2^32 of them in seconds: read the binade from the double's exponent field, scale by the
// reciprocal quantum (a power of two, exact), round to an integer by the classic 2^52 addition
// (the sum's last bit is the unit, so the addition rounds to nearest even), scale back.
// No branches: zero gives zero, inf stays inf (inf times a tiny power of two), NaN propagates.
namespace {
inline float roundDefinition(const FormatTraits& t, float x, bool flush) {
    const double ax = std::fabs(static_cast<double>(x));
    const int binade = static_cast<int>(std::bit_cast<std::uint64_t>(ax) >> 52) - 1023;
    const int qexp = std::max(binade, t.minExponent) - t.mantissaBits;
    const double quantum = std::bit_cast<double>(static_cast<std::uint64_t>(qexp + 1023) << 52);
    const double inverse = std::bit_cast<double>(static_cast<std::uint64_t>(1023 - qexp) << 52);
    constexpr double kTwo52 = 0x1p52;
    // Without -ffast-math (never used here) the compiler keeps (a + 2^52) - 2^52 as written.
    double r = ((ax * inverse + kTwo52) - kTwo52) * quantum;
    r = r > t.max ? std::numeric_limits<double>::infinity() : r;
    r = (flush && r < t.minNormal) ? 0.0 : r;
    return static_cast<float>(std::copysign(r, static_cast<double>(x)));
}
}  // namespace

float roundTo(Format format, float x, Subnormals subnormals) {
    return roundDefinition(traits(format), x, subnormals == Subnormals::Flush);
}

void roundSpan(Format format, std::span<const float> in, std::span<float> out, Subnormals subnormals) {
    const FormatTraits t = traits(format);
    const bool flush = subnormals == Subnormals::Flush;
    const std::size_t n = std::min(in.size(), out.size());
    for (std::size_t i = 0; i < n; ++i) out[i] = roundDefinition(t, in[i], flush);
}

}  // namespace reference

// ---- bulk kernels --------------------------------------------------------------------------

namespace {

void roundPortable(Format format, const float* in, float* out, std::size_t n, Subnormals sub) {
    switch (format) {
    case Format::F32:
        if (in != out) std::copy(in, in + n, out);
        break;
    case Format::BF16:
        for (std::size_t i = 0; i < n; ++i) out[i] = fromBf16Bits(toBf16Bits(in[i]));
        break;
    case Format::F16:
        for (std::size_t i = 0; i < n; ++i) out[i] = fromF16Bits(toF16Bits(in[i]));
        break;
    }
    if (sub == Subnormals::Flush) {
        const float minNormal = static_cast<float>(traits(format).minNormal);
        for (std::size_t i = 0; i < n; ++i) out[i] = flushIfSubnormal(out[i], minNormal);
    }
}

#if defined(PRESISI_X86) && defined(__AVX2__) && defined(__F16C__)
#define PRESISI_HAVE_AVX2_KERNEL 1

// The bf16 bit trick of toBf16Bits, eight lanes at a time; NaN lanes are quietened and kept.
inline __m256 roundBf16Avx2(__m256 x) {
    const __m256i u = _mm256_castps_si256(x);
    const __m256i r = NearestEvenBits8(NearestEvenBits(16))(u);
    const __m256i quiet = _mm256_and_si256(_mm256_or_si256(u, _mm256_set1_epi32(0x00400000)),
                                           _mm256_set1_epi32(static_cast<int>(0xffff0000u)));
    const __m256 isNan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
    return _mm256_blendv_ps(_mm256_castsi256_ps(r), _mm256_castsi256_ps(quiet), isNan);
}

inline __m256 flushAvx2(__m256 r, __m256 minNormal) {
    const __m256 absMask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    const __m256 tiny = _mm256_cmp_ps(_mm256_and_ps(r, absMask), minNormal, _CMP_LT_OQ);
    return _mm256_blendv_ps(r, _mm256_andnot_ps(absMask, r), tiny);
}

void roundAvx2(Format format, const float* in, float* out, std::size_t n, Subnormals sub) {
    const bool flush = sub == Subnormals::Flush;
    const __m256 minNormal = _mm256_set1_ps(static_cast<float>(traits(format).minNormal));
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 x = _mm256_loadu_ps(in + i);
        switch (format) {
        case Format::F32: break;
        case Format::BF16: x = roundBf16Avx2(x); break;
        case Format::F16:
            // F16C's conversion rounds to nearest even with gradual underflow and overflow to inf.
            x = _mm256_cvtph_ps(_mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
            break;
        }
        if (flush) x = flushAvx2(x, minNormal);
        _mm256_storeu_ps(out + i, x);
    }
    roundPortable(format, in + i, out + i, n - i, sub);
}
#endif

#if defined(PRESISI_X86) && (defined(__GNUC__) || defined(__clang__))
#define PRESISI_HAVE_AVX512_KERNEL 1

__attribute__((target("avx512f"))) void roundAvx512(Format format, const float* in, float* out,
                                                    std::size_t n, Subnormals sub) {
    const bool flush = sub == Subnormals::Flush;
    const __m512 minNormal = _mm512_set1_ps(static_cast<float>(traits(format).minNormal));
    const __m512i hiMask = _mm512_set1_epi32(static_cast<int>(0xffff0000u));
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512 x = _mm512_loadu_ps(in + i);
        switch (format) {
        case Format::F32: break;
        case Format::BF16: {
            const __m512i u = _mm512_castps_si512(x);
            const __m512i r = nearestEvenBits16(u, NearestEvenBits(16));
            const __m512i quiet =
                _mm512_and_si512(_mm512_or_si512(u, _mm512_set1_epi32(0x00400000)), hiMask);
            const __mmask16 isNan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
            x = _mm512_castsi512_ps(_mm512_mask_blend_epi32(isNan, r, quiet));
            break;
        }
        case Format::F16:
            x = _mm512_cvtph_ps(_mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
            break;
        }
        if (flush) {
            const __m512i absBits = _mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(0x7fffffff));
            const __mmask16 tiny = _mm512_cmp_ps_mask(_mm512_castsi512_ps(absBits), minNormal, _CMP_LT_OQ);
            const __m512i signOnly =
                _mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(static_cast<int>(0x80000000u)));
            x = _mm512_castsi512_ps(_mm512_mask_blend_epi32(tiny, _mm512_castps_si512(x), signOnly));
        }
        _mm512_storeu_ps(out + i, x);
    }
    roundPortable(format, in + i, out + i, n - i, sub);
}
#endif

}  // namespace

bool kernelSupported(RoundingKernel kernel) {
    switch (kernel) {
    case RoundingKernel::Portable: return true;
    case RoundingKernel::Avx2:
#ifdef PRESISI_HAVE_AVX2_KERNEL
    {
        // F16C from CPUID leaf 1 (ECX bit 29): clang before 16 does not know "f16c" in __builtin_cpu_supports.
        unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
        return __builtin_cpu_supports("avx2") && __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
    }
#else
        return false;
#endif
    case RoundingKernel::Avx512:
#ifdef PRESISI_HAVE_AVX512_KERNEL
        return __builtin_cpu_supports("avx512f");
#else
        return false;
#endif
    }
    return false;
}

RoundingKernel bestKernel() {
    static const RoundingKernel best = [] {
        if (kernelSupported(RoundingKernel::Avx512)) return RoundingKernel::Avx512;
        if (kernelSupported(RoundingKernel::Avx2)) return RoundingKernel::Avx2;
        return RoundingKernel::Portable;
    }();
    return best;
}

std::string_view kernelName(RoundingKernel kernel) {
    switch (kernel) {
    case RoundingKernel::Portable: return "portable";
    case RoundingKernel::Avx2: return "avx2-f16c";
    case RoundingKernel::Avx512: return "avx512";
    }
    return "?";
}

void roundSpanWith(RoundingKernel kernel, Format format, std::span<const float> in,
                   std::span<float> out, Subnormals subnormals) {
    const std::size_t n = std::min(in.size(), out.size());
    if (isMiniFormat(format)) {
        for (std::size_t i = 0; i < n; ++i) out[i] = roundTo(format, in[i], subnormals);
        return;
    }
    switch (kernel) {
#ifdef PRESISI_HAVE_AVX512_KERNEL
    case RoundingKernel::Avx512: roundAvx512(format, in.data(), out.data(), n, subnormals); return;
#endif
#ifdef PRESISI_HAVE_AVX2_KERNEL
    case RoundingKernel::Avx2: roundAvx2(format, in.data(), out.data(), n, subnormals); return;
#endif
    default: roundPortable(format, in.data(), out.data(), n, subnormals); return;
    }
}

void roundSpan(Format format, std::span<const float> in, std::span<float> out, Subnormals subnormals,
               Overflow overflow) {
    if (isMiniFormat(format)) {
        // Through the codes, a block at a time: the fast encoders, then the decode table.
        const std::size_t n = std::min(in.size(), out.size());
        const float minNormal = static_cast<float>(traits(format).minNormal);
        std::array<std::uint8_t, 1024> codes;
        for (std::size_t i = 0; i < n; i += codes.size()) {
            const std::size_t m = std::min(codes.size(), n - i);
            encodeSpan(format, in.subspan(i, m), std::span(codes).first(m), overflow);
            decodeSpan(format, std::span(codes).first(m), out.subspan(i, m));
            if (subnormals == Subnormals::Flush)
                for (std::size_t j = i; j < i + m; ++j) out[j] = flushIfSubnormal(out[j], minNormal);
        }
        return;
    }
    roundSpanWith(bestKernel(), format, in, out, subnormals);
    if (overflow == Overflow::Saturate) {
        const float max = static_cast<float>(traits(format).max);
        for (std::size_t i = 0, n = std::min(in.size(), out.size()); i < n; ++i)
            if (std::isinf(out[i])) out[i] = std::copysign(max, out[i]);
    }
}

}  // namespace presisi
