// Per-layer range statistics of one lane's tensors (abs max, smallest non-zero, binades, underflow,
// subnormal and overflow shares) against a shadow float32 copy. No Qt here.
#pragma once

#include <cstdint>

#include "../format.h"
#include "record.h"

namespace presisi {

// Accumulates one tensor's range over several spans (a weight gradient: weight then bias).
class RangeAccumulator {
public:
    explicit RangeAccumulator(Format laneFormat) : m_minNormal(static_cast<float>(traits(laneFormat).minNormal)) {}
    // lane: the values as the lane holds them; shadow (may be null): the float32 shadow's values, compared
    // after multiplying by shadowScale (the loss scale for gradients, 1 for activations).
    void add(const float* lane, const float* shadow, std::int64_t n, float shadowScale);
    TensorRange result(int layer, TensorKind kind) const;

private:
    float m_minNormal;
    std::int64_t m_n = 0, m_under = 0, m_sub = 0, m_over = 0;
    float m_max = 0, m_min = 0;  // finite non-zero |v| (m_min 0: none yet)
    bool m_shadow = false;
    double m_shadowMax = 0, m_shadowMin = 0;
};

// Only abs max / smallest non-zero and the non-finite share (no shadow): the NaN doctor's cheap lead-up.
TensorRange quickRange(const float* lane, std::int64_t n, int layer, TensorKind kind);

}  // namespace presisi
