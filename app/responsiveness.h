// The responsiveness probe behind `presisi --measure-responsiveness`: while four CPU lanes train the
// 2-64-64-3 model at full speed, a helper thread posts timestamped events to the GUI thread every
// 5 ms; the delay until each is handled is the event-loop latency. Chart refreshes are counted too.
#pragma once

#include <QString>

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
    QString toText() const;
    QString toJson() const;
};

// Runs the measurement on `window` (shown) for `seconds`; the window's event loop keeps running.
ResponsivenessResult measureResponsiveness(MainWindow& window, double seconds);

}  // namespace presisi
