// RunController: the run's command queue pumped on the engine worker (RunStepper runs each command);
// the batches it hands over are drawn on the frame clock.
#include "run_controller.h"

#include <QCoreApplication>
#include <algorithm>
#include <chrono>
#include <exception>
#include <limits>
#include <utility>



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

RunController::RunController(QObject* parent)
    : QObject(parent),
      m_stepper(m_knobs, m_channel.worker(),
                {[this](RunInfo info) {
                     QMetaObject::invokeMethod(this, [this, info] {
                         if (info.run != m_run) return;
                         m_info = info;
                         emit runStarted(info);
                     }, Qt::QueuedConnection);
                 },
                 [this](RecordBatch batch) {
                     QMetaObject::invokeMethod(this, [this, b = std::move(batch)]() mutable { deliver(std::move(b)); },
                                               Qt::QueuedConnection);
                 }}) {
    static TypeRegistration registration;
    connect(&m_frames, &FrameClock::frame, this, &RunController::drawFrame);
}

RunController::~RunController() {
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
        m_queue.clear();
    }
    m_knobs.abortBelow = std::numeric_limits<std::uint64_t>::max();
    // The pump ends at its next step; a pump still waiting is dropped. Then the runner goes here.
    m_channel.cancel();
    m_channel.waitIdle();
    m_stepper.drop();
    // Answers the pump posted and nobody delivered die with this object (Qt drops posted events of
    // a deleted receiver).
}

void RunController::setState(RunState s) {
    if (s == m_state) return;
    m_state = s;
    emit stateChanged(s);
}

std::int64_t RunController::stepsDone() const {
    const std::uint64_t p = m_knobs.progress.load();
    if ((p >> 40) != (m_run & 0xFFFFFF)) return 0;  // the worker has not stepped this run yet
    return static_cast<std::int64_t>(p & ((std::uint64_t{1} << 40) - 1));
}

void RunController::send(RunCommand command) {
    command.seq = ++m_lastSent;
    command.run = m_run;
    if (command.kind == RunCommandKind::Start || command.kind == RunCommandKind::Continue) m_lastRunSent = command.seq;
    {
        std::lock_guard lock(m_mutex);
        // A start makes everything still waiting pointless. A reset or drop makes waiting continues
        // pointless, but not a waiting start: that one builds the runner the reset is about.
        if (command.kind == RunCommandKind::Start) m_queue.clear();
        else if (command.kind != RunCommandKind::Continue)
            std::erase_if(m_queue, [](const RunCommand& c) { return c.kind == RunCommandKind::Continue; });
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
    RunCommand c;
    c.kind = RunCommandKind::Start;
    c.scenario = scenario;
    c.target = scenario.steps;
    send(std::move(c));
}

void RunController::prepare(const Scenario& scenario) {
    stop();
    m_knobs.abortBelow = m_lastSent + 1;
    const bool had = m_hasRunner;
    m_scenario = scenario;
    m_records.clear();
    m_finals.clear();
    m_moments.clear();
    m_failure.clear();
    m_hasRunner = false;
    leaveRun();
    if (had) send(RunCommand{RunCommandKind::Drop});
}

void RunController::leaveRun() {
    ++m_run;  // batches still on their way from the old run are dropped
    m_frames.clear();
}

void RunController::resume() {
    if (busy()) return;
    if (!m_hasRunner) {
        start(m_scenario);
        return;
    }
    m_failure.clear();
    setState(RunState::Running);
    RunCommand c;
    c.kind = RunCommandKind::Continue;
    c.target = -1;
    send(std::move(c));
}

void RunController::runToNextMoment() {
    m_knobs.stopAtNextMoment = true;
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
        RunCommand c;
        c.kind = RunCommandKind::Start;
        c.scenario = m_scenario;
        c.target = 1;
        send(std::move(c));
        return;
    }
    m_failure.clear();
    setState(RunState::Running);
    RunCommand c;
    c.kind = RunCommandKind::Continue;
    c.target = stepsDone() + 1;
    send(std::move(c));
}

void RunController::stop() {
    if (!busy()) return;
    m_knobs.abortBelow = m_lastSent + 1;
    setState(RunState::Stopping);
    settleAborted();
}

void RunController::settleAborted() {
    // A start or continue below the abort line that the pump has not begun would do nothing when it
    // runs (a start's runner is not needed any more); behind another page's long job (a convergence
    // check, a Speed measurement) that could be minutes away, so it is answered here, as the pump would.
    std::vector<RunCommand> settled;
    {
        std::lock_guard lock(m_mutex);
        const std::uint64_t below = m_knobs.abortBelow.load();
        for (auto it = m_queue.begin(); it != m_queue.end();) {
            const bool run = it->kind == RunCommandKind::Start || it->kind == RunCommandKind::Continue;
            if (run && it->seq < below) {
                settled.push_back(std::move(*it));
                it = m_queue.erase(it);
            } else {
                ++it;
            }
        }
    }
    bool unbuilt = false;  // a start left unbuilt: no runner for what follows it
    for (const RunCommand& c : settled) {
        unbuilt = unbuilt || c.kind == RunCommandKind::Start;
        RunOutcome outcome;
        outcome.hasRunner = !unbuilt;
        commandDone(c.seq, c.run, c.kind, outcome);
    }
}

void RunController::reset() {
    m_knobs.abortBelow = m_lastSent + 1;
    m_records.clear();
    m_finals.clear();
    m_moments.clear();
    m_failure.clear();
    settleAborted();
    leaveRun();
    if (m_hasRunner) send(RunCommand{RunCommandKind::Reset});
    setState(RunState::Idle);
    emit runReset();
}

bool RunController::waitForIdle(std::chrono::milliseconds limit) {
    {
        std::unique_lock lock(m_mutex);
        // A reset or drop still waiting (behind another page's job) changes nothing the window reads: its
        // progress is tagged with a run the window has left.
        const auto idle = [this] {
            return !m_executing && std::none_of(m_queue.begin(), m_queue.end(), [](const RunCommand& c) {
                return c.kind == RunCommandKind::Start || c.kind == RunCommandKind::Continue;
            });
        };
        // No frame is drawn while this blocks: the worker may hand over without waiting for one (its
        // batches queue up and are delivered below), rather than wait for a frame that cannot come.
        const auto deadline = std::chrono::steady_clock::now() + limit;
        for (;;) {
            m_knobs.drawn = true;
            if (m_idle.wait_for(lock, std::chrono::milliseconds(20), idle)) break;
            if (std::chrono::steady_clock::now() >= deadline) return false;
        }
    }
    // The worker's answers are queued calls on this object: deliver those, and nothing else, then draw.
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    m_frames.drawNow();
    return true;
}

void RunController::commandDone(std::uint64_t seq, std::uint64_t run, RunCommandKind kind, const RunOutcome& outcome) {
    // The pump runs commands in order, so the last answer tells whether it holds a runner (an answer the
    // pump posted before settleAborted() answered a later command arrives late, and tells nothing).
    m_frames.drawNow();  // the command's last batch is drawn before its end is told
    const bool newest = seq >= m_lastDone;
    m_lastDone = std::max(m_lastDone, seq);
    if (newest && m_lastDone == m_lastSent) m_hasRunner = outcome.hasRunner;
    if (run != m_run) return;  // about a run that was replaced meanwhile
    if (kind == RunCommandKind::Drop) return;
    if (outcome.failed) {
        m_hasRunner = outcome.hasRunner;
        m_failure = outcome.message;
        emit runFailed(m_failure);
    }
    if (busy()) return;
    if (!m_failure.isEmpty()) setState(RunState::Failed);
    else if (kind == RunCommandKind::Reset) setState(RunState::Idle);
    else if (outcome.reachedTarget) setState(RunState::Finished);
    else setState(RunState::Paused);
}

void RunController::pump() {
    for (;;) {
        RunCommand command;
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
        const RunOutcome outcome = m_stepper.execute(command);
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
        const RunCommandKind kind = command.kind;
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

void RunController::deliver(RecordBatch batch) {
    if (batch.run != m_run) return;
    // The store and the run's lists take the batch at once (exports, the doctor and scrubbing read them);
    // the views draw it on the next frame.
    m_records.append(batch.records);
    m_finals.insert(m_finals.end(), batch.finals.begin(), batch.finals.end());
    m_moments.insert(m_moments.end(), batch.moments.begin(), batch.moments.end());
    if (m_state == RunState::Starting) setState(RunState::Running);
    m_frames.add(std::move(batch));
}

void RunController::drawFrame(const RecordBatch& batch) {
    emit recordsReady(batch);
    for (std::size_t i = 0; i < batch.moments.size(); ++i)
        emit momentReached(batch.moments[i], batch.pausedAtMoment && i + 1 == batch.moments.size());
}

}  // namespace presisi
