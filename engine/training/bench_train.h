// `presisi bench train`: training steps per second per lane, statistics off (as PyTorch computes none),
// and separately the cost of the statistics. No Qt here.
#pragma once

#include <string>
#include <vector>

#include "scenario.h"

namespace presisi {

struct TrainBenchRow {
    std::string lane;
    double stepsPerSecond = 0;           // training alone (statistics off), best of the repeats
    double gflops = 0;                   // 6 * batch * sum(in * out) per step (forward 2, backward 4)
    double stepsPerSecondWithStatistics = 0;
    double statisticsOverhead = 0;       // time per step with statistics / without - 1
};

// Each lane runs alone in its own runner on the scenario's model, data and batch; repeats interleave
// lanes so drift on a shared machine hits them alike. `steps` timed steps per repeat after a warm-up.
std::vector<TrainBenchRow> benchTrain(const Scenario& scenario, int steps, int repeats = 3);

}  // namespace presisi
