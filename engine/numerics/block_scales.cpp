// BlockScaler and the block scales' rules, each commented where block_scales.h declares it.
#include "block_scales.h"

#include <algorithm>
#include <bit>
#include <limits>
#ifdef __AVX2__
#include <immintrin.h>
#endif

#include "../round_bits.h"

namespace presisi::numerics {

namespace {
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
}  // namespace

int emaxOf(Format element) { return std::ilogb(traits(element).max); }

std::uint8_t mxScaleCode(float amax, ScaleMode mode, Format element, int emax) {
    const FormatTraits& t = traits(element);
    if (mode == ScaleMode::Rceil) {
        const float descale = amax / static_cast<float>(t.max);
        if (std::isnan(descale)) return 255;
        if (std::isinf(descale)) return 254;
        // torch.log2 on float32: on this path it equals log2 in double rounded once to float32 (checked
        // against torch 2.15 for every float32 within 2^14 units above each power of two and every
        // subnormal, the only places where that rounding can land on an integer and change the ceil).
        // log2(0) = -inf clamps to the bottom code.
        const float l = std::ceil(static_cast<float>(std::log2(static_cast<double>(descale))));
        return static_cast<std::uint8_t>(std::clamp(l, -127.0f, 127.0f) + 127.0f);
    }
    if (std::isnan(amax)) return 255;
    std::uint32_t bits = std::bit_cast<std::uint32_t>(amax);
    if (mode == ScaleMode::Even) {
        // Round amax to the element's mantissa width (half an element ulp added, float32's mantissa
        // masked off; the sign bit is 0 for an amax): 0x7f7fffff rounds to inf, exponent 255.
        bits = (bits + (1u << (23 - t.mantissaBits - 1))) & 0xff800000u;
    }
    int pow2 = static_cast<int>((bits >> 23) & 0xffu) - 127;  // floor(log2 amax); zero and subnormals: -127
    if (mode == ScaleMode::Ceil && (bits & 0x7fffffu) != 0) ++pow2;
    // torchao clamps to [-127, 128] ("add one to positive range to capture NaNs"); with emax >= 2 the top
    // is 126 (amax inf).
    const int unbiased = std::clamp(pow2 - emax, -127, 128);
    return static_cast<std::uint8_t>(unbiased + 127);
}

float e8m0Value(std::uint8_t code) {
    if (code == 255) return kNaN;
    return code == 0 ? 0x1p-127f : std::bit_cast<float>(std::uint32_t{code} << 23);
}

BlockScale mxBlockScale(float amax, ScaleMode mode, Format element, int emax) {
    BlockScale b;
    b.amax = amax;
    b.code = mxScaleCode(amax, mode, element, emax);
    b.scale = e8m0Value(b.code);
    const std::uint8_t c = b.code;
    if (mode == ScaleMode::Rceil) {
        b.multiplier = c == 255 ? kNaN : c == 254 ? 0x1p-127f : c == 0 ? 1.0f : std::bit_cast<float>(std::uint32_t(254 - c) << 23);
    } else {
        const float divisor = std::max(std::bit_cast<float>(std::uint32_t{c} << 23), 0x1p-126f);
        b.multiplier = 1.0f / divisor;
    }
    return b;
}

BlockScale nvfp4BlockScale(float amax, float pts, float invPts) {
    BlockScale b;
    b.amax = amax;
    const float relative = (amax / kE2m1Max) / pts;
    float blockScale;
    if (std::isnan(relative)) {
        b.code = encode(Format::E4M3, relative, Overflow::Saturate);
        blockScale = decode(Format::E4M3, b.code);
    } else {
        // Within [2^-6, 448] every value is an e4m3 normal: its mantissa rounded to 3 bits, nearest even, in the
        // float32 bits (what encode() gives, without its general path); the code from the same bits.
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(std::clamp(relative, 0x1p-6f, kE4m3Max));
        const std::uint32_t rounded = NearestEvenBits(20)(bits);
        blockScale = std::bit_cast<float>(rounded);
        b.code = static_cast<std::uint8_t>((((rounded >> 23) - 127 + 7) << 3) | ((rounded >> 20) & 7u));
    }
    b.multiplier = invPts / blockScale;
    b.scale = pts * blockScale;
    return b;
}

float nvfp4TensorScale(float amax, bool zeroAmaxScaleOne) {
    const float pts = amax / (kE4m3Max * kE2m1Max);
    if (!zeroAmaxScaleOne || pts != 0.0f) return pts;
    if (amax == 0.0f) return 1.0f;
    return 1.0f / std::min((kE4m3Max * kE2m1Max) / amax, std::numeric_limits<float>::max());
}

void BlockScaler::lean(const float* amax, std::size_t n, float* multiplier, float* factor) const {
    std::size_t i = 0;
#ifdef __AVX2__
    if (!m_nvfp4 && m_mode == ScaleMode::Floor) {
        const __m256i emax = _mm256_set1_epi32(m_emax);
        for (; i + 8 <= n; i += 8) {
            const __m256 a = _mm256_loadu_ps(amax + i);
            // floor(log2 amax) from the exponent bits (zero and subnormals: -127), minus emax, clamped to
            // [-127, 128], biased: the e8m0 code; NaN's is 255.
            const __m256i pow2 = _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(_mm256_castps_si256(a), 23), _mm256_set1_epi32(0xff)),
                                                  _mm256_set1_epi32(127));
            const __m256i unbiased = _mm256_min_epi32(_mm256_max_epi32(_mm256_sub_epi32(pow2, emax), _mm256_set1_epi32(-127)),
                                                      _mm256_set1_epi32(128));
            const __m256 nan = _mm256_cmp_ps(a, a, _CMP_UNORD_Q);
            const __m256i code = _mm256_blendv_epi8(_mm256_add_epi32(unbiased, _mm256_set1_epi32(127)), _mm256_set1_epi32(255),
                                                    _mm256_castps_si256(nan));
            const __m256 bits = _mm256_castsi256_ps(_mm256_slli_epi32(code, 23));  // code 255: inf
            const __m256 divisor = _mm256_max_ps(bits, _mm256_set1_ps(0x1p-126f));
            _mm256_storeu_ps(multiplier + i, _mm256_div_ps(_mm256_set1_ps(1.0f), divisor));
            // e8m0Value: code 0 is 2^-127, 255 NaN; a block of zeros (code 0) is multiplied by 1 (leanFactor).
            __m256 scale = _mm256_blendv_ps(bits, _mm256_set1_ps(0x1p-127f), _mm256_castsi256_ps(_mm256_cmpeq_epi32(code, _mm256_setzero_si256())));
            scale = _mm256_blendv_ps(scale, _mm256_set1_ps(kNaN), nan);
            _mm256_storeu_ps(factor + i, _mm256_blendv_ps(scale, _mm256_set1_ps(1.0f), _mm256_cmp_ps(a, _mm256_setzero_ps(), _CMP_EQ_OQ)));
        }
    }
    if (m_nvfp4) {
        const NearestEvenBits8 e4m3Mantissa(NearestEvenBits(20));  // e4m3's 3 fraction bits of float32's 23
        const __m256 pts = _mm256_set1_ps(m_pts), invPts = _mm256_set1_ps(m_invPts);
        for (; i + 8 <= n; i += 8) {
            const __m256 a = _mm256_loadu_ps(amax + i);
            const __m256 relative = _mm256_div_ps(_mm256_div_ps(a, _mm256_set1_ps(kE2m1Max)), pts);
            // A NaN block scale (NaN amax, or a tensor of zeros) takes nvfp4BlockScale's path for it.
            if (_mm256_movemask_ps(_mm256_cmp_ps(relative, relative, _CMP_UNORD_Q)) != 0) break;
            // nvfp4BlockScale's clamp to [2^-6, 448] and rounding to e4m3 in the bits.
            const __m256i bits = _mm256_castps_si256(_mm256_min_ps(_mm256_max_ps(relative, _mm256_set1_ps(0x1p-6f)), _mm256_set1_ps(kE4m3Max)));
            const __m256 blockScale = _mm256_castsi256_ps(e4m3Mantissa(bits));
            _mm256_storeu_ps(multiplier + i, _mm256_div_ps(invPts, blockScale));
            const __m256 scale = _mm256_mul_ps(pts, blockScale);
            const __m256 finite = _mm256_cmp_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), scale), _mm256_set1_ps(INFINITY), _CMP_LT_OQ);
            _mm256_storeu_ps(factor + i, _mm256_blendv_ps(scale, _mm256_set1_ps(1.0f),
                                                          _mm256_and_ps(finite, _mm256_cmp_ps(a, _mm256_setzero_ps(), _CMP_EQ_OQ))));
        }
    }
#endif
    for (; i < n; ++i) {
        const BlockScale b = (*this)(amax[i]);
        multiplier[i] = b.multiplier;
        factor[i] = leanFactor(b);
    }
}

}  // namespace presisi::numerics
