// The CPU lane: the MLP's ops (ops/mlp.h) in the lane's formats, float32 master weights and the optimizer,
// the shadow float32 pass for the statistics, per-layer ranges and the NaN doctor's checked rerun. Buffers
// are allocated once; the step loop does not allocate. Made by makeCpuLane (lane_backend.h); it keeps its
// own copy of the scenario, as every backend does (makeLane). No Qt here.
#pragma once

#include <memory>
#include <vector>

#include "../numerics/bf16_weights.h"
#include "lane_backend.h"
#include "ops/mlp.h"
#include "step_replays.h"

namespace presisi {

class CpuLane final : public LaneBackend {
public:
    CpuLane(const Scenario& s, const LaneSpec& lane, Index batch);

    void setWeights(const std::vector<LayerWeights>& w) override;
    std::vector<LayerWeights> weights() const override;
    ForwardResult forwardBackward(const Batch& batch, float scale) override;
    std::vector<CastRecord> castRecords() const override;
    StepTimes lastStepTimes() const override { return {m_net.forwardSeconds(), m_net.backwardSeconds()}; }
    // After statistics() (the shadow holds the same step's float32 values).
    std::vector<TensorRange> ranges(float scale) override;
    std::vector<TensorRange> quickRanges() const override;
    std::vector<std::pair<float, std::vector<TensorRange>>> leadUpRanges(int skipLast) override;
    FirstNonFinite diagnose(const Batch& batch, float scale) override;
    bool nonFiniteWeight(int& layer, double& value) const override;
    GradStatistics statistics(const Batch& batch, float scale, GradHistogram* hist) override;
    bool unscale(float invScale) override;
    double gradNorm() const override;
    std::vector<LayerWeights> gradients() const override;
    void optimizerStep() override;
    Matrix predict(const Matrix& x) const override;

private:
    // One parameter tensor: the master (float32), its master gradient, the lane's gradient it comes from
    // (scaled, in the ops), the micro-batches' sum (gradient accumulation) and the optimizer's moments.
    struct Slot {
        float* param = nullptr;
        float* grad = nullptr;
        const float* lane = nullptr;
        Index n = 0;
        std::vector<float> sum, moment1, moment2;
    };
    void addSlot(float* param, float* grad, const float* lane, Index n);
    // A second network in the lane's formats for the doctor's reruns (built on the first fault only).
    ops::Mlp& probeNet();
    void update(Slot& slot);
    void accumulate();

    const Scenario m_scenario;  // a copy: the caller's may go once the lane is made
    Subnormals m_sub;
    AutocastPolicy m_policy;
    ops::Mlp m_net;
    Index m_batch;
    std::unique_ptr<ops::Mlp> m_shadow;    // float32, on the same master weights: the statistics
    std::unique_ptr<ops::Mlp> m_probeNet;  // the NaN doctor's checked pass and replays
    StepReplays m_replays;
    // Per layer l, float32; the CUDA lane's names (cuda_lane.cpp). Every *Weight (out, in), every *Bias (out).
    std::vector<Matrix> m_weight;  // master weights
    std::vector<Vector> m_bias;
    std::vector<Matrix> m_gradWeight;  // master gradients (the lane's, unscaled)
    std::vector<Vector> m_gradBias;
    // Per hidden layer with a normalisation (empty elsewhere), float32 (out): its weight and bias (RMSNorm's
    // bias stays 0 and unused), their master gradients, BatchNorm's running mean and variance.
    std::vector<Vector> m_normWeight, m_normBias, m_gradNormWeight, m_gradNormBias, m_runningMean, m_runningVar;
    std::vector<Slot> m_slots;  // every parameter tensor (addSlot), pointing into the members above
    std::int64_t m_steps = 0;
    int m_micro = 0;  // micro-batches accumulated since the last unscale
    std::vector<numerics::Bf16Weights> m_bf16;  // +pure: per slot, how its update is rounded back into bf16
    std::vector<float> m_before;                // +pure: a slot's weights before the optimizer step
    LaneSpec m_lane;  // its +pure (bf16 weights, no float32 master copy), +accum-low, casts of 8 bits and below
};

}  // namespace presisi
