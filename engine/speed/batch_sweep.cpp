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

// One round: a fresh backend at `batch`, one warm-up step (caches, page faults), then timed steps until
// the round has lasted minSecondsPerRound and run stepsPerPoint steps (or a slow point's share of
// maxSecondsPerPoint is spent). Returns the timed seconds and steps.
struct Round {
    double seconds = 0;
    std::int64_t steps = 0;
};

Round timeRound(const SpeedSetup& setup, int lane, std::int64_t batch, const SweepSettings& set,
                const std::atomic<bool>& cancel) {
    StepHarness h(setup, lane, static_cast<Index>(batch));
    if (cancel.load()) throw Cancelled();
    h.assemble();
    h.step();
    Round r;
    const double cap = set.maxSecondsPerPoint > 0 ? set.maxSecondsPerPoint / std::max(1, set.repeats) : 0.0;
    while (true) {
        if (cancel.load()) throw Cancelled();
        h.assemble();
        r.seconds += h.step().total();
        ++r.steps;
        const bool longEnough = r.seconds >= set.minSecondsPerRound && r.steps >= set.stepsPerPoint;
        if (longEnough || (cap > 0 && r.seconds > cap)) break;
    }
    return r;
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
    const int repeats = std::max(1, settings.repeats);
    for (std::size_t at = 0; at < order.size();) {
        // The lanes of this batch, round by round.
        const std::int64_t b = order[at].second;
        std::vector<int> running;
        for (; at < order.size() && order[at].second == b; ++at) {
            const int l = order[at].first;
            std::string& why = stopped[static_cast<std::size_t>(l)];
            if (why.empty()) why = wontRun(scenario, setup, l, b, hostAvailable);
            if (why.empty()) running.push_back(l);
            else if (progress) progress(++done, total);
        }
        std::vector<std::vector<Round>> rounds(running.size());
        std::vector<double> spent(running.size(), 0.0);
        for (int k = 0; k < repeats; ++k)
            for (std::size_t i = 0; i < running.size(); ++i) {
                // A slow point stops after maxSecondsPerPoint, with at least three rounds.
                if (k >= 3 && settings.maxSecondsPerPoint > 0 && spent[i] > settings.maxSecondsPerPoint) continue;
                rounds[i].push_back(timeRound(setup, running[i], b, settings, cancel));
                spent[i] += rounds[i].back().seconds;
            }
        for (std::size_t i = 0; i < running.size(); ++i) {
            const int l = running[i];
            SweepPoint p{l, b, 0.0, 0.0};
            std::vector<double> perStep;
            for (const Round& round : rounds[i]) {
                perStep.push_back(round.seconds / static_cast<double>(round.steps));
                p.steps += round.steps;
                p.seconds += round.seconds;
            }
            p.rounds = static_cast<int>(rounds[i].size());
            const double seconds = median(perStep);
            const auto [fastest, slowest] = std::minmax_element(perStep.begin(), perStep.end());
            p.spread = seconds > 0 ? (*slowest - *fastest) / seconds : 0.0;
            p.samplesPerSecond = seconds > 0 ? static_cast<double>(b) / seconds : 0.0;
            p.bytes = laneMemory(scenario, static_cast<int>(std::min<std::int64_t>(b, INT32_MAX)))[static_cast<std::size_t>(l)].total();
            if (settings.maxSecondsPerStep > 0 && seconds > settings.maxSecondsPerStep)
                stopped[static_cast<std::size_t>(l)] = "stopped after batch " + std::to_string(b) + ": a step took " +
                                                        shortSeconds(seconds) + ", more than " +
                                                        shortSeconds(settings.maxSecondsPerStep);
            r.points.push_back(p);
            if (progress) progress(++done, total);
        }
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
    note << "samples/s = batch / seconds of a training step (host-to-device transfer on GPU lanes, forward, "
            "backward, optimizer; batch assembly and statistics excluded), the median over "
         << repeats << " rounds of at least " << shortSeconds(settings.minSecondsPerRound) << " and "
         << settings.stepsPerPoint << (settings.stepsPerPoint == 1 ? " step" : " steps")
         << " each, the lanes' rounds interleaved; spread = (slowest - fastest round) / median; knee = smallest batch reaching " << kKneeFraction * 100
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
