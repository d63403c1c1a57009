// Support for the application suites (tst_app, tst_training_page): a four-lane scenario, waiting with a
// live event loop, strict step order of record batches, counting an image's colours.
#pragma once

#include <QElapsedTimer>
#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <set>
#include <vector>
#include <stdexcept>

#include "engine/device.h"
#include "engine/error.h"
#include "services/scenario_file.h"
#include "main_window.h"
#include "pages/formats_page.h"
#include "pages/linear_page.h"
#include "pages/presets.h"
#include "pages/training_page.h"
#include "run_controller.h"
#include "widgets/histogram_chart.h"
#include "widgets/lane_tile.h"
#include "widgets/live_chart.h"


namespace presisi::apptest {


inline Scenario fourLanes(int steps) {
    Scenario s;
    s.sizes = {2, 64, 64, 3};
    s.data.kind = DatasetKind::Spiral;
    s.batch = 64;
    s.steps = steps;
    s.lanes.clear();
    for (const char* l : {"cpu:f32", "cpu:bf16", "cpu:f16", "cpu:f16+scaler"}) s.lanes.push_back(parseLane(l));
    s.histogramInterval = 25;
    return s;
}

inline int distinctColours(const QImage& image) {
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

// Whether the batches' records count every lane's steps from `from` up to `to` - 1 in order, each
// step once per lane, steps never going back across lanes (a lane's records of step k all come
// before any lane's step k + 1), within a batch and across batch boundaries.
inline bool stepsInStrictOrder(const std::vector<RecordBatch>& batches, int lanes, std::int64_t from, std::int64_t to) {
    std::vector<std::int64_t> next(lanes, from);
    std::int64_t latest = from;
    for (const RecordBatch& b : batches)
        for (const StepRecord& r : b.records) {
            if (r.lane < 0 || r.lane >= lanes || r.step != next[r.lane] || r.step < latest) {
                qWarning("lane %d: step %lld where %lld was due", r.lane, static_cast<long long>(r.step),
                         r.lane >= 0 && r.lane < lanes ? static_cast<long long>(next[r.lane]) : -1LL);
                return false;
            }
            latest = r.step;
            ++next[r.lane];
        }
    return std::all_of(next.begin(), next.end(), [to](std::int64_t n) { return n == to; });
}

inline bool waitFor(const std::function<bool()>& done, int timeoutMs) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
    return true;
}

}  // namespace presisi::apptest
