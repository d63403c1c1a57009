// The window under ordinary keys, fast: regression tests for the two window defects (presets switched
// during a run; Ctrl+R, `.`, Ctrl+R freezing in an axis layout), Space in a number field, a stop in slow
// motion, the record store's bounded memory, and a seeded random stress of the real inputs with a
// frozen-event-loop watchdog and a memory bound. The controls and views: tst_window_views.cpp.
//
// Environment: PRESISI_STRESS_SECONDS (default 20; CI's sanitizer run sets 60), PRESISI_STRESS_SEED
// (default: a new one each run, printed so a failure can be replayed).
#include "reliability_support.h"
#include "language.h"
#include "pages/convergence_page.h"
#include "pages/speed_page.h"
#include "services/scenario_file.h"
#include "experiment_files.h"
#include "window_host.h"
#include "widgets/chart_legend.h"

#include <sys/stat.h>

using namespace presisi;
using namespace presisi::reliability;

class TestReliability : public QObject {
    Q_OBJECT
private slots:

    // Regression: the axis of a one-point chart at zero kept a tick interval of ~1e-13; Reset then
    // gave it the range 0..1 and Qt laid out ~10^13 ticks (a frozen window growing 1 GB a second).
    void anAxisNeverHoldsMoreThanACountableNumberOfTicks() {
        Watchdog dog(10000, "axis ranges");
        QChart chart;
        auto* axis = new QValueAxis();
        chart.addAxis(axis, Qt::AlignLeft);
        const std::pair<double, double> ranges[] = {{0, 0},      {0, 1e-12}, {0, 1},     {-1e-300, 1e-300}, {5, 5},
                                                    {1e30, 1e30}, {0, 1e9},  {1, 0},     {-3, -3},          {0, 1e-30},
                                                    {std::numeric_limits<double>::quiet_NaN(), 1},
                                                    {0, std::numeric_limits<double>::infinity()}};
        for (auto [lo, hi] : ranges) {
            setNiceRange(axis, lo, hi, 5, false);
            const double span = axis->max() - axis->min();
            QVERIFY2(span > 0, qPrintable(QString("%1..%2").arg(lo).arg(hi)));
            QVERIFY2(span / axis->tickInterval() <= kMaxAxisTicks, qPrintable(QString("%1..%2").arg(lo).arg(hi)));
            if (std::isfinite(lo) && std::isfinite(hi)) {
                QVERIFY(axis->min() <= std::min(lo, hi));
                QVERIFY(axis->max() >= std::max(lo, hi));
            }
        }
        // The chart path of the report: one point at zero, then cleared.
        LiveChart live("underflow", "step", "%");
        live.setLanes({"cpu:f32"});
        live.appendPoints(0, {QPointF(0, 0)});
        live.refresh();
        live.clearPoints();
        verifyAxesBounded({&live});
    }

    // Regression: Ctrl+R, `.`, Ctrl+R on underflow and scaler-growth froze the window.
    void resetStepResetKeepsTheWindowAlive_data() {
        QTest::addColumn<QString>("preset");
        QTest::newRow("underflow") << "underflow";
        QTest::newRow("scaler-growth") << "scaler-growth";
    }

    void resetStepResetKeepsTheWindowAlive() {
        QFETCH(QString, preset);
        MainWindow w(false);
        showActive(w);
        QVERIFY(w.loadPreset(preset, false));
        w.setPage(MainWindow::TrainingIndex);
        Watchdog dog(4000, "Ctrl+R . Ctrl+R on " + preset);
        for (int round = 0; round < 3; ++round) {
            QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
            QTest::keyClick(&w, Qt::Key_Period);
            QVERIFY(waitUntil([&] { return !w.controller()->busy() && w.trainingPage()->lastStepShown() == 0; }, 20000));
            QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
            QTest::qWait(20);
            verifyAxesBounded(w.trainingPage()->charts());
        }
        QCOMPARE(w.controller()->stepsDone(), std::int64_t(0));
        // The histogram's title follows Reset: no step is shown any more.
        QCOMPARE(fullTitle(w.trainingPage()->histogramChart()->chart()), QString("Gradient magnitudes (log2 bins)"));
        QVERIFY(w.trainingPage()->histogramChart()->isEmpty());
    }

    // Regression: picking presets ten times a second during a run crashed (two run threads, one
    // stepping a runner the other had freed), or ended on an older pick: each pick was handled inside
    // the wait loop of the one before, and the waits unwound by starting their own, older presets.
    // Picks arrive in bursts of three (each delivered while the one before is being handled).
    void presetsPickedFastDuringARunNeverOverlap() {
        MainWindow w(false);
        showActive(w);
        w.trainingPage()->setPauseAtMoments(false);  // the last preset's whole run, not up to its first key moment
        QVERIFY(w.loadPreset("sensitive-ops", true));
        Watchdog dog(4000, "preset storm");
        QSignalSpy started(w.controller(), &RunController::runStarted);
        int most = engineThreads();
        QTimer sampler;
        sampler.setInterval(1);
        QObject::connect(&sampler, &QTimer::timeout, [&] { most = std::max(most, engineThreads()); });
        sampler.start();
        QString last;
        for (int burst = 0; burst < 12; ++burst) {
            for (int k = 0; k < 3; ++k) {
                QAction* a = presetAction(w, burst + k);
                QVERIFY(a);
                last = a->text();
                QMetaObject::invokeMethod(a, &QAction::trigger, Qt::QueuedConnection);
            }
            QTest::qWait(100);
        }
        const int startedBeforeEnd = started.count();
        // The last preset's whole run: two minutes in the plain build; the sanitizer build runs it several
        // times slower.
        QVERIFY(waitUntil([&] { return w.controller()->state() == RunState::Finished; },
                          qEnvironmentVariableIsSet("PRESISI_SANITIZED") ? 400000 : 120000));
        sampler.stop();
        QCOMPARE(most, 1);  // one worker, for the whole life of the window
        // The run on screen is the last preset picked, with every record of it, and nothing older
        // started after the last pick.
        const Scenario& s = w.controller()->scenario();
        QVERIFY2(last.startsWith(QString::fromStdString(s.preset) + "  "), qPrintable(last + " vs " + QString::fromStdString(s.preset)));
        for (int i = startedBeforeEnd; i < started.count(); ++i)
            QCOMPARE(started.at(i).at(0).value<RunInfo>().scenario.preset, s.preset);
        QCOMPARE(w.controller()->records().size(), std::size_t(s.steps) * s.lanes.size());
        QCOMPARE(w.trainingPage()->lastStepShown(), std::int64_t(s.steps - 1));
    }

    // Space pauses a run even with the cursor in a number field (which would otherwise take it).
    void spacePausesWithTheCursorInANumberField() {
        MainWindow w(false);
        showActive(w);
        w.setPage(MainWindow::TrainingIndex);
        Scenario s = loadPresetScenario("underflow");
        s.steps = 100000000;
        w.trainingPage()->setScenario(s);
        w.trainingPage()->run();
        QVERIFY(waitUntil([&] { return w.controller()->stepsDone() > 2; }, 30000));
        RealField* lr = w.trainingPage()->findChildren<RealField*>().value(0);
        QVERIFY(lr);
        lr->setFocus();
        QVERIFY(waitUntil([&] { return lr->hasFocus(); }, 2000));
        const QString text = lr->text();
        QTest::keyClick(lr, Qt::Key_Space);
        QVERIFY(waitUntil([&] { return w.controller()->state() == RunState::Paused; }, 10000));
        QCOMPARE(lr->text(), text);
        // Ctrl+R from the same field resets.
        QTest::keyClick(lr, Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(w.controller()->state(), RunState::Idle);
        QCOMPARE(w.controller()->stepsDone(), std::int64_t(0));
    }

    // Slow motion does not slow a stop: the worker sleeps in slices and checks between them.
    void aStopLandsPromptlyInSlowMotion() {
        RunController rc;
        rc.setPace(1);
        Scenario s = loadPresetScenario("underflow");
        s.steps = 1000;
        rc.start(s);
        QVERIFY(waitUntil([&] { return rc.stepsDone() >= 1; }, 30000));
        QTest::qWait(300);  // well inside the one-second wait for the next step
        QElapsedTimer t;
        t.start();
        rc.stop();
        rc.waitForIdle();
        // Before the next step is due (700 ms on): a worker that slept the whole second out would miss it.
        // Not the 20 ms of a sleep slice, which a busy machine's scheduler may stretch many times over.
        QVERIFY2(t.elapsed() < 500, qPrintable(QString("stop took %1 ms").arg(t.elapsed())));
        QCOMPARE(rc.state(), RunState::Paused);
        QVERIFY(rc.stepsDone() <= 2);
    }

    // The window's record store: every record back in order, a bounded buffer in memory, and
    // nothing lost when no temporary file can be made.
    void theRecordStoreKeepsEveryRecordInBoundedMemory() {
        auto record = [](std::int64_t i) {
            StepRecord r;
            r.lane = static_cast<int>(i % 4);
            r.step = i / 4;
            r.loss = 1.0 / double(i + 1);
            r.skipped = i % 7 == 0;
            return r;
        };
        const std::int64_t n = 100003;
        RecordStore store(1000);
        std::vector<StepRecord> chunk;
        for (std::int64_t i = 0; i < n; ++i) {
            chunk.push_back(record(i));
            if (chunk.size() == 37 || i == n - 1) {
                store.append(chunk);
                chunk.clear();
            }
        }
        QCOMPARE(store.size(), std::size_t(n));
        QVERIFY(store.fallbackReason().empty());
        QVERIFY(store.memoryBytes() <= 1000 * sizeof(StepRecord));
        std::int64_t i = 0;
        bool same = true;
        store.forEach([&](const StepRecord& r) {
            const StepRecord e = record(i++);
            same = same && r.lane == e.lane && r.step == e.step && r.loss == e.loss && r.skipped == e.skipped;
        });
        QVERIFY(same);
        QCOMPARE(i, n);
        QCOMPARE(store.at(12345).loss, record(12345).loss);
        QCOMPARE(store.at(n - 1).step, record(n - 1).step);
        store.clear();
        QVERIFY(store.empty());
        store.append(std::vector<StepRecord>{record(5)});
        QCOMPARE(store.toVector().front().loss, record(5).loss);

        const QByteArray tmp = qgetenv("TMPDIR");
        qputenv("TMPDIR", "/nonexistent-presisi-dir");
        RecordStore stuck(10);
        for (std::int64_t k = 0; k < 50; ++k) stuck.append(std::vector<StepRecord>{record(k)});
        if (tmp.isNull()) qunsetenv("TMPDIR");
        else qputenv("TMPDIR", tmp);
        QVERIFY(!stuck.fallbackReason().empty());
        QCOMPARE(stuck.size(), std::size_t(50));
        QCOMPARE(stuck.at(49).loss, record(49).loss);
    }

    // Seeded random use of the real inputs for a bounded time. Fails on a sanitizer report (the
    // sanitizers abort the process), a frozen event loop (2 s without an event) or resident memory
    // growing by more than kGrowthMiB after the first preset run.
    void randomInputsNeverCrashFreezeOrGrow() {
        const int seconds = qEnvironmentVariableIntValue("PRESISI_STRESS_SECONDS") > 0
                                ? qEnvironmentVariableIntValue("PRESISI_STRESS_SECONDS")
                                : 20;
        const quint32 seed = qEnvironmentVariableIsSet("PRESISI_STRESS_SEED")
                                 ? static_cast<quint32>(qEnvironmentVariableIntValue("PRESISI_STRESS_SEED"))
                                 : QRandomGenerator::system()->generate();
        std::fprintf(stderr, "stress: seed %u, %d s (replay: PRESISI_STRESS_SEED=%u)\n", seed, seconds, seed);
        // Records of the longest preset run (4 lanes x 500 steps) and chart windows are a few MiB;
        // the bound leaves room for allocator and font caches, and catches a leak or a blow-up.
        // Under AddressSanitizer freed memory waits in its quarantine (256 MiB by default) before
        // it is reused: that much more is resident without anything being kept.
        const double kGrowthMiB = 300 + (qEnvironmentVariableIsSet("PRESISI_SANITIZED") ? 256 : 0);
        QRandomGenerator rng(seed);
        QTemporaryDir dir;
        // The window lives in a WindowHost, as in the application: View > Language rebuilds it, so every
        // pointer into it is taken again after a switch (refresh()).
        const QLocale locale;  // put back at the end: a language switch sets the default locale
        WindowHost host(false);
        MainWindow* w = host.window();
        showActive(*w);
        QVERIFY(w->loadPreset("underflow", false));
        w->trainingPage()->setPace(0);  // the baseline run as fast as it goes; later presets keep their pace
        w->trainingPage()->run();
        QVERIFY(waitUntil([&] { return !w->controller()->busy(); }, 60000));
        const double baseline = residentMiBNow();
        double peak = baseline;
        // The sanitizer build checks memory and UB, not speed: its allocations are several times slower, so
        // there a freeze is 6 s of nothing processed (2 s in the plain build).
        Watchdog dog(qEnvironmentVariableIsSet("PRESISI_SANITIZED") ? 6000 : 2000, QString("stress seed %1").arg(seed));
        QElapsedTimer clock;
        clock.start();
        int actions = 0;
        qint64 nextReport = 60000;
        TrainingPage* page = nullptr;
        QList<QCheckBox*> laneBoxes;
        QLineEdit* extraLanes = nullptr;
        auto refresh = [&] {
            w = host.window();
            page = w->trainingPage();
            laneBoxes = page->findChildren<QCheckBox*>();
            extraLanes = nullptr;
            for (QLineEdit* e : page->findChildren<QLineEdit*>())
                if (e->placeholderText().startsWith("more") || e->placeholderText().startsWith("lain")) extraLanes = e;
        };
        refresh();
        QVERIFY(extraLanes);
        int switches = 0;
        const char* const laneTexts[] = {"cpu:f16+ftz", "", "cpu:bf16+scaler", "gpu:f16", "nonsense", "cpu:f32, cpu:f32"};
        // Experiment files to open mid-run: valid, invalid (a value the command line refuses), over the
        // size limit (sparse), a FIFO nobody writes, a symlink to /dev/zero.
        QStringList experiments;
        {
            const QString valid = dir.filePath("valid.presisi.json"), invalid = dir.filePath("invalid.presisi.json");
            services::writeExperimentFile(valid.toStdString(), loadPresetScenario("overflow-nan"));
            QFile f(invalid);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"presisi_experiment": 1, "scenario": {"optimizer": {"lr": 1e30}}})");
            f.close();
            QFile huge(dir.filePath("huge.presisi.json"));
            QVERIFY(huge.open(QIODevice::WriteOnly) && huge.resize((qint64{64} << 20) + 1));
            huge.close();
            QVERIFY(::mkfifo(QFile::encodeName(dir.filePath("fifo.presisi.json")).constData(), 0600) == 0);
            QVERIFY(QFile::link("/dev/zero", dir.filePath("zero.presisi.json")));
            experiments << valid << invalid << huge.fileName() << dir.filePath("fifo.presisi.json") << dir.filePath("zero.presisi.json");
        }
        while (clock.elapsed() < seconds * 1000) {
            const int kind = rng.bounded(110);
            if (kind < 20) QTest::keyClick(w, Qt::Key_Space);
            else if (kind < 35) QTest::keyClick(w, Qt::Key_Period);
            else if (kind < 45) QTest::keyClick(w, Qt::Key_R, Qt::ControlModifier);
            else if (kind < 60) presetAction(*w, rng.bounded(8))->trigger();
            else if (kind < 65) QTest::keyClick(w, Qt::Key(Qt::Key_1 + rng.bounded(5)), Qt::ControlModifier);
            else if (kind < 67) QTest::keyClick(w, Qt::Key_Escape);
            else if (kind < 75 && !laneBoxes.isEmpty()) {
                QCheckBox* box = laneBoxes.at(rng.bounded(laneBoxes.size()));
                if (box->isVisible() && box->isEnabled()) QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
            } else if (kind < 80) {
                extraLanes->setText(laneTexts[rng.bounded(6)]);
            } else if (kind < 85) {
                w->setPage(MainWindow::TrainingIndex);
                const QString name = dir.filePath(QString("c%1.%2").arg(actions).arg(rng.bounded(2) ? "png" : "svg"));
                w->exportChart(name);
                QFile::remove(name);
            } else if (kind < 88) {
                page->exportCsv(dir.filePath("run.csv"));
                page->exportJson(dir.filePath("run.json"));
            } else if (kind < 93) {
                // Scrub: drag the timeline (a no-op while it is disabled during a run).
                QSlider* t = page->timeline();
                if (t->isEnabled()) t->setValue(static_cast<int>(rng.bounded(static_cast<quint32>(t->maximum() + 1))));
            } else if (kind < 96 && page->isVisible()) {
                // Zoom with the wheel over a chart, or reset it with a right click.
                LiveChart* chart = rng.bounded(2) ? page->lossChart() : page->underflowChart();
                const QPointF at(chart->width() / 2.0, chart->height() / 2.0);
                if (rng.bounded(3) == 0) {
                    QTest::mouseClick(chart->viewport(), Qt::RightButton, {}, at.toPoint());
                } else {
                    QWheelEvent e(at, chart->mapToGlobal(at), QPoint(), QPoint(0, rng.bounded(2) ? 120 : -120),
                                  Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
                    QApplication::sendEvent(chart->viewport(), &e);
                }
            } else if (kind >= 107) {
                // Every page's job at once, beside the training run: the Linear lab's product, the Speed
                // lab's memory estimate and a convergence check, each on its worker.
                w->linearPage()->computeNow();
                w->speedPage()->run(SpeedPage::Memory);
                if (rng.bounded(4) == 0) w->convergencePage()->runCheck();
                else w->convergencePage()->cancel();
            } else if (kind >= 104) {
                // View > Language mid-run: the window is rebuilt in the other language, the run stops first.
                if (switches < 6) {
                    dog.pause(true);  // a rebuild is a second or two under the sanitizers, by design
                    host.switchLanguage(language::current() == QLatin1String("en") ? QStringLiteral("id") : QStringLiteral("en"));
                    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
                    refresh();
                    showActive(*w);
                    dog.pause(false);
                    ++switches;
                }
            } else if (kind >= 100) {
                // File > Open as the menu does it (read off the GUI thread), or at once as start-up does.
                const QString file = experiments.at(rng.bounded(experiments.size()));
                if (rng.bounded(2)) w->experiments()->openInBackground(file);
                else w->experiments()->open(file);
            } else {
                QTest::qWait(static_cast<int>(rng.bounded(150)));
            }
            ++actions;
            QCoreApplication::processEvents();
            if (actions % 16 == 0) peak = std::max(peak, residentMiBNow());
            // A long run (PRESISI_STRESS_SECONDS=1800) says each minute where memory stands: whether it levels off.
            if (clock.elapsed() >= nextReport) {
                std::fprintf(stderr, "stress: %lld s, %d actions, resident memory %.0f MiB\n",
                             static_cast<long long>(clock.elapsed() / 1000), actions, residentMiBNow());
                nextReport += 60000;
            }
        }
        dog.pause(true);
        w->convergencePage()->cancel();
        w->speedPage()->cancel();
        w->controller()->stop();
        w->controller()->waitForIdle();
        language::install(QStringLiteral("en"), true);
        QLocale::setDefault(locale);
        peak = std::max(peak, residentMiBNow());
        std::fprintf(stderr, "stress: %d actions (%d language switches), resident memory %.0f MiB at start, %.0f MiB peak\n",
                     actions, switches, baseline, peak);
        QVERIFY2(peak - baseline < kGrowthMiB,
                 qPrintable(QString("resident memory grew by %1 MiB (seed %2)").arg(peak - baseline).arg(seed)));
        QCOMPARE(engineThreads(), 1);
    }
};

QTEST_MAIN(TestReliability)
#include "tst_reliability.moc"
