// The training lab's runner: builds the model like PyTorch, runs every lane side by side on the same
// batches, and reports records through a plain callback. Cancellable between steps. No Qt here.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "../tensor.h"
#include "../torch_rng.h"
#include "batch_sampler.h"
#include "dataset.h"
#include "micro_batches.h"
#include "record.h"
#include "scenario.h"

namespace presisi {

struct Batch;

class LaneBackend;
struct LaneScaler;
class LaneWatch;

using RunCallback = std::function<void(const RunEvent&)>;

// One linear layer's float32 master parameters.
// One linear layer's weight (out, in) and bias (out): nn.Linear's parameters (engine/torch_rng.h).
using LayerWeights = LinearParams;

class Runner {
public:
    // Validates the scenario, loads or makes the data, builds every lane's model from
    // torch.manual_seed(seed). Throws presisi::Error naming the problem. GPU lanes need a backend
    // that this build may lack: then construction throws with the reason.
    explicit Runner(Scenario scenario) : Runner(std::move(scenario), nullptr) {}
    // With the data made (makeData of this scenario's; null: made here): the convergence check's seeds share one.
    Runner(Scenario scenario, std::shared_ptr<const DataPair> data);
    ~Runner();
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    const Scenario& scenario() const { return m_scenario; }
    int laneCount() const { return static_cast<int>(m_scenario.lanes.size()); }
    const Dataset& dataset() const { return m_data->train; }       // for the 2-D data plot
    const Dataset& evalDataset() const { return m_data->eval; }
    std::int64_t stepsDone() const { return m_step; }
    bool finished() const { return m_step >= m_scenario.steps; }

    // One step of every lane (even past scenario.steps; the GUI may keep going). Returns the records,
    // one per lane, and sends them (and any histograms) to the callback too.
    std::vector<StepRecord> step(const RunCallback& callback = {});

    // Steps until scenario.steps are done or `cancel` becomes true (checked between steps), then sends
    // one Final event per lane when the run completed. Returns the number of steps taken.
    std::int64_t run(const RunCallback& callback, const std::atomic<bool>& cancel);

    // Back to step 0: initial weights, optimizer state, scaler, data order.
    void reset();

    // Evaluation in float32 on the evaluation set with the lane's current master weights.
    LaneFinal evaluate(int lane) const;
    // The last step's records, one per lane (empty before the first step).
    const std::vector<StepRecord>& lastRecords() const { return m_last; }

    // The lane's model (master weights, float32) evaluated in float32 at every (xs[i], ys[j]) for a
    // 2-input model: returns (ys.size() * xs.size(), outputs) values, row j*xs.size()+i; class
    // probabilities (softmax) for cross_entropy, raw outputs for mse.
    Matrix predictGrid(int lane, std::span<const float> xs, std::span<const float> ys) const;
    // The lane's model on arbitrary inputs (n, in), in float32, raw outputs (logits).
    Matrix predict(int lane, const Matrix& x) const;

    std::vector<LayerWeights> weights(int lane) const;
    // Replaces the lane's master weights (and clears its optimizer state): hand-set models in tests and
    // experiments. Throws presisi::Error for a missing lane or mismatched shapes.
    void setWeights(int lane, const std::vector<LayerWeights>& weights);
    // The lane's float32 master gradients of the last step (after unscaling).
    std::vector<LayerWeights> gradients(int lane) const;

    // The lane's first inf/NaN (found by the NaN doctor's checked rerun of that step), or nullptr when
    // the lane has stayed finite. Also sent once as a RunEventKind::NonFinite event.
    const FirstNonFinite* firstNonFinite(int lane) const;

private:
    void stepAccumulation(std::vector<StepRecord>& out);
    // What this step records beside the loss: statistics, a histogram, the per-layer ranges.
    struct StepPlan {
        bool statistics = false, histogram = false, ranges = false;
    };
    // Lane i's whole step on the shared batch (its earlier micro-batches already run): forward and backward,
    // statistics, unscale, the NaN doctor's watch, the optimizer, the scaler; its events sent to `callback`.
    StepRecord stepLane(std::size_t i, const Batch& batch, const StepPlan& plan, const RunCallback& callback);
    // The NaN doctor: after lane i's unscale (weights still those of the step), decides whether the step
    // holds the lane's first fault and locates it; returns true when it does.
    bool watchStep(std::size_t i, const Batch& batch, const StepRecord& r, bool foundInf);
    // Lane i's per-layer ranges of the steps up to lastStep (the backend's replays), oldest first.
    std::vector<RangeSnapshot> leadUp(std::size_t i, std::int64_t lastStep);
    // The scale lane i's gradients carry in backward: the loss scale (1 without a scaler) / gradAccum.
    float microScale(std::size_t i) const;

    Scenario m_scenario;
    std::shared_ptr<const DataPair> m_data;  // never null; empty for the workloads without training data
    std::vector<std::unique_ptr<LaneBackend>> m_lanes;
    std::vector<StepRecord> m_last;
    std::int64_t m_step = 0;
    std::optional<BatchSampler> m_sampler;  // the batches every lane trains on (Workload::Training)
    std::vector<LaneScaler> m_scalers;
    std::vector<LaneWatch> m_watch;  // per lane: lead-up ring, first fault, scaler health
    MicroBatches m_micro;              // gradient accumulation's earlier micro-batches of the step
    std::vector<float> m_microScales;  // per lane, microScale()
    // Accumulation workload.
    std::vector<float> m_values;
    std::vector<float> m_sums;
    double m_exactSum = 0;  // Workload::Accumulation: the values so far, summed in double
};

}  // namespace presisi
