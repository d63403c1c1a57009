// The training runner: PyTorch-like initialisation, shared minibatches, the loss scaler, records and
// histograms, cancellation between steps; and the accumulation demo. No Qt here.
#include "runner.h"

#include <chrono>
#include <cmath>

#include "../error.h"
#include "../numerics/loss_scale.h"
#include "../timing.h"
#include "../torch_rng.h"
#include "lane_backend.h"
#include "nonfinite.h"
#include "scaled_linears.h"

namespace presisi {

// The per-lane state the runner owns: GradScaler's scale and growth tracker.
struct LaneScaler {
    float scale = 1.0f;           // float32, as GradScaler's _scale tensor
    std::int32_t tracker = 0;     // int32, as _growth_tracker
};

Runner::Runner(Scenario scenario, std::shared_ptr<const DataPair> data)
    : m_scenario(std::move(scenario)), m_data(std::move(data)) {
    validate(m_scenario);
    for (const LaneSpec& lane : m_scenario.lanes) checkLaneBuilt(lane);
    const bool training = m_scenario.workload == Workload::Training;
    if (!m_data)
        m_data = std::make_shared<const DataPair>(
            training ? makeData(m_scenario.data, m_scenario.sizes, m_scenario.loss, m_scenario.seed) : DataPair{});
    if (training) {
        const Index n = m_data->train.size();
        const Index b = m_scenario.batch == 0 ? n : m_scenario.batch;
        if (m_scenario.norm == NormKind::Batch && b < 2)
            throw Error("batch = " + std::to_string(b) + ": BatchNorm needs at least 2 rows per batch (nn.BatchNorm1d: "
                        "\"Expected more than 1 value per channel when training\")");
        for (const LaneSpec& lane : m_scenario.lanes) m_lanes.push_back(makeLane(m_scenario, lane, b));
        m_sampler.emplace(m_data->train, b, m_scenario.shuffle, m_scenario.seed);
    }
    m_scalers.resize(m_scenario.lanes.size());
    m_watch.resize(m_scenario.lanes.size());
    reset();
}

Runner::~Runner() = default;

float Runner::microScale(std::size_t i) const {
    const float scale = m_scalers[i].scale;
    return m_scenario.gradAccum > 1 ? scale / static_cast<float>(m_scenario.gradAccum) : scale;
}

void Runner::reset() {
    m_step = 0;
    m_last.clear();
    for (std::size_t i = 0; i < m_scalers.size(); ++i) {
        m_scalers[i].scale = m_scenario.lanes[i].scaler ? static_cast<float>(m_scenario.scaler.initScale) : 1.0f;
        m_scalers[i].tracker = 0;
    }
    for (LaneWatch& w : m_watch) w.reset();
    if (m_scenario.workload == Workload::Accumulation) {
        TorchGenerator gen(m_scenario.data.seed.value_or(m_scenario.seed));
        m_values.assign(static_cast<std::size_t>(m_scenario.accumulationValues), 0.0f);
        rand(gen, m_values);
        m_sums.assign(m_scenario.lanes.size(), 0.0f);
        m_exactSum = 0;
        return;
    }
    TorchGenerator gen(m_scenario.seed);
    const std::vector<LayerWeights> init = mlpInit(gen, m_scenario.sizes);
    for (auto& lane : m_lanes) lane->setWeights(init);
    m_sampler->reset();
}

std::vector<StepRecord> Runner::step(const RunCallback& callback) {
    std::vector<StepRecord> out(m_scenario.lanes.size());
    if (m_scenario.workload == Workload::Accumulation) {
        stepAccumulation(out);
    } else {
        // Gradient accumulation: micro-batches 0..K-2 only run forward and backward; the last goes through
        // the whole step (stepLane).
        m_microScales.resize(m_lanes.size());
        for (std::size_t i = 0; i < m_lanes.size(); ++i) m_microScales[i] = microScale(i);
        m_micro.runEarly(*m_sampler, m_lanes, m_microScales, m_scenario.gradAccum);
        m_sampler->next();
        const Batch batch = m_sampler->batch();
        StepPlan plan;
        plan.statistics = m_scenario.statistics;
        const int K = m_scenario.histogramInterval;
        plan.histogram = plan.statistics && K > 0 && m_step % K == 0;
        const int R = m_scenario.rangeInterval;
        plan.ranges = plan.statistics && R > 0 && m_step % R == 0;
        for (std::size_t i = 0; i < m_lanes.size(); ++i) out[i] = stepLane(i, batch, plan, callback);
    }
    ++m_step;
    m_last = out;
    if (callback) {
        RunEvent e;
        e.kind = RunEventKind::Step;
        for (const StepRecord& r : out) {
            e.record = r;
            callback(e);
        }
    }
    return out;
}

StepRecord Runner::stepLane(std::size_t i, const Batch& batch, const StepPlan& plan, const RunCallback& callback) {
    LaneBackend& lane = *m_lanes[i];
    LaneScaler& s = m_scalers[i];
    const bool scaler = m_scenario.lanes[i].scaler;
    StepRecord r;
    r.lane = static_cast<int>(i);
    r.step = m_step;
    r.scale = s.scale;
    r.growthTracker = s.tracker;
    const auto t0 = SteadyClock::now();
    const float backScale = m_microScales[i];  // the scale the lane's gradients carry: scale / K
    const ForwardResult f = m_micro.stepResult(i, lane.forwardBackward(batch, backScale));
    const auto t1 = SteadyClock::now();
    CastSnapshot casts{static_cast<int>(i), m_step, lane.castRecords()};
    summariseCasts(casts.casts, r);
    // Statistics, ranges and histograms describe the last micro-batch; unscale, the gradient norm and the
    // optimizer the K micro-batches' sum.
    GradHistogram hist;
    if (plan.statistics) {
        const GradStatistics g = lane.statistics(batch, backScale, plan.histogram ? &hist : nullptr);
        r.actGradUnderflow = g.actGradUnderflow;
        r.weightGradUnderflow = g.weightGradUnderflow;
        r.gradSubnormal = g.gradSubnormal;
        r.overflows = g.overflows;
    } else {
        r.overflows = -1;
    }
    RangeSnapshot ranges;
    if (plan.ranges) ranges = {static_cast<int>(i), m_step, backScale, lane.ranges(backScale)};
    const auto t2 = SteadyClock::now();
    // GradScaler.unscale_: inv_scale = 1 / scale taken in double, then rounded to float32.
    const float inv = scaler ? static_cast<float>(1.0 / static_cast<double>(s.scale)) : 1.0f;
    const bool foundInf = lane.unscale(inv);
    const auto t3 = SteadyClock::now();
    if (plan.statistics) r.gradNorm = lane.gradNorm();
    const auto t4 = SteadyClock::now();
    r.skipped = scaler && foundInf;
    r.loss = f.loss;
    r.accuracy = f.accuracy;
    r.finite = std::isfinite(f.loss);
    // Only a flag test per step; the rerun happens on the lane's first fault.
    const bool faultNow = !m_watch[i].fault() && watchStep(i, batch, r, foundInf);
    if (!r.skipped) lane.optimizerStep();
    const auto t5 = SteadyClock::now();
    r.seconds = m_micro.seconds(i) + secondsBetween(t0, t1) + secondsBetween(t2, t3) + secondsBetween(t4, t5);
    LaneWatch& watch = m_watch[i];
    if (scaler) {
        // torch._amp_update_scale_ (engine/numerics/loss_scale.h); a floored backoff is reported.
        const numerics::LossScaleState next =
            numerics::updateLossScale({s.scale, s.tracker, false}, foundInf, m_scenario.scaler);
        r.scaleFloored = next.floored;
        s.scale = next.scale;
        s.tracker = next.tracker;
    }
    // The step's events, each only when it happened.
    const auto send = [&](RunEventKind kind, const auto& fill) {
        if (!callback) return;
        RunEvent e;
        e.kind = kind;
        fill(e);
        callback(e);
    };
    if (scaler)
        if (auto w = watch.scalerHealth(r, s.scale, std::string(traits(m_scenario.lanes[i].format).name)))
            send(RunEventKind::ScalerWarning, [&](RunEvent& e) { e.scalerWarning = std::move(*w); });
    if (faultNow) send(RunEventKind::NonFinite, [&](RunEvent& e) { e.nonFinite = *watch.fault(); });
    if (plan.ranges) send(RunEventKind::Range, [&](RunEvent& e) { e.range = std::move(ranges); });
    if (!casts.casts.empty()) send(RunEventKind::Casts, [&](RunEvent& e) { e.casts = std::move(casts); });
    if (plan.histogram)
        send(RunEventKind::Histogram, [&](RunEvent& e) {
            hist.lane = static_cast<int>(i);
            hist.step = m_step;
            e.histogram = std::move(hist);
        });
    return r;
}

bool Runner::watchStep(std::size_t i, const Batch& batch, const StepRecord& r, bool foundInf) {
    LaneWatch& watch = m_watch[i];
    if (watch.fault()) return false;
    LaneBackend& lane = *m_lanes[i];
    const bool scaler = m_scenario.lanes[i].scaler;
    const float scale = m_scalers[i].scale;
    // A scaler lane's skipped step is the scaler working, not a fault; but a non-finite loss is (no scale
    // helps the forward pass), and so is an inf made by unscaling with 1/scale > 1.
    const bool suspect = !r.finite || (!scaler && (foundInf || r.overflows > 0)) || (scaler && foundInf && scale < 1.0f);
    if (!suspect) return false;
    FirstNonFinite fault;
    if (lane.nonFiniteWeight(fault.layer, fault.value)) {
        // The weights this step ran on were already non-finite: the previous step's update wrote them from
        // finite gradients (a non-finite gradient would have been caught on that step).
        fault.lane = static_cast<int>(i);
        fault.step = r.step - 1;
        fault.op = FaultOp::Optimizer;
        fault.tensor = TensorKind::WeightGradient;
        fault.formatMax = traits(Format::F32).max;
        fault.format = "f32";
        watch.setFault(std::move(fault), leadUp(i, r.step - 1));
        return true;
    }
    // With gradient accumulation the checked pass reruns the step's last micro-batch.
    fault = lane.diagnose(batch, microScale(i));
    if (fault.formatMax == 0 && m_scenario.lanes[i].device == Device::Gpu) {
        // A backend without the checked pass (the CUDA lane): its numerics are the CPU lane's op for op,
        // so a CPU twin with the same formats, policy and weights reruns the step.
        Scenario twinScenario = m_scenario;
        if (twinScenario.policyBase == PolicyBase::DeviceDefault) twinScenario.policyBase = PolicyBase::Cuda;
        LaneSpec twinLane = m_scenario.lanes[i];
        twinLane.device = Device::Cpu;
        twinLane.native = false;
        const auto twin = makeCpuLane(twinScenario, twinLane, m_sampler->rows());
        twin->setWeights(lane.weights());
        fault = twin->diagnose(batch, microScale(i));
    }
    fault.lane = static_cast<int>(i);
    fault.step = r.step;
    const bool located = !(fault.op == FaultOp::Unscale && std::isnan(fault.value));
    if (located) {
        // A scaler lane's backward overflow is what the scaler skips: not a fault.
        const bool forward = fault.op == FaultOp::ForwardLinear || fault.op == FaultOp::SoftmaxLoss ||
                             ((fault.op == FaultOp::Activation || fault.op == FaultOp::Norm) &&
                              fault.tensor == TensorKind::Activation);
        if (scaler && r.finite && !forward) return false;
    } else {
        // Forward and backward stayed finite in the lane's formats: unscaling made the inf.
        fault.op = FaultOp::Unscale;
        fault.tensor = TensorKind::WeightGradient;
        fault.format = "f32";
        fault.formatMax = traits(Format::F32).max;
        fault.value = INFINITY;
        const std::vector<LayerWeights> g = lane.gradients();
        for (std::size_t l = 0; l < g.size() && std::isinf(fault.value); ++l)
            if (!g[l].weight.allFinite() || !g[l].bias.allFinite()) {
                fault.layer = static_cast<int>(l);
                break;
            }
    }
    watch.setFault(std::move(fault), leadUp(i, r.step));
    return true;
}

std::vector<RangeSnapshot> Runner::leadUp(std::size_t i, std::int64_t lastStep) {
    std::vector<RangeSnapshot> out;
    const auto ranges = m_lanes[i]->leadUpRanges(lastStep < m_step ? 1 : 0);
    std::int64_t step = lastStep - static_cast<std::int64_t>(ranges.size()) + 1;
    for (const auto& [scale, tensors] : ranges) out.push_back({static_cast<int>(i), step++, scale, tensors});
    return out;
}

const FirstNonFinite* Runner::firstNonFinite(int lane) const {
    if (lane < 0 || lane >= laneCount()) return nullptr;
    const auto& f = m_watch[static_cast<std::size_t>(lane)].fault();
    return f ? &*f : nullptr;
}

void Runner::stepAccumulation(std::vector<StepRecord>& out) {
    const std::size_t n = m_values.size();
    const std::size_t b = m_scenario.batch == 0 ? n : static_cast<std::size_t>(m_scenario.batch);
    const std::size_t begin = std::min(n, static_cast<std::size_t>(m_step) * b);
    const std::size_t end = std::min(n, begin + b);
    // torch.rand values are multiples of 2^-24 below 1: their double sum is exact.
    for (std::size_t k = begin; k < end; ++k) m_exactSum += static_cast<double>(m_values[k]);
    for (std::size_t i = 0; i < m_scenario.lanes.size(); ++i) {
        const LaneSpec& lane = m_scenario.lanes[i];
        const Subnormals sub = lane.subnormals;
        const auto t0 = SteadyClock::now();
        float acc = m_sums[i];
        // The accumulator lives in the lane's format: every partial sum is rounded to it.
        for (std::size_t k = begin; k < end; ++k) acc = roundTo(lane.format, acc + m_values[k], sub);
        m_sums[i] = acc;
        StepRecord& r = out[i];
        r.lane = static_cast<int>(i);
        r.step = m_step;
        r.loss = acc;
        r.exactSum = m_exactSum;
        r.finite = std::isfinite(acc);
        r.seconds = secondsBetween(t0, SteadyClock::now());
    }
}

std::int64_t Runner::run(const RunCallback& callback, const std::atomic<bool>& cancel) {
    std::int64_t taken = 0;
    while (m_step < m_scenario.steps && !cancel.load(std::memory_order_relaxed)) {
        step(callback);
        ++taken;
    }
    if (m_step >= m_scenario.steps && callback) {
        RunEvent e;
        e.kind = RunEventKind::Final;
        for (int i = 0; i < laneCount(); ++i) {
            e.final = evaluate(i);
            callback(e);
        }
    }
    return taken;
}

LaneFinal Runner::evaluate(int lane) const {
    LaneFinal f;
    f.lane = lane;
    if (static_cast<std::size_t>(lane) < m_last.size()) {
        f.loss = m_last[static_cast<std::size_t>(lane)].loss;
        f.accuracy = m_last[static_cast<std::size_t>(lane)].accuracy;
    }
    if (m_scenario.workload != Workload::Training) return f;
    const Dataset& d = m_data->eval.size() > 0 ? m_data->eval : m_data->train;
    const Matrix out = predict(lane, d.x);
    double sum = 0, sumSq = 0;  // of the per-sample losses, in double
    if (d.classification()) {
        std::int64_t right = 0;
        for (Index i = 0; i < out.rows(); ++i) {
            const auto row = out.row(i);
            Index best = 0;
            for (Index j = 1; j < row.size(); ++j)
                if (row(j) > row(best)) best = j;
            const int y = d.labels[static_cast<std::size_t>(i)];
            if (best == y && std::isfinite(row(best))) ++right;
            const float m = row.maxCoeff();
            double s = 0;
            for (Index j = 0; j < row.size(); ++j) s += std::exp(static_cast<double>(row(j) - m));
            const double li = -(static_cast<double>(row(y) - m) - std::log(s));
            sum += li;
            sumSq += li * li;
        }
        f.evalAccuracy = static_cast<double>(right) / static_cast<double>(out.rows());
        f.evalLoss = static_cast<float>(sum / static_cast<double>(out.rows()));
    } else {
        for (Index i = 0; i < out.rows(); ++i) {
            double li = 0;
            for (Index j = 0; j < out.cols(); ++j) {
                const double e = static_cast<double>(out(i, j)) - static_cast<double>(d.targets(i, j));
                li += e * e;
            }
            sum += li;
            li /= static_cast<double>(out.cols());
            sumSq += li * li;
        }
        f.evalLoss = static_cast<float>(sum / static_cast<double>(out.size()));
    }
    const double n = static_cast<double>(out.rows());
    if (out.rows() > 1) {
        // The per-sample losses' mean (regression: `sum` ran over every output of every sample).
        const double mean = d.classification() ? sum / n : sum / static_cast<double>(out.size());
        const double var = std::max(0.0, (sumSq - n * mean * mean) / (n - 1));
        f.evalLossStdError = std::sqrt(var / n);
    }
    return f;
}

Matrix Runner::predict(int lane, const Matrix& x) const {
    if (lane < 0 || lane >= laneCount()) throw Error("predict: lane " + std::to_string(lane) + " does not exist");
    if (m_scenario.workload != Workload::Training) throw Error("predict: the accumulation workload has no model");
    if (x.cols() != m_scenario.sizes.front())
        throw Error("predict: inputs have " + std::to_string(x.cols()) + " columns, the model takes " +
                    std::to_string(m_scenario.sizes.front()));
    return m_lanes[static_cast<std::size_t>(lane)]->predict(x);
}

Matrix Runner::predictGrid(int lane, std::span<const float> xs, std::span<const float> ys) const {
    if (m_scenario.sizes.front() != 2) throw Error("predictGrid: the model has " + std::to_string(m_scenario.sizes.front()) + " inputs, not 2");
    Matrix pts(static_cast<Index>(xs.size() * ys.size()), 2);
    for (std::size_t j = 0; j < ys.size(); ++j)
        for (std::size_t i = 0; i < xs.size(); ++i) {
            const Index r = static_cast<Index>(j * xs.size() + i);
            pts(r, 0) = xs[i];
            pts(r, 1) = ys[j];
        }
    Matrix out = predict(lane, pts);
    if (m_scenario.loss == LossKind::CrossEntropy) {
        for (Index r = 0; r < out.rows(); ++r) {
            auto row = out.row(r);
            const float m = row.maxCoeff();
            row = (row.array() - m).exp().matrix();
            row /= row.sum();
        }
    }
    return out;
}

std::vector<LayerWeights> Runner::weights(int lane) const {
    if (lane < 0 || lane >= laneCount() || m_lanes.empty()) throw Error("weights: lane " + std::to_string(lane) + " has no model");
    return m_lanes[static_cast<std::size_t>(lane)]->weights();
}

void Runner::setWeights(int lane, const std::vector<LayerWeights>& w) {
    if (lane < 0 || lane >= laneCount() || m_lanes.empty()) throw Error("setWeights: lane " + std::to_string(lane) + " has no model");
    if (w.size() + 1 != m_scenario.sizes.size()) throw Error("setWeights: " + std::to_string(w.size()) + " layers, the model has " + std::to_string(m_scenario.sizes.size() - 1));
    for (std::size_t l = 0; l < w.size(); ++l)
        if (w[l].weight.rows() != m_scenario.sizes[l + 1] || w[l].weight.cols() != m_scenario.sizes[l] ||
            w[l].bias.size() != m_scenario.sizes[l + 1])
            throw Error("setWeights: layer " + std::to_string(l + 1) + " has the wrong shape");
    m_lanes[static_cast<std::size_t>(lane)]->setWeights(w);
}

std::vector<LayerWeights> Runner::gradients(int lane) const {
    if (lane < 0 || lane >= laneCount() || m_lanes.empty()) throw Error("gradients: lane " + std::to_string(lane) + " has no model");
    return m_lanes[static_cast<std::size_t>(lane)]->gradients();
}

double LayerHistogram::binLowerEdge(std::size_t i) const { return std::ldexp(1.0, minExponent + static_cast<int>(i)); }

}  // namespace presisi
