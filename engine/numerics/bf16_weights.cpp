// Pure-bf16 weights' rounding after the optimizer step (bf16_weights.h). No Qt here.
#include "bf16_weights.h"

#include <bit>
#include <cmath>

#include "../format.h"

namespace presisi::numerics {

float bf16Stochastic(float x, std::uint32_t r16) {
    if (!std::isfinite(x)) return roundTo(Format::BF16, x);
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
    // Adding below the kept half carries into it exactly when r >= 2^16 - low; a carry out of the
    // largest finite bf16 gives inf, as torchao's integer add does.
    return std::bit_cast<float>((bits + (r16 & 0xFFFFu)) & 0xFFFF0000u);
}

void Bf16Weights::reset(std::uint64_t seed, std::size_t n) {
    m_random.seed(seed);
    m_left = 0;
    m_compensation.assign(m_rounding == WeightRounding::Kahan ? n : 0, 0.0f);
    m_lost = 0;
}

std::uint32_t Bf16Weights::next16() {
    if (m_left == 0) {
        m_word = m_random();
        m_left = 4;
    }
    const auto r = static_cast<std::uint32_t>(m_word & 0xFFFFu);
    m_word >>= 16;
    --m_left;
    return r;
}

void Bf16Weights::round(const float* before, float* after, std::size_t n) {
    m_lost = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const float w = before[i];
        float next = 0;
        switch (m_rounding) {
        case WeightRounding::Nearest: next = roundTo(Format::BF16, after[i]); break;
        case WeightRounding::Stochastic: next = bf16Stochastic(after[i], next16()); break;
        case WeightRounding::Kahan: {
            // y = update − c; s = bf16(w + y); c = bf16((s − w) − y): what the rounding of s dropped is
            // carried into the next step's update.
            float& c = m_compensation[i];
            const float y = (after[i] - w) - c;
            next = roundTo(Format::BF16, w + y);
            c = roundTo(Format::BF16, (next - w) - y);
            break;
        }
        }
        if (next == w && after[i] != w) ++m_lost;
        after[i] = next;
    }
}

}  // namespace presisi::numerics
