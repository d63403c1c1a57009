// RunStepper: the run's commands executed on the engine worker, steps gathered into batches, pace and
// stops kept between steps.
#include "run_stepper.h"

#include <QElapsedTimer>
#include <algorithm>
#include <chrono>
#include <exception>
#include <iterator>
#include <thread>

#include "engine/error.h"
#include "engine_worker.h"
#include "pages/presets.h"

namespace presisi {

namespace {
// The most records a batch gathers while the window has not drawn the last one (about 2 MB).
constexpr std::size_t kMaxBatchRecords = 16384;
}  // namespace

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

RunStepper::RunStepper(RunKnobs& knobs, const EngineWorker& engine, Handover handover)
    : m_knobs(knobs), m_engine(engine), m_handover(std::move(handover)) {}

void RunStepper::publishProgress(std::uint64_t run, std::int64_t steps) {
    m_knobs.progress = (run & 0xFFFFFF) << 40 | (static_cast<std::uint64_t>(steps) & ((std::uint64_t{1} << 40) - 1));
}

void RunStepper::drop() {
    m_runner.reset();
    m_detector = MomentDetector();
}

RunOutcome RunStepper::execute(const RunCommand& command) {
    // No exception leaves this function: a failure is the outcome (runFailed on the GUI thread).
    RunOutcome outcome;
    try {
        switch (command.kind) {
            case RunCommandKind::Drop:
                drop();
                break;
            case RunCommandKind::Reset:
                if (m_runner) m_runner->reset();
                m_detector.reset();
                publishProgress(command.run, 0);
                break;
            case RunCommandKind::Start:
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
                    m_handover.started(std::move(info));
                }
                runSteps(command, outcome);
                break;
            case RunCommandKind::Continue:
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
    if (outcome.failed && command.kind != RunCommandKind::Continue) m_runner.reset();
    outcome.hasRunner = m_runner != nullptr;
    return outcome;
}

void RunStepper::runSteps(const RunCommand& command, RunOutcome& outcome) {
    Runner& runner = *m_runner;
    const std::uint64_t run = command.run;
    const std::int64_t target = command.target >= 0 ? command.target
        : (runner.stepsDone() >= runner.scenario().steps ? runner.stepsDone() + runner.scenario().steps
                                                         : runner.scenario().steps);
    const auto aborted = [this, &command] { return command.seq < m_knobs.abortBelow.load(); };
    // Another page's job waits: this segment ends at the step boundary and the command goes on after it.
    const auto yielding = [this] { return m_engine.othersWaiting(); };
    RecordBatch batch;
    batch.run = run;
    auto post = [this](RecordBatch&& b) {
        m_knobs.drawn = false;
        m_handover.batch(std::move(b));
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
            batch.boundary = boundarySnapshot(runner, m_knobs.gridN);
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
            const double pace = m_knobs.pace.load();
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
                outcome.rest = RunCommand{RunCommandKind::Continue, command.seq, run, {}, target};
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
                (m_knobs.stopAtNextMoment.load() || (m_knobs.pauseAtMoments.load() && m_knobs.pace.load() > 0))) {
                m_knobs.stopAtNextMoment = false;
                batch.pausedAtMoment = true;
                break;
            }
            if (runner.stepsDone() < target) keepPace();
            if (sinceGrid.elapsed() >= m_knobs.gridIntervalMs) gridDue = true;
            // Hand over when the window has drawn the last batch (its frame clock says so, at most every
            // kFrameMs), so the window stays responsive however fast the engine runs. The target's last
            // step always goes out with the final flush below, so the last batch of a run holds its last
            // step (and the finals).
            if (runner.stepsDone() < target && m_knobs.drawn.load()) flush(gridDue);
            // Back-pressure: a window that cannot keep up (a starved GUI thread) makes the worker wait
            // rather than gather an ever larger batch, so memory stays bounded whatever the load.
            while (batch.records.size() >= kMaxBatchRecords && !m_knobs.drawn.load() && !aborted() && !yielding())
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
        if (!batch.pausedAtMoment) m_knobs.stopAtNextMoment = false;
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
