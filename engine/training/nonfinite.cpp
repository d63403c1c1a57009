// The NaN doctor's sentences. No Qt here.
#include "nonfinite.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace presisi {

namespace {

std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// What happened to the value: "overflowed: 71234 > 65504" (a finite float32 value past the format's
// largest), "became inf", "became NaN".
std::string happened(const FirstNonFinite& f) {
    if (std::isnan(f.value)) return "became NaN";
    if (std::isinf(f.value)) return "became inf";
    return "overflowed: " + num(std::fabs(f.value)) + " > " + num(f.formatMax);
}

const char* tensorWords(TensorKind t) {
    switch (t) {
    case TensorKind::Activation: return "activation";
    case TensorKind::ActivationGradient: return "activation gradient";
    case TensorKind::WeightGradient: return "weight gradient";
    }
    return "value";
}

}  // namespace

std::string describeNonFinite(const FirstNonFinite& f) {
    const std::string layer = "layer " + std::to_string(f.layer + 1);
    const std::string step = "step " + std::to_string(f.step);
    const std::string fmt = f.format.empty() ? std::string("lane") : f.format;
    switch (f.op) {
    case FaultOp::ForwardLinear:
        return fmt + " " + tensorWords(f.tensor) + " " + happened(f) + " in " + layer + ", forward, " + step;
    case FaultOp::Activation:
        if (f.tensor == TensorKind::Activation)
            return fmt + " activation function output " + happened(f) + " in " + layer + ", forward, " + step;
        return fmt + " activation gradient " + happened(f) + " in " + layer + "'s activation backward, " + step;
    case FaultOp::SoftmaxLoss:
        return fmt + (f.tensor == TensorKind::Activation ? " loss " : " loss gradient ") + happened(f) +
               " in softmax/loss, forward, " + step;
    case FaultOp::BackwardProduct:
        return fmt + " " + tensorWords(f.tensor) + " " + happened(f) + " in " + layer + ", backward, " + step;
    case FaultOp::Norm:
        if (f.tensor == TensorKind::Activation && std::isfinite(f.value) && f.value <= 0)
            return fmt + " normalisation variance + eps came out " + num(f.value) + " (not positive) in " + layer +
                   ", forward, " + step + ": its rsqrt is NaN";
        if (f.tensor == TensorKind::Activation)
            return fmt + " normalisation output " + happened(f) + " in " + layer + ", forward, " + step;
        return fmt + " normalisation gradient " + happened(f) + " in " + layer + "'s normalisation backward, " + step;
    case FaultOp::Unscale:
        return "unscaling " + happened(f) + ": a gradient times 1/scale left float32's range in " + layer + ", " + step;
    case FaultOp::Optimizer:
        return "the optimizer step wrote " + std::string(std::isnan(f.value) ? "NaN" : "inf") + " into " + layer +
               "'s weights from finite gradients, " + step;
    }
    return "non-finite value in " + layer + ", " + step;
}

void LaneWatch::reset() {
    m_fault.reset();
    m_skips = m_clean = 0;
    m_belowOne = m_warned = false;
}

const FirstNonFinite& LaneWatch::setFault(FirstNonFinite fault, std::vector<RangeSnapshot> leadUp) {
    fault.leadUp = std::move(leadUp);
    fault.sentence = describeNonFinite(fault);
    m_fault = std::move(fault);
    return *m_fault;
}

std::optional<ScalerWarning> LaneWatch::scalerHealth(const StepRecord& r, float newScale, const std::string& format) {
    m_skips = r.skipped ? m_skips + 1 : 0;
    m_clean = r.skipped ? 0 : m_clean + 1;
    const bool fellBelowOne = newScale < 1.0f && !m_belowOne;
    m_belowOne = newScale < 1.0f;
    ScalerWarning w{r.lane, r.step, ScalerWarning::Why::Skips, newScale, m_skips, format, {}};
    if (m_warned) {
        // The warning's condition has ended: the lane trains, at whatever scale it settled on.
        if (m_clean < kScalerRecoveredSteps) return std::nullopt;
        m_warned = false;
        w.why = ScalerWarning::Why::Recovered;
        w.since = r.step - kScalerRecoveredSteps + 1;
        w.text = "since step " + std::to_string(w.since) + " the scaler trains again: " +
                 std::to_string(kScalerRecoveredSteps) + " steps without a skip at scale " + num(newScale);
        return w;
    }
    std::string why;
    if (fellBelowOne) {
        w.why = ScalerWarning::Why::ScaleBelowOne;
        why = "the loss scale fell to " + num(newScale) + " (below 1): even unscaled, the gradients overflow " + format;
    } else if (m_skips > kScalerSkipWarning) {
        why = "the scaler skipped " + std::to_string(m_skips) + " steps in a row: the gradients overflow " + format +
              " at every scale tried so far";
    }
    if (why.empty()) return std::nullopt;
    m_warned = true;
    w.text = why + "; bf16 has the range for them";
    return w;
}

}  // namespace presisi
