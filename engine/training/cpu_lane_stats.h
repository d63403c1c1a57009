// The CPU lane's statistics, read from its ops' buffers after a pass: per-layer ranges against the shadow
// float32 pass, the quick abs-min/abs-max ranges (the NaN doctor's lead-up), and the gradient counts and
// histograms against the shadow. No Qt here.
#pragma once

#include <vector>

#include "../numerics/grad_counts.h"
#include "ops/mlp.h"
#include "record.h"

namespace presisi::cpu_stats {

// Per layer: activations (z, and the norm's output), activation gradients, weight gradients (the
// linear's and the norm's), the lane's values against the shadow's (gradients scaled by `scale`).
std::vector<TensorRange> ranges(const ops::Mlp& lane, const ops::Mlp& shadow, float scale);
// Per layer, the same three tensors' abs-min/abs-max of the lane alone.
std::vector<TensorRange> quickRanges(const ops::Mlp& lane);
// Underflow, subnormal and overflow counts of the lane's gradients against the shadow's (numerics::
// countGradients), non-finite forward values; with `hist`, each layer's weight- and activation-gradient
// histograms, the lane's and the shadow's (scaled by `scale`).
GradStatistics gradStatistics(const ops::Mlp& lane, const ops::Mlp& shadow, float scale, GradHistogram* hist);

}  // namespace presisi::cpu_stats
