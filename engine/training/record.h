// What a training run reports: one StepRecord per lane and step, gradient histograms every K steps,
// and each lane's final metrics. Plain values, copyable across threads. No Qt here.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "../numerics/fp8_recipe.h"
#include "../numerics/grad_histogram.h"

namespace presisi {

inline constexpr double kNotMeasured = std::numeric_limits<double>::quiet_NaN();

// Lanes of 8 bits and below: what the cast of one linear layer's GEMM operand did in a step (the JSON
// contract's "casts"). Transformer Engine's debug statistics, per tensor.
struct CastRecord {
    int layer = 0;  // 0-based linear layer
    numerics::GemmOperand operand = numerics::GemmOperand::Input;
    ScaledFormat format = ScaledFormat::E4M3;
    double amax = 0;       // max |x| of the tensor cast (float32; NaN when it held a NaN)
    double scale = 0;      // the per-tensor quantisation scale used (x·scale is cast); NaN for MX blocks
    double scaleAmax = 0;  // the amax the scale came from: the tensor's own (current scaling), the history's
                           // (delayed; NaN while the initial scale 1 is in force)
    double saturatedShare = 0;  // share of the elements the cast clips (|x·scale| beyond what rounds to max)
    double underflowShare = 0;  // share of the non-zero elements that became zero
    double mse = 0;             // mean of (dequantised − x)², in double
};

// The JSON contract's record (app/cli writes these names in snake_case).
struct StepRecord {
    int lane = 0;                 // index into Scenario::lanes
    std::int64_t step = 0;        // 0-based
    double loss = kNotMeasured;   // loss of this step's forward pass, before its update, as float32
    double accuracy = kNotMeasured;  // share of the batch classified right; NaN for regression
    double gradNorm = kNotMeasured;  // L2 norm of the unscaled float32 master gradients (NaN: statistics off)
    // Share of gradient elements that are exactly zero in this lane while a shadow float32 backward on
    // the lane's own weights and batch gives non-zero; divided by all elements of that kind.
    // Activation gradients: the gradients at every linear layer's output (logits included).
    // Weight gradients: every weight and bias gradient, as produced in the lane's format (before unscaling).
    double actGradUnderflow = kNotMeasured;
    double weightGradUnderflow = kNotMeasured;
    double gradSubnormal = kNotMeasured;  // share of all those gradient elements that are subnormal in the lane's format
    std::int64_t overflows = 0;   // non-finite elements in this step's activations and gradients (-1: statistics off)
    double scale = 1.0;           // loss scale in force for this step (1 without a scaler)
    std::int64_t growthTracker = 0;  // scaler's growth tracker in force for this step
    bool skipped = false;         // optimizer step skipped (scaler found inf/NaN)
    bool scaleFloored = false;    // this step's backoff would have taken the scale below the floor (kMinLossScale): held there
    bool finite = true;           // loss is finite
    // Workload::Accumulation only (loss then holds the lane's running sum): the exact running sum of
    // the same values, accumulated in double (exact for these 24-bit values up to 2^29 of them).
    double exactSum = kNotMeasured;
    double seconds = 0;           // wall time of this lane's step (forward, backward, update; statistics excluded)
    // Lanes of 8 bits and below: per GEMM operand (input, weight, output gradient), over the layers' casts
    // this step, the largest share of saturated and of underflowed elements and the lowest and highest
    // range use, amax · scale / the element format's max (per-tensor formats: 1 under current scaling,
    // above 1 where a delayed scale clips, far below 1 where it leaves the range unused; NaN for MX). NaN on
    // other lanes. Every layer's casts in full: RunEventKind::Casts. Floats: the window stores every record.
    struct CastWorst {
        float saturatedShare = std::numeric_limits<float>::quiet_NaN();
        float underflowShare = std::numeric_limits<float>::quiet_NaN();
        float rangeUseLow = std::numeric_limits<float>::quiet_NaN();
        float rangeUseHigh = std::numeric_limits<float>::quiet_NaN();
    };
    std::array<CastWorst, numerics::kGemmOperands> castWorst{};
    // The same lanes' first kCastLayers linear layers, per GEMM operand: the tensor's amax and the amax its scale
    // fits, max / scale (the magnitude the scale puts at the element format's max; per-tensor formats only, NaN for
    // MX and NVFP4 blocks). Current scaling makes the two equal; delayed scaling takes the second from the amax
    // history (the initial scale 1 fits the max itself), so a spike rises above it and the steps after a spike fall
    // below it. NaN on other lanes and beyond the model's layers.
    static constexpr int kCastLayers = 4;
    struct CastScale {
        float amax = std::numeric_limits<float>::quiet_NaN();
        float fitAmax = std::numeric_limits<float>::quiet_NaN();
    };
    std::array<std::array<CastScale, numerics::kGemmOperands>, kCastLayers> castScales{};
};

// A step's casts of one lane of 8 bits and below: per layer, input, weight and output gradient.
struct CastSnapshot {
    int lane = 0;
    std::int64_t step = 0;
    std::vector<CastRecord> casts;
};

struct GradHistogram {
    int lane = 0;
    std::int64_t step = 0;
    double scale = 1.0;
    std::vector<LayerHistogram> layers;  // per linear layer: weight, then output gradient
};

// After the run (or on demand): metrics of the lane's current weights, evaluated in float32 without
// gradients (the tutorial's "evaluation under no_grad with metrics in float32").
struct LaneFinal {
    int lane = 0;
    double loss = kNotMeasured;          // last step's training loss (as recorded)
    double accuracy = kNotMeasured;      // last step's batch accuracy
    double evalLoss = kNotMeasured;      // on the evaluation set
    double evalAccuracy = kNotMeasured;  // NaN for regression
    // The evaluation loss's own sampling noise: the standard deviation of the per-sample losses (cross
    // entropy per sample; mse: the mean over the sample's outputs) divided by sqrt(evaluation samples).
    double evalLossStdError = kNotMeasured;
};

// Per-layer range statistics (every Scenario::rangeInterval steps, from the statistics pass).
enum class TensorKind { Activation, ActivationGradient, WeightGradient };
std::string_view tensorKindName(TensorKind kind);  // "activation", "activation_gradient", "weight_gradient"

// One layer's tensor of one kind at one step, as held in the lane's format (gradients: scaled, before
// unscaling). Activation: the linear layer's output z (logits for the last layer). ActivationGradient:
// the gradient at that output. WeightGradient: the weight and bias gradients together.
struct TensorRange {
    int layer = 0;                 // 0-based linear layer
    TensorKind kind = TensorKind::Activation;
    std::int64_t elements = 0;
    double absMax = 0;                       // largest finite |v| (0: none)
    double absMinNonZero = kNotMeasured;     // smallest finite non-zero |v| (NaN: none)
    double binades = kNotMeasured;           // log2(absMax / absMinNonZero)
    double underflowShare = kNotMeasured;    // zero in the lane, non-zero in the shadow f32 (as StepRecord)
    double subnormalShare = kNotMeasured;    // subnormal in the lane's format
    double overflowShare = kNotMeasured;     // inf/NaN in the lane
    // The shadow float32 values (gradients times the scale in force): where they would sit unrounded.
    double shadowAbsMax = kNotMeasured, shadowAbsMinNonZero = kNotMeasured;
};

struct RangeSnapshot {
    int lane = 0;
    std::int64_t step = 0;  // 0-based, as StepRecord::step
    double scale = 1;       // loss scale in force for the step
    std::vector<TensorRange> tensors;  // per layer: activation, activation gradient, weight gradient
};

// The operation in which a lane's first inf/NaN appeared.
// Norm: a hidden layer's normalisation (forward: its output; backward: the gradient at its input).
enum class FaultOp { ForwardLinear, Activation, SoftmaxLoss, BackwardProduct, Unscale, Optimizer, Norm };
std::string_view faultOpName(FaultOp op);  // "forward_linear", "activation", "softmax_loss", "backward_product", "unscale", "optimizer", "norm"

struct FirstNonFinite {
    int lane = 0;
    std::int64_t step = 0;   // 0-based, as StepRecord::step and the charts' x axis
    int layer = 0;           // 0-based linear layer
    FaultOp op = FaultOp::ForwardLinear;
    TensorKind tensor = TensorKind::Activation;
    double value = 0;        // the offending value before rounding to the format (e.g. 71234), or inf/NaN;
                             // FaultOp::Norm forward: the variance + eps when it came out at or below 0
    double formatMax = 0;    // the lane format's largest finite value (65504 for f16)
    std::string format;      // the name of the format the op rounded to ("f16"; "f32" for unscale/optimizer)
    std::vector<RangeSnapshot> leadUp;  // up to 5 steps' per-layer ranges leading up to it, oldest first
    // "f16 activation overflowed: 71234 > 65504 in layer 2, forward, step 3". Numbers as the window shows
    // them: the layer 1-based (layer + 1, as the histogram's "layer N" menu), the step 0-based (`step`, the
    // charts' x axis).
    std::string sentence;
};

// A scaler lane's health: a warning when the scale falls below 1 or the scaler skips more than
// kScalerSkipWarning steps in a row, and Recovered when the lane has trained kScalerRecoveredSteps steps
// in a row without a skip after it (the warning's condition has ended; a later one warns again).
struct ScalerWarning {
    enum class Why { ScaleBelowOne, Skips, Recovered };
    int lane = 0;
    std::int64_t step = 0;  // 0-based
    Why why = Why::Skips;
    float scale = 0;         // the new scale (ScaleBelowOne; Recovered: the scale it trains at)
    int skips = 0;           // skipped steps in a row (Skips)
    std::string format;      // the lane's format name ("f16")
    std::string text;        // the English sentence (command line); the window builds its own from the fields
    std::int64_t since = -1; // Recovered: the first step of the clean run
};

enum class RunEventKind { Step, Histogram, Final, Range, NonFinite, ScalerWarning, Casts };

// What the runner's callback receives. Only the member named by `kind` is filled.
struct RunEvent {
    RunEventKind kind = RunEventKind::Step;
    StepRecord record;
    GradHistogram histogram;
    LaneFinal final;
    RangeSnapshot range;
    FirstNonFinite nonFinite;
    ScalerWarning scalerWarning;
    CastSnapshot casts;
};

}  // namespace presisi
