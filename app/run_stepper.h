// RunStepper: the Training lab's run on the engine worker — the Runner, the commands that build, step,
// reset and drop it, the steps gathered into batches for the window, the pace kept, and the segment ended
// at a step boundary when the run is stopped or another page's job waits. RunController sends the
// commands and receives what this hands over.
#pragma once

#include <QCoreApplication>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

#include "boundary_snapshot.h"
#include "engine/training/dataset.h"
#include "engine/training/moments.h"
#include "engine/training/record.h"
#include "engine/training/runner.h"
#include "engine/training/scenario.h"

namespace presisi {

class EngineWorker;

// What the worker hands to the GUI thread: a copyable value.
struct RecordBatch {
    std::uint64_t run = 0;                 // run generation; batches of a replaced run are dropped
    std::vector<StepRecord> records;       // in step order, one per lane and step
    std::vector<GradHistogram> histograms;
    std::vector<RangeSnapshot> ranges;            // per-layer ranges, every Scenario::rangeInterval steps per lane
    std::vector<FirstNonFinite> nonFinites;       // at most one per lane and run (the doctor's finding)
    std::vector<ScalerWarning> scalerWarnings;    // at most one per lane and run
    std::vector<LaneFinal> finals;         // sent once when a run reaches its step target
    std::vector<Moment> moments;           // key moments the batch's records complete (engine/training/moments.h)
    bool pausedAtMoment = false;           // the run stopped after the last of `moments` (Play goes on)
    BoundarySnapshot boundary;             // latest decision boundaries (may be invalid)
    std::int64_t lastStep = -1;            // last step held in `records`
    double stepsPerSecond = 0;             // steps (of all lanes together) per second over the batch

    // `later` (the next batch of the same run) appended: its records and events after these, its
    // boundary, last step and speed instead of these when it has them.
    void absorb(RecordBatch&& later);
};

// Sent once per run before any batch: what the views need to set themselves up.
struct RunInfo {
    std::uint64_t run = 0;
    Scenario scenario;
    QStringList lanes;      // lane labels, index = StepRecord::lane
    Dataset data;           // the training set, for the 2-D data view
    bool classification = true;
};

// What the GUI thread sets and the worker reads between steps (and the progress the other way).
struct RunKnobs {
    std::atomic<std::uint64_t> abortBelow{0};  // commands with a lower sequence number stop at the next step
    std::atomic<std::uint64_t> progress{0};    // run generation (low 24 bits) << 40 | steps done
    std::atomic<bool> drawn{true};  // the window drew what was handed over: the worker may hand over again
    std::atomic<int> gridN{48};     // decision-boundary grid per axis (0: none)
    std::atomic<int> gridIntervalMs{250};
    std::atomic<double> pace{0};    // steps per second; 0: as fast as it goes
    std::atomic<bool> pauseAtMoments{true};
    std::atomic<bool> stopAtNextMoment{false};  // runToNextMoment(): once, then cleared by the worker
};

enum class RunCommandKind { Start, Continue, Reset, Drop };
struct RunCommand {
    RunCommandKind kind = RunCommandKind::Drop;
    std::uint64_t seq = 0;    // order of sending; aborts name everything below a sequence number
    std::uint64_t run = 0;    // run generation the answers belong to
    Scenario scenario;        // Start: the scenario to build
    std::int64_t target = 0;  // Start/Continue: steps to reach (Continue: -1 = the resume rule)
};
struct RunOutcome {
    bool yielded = false;        // the segment stepped aside for another job; `rest` goes on after it
    RunCommand rest;
    bool failed = false;
    bool reachedTarget = false;  // the runner reached scenario.steps
    bool hasRunner = false;      // a runner exists after the command
    QString message;
};

class RunStepper {
    Q_DECLARE_TR_FUNCTIONS(RunStepper)
public:
    // Where the answers go, called on the worker thread (they post to the GUI thread).
    struct Handover {
        std::function<void(RunInfo)> started;    // a Start built its runner
        std::function<void(RecordBatch)> batch;  // steps done since the last hand-over
    };
    RunStepper(RunKnobs& knobs, const EngineWorker& engine, Handover handover);

    // Runs `command` to its end, its target, a stop, a key moment or another job's turn. No exception
    // leaves it: a failure is in the outcome.
    RunOutcome execute(const RunCommand& command);
    void drop();  // the runner goes (the window closes)

    // Test hook: called before each step with the step index; may throw to simulate an engine failure.
    // Set only while no command runs.
    void setFaultInjection(std::function<void(std::int64_t)> hook) { m_fault = std::move(hook); }

private:
    void runSteps(const RunCommand& command, RunOutcome& outcome);
    void publishProgress(std::uint64_t run, std::int64_t steps);

    RunKnobs& m_knobs;
    const EngineWorker& m_engine;
    Handover m_handover;
    std::unique_ptr<Runner> m_runner;
    MomentDetector m_detector;  // the runner's records so far
    std::function<void(std::int64_t)> m_fault;
};

}  // namespace presisi

Q_DECLARE_METATYPE(presisi::RecordBatch)
Q_DECLARE_METATYPE(presisi::RunInfo)
