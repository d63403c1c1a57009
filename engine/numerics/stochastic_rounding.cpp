// Stochastic rounding into small formats and its seeded random stream. No Qt here.
#include "stochastic_rounding.h"

#include <algorithm>
#include <bit>
#include <cmath>
#ifdef __AVX2__
#include <immintrin.h>
#endif

namespace presisi::numerics {

namespace {

// One value, from the float32 bits and without branches, so that a loop over it vectorises: floor(log2 |x|) from
// the exponent field (a float32 subnormal reads as -127, below every format's emin; inf and NaN as 128), the
// spacing 2^k and its reciprocal as bit patterns (k within [-16, 127]); |x| / spacing and its fraction are exact.
// The specials (zero, inf, NaN) are computed like the others and x is kept for them at the end.
inline float roundOne(const FormatTraits& t, float x, std::uint32_t r) {
    const std::uint32_t magnitude = std::bit_cast<std::uint32_t>(x) & 0x7fffffffu;
    const int k = std::max(static_cast<int>(magnitude >> 23) - 127, t.minExponent) - t.mantissaBits;
    const float spacing = std::bit_cast<float>(static_cast<std::uint32_t>(127 + k) << 23);
    const float inverse = std::bit_cast<float>(static_cast<std::uint32_t>(std::max(127 - k, 1)) << 23);
    const float q = std::bit_cast<float>(magnitude) * inverse;
    const float lower = std::floor(q);
    const float up = static_cast<float>(r >> 8) < (q - lower) * 0x1p24f ? 1.0f : 0.0f;
    const float rounded = std::bit_cast<float>(std::bit_cast<std::uint32_t>((lower + up) * spacing) |
                                               (std::bit_cast<std::uint32_t>(x) & 0x80000000u));
    return magnitude == 0 || magnitude >= 0x7f800000u ? x : rounded;
}

}  // namespace

float roundStochastic(Format element, float x, std::uint32_t r) { return roundOne(traits(element), x, r); }

void RandomBits::fill(std::uint32_t* out, std::size_t n) {
    std::size_t i = 0;
#ifdef __AVX2__
    // draw() on eight consecutive draw numbers whose high halves agree (a run that crosses a multiple of 2^32 goes
    // on one at a time): the low halves counted up in lanes, the high half's term added as a constant.
    const auto low = static_cast<std::uint32_t>(m_seed), high = static_cast<std::uint32_t>(m_seed >> 32);
    const auto mix8 = [](__m256i h) {
        h = _mm256_xor_si256(h, _mm256_srli_epi32(h, 16));
        h = _mm256_mullo_epi32(h, _mm256_set1_epi32(static_cast<int>(0x85EBCA6Bu)));
        h = _mm256_xor_si256(h, _mm256_srli_epi32(h, 13));
        h = _mm256_mullo_epi32(h, _mm256_set1_epi32(static_cast<int>(0xC2B2AE35u)));
        return _mm256_xor_si256(h, _mm256_srli_epi32(h, 16));
    };
    for (; i + 8 <= n; i += 8) {
        const std::uint64_t first = m_count + i;
        if ((first >> 32) != ((first + 7) >> 32)) break;
        const auto base = static_cast<std::uint32_t>(first);
        const __m256i count = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(base)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        const auto offset = high + static_cast<std::uint32_t>(first >> 32) * 0x9E3779B9u;
        const __m256i h = mix8(_mm256_add_epi32(mix8(_mm256_xor_si256(count, _mm256_set1_epi32(static_cast<int>(low)))),
                                                _mm256_set1_epi32(static_cast<int>(offset))));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), h);
    }
#endif
    for (; i < n; ++i) out[i] = draw(m_count + i);
    m_count += n;
}

void roundStochasticSpan(Format element, std::span<const float> in, std::span<float> out, RandomBits& bits) {
    const FormatTraits& t = traits(element);
    constexpr std::size_t kChunk = 256;
    std::uint32_t draws[kChunk];
    for (std::size_t at = 0; at < in.size(); at += kChunk) {
        const std::size_t n = std::min(kChunk, in.size() - at);
        bits.fill(draws, n);
        std::size_t i = 0;
#ifdef __AVX2__
        // roundOne on eight values, operation for operation (GCC does not vectorise the scalar loop).
        const __m256i minExponent = _mm256_set1_epi32(t.minExponent), mantissa = _mm256_set1_epi32(t.mantissaBits);
        const __m256i bias = _mm256_set1_epi32(127), one = _mm256_set1_epi32(1), signless = _mm256_set1_epi32(0x7fffffff);
        for (; i + 8 <= n; i += 8) {
            const __m256 x = _mm256_loadu_ps(in.data() + at + i);
            const __m256i magnitude = _mm256_and_si256(_mm256_castps_si256(x), signless);
            const __m256i k = _mm256_sub_epi32(_mm256_max_epi32(_mm256_sub_epi32(_mm256_srli_epi32(magnitude, 23), bias), minExponent), mantissa);
            const __m256 spacing = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(bias, k), 23));
            const __m256 inverse = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_max_epi32(_mm256_sub_epi32(bias, k), one), 23));
            const __m256 q = _mm256_mul_ps(_mm256_castsi256_ps(magnitude), inverse);
            const __m256 lower = _mm256_floor_ps(q);
            // r >> 8 is below 2^24: its signed conversion is exact, as the scalar one.
            const __m256 r = _mm256_cvtepi32_ps(_mm256_srli_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(draws + i)), 8));
            const __m256 up = _mm256_and_ps(_mm256_cmp_ps(r, _mm256_mul_ps(_mm256_sub_ps(q, lower), _mm256_set1_ps(0x1p24f)), _CMP_LT_OQ),
                                            _mm256_set1_ps(1.0f));
            const __m256 rounded = _mm256_or_ps(_mm256_mul_ps(_mm256_add_ps(lower, up), spacing),
                                                _mm256_andnot_ps(_mm256_castsi256_ps(signless), x));
            // Zero, inf and NaN kept (the magnitude's bits are below 2^31: a signed comparison orders them).
            const __m256i special = _mm256_or_si256(_mm256_cmpgt_epi32(magnitude, _mm256_set1_epi32(0x7f7fffff)),
                                                    _mm256_cmpeq_epi32(magnitude, _mm256_setzero_si256()));
            _mm256_storeu_ps(out.data() + at + i, _mm256_blendv_ps(rounded, x, _mm256_castsi256_ps(special)));
        }
#endif
        for (; i < n; ++i) out[at + i] = roundOne(t, in[at + i], draws[i]);
    }
}

}  // namespace presisi::numerics
