// The responsiveness probe behind `presisi --measure-responsiveness`: while four CPU lanes train the
// 2-64-64-3 model at full speed, a helper thread posts timestamped events to the GUI thread every
// 5 ms; the delay until each is handled is the event-loop latency. Chart refreshes are counted too.
#pragma once

#include <QString>
#include <cstdint>
#include <utility>
#include <vector>

namespace presisi {

class MainWindow;

struct ResponsivenessResult {
    double seconds = 0;
    int samples = 0;
    double p50Ms = 0, p99Ms = 0, maxMs = 0;  // event-loop latency
    double refreshesPerSecond = 0;            // loss-chart refreshes
    double batchesPerSecond = 0;
    double stepsPerSecond = 0;                // runner steps (all lanes together)
    double stopMs = 0;                        // from stop() to the worker having ended
    QString lanes;
    QString model = "2-64-64-3, batch 256";
    // The soak (a run of a given number of steps): resident memory sampled every second.
    std::int64_t soakSteps = 0;
    std::vector<std::pair<double, double>> residentMiB;  // (seconds since start, MiB)
    double warmMiB = 0, endMiB = 0, peakAfterWarmMiB = 0;
    double growthPercent = 0;  // end against warm-up
    double peakPercent = 0;    // highest sample after warm-up against warm-up
    double recordStoreMiB = 0;  // what the run controller's record store holds in memory at the end
    QString toText() const;
    QString toJson() const;
};

// This process's resident memory (VmRSS) in MiB; 0 where /proc is missing.
double residentMiBNow();

// Runs the measurement on `window` (shown) for `seconds`; the window's event loop keeps running.
// With `soakSteps` > 0 it is the soak instead: four lanes of a 2-16-3 model (batch 32) run until that
// many steps are done, with resident memory sampled every second; "warm" is the first sample after
// a tenth of the steps, and the growth is the highest later sample against it.
ResponsivenessResult measureResponsiveness(MainWindow& window, double seconds, std::int64_t soakSteps = 0);

}  // namespace presisi
