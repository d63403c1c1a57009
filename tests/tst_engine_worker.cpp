// The window's one engine worker: every page's job (a training run, a Linear-lab product, a convergence
// check, a NaN-doctor rerun, a Speed measurement, an experiment-file read) runs on the one "presisi-engine"
// thread, beside the GUI thread and the convergence check's seed pool only; a Speed measurement holds a
// live run (no step while it measures, the status bar says so) and the run goes on after it; a newer job
// of a page cancels its older one and only the newer one answers. Off-screen.
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>
#include <map>
#include <thread>

#include "engine/speed/gemm_bench.h"
#include "engine_worker.h"
#include "experiment_files.h"
#include "main_window.h"
#include "pages/convergence_page.h"
#include "pages/doctor_panel.h"
#include "pages/linear_page.h"
#include "pages/speed_page.h"
#include "pages/training_page.h"
#include "run_controller.h"

using namespace presisi;

namespace {

// This process's threads: id -> name.
std::map<QString, QString> threads() {
    std::map<QString, QString> out;
    const QDir tasks("/proc/self/task");
    for (const QString& t : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(t + "/comm"));
        if (comm.open(QIODevice::ReadOnly)) out[t] = QString::fromUtf8(comm.readAll().trimmed());
    }
    return out;
}

// A run of `steps` steps on a small model, unpaced, that does not stop at key moments.
Scenario longRun(int steps) {
    Scenario s;
    s.sizes = {2, 32, 32, 3};
    s.batch = 64;
    s.data.samples = 256;
    s.data.evalSamples = 64;
    s.steps = steps;
    s.lanes = {LaneSpec{Device::Cpu, Format::F32}, LaneSpec{Device::Cpu, Format::BF16}};
    return s;
}

bool waitUntil(const std::function<bool()>& done, int ms) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms) QTest::qWait(5);
    return done();
}

}  // namespace

class TestEngineWorker : public QObject {
    Q_OBJECT

private slots:
    // Every page starts a job while a training run is live: the process never holds more than the threads
    // it had before the window, one engine thread and the convergence check's pool.
    void everyPageRunsItsJobsOnTheOneEngineThread() {
        const auto before = threads();
        MainWindow w(false);
        w.show();
        TrainingPage* training = w.trainingPage();
        training->setPauseAtMoments(false);
        training->setPace(0);
        // A NaN early (the doctor has a finding to rerun), and a run long enough to be live while the pages'
        // jobs start (the doctor's rerun repeats its steps).
        QVERIFY(w.loadPreset("overflow-nan", false));
        Scenario nan = training->scenarioFromControls();
        nan.steps = 20000;
        training->setScenario(nan);
        training->run();
        QVERIFY(waitUntil([&] { return training->doctorPanel()->hasFault(); }, 60000));
        QCOMPARE(w.controller()->state(), RunState::Running);

        // The engine thread by its id; any other thread that carries its name is a seed-pool thread just
        // born (a thread inherits its creator's name until it names itself): it must be renamed or gone by a
        // later sample, else it is a second engine thread.
        const QString engineId = QString::number(EngineWorker::shared()->systemThreadId());
        int mostSeeds = 0;
        QStringList strangers;
        std::map<QString, int> namesakes;  // thread id -> samples seen named "presisi-engine"
        auto sample = [&] {
            int seeds = 0;
            const auto now = threads();
            for (auto it = namesakes.begin(); it != namesakes.end();)
                it = now.count(it->first) && now.at(it->first) == "presisi-engine" ? std::next(it) : namesakes.erase(it);
            for (const auto& [id, name] : now) {
                if (before.count(id) || id == engineId) continue;
                if (name == "presisi-engine") ++namesakes[id];
                else if (name == "presisi-seeds") ++seeds;
                else if (name.startsWith("presisi") && !strangers.contains(name)) strangers << name;
            }
            for (const auto& [id, count] : namesakes)
                if (count > 50 && !strangers.contains("second engine " + id)) strangers << "second engine " + id;
            mostSeeds = std::max(mostSeeds, seeds);
        };
        QTimer sampler;
        sampler.setInterval(2);
        connect(&sampler, &QTimer::timeout, this, sample);
        sampler.start();

        const int guiComputationsBefore = LinearPage::guiThreadComputations();
        QSignalSpy linearDone(w.linearPage(), &LinearPage::computed);
        w.linearPage()->computeNow();
        w.trainingPage()->doctorPanel()->runRemedy(Remedy::EnableLossScaler);
        w.convergencePage()->setSeeds(2);
        Scenario check = longRun(30);
        w.convergencePage()->runCheck(check);
        w.speedPage()->setScenarioSource([] { return longRun(30); });
        w.speedPage()->run(SpeedPage::Memory);
        QVERIFY(waitUntil([&] {
            return !linearDone.isEmpty() && !training->doctorPanel()->remedyRunning() &&
                   !w.convergencePage()->running() && !w.speedPage()->isBusy();
        }, 120000));
        QVERIFY(w.convergencePage()->report());
        QVERIFY(training->doctorPanel()->lastOutcome());
        // An experiment file read on the engine too (opening it then replaces the run).
        QTemporaryDir dir;
        const QString file = dir.filePath("run.json");
        QVERIFY(w.experiments()->save(file));
        QSignalSpy opened(w.experiments(), &ExperimentFiles::opened);
        w.experiments()->openInBackground(file);
        QVERIFY(waitUntil([&] { return !opened.isEmpty(); }, 30000));
        QVERIFY(opened.first().at(1).toBool());
        sample();
        sampler.stop();
        QVERIFY2(strangers.isEmpty(), qPrintable(strangers.join(", ")));
        QVERIFY(engineId != "0" && threads().count(engineId));
        QVERIFY(namesakes.empty());
        QVERIFY(mostSeeds <= std::max(0, static_cast<int>(std::thread::hardware_concurrency()) - 1));
        QCOMPARE(LinearPage::guiThreadComputations(), guiComputationsBefore);
        w.controller()->stop();
        QVERIFY(w.controller()->waitForIdle());
    }

    // A Speed measurement waits for no step of a live run and takes none beside it: the run holds while
    // it measures (the status bar says so) and goes on after it.
    void aSpeedMeasurementHoldsALiveRunAndResumesIt() {
        MainWindow w(false);
        w.show();
        w.trainingPage()->setPace(0);
        w.trainingPage()->setPauseAtMoments(false);
        RunController* rc = w.controller();
        QSignalSpy held(rc, &RunController::heldBy);
        QSignalSpy resumed(rc, &RunController::resumedAfterHold);
        rc->start(longRun(1000000));
        QVERIFY(waitUntil([&] { return rc->stepsDone() > 5; }, 30000));

        // What the engine itself sees while a Speed job runs: the run's step count does not move.
        EngineChannel speed(JobKind::Speed);
        std::int64_t atStart = -1, atEnd = -2;
        std::thread::id ranOn;
        bool answered = false;
        speed.submit(
            this,
            [&](JobContext&) {
                ranOn = std::this_thread::get_id();
                atStart = rc->stepsDone();
                GemmBenchSettings settings;
                settings.sizes = {256};
                settings.repeats = 5;
                benchGemm(settings, {}, std::atomic<bool>(false));
                atEnd = rc->stepsDone();
            },
            [&] { answered = true; });
        QVERIFY(waitUntil([&] { return answered; }, 60000));
        QCOMPARE(ranOn, speed.worker().threadId());
        QVERIFY(atStart > 5);
        QCOMPARE(atEnd, atStart);
        QVERIFY(waitUntil([&] { return !held.isEmpty(); }, 5000));
        QCOMPARE(held.first().first().value<JobKind>(), JobKind::Speed);
        QVERIFY(waitUntil([&] { return !resumed.isEmpty(); }, 5000));
        QVERIFY(waitUntil([&] { return rc->stepsDone() > atEnd + 5; }, 30000));
        QCOMPARE(rc->state(), RunState::Running);

        // The Speed lab's own Run: held, then the status bar says the run resumed.
        held.clear();
        resumed.clear();
        w.speedPage()->setScenarioSource([] { return longRun(30); });
        w.speedPage()->setGemmSizes({256});
        w.speedPage()->setGemmRepeats(3);
        w.speedPage()->run(SpeedPage::Throughput);
        QVERIFY(waitUntil([&] { return !held.isEmpty(); }, 30000));
        QCOMPARE(w.statusBar()->currentMessage(), QString("Training paused while the Speed lab measures"));
        QVERIFY(waitUntil([&] { return !w.speedPage()->isBusy(); }, 60000));
        QVERIFY(waitUntil([&] { return !resumed.isEmpty(); }, 5000));
        QCOMPARE(w.statusBar()->currentMessage(), QString("Training resumed"));
        const std::int64_t after = rc->stepsDone();
        QVERIFY(waitUntil([&] { return rc->stepsDone() > after; }, 30000));
        rc->stop();
        QVERIFY(rc->waitForIdle());
    }

    // Stop, Ctrl+R and a new start while the run is held behind a long job take effect at once: the
    // window does not wait for the other page's job (a convergence check may take minutes).
    void aHeldRunStopsAtOnceAndGoesOnWhenAsked() {
        MainWindow w(false);
        w.trainingPage()->setPace(0);
        w.trainingPage()->setPauseAtMoments(false);
        RunController* rc = w.controller();
        QSignalSpy held(rc, &RunController::heldBy);
        rc->start(longRun(1000000));
        QVERIFY(waitUntil([&] { return rc->stepsDone() > 5; }, 30000));
        EngineChannel check(JobKind::Check);
        std::atomic<bool> release{false}, began{false};
        check.submit(this, [&](JobContext& c) {
            began = true;
            while (!release && !c.cancelled()) std::this_thread::yield();
        }, [] {});
        QVERIFY(waitUntil([&] { return !held.isEmpty() && began; }, 30000));
        QCOMPARE(w.statusBar()->currentMessage(), QString("Training paused while the convergence check runs"));
        const std::int64_t heldAt = rc->stepsDone();
        rc->stop();
        QVERIFY(rc->waitForIdle(std::chrono::milliseconds(200)));
        QCOMPARE(rc->state(), RunState::Paused);
        QVERIFY(!rc->busy());
        QCOMPARE(w.statusBar()->currentMessage(), QString());  // the hold's message went with the run
        rc->resume();  // queued behind the check: the run goes on only after it
        QCOMPARE(rc->state(), RunState::Running);
        QCOMPARE(rc->stepsDone(), heldAt);
        rc->reset();
        QVERIFY(rc->waitForIdle(std::chrono::milliseconds(200)));
        QCOMPARE(rc->state(), RunState::Idle);
        rc->start(longRun(50));
        QCOMPARE(rc->state(), RunState::Starting);
        release = true;
        check.waitIdle();
        QVERIFY(rc->waitForIdle());
        QCOMPARE(rc->state(), RunState::Finished);
        QCOMPARE(rc->stepsDone(), 50);
        QCOMPARE(rc->records().size(), std::size_t{100});  // two lanes, 50 steps, of the new run only
    }

    // One cancellation rule: a newer job of a channel cancels the running one and replaces the one
    // waiting; only the newest answers, and a cancelled channel answers nothing.
    void aNewerJobSupersedesAndOnlyTheNewestAnswers() {
        EngineChannel blocker(JobKind::Check), jobs(JobKind::Linear);
        std::atomic<bool> release{false};
        blocker.submit(this, [&](JobContext& c) {
            while (!release && !c.cancelled()) std::this_thread::yield();
        }, [] {});
        QList<int> answers;
        for (int i = 0; i < 5; ++i) jobs.submit(this, [i](JobContext&) { return i; }, [&](int v) { answers << v; });
        release = true;
        jobs.waitIdle();
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
        QCOMPARE(answers, QList<int>{4});

        // A running job sees its token turn when a newer one comes; its own answer is dropped.
        std::atomic<bool> started{false}, sawCancel{false};
        jobs.submit(this, [&](JobContext& c) {
            started = true;
            while (!c.cancelled()) std::this_thread::yield();
            sawCancel = true;
            return -1;
        }, [&](int v) { answers << v; });
        while (!started) std::this_thread::yield();
        jobs.submit(this, [](JobContext&) { return 7; }, [&](int v) { answers << v; });
        jobs.waitIdle();
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
        QVERIFY(sawCancel);
        QCOMPARE(answers, (QList<int>{4, 7}));

        // An error reaches onError; cancel() drops the answer of a job that already ran.
        QString error;
        jobs.submit(this, [](JobContext&) -> int { throw Error("boom"); }, [&](int v) { answers << v; },
                    [&](const QString& e) { error = e; });
        jobs.waitIdle();
        jobs.submit(this, [](JobContext&) { return 9; }, [&](int v) { answers << v; });
        jobs.waitIdle();
        jobs.cancel();
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
        QCOMPARE(error, QString());  // superseded by the job after it before its answer was delivered
        QCOMPARE(answers, (QList<int>{4, 7}));
        jobs.submit(this, [](JobContext&) -> int { throw Error("boom"); }, [&](int v) { answers << v; },
                    [&](const QString& e) { error = e; });
        jobs.waitIdle();
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
        QCOMPARE(error, QString("boom"));
    }
};

QTEST_MAIN(TestEngineWorker)
#include "tst_engine_worker.moc"
