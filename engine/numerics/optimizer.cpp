// torch.optim 1.13's SGD and Adam updates in float32 (bias corrections in double). No Qt here.
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
              std::int64_t step) {
    const float wd = static_cast<float>(o.weightDecay);
    const float b1 = static_cast<float>(o.beta1), b2 = static_cast<float>(o.beta2);
    const float c1 = static_cast<float>(1 - o.beta1), c2 = static_cast<float>(1 - o.beta2);
    const double bc1 = 1 - std::pow(o.beta1, static_cast<double>(step));
    const double bc2 = 1 - std::pow(o.beta2, static_cast<double>(step));
    const float stepSize = static_cast<float>(-(o.lr / bc1));
    const float bc2Sqrt = static_cast<float>(std::sqrt(bc2));
    const float eps = static_cast<float>(o.eps);
    for (std::size_t i = 0; i < n; ++i) {
        const float g = decayed(grad[i], param[i], o, wd);
        m[i] = std::fma(g, c1, m[i] * b1);
        v[i] = v[i] * b2 + c2 * g * g;
        const float denom = std::sqrt(v[i]) / bc2Sqrt + eps;
        param[i] = param[i] + stepSize * (m[i] / denom);
    }
}

}  // namespace presisi::numerics
