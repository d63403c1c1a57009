// torch.optim's single-tensor updates (SGD with momentum and weight decay, Adam, AdamW) as PyTorch 2.x and
// 1.13 compute them on the CPU, written once for the CPU lane and the device checks' host references. The CUDA lane's kernels (cuda_training.cu) keep
// their own device code and are checked against these bit for bit. No Qt here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "settings.h"

namespace presisi::numerics {

// One SGD step over n float32 parameters. grad: the master gradient (left unchanged: weight decay goes
// into the step, grad + wd * param as a fused multiply-add, as ATen's add with alpha on AVX2).
// momentumBuf: n values (unused when momentum is 0); on the first step it is set to the gradient
// (torch: buf = clone(grad)), afterwards buf = buf * momentum + grad; then param += -lr * buf (fused).
void sgdStep(float* param, const float* grad, float* momentumBuf, std::size_t n, const OptimizerSpec& o, bool firstStep);

// One Adam or AdamW step (o.kind; torch.optim.Adam/AdamW, amsgrad off) over n parameters; step: 1 on the
// first step. Bias corrections and the step size in double (Python floats), rounded to float32 where a
// kernel takes them as a scalar; everything else float32, each kernel's result rounded.
// AdamW first decays the parameter: param *= float(1 - lr * wd); Adam adds wd * param to the gradient
// (fma, ATen's add with alpha).
// PyTorch 2.x (torch/optim/adam.py, _single_tensor_adam; checked element for element against 2.15 on the
// CPU, tests/data/torch2-optim): m.lerp_(g, 1 - b1) = fma(1 - b1, g - m, m) (ATen's lerp_vec for a weight
// below 0.5); v.mul_(b2).addcmul_(g, g, 1 - b2) = fma((1 - b2) g, g, v b2); denom = sqrt(v) / sqrt(bc2) +
// eps; param.addcdiv_(m, denom, -lr / bc1) = param + (-lr / bc1) m / denom.
// PyTorch 1.13: m = fma(g, 1 - b1, m b1) (mul_ then add_ with alpha); v = v b2 + (1 - b2) g g;
// param += -(lr / bc1) (m / denom).
void adamStep(float* param, const float* grad, float* m, float* v, std::size_t n, const OptimizerSpec& o,
              std::int64_t step, TorchVersion version);

}  // namespace presisi::numerics
