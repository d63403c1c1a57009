// One Speed-lab lane driven and timed part by part. No Qt here.
#include "step_harness.h"

#include <algorithm>
#include <chrono>

#include "../error.h"
#include "../timing.h"
#include "../torch_rng.h"
#include "../training/lane_backend.h"
#ifdef PRESISI_HAVE_CUDA
#include "../cuda/cuda_training.h"  // synchronize()
#endif

namespace presisi {

SpeedSetup prepareSpeed(const Scenario& scenario) {
    SpeedSetup s{scenario, {}, {}};
    validate(s.scenario);
    if (s.scenario.workload != Workload::Training)
        throw Error("the speed lab measures training; this scenario is the " +
                    std::string(workloadName(s.scenario.workload)) + " demo");
    s.data = makeData(s.scenario.data, s.scenario.sizes, s.scenario.loss, s.scenario.seed);
    if (s.data.train.size() < 1) throw Error("the training set is empty: the speed lab needs at least one row");
    // The runner's initialisation: torch.manual_seed(seed), then each nn.Linear in order.
    TorchGenerator gen(s.scenario.seed);
    s.init = mlpInit(gen, s.scenario.sizes);
    return s;
}

StepHarness::StepHarness(const SpeedSetup& setup, int lane, Index batch)
    : m_setup(setup), m_lane(setup.scenario.lanes.at(static_cast<std::size_t>(lane))) {
    if (batch < 1) throw Error("batch = " + std::to_string(batch) + ": the speed lab needs a batch of at least 1");
    m_backend = makeLane(setup.scenario, m_lane, batch);
    m_backend->setWeights(setup.init);
    const Dataset& d = setup.data.train;
    m_x.resize(batch, d.inputs());
    if (d.classification()) m_labels.resize(static_cast<std::size_t>(batch));
    else m_targets.resize(batch, d.targets.cols());
    m_scale = m_lane.scaler ? static_cast<float>(setup.scenario.scaler.initScale) : 1.0f;
    m_batchBytes = static_cast<std::size_t>(m_x.size()) * sizeof(float) +
                   (d.classification() ? m_labels.size() * sizeof(int) : static_cast<std::size_t>(m_targets.size()) * sizeof(float));
#ifdef PRESISI_HAVE_CUDA
    if (m_lane.device == Device::Gpu) {
        const std::string what = "lane " + m_lane.label() + ": the transfer probe's " + std::to_string(m_batchBytes) + "-byte batch";
        cuda::requireDeviceMemory(m_batchBytes, what);
        m_deviceScratch.reserve(m_batchBytes, what);
    }
#endif
}

StepHarness::~StepHarness() = default;

double StepHarness::transferProbe() {
#ifdef PRESISI_HAVE_CUDA
    if (m_deviceScratch.capacity() == 0) return 0;
    // Pageable host memory, as the lane's upload: the copy may return before the transfer ends, so the
    // clock stops after a synchronize.
    const auto t0 = SteadyClock::now();
    const std::size_t xBytes = static_cast<std::size_t>(m_x.size()) * sizeof(float);
    const char* what = "the transfer probe";
    cuda::uploadBytes(m_deviceScratch, 0, m_x.data(), xBytes, what);
    const void* rest = m_setup.data.train.classification() ? static_cast<const void*>(m_labels.data())
                                                           : static_cast<const void*>(m_targets.data());
    cuda::uploadBytes(m_deviceScratch, xBytes, rest, m_batchBytes - xBytes, what);
    cuda::synchronize(what);
    return secondsBetween(t0, SteadyClock::now());
#else
    return 0;
#endif
}

double StepHarness::assemble() {
    const auto t0 = SteadyClock::now();
    const Dataset& d = m_setup.data.train;
    const Index n = d.size();
    for (Index i = 0; i < m_x.rows(); ++i) {
        m_x.row(i) = d.x.row(m_cursor);
        if (d.classification()) m_labels[static_cast<std::size_t>(i)] = d.labels[static_cast<std::size_t>(m_cursor)];
        else m_targets.row(i) = d.targets.row(m_cursor);
        if (++m_cursor == n) m_cursor = 0;
    }
    return secondsBetween(t0, SteadyClock::now());
}

StepSeconds StepHarness::step() {
    Batch batch;
    batch.x = &m_x;
    if (m_setup.data.train.classification()) batch.labels = m_labels;
    else batch.targets = &m_targets;
    const double transfer = transferProbe();
    const auto t0 = SteadyClock::now();
    m_backend->forwardBackward(batch, m_scale);
    const auto t1 = SteadyClock::now();
    const LaneBackend::StepTimes halves = m_backend->lastStepTimes();
    // GradScaler.unscale_: inv_scale = 1 / scale in double, rounded to float32.
    const float inv = m_lane.scaler ? static_cast<float>(1.0 / static_cast<double>(m_scale)) : 1.0f;
    const bool foundInf = m_backend->unscale(inv);
    if (!(m_lane.scaler && foundInf)) m_backend->optimizerStep();
#ifdef PRESISI_HAVE_CUDA
    // The optimizer's kernels may still be queued: wait, so that they count here and not in the next
    // step's forward.
    if (m_lane.device == Device::Gpu) cuda::synchronize("lane " + m_lane.label() + "'s optimizer step");
#endif
    const auto t2 = SteadyClock::now();
    StepSeconds s;
    const double both = secondsBetween(t0, t1);
    if (halves.forward > 0 || halves.backward > 0) {
        // The backend's forward time, and the rest of the measured call as backward, so that the parts
        // add up to what the step took.
        s.forward = std::min(halves.forward, both);
        s.backward = both - s.forward;
    } else {
        s.forward = both;
        s.split = false;
    }
    s.optimizer = secondsBetween(t1, t2);
    // The lane's own upload is inside its forward: the probe's time moves from forward to transfer.
    s.transfer = std::min(transfer, s.forward);
    s.forward -= s.transfer;
    return s;
}

}  // namespace presisi
