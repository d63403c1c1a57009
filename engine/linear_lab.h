// The linear-layer lab: the tutorial's nn.Linear example run in several lanes side by side. No Qt here.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "device.h"
#include "format.h"
#include "metrics.h"
#include "tensor.h"
#include "torch_rng.h"

namespace presisi {

// How a low-precision product is accumulated. F32 is what autocast, cuBLAS (COMPUTE_32F) and
// oneDNN do; Storage rounds every partial sum to the storage format (a demonstration of why nobody
// does that: a sum of 4096 ones is 256 in bf16).
enum class Accumulation { F32, Storage };

struct LinearLane {
    Device device = Device::Cpu;
    Format format = Format::F32;
    Accumulation accumulation = Accumulation::F32;
    Subnormals subnormals = Subnormals::Keep;
    // GPU only, with format F32: cuBLAS may round the float32 inputs to TF32 (10 fraction bits) on
    // tensor cores and accumulate in float32, as PyTorch does for f32 matmuls when TF32 is allowed.
    bool tf32 = false;
    // CPU only, bf16/f16 with float32 accumulation: the product runs on the CPU's native low-precision
    // instructions through oneDNN (engine/native) instead of a float32 product of rounded values. Same
    // numbers up to summation order; where the CPU has no such instructions it runs emulated and says so.
    bool native = false;
    // "cpu:bf16", "cpu:f16+ftz", "gpu:bf16+acc16", "gpu:tf32", "cpu:bf16+native"; a native lane that
    // cannot be native here reads "cpu:f16+native (emulated: no native f16 here)".
    std::string label() const;
};

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
