// The batch-size sweep: samples per second per lane and batch, up to the memory limit; the knee. No Qt here.
#include "batch_sweep.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <sstream>

#include "../error.h"
#include "../training/memory_estimate.h"
#include "memory_plan.h"
#include "step_harness.h"

namespace presisi {

namespace {

using Clock = std::chrono::steady_clock;

// The batches one lane runs: the list (or powers of two up to the cap) cut at the limit; when the
// list reaches past the limit, the limit itself ends it.
std::vector<std::int64_t> lanePlan(const SweepSettings& set, std::int64_t limit) {
    std::vector<std::int64_t> want = set.batches;
    if (want.empty()) {
        for (std::int64_t b = 1; b <= set.maxBatch; b *= 2) want.push_back(b);
        if (set.maxBatch >= 1 && want.back() < set.maxBatch && limit <= set.maxBatch) want.push_back(limit);
    }
    std::sort(want.begin(), want.end());
    want.erase(std::unique(want.begin(), want.end()), want.end());
    std::vector<std::int64_t> plan;
    for (std::int64_t b : want)
        if (b <= limit) plan.push_back(b);
    if (limit >= 1 && !want.empty() && want.back() > limit && (plan.empty() || plan.back() != limit)) plan.push_back(limit);
    return plan;
}

// Median seconds of one training step at `batch` (2 warm-up steps first: caches, page faults).
double timePoint(const SpeedSetup& setup, int lane, std::int64_t batch, const SweepSettings& set,
                 const std::atomic<bool>& cancel) {
    StepHarness h(setup, lane, static_cast<Index>(batch));
    for (int i = 0; i < 2; ++i) {
        if (cancel.load()) throw Cancelled();
        h.assemble();
        h.step();
    }
    std::vector<double> times;
    const auto start = Clock::now();
    for (int i = 0; i < set.stepsPerPoint; ++i) {
        if (cancel.load()) throw Cancelled();
        h.assemble();
        times.push_back(h.step().total());
        const double spent = std::chrono::duration<double>(Clock::now() - start).count();
        if (set.maxSecondsPerPoint > 0 && spent > set.maxSecondsPerPoint && times.size() >= 3) break;
    }
    return median(times);
}

std::string shortSeconds(double s) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3g s", s);
    return b;
}

// Why a CPU lane cannot run `batch` here although the plan allows it: the emulated lane allocates more
// than the format's bytes (float32 storage and a float32 shadow, memory_estimate.h), and that must fit
// the host's available memory. Empty when it can run.
std::string wontRun(const Scenario& scenario, const SpeedSetup& setup, int lane, std::int64_t batch,
                    const std::optional<std::uint64_t>& hostAvailable) {
    const LaneSpec& spec = scenario.lanes[static_cast<std::size_t>(lane)];
    if (spec.device != Device::Cpu || !hostAvailable) return {};
    Scenario one = scenario;
    one.lanes = {spec};
    one.batch = static_cast<int>(std::min<std::int64_t>(batch, INT32_MAX));
    const std::int64_t rows = std::max<std::int64_t>(setup.data.train.size(), batch);
    const MemoryEstimate e = estimateTrainingMemory(one, rows, setup.data.eval.size());
    if (e.perLaneBytes <= static_cast<double>(*hostAvailable)) return {};
    return "batch " + std::to_string(batch) + " and larger skipped: the emulated lane would allocate " +
           formatBytes(e.perLaneBytes) + ", more than the " + formatBytes(static_cast<double>(*hostAvailable)) + " available";
}

}  // namespace

SweepReport runBatchSweep(const Scenario& scenario, const SweepSettings& settings,
                          const std::function<void(int, int)>& progress, const std::atomic<bool>& cancel) {
    if (settings.stepsPerPoint < 1) throw Error("steps per point = " + std::to_string(settings.stepsPerPoint) + ": need at least 1");
    for (std::int64_t b : settings.batches)
        if (b < 1) throw Error("batch " + std::to_string(b) + " in the sweep: batches must be at least 1");
    if (settings.batches.empty() && settings.maxBatch < 1)
        throw Error("largest batch = " + std::to_string(settings.maxBatch) + ": need at least 1");
    const SpeedSetup setup = prepareSpeed(scenario);
    const int lanes = static_cast<int>(scenario.lanes.size());
    SweepReport r;
    std::vector<std::vector<std::int64_t>> plans(static_cast<std::size_t>(lanes));
    std::string source;
    int total = 0;
    for (int l = 0; l < lanes; ++l) {
        const double budget = settings.budgetBytes > 0 ? settings.budgetBytes : defaultBudget(scenario.lanes[l], &source);
        r.budgetBytes.push_back(budget);
        r.limitBatch.push_back(largestBatch(scenario, l, budget));
        plans[static_cast<std::size_t>(l)] = lanePlan(settings, r.limitBatch.back());
        total += static_cast<int>(plans[static_cast<std::size_t>(l)].size());
    }
    // Batch-major order, lanes interleaved at each batch, so drift on a shared machine hits lanes alike.
    std::vector<std::pair<int, std::int64_t>> order;
    std::vector<std::int64_t> all;
    for (const auto& p : plans) all.insert(all.end(), p.begin(), p.end());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    for (std::int64_t b : all)
        for (int l = 0; l < lanes; ++l)
            if (std::binary_search(plans[static_cast<std::size_t>(l)].begin(), plans[static_cast<std::size_t>(l)].end(), b))
                order.emplace_back(l, b);
    int done = 0;
    if (progress) progress(0, total);
    std::vector<std::string> stopped(static_cast<std::size_t>(lanes));  // why a lane's larger batches were skipped
    const auto hostAvailable = availableMemory();
    for (const auto& [l, b] : order) {
        std::string& why = stopped[static_cast<std::size_t>(l)];
        if (why.empty()) why = wontRun(scenario, setup, l, b, hostAvailable);
        if (!why.empty()) {
            if (progress) progress(++done, total);
            continue;
        }
        const double seconds = timePoint(setup, l, b, settings, cancel);
        if (settings.maxSecondsPerStep > 0 && seconds > settings.maxSecondsPerStep)
            why = "stopped after batch " + std::to_string(b) + ": a step took " + shortSeconds(seconds) + ", more than " +
                  shortSeconds(settings.maxSecondsPerStep);
        const double bytes = laneMemory(scenario, static_cast<int>(std::min<std::int64_t>(b, INT32_MAX)))[static_cast<std::size_t>(l)].total();
        r.points.push_back({l, b, seconds > 0 ? static_cast<double>(b) / seconds : 0.0, bytes});
        if (progress) progress(++done, total);
    }
    std::stable_sort(r.points.begin(), r.points.end(), [](const SweepPoint& a, const SweepPoint& b) {
        return a.lane != b.lane ? a.lane < b.lane : a.batch < b.batch;
    });
    // The knee: the smallest batch within kKneeFraction of the lane's best samples/s.
    r.kneeBatch.assign(static_cast<std::size_t>(lanes), 0);
    for (int l = 0; l < lanes; ++l) {
        double best = 0;
        for (const auto& p : r.points)
            if (p.lane == l) best = std::max(best, p.samplesPerSecond);
        for (const auto& p : r.points)
            if (p.lane == l && p.samplesPerSecond >= kKneeFraction * best) {
                r.kneeBatch[static_cast<std::size_t>(l)] = p.batch;
                break;
            }
    }
    std::ostringstream note;
    note << "samples/s = batch / median seconds of a training step (host-to-device transfer on GPU lanes, forward, "
            "backward, optimizer; batch assembly and statistics excluded), up to "
         << settings.stepsPerPoint << " steps per point; knee = smallest batch reaching " << kKneeFraction * 100
         << "% of the lane's best; limit = largest batch whose lane memory fits the budget ("
         << (settings.budgetBytes > 0 ? formatBytes(settings.budgetBytes) + " set" : source) << ")";
    if (settings.batches.empty()) note << "; batches are powers of two up to " << settings.maxBatch << " and the limit";
    for (int l = 0; l < lanes; ++l) {
        const std::string lane = scenario.lanes[static_cast<std::size_t>(l)].label();
        if (r.limitBatch[static_cast<std::size_t>(l)] == 0) note << "; " << lane << ": even batch 1 does not fit";
        if (!stopped[static_cast<std::size_t>(l)].empty()) note << "; " << lane << ": " << stopped[static_cast<std::size_t>(l)];
    }
    r.note = note.str();
    return r;
}

}  // namespace presisi
