// Codes of the formats of 8 bits and below (e4m3, e5m2, e3m2, e2m3, e2m1, e8m0): encode/decode one
// value, and the bulk encoders (portable and AVX2 bit tricks) with their dispatch. The traits, the
// rounding of f32/bf16/f16 and roundTo are in format.cpp. No Qt here.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#include "format.h"
#include "round_bits.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#endif
#if (defined(__x86_64__) || defined(_M_X64)) && defined(__AVX2__) && defined(__F16C__)
#define PRESISI_HAVE_AVX2_KERNEL 1
#endif

namespace presisi {

namespace {
inline std::uint32_t bitsOfFloat(float x) { return std::bit_cast<std::uint32_t>(x); }
inline float floatOfBits(std::uint32_t u) { return std::bit_cast<float>(u); }
}  // namespace

namespace {

// ---- formats of 8 bits and below: codes from and to float32 ---------------------------------

std::uint8_t encodeE8m0(float x, Overflow overflow) {
    constexpr std::uint8_t kNaN = 0xff;
    if (std::isnan(x) || !(x > 0.0f)) return kNaN;  // zero and negatives have no code
    if (std::isinf(x)) return overflow == Overflow::Saturate ? 0xfe : kNaN;
    const std::uint32_t u = bitsOfFloat(x);
    int biased = static_cast<int>(u >> 23);  // float32's biased exponent is e8m0's code
    const std::uint32_t fraction = u & 0x7fffffu;
    if (biased == 0) {
        // float32 subnormal: 2^-127 is fraction 0x400000; ties (1.5·2^-127) and above round up.
        return fraction >= 0x600000u ? 1 : 0;
    }
    if (fraction >= 0x400000u) ++biased;  // mantissa ≥ 1.5: nearer (or tied) to the next power
    if (biased > 0xfe) return overflow == Overflow::Saturate ? 0xfe : kNaN;
    return static_cast<std::uint8_t>(biased);
}

std::uint8_t nanCode(const FormatTraits& t, bool negative) {
    const std::uint32_t signBit = 1u << (t.bits - 1);
    switch (t.format) {
    case Format::E4M3: return static_cast<std::uint8_t>(0x7fu | (negative ? signBit : 0u));
    case Format::E5M2: return static_cast<std::uint8_t>(0x7eu | (negative ? signBit : 0u));
    default: return static_cast<std::uint8_t>(negative ? 0u : signBit);  // no NaN: ml_dtypes' zero
    }
}

// Sign-magnitude FP8/FP6/FP4: round |x| to nearest even on the format's grid (exact in double: x is
// a float32, the quantum a power of two), then the overflow rule, then the code.
std::uint8_t encodeSignMagnitude(const FormatTraits& t, float x, Overflow overflow) {
    const bool negative = std::signbit(x);
    if (std::isnan(x)) return nanCode(t, negative);
    const std::uint32_t signBit = negative ? 1u << (t.bits - 1) : 0u;
    const int magnitudeBits = t.bits - 1;
    const std::uint32_t maxCode = [&] {
        // The largest finite code: all ones below the sign, less e4m3's NaN code, less e5m2's top
        // exponent (inf and NaN).
        // e5m2: 0x7f less the four codes of the top exponent (0x7c inf, 0x7d-0x7f NaN) is 0x7b.
        const std::uint32_t allOnes = (1u << magnitudeBits) - 1u;
        if (t.format == Format::E4M3) return allOnes - 1u;
        if (t.hasInf) return allOnes - (1u << t.mantissaBits);
        return allOnes;
    }();
    const auto overflowCode = [&]() -> std::uint8_t {
        if (overflow == Overflow::Saturate || (!t.hasInf && !t.hasNaN)) return static_cast<std::uint8_t>(signBit | maxCode);
        if (t.hasInf) return static_cast<std::uint8_t>(signBit | (maxCode + 1u));  // the inf code
        return nanCode(t, negative);
    };
    const double ax = std::fabs(static_cast<double>(x));
    if (std::isinf(ax)) return overflowCode();
    if (ax == 0.0) return static_cast<std::uint8_t>(signBit);
    const int e = std::max(std::ilogb(ax), t.minExponent);
    const double quantum = std::ldexp(1.0, e - t.mantissaBits);
    const double r = std::nearbyint(ax / quantum) * quantum;  // ties to even (default mode)
    if (r > t.max) return overflowCode();
    if (r == 0.0) return static_cast<std::uint8_t>(signBit);
    // Code of r: below the smallest normal the exponent field is 0 and the fraction counts
    // smallest subnormals; above, field = exponent + bias and the fraction the bits after the 1.
    std::uint32_t magnitude;
    if (r < t.minNormal) {
        magnitude = static_cast<std::uint32_t>(r / t.minSubnormal);
    } else {
        const int re = std::ilogb(r);
        const auto fraction = static_cast<std::uint32_t>((std::ldexp(r, -re) - 1.0) * (1u << t.mantissaBits));
        magnitude = (static_cast<std::uint32_t>(re + t.bias) << t.mantissaBits) | fraction;
    }
    return static_cast<std::uint8_t>(signBit | magnitude);
}

float decodeSignMagnitude(const FormatTraits& t, std::uint32_t code) {
    code &= (1u << t.bits) - 1u;
    const std::uint32_t magnitudeMask = (1u << (t.bits - 1)) - 1u;
    const bool negative = (code >> (t.bits - 1)) & 1u;
    const std::uint32_t magnitude = code & magnitudeMask;
    const std::uint32_t exponentField = magnitude >> t.mantissaBits;
    const std::uint32_t fraction = magnitude & ((1u << t.mantissaBits) - 1u);
    const std::uint32_t topExponent = (1u << t.exponentBits) - 1u;
    float v;
    if (t.format == Format::E4M3 && magnitude == magnitudeMask) {
        v = std::numeric_limits<float>::quiet_NaN();
    } else if (t.hasInf && exponentField == topExponent) {
        v = fraction == 0 ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::quiet_NaN();
    } else if (exponentField == 0) {
        v = static_cast<float>(fraction * t.minSubnormal);
    } else {
        v = static_cast<float>(std::ldexp(1.0 + std::ldexp(static_cast<double>(fraction), -t.mantissaBits),
                                          static_cast<int>(exponentField) - t.bias));
    }
    return negative ? -v : v;
}

}  // namespace

std::uint8_t encode(Format format, float x, Overflow overflow) {
    const FormatTraits& t = traits(format);
    if (!isMiniFormat(format)) return 0;
    if (format == Format::E8M0) return encodeE8m0(x, overflow);
    return encodeSignMagnitude(t, x, overflow);
}

float decode(Format format, std::uint8_t code) {
    if (!isMiniFormat(format)) return std::numeric_limits<float>::quiet_NaN();
    if (format == Format::E8M0)
        return code == 0xff ? std::numeric_limits<float>::quiet_NaN()
                            : static_cast<float>(std::ldexp(1.0, static_cast<int>(code) - 127));
    return decodeSignMagnitude(traits(format), code);
}

// ---- bulk codes of the formats of 8 bits and below ----------------------------------------------
//
// The kernels share one bit trick, written out here once. Let a = |x|'s float32 bits, M the format's
// fraction bits, B its bias, s = 23 - M the float32 fraction bits dropped.
// - |x| at or above the format's smallest normal: round a to nearest even at bit s (round_bits.h: add
//   2^(s-1) - 1 plus the lowest kept bit, so only a tie with an odd kept part carries),
//   shift right by s, and subtract (127 - B) << M to rebias the exponent field. What is left is the
//   format's magnitude code; a carry out of the fraction is the correct step into the next binade,
//   and past the largest finite code it is an overflow, decided after the rounding, so e4m3's 464
//   (a tie between 448 = 0x7e and the first code beyond) stays 448 and e5m2's 61440 overflows.
// - below the smallest normal: add the float32 magic 2^(log2(min subnormal) + 23), whose last
//   fraction bit is worth the format's smallest subnormal; the FPU's own round-to-nearest-even
//   addition rounds |x| to a multiple of it, and the sum's bits less the magic's bits count those
//   multiples, which is the subnormal code (the count reaches 1 << M, the smallest normal's code, when
//   it rounds up). Needs the default rounding mode and no denormals-are-zero, as everywhere here.
// - then the overflow code (per Overflow), the NaN code, and the sign at bit (bits - 1). FP6/FP4
//   have no NaN: ml_dtypes gives the zero of the opposite sign, and so do these.
// e8m0 (no sign, no fraction) is simpler: code = (a + 2^22) >> 23 carries into the exponent exactly
// when the significand is at least 1.5 (ties upwards, as ml_dtypes); for float32 subnormals,
// 2^-127 is a = 2^22 and the tie with 2^-126 is 1.5·2^22, so there the addend is 2^21.
// Pinned by tst_mini_formats: every float32 bit pattern through each vector kernel the CPU has, both
// overflow modes, against a step function built from ml_dtypes' code table (the portable loop on every
// 16th block of 2^16 where a vector kernel exists, on all of them where none does).

namespace {

struct EncodeParams {
    NearestEvenBits rounding{1};  // at bit 23 - M
    std::int32_t rebias;         // (127 - B) << M
    std::uint32_t minNormalBits; // float32 bits of the smallest normal
    float magic;                 // 2^(log2(min subnormal) + 23)
    std::int32_t maxCode;        // largest finite magnitude code
    std::int32_t overflowCode;   // magnitude code past max (before the sign)
    std::int32_t nanCode;        // magnitude code of NaN (0 in FP6/FP4)
    std::uint32_t nanFlipsSign;  // sign bit to flip for NaN (FP6/FP4: ml_dtypes' zero of the other sign)
    int signShift;               // 32 - bits: float32's sign to the format's top bit
    std::uint32_t signBit;       // 1 << (bits - 1)
};

EncodeParams encodeParams(Format format, Overflow overflow) {
    const FormatTraits& t = traits(format);
    EncodeParams p{};
    p.rounding = NearestEvenBits(23 - t.mantissaBits);
    p.rebias = (127 - t.bias) << t.mantissaBits;
    p.minNormalBits = bitsOfFloat(static_cast<float>(t.minNormal));
    p.magic = static_cast<float>(t.minSubnormal * 0x1p23);
    p.signShift = 32 - t.bits;
    p.signBit = 1u << (t.bits - 1);
    const std::int32_t allOnes = static_cast<std::int32_t>(p.signBit) - 1;
    p.maxCode = format == Format::E4M3 ? allOnes - 1 : t.hasInf ? allOnes - (1 << t.mantissaBits) : allOnes;
    p.overflowCode = overflow == Overflow::Saturate || !t.hasNaN ? p.maxCode
                     : t.hasInf                                 ? p.maxCode + 1  // e5m2's inf, 0x7c
                                                                : allOnes;       // e4m3's NaN, 0x7f
    p.nanCode = format == Format::E4M3 ? 0x7f : format == Format::E5M2 ? 0x7e : 0;
    p.nanFlipsSign = t.hasNaN ? 0u : p.signBit;
    return p;
}

inline std::uint8_t encodeBits(const EncodeParams& p, float x) {
    const std::uint32_t u = bitsOfFloat(x);
    const std::uint32_t a = u & 0x7fffffffu;
    std::uint32_t sign = (u >> p.signShift) & p.signBit;
    std::int32_t code;
    if (a > 0x7f800000u) {
        code = p.nanCode;
        sign ^= p.nanFlipsSign;
    } else if (a < p.minNormalBits) {
        code = static_cast<std::int32_t>(bitsOfFloat(floatOfBits(a) + p.magic) - bitsOfFloat(p.magic));
    } else {
        code = static_cast<std::int32_t>(p.rounding.shifted(a)) - p.rebias;
        if (code > p.maxCode) code = p.overflowCode;
    }
    return static_cast<std::uint8_t>(static_cast<std::uint32_t>(code) | sign);
}

inline std::uint8_t encodeE8m0Bits(float x, std::uint32_t overflowCode) {
    const std::uint32_t u = bitsOfFloat(x);
    if (u == 0 || u > 0x7f800000u) return 0xff;  // zero, NaN and everything negative (sign bit set)
    const std::uint32_t code = (u + (u < 0x00800000u ? 0x00200000u : 0x00400000u)) >> 23;
    return static_cast<std::uint8_t>(code > 0xfeu ? overflowCode : code);
}

void encodePortable(Format format, const float* in, std::uint8_t* out, std::size_t n, Overflow overflow) {
    if (format == Format::E8M0) {
        const std::uint32_t overflowCode = overflow == Overflow::Saturate ? 0xfe : 0xff;
        for (std::size_t i = 0; i < n; ++i) out[i] = encodeE8m0Bits(in[i], overflowCode);
        return;
    }
    const EncodeParams p = encodeParams(format, overflow);
    for (std::size_t i = 0; i < n; ++i) out[i] = encodeBits(p, in[i]);
}

#ifdef PRESISI_HAVE_AVX2_KERNEL
// Eight lanes of encodeBits / encodeE8m0Bits; the int32 codes come back in the low byte of each lane.
struct EncodeAvx2 {
    NearestEvenBits8 rounding;
    __m256i rebias, minNormalBits, magicBits, maxCode, overflowCode, nanCode,
        nanFlipsSign, signBit, absMask, infBits;
    __m256 magic;
    __m128i signShift;  // shift counts as vectors: the immediate forms want compile-time constants
    bool e8m0;

    EncodeAvx2(Format format, Overflow overflow) : EncodeAvx2(encodeParams(format, overflow), format, overflow) {}
    EncodeAvx2(const EncodeParams& p, Format format, Overflow overflow) : rounding(p.rounding) {
        e8m0 = format == Format::E8M0;
        rebias = _mm256_set1_epi32(p.rebias);
        minNormalBits = _mm256_set1_epi32(static_cast<int>(p.minNormalBits));
        magic = _mm256_set1_ps(p.magic);
        magicBits = _mm256_set1_epi32(static_cast<int>(bitsOfFloat(p.magic)));
        maxCode = _mm256_set1_epi32(e8m0 ? 0xfe : p.maxCode);
        overflowCode = _mm256_set1_epi32(e8m0 ? (overflow == Overflow::Saturate ? 0xfe : 0xff) : p.overflowCode);
        nanCode = _mm256_set1_epi32(e8m0 ? 0xff : p.nanCode);
        nanFlipsSign = _mm256_set1_epi32(static_cast<int>(p.nanFlipsSign));
        signBit = _mm256_set1_epi32(static_cast<int>(p.signBit));
        absMask = _mm256_set1_epi32(0x7fffffff);
        infBits = _mm256_set1_epi32(0x7f800000);
        signShift = _mm_cvtsi32_si128(p.signShift);
    }

    __m256i operator()(__m256 x) const {
        const __m256i u = _mm256_castps_si256(x);
        if (e8m0) {
            // u as a signed int: zero, negatives (sign bit) and NaN all fail 0 < u <= inf bits.
            const __m256i invalid = _mm256_or_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32(1), u),
                                                    _mm256_cmpgt_epi32(u, infBits));
            const __m256i sub = _mm256_cmpgt_epi32(_mm256_set1_epi32(0x00800000), u);
            const __m256i addend = _mm256_blendv_epi8(_mm256_set1_epi32(0x00400000), _mm256_set1_epi32(0x00200000), sub);
            __m256i code = _mm256_srli_epi32(_mm256_add_epi32(u, addend), 23);
            code = _mm256_blendv_epi8(code, overflowCode, _mm256_cmpgt_epi32(code, maxCode));
            return _mm256_blendv_epi8(code, nanCode, invalid);
        }
        const __m256i a = _mm256_and_si256(u, absMask);
        // Normal: round at bit 23 - M, shift, rebias; overflow past maxCode (signed: a <= 0x7fffffff
        // plus a small bias stays below 2^31 after the shift).
        __m256i code = _mm256_sub_epi32(rounding.shifted(a), rebias);
        code = _mm256_blendv_epi8(code, overflowCode, _mm256_cmpgt_epi32(code, maxCode));
        // Subnormal: the magic addition.
        const __m256i subCode =
            _mm256_sub_epi32(_mm256_castps_si256(_mm256_add_ps(_mm256_castsi256_ps(a), magic)), magicBits);
        code = _mm256_blendv_epi8(code, subCode, _mm256_cmpgt_epi32(minNormalBits, a));
        // NaN, then the sign.
        const __m256i isNan = _mm256_cmpgt_epi32(a, infBits);
        code = _mm256_blendv_epi8(code, nanCode, isNan);
        __m256i sign = _mm256_and_si256(_mm256_srl_epi32(u, signShift), signBit);
        sign = _mm256_xor_si256(sign, _mm256_and_si256(isNan, nanFlipsSign));
        return _mm256_or_si256(code, sign);
    }
};

void encodeAvx2(Format format, const float* in, std::uint8_t* out, std::size_t n, Overflow overflow) {
    const EncodeAvx2 enc(format, overflow);
    // 32 codes a round: two signed packs to int16 and one unsigned pack to bytes interleave the four
    // vectors by 128-bit lane; the permute puts the eight 4-byte groups back in input order.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    std::size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const __m256i c0 = enc(_mm256_loadu_ps(in + i));
        const __m256i c1 = enc(_mm256_loadu_ps(in + i + 8));
        const __m256i c2 = enc(_mm256_loadu_ps(in + i + 16));
        const __m256i c3 = enc(_mm256_loadu_ps(in + i + 24));
        const __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(c0, c1), _mm256_packs_epi32(c2, c3));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), _mm256_permutevar8x32_epi32(bytes, order));
    }
    encodePortable(format, in + i, out + i, n - i, overflow);
}
#endif


}  // namespace

void encodeSpanWith(RoundingKernel kernel, Format format, std::span<const float> in, std::span<std::uint8_t> out,
                    Overflow overflow) {
    const std::size_t n = std::min(in.size(), out.size());
    if (!isMiniFormat(format)) {
        std::fill_n(out.data(), n, std::uint8_t{0});  // as encode(): no code of 8 bits
        return;
    }
    switch (kernel) {
#ifdef PRESISI_HAVE_AVX2_KERNEL
    // Every AVX-512 CPU has AVX2, and the AVX2 encoder already runs faster than memcpy of its input
    // (docs/BENCHMARKS.md): a sixteen-lane copy would be code no machine here has run, for no need.
    case RoundingKernel::Avx512:
    case RoundingKernel::Avx2: encodeAvx2(format, in.data(), out.data(), n, overflow); return;
#endif
    default: encodePortable(format, in.data(), out.data(), n, overflow); return;
    }
}

void encodeSpan(Format format, std::span<const float> in, std::span<std::uint8_t> out, Overflow overflow) {
    encodeSpanWith(bestKernel(), format, in, out, overflow);
}

namespace {
// decode() of every code, per format, made once.
const float* decodeTable(Format format) {
    static const auto tables = [] {
        std::array<std::array<float, 256>, std::size(kMiniFormats)> t{};
        for (std::size_t f = 0; f < std::size(kMiniFormats); ++f)
            for (int c = 0; c < 256; ++c) t[f][c] = decode(kMiniFormats[f], static_cast<std::uint8_t>(c));
        return t;
    }();
    return tables[static_cast<int>(format) - static_cast<int>(Format::E4M3)].data();
}
}  // namespace

void decodeSpan(Format format, std::span<const std::uint8_t> in, std::span<float> out) {
    const std::size_t n = std::min(in.size(), out.size());
    if (!isMiniFormat(format)) {
        std::fill_n(out.data(), n, std::numeric_limits<float>::quiet_NaN());
        return;
    }
    const float* table = decodeTable(format);
    for (std::size_t i = 0; i < n; ++i) out[i] = table[in[i]];
}

}  // namespace presisi
