// RunController: the one object through which the window runs training scenarios. RunStepper runs its
// commands on the window's one engine worker (app/engine_worker.h), a segment at a time; records are
// batched and handed to the GUI thread, drawn on the frame clock's ticks; Stop is checked between steps,
// and so is every other page's job, which the run yields to.
#pragma once

#include <QMetaType>
#include <QObject>
#include <QString>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

#include "engine_worker.h"
#include "frame_clock.h"
#include "record_store.h"
#include "run_stepper.h"

namespace presisi {

enum class RunState { Idle, Starting, Running, Stopping, Paused, Finished, Failed };
QString runStateName(RunState state);

// Threads. The Runner lives on the engine worker's thread, in RunStepper: only the controller's command
// pump, a job on that thread, touches it. The GUI thread sends commands (start, resume, step, reset, drop) through a
// mutex-guarded queue and makes sure one pump job is on the worker's queue; a newer start or reset aborts
// what runs and supersedes what waits. A pump runs commands until its queue is empty, or until another
// page's job waits: then it ends its segment at the next step boundary, puts the rest of the command
// back at the head of its queue and queues itself behind that job (a Speed measurement is so never
// taken beside a run). The pump answers with queued calls on this object (run info, record batches,
// "command done", held/resumed), each tagged with the run generation, so answers about a replaced run
// are dropped. Nothing on the GUI thread ever waits for the worker except waitForIdle() (close, tests),
// which blocks and then delivers this object's queued calls only: no event loop runs inside it, so no
// key press can re-enter the controller.
//
// Who touches what:
//   GUI thread only:  m_scenario, m_state, m_run, m_records, m_finals, m_info, m_moments, m_hasRunner, m_failure,
//                     m_lastSent, m_lastRunSent, m_lastDone, m_frames.
//   Pump only:        m_stepper (its runner), m_heldBy.
//   Under m_mutex:    m_queue, m_executing, m_pumpQueued, m_quit (and the pump's copy of each command).
//   Atomics:          m_knobs (run_stepper.h): abort line, pace, key-moment stops (GUI writes, worker
//                     reads between steps), progress (worker writes run generation and steps, GUI
//                     reads), drawn (worker clears it with each hand-over, the frame clock sets it),
//                     the boundary grid (set between runs).
//
// Pacing has one clock, the GUI thread's frame clock (m_frames, app/frame_clock.h). Batches the worker
// hands over are appended to the record store at once and drawn on the next tick (recordsReady), every
// batch that arrived since the last tick merged into one; a tick also tells the worker that it may hand
// over again, so the worker never posts faster than the window draws, and gathers steps while it waits.
//   The stepper's fault hook: set by tests only while no command is queued or running.
class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    RunState state() const { return m_state; }
    // A start, resume or step is queued or running on the worker (a pending reset is not "busy":
    // a step right after Ctrl+R queues behind it).
    bool busy() const { return m_lastDone < m_lastRunSent; }
    // The frame clock's period: recordsReady comes at most once per tick (plus once when a command ends).
    static constexpr int kFrameMs = FrameClock::kFrameMs;
    // Ticks of the frame clock so far (it ticks while a run is live or a batch waits to be drawn): the
    // page's slower views (tiles, boundaries) count frames rather than keep a clock of their own.
    std::int64_t frames() const { return m_frames.frames(); }
    // Steps per second the worker keeps to (it sleeps between steps); 0: as fast as it goes. Takes
    // effect at once, also in the middle of a run.
    void setPace(double stepsPerSecond) { m_knobs.pace = stepsPerSecond > 0 ? stepsPerSecond : 0; }
    double pace() const { return m_knobs.pace; }
    // A paced run (pace > 0) of a preset with key moments stops right after the step that completes
    // each moment, so it can be narrated; Play goes on. Off: it runs through them. Takes effect at once.
    void setPauseAtMoments(bool on) { m_knobs.pauseAtMoments = on; }
    bool pauseAtMoments() const { return m_knobs.pauseAtMoments; }
    // The current run's key moments found so far, in the order found.
    const std::vector<Moment>& moments() const { return m_moments; }
    // Decision-boundary grid size per axis (0: none) and how often it is recomputed (ms).
    void setBoundaryGrid(int n, int intervalMs = 250) {
        m_knobs.gridN = n;
        m_knobs.gridIntervalMs = intervalMs;
    }
    // Test hook: called on the worker before each step with the step index; may throw to simulate an
    // engine failure in the middle of a run. Set it only while the controller is idle.
    void setFaultInjection(std::function<void(std::int64_t)> hook) { m_stepper.setFaultInjection(std::move(hook)); }
    // Steps done by the current run's runner (0 right after a start, reset or prepare).
    std::int64_t stepsDone() const;
    const Scenario& scenario() const { return m_scenario; }
    // The worker holds (or is building) a runner for scenario(): step and resume continue it.
    bool hasRunner() const { return m_hasRunner; }
    // Every record of the current run received so far (for CSV/JSON exports), in arrival order; held
    // mostly on disk, so a run of any length costs the window a bounded amount of memory.
    const RecordStore& records() const { return m_records; }
    const std::vector<LaneFinal>& finals() const { return m_finals; }
    // What runStarted said about the latest run started (its lanes and data); lanes empty before any.
    // A window rebuilt in another language draws an adopted run from it and records().
    const RunInfo& runInfo() const { return m_info; }

public slots:
    // Builds a fresh runner for `scenario` on the worker and runs it to scenario.steps. Whatever ran
    // before is stopped at its next step boundary; its later batches are dropped.
    void start(const Scenario& scenario);
    // Continues the current runner (another scenario.steps when it had finished).
    void resume();
    // Runs on to the next key moment and stops there, whatever the pace and pauseAtMoments (a running
    // run stops at its next one; a paused one resumes). Runs to the end when none comes.
    void runToNextMoment();
    // Requests a stop; the worker finishes its current step, flushes its batch and ends.
    void stop();
    // Takes `scenario` for the next stepOnce()/resume() without running anything yet.
    void prepare(const Scenario& scenario);
    // One step of every lane (when not running).
    void stepOnce();
    // Back to step 0 with the same scenario (initial weights), without running.
    void reset();
    // Blocks until the worker has nothing queued or running, at most `limit`, then delivers the answers
    // it posted (batches, run info, failures) without running an event loop. For close, opening a file
    // and tests. False when the worker was still busy at the limit (a step that takes longer): nothing
    // is delivered then, and the caller decides (the window says so rather than freezing).
    bool waitForIdle(std::chrono::milliseconds limit = std::chrono::minutes(10));

signals:
    void runStarted(const presisi::RunInfo& info);
    void recordsReady(const presisi::RecordBatch& batch);
    void runFailed(const QString& message);
    void stateChanged(presisi::RunState state);
    void runReset();
    // A key moment was reached (after recordsReady of the batch that completes it); `paused`: the run
    // stopped there.
    void momentReached(const presisi::Moment& moment, bool paused);
    // The run stepped aside for another page's long job (a Speed measurement, a convergence check), and
    // went on after it: the status bar says so.
    void heldBy(presisi::JobKind kind);
    void resumedAfterHold(presisi::JobKind kind);

private:
    void send(RunCommand command);
    void settleAborted();  // answers aborted starts and continues the pump has not begun
    void pump();
    void commandDone(std::uint64_t seq, std::uint64_t run, RunCommandKind kind, const RunOutcome& outcome);
    void setState(RunState s);
    void leaveRun();  // a new run generation: what the old one posted or left undrawn is dropped
    void deliver(RecordBatch batch);  // a batch from the worker: into the store, drawn on the next tick
    void drawFrame(const RecordBatch& batch);  // recordsReady, then momentReached for its moments

    // GUI thread.
    Scenario m_scenario;
    RunState m_state = RunState::Idle;
    std::uint64_t m_run = 0;
    std::uint64_t m_lastSent = 0, m_lastRunSent = 0, m_lastDone = 0;
    bool m_hasRunner = false;
    RecordStore m_records;
    std::vector<LaneFinal> m_finals;
    RunInfo m_info;
    std::vector<Moment> m_moments;
    QString m_failure;

    // Pump (engine worker thread).
    std::optional<JobKind> m_heldBy;  // the long job the run last stepped aside for

    // Shared.
    std::mutex m_mutex;
    std::condition_variable m_idle;
    std::deque<RunCommand> m_queue;
    bool m_executing = false;
    bool m_pumpQueued = false;  // a pump job waits on or runs on the engine worker
    bool m_quit = false;
    RunKnobs m_knobs;
    FrameClock m_frames{m_knobs.drawn, [this] { return busy(); }};  // GUI thread
    EngineChannel m_channel{JobKind::Training};  // its pump is waited for before any member above goes
    RunStepper m_stepper;  // the runner; runs only in the pump, which ends before the channel does
};

}  // namespace presisi

Q_DECLARE_METATYPE(presisi::RunState)
Q_DECLARE_METATYPE(presisi::Moment)
Q_DECLARE_METATYPE(presisi::JobKind)
