// torch.optim 1.13's single-tensor updates (SGD with momentum and weight decay, Adam), written once for
// the CPU lane and the device checks' host references. The CUDA lane's kernels (cuda_training.cu) keep
// their own device code and are checked against these bit for bit. No Qt here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../training/scenario.h"

namespace presisi::numerics {

// One SGD step over n float32 parameters. grad: the master gradient (left unchanged: weight decay goes
// into the step, grad + wd * param as a fused multiply-add, as ATen's add with alpha on AVX2).
// momentumBuf: n values (unused when momentum is 0); on the first step it is set to the gradient
// (torch: buf = clone(grad)), afterwards buf = buf * momentum + grad; then param += -lr * buf (fused).
void sgdStep(float* param, const float* grad, float* momentumBuf, std::size_t n, const OptimizerSpec& o, bool firstStep);

// One Adam step (torch.optim.Adam, amsgrad off) over n parameters; step: 1 on the first step.
// m = fma(g, 1 - b1, m * b1); v = v * b2 + (1 - b2) g g; denom = sqrt(v) / sqrt(1 - b2^t) + eps;
// param += -(lr / (1 - b1^t)) * (m / denom); bias corrections in double, the rest in float32.
void adamStep(float* param, const float* grad, float* m, float* v, std::size_t n, const OptimizerSpec& o,
              std::int64_t step);

}  // namespace presisi::numerics
