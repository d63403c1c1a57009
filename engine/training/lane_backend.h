// The interface one lane's numerics sit behind: forward and backward in the lane's formats, unscaling,
// the optimizer step, statistics. The runner owns batches, the loss scaler and the records; a backend
// (CPU here, CUDA later) owns the lane's weights and buffers. No Qt here.
#pragma once

#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "../numerics/grad_counts.h"
#include "../tensor.h"
#include "batch.h"
#include "record.h"
#include "runner.h"
#include "scenario.h"

namespace presisi {

class LaneBackend {
public:
    virtual ~LaneBackend() = default;

    virtual void setWeights(const std::vector<LayerWeights>& weights) = 0;  // also clears optimizer state
    virtual std::vector<LayerWeights> weights() const = 0;

    // Forward and loss under the lane's autocast policy, then backward of loss * scale. The lane's
    // gradients stay as produced (scaled, in the lane's formats) until unscale().
    virtual ForwardResult forwardBackward(const Batch& batch, float scale) = 0;
    // Shadow float32 backward on the same weights and batch (call after forwardBackward, before unscale):
    // underflow, subnormal and overflow counts; fills `histogram` when it is not null.
    virtual GradStatistics statistics(const Batch& batch, float scale, GradHistogram* histogram) = 0;
    // master gradients (float32) = lane gradients * invScale; returns true when any is inf or NaN.
    // invScale 1 copies (exactly). Without a scaler the runner calls unscale(1) and ignores the answer.
    virtual bool unscale(float invScale) = 0;
    virtual double gradNorm() const = 0;  // L2 norm of the master gradients, in double
    virtual std::vector<LayerWeights> gradients() const = 0;  // master gradients (after unscale)
    virtual void optimizerStep() = 0;

    // float32 evaluation with the master weights (no autocast): raw outputs (n, out).
    virtual Matrix predict(const Matrix& x) const = 0;

    // Lanes of 8 bits and below: what the last forwardBackward's casts did, per layer and GEMM operand.
    virtual std::vector<CastRecord> castRecords() const { return {}; }

    // Seconds (steady_clock) of the last forwardBackward's two halves.
    struct StepTimes {
        double forward = 0, backward = 0;
    };
    virtual StepTimes lastStepTimes() const { return {}; }

    // Per-layer ranges of the last forwardBackward (call after it and after statistics(), before
    // unscale): activations, activation gradients, weight gradients, with the shadow's values.
    // Backends without it return an empty list.
    virtual std::vector<TensorRange> ranges(float scale) { (void)scale; return {}; }
    // Cheap per-layer abs-min/abs-max of the last forwardBackward (no shadow).
    virtual std::vector<TensorRange> quickRanges() const { return {}; }
    // The NaN doctor's lead-up: the per-layer abs-min/abs-max (quickRanges) of the last few
    // forwardBackward calls (up to 5), oldest first, each with its scale, recomputed on the first fault
    // from the weights and batches the lane keeps (a copy per step: no scan in the step loop). `skipLast`
    // leaves out that many of the newest. Backends that keep none return an empty list.
    virtual std::vector<std::pair<float, std::vector<TensorRange>>> leadUpRanges(int skipLast) {
        (void)skipLast;
        return {};
    }

    // Re-runs forward and backward of `batch` on the current weights (unchanged since the step that went
    // non-finite) with a finiteness check after every op, and returns where the first inf/NaN appeared:
    // layer, op, tensor, value before rounding, formatMax (the runner fills lane, step, lead-up, sentence).
    // When that pass stays finite the fault lies after it: op = Unscale, value NaN (the runner decides
    // between unscale and the optimizer), formatMax float32's. Backends without the checked pass return
    // op = Unscale, value NaN and formatMax 0 (the runner then reruns a GPU lane's step on a CPU twin).
    virtual FirstNonFinite diagnose(const Batch& batch, float scale) {
        (void)batch;
        (void)scale;
        FirstNonFinite f;
        f.op = FaultOp::Unscale;
        f.value = kNotMeasured;
        return f;
    }
    // The first non-finite master weight or bias (after the optimizer step): true and its layer and value.
    virtual bool nonFiniteWeight(int& layer, double& value) const {
        (void)layer;
        (void)value;
        return false;
    }
};

// The CPU backend (Eigen; low formats emulated by rounding float32 storage).
std::unique_ptr<LaneBackend> makeCpuLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch);

// The one lane factory (the runner and the speed lab): the CUDA backend for a GPU lane, the CPU backend
// otherwise. Throws presisi::Error as checkLaneBuilt does, and, for a GPU lane, with cudaStatus's reason
// when no device is usable or the model cannot fit. Every backend keeps its own copy of the scenario (the
// caller's may go once the lane is made) and its buffers for batches up to maxBatch rows.
std::unique_ptr<LaneBackend> makeLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch);
// Throws presisi::Error when this build has no backend for the lane (a GPU lane without CUDA).
void checkLaneBuilt(const LaneSpec& lane);

}  // namespace presisi
