// One lane of the Speed lab driven step by step, each part timed on its own: assembling the batch on
// the host, forward and backward, unscaling and the optimizer. Shared by the batch sweep and the step
// breakdown. No Qt here.
#pragma once

#include <memory>
#include <vector>

#include "../tensor.h"
#include "../timing.h"  // median() and secondsBetween(), which the harness's users time with
#include "../training/dataset.h"
#include "../training/runner.h"
#include "../training/scenario.h"
#ifdef PRESISI_HAVE_CUDA
#include "../cuda/cuda_buffer.h"
#endif

namespace presisi {

class LaneBackend;

// What every lane starts from: the validated scenario, its data and torch.manual_seed(seed)'s initial
// weights (the runner's, so a lane here trains the same model as in the Training lab).
struct SpeedSetup {
    Scenario scenario;
    DataPair data;
    std::vector<LayerWeights> init;
};
// Throws presisi::Error for an invalid or non-training scenario, or unreadable data.
SpeedSetup prepareSpeed(const Scenario& scenario);

// Seconds of one training step's parts. `split` is false when the backend does not time its forward
// and backward halves: then `forward` holds both and `backward` is 0. `transfer`: 0 on CPU lanes; on
// GPU lanes a host-to-device copy of the batch's bytes timed just before the step, which is what the
// CUDA lane does first inside its forward, so the same time is taken out of `forward` there.
struct StepSeconds {
    double transfer = 0, forward = 0, backward = 0, optimizer = 0;
    bool split = true;
    double compute() const { return forward + backward + optimizer; }
    double total() const { return transfer + compute(); }
};

class StepHarness {
public:
    // A fresh backend for `lane` (CPU, or CUDA where built) sized for `batch` rows, initial weights set.
    StepHarness(const SpeedSetup& setup, int lane, Index batch);
    ~StepHarness();
    StepHarness(const StepHarness&) = delete;
    StepHarness& operator=(const StepHarness&) = delete;

    // Copies the next `batch` rows of the training set (dataset order, wrapping) into the batch.
    // Returns the seconds it took.
    double assemble();
    // forwardBackward at the lane's initial loss scale (1 without a scaler), unscale, optimizer step
    // (skipped when a scaler lane finds inf, as GradScaler does). Statistics are not computed.
    StepSeconds step();

private:
    double transferProbe();  // seconds of the probe copy on GPU lanes; 0 on CPU lanes

    const SpeedSetup& m_setup;
    LaneSpec m_lane;
    std::unique_ptr<LaneBackend> m_backend;
    Matrix m_x;
    std::vector<int> m_labels;
    Matrix m_targets;
    Index m_cursor = 0;
    float m_scale = 1.0f;
#ifdef PRESISI_HAVE_CUDA
    cuda::DeviceBuffer m_deviceScratch;  // GPU lanes: room for the batch's bytes, for the transfer probe
#endif
    std::size_t m_batchBytes = 0;     // inputs (B, in) float32 + targets (B, out) float32 or labels (B) int32
};


}  // namespace presisi
