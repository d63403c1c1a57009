// RunController: a worker QThread per run segment, batched queued hand-over, stop between steps.
#include "run_controller.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <algorithm>
#include <exception>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace presisi {

namespace {

struct TypeRegistration {
    TypeRegistration() {
        qRegisterMetaType<RecordBatch>("presisi::RecordBatch");
        qRegisterMetaType<RunInfo>("presisi::RunInfo");
        qRegisterMetaType<RunState>("presisi::RunState");
    }
};

QStringList laneLabels(const Scenario& s) {
    QStringList out;
    for (const LaneSpec& l : s.lanes) out << QString::fromStdString(l.label());
    return out;
}

}  // namespace

QString runStateName(RunState state) {
    switch (state) {
        case RunState::Idle: return "ready";
        case RunState::Starting: return "starting";
        case RunState::Running: return "running";
        case RunState::Stopping: return "stopping";
        case RunState::Paused: return "paused";
        case RunState::Finished: return "finished";
        case RunState::Failed: return "failed";
    }
    return {};
}

RunController::RunController(QObject* parent) : QObject(parent) {
    static TypeRegistration registration;
}

RunController::~RunController() {
    if (m_thread) {
        m_thread->requestInterruption();
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
}

void RunController::setState(RunState s) {
    if (s == m_state) return;
    m_state = s;
    emit stateChanged(s);
}

void RunController::start(const Scenario& scenario) {
    prepare(scenario);
    launch(scenario.steps, true);
}

void RunController::prepare(const Scenario& scenario) {
    if (m_thread) {
        stop();
        waitForIdle();
    }
    m_scenario = scenario;
    m_runner.reset();
    m_records.clear();
    m_finals.clear();
    m_stepsDone = 0;
}

void RunController::resume() {
    if (m_thread) return;
    if (!m_runner) {
        start(m_scenario);
        return;
    }
    const std::int64_t done = m_runner->stepsDone();
    const std::int64_t target = done >= m_scenario.steps ? done + m_scenario.steps : m_scenario.steps;
    launch(target, false);
}

void RunController::stepOnce() {
    if (m_thread) return;
    if (!m_runner) {
        m_records.clear();
        m_finals.clear();
        launch(1, true);
        return;
    }
    launch(m_runner->stepsDone() + 1, false);
}

void RunController::stop() {
    if (!m_thread) return;
    m_thread->requestInterruption();
    setState(RunState::Stopping);
}

void RunController::reset() {
    if (m_thread) {
        stop();
        waitForIdle();
    }
    m_records.clear();
    m_finals.clear();
    m_stepsDone = 0;
    m_failure.clear();
    if (m_runner) {
        try {
            m_runner->reset();
        } catch (const std::exception& e) {
            m_runner.reset();
            emit runFailed(QString::fromUtf8(e.what()));
        }
    }
    ++m_run;  // batches still queued from before the reset are dropped
    setState(RunState::Idle);
    emit runReset();
}

void RunController::waitForIdle() {
    while (m_thread) {
        m_thread->wait(20);
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    QCoreApplication::processEvents();
}

void RunController::launch(std::int64_t targetSteps, bool fresh) {
    if (fresh) ++m_run;
    m_failure.clear();
    m_reachedTarget = false;
    const std::uint64_t run = m_run;
    setState(fresh ? RunState::Starting : RunState::Running);
    m_thread = QThread::create([this, run, targetSteps, fresh] { workerBody(run, targetSteps, fresh); });
    m_thread->setObjectName("presisi-run");
    QThread* t = m_thread;
    connect(t, &QThread::finished, this, [this, t] {
        t->wait();
        t->deleteLater();
        if (m_thread == t) m_thread = nullptr;
        if (!m_failure.isEmpty()) setState(RunState::Failed);
        else if (m_reachedTarget) setState(RunState::Finished);
        else setState(RunState::Paused);
    }, Qt::QueuedConnection);
    t->start();
}

BoundarySnapshot RunController::boundary(Runner& runner) const {
    BoundarySnapshot b;
    const Scenario& s = runner.scenario();
    if (m_gridN <= 1 || s.workload != Workload::Training || s.sizes.empty()) return b;
    const Dataset& d = runner.dataset();
    if (d.size() == 0) return b;
    if (d.inputs() == 1) {
        // A fitted curve: the model at 4 points per grid cell along the data's x extent.
        const float x0 = d.x.col(0).minCoeff(), x1 = d.x.col(0).maxCoeff();
        const int n = 4 * m_gridN;
        Matrix grid(n, 1);
        for (int i = 0; i < n; ++i) {
            b.xs.push_back(x0 + (x1 - x0) * static_cast<float>(i) / static_cast<float>(n - 1));
            grid(i, 0) = b.xs.back();
        }
        for (int lane = 0; lane < runner.laneCount(); ++lane) b.perLane.push_back(runner.predict(lane, grid));
        b.step = runner.stepsDone() - 1;
        return b;
    }
    if (d.inputs() != 2) {
        const Index n = std::min<Index>(d.size(), 256);
        const Matrix x = d.x.topRows(n);
        for (int lane = 0; lane < runner.laneCount(); ++lane) b.perLane.push_back(runner.predict(lane, x));
        b.step = runner.stepsDone() - 1;
        return b;
    }
    const float x0 = d.x.col(0).minCoeff(), x1 = d.x.col(0).maxCoeff();
    const float y0 = d.x.col(1).minCoeff(), y1 = d.x.col(1).maxCoeff();
    const float px = 0.1f * std::max(1e-3f, x1 - x0), py = 0.1f * std::max(1e-3f, y1 - y0);
    b.xs.resize(m_gridN);
    b.ys.resize(m_gridN);
    for (int i = 0; i < m_gridN; ++i) {
        const float t = (i + 0.5f) / m_gridN;
        b.xs[i] = x0 - px + t * (x1 - x0 + 2 * px);
        b.ys[i] = y0 - py + t * (y1 - y0 + 2 * py);
    }
    for (int lane = 0; lane < runner.laneCount(); ++lane) b.perLane.push_back(runner.predictGrid(lane, b.xs, b.ys));
    b.step = runner.stepsDone() - 1;
    return b;
}

void RunController::deliver(RecordBatch batch) {
    --m_inFlight;
    if (batch.run != m_run) return;
    m_records.insert(m_records.end(), batch.records.begin(), batch.records.end());
    m_finals.insert(m_finals.end(), batch.finals.begin(), batch.finals.end());
    if (m_state == RunState::Starting) setState(RunState::Running);
    emit recordsReady(batch);
}

void RunController::workerBody(std::uint64_t run, std::int64_t target, bool fresh) {
    // No exception leaves this function: a failure becomes runFailed on the GUI thread.
    QThread* self = QThread::currentThread();
#ifdef __linux__
    // The engine yields to the window when the cores are busy: a nice value of 5 on this thread only
    // (Linux nice values are per thread). With a free core the engine runs at full speed anyway.
    setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 5);
#endif
    RecordBatch batch;
    batch.run = run;
    auto post = [this](RecordBatch&& b) {
        ++m_inFlight;
        QMetaObject::invokeMethod(this, [this, b = std::move(b)]() mutable { deliver(std::move(b)); },
                                  Qt::QueuedConnection);
    };
    try {
        if (fresh) {
            auto runner = std::make_shared<Runner>(m_scenario);
            RunInfo info;
            info.run = run;
            info.scenario = runner->scenario();
            info.lanes = laneLabels(info.scenario);
            info.data = runner->dataset();
            info.classification = info.data.classification();
            m_runner = runner;
            QMetaObject::invokeMethod(this, [this, info] {
                if (info.run == m_run) emit runStarted(info);
            }, Qt::QueuedConnection);
        }
        Runner& runner = *m_runner;
        QElapsedTimer sinceEmit, sinceGrid;
        sinceEmit.start();
        sinceGrid.start();
        std::int64_t stepsInBatch = 0;
        bool gridDue = true;
        const auto histogramSink = [&batch](const RunEvent& e) {
            if (e.kind == RunEventKind::Histogram) batch.histograms.push_back(e.histogram);
        };
        auto flush = [&](bool withGrid) {
            const double secs = std::max(1e-9, sinceEmit.nsecsElapsed() * 1e-9);
            batch.stepsPerSecond = stepsInBatch / secs;
            if (withGrid) {
                batch.boundary = boundary(runner);
                sinceGrid.restart();
                gridDue = false;
            }
            // A batch without records (a stop right after a hand-over) still names the last step done.
            if (batch.records.empty()) batch.lastStep = runner.stepsDone() - 1;
            post(std::move(batch));
            batch = RecordBatch{};
            batch.run = run;
            stepsInBatch = 0;
            sinceEmit.restart();
        };
        QElapsedTimer stepClock;
        double stepMs = 0;
        while (runner.stepsDone() < target && !self->isInterruptionRequested()) {
            if (m_fault) m_fault(runner.stepsDone());
            stepClock.start();
            const std::vector<StepRecord> records = runner.step(histogramSink);
            stepMs = stepClock.nsecsElapsed() * 1e-6;
            batch.records.insert(batch.records.end(), records.begin(), records.end());
            batch.lastStep = runner.stepsDone() - 1;
            ++stepsInBatch;
            m_stepsDone = runner.stepsDone();
            if (sinceGrid.elapsed() >= m_gridIntervalMs) gridDue = true;
            // Hand over at the step boundary nearest the interval (not the first one after it), never
            // sooner than 30 ms after the last; coalesce while the GUI still has two batches to draw,
            // so the window stays responsive however fast the engine runs.
            const double due = std::max(std::min(30.0, m_intervalMs * 1.0), m_intervalMs - stepMs / 2);
            // The target's last step always goes out with the final flush below, so the last
            // batch of a run holds its last step (and the finals).
            if (runner.stepsDone() < target && sinceEmit.nsecsElapsed() * 1e-6 >= due && m_inFlight.load() < 2)
                flush(gridDue);
        }
        const bool reached = runner.stepsDone() >= target;
        if (reached && runner.stepsDone() >= runner.scenario().steps)
            for (int lane = 0; lane < runner.laneCount(); ++lane) batch.finals.push_back(runner.evaluate(lane));
        flush(true);
        QMetaObject::invokeMethod(this, [this, run, reached] {
            if (run == m_run) m_reachedTarget = reached;
        }, Qt::QueuedConnection);
    } catch (const std::exception& e) {
        const QString message = QString::fromUtf8(e.what());
        if (!batch.records.empty()) post(std::move(batch));
        QMetaObject::invokeMethod(this, [this, run, message] {
            if (run != m_run) return;
            m_failure = message;
            emit runFailed(message);
        }, Qt::QueuedConnection);
    } catch (...) {
        QMetaObject::invokeMethod(this, [this, run] {
            if (run != m_run) return;
            m_failure = "unknown engine failure";
            emit runFailed(m_failure);
        }, Qt::QueuedConnection);
    }
}

}  // namespace presisi
