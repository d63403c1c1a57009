// The device check's training-run judges (see judge.h): per-step loss tolerances, the run cases and
// their perturbed CPU spreads, gradient statistics, predict() and weight decay. No CUDA, no Qt here.
#include <algorithm>
#include <cmath>

#include "engine/format.h"
#include "engine/metrics.h"
#include "engine/torch_rng.h"
#include "engine/training/dataset.h"
#include "engine/training/runner.h"
#include "judge.h"
#include "judge_support.h"

namespace presisi::gpucheck {

using namespace detail;

// ---- training runs --------------------------------------------------------------------------------

Check judgeRun(const std::string& what, const std::vector<StepRecord>& cpu, const std::vector<StepRecord>& other,
               const RunTolerance& tol, bool scalerExact) {
    if (cpu.size() != other.size() || cpu.empty())
        return {what, Outcome::Fail, std::to_string(cpu.size()) + " and " + std::to_string(other.size()) + " steps"};
    const double floor = tol.floor * std::fabs(cpu.front().loss);
    double worst = 0, worstRel = 0;
    std::int64_t worstStep = 0, skipDiff = 0, scaleDiff = 0, skipped = 0;
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        const double d = std::fabs(other[i].loss - cpu[i].loss);
        const double allowed = std::max(tol.relative * std::fabs(cpu[i].loss), floor);
        const double frac = d / std::max(allowed, 1e-300);
        if (!(frac <= worst)) {
            worst = frac;
            worstStep = cpu[i].step;
            worstRel = d / std::max(std::fabs(cpu[i].loss), 1e-30);
        }
        skipDiff += cpu[i].skipped != other[i].skipped;
        scaleDiff += cpu[i].scale != other[i].scale;
        skipped += cpu[i].skipped;
    }
    const bool ok = worst <= 1.0 && (!scalerExact || (skipDiff == 0 && scaleDiff == 0));
    std::string detail = "worst step " + std::to_string(worstStep) + " at " + fmt("%.2g", worst) +
                         " of max(" + fmt("%.2g", tol.relative) + " |loss|, " + fmt("%.2g", tol.floor) +
                         " |loss0|) (rel. diff " + fmt("%.2g", worstRel) + ", final loss " +
                         fmt("%.4g", cpu.back().loss) + ")";
    if (scalerExact)
        detail += ", skipped " + std::to_string(skipped) + ", steps with different skip/scale " +
                  std::to_string(skipDiff) + "/" + std::to_string(scaleDiff);
    return {what, ok ? Outcome::Pass : Outcome::Fail, detail};
}

Scenario checkScenario(int steps, int histogramInterval) {
    Scenario s;
    s.steps = steps;
    s.seed = 0;
    s.histogramInterval = histogramInterval;
    return s;
}

namespace {

Scenario runScenario() { return checkScenario(200, 0); }

// Moons 2,32,32,2 with tanh and Adam (lr 1e-2): a plain run and a scaler run start from it.
Scenario moonsTanhAdam() {
    Scenario s = runScenario();
    s.data.kind = DatasetKind::Moons;
    s.sizes = {2, 32, 32, 2};
    s.activation = Activation::Tanh;
    s.optimizer.kind = OptimizerSpec::Kind::Adam;
    s.optimizer.lr = 1e-2;
    return s;
}

// Sine 1,32,32,1 with sigmoid, mse and SGD (lr 0.1): a plain run and a scaler run start from it.
Scenario sineSigmoidMse() {
    Scenario s = runScenario();
    s.data.kind = DatasetKind::Sine;
    s.sizes = {1, 32, 32, 1};
    s.activation = Activation::Sigmoid;
    s.loss = LossKind::Mse;
    s.optimizer.lr = 0.1;
    return s;
}

}  // namespace

// Tolerances of the training runs: per step, max(relative |loss|, floor |loss at step 0|) (judgeRun).
// Both numbers of each pair come from CPU-against-perturbed-CPU runs of these very scenarios
// (runPerturbed; tests/tst_device_rehearsal.cpp prints them and asserts a margin of at least two):
//  f32:  largest spread 2.2e-5 of the loss (spiral, step 199) -> 1e-4 relative; floor 1e-5 of the
//        initial loss, which only matters as a run nears zero loss.
//  bf16, f16(+scaler): largest relative spread 1.2% (sine, bf16, step 40), largest spread against the
//        initial loss 0.24% -> 2% relative, floor 1% of the initial loss: four times the spread. The
//        floor is what lets moons (final loss 0.0047) pass with one-unit noise alone.
namespace {
constexpr RunTolerance kF32Tol{1e-4, 1e-5};
constexpr RunTolerance kLowTol{0.02, 0.01};
}  // namespace

std::vector<RunCase> runCases() {
    const std::vector<RunLane> standard = {{parseLane("f32"), kF32Tol},
                                           {parseLane("bf16"), kLowTol},
                                           {parseLane("f16+scaler"), kLowTol}};
    std::vector<RunCase> cases;
    {
        Scenario s = runScenario();
        s.optimizer.momentum = 0.9;
        s.optimizer.lr = 0.05;
        s.histogramInterval = 50;
        cases.push_back({"training spiral 2,64,64,3 relu sgd momentum 0.9, 200 steps", s, standard, false});
    }
    {
        Scenario s = moonsTanhAdam();
        cases.push_back({"training moons 2,32,32,2 tanh adam, 200 steps", s, standard, false});
    }
    {
        Scenario s = sineSigmoidMse();
        cases.push_back({"training sine 1,32,32,1 sigmoid mse sgd, 200 steps", s, standard, false});
    }
    {
        Scenario s = runScenario();
        s.activation = Activation::Gelu;
        s.optimizer.kind = OptimizerSpec::Kind::Adam;
        s.optimizer.lr = 5e-3;
        cases.push_back({"training spiral 2,64,64,3 gelu adam, 200 steps", s, standard, false});
    }
    {
        Scenario s = runScenario();
        s.optimizer.momentum = 0.9;
        s.optimizer.lr = 0.05;
        s.optimizer.weightDecay = 1e-2;
        s.histogramInterval = 25;
        cases.push_back({"training ftz lanes: spiral relu sgd momentum 0.9, weight decay 1e-2, 200 steps", s,
                         {{parseLane("f32+ftz"), kF32Tol},
                          {parseLane("bf16+ftz"), kLowTol},
                          {parseLane("f16+scaler+ftz"), kLowTol}},
                         false});
    }
    {
        // Starts far too high (overflow, back-offs) and grows every 10 clean steps.
        Scenario s = runScenario();
        s.scaler.initScale = std::ldexp(1.0, 24);
        s.scaler.growthInterval = 10;
        cases.push_back({"training scaler spiral: f16+scaler from 2^24, growth every 10, skips and scales identical", s,
                         {{parseLane("f16+scaler"), kLowTol}}, true});
    }
    {
        Scenario s = moonsTanhAdam();
        s.scaler.initScale = std::ldexp(1.0, 30);
        s.scaler.growthInterval = 5;
        cases.push_back({"training scaler moons: f16+scaler and +ftz from 2^30, growth every 5, skips and scales identical",
                         s, {{parseLane("f16+scaler"), kLowTol}, {parseLane("f16+scaler+ftz"), kLowTol}}, true});
    }
    {
        Scenario s = sineSigmoidMse();
        s.scaler.initScale = std::ldexp(1.0, 40);
        s.scaler.growthInterval = 20;
        cases.push_back({"training scaler sine mse: f16+scaler and bf16+scaler from 2^40, growth every 20, skips and "
                         "scales identical",
                         s, {{parseLane("f16+scaler"), kLowTol}, {parseLane("bf16+scaler"), kLowTol}}, true});
    }
    return cases;
}

std::vector<std::vector<StepRecord>> runOn(const RunCase& c, Device device, double inputScale) {
    Scenario s = c.scenario;
    s.data.inputScale *= inputScale;
    s.lanes.clear();
    for (const RunLane& l : c.lanes) {
        LaneSpec spec = l.lane;
        spec.device = device;
        s.lanes.push_back(spec);
    }
    Runner runner(s);
    std::vector<std::vector<StepRecord>> rec(s.lanes.size());
    for (int i = 0; i < s.steps; ++i) {
        const std::vector<StepRecord> r = runner.step();
        for (std::size_t j = 0; j < r.size(); ++j) rec[j].push_back(r[j]);
    }
    return rec;
}

double perturbedInputScale(Format f) {
    switch (f) {
    case Format::BF16: return 1 + 0x1p-10;
    case Format::F16: return 1 + 0x1p-13;
    default: return 1 + 0x1p-20;
    }
}

std::vector<std::vector<StepRecord>> runPerturbed(const RunCase& c) {
    std::vector<std::vector<StepRecord>> out(c.lanes.size());
    for (Format f : kAllFormats) {
        RunCase only = c;  // the lanes of format f alone (lanes do not interact)
        std::vector<std::size_t> where;
        only.lanes.clear();
        for (std::size_t k = 0; k < c.lanes.size(); ++k)
            if (c.lanes[k].lane.format == f) {
                only.lanes.push_back(c.lanes[k]);
                where.push_back(k);
            }
        if (where.empty()) continue;
        auto rec = runOn(only, Device::Cpu, perturbedInputScale(f));
        for (std::size_t j = 0; j < where.size(); ++j) out[where[j]] = std::move(rec[j]);
    }
    return out;
}

Check judgeRunCase(const RunCase& c, const std::vector<std::vector<StepRecord>>& cpu,
                   const std::vector<std::vector<StepRecord>>& other) {
    bool ok = true;
    std::string detail;
    for (std::size_t k = 0; k < c.lanes.size(); ++k) {
        const Check one = judgeRun("", cpu[k], other[k], c.lanes[k].tol, c.scalerExact && c.lanes[k].lane.scaler);
        ok = ok && one.outcome == Outcome::Pass;
        LaneSpec l = c.lanes[k].lane;
        l.device = Device::Cpu;
        detail += (detail.empty() ? "" : "; ") + l.label().substr(4) + ": " + one.detail;
    }
    return {c.name, ok ? Outcome::Pass : Outcome::Fail, detail};
}

GradientMoves gradientMoves(const std::vector<LayerWeights>& a, const std::vector<LayerWeights>& b) {
    // The bins of LayerHistogram: zero, non-finite, or floor(log2 |v|) clamped to [-150, 128].
    const auto bin = [](float v) {
        if (v == 0.0f) return 1000;
        if (!std::isfinite(v)) return 2000;
        return std::clamp(std::ilogb(v), -150, 128);
    };
    GradientMoves m;
    const auto add = [&](const float* x, const float* y, Index n) {
        for (Index i = 0; i < n; ++i) {
            ++m.count;
            m.differing += !sameValue(x[i], y[i]);
            m.binMoved += bin(x[i]) != bin(y[i]);
            m.zeroMoved += (x[i] == 0.0f) != (y[i] == 0.0f);
        }
    };
    for (std::size_t l = 0; l < a.size() && l < b.size(); ++l) {
        add(a[l].weight.data(), b[l].weight.data(), a[l].weight.size());
        add(a[l].bias.data(), b[l].bias.data(), a[l].bias.size());
    }
    return m;
}

Check judgeStatistics(const GradHistogram& cpu, const GradHistogram& other, const StepRecord& cpuRecord,
                      const StepRecord& otherRecord, const GradientMoves& moves) {
    if (cpu.layers.empty() || cpu.layers.size() != other.layers.size())
        return {"", Outcome::Fail, "histograms missing: " + std::to_string(cpu.layers.size()) + " and " +
                                       std::to_string(other.layers.size()) + " layers"};
    std::int64_t weightL1 = 0, actL1 = 0, shadowZeros = 0, weightCount = 0, nonFiniteDiff = 0;
    for (std::size_t k = 0; k < cpu.layers.size(); ++k) {
        const LayerHistogram &a = cpu.layers[k], &b = other.layers[k];
        std::int64_t l1 = std::abs(a.zeros - b.zeros);
        for (std::size_t i = 0; i < std::max(a.counts.size(), b.counts.size()); ++i)
            l1 += std::abs((i < a.counts.size() ? a.counts[i] : 0) - (i < b.counts.size() ? b.counts[i] : 0));
        nonFiniteDiff += std::abs(a.nonFinite - b.nonFinite);
        if (a.weight) {
            weightL1 += l1;
            shadowZeros += std::abs(a.f32Zeros - b.f32Zeros);
            weightCount += a.zeros + a.nonFinite;
            for (std::int64_t c : a.counts) weightCount += c;
        } else {
            actL1 += l1;
        }
    }
    const double underflowMoved =
        std::fabs(cpuRecord.weightGradUnderflow - otherRecord.weightGradUnderflow) * static_cast<double>(weightCount);
    const std::int64_t allowedL1 = 2 * moves.binMoved, allowedUnderflow = moves.zeroMoved + shadowZeros;
    const bool ok = weightL1 <= allowedL1 && underflowMoved <= static_cast<double>(allowedUnderflow) + 0.5 &&
                    nonFiniteDiff == 0 && moves.count == weightCount;
    return {"", ok ? Outcome::Pass : Outcome::Fail,
            std::to_string(moves.differing) + " of " + std::to_string(moves.count) + " weight gradients differ, " +
                std::to_string(moves.binMoved) + " change bin (histograms count " + std::to_string(weightCount) +
                "); weight histograms L1 " + std::to_string(weightL1) + " (allowed " + std::to_string(allowedL1) +
                "), underflow count moved " + fmt("%.0f", underflowMoved) + " (allowed " +
                std::to_string(allowedUnderflow) +
                "), non-finite counts differ by " + std::to_string(nonFiniteDiff) +
                "; measured: activation-gradient histograms L1 " + std::to_string(actL1) + ", underflow shares act " +
                fmt("%.4g", cpuRecord.actGradUnderflow) + "/" + fmt("%.4g", otherRecord.actGradUnderflow)};
}

Check judgePredict(const std::vector<LayerWeights>& w, Activation act, const Matrix& x, const Matrix& cpu,
                   const Matrix& other) {
    const double slope = act == Activation::Sigmoid ? 0.25 : act == Activation::Gelu ? 1.13 : 1.0;
    // a: a bound on |layer input|; e: on one side's distance from the exact value of it.
    MatrixD a = x.cast<double>().cwiseAbs(), e = MatrixD::Zero(x.rows(), x.cols());
    for (std::size_t l = 0; l < w.size(); ++l) {
        const MatrixD Wa = w[l].weight.cast<double>().cwiseAbs();
        MatrixD mag = (a + e) * Wa.transpose();  // bounds |z| and the sum of its terms' magnitudes
        mag.rowwise() += w[l].bias.cast<double>().cwiseAbs().transpose();
        MatrixD en = e * Wa.transpose();
        for (Index i = 0; i < en.size(); ++i)
            en.data()[i] += orderBound(w[l].weight.cols() + 1, mag.data()[i], kNearestF32Unit);
        if (l + 1 < w.size()) {
            const MatrixD an = (mag.array() + 1.0).matrix();  // |act(z)| <= |z| + 1 for all four
            en = (en * slope).eval();
            for (Index i = 0; i < en.size(); ++i) en.data()[i] += 8 * 0x1p-24 * (an.data()[i] + mag.data()[i]);
            a = an;
        } else {
            a = mag;
        }
        e = en;
    }
    double worst = 0;
    Index at = 0;
    for (Index i = 0; i < cpu.size(); ++i) {
        const double frac = std::fabs(static_cast<double>(other.data()[i]) - cpu.data()[i]) /
                            std::max(2 * e.data()[i], 1e-300);
        if (!(frac <= worst)) {
            worst = frac;
            at = i;
        }
    }
    return {"", worst <= 1.0 ? Outcome::Pass : Outcome::Fail,
            "worst output " + std::to_string(at) + " at " + fmt("%.3g", worst) + " of twice the carried order bound (" +
                std::to_string(cpu.size()) + " outputs, float32 evaluation)"};
}

Check decayLeavesGradients(LaneBackend& lane, const Scenario& s) {
    const DataPair data = makeData(s.data, s.sizes, s.loss, s.seed);
    TorchGenerator gen(s.seed);
    std::vector<LayerWeights> init;
    for (std::size_t l = 0; l + 1 < s.sizes.size(); ++l) {
        LinearParams p = linearInit(gen, s.sizes[l], s.sizes[l + 1]);
        init.push_back({std::move(p.weight), std::move(p.bias)});
    }
    lane.setWeights(init);
    const Index rows = std::min<Index>(s.batch, data.train.size());
    const Matrix x = data.train.x.topRows(rows);
    const Matrix targets = data.train.classification() ? Matrix() : Matrix(data.train.targets.topRows(rows));
    Batch batch;
    batch.x = &x;
    if (data.train.classification()) batch.labels = std::span<const int>(data.train.labels.data(), static_cast<std::size_t>(rows));
    else batch.targets = &targets;
    lane.forwardBackward(batch, 1.0f);
    lane.unscale(1.0f);
    const std::vector<LayerWeights> before = lane.gradients();
    lane.optimizerStep();
    const std::vector<LayerWeights> after = lane.gradients();
    std::int64_t changed = 0, count = 0;
    for (std::size_t l = 0; l < before.size(); ++l) {
        count += before[l].weight.size() + before[l].bias.size();
        changed += (before[l].weight.array() != after[l].weight.array()).count();
        changed += (before[l].bias.array() != after[l].bias.array()).count();
    }
    return {"", changed ? Outcome::Fail : Outcome::Pass,
            std::to_string(changed) + " of " + std::to_string(count) +
                " gradient elements changed by the optimizer step (weight decay " + fmt("%g", s.optimizer.weightDecay) +
                "; none expected)"};
}

}  // namespace presisi::gpucheck
