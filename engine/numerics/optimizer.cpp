// torch.optim's SGD, Adam and AdamW updates in float32 as PyTorch 2.x and 1.13 compute them on the CPU
// (bias corrections in double). No Qt here.
#include "optimizer.h"

#include <cmath>

namespace presisi::numerics {

namespace {

// torch's weight decay: grad.add(param, alpha=wd), a fused multiply-add.
float decayed(float g, float p, const OptimizerSpec& o, float wd) { return o.weightDecay != 0 ? std::fma(p, wd, g) : g; }

}  // namespace

void sgdStep(float* param, const float* grad, float* momentumBuf, std::size_t n, const OptimizerSpec& o, bool firstStep) {
    const float step = -static_cast<float>(o.lr);
    const float wd = static_cast<float>(o.weightDecay);
    const float mom = static_cast<float>(o.momentum);
    for (std::size_t i = 0; i < n; ++i) {
        float g = decayed(grad[i], param[i], o, wd);
        if (o.momentum != 0) {
            momentumBuf[i] = firstStep ? g : momentumBuf[i] * mom + g;
            g = momentumBuf[i];
        }
        param[i] = std::fma(g, step, param[i]);
    }
}

void adamStep(float* param, const float* grad, float* m, float* v, std::size_t n, const OptimizerSpec& o,
              std::int64_t step, TorchVersion version) {
    const bool decoupled = o.kind == OptimizerSpec::Kind::AdamW;
    const float wd = static_cast<float>(o.weightDecay);
    // AdamW: param.mul_(1 - lr * weight_decay), the factor a Python float rounded to float32 by the kernel.
    const float decay = static_cast<float>(1 - o.lr * o.weightDecay);
    const float b1 = static_cast<float>(o.beta1), b2 = static_cast<float>(o.beta2);
    const float c1 = static_cast<float>(1 - o.beta1), c2 = static_cast<float>(1 - o.beta2);
    const double bc1 = 1 - std::pow(o.beta1, static_cast<double>(step));
    const double bc2 = 1 - std::pow(o.beta2, static_cast<double>(step));
    const float stepSize = static_cast<float>(-(o.lr / bc1));
    const float bc2Sqrt = static_cast<float>(std::sqrt(bc2));
    const float eps = static_cast<float>(o.eps);
    const bool v2 = version == TorchVersion::V2;
    for (std::size_t i = 0; i < n; ++i) {
        if (decoupled && o.weightDecay != 0) param[i] = param[i] * decay;
        const float g = decoupled ? grad[i] : decayed(grad[i], param[i], o, wd);
        if (v2) {
            m[i] = std::fma(c1, g - m[i], m[i]);
            const float scaled = c2 * g;
            v[i] = std::fma(scaled, g, v[i] * b2);
            const float denom = std::sqrt(v[i]) / bc2Sqrt + eps;
            const float numer = stepSize * m[i];
            param[i] = param[i] + numer / denom;
        } else {
            m[i] = std::fma(g, c1, m[i] * b1);
            v[i] = v[i] * b2 + c2 * g * g;
            const float denom = std::sqrt(v[i]) / bc2Sqrt + eps;
            param[i] = param[i] + stepSize * (m[i] / denom);
        }
    }
}

}  // namespace presisi::numerics
