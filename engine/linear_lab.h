// The linear-layer lab: the tutorial's nn.Linear example run in several lanes side by side. No Qt here.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "device.h"
#include "format.h"
#include "lane.h"
#include "linear_files.h"
#include "metrics.h"
#include "numerics/scaled_format.h"
#include "tensor.h"
#include "torch_rng.h"

namespace presisi {

// A linear-lab lane: device, format, accumulation, flush-to-zero, tf32, native, or a scaled format of
// 8 bits and below with its scale mode and overflow (engine/lane.h).
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
    Vector bias;    // (out), or empty: no bias (F.linear(x, W)); every lane then adds none
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

// What quantising a scaled lane's operands cost, each against its float32 values (quantize()'s statistics).
struct ScaledOperandStats {
    CastStats x;       // x: (batch, in), blocks along in
    CastStats weight;  // W: (out, in), blocks along in
};

// y = deq(Q(x)) · deq(Q(W))^T + b for a lane with `scaled` set, on the CPU.
//  x: (batch, in)  weight: (out, in)  bias: (out)  ->  y: (batch, out), float32.
// Both operands are quantised along their last axis, `in`, the reduction dimension, so every block of a
// dot product shares one scale in each operand (as MX GEMMs consume them): per-tensor e4m3/e5m2 with
// scale max/amax (lane.overflow), MX blocks of 32 with e8m0 scales (lane.scaleMode), NVFP4 blocks of 16.
// The dequantised values (element · scale, exact in float32) are multiplied with float32 accumulation
// (the same Eigen product as the f32 lane), the bias added in float32, the output left in float32.
// Throws presisi::Error when in is not a multiple of the block size. `stats` (may be null) receives
// what the quantisation cost.
Matrix linearScaledCpu(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                       ScaledOperandStats* stats = nullptr);
// Why `lane` (scaled) cannot run on inputs of width `in` ("in = 100 is not a multiple of mxfp8's
// 32-element blocks"); empty when it can.
std::string scaledLaneProblem(const LinearLane& lane, Index in);

// The x, W and b a lane's product consumes: rounded to its format (subnormals flushed with +ftz), for a scaled
// lane the dequantised x and W (b as given), for f32 and tf32 lanes the inputs themselves (tensor cores round
// to TF32 inside the product). Shapes as `inputs`.
LinearInputs linearOperands(const LinearLane& lane, const LinearInputs& inputs);

struct LinearLaneResult {
    LinearLane lane;
    Matrix output;           // (batch, out)
    ErrorMetrics metrics;    // against the f32 lane on the same device
    double seconds = 0;      // wall time of the forward pass (for scaled lanes with the quantisation)
    std::optional<ScaledOperandStats> quantization;  // scaled lanes: what quantising x and W cost
};

struct LinearResult {
    LinearConfig config;
    LinearInputs inputs;
    LinearSources sources;  // the files x, W and b came from, where they did
    std::vector<LinearLaneResult> lanes;
    std::vector<std::string> notes;  // e.g. why GPU lanes are absent
};


// Runs every lane on the same inputs, each on its device's backend (engine/linear_backend.h). Lanes on an unavailable device are left out and the reason
// added to notes, as are scaled lanes whose blocks do not divide `in`. Throws presisi::Error on invalid sizes
// and on a scaled lane on the GPU ("FP8/MX lanes run on the CPU"), and presisi::Cancelled when `progress`
// returns false (it is asked between lanes and, in the slow storage-accumulation lanes, every row).
LinearResult runLinear(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                       const LinearProgress& progress = {});
// The same on inputs given (a person's own tensors, engine/linear_files.h); config's sizes must be theirs.
LinearResult runLinear(const LinearConfig& config, LinearInputs inputs, LinearSources sources,
                       const std::vector<LinearLane>& lanes, const LinearProgress& progress = {});
// The same on what loadLinearInputs read (the sizes its files fix, `seed` for the record).
LinearResult runLinear(LinearFileInputs inputs, std::uint64_t seed, const std::vector<LinearLane>& lanes,
                       const LinearProgress& progress = {});

}  // namespace presisi
