// The linear-layer lab: the tutorial's nn.Linear example run in several lanes side by side. No Qt here.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "device.h"
#include "format.h"
#include "lane.h"
#include "metrics.h"
#include "tensor.h"
#include "torch_rng.h"

namespace presisi {

// A linear-lab lane: device, format, accumulation, flush-to-zero, tf32 and native (engine/lane.h).
using LinearLane = Lane;

struct LinearConfig {
    Index in = 256;
    Index out = 256;
    Index batch = 64;
    std::uint64_t seed = 0;
};

// The tutorial's inputs: torch.manual_seed(seed); lin = nn.Linear(in, out); x = torch.randn(batch, in).
struct LinearInputs {
    Matrix x;       // (batch, in)
    Matrix weight;  // (out, in)
    Vector bias;    // (out)
};
LinearInputs makeLinearInputs(const LinearConfig& config);

// y = x W^T + b in one lane on the CPU.
//  x: (batch, in)  weight: (out, in)  bias: (out)  ->  y: (batch, out), every value representable in
//  lane.format. A low lane rounds x, W and b to the format, multiplies with float32 accumulation
//  (a product of two bf16 or f16 values is exact in float32), adds the bias in float32 and rounds
//  the output once, as autocast's linear does. `rowDone` (may be empty) is asked the share done
//  every row of the slow storage-accumulation lanes; false throws presisi::Cancelled.

// Told the share of the work done (0..1) now and then; returns false to stop the computation.
using LinearProgress = std::function<bool(double done)>;

Matrix linearForwardCpu(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                        const LinearProgress& rowDone = {});

struct LinearLaneResult {
    LinearLane lane;
    Matrix output;           // (batch, out)
    ErrorMetrics metrics;    // against the f32 lane on the same device
    double seconds = 0;      // wall time of the forward pass
};

struct LinearResult {
    LinearConfig config;
    LinearInputs inputs;
    std::vector<LinearLaneResult> lanes;
    std::vector<std::string> notes;  // e.g. why GPU lanes are absent
};


// Runs every lane on the same inputs, each on its device's backend (engine/linear_backend.h). Lanes on an unavailable device are left out and the reason
// added to notes. Throws presisi::Error on invalid sizes, and presisi::Cancelled when `progress`
// returns false (it is asked between lanes and, in the slow storage-accumulation lanes, every row).
LinearResult runLinear(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                       const LinearProgress& progress = {});

}  // namespace presisi
