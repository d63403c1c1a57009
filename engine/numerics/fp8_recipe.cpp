// The training recipes of 8 bits and below: Transformer Engine's amax history and each GEMM operand's
// cast (current or delayed scaling). No Qt here.
#include "fp8_recipe.h"

#ifdef __AVX2__
#include <immintrin.h>
#endif

#include <algorithm>
#include <cmath>
#include <limits>

#include "../error.h"

namespace presisi::numerics {

namespace {

constexpr std::string_view kOperandNames[] = {"input", "weight", "grad_output"};

// max |x| ignoring NaN, as Transformer Engine's cast kernels take it (fmaxf drops a NaN operand).
float amaxIgnoringNaN(std::span<const float> x) {
    float m = 0.0f;
    for (const float v : x) m = std::fabs(v) > m ? std::fabs(v) : m;  // NaN compares false: skipped
    return m;
}

}  // namespace

std::string_view gemmOperandName(GemmOperand operand) { return kOperandNames[static_cast<int>(operand)]; }

std::string_view amaxAlgoName(AmaxAlgo algo) { return algo == AmaxAlgo::Max ? "max" : "most_recent"; }

AmaxHistory::AmaxHistory(const DelayedScalingSettings& settings, double formatMax)
    : m_rows(static_cast<std::size_t>(settings.historyLength), 0.0f),
      m_algo(settings.algo),
      m_scaledMax(static_cast<float>(formatMax) * std::pow(2.0f, static_cast<float>(-settings.margin))),
      m_scaleAmax(std::numeric_limits<float>::quiet_NaN()) {
    if (settings.historyLength < 1) throw Error("the amax history needs at least one entry");
}

void AmaxHistory::update() {
    const float last = row(0);
    float amax = 0.0f;
    if (last != 0.0f) {
        // fmaxf over the rows, NaN rows skipped: `a > amax` is false for NaN (and vectorises, where fmax is a call).
        for (const float a : m_rows) amax = a > amax ? a : amax;
        m_head = (m_head + 1) % m_rows.size();  // row i <- row i+1, the last row <- row 0
        m_rows[m_head] = 0.0f;                  // the new row 0
    }
    if (m_algo == AmaxAlgo::MostRecent) amax = last;
    if (std::isfinite(amax) && amax > 0.0f) {
        m_scale = m_scaledMax / amax;
        m_scaleAmax = amax;
    }
    if (std::isinf(m_scale)) m_scale = std::numeric_limits<float>::max();
}

OperandCast::OperandCast(ScaledFormat format, Overflow overflow, ScaleMode scaleMode, bool delayed,
                         const DelayedScalingSettings& settings)
    : m_format(format), m_delayed(delayed) {
    m_options.overflow = overflow;
    m_options.scaleMode = scaleMode;
    m_options.zeroAmaxScaleOne = true;  // NVFP4: Transformer Engine's tensor scale where torchao's is 0 (an all-zero tensor)
    if (delayed) m_history = AmaxHistory(settings, traits(traits(format).element).max);
}

void OperandCast::roundStochastically(std::uint64_t seed) {
    m_stochastic = true;
    m_random = m_passStart = RandomBits(seed);
}

QuantizeOptions OperandCast::withStream() {
    QuantizeOptions o = m_options;
    if (m_stochastic) o.stochastic = &m_random;
    return o;
}

void OperandCast::cast(std::span<const float> x, std::int64_t rows, std::int64_t cols, std::span<float> out) {
    if (m_delayed && !m_frozen) {  // frozen: the scale and its amax stay those of the last pass
        m_options.scale = m_history.scale();
        m_lastScaleAmax = m_history.scaleAmax();
    }
    if (m_frozen) m_random = m_passStart;  // the last pass's draws again
    else m_passStart = m_random;
    m_last = dequantizeInto(m_format, x, rows, cols, out, withStream());
    if (!m_delayed) {
        m_lastScaleAmax = m_last.amax;
        return;
    }
    if (!m_frozen) m_history.record(std::isnan(m_last.amax) ? amaxIgnoringNaN(x) : m_last.amax);
}

void OperandCast::recast(std::span<const float> x, std::int64_t rows, std::int64_t cols, std::span<float> out,
                         bool alongColumns) {
    QuantizeOptions o = withStream();
    o.alongColumns = alongColumns;
    dequantizeInto(m_format, x, rows, cols, out, o);
}

void OperandCast::advance() {
    if (m_delayed && !m_frozen) m_history.update();
}

OperandCast OperandCast::frozenAtLastPass() const {
    OperandCast c = *this;
    c.m_frozen = true;
    return c;
}

void randomHadamard16(std::span<float> x, std::int64_t rows, std::int64_t cols, bool alongColumns) {
    constexpr std::int64_t n = 16;
    if ((alongColumns ? rows : cols) % n != 0 || static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols) != x.size())
        throw Error(alongColumns ? "the Hadamard transform down the columns takes a multiple of 16 rows"
                                 : "the Hadamard transform takes rows of a multiple of 16 values");
    // y = x · diag(s) · H / 4: the signs first (exact), then H's butterflies (H symmetric), then the exact /4.
    constexpr float sign[n] = {1, 1, 1, -1, 1, -1, -1, -1, -1, -1, -1, 1, -1, 1, -1, -1};
    // Value i of a block sits at v[i * stride] for `width` blocks side by side (consecutive in memory when the
    // blocks run down the columns: every column's block at once).
    const auto transform = [&](float* v, std::int64_t stride, std::int64_t width) {
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t c = 0; c < width; ++c) v[i * stride + c] *= sign[i];
        for (std::int64_t h = 1; h < n; h *= 2)
            for (std::int64_t i = 0; i < n; i += 2 * h)
                for (std::int64_t j = i; j < i + h; ++j)
                    for (std::int64_t c = 0; c < width; ++c) {
                        const float a = v[j * stride + c], b = v[(j + h) * stride + c];
                        v[j * stride + c] = a + b;
                        v[(j + h) * stride + c] = a - b;
                    }
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t c = 0; c < width; ++c) v[i * stride + c] *= 0.25f;
    };
    if (alongColumns) {
        for (std::int64_t r0 = 0; r0 < rows; r0 += n) {
            float* group = x.data() + r0 * cols;
            std::int64_t c = 0;
#ifdef __AVX2__
            // Eight columns at a time, the 16 values of each held in registers through the same operations in the
            // same order (the results are the loops' bit for bit).
            for (; c + 8 <= cols; c += 8) {
                // Unrolled whole, so that v lives in registers.
                __m256 v[n];
#pragma GCC unroll 16
                for (std::int64_t i = 0; i < n; ++i) v[i] = _mm256_mul_ps(_mm256_loadu_ps(group + i * cols + c), _mm256_set1_ps(sign[i]));
#pragma GCC unroll 4
                for (std::int64_t h = 1; h < n; h *= 2)
#pragma GCC unroll 8
                    for (std::int64_t i = 0; i < n; i += 2 * h)
#pragma GCC unroll 8
                        for (std::int64_t j = i; j < i + h; ++j) {
                            const __m256 a = v[j], b = v[j + h];
                            v[j] = _mm256_add_ps(a, b);
                            v[j + h] = _mm256_sub_ps(a, b);
                        }
#pragma GCC unroll 16
                for (std::int64_t i = 0; i < n; ++i) _mm256_storeu_ps(group + i * cols + c, _mm256_mul_ps(v[i], _mm256_set1_ps(0.25f)));
            }
#endif
            if (c < cols) transform(group + c, cols, cols - c);
        }
    } else {
        for (std::size_t at = 0; at < x.size(); at += n) transform(x.data() + at, 1, 1);
    }
}

}  // namespace presisi::numerics
