// The Speed lab's memory plan: the bytes one training lane holds for a model and a batch, split into
// weights, f32 master weights, gradients, activations kept for backward and optimizer state, and the
// largest batch that fits a budget. Pure arithmetic on the scenario; no Qt here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../training/scenario.h"

namespace presisi {

// Bytes one lane holds, as a mixed-precision trainer stores them (P parameters, B the batch, s the
// lane format's bytes per value: 4 for f32, 2 for bf16/f16; widths w_0..w_L):
//   weights        P*s                     (the copy the products read)
//   masterWeights  P*4 on a low lane, 0 on an f32 lane (its weights are the master)
//   gradients      P*s, plus P*4 on a low lane (the unscaled float32 master gradients)
//   activations    B*s*sum over layers (in_l + out_l): each layer's input (for its weight gradient)
//                  and output (for the activation's or the loss's backward)
//   optimizerState P*4*k, k = 0 plain SGD, 1 SGD with momentum, 2 Adam (float32 moments)
// The CPU lanes emulate low formats in float32 storage, so on the CPU these are the bytes a native
// implementation holds (what the format buys), not what the emulation allocates.
struct LaneMemory {
    std::string lane;  // LaneSpec::label(), "cpu:bf16"
    double weights = 0, masterWeights = 0, gradients = 0, activations = 0, optimizerState = 0;  // bytes
    double total() const;
};

// One entry per lane of the scenario, at `batch` samples (>= 1; the scenario's own batch is ignored).
// Throws presisi::Error for an accumulation scenario or a batch below 1.
std::vector<LaneMemory> laneMemory(const Scenario& scenario, int batch);

// Largest batch (>= 1) whose lane total fits `budgetBytes`; 0 when even batch 1 does not fit.
// Exact: the total is affine in the batch. Throws presisi::Error for a lane index out of range.
std::int64_t largestBatch(const Scenario& scenario, int lane, double budgetBytes);

// The budget a lane is measured against when none is set: the host's MemAvailable for CPU lanes,
// the device's free memory for GPU lanes (when this build and machine have one; else the host's).
// 0 when neither can be read. `source` gets "MemAvailable" or "GPU free memory".
double defaultBudget(const LaneSpec& lane, std::string* source = nullptr);

}  // namespace presisi
