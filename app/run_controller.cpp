// RunController: a command queue pumped on the engine worker, batched queued hand-over, stop and yield between steps.
#include "run_controller.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <chrono>
#include <exception>
#include <limits>
#include <utility>

#include "engine/error.h"


namespace presisi {

namespace {

struct TypeRegistration {
    TypeRegistration() {
        qRegisterMetaType<RecordBatch>("presisi::RecordBatch");
        qRegisterMetaType<RunInfo>("presisi::RunInfo");
        qRegisterMetaType<RunState>("presisi::RunState");
        qRegisterMetaType<Moment>("presisi::Moment");
        qRegisterMetaType<JobKind>("presisi::JobKind");
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
        case RunState::Idle: return QCoreApplication::translate("RunController", "ready");
        case RunState::Starting: return QCoreApplication::translate("RunController", "starting");
        case RunState::Running: return QCoreApplication::translate("RunController", "running");
        case RunState::Stopping: return QCoreApplication::translate("RunController", "stopping");
        case RunState::Paused: return QCoreApplication::translate("RunController", "paused");
        case RunState::Finished: return QCoreApplication::translate("RunController", "finished");
        case RunState::Failed: return QCoreApplication::translate("RunController", "failed");
    }
    return {};
}

void RecordBatch::absorb(RecordBatch&& later) {
    const auto append = [](auto& to, auto& from) { to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end())); };
    append(records, later.records);
    append(histograms, later.histograms);
    append(ranges, later.ranges);
    append(nonFinites, later.nonFinites);
    append(scalerWarnings, later.scalerWarnings);
    append(finals, later.finals);
    append(moments, later.moments);
    pausedAtMoment = later.pausedAtMoment;  // it is about the last of `moments`, the later batch's
    if (later.boundary.valid()) boundary = std::move(later.boundary);
    if (later.lastStep >= 0) lastStep = later.lastStep;
    if (later.stepsPerSecond > 0) stepsPerSecond = later.stepsPerSecond;
}

RunController::RunController(QObject* parent) : QObject(parent) {
    static TypeRegistration registration;
    m_frameClock.setInterval(kFrameMs);
    connect(&m_frameClock, &QTimer::timeout, this, &RunController::tick);
}

RunController::~RunController() {
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
        m_queue.clear();
    }
    m_abortBelow = std::numeric_limits<std::uint64_t>::max();
    // The pump ends at its next step; a pump still waiting is dropped. Then the runner goes here.
    m_channel.cancel();
    m_channel.waitIdle();
    m_runner.reset();
    // Answers the pump posted and nobody delivered die with this object (Qt drops posted events of
    // a deleted receiver).
}

void RunController::setState(RunState s) {
    if (s == m_state) return;
    m_state = s;
    emit stateChanged(s);
}

std::int64_t RunController::stepsDone() const {
    const std::uint64_t p = m_progress.load();
    if ((p >> 40) != (m_run & 0xFFFFFF)) return 0;  // the worker has not stepped this run yet
    return static_cast<std::int64_t>(p & ((std::uint64_t{1} << 40) - 1));
}

void RunController::publishProgress(std::uint64_t run, std::int64_t steps) {
    m_progress = (run & 0xFFFFFF) << 40 | (static_cast<std::uint64_t>(steps) & ((std::uint64_t{1} << 40) - 1));
}

void RunController::send(Command command) {
    command.seq = ++m_lastSent;
    command.run = m_run;
    if (command.kind == CommandKind::Start || command.kind == CommandKind::Continue) m_lastRunSent = command.seq;
    {
        std::lock_guard lock(m_mutex);
        // A start makes everything still waiting pointless. A reset or drop makes waiting continues
        // pointless, but not a waiting start: that one builds the runner the reset is about.
        if (command.kind == CommandKind::Start) m_queue.clear();
        else if (command.kind != CommandKind::Continue)
            std::erase_if(m_queue, [](const Command& c) { return c.kind == CommandKind::Continue; });
        m_queue.push_back(std::move(command));
        if (m_pumpQueued) return;
        m_pumpQueued = true;
    }
    m_channel.append([this](const EngineWorker::Token&) { pump(); });
}

void RunController::start(const Scenario& scenario) {
    prepare(scenario);
    leaveRun();
    m_hasRunner = true;  // being built; a failure to build it says otherwise
    setState(RunState::Starting);
    Command c;
    c.kind = CommandKind::Start;
    c.scenario = scenario;
    c.target = scenario.steps;
    send(std::move(c));
}

void RunController::prepare(const Scenario& scenario) {
    stop();
    m_abortBelow = m_lastSent + 1;
    const bool had = m_hasRunner;
    m_scenario = scenario;
    m_records.clear();
    m_finals.clear();
    m_moments.clear();
    m_failure.clear();
    m_hasRunner = false;
    leaveRun();
    if (had) send(Command{CommandKind::Drop});
}

void RunController::leaveRun() {
    ++m_run;  // batches still on their way from the old run are dropped
    m_undrawn = RecordBatch{};
    m_hasUndrawn = false;
    m_drawn = true;
}

void RunController::resume() {
    if (busy()) return;
    if (!m_hasRunner) {
        start(m_scenario);
        return;
    }
    m_failure.clear();
    setState(RunState::Running);
    Command c;
    c.kind = CommandKind::Continue;
    c.target = -1;
    send(std::move(c));
}

void RunController::runToNextMoment() {
    m_stopAtNextMoment = true;
    if (!busy()) resume();
}

void RunController::stepOnce() {
    if (busy()) return;
    if (!m_hasRunner) {
        leaveRun();
        m_records.clear();
        m_finals.clear();
        m_moments.clear();
        m_failure.clear();
        m_hasRunner = true;
        setState(RunState::Starting);
        Command c;
        c.kind = CommandKind::Start;
        c.scenario = m_scenario;
        c.target = 1;
        send(std::move(c));
        return;
    }
    m_failure.clear();
    setState(RunState::Running);
    Command c;
    c.kind = CommandKind::Continue;
    c.target = stepsDone() + 1;
    send(std::move(c));
}

void RunController::stop() {
    if (!busy()) return;
    m_abortBelow = m_lastSent + 1;
    setState(RunState::Stopping);
    settleAborted();
}

void RunController::settleAborted() {
    // A start or continue below the abort line that the pump has not begun would do nothing when it
    // runs (a start's runner is not needed any more); behind another page's long job (a convergence
    // check, a Speed measurement) that could be minutes away, so it is answered here, as the pump would.
    std::vector<Command> settled;
    {
        std::lock_guard lock(m_mutex);
        const std::uint64_t below = m_abortBelow.load();
        for (auto it = m_queue.begin(); it != m_queue.end();) {
            const bool run = it->kind == CommandKind::Start || it->kind == CommandKind::Continue;
            if (run && it->seq < below) {
                settled.push_back(std::move(*it));
                it = m_queue.erase(it);
            } else {
                ++it;
            }
        }
    }
    bool unbuilt = false;  // a start left unbuilt: no runner for what follows it
    for (const Command& c : settled) {
        unbuilt = unbuilt || c.kind == CommandKind::Start;
        Outcome outcome;
        outcome.hasRunner = !unbuilt;
        commandDone(c.seq, c.run, c.kind, outcome);
    }
}

void RunController::reset() {
    m_abortBelow = m_lastSent + 1;
    m_records.clear();
    m_finals.clear();
    m_moments.clear();
    m_failure.clear();
    settleAborted();
    leaveRun();
    if (m_hasRunner) send(Command{CommandKind::Reset});
    setState(RunState::Idle);
    emit runReset();
}

bool RunController::waitForIdle(std::chrono::milliseconds limit) {
    {
        std::unique_lock lock(m_mutex);
        // A reset or drop still waiting (behind another page's job) changes nothing the window reads: its
        // progress is tagged with a run the window has left.
        const auto idle = [this] {
            return !m_executing && std::none_of(m_queue.begin(), m_queue.end(), [](const Command& c) {
                return c.kind == CommandKind::Start || c.kind == CommandKind::Continue;
            });
        };
        // No frame is drawn while this blocks: the worker may hand over without waiting for one (its
        // batches queue up and are delivered below), rather than wait for a frame that cannot come.
        const auto deadline = std::chrono::steady_clock::now() + limit;
        for (;;) {
            m_drawn = true;
            if (m_idle.wait_for(lock, std::chrono::milliseconds(20), idle)) break;
            if (std::chrono::steady_clock::now() >= deadline) return false;
        }
    }
    // The worker's answers are queued calls on this object: deliver those, and nothing else, then draw.
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    drawNow();
    return true;
}

void RunController::commandDone(std::uint64_t seq, std::uint64_t run, CommandKind kind, const Outcome& outcome) {
    // The pump runs commands in order, so the last answer tells whether it holds a runner (an answer the
    // pump posted before settleAborted() answered a later command arrives late, and tells nothing).
    drawNow();  // the command's last batch is drawn before its end is told
    const bool newest = seq >= m_lastDone;
    m_lastDone = std::max(m_lastDone, seq);
    if (newest && m_lastDone == m_lastSent) m_hasRunner = outcome.hasRunner;
    if (run != m_run) return;  // about a run that was replaced meanwhile
    if (kind == CommandKind::Drop) return;
    if (outcome.failed) {
        m_hasRunner = outcome.hasRunner;
        m_failure = outcome.message;
        emit runFailed(m_failure);
    }
    if (busy()) return;
    if (!m_failure.isEmpty()) setState(RunState::Failed);
    else if (kind == CommandKind::Reset) setState(RunState::Idle);
    else if (outcome.reachedTarget) setState(RunState::Finished);
    else setState(RunState::Paused);
}

void RunController::pump() {
    for (;;) {
        Command command;
        {
            std::lock_guard lock(m_mutex);
            if (m_quit || m_queue.empty()) {
                m_pumpQueued = false;
                m_heldBy.reset();  // a held run that was stopped meanwhile: nothing resumes
                break;
            }
            command = std::move(m_queue.front());
            m_queue.pop_front();
            m_executing = true;
        }
        if (m_heldBy) {
            const JobKind kind = *m_heldBy;
            m_heldBy.reset();
            QMetaObject::invokeMethod(this, [this, kind] { emit resumedAfterHold(kind); }, Qt::QueuedConnection);
        }
        const Outcome outcome = execute(command);
        if (outcome.yielded) {
            // The rest of the command goes first when the pump comes back, behind the job that waits.
            const JobKind kind = m_channel.worker().firstWaitingKind();
            if (kind == JobKind::Speed || kind == JobKind::Check) {
                m_heldBy = kind;
                QMetaObject::invokeMethod(this, [this, kind] { emit heldBy(kind); }, Qt::QueuedConnection);
            }
            {
                std::lock_guard lock(m_mutex);
                m_executing = false;
                if (!m_quit) m_queue.push_front(outcome.rest);
            }
            m_idle.notify_all();
            m_channel.append([this](const EngineWorker::Token&) { pump(); });
            return;
        }
        const std::uint64_t seq = command.seq, run = command.run;
        const CommandKind kind = command.kind;
        QMetaObject::invokeMethod(this, [this, seq, run, kind, outcome] { commandDone(seq, run, kind, outcome); },
                                  Qt::QueuedConnection);
        {
            std::lock_guard lock(m_mutex);
            m_executing = false;
        }
        m_idle.notify_all();
    }
    m_idle.notify_all();
}

RunController::Outcome RunController::execute(const Command& command) {
    // No exception leaves this function: a failure becomes runFailed on the GUI thread.
    Outcome outcome;
    try {
        switch (command.kind) {
            case CommandKind::Drop:
                m_runner.reset();
                m_detector = MomentDetector();
                break;
            case CommandKind::Reset:
                if (m_runner) m_runner->reset();
                m_detector.reset();
                publishProgress(command.run, 0);
                break;
            case CommandKind::Start:
                m_runner.reset();
                m_runner = std::make_unique<Runner>(command.scenario);
                m_detector = MomentDetector(m_runner->scenario());
                publishProgress(command.run, 0);
                {
                    RunInfo info;
                    info.run = command.run;
                    info.scenario = m_runner->scenario();
                    info.lanes = laneLabels(info.scenario);
                    info.data = m_runner->dataset();
                    info.classification = info.data.classification();
                    QMetaObject::invokeMethod(this, [this, info] {
                        if (info.run != m_run) return;
                        m_info = info;
                        emit runStarted(info);
                    }, Qt::QueuedConnection);
                }
                runSteps(command, outcome);
                break;
            case CommandKind::Continue:
                if (!m_runner) throw Error(tr("nothing to continue: the run was not started").toStdString());
                runSteps(command, outcome);
                break;
        }
    } catch (const std::exception& e) {
        outcome.failed = true;
        outcome.message = QString::fromUtf8(e.what());
    } catch (...) {
        outcome.failed = true;
        outcome.message = tr("unknown engine failure");
    }
    if (outcome.failed && command.kind != CommandKind::Continue) m_runner.reset();
    outcome.hasRunner = m_runner != nullptr;
    return outcome;
}

void RunController::deliver(RecordBatch batch) {
    if (batch.run != m_run) return;
    // The store and the run's lists take the batch at once (exports, the doctor and scrubbing read them);
    // the views draw it on the next frame.
    m_records.append(batch.records);
    m_finals.insert(m_finals.end(), batch.finals.begin(), batch.finals.end());
    m_moments.insert(m_moments.end(), batch.moments.begin(), batch.moments.end());
    if (m_state == RunState::Starting) setState(RunState::Running);
    if (m_hasUndrawn) {
        m_undrawn.absorb(std::move(batch));
    } else {
        m_undrawn = std::move(batch);
        m_hasUndrawn = true;
    }
    if (!m_frameClock.isActive()) m_frameClock.start();
}

void RunController::tick() {
    ++m_frames;
    drawNow();
    m_drawn = true;
    if (!busy()) m_frameClock.stop();
}

void RunController::drawNow() {
    if (!m_hasUndrawn) return;
    const RecordBatch batch = std::exchange(m_undrawn, RecordBatch{});
    m_hasUndrawn = false;
    emit recordsReady(batch);
    for (std::size_t i = 0; i < batch.moments.size(); ++i)
        emit momentReached(batch.moments[i], batch.pausedAtMoment && i + 1 == batch.moments.size());
}

namespace {
// The most records a batch gathers while the window has not drawn the last one (about 2 MB).
constexpr std::size_t kMaxBatchRecords = 16384;
}  // namespace

void RunController::runSteps(const Command& command, Outcome& outcome) {
    Runner& runner = *m_runner;
    const std::uint64_t run = command.run;
    const std::int64_t target = command.target >= 0 ? command.target
        : (runner.stepsDone() >= runner.scenario().steps ? runner.stepsDone() + runner.scenario().steps
                                                         : runner.scenario().steps);
    const auto aborted = [this, &command] { return command.seq < m_abortBelow.load(); };
    // Another page's job waits: this segment ends at the step boundary and the command goes on after it.
    const EngineWorker& engine = m_channel.worker();
    const auto yielding = [&engine] { return engine.othersWaiting(); };
    RecordBatch batch;
    batch.run = run;
    auto post = [this](RecordBatch&& b) {
        m_drawn = false;
        QMetaObject::invokeMethod(this, [this, b = std::move(b)]() mutable { deliver(std::move(b)); },
                                  Qt::QueuedConnection);
    };
    QElapsedTimer sinceEmit, sinceGrid;
    sinceEmit.start();
    sinceGrid.start();
    std::int64_t stepsInBatch = 0;
    bool gridDue = true;
    // Histograms and range snapshots come every K steps, the doctor's finding and the scaler warning
    // once per lane: a batch holds no more of them than of its records (bounded by kMaxBatchRecords).
    const auto histogramSink = [&batch](const RunEvent& e) {
        switch (e.kind) {
            case RunEventKind::Histogram: batch.histograms.push_back(e.histogram); break;
            case RunEventKind::Range: batch.ranges.push_back(e.range); break;
            case RunEventKind::NonFinite: batch.nonFinites.push_back(e.nonFinite); break;
            case RunEventKind::ScalerWarning: batch.scalerWarnings.push_back(e.scalerWarning); break;
            default: break;
        }
    };
    auto flush = [&](bool withGrid) {
        const double secs = std::max(1e-9, sinceEmit.nsecsElapsed() * 1e-9);
        batch.stepsPerSecond = stepsInBatch / secs;
        if (withGrid) {
            batch.boundary = boundarySnapshot(runner, m_gridN);
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
    // Pace: step k of a paced stretch is due k/pace seconds after the stretch began; a change of pace
    // begins a new stretch. The worker sleeps in slices, so a stop still lands within ~20 ms.
    QElapsedTimer paceClock;
    double stretchPace = 0;
    std::int64_t stretchSteps = 0;
    auto keepPace = [&] {
        for (;;) {
            const double pace = m_pace.load();
            if (pace <= 0 || aborted() || yielding()) return;
            if (pace != stretchPace) {
                stretchPace = pace;
                stretchSteps = 0;
                paceClock.start();
                return;  // the step just taken opens the new stretch
            }
            const double remainingMs = (stretchSteps + 1) * 1000.0 / pace - paceClock.nsecsElapsed() * 1e-6;
            if (remainingMs <= 0) {
                ++stretchSteps;
                return;
            }
            std::this_thread::sleep_for(std::chrono::microseconds(static_cast<std::int64_t>(std::min(20.0, remainingMs) * 1000)));
        }
    };
    try {
        while (runner.stepsDone() < target && !aborted()) {
            if (yielding()) {
                outcome.yielded = true;
                outcome.rest = Command{CommandKind::Continue, command.seq, run, {}, target};
                break;
            }
            if (m_fault) m_fault(runner.stepsDone());
            const std::vector<StepRecord> records = runner.step(histogramSink);
            batch.records.insert(batch.records.end(), records.begin(), records.end());
            batch.lastStep = runner.stepsDone() - 1;
            ++stepsInBatch;
            publishProgress(run, runner.stepsDone());
            bool found = false;
            for (const StepRecord& r : records)
                for (Moment& m : m_detector.add(r)) {
                    batch.moments.push_back(std::move(m));
                    found = true;
                }
            // A key moment: a paced run (or one asked to run to the next moment) stops here, before its
            // target, with this step's batch handed over; Play goes on.
            if (found && runner.stepsDone() < target &&
                (m_stopAtNextMoment.load() || (m_pauseAtMoments.load() && m_pace.load() > 0))) {
                m_stopAtNextMoment = false;
                batch.pausedAtMoment = true;
                break;
            }
            if (runner.stepsDone() < target) keepPace();
            if (sinceGrid.elapsed() >= m_gridIntervalMs) gridDue = true;
            // Hand over when the window has drawn the last batch (its frame clock says so, at most every
            // kFrameMs), so the window stays responsive however fast the engine runs. The target's last
            // step always goes out with the final flush below, so the last batch of a run holds its last
            // step (and the finals).
            if (runner.stepsDone() < target && m_drawn.load()) flush(gridDue);
            // Back-pressure: a window that cannot keep up (a starved GUI thread) makes the worker wait
            // rather than gather an ever larger batch, so memory stays bounded whatever the load.
            while (batch.records.size() >= kMaxBatchRecords && !m_drawn.load() && !aborted() && !yielding())
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        if (outcome.yielded) {
            flush(false);  // what was done so far is shown while the other job runs
            return;
        }
        // "Finished" means the scenario's step count was reached, not merely this command's target
        // (one step with `.` is not the end of a run).
        outcome.reachedTarget = runner.stepsDone() >= target && runner.stepsDone() >= runner.scenario().steps;
        // runToNextMoment() asks once: a command that ends without reaching a moment forgets it.
        if (!batch.pausedAtMoment) m_stopAtNextMoment = false;
        if (outcome.reachedTarget)
            for (int lane = 0; lane < runner.laneCount(); ++lane) batch.finals.push_back(runner.evaluate(lane));
        flush(true);
    } catch (...) {
        // What was computed before the failure still reaches the window, then the failure itself.
        if (!batch.records.empty()) post(std::move(batch));
        throw;
    }
}

}  // namespace presisi
