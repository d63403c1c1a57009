// The CUDA backend of a training lane (LaneBackend on a device): master weights, gradients, optimizer state
// and activations on the device; products through cuBLAS with float32 accumulation, the rest through the
// kernels of cuda_training.cu. Only in builds with PRESISI_HAVE_CUDA. Needs no CUDA headers. No Qt here.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "../training/lane_backend.h"
#include "cuda_training.h"

namespace presisi {

namespace cuda {

// torch.nn.Linear layer l maps widths[l] -> widths[l + 1].
struct LaneLayer {
    int in = 0, out = 0;
    // The names the CPU lane uses too (engine/training/cpu_lane.h): every *Weight (out, in), every
    // *Bias (out), row-major float32.
    DeviceArray weight, bias;                      // master weights
    DeviceArray laneGradWeight, laneGradBias;      // the lane's gradients as produced (scaled, lane formats)
    DeviceArray gradWeight, gradBias;              // master gradients (unscaled float32)
    DeviceArray shadowGradWeight, shadowGradBias;  // shadow float32 gradients (statistics)
    DeviceArray moment1Weight, moment1Bias;        // SGD's momentum buffer, or Adam's exp_avg
    DeviceArray moment2Weight, moment2Bias;        // Adam's exp_avg_sq
};

// Formats of every op of the network, resolved from the policy as the CPU lane resolves them:
// in[l] arrives at layer l, lin[l] is its product's, act[l] its activation's.
struct LaneFormats {
    std::vector<Format> in, lin, act;
    cuda::LossFormats loss;
    bool flush = false;
};

// Activations of one forward pass: z[l] = layer l's output, a[l] = activation of z[l] (hidden
// layers), dz[l] = gradient at z[l].
struct LanePass {
    std::vector<DeviceArray> z, ain, a, dz;  // ain: the activation's input when it narrows z
    DeviceArray da;  // scratch: gradient at a hidden activation
};

}  // namespace cuda

// Numerics follow the CPU lane: rounded storage, the lane's autocast policy per op, gradients of low ops
// produced in the low format, float32 master weights and optimizer. Where the CPU lane reproduces PyTorch's
// CPU kernels, this lane follows PyTorch's CUDA ones (cuda_lane.cpp). It keeps its own copy of the scenario
// (makeLane's contract).
class CudaLane final : public LaneBackend {
    using DeviceArray = cuda::DeviceArray;
    using DeviceLayer = cuda::LaneLayer;
    using NetFormats = cuda::LaneFormats;
    using Pass = cuda::LanePass;

public:
    CudaLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch);

    void setWeights(const std::vector<LayerWeights>& weights) override;
    std::vector<LayerWeights> weights() const override;
    StepTimes lastStepTimes() const override { return m_times; }

    ForwardResult forwardBackward(const Batch& batch, float scale) override;
    GradStatistics statistics(const Batch& batch, float scale, GradHistogram* histogram) override;
    bool unscale(float invScale) override;
    double gradNorm() const override;
    std::vector<LayerWeights> gradients() const override;
    void optimizerStep() override;
    Matrix predict(const Matrix& x) const override;

private:
    void upload(const Batch& batch);
    // Every layer's pair of device arrays (the master weights, or the master gradients) on the host.
    std::vector<LayerWeights> download(DeviceArray DeviceLayer::*weight, DeviceArray DeviceLayer::*bias) const;

    const float* inputOf(const Pass& p, std::size_t l) const { return l == 0 ? m_x.data() : p.a[l - 1].data(); }
    const DeviceArray& activationInput(const Pass& p, const NetFormats& f, std::size_t l) const;

    // Forward, loss, and the backward chain of gradients at every layer's output, in formats `f`
    // (the lane's, or all float32 for the shadow), step for step as the CPU lane.
    cuda::LossResult pass(Pass& p, const NetFormats& f, const Batch& batch, float scale);

    // gW (out, in) = dz^T (out, B) * xin (B, in); gb (out) = column sums of dz; in the product's format.
    void layerGrads(const Pass& p, const NetFormats& f, std::size_t l, DeviceArray& gw, DeviceArray& gb);

    void fillHistogram(GradHistogram& h, float scale) const;

    Scenario m_scenario;
    LaneSpec m_lane;
    NetFormats m_laneFormats, m_shadowFormats;
    std::vector<DeviceLayer> m_layers;
    Pass m_lanePass, m_shadowPass;
    DeviceArray m_x, m_targets;
    cuda::DeviceLabels m_labels;
    StepTimes m_times;                                 // the last forwardBackward's halves
    std::chrono::steady_clock::time_point m_lossTime;  // set by pass() when the loss is back on the host
    int m_rows = 0;
    std::int64_t m_optimizerSteps = 0;
};

// Same contract as makeCpuLane. Throws presisi::Error when no device is usable (with cudaStatus's
// reason), or before allocating anything when the model and a batch of maxBatch rows cannot fit in
// device memory (naming the sizes, the bytes needed and the bytes free).
std::unique_ptr<LaneBackend> makeCudaLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch);

}  // namespace presisi
