// RunController: the one object through which the window runs training scenarios. The engine runs on
// a worker QThread; records are batched and handed to the GUI thread with queued calls at most every
// ~33 ms; Stop is checked between steps.
#pragma once

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/training/record.h"
#include "engine/training/runner.h"
#include "engine/training/scenario.h"

class QThread;

namespace presisi {

enum class RunState { Idle, Starting, Running, Stopping, Paused, Finished, Failed };
QString runStateName(RunState state);

// Each lane's model evaluated on a grid over the data's 2-D extent (2-input models only).
// Models with other input counts get a fit view instead: each lane's outputs on the first training
// samples (xs and ys empty, perLane (samples, outputs)), drawn against the targets.
struct BoundarySnapshot {
    std::int64_t step = -1;
    std::vector<float> xs, ys;    // grid coordinates
    std::vector<Matrix> perLane;  // (ys.size() * xs.size(), outputs) per lane, row j*xs.size()+i
    bool valid() const { return step >= 0 && !perLane.empty(); }
};

// What the worker hands to the GUI thread: a copyable value.
struct RecordBatch {
    std::uint64_t run = 0;                 // run generation; batches of a replaced run are dropped
    std::vector<StepRecord> records;       // in step order, one per lane and step
    std::vector<GradHistogram> histograms;
    std::vector<LaneFinal> finals;         // sent once when a run reaches its step target
    BoundarySnapshot boundary;             // latest decision boundaries (may be invalid)
    std::int64_t lastStep = -1;            // last step held in `records`
    double stepsPerSecond = 0;             // steps (of all lanes together) per second over the batch
};

// Sent once per run before any batch: what the views need to set themselves up.
struct RunInfo {
    std::uint64_t run = 0;
    Scenario scenario;
    QStringList lanes;      // lane labels, index = StepRecord::lane
    Dataset data;           // the training set, for the 2-D data view
    bool classification = true;
};

class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    RunState state() const { return m_state; }
    bool busy() const { return m_thread != nullptr; }
    // Emission interval of batches (ms); 33 ms gives at most ~30 batches a second.
    void setBatchInterval(int ms) { m_intervalMs = ms; }
    int batchInterval() const { return m_intervalMs; }
    // Decision-boundary grid size per axis (0: none) and how often it is recomputed (ms).
    void setBoundaryGrid(int n, int intervalMs = 250) { m_gridN = n; m_gridIntervalMs = intervalMs; }
    // Test hook: called on the worker before each step with the step index; may throw to simulate an
    // engine failure in the middle of a run.
    void setFaultInjection(std::function<void(std::int64_t)> hook) { m_fault = std::move(hook); }
    std::int64_t stepsDone() const { return m_stepsDone.load(); }
    const Scenario& scenario() const { return m_scenario; }
    bool hasRunner() const { return m_runner != nullptr; }
    // Every record of the current run received so far (for CSV/JSON exports), in arrival order.
    const std::vector<StepRecord>& records() const { return m_records; }
    const std::vector<LaneFinal>& finals() const { return m_finals; }

public slots:
    // Builds a fresh runner for `scenario` on the worker and runs it to scenario.steps.
    void start(const Scenario& scenario);
    // Continues the current runner (another scenario.steps when it had finished).
    void resume();
    // Requests a stop; the worker finishes its current step, flushes its batch and ends.
    void stop();
    // Takes `scenario` for the next stepOnce()/resume() without running anything yet.
    void prepare(const Scenario& scenario);
    // One step of every lane (when not running).
    void stepOnce();
    // Back to step 0 with the same scenario (initial weights), without running.
    void reset();
    // Blocks until the worker has ended (used on close and in tests).
    void waitForIdle();

signals:
    void runStarted(const presisi::RunInfo& info);
    void recordsReady(const presisi::RecordBatch& batch);
    void runFailed(const QString& message);
    void stateChanged(presisi::RunState state);
    void runReset();

private:
    void launch(std::int64_t targetSteps, bool fresh);
    void setState(RunState s);
    void workerBody(std::uint64_t run, std::int64_t target, bool fresh);
    BoundarySnapshot boundary(Runner& runner) const;
    void deliver(RecordBatch batch);

    Scenario m_scenario;
    std::shared_ptr<Runner> m_runner;
    QThread* m_thread = nullptr;
    RunState m_state = RunState::Idle;
    std::uint64_t m_run = 0;
    int m_intervalMs = 33;
    int m_gridN = 48;
    int m_gridIntervalMs = 250;
    std::function<void(std::int64_t)> m_fault;
    std::atomic<std::int64_t> m_stepsDone{0};
    std::atomic<int> m_inFlight{0};  // batches posted but not yet handled: the worker coalesces above 2
    std::vector<StepRecord> m_records;
    std::vector<LaneFinal> m_finals;
    bool m_reachedTarget = false;
    QString m_failure;
};

}  // namespace presisi

Q_DECLARE_METATYPE(presisi::RecordBatch)
Q_DECLARE_METATYPE(presisi::RunInfo)
Q_DECLARE_METATYPE(presisi::RunState)
