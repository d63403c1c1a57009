// The lane value type: which device, format and arithmetic variant a computation runs in. The linear
// lab's LinearLane and the training lab's LaneSpec are this type; one label and one parser. No Qt here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "device.h"
#include "format.h"
#include "numerics/scaled_format.h"

namespace presisi {

// How a low-precision product is accumulated. F32 is what autocast, cuBLAS (COMPUTE_32F) and
// oneDNN do; Storage rounds every partial sum to the storage format (a demonstration of why nobody
// does that: a sum of 4096 ones is 256 in bf16).
enum class Accumulation { F32, Storage };

struct Lane {
    Device device = Device::Cpu;
    Format format = Format::F32;
    Accumulation accumulation = Accumulation::F32;
    Subnormals subnormals = Subnormals::Keep;  // Flush: subnormal results to zero at every rounding ("+ftz")
    // GPU only, with format F32: cuBLAS may round the float32 inputs to TF32 (10 fraction bits) on
    // tensor cores and accumulate in float32, as PyTorch does for f32 matmuls when TF32 is allowed.
    bool tf32 = false;
    // CPU only, bf16/f16 with float32 accumulation: the product runs on the CPU's native low-precision
    // instructions through oneDNN (engine/native) instead of a float32 product of rounded values. Same
    // numbers up to summation order; where the CPU has no such instructions it runs emulated and says so.
    bool native = false;
    bool scaler = false;  // training lanes: a GradScaler on this lane ("+scaler")
    // Training lanes with a normalisation layer: its mean and variance computed in one pass, E[x²] − E[x]²,
    // rounded to the norm's format after every operation ("+naive-stats"), instead of ATen's float32
    // internals; shows what those internals prevent (cancellation to zero or a negative variance).
    bool naiveStats = false;
    // Training lanes with gradient accumulation (--grad-accum K > 1): the K micro-batches' gradients summed
    // in the lane's format, rounded after every addition ("+accum-low"), as a parameter held in that format
    // would keep its .grad; without it they are summed in float32, as autocast's float32 parameters do.
    bool lowGradAccum = false;
    // Training lanes, CPU bf16 only: pure-bf16 weights, no float32 master copy ("+pure"): after every optimizer
    // step the weights are rounded back to bf16, to nearest even, or stochastically ("+sr", torchao's
    // _fp32_to_bf16_sr, seeded), or with a Kahan compensation term held in bf16 ("+kahan")
    // (engine/numerics/bf16_weights.h).
    bool pure = false;
    bool stochasticWeights = false;
    bool kahanWeights = false;
    // Linear lab, CPU only: x and W are stored in a scaled format of 8 bits and below (per-tensor e4m3/e5m2,
    // MX blocks, NVFP4), quantised along their last axis `in` (the reduction dimension) by quantize()
    // (numerics/scaled_format.h), and the product of the dequantised float32 values accumulates in float32;
    // bias and output stay float32. `format` stays F32 (what the lane computes and outputs in); the label
    // shows the scaled format instead ("cpu:mxfp8"). Unset: an ordinary lane.
    std::optional<ScaledFormat> scaled;
    ScaleMode scaleMode = ScaleMode::Floor;  // MX lanes: how each block's e8m0 scale is chosen ("+rceil"…)
    Overflow overflow = Overflow::Ocp;        // per-tensor e4m3/e5m2 lanes: Saturate clamps to ±max ("+sat")
    // Training lanes of 8 bits and below cast every linear layer's input, weight and output gradient to
    // `scaled`; `hybrid` ("cpu:fp8", with scaled = E4M3) casts the output gradient to e5m2 instead
    // (torchao's Float8Linear default, Transformer Engine's Format.HYBRID).
    bool hybrid = false;
    // Per-tensor training lanes: Transformer Engine's delayed scaling ("+delayed"): each scale from an amax
    // history of the earlier passes instead of the tensor's own amax; "+most-recent" takes the history's
    // newest amax instead of its largest (numerics/fp8_recipe.h).
    bool delayed = false;
    bool mostRecent = false;
    // NVFP4 training lanes follow Transformer Engine's NVFP4BlockScaling: output gradients rounded
    // stochastically, weights in 16 × 16 blocks, a random Hadamard transform on the weight gradient's operands.
    // Each can be switched off as the recipe's disable_* flags do: "+no-sr", "+no-2d", "+no-rht".
    bool noStochasticGradients = false;
    bool noSquareWeights = false;
    bool noHadamard = false;

    // The lane's identifier: "device:format" then the variants in a fixed order, e.g. "cpu:bf16",
    // "gpu:tf32", "cpu:f16+acc16+ftz", "cpu:f16+scaler+ftz", "cpu:bf16+native", "cpu:e4m3+sat",
    // "cpu:mxfp8+rceil", "cpu:bf16+naive-stats+accum-low", "cpu:bf16+pure+sr", "cpu:fp8+delayed+sat", "cpu:nvfp4+no-rht" (the MX
    // default, floor, is not written). parseLane reads it back.
    std::string label() const;
    bool operator==(const Lane&) const = default;
};

// Reads a label back: "[device:]format[+option...]", device cpu (default) or gpu, format f32, bf16, f16 or
// tf32 (an f32 lane with tf32 set), options +acc16, +scaler, +ftz, +native, +naive-stats, +accum-low, +pure, +sr, +kahan in any order; or a scaled format
// (e4m3, e5m2, mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4, nvfp4) or fp8 (e4m3 with e5m2 gradients)
// with its own options only: +sat, +delayed and +most-recent on e4m3/e5m2/fp8, one scale mode
// +floor/+ceil/+even/+rceil on the MX formats, +no-sr, +no-2d and +no-rht on nvfp4. An element format alone
// ("cpu:e2m1") is refused with the scaled lanes that store it. parseLane(l.label()) == l for every lane.
// Throws presisi::Error naming the bad part ("unknown lane format 'f8' in 'cpu:f8'"), or the length of a text
// longer than kMaxLaneChars. Which lanes and options a lab accepts is the lab's check (validate(), runLinear()).
Lane parseLane(std::string_view text);
// The longest lane text read, from options, files and the window's lane field alike (bytes; a label with every
// option parseLane knows, cpu:bf16+acc16+scaler+ftz+native+naive-stats+accum-low+pure+sr+kahan, has 68): an
// error quoting a longer one would be a page, not a line.
inline constexpr std::size_t kMaxLaneChars = 128;

// The scaled-format kinds, from the format's traits: one scale per tensor (e4m3, e5m2), an e8m0 scale per
// block of 32 (the MX formats), or NVFP4's two levels.
bool isPerTensor(ScaledFormat format);
bool isMx(ScaledFormat format);

// What a person is shown beside the label of a lane that does not run as its label says: a native CPU
// lane without native instructions here runs emulated, " (emulated: no native f16 here)"; else empty.
std::string laneNote(const Lane& lane);
// label() + laneNote(): the text the window and the command line show for a lane.
std::string displayLabel(const Lane& lane);

}  // namespace presisi
