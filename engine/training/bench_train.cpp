// Training throughput per lane, with and without statistics. No Qt here.
#include "bench_train.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include "runner.h"

namespace presisi {

namespace {

double timeSteps(const Scenario& base, const LaneSpec& lane, bool statistics, int steps) {
    Scenario s = base;
    s.lanes = {lane};
    s.statistics = statistics;
    s.histogramInterval = statistics ? base.histogramInterval : 0;
    s.steps = steps;
    Runner runner(s);
    for (int i = 0; i < std::min(50, steps); ++i) runner.step();  // warm-up: caches, page faults
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < steps; ++i) runner.step();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

std::vector<TrainBenchRow> benchTrain(const Scenario& scenario, int steps, int repeats) {
    std::vector<TrainBenchRow> rows(scenario.lanes.size());
    std::vector<double> best(rows.size(), 1e300), bestStats(rows.size(), 1e300);
    const int statSteps = std::max(1, steps / 4);
    for (int r = 0; r < repeats; ++r) {
        for (std::size_t i = 0; i < rows.size(); ++i) {
            best[i] = std::min(best[i], timeSteps(scenario, scenario.lanes[i], false, steps) / steps);
            bestStats[i] = std::min(bestStats[i], timeSteps(scenario, scenario.lanes[i], true, statSteps) / statSteps);
        }
    }
    double flops = 0;
    for (std::size_t l = 0; l + 1 < scenario.sizes.size(); ++l)
        flops += 6.0 * scenario.batch * scenario.sizes[l] * scenario.sizes[l + 1];
    for (std::size_t i = 0; i < rows.size(); ++i) {
        rows[i].lane = scenario.lanes[i].label();
        rows[i].stepsPerSecond = 1.0 / best[i];
        rows[i].gflops = flops / best[i] * 1e-9;
        rows[i].stepsPerSecondWithStatistics = 1.0 / bestStats[i];
        rows[i].statisticsOverhead = bestStats[i] / best[i] - 1.0;
    }
    return rows;
}

}  // namespace presisi
