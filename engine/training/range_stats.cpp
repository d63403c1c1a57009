// Per-layer range statistics and the diagnostics' names. No Qt here.
#include "range_stats.h"

#include <cmath>

namespace presisi {

std::string_view tensorKindName(TensorKind kind) {
    switch (kind) {
    case TensorKind::Activation: return "activation";
    case TensorKind::ActivationGradient: return "activation_gradient";
    case TensorKind::WeightGradient: return "weight_gradient";
    }
    return "?";
}

std::string_view faultOpName(FaultOp op) {
    switch (op) {
    case FaultOp::ForwardLinear: return "forward_linear";
    case FaultOp::Activation: return "activation";
    case FaultOp::SoftmaxLoss: return "softmax_loss";
    case FaultOp::BackwardProduct: return "backward_product";
    case FaultOp::Unscale: return "unscale";
    case FaultOp::Optimizer: return "optimizer";
    case FaultOp::Norm: return "norm";
    }
    return "?";
}

void RangeAccumulator::add(const float* lane, const float* shadow, std::int64_t n, float shadowScale) {
    m_n += n;
    for (std::int64_t i = 0; i < n; ++i) {
        const float v = lane[i];
        const float m = std::fabs(v);
        if (!std::isfinite(v)) {
            ++m_over;
        } else if (m != 0.0f) {
            if (m > m_max) m_max = m;
            if (m_min == 0.0f || m < m_min) m_min = m;
            if (m < m_minNormal) ++m_sub;
        }
        if (shadow) {
            // The shadow in double: a gradient times 2^16 may leave float32's range where the lane's did not.
            const double s = std::fabs(static_cast<double>(shadow[i]) * shadowScale);
            if (v == 0.0f && s != 0.0) ++m_under;
            if (std::isfinite(s) && s != 0.0) {
                if (s > m_shadowMax) m_shadowMax = s;
                if (m_shadowMin == 0.0 || s < m_shadowMin) m_shadowMin = s;
            }
        }
    }
    m_shadow = m_shadow || shadow != nullptr;
}

TensorRange RangeAccumulator::result(int layer, TensorKind kind) const {
    TensorRange r;
    r.layer = layer;
    r.kind = kind;
    r.elements = m_n;
    r.absMax = m_max;
    if (m_min != 0.0f) {
        r.absMinNonZero = m_min;
        r.binades = std::log2(static_cast<double>(m_max) / static_cast<double>(m_min));
    }
    const double n = m_n > 0 ? static_cast<double>(m_n) : 1.0;
    r.subnormalShare = static_cast<double>(m_sub) / n;
    r.overflowShare = static_cast<double>(m_over) / n;
    if (m_shadow) {
        r.underflowShare = static_cast<double>(m_under) / n;
        r.shadowAbsMax = m_shadowMax;
        r.shadowAbsMinNonZero = m_shadowMin != 0.0 ? m_shadowMin : kNotMeasured;
    }
    return r;
}

TensorRange quickRange(const float* lane, std::int64_t n, int layer, TensorKind kind) {
    TensorRange r;
    r.layer = layer;
    r.kind = kind;
    r.elements = n;
    float mx = 0, mn = 0;
    std::int64_t over = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        const float m = std::fabs(lane[i]);
        if (!(m <= 3.4028235e38f)) {
            ++over;
            continue;
        }
        if (m > mx) mx = m;
        if (m != 0.0f && (mn == 0.0f || m < mn)) mn = m;
    }
    r.absMax = mx;
    if (mn != 0.0f) {
        r.absMinNonZero = mn;
        r.binades = std::log2(static_cast<double>(mx) / static_cast<double>(mn));
    }
    r.overflowShare = n > 0 ? static_cast<double>(over) / static_cast<double>(n) : 0.0;
    return r;
}

}  // namespace presisi
