// The training casts' inner loop: scale, clamp, round, dequantise and measure in one pass. No Qt here.
#include "lean_cast.h"

#include <algorithm>
#include <cmath>
#include <limits>
#ifdef __AVX2__
#include <immintrin.h>
#endif

namespace presisi::numerics {

WithinRange::WithinRange(Format element) {
    const FormatTraits& t = traits(element);
    m_bits = NearestEvenBits(23 - t.mantissaBits);
    m_minNormal = static_cast<float>(t.minNormal);
    m_magic = std::ldexp(1.0f, t.minExponent - t.mantissaBits + 23);
    m_nanPositive = std::bit_cast<std::uint32_t>(decode(element, encode(element, std::numeric_limits<float>::quiet_NaN())));
    m_nanNegative = std::bit_cast<std::uint32_t>(decode(element, encode(element, -std::numeric_limits<float>::quiet_NaN())));
}

#ifdef __AVX2__
namespace {

// WithinRange on eight values: the same bit operations and selections, lane by lane.
struct WithinRange8 {
    explicit WithinRange8(const NearestEvenBits& bits, float minNormal, float magic, std::uint32_t nanPositive,
                          std::uint32_t nanNegative)
        : nearestEven(bits),
          nanPositive(_mm256_castsi256_ps(_mm256_set1_epi32(static_cast<int>(nanPositive)))),
          nanNegative(_mm256_castsi256_ps(_mm256_set1_epi32(static_cast<int>(nanNegative)))), minNormal(_mm256_set1_ps(minNormal)),
          magic(_mm256_set1_ps(magic)) {}
    __m256 operator()(__m256 x) const {
        const __m256i bits = _mm256_castps_si256(x);
        const __m256i magnitude = _mm256_and_si256(bits, _mm256_set1_epi32(0x7fffffff));
        const __m256i sign = _mm256_xor_si256(bits, magnitude);
        const __m256 a = _mm256_castsi256_ps(magnitude);
        const __m256i normal = nearestEven(magnitude);
        const __m256 subnormal = _mm256_sub_ps(_mm256_add_ps(a, magic), magic);
        const __m256 small = _mm256_cmp_ps(a, minNormal, _CMP_LT_OQ);  // NaN: not small (the NaN selection wins)
        const __m256 rounded = _mm256_or_ps(_mm256_blendv_ps(_mm256_castsi256_ps(normal), subnormal, small), _mm256_castsi256_ps(sign));
        const __m256 nan = _mm256_castsi256_ps(_mm256_cmpgt_epi32(magnitude, _mm256_set1_epi32(0x7f800000)));
        const __m256 nanValue = _mm256_blendv_ps(nanPositive, nanNegative, x);  // by x's sign bit
        return _mm256_blendv_ps(rounded, nanValue, nan);
    }
    NearestEvenBits8 nearestEven;
    __m256 nanPositive, nanNegative, minNormal, magic;
};

}  // namespace
#endif

LeanCast::LeanCast(Format element, float clipFrom, float* out, RandomBits* stochastic)
    : m_element(element), m_round(element), m_max(static_cast<float>(traits(element).max)), m_clip(clipFrom), m_out(out),
      m_stochastic(stochastic) {}

void LeanCast::block(const float* x, std::size_t at, std::size_t len, float multiplier, float factor) {
    cast<Scales::One>(x + at, m_out + at, 1, len, nullptr, nullptr, multiplier, factor);
}

void LeanCast::blocks(const float* x, std::size_t at, std::size_t count, std::size_t len, const float* multipliers,
                      const float* factors) {
    cast<Scales::PerSegment>(x + at, m_out + at, count, len, multipliers, factors, 0.0f, 0.0f);
}

void LeanCast::rows(const float* x, std::size_t at, std::size_t count, std::size_t width, const float* multipliers,
                    const float* factors) {
    cast<Scales::PerValue>(x + at, m_out + at, count, width, multipliers, factors, 0.0f, 0.0f);
}

// With stochastic rounding the values are clamped and rounded first, in order (one draw each), then dequantised
// and measured as the nearest rounding's are.
template <LeanCast::Scales S>
void LeanCast::cast(const float* x, float* out, std::size_t count, std::size_t len, const float* multipliers,
                    const float* factors, float multiplier, float factor) {
    if (!m_stochastic) {
        run<S, false>(x, out, count, len, multipliers, factors, multiplier, factor, nullptr);
        return;
    }
    m_rounded.resize(count * len);
    for (std::size_t s = 0; s < count; ++s) {
        std::size_t i = 0;
#ifdef __AVX2__
        const __m256 max = _mm256_set1_ps(m_max), negMax = _mm256_set1_ps(-m_max);
        const __m256 m1 = _mm256_set1_ps(scaleAt<S>(multipliers, multiplier, s, 0));  // unused for PerValue
        for (; i + 8 <= len; i += 8) {
            const __m256 sv = _mm256_mul_ps(_mm256_loadu_ps(x + s * len + i), S == Scales::PerValue ? _mm256_loadu_ps(multipliers + i) : m1);
            _mm256_storeu_ps(m_rounded.data() + s * len + i, _mm256_max_ps(negMax, _mm256_min_ps(max, sv)));  // NaN passes
        }
#endif
        for (; i < len; ++i) {
            m_rounded[s * len + i] = clampSym(x[s * len + i] * scaleAt<S>(multipliers, multiplier, s, i), m_max);
        }
    }
    roundStochasticSpan(m_element, m_rounded, m_rounded, *m_stochastic);
    run<S, true>(x, out, count, len, multipliers, factors, multiplier, factor, m_rounded.data());
}

// `count` segments of `len` values. Value i: s = x · multiplier (saturated when |s| ≥ clip), the element
// v = round(clamp(s, ±max)) (or given[i]), out = v · factor; the squared error (double(out) − double(x))² summed in
// double, the non-zero inputs and those whose element is zero counted. The vector loop keeps its sums in lanes
// (their order changes the error's sum in the last bits only).
template <LeanCast::Scales S, bool Given>
void LeanCast::run(const float* x, float* out, std::size_t count, std::size_t len, const float* multipliers,
                   const float* factors, float multiplier, float factor, const float* given) {
#ifdef __AVX2__
    const WithinRange8 round(m_round.m_bits, m_round.m_minNormal, m_round.m_magic, m_round.m_nanPositive,
                             m_round.m_nanNegative);
    const __m256 max = _mm256_set1_ps(m_max), negMax = _mm256_set1_ps(-m_max), clip = _mm256_set1_ps(m_clip);
    const __m256 signless = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)), zero = _mm256_setzero_ps();
    __m256d errLow = _mm256_load_pd(m_error.data()), errHigh = _mm256_load_pd(m_error.data() + 4);
    __m256i saturated = _mm256_load_si256(reinterpret_cast<const __m256i*>(m_saturated.data()));
    __m256i nonZero = _mm256_load_si256(reinterpret_cast<const __m256i*>(m_nonZero.data()));
    __m256i underflowed = _mm256_load_si256(reinterpret_cast<const __m256i*>(m_underflowed.data()));
    const auto storeCounts = [&] {
        _mm256_store_si256(reinterpret_cast<__m256i*>(m_saturated.data()), saturated);
        _mm256_store_si256(reinterpret_cast<__m256i*>(m_nonZero.data()), nonZero);
        _mm256_store_si256(reinterpret_cast<__m256i*>(m_underflowed.data()), underflowed);
    };
#endif
    for (std::size_t s = 0; s < count; ++s) {
        const float* xs = x + s * len;
        float* os = out + s * len;
        const float* gs = Given ? given + s * len : nullptr;
        std::size_t i = 0;
#ifdef __AVX2__
        const __m256 m1 = _mm256_set1_ps(scaleAt<S>(multipliers, multiplier, s, 0));
        const __m256 f1 = _mm256_set1_ps(scaleAt<S>(factors, factor, s, 0));
        for (; i + 8 <= len; i += 8) {
            const __m256 xv = _mm256_loadu_ps(xs + i);
            const __m256 sv = _mm256_mul_ps(xv, S == Scales::PerValue ? _mm256_loadu_ps(multipliers + i) : m1);
            // Comparisons give all-ones lanes (−1): subtracting them counts.
            saturated = _mm256_sub_epi32(saturated, _mm256_castps_si256(_mm256_cmp_ps(_mm256_and_ps(sv, signless), clip, _CMP_GE_OQ)));
            // min(max, s) then max(−max, ·): NaN is the second operand of both, so it passes (as clampSym).
            const __m256 v = Given ? _mm256_loadu_ps(gs + i) : round(_mm256_max_ps(negMax, _mm256_min_ps(max, sv)));
            const __m256 o = _mm256_mul_ps(v, S == Scales::PerValue ? _mm256_loadu_ps(factors + i) : f1);
            _mm256_storeu_ps(os + i, o);
            const __m256d low = _mm256_sub_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(o)), _mm256_cvtps_pd(_mm256_castps256_ps128(xv)));
            const __m256d high = _mm256_sub_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(o, 1)), _mm256_cvtps_pd(_mm256_extractf128_ps(xv, 1)));
            errLow = _mm256_fmadd_pd(low, low, errLow);
            errHigh = _mm256_fmadd_pd(high, high, errHigh);
            const __m256 counted = _mm256_cmp_ps(_mm256_and_ps(xv, signless), zero, _CMP_GT_OQ);  // NaN: not counted
            nonZero = _mm256_sub_epi32(nonZero, _mm256_castps_si256(counted));
            underflowed = _mm256_sub_epi32(underflowed, _mm256_castps_si256(_mm256_and_ps(counted, _mm256_cmp_ps(v, zero, _CMP_EQ_OQ))));
        }
        m_sinceFold += i;
        // Each 32-bit lane counts one value in eight: 2^30 values keep every lane below 2^27.
        if (m_sinceFold >= (std::size_t{1} << 30)) {
            storeCounts();
            foldCounts();
            saturated = nonZero = underflowed = _mm256_setzero_si256();
        }
#endif
        for (; i < len; ++i) {
            const float sv = xs[i] * scaleAt<S>(multipliers, multiplier, s, i);
            m_sums.saturated += std::fabs(sv) >= m_clip;
            const float v = Given ? gs[i] : m_round(clampSym(sv, m_max));
            os[i] = v * scaleAt<S>(factors, factor, s, i);
            const double e = static_cast<double>(os[i]) - static_cast<double>(xs[i]);
            m_sums.sqError += e * e;
            const bool counted = std::fabs(xs[i]) > 0.0f;
            m_sums.nonZero += counted;
            m_sums.underflowed += counted & (v == 0.0f);
        }
    }
#ifdef __AVX2__
    _mm256_store_pd(m_error.data(), errLow);
    _mm256_store_pd(m_error.data() + 4, errHigh);
    storeCounts();
#endif
    m_sums.elements += static_cast<std::int64_t>(count * len);
}

void LeanCast::foldCounts() {
    for (std::size_t k = 0; k < 8; ++k) {
        m_sums.saturated += m_saturated[k];
        m_sums.nonZero += m_nonZero[k];
        m_sums.underflowed += m_underflowed[k];
    }
    m_saturated.fill(0);
    m_nonZero.fill(0);
    m_underflowed.fill(0);
    m_sinceFold = 0;
}

LeanCastSums LeanCast::sums() const {
    LeanCastSums s = m_sums;
    for (std::size_t k = 0; k < 8; ++k) {
        s.sqError += m_error[k];
        s.saturated += m_saturated[k];
        s.nonZero += m_nonZero[k];
        s.underflowed += m_underflowed[k];
    }
    return s;
}

}  // namespace presisi::numerics
