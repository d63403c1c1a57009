// The event-loop latency probe: a poster thread, a receiver on the GUI thread, percentiles at the end.
#include "responsiveness.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "main_window.h"
#include "pages/training_page.h"
#include "run_controller.h"
#include "widgets/live_chart.h"

namespace presisi {

namespace {

const QEvent::Type kProbeEvent = static_cast<QEvent::Type>(QEvent::registerEventType());

class ProbeEvent : public QEvent {
public:
    explicit ProbeEvent(qint64 postedNs) : QEvent(kProbeEvent), posted(postedNs) {}
    qint64 posted;
};

class Receiver : public QObject {
public:
    explicit Receiver(const QElapsedTimer& clock) : m_clock(clock) {}
    bool event(QEvent* e) override {
        if (e->type() != kProbeEvent) return QObject::event(e);
        const qint64 now = m_clock.nsecsElapsed();
        latenciesMs.push_back((now - static_cast<ProbeEvent*>(e)->posted) * 1e-6);
        return true;
    }
    std::vector<double> latenciesMs;

private:
    const QElapsedTimer& m_clock;
};

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t i = std::min(v.size() - 1, static_cast<std::size_t>(p * (v.size() - 1) + 0.5));
    return v[i];
}

}  // namespace

QString ResponsivenessResult::toText() const {
    QString soak;
    if (soakSteps > 0)
        soak = QString("soak: %1 steps; resident memory %2 MiB after warm-up, %3 MiB at the end (%4 %), highest "
                       "after warm-up %5 MiB (%6 %); record store in memory %7 MiB\n")
                   .arg(soakSteps)
                   .arg(warmMiB, 0, 'f', 1)
                   .arg(endMiB, 0, 'f', 1)
                   .arg(growthPercent, 0, 'f', 2)
                   .arg(peakAfterWarmMiB, 0, 'f', 1)
                   .arg(peakPercent, 0, 'f', 2)
                   .arg(recordStoreMiB, 0, 'f', 2);
    return soak + QString("lanes %1, %11, %2 s\n"
                   "event-loop latency: p50 %3 ms, p99 %4 ms, max %5 ms (%6 samples)\n"
                   "chart refreshes: %7 /s; batches: %8 /s; runner steps: %9 /s\n"
                   "stop: %10 ms\n")
        .arg(lanes)
        .arg(seconds, 0, 'f', 1)
        .arg(p50Ms, 0, 'f', 2)
        .arg(p99Ms, 0, 'f', 2)
        .arg(maxMs, 0, 'f', 2)
        .arg(samples)
        .arg(refreshesPerSecond, 0, 'f', 1)
        .arg(batchesPerSecond, 0, 'f', 1)
        .arg(stepsPerSecond, 0, 'f', 0)
        .arg(stopMs, 0, 'f', 1)
        .arg(model);
}

QString ResponsivenessResult::toJson() const {
    QJsonObject o;
    o["lanes"] = lanes;
    o["seconds"] = seconds;
    o["samples"] = samples;
    o["latency_p50_ms"] = p50Ms;
    o["latency_p99_ms"] = p99Ms;
    o["latency_max_ms"] = maxMs;
    o["chart_refreshes_per_s"] = refreshesPerSecond;
    o["batches_per_s"] = batchesPerSecond;
    o["steps_per_s"] = stepsPerSecond;
    o["stop_ms"] = stopMs;
    o["model"] = model;
    if (soakSteps > 0) {
        o["soak_steps"] = static_cast<double>(soakSteps);
        o["resident_warm_mib"] = warmMiB;
        o["resident_end_mib"] = endMiB;
        o["resident_peak_after_warm_mib"] = peakAfterWarmMiB;
        o["resident_growth_percent"] = growthPercent;  // end against warm-up
        o["resident_peak_percent"] = peakPercent;      // highest sample after warm-up against warm-up
        o["record_store_mib"] = recordStoreMiB;
        QJsonArray samples;
        for (const auto& [t, mib] : residentMiB) samples.append(QJsonArray{t, mib});
        o["resident_mib_samples"] = samples;
    }
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

double residentMiBNow() {
    QFile f("/proc/self/status");
    if (!f.open(QIODevice::ReadOnly)) return 0;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:")) return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

ResponsivenessResult measureResponsiveness(MainWindow& window, double seconds, std::int64_t soakSteps) {
    TrainingPage* page = window.trainingPage();
    RunController* rc = page->controller();
    window.setPage(MainWindow::TrainingIndex);

    Scenario s;
    s.sizes = {2, 64, 64, 3};
    s.data.kind = DatasetKind::Spiral;
    s.batch = 256;
    s.steps = 100000000;  // "full speed": until stopped
    if (soakSteps > 0) {
        s.sizes = {2, 16, 3};
        s.batch = 32;
        s.steps = static_cast<int>(soakSteps);
    }
    s.lanes.clear();
    for (const char* l : {"cpu:f32", "cpu:bf16", "cpu:f16", "cpu:f16+scaler"}) s.lanes.push_back(parseLane(l));
    page->setScenario(s);

    QElapsedTimer clock;
    clock.start();
    Receiver receiver(clock);
    page->run();
    // Let the run get going before measuring.
    while (rc->state() == RunState::Starting && clock.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);

    const int refreshes0 = page->lossChart()->refreshCount();
    const int batches0 = page->batchesReceived();
    const std::int64_t steps0 = rc->stepsDone();
    const qint64 t0 = clock.nsecsElapsed();
    std::atomic<bool> done{false};
    std::thread poster([&] {
        while (!done.load()) {
            QCoreApplication::postEvent(&receiver, new ProbeEvent(clock.nsecsElapsed()));
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    });
    ResponsivenessResult r;
    {
        // A real event loop, as the window runs it (a processEvents() loop would poll and spin).
        QEventLoop loop;
        QTimer sampler;
        if (soakSteps > 0) {
            r.soakSteps = soakSteps;
            r.model = "2-16-3, batch 32";
            QObject::connect(rc, &RunController::stateChanged, &loop, [&loop](RunState st) {
                if (st == RunState::Finished || st == RunState::Failed) loop.quit();
            });
            QObject::connect(&sampler, &QTimer::timeout, &loop, [&] {
                r.residentMiB.emplace_back((clock.nsecsElapsed() - t0) * 1e-9, residentMiBNow());
                if (r.warmMiB == 0 && rc->stepsDone() >= soakSteps / 10) r.warmMiB = r.residentMiB.back().second;
                else if (r.warmMiB > 0) r.peakAfterWarmMiB = std::max(r.peakAfterWarmMiB, r.residentMiB.back().second);
            });
            sampler.start(1000);
        } else {
            QTimer::singleShot(static_cast<int>(seconds * 1000), &loop, &QEventLoop::quit);
        }
        loop.exec();
    }
    done = true;
    poster.join();
    const double elapsed = (clock.nsecsElapsed() - t0) * 1e-9;
    if (soakSteps > 0) {
        r.endMiB = residentMiBNow();
        r.peakAfterWarmMiB = std::max(r.peakAfterWarmMiB, r.endMiB);
        if (r.warmMiB > 0) {
            r.growthPercent = 100.0 * (r.endMiB - r.warmMiB) / r.warmMiB;
            r.peakPercent = 100.0 * (r.peakAfterWarmMiB - r.warmMiB) / r.warmMiB;
        }
        r.recordStoreMiB = rc->records().memoryBytes() / (1024.0 * 1024.0);
    }

    r.lanes = "cpu:f32, cpu:bf16, cpu:f16, cpu:f16+scaler";
    r.seconds = elapsed;
    r.refreshesPerSecond = (page->lossChart()->refreshCount() - refreshes0) / elapsed;
    r.batchesPerSecond = (page->batchesReceived() - batches0) / elapsed;
    r.stepsPerSecond = (rc->stepsDone() - steps0) / elapsed;

    const qint64 s0 = clock.nsecsElapsed();
    rc->stop();
    rc->waitForIdle();
    r.stopMs = (clock.nsecsElapsed() - s0) * 1e-6;
    QCoreApplication::sendPostedEvents(&receiver);
    r.samples = static_cast<int>(receiver.latenciesMs.size());
    r.p50Ms = percentile(receiver.latenciesMs, 0.50);
    r.p99Ms = percentile(receiver.latenciesMs, 0.99);
    r.maxMs = receiver.latenciesMs.empty() ? 0 : *std::max_element(receiver.latenciesMs.begin(), receiver.latenciesMs.end());
    return r;
}

}  // namespace presisi
