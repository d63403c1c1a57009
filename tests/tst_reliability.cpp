// The window under ordinary keys, fast: regression tests for the two window defects (presets switched
// during a run; Ctrl+R, `.`, Ctrl+R freezing in an axis layout), fields that hold every preset value,
// and a seeded random stress of the real inputs with a frozen-event-loop watchdog and a memory bound.
//
// Environment: PRESISI_STRESS_SECONDS (default 20; CI's sanitizer run sets 60), PRESISI_STRESS_SEED
// (default: a new one each run, printed so a failure can be replayed).
#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QComboBox>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QToolButton>
#include <QSpinBox>
#include <QWheelEvent>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QValueAxis>
#include <QtTest>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "cli/scenario_json.h"
#include "main_window.h"
#include "pages/formats_page.h"
#include "pages/linear_page.h"
#include "pages/presets.h"
#include "pages/training_page.h"
#include "record_store.h"
#include "responsiveness.h"
#include "run_controller.h"
#include "widgets/histogram_chart.h"
#include "widgets/lane_tile.h"
#include "widgets/section.h"
#include "widgets/text_scale.h"
#include "widgets/live_chart.h"
#include "widgets/number_field.h"

using namespace presisi;

namespace {

// Aborts the process (so the test fails instead of hanging) when the GUI thread processes no event
// for `limitMs`: a 25 ms timer on the GUI thread pets it.
class Watchdog {
public:
    Watchdog(int limitMs, QString context) : m_limitMs(limitMs), m_context(std::move(context)) {
        m_last = now();
        m_pet.setInterval(25);
        QObject::connect(&m_pet, &QTimer::timeout, [this] { m_last = now(); });
        m_pet.start();
        m_thread = std::thread([this] {
            while (!m_done) {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                if (!m_paused && now() - m_last > m_limitMs) {
                    std::fprintf(stderr, "FAIL: the event loop processed nothing for %d ms (%s)\n", m_limitMs,
                                 qPrintable(m_context));
                    std::fflush(stderr);
                    std::abort();
                }
            }
        });
    }
    ~Watchdog() {
        m_done = true;
        m_thread.join();
    }
    // Around calls that block the GUI thread on purpose (waitForIdle at the end of a test).
    void pause(bool paused) {
        m_last = now();
        m_paused = paused;
    }

private:
    static qint64 now() {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
    int m_limitMs;
    QString m_context;
    QTimer m_pet;
    std::atomic<qint64> m_last{0};
    std::atomic<bool> m_done{false}, m_paused{false};
    std::thread m_thread;
};

// Threads of this process whose name is "presisi-run" (the run controllers' workers).
int runThreads() {
    int n = 0;
    const QDir tasks("/proc/self/task");
    for (const QString& t : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(t + "/comm"));
        if (comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed() == "presisi-run") ++n;
    }
    return n;
}


// Every value axis of every chart on the page keeps a countable number of ticks.
void verifyAxesBounded(const QList<QWidget*>& charts) {
    for (QWidget* w : charts) {
        auto* view = qobject_cast<QChartView*>(w);
        if (!view) continue;
        for (QAbstractAxis* a : view->chart()->axes()) {
            auto* axis = qobject_cast<QValueAxis*>(a);
            if (!axis) continue;
            const double span = axis->max() - axis->min();
            QVERIFY2(span > 0, qPrintable(view->chart()->title()));
            if (axis->tickType() == QValueAxis::TicksDynamic)
                QVERIFY2(span / axis->tickInterval() <= kMaxAxisTicks,
                         qPrintable(QString("%1: %2 ticks").arg(view->chart()->title()).arg(span / axis->tickInterval())));
            else
                QVERIFY(axis->tickCount() <= kMaxAxisTicks);
        }
    }
}

bool waitUntil(const std::function<bool()>& done, int timeoutMs) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs) return false;
        QTest::qWait(5);
    }
    return true;
}

QAction* presetAction(MainWindow& w, int index) {
    for (QAction* menu : w.menuBar()->actions())
        if (menu->text() == "&Presets") {
            const QList<QAction*> items = menu->menu()->actions();
            return items.isEmpty() ? nullptr : items.at(index % items.size());
        }
    return nullptr;
}

void showActive(MainWindow& w) {
    w.resize(1280, 800);
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
}

}  // namespace

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
        QCOMPARE(w.trainingPage()->histogramChart()->chart()->title(), QString("Gradient magnitudes (log2 bins)"));
        QVERIFY(w.trainingPage()->histogramChart()->isEmpty());
    }

    // Regression: picking presets ten times a second during a run crashed (two run threads, one
    // stepping a runner the other had freed), or ended on an older pick: each pick was handled inside
    // the wait loop of the one before, and the waits unwound by starting their own, older presets.
    // Picks arrive in bursts of three (each delivered while the one before is being handled).
    void presetsPickedFastDuringARunNeverOverlap() {
        MainWindow w(false);
        showActive(w);
        QVERIFY(w.loadPreset("sensitive-ops", true));
        Watchdog dog(4000, "preset storm");
        QSignalSpy started(w.controller(), &RunController::runStarted);
        int most = runThreads();
        QTimer sampler;
        sampler.setInterval(1);
        QObject::connect(&sampler, &QTimer::timeout, [&] { most = std::max(most, runThreads()); });
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
        QVERIFY(waitUntil([&] { return w.controller()->state() == RunState::Finished; }, 120000));
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

    // Regression: the learning-rate box stopped at 10, so the underflow preset (lr 50) ran at lr 10.
    // Every preset's scenario goes through the controls unchanged.
    void everyPresetValueSurvivesTheControls() {
        TrainingPage page;
        QStringList names;
        for (const PresetInfo& p : TrainingPage::presets()) names << p.name;
        QVERIFY(!names.isEmpty());
        for (const QString& name : names) {
            const Scenario preset = loadPresetScenario(name);
            page.setScenario(preset);
            const Scenario shown = page.scenarioFromControls();
            QCOMPARE(cli::scenarioToJson(shown), cli::scenarioToJson(preset));
        }
        // Values at the command line's limits, and ones no fixed number of decimals holds.
        Scenario s = loadPresetScenario("underflow");
        for (double lr : {50.0, 1e-7, 0.1 + 0.2, 1e9, 0.0}) {
            s.optimizer.lr = lr;
            s.seed = 18446744073709551615ull;
            s.scaler.initScale = 3.4e38;
            s.scaler.backoffFactor = 1e-30;
            page.setScenario(s);
            const Scenario shown = page.scenarioFromControls();
            QCOMPARE(shown.optimizer.lr, lr);
            QCOMPARE(shown.seed, s.seed);
            QCOMPARE(shown.scaler.initScale, 3.4e38);
            QCOMPARE(shown.scaler.backoffFactor, 1e-30);
        }
    }

    void aRealFieldReadsBackWhatItShows() {
        RealField f(0, 1e9, true);
        for (double v : {50.0, 1e-5, 0.1, 0.30000000000000004, 123456789.0, 2.5e-300}) {
            f.setValue(v);
            QCOMPARE(f.value(), v);
            QCOMPARE(f.valueFromText(f.text()), v);
        }
        f.setValue(0.1);
        f.stepBy(1);
        QCOMPARE(f.value(), 0.2);
        f.stepBy(1);
        QCOMPARE(f.value(), 0.5);
        f.stepBy(-3);
        QCOMPARE(f.value(), 0.05);
        QCOMPARE(f.valueFromText("0,25"), 0.25);
        QString t = "1e";
        int pos = 2;
        QCOMPARE(f.validate(t, pos), QValidator::Intermediate);
        t = "abc";
        QCOMPARE(f.validate(t, pos), QValidator::Invalid);
        t = "2e9";  // beyond the maximum: not accepted as it is
        QCOMPARE(f.validate(t, pos), QValidator::Intermediate);
    }

    // The wheel changes a field only when the field has keyboard focus; otherwise the panel scrolls.
    void theWheelOverAnUnfocusedFieldLeavesItsValue() {
        MainWindow w(false);
        showActive(w);
        w.setPage(MainWindow::TrainingIndex);
        QSpinBox* samples = nullptr;
        for (QSpinBox* b : w.trainingPage()->findChildren<QSpinBox*>())
            if (b->maximum() == 1000000 && b->minimum() == 1) samples = b;
        QVERIFY(samples);
        const int before = samples->value();
        auto wheel = [&](QWidget* target) {
            const QPointF at(target->width() / 2.0, target->height() / 2.0);
            QWheelEvent e(at, target->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(target, &e);
        };
        wheel(samples);
        QCOMPARE(samples->value(), before);
        samples->setFocus();
        QVERIFY(waitUntil([&] { return samples->hasFocus(); }, 2000));
        wheel(samples);
        QVERIFY(samples->value() != before);
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

    // A bad lane spec is marked when typed; Reset applies a new lane set to tiles and charts at once.
    void laneSpecsAreCheckedAsTypedAndResetAppliesThem() {
        TrainingPage page;
        QLineEdit* extra = nullptr;
        for (QLineEdit* e : page.findChildren<QLineEdit*>())
            if (e->placeholderText().startsWith("more")) extra = e;
        QVERIFY(extra);
        QVERIFY(page.laneProblem().isEmpty());
        extra->setText("cpu:f17");
        QVERIFY(page.laneProblem().contains("f17"));
        extra->setText("cpu:f32");
        QVERIFY(page.laneProblem().contains("already"));
        extra->setText("cpu:f16+ftz");
        QVERIFY(page.laneProblem().isEmpty());
        QCOMPARE(page.lossChart()->lanes().size(), 4);
        page.resetRun();
        QCOMPARE(page.laneCount(), 5);
        QCOMPARE(page.lossChart()->lanes().size(), 5);
        QVERIFY(page.lossChart()->lanes().contains("cpu:f16+ftz"));
    }

    // Each preset narrates: its default pace makes its run last 10 to 20 s.
    void everyPresetBringsAPaceForTenToTwentySeconds() {
        for (const PresetInfo& p : TrainingPage::presets()) {
            const Scenario s = loadPresetScenario(p.name);
            QVERIFY2(s.pace > 0, qPrintable(p.name));
            const double seconds = (s.steps - 1) / s.pace;
            QVERIFY2(seconds >= 10 && seconds <= 20, qPrintable(QString("%1: %2 s").arg(p.name).arg(seconds)));
        }
    }

    // The worker keeps the pace (it sleeps between steps): a preset's run really lasts 10 to 20 s,
    // and the pace box shows the preset's pace.
    void aPacedPresetRunLastsTenToTwentySeconds() {
        MainWindow w(false);
        QElapsedTimer t;
        t.start();
        QVERIFY(w.loadPreset("accumulation", true));
        QCOMPARE(w.trainingPage()->pace(), loadPresetScenario("accumulation").pace);
        QVERIFY(waitUntil([&] { return w.controller()->state() == RunState::Finished; }, 60000));
        const double seconds = t.elapsed() / 1000.0;
        QVERIFY2(seconds >= 10 && seconds <= 20, qPrintable(QString("%1 s").arg(seconds)));
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
        const double limit = qEnvironmentVariableIsSet("PRESISI_SANITIZED") ? 500.0 : 100.0;
        QVERIFY2(t.elapsed() < limit, qPrintable(QString("stop took %1 ms").arg(t.elapsed())));
        QCOMPARE(rc.state(), RunState::Paused);
        QVERIFY(rc.stepsDone() <= 2);
    }

    // Ctrl+= / Ctrl+- / Ctrl+0 scale every font, charts and tiles included, also those built later.
    void textScaleReachesEveryFontAndComesBack() {
        MainWindow w(false);
        showActive(w);
        w.setPage(MainWindow::TrainingIndex);
        TrainingPage* page = w.trainingPage();
        auto sizes = [&] {
            const QChart* c = page->lossChart()->chart();
            QList<double> out{c->titleFont().pointSizeF(), c->legend()->font().pointSizeF()};
            for (QAbstractAxis* a : c->axes()) out << a->labelsFont().pointSizeF();
            LaneTile* tile = page->findChildren<LaneTile*>().value(0);
            for (QLabel* l : tile->findChildren<QLabel*>()) out << l->font().pointSizeF();
            return out;
        };
        const QList<double> normal = sizes();
        QTest::keyClick(&w, Qt::Key_Equal, Qt::ControlModifier);
        QTest::keyClick(&w, Qt::Key_Equal, Qt::ControlModifier);
        QCOMPARE(uiScale(), 1.5);
        const QList<double> larger = sizes();
        QCOMPARE(larger.size(), normal.size());
        for (int i = 0; i < normal.size(); ++i) QCOMPARE(larger[i], normal[i] * 1.5);
        // Tiles and axes built after the change start enlarged.
        QVERIFY(w.loadPreset("overflow-nan", false));
        QCOMPARE(sizes().first(), normal.first() * 1.5);
        LaneTile* fresh = page->findChildren<LaneTile*>().value(0);
        QVERIFY(fresh->findChildren<QLabel*>().value(0)->font().pointSizeF() >= 12 * 1.5);
        for (int i = 0; i < 8; ++i) QTest::keyClick(&w, Qt::Key_Equal, Qt::ControlModifier);
        QCOMPARE(uiScale(), kMaxUiScale);
        QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(uiScale(), 1.0);
        const QList<double> back = sizes();
        for (int i = 0; i < normal.size(); ++i) QCOMPARE(back[i], normal[i]);
    }

    // Double-click shows one chart alone; Esc returns to all of them. F11 toggles full screen.
    void aChartAloneAndBackAndFullScreen() {
        MainWindow w(false);
        showActive(w);
        w.setPage(MainWindow::TrainingIndex);
        TrainingPage* page = w.trainingPage();
        LiveChart* loss = page->lossChart();
        const int before = loss->width();
        const QPointF at(50, 50);
        QMouseEvent dbl(QEvent::MouseButtonDblClick, at, loss->viewport()->mapToGlobal(at), Qt::LeftButton,
                        Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(loss->viewport(), &dbl);
        QCOMPARE(w.chartAlone(), static_cast<QWidget*>(loss));
        QVERIFY(waitUntil([&] { return loss->width() > before; }, 2000));
        const int alone = loss->width();
        QVERIFY(!page->underflowChart()->isVisible());
        QVERIFY(!page->histogramChart()->isVisible());
        QTest::keyClick(&w, Qt::Key_Escape);
        QCOMPARE(w.chartAlone(), nullptr);
        QVERIFY(page->underflowChart()->isVisible());
        QVERIFY(page->histogramChart()->isVisible());
        QVERIFY(waitUntil([&] { return loss->width() < alone; }, 2000));
        QTest::keyClick(&w, Qt::Key_F11);
        QVERIFY(w.windowState() & Qt::WindowFullScreen);
        QTest::keyClick(&w, Qt::Key_F11);
        QVERIFY(!(w.windowState() & Qt::WindowFullScreen));
        QVERIFY(MainWindow::shortcutsHtml().contains("F11"));
        QVERIFY(MainWindow::shortcutsHtml().contains("Space"));
    }

    // Eight lanes, and text at 1.5x, fit a 1280x800 window without widening it; tiles wrap into rows
    // and keep at least their minimum width (values never cut).
    void eightLanesAndLargeTextKeepTheWindowWidth() {
        MainWindow w(false);
        showActive(w);
        w.setPage(MainWindow::TrainingIndex);
        TrainingPage* page = w.trainingPage();
        Scenario s = loadPresetScenario("underflow");
        s.lanes.clear();
        for (const char* l : {"cpu:f32", "cpu:bf16", "cpu:f16", "cpu:f16+scaler", "cpu:bf16+scaler", "cpu:f16+ftz",
                              "cpu:bf16+ftz", "cpu:f16+scaler+ftz"})
            s.lanes.push_back(parseLane(l));
        s.steps = 3;
        s.pace = 0;
        page->setScenario(s);
        page->run();
        QVERIFY(waitUntil([&] { return w.controller()->state() == RunState::Finished; }, 30000));
        for (double scale : {1.0, 1.5}) {
            w.setTextScale(scale);
            QTest::qWait(50);
            // The Training lab needs no scrolling at either scale.
            QVERIFY2(page->width() <= page->parentWidget()->width(), qPrintable(QString("page %1 > viewport %2").arg(page->width()).arg(page->parentWidget()->width())));
            QVERIFY2(w.minimumSizeHint().width() <= 1280, qPrintable(QString("minimum width %1 at %2x").arg(w.minimumSizeHint().width()).arg(scale)));
            QCOMPARE(w.width(), 1280);
            const QList<LaneTile*> tiles = page->findChildren<LaneTile*>();
            QCOMPARE(tiles.size(), 8);
            for (LaneTile* t : tiles) {
                QVERIFY2(t->width() >= t->minimumSizeHint().width(), qPrintable(QString("tile %1 < %2 at %3x").arg(t->width()).arg(t->minimumSizeHint().width()).arg(scale)));
                QVERIFY(t->geometry().right() <= t->parentWidget()->width());
            }
        }
        w.setTextScale(1.0);
    }

    // The Linear lab computes on its worker: a long computation (16-bit accumulation of a large layer)
    // leaves the event loop free, shows a Cancel button after half a second, and stops when asked.
    void theLinearLabComputesOffTheGuiThreadAndCancels() {
        LinearPage page;
        page.show();
        QVERIFY(waitUntil([&] { return page.result() != nullptr && !page.computing(); }, 30000));
        const Index before = page.result()->config.in;
        auto* accumulation = page.findChildren<QComboBox*>().value(0);
        QVERIFY(accumulation);
        QSignalSpy computed(&page, &LinearPage::computed);
        LinearConfig big;
        big.in = 2048;
        big.out = 2048;
        big.batch = 256;
        page.setConfig(big);
        accumulation->setCurrentIndex(1);  // accumulate in the storage format: rounds every partial sum
        QVERIFY(waitUntil([&] { return page.computing(); }, 5000));
        int ticks = 0;
        QTimer tick;
        QObject::connect(&tick, &QTimer::timeout, [&] { ++ticks; });
        tick.start(10);
        QTest::qWait(700);
        tick.stop();
        QVERIFY2(page.computing(), "the computation should still run (make the layer larger if this machine is fast)");
        QVERIFY2(ticks >= 20, qPrintable(QString("%1 timer ticks in 700 ms while computing").arg(ticks)));
        QPushButton* cancel = nullptr;
        for (QPushButton* b : page.findChildren<QPushButton*>())
            if (b->text().startsWith("Cancel")) cancel = b;
        QVERIFY(cancel && cancel->isVisible());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(!page.computing());
        QCOMPARE(page.result()->config.in, before);  // the last finished result stays
        QCOMPARE(computed.count(), 0);
        // The worker is free again at once: a small computation finishes promptly.
        accumulation->setCurrentIndex(0);
        LinearConfig small;
        small.in = 8;
        small.out = 8;
        small.batch = 2;
        page.setConfig(small);
        QVERIFY(computed.wait(10000));
        QCOMPARE(page.result()->config.in, Index(8));
        QCOMPARE(LinearPage::guiThreadComputations(), 0);
    }

    // The status bar speaks for the visible page only, and says "finished" only when a run reached
    // its step count (one step with `.` is not the end of a run).
    void theStatusBarSpeaksForTheVisiblePage() {
        MainWindow w(false);
        showActive(w);
        QVERIFY(waitUntil([&] { return w.linearPage()->result() != nullptr; }, 30000));
        w.setPage(MainWindow::LinearIndex);
        QVERIFY2(w.statusStateLabel()->text().startsWith("Linear lab"), qPrintable(w.statusStateLabel()->text()));
        QVERIFY(!w.statusStateLabel()->text().contains("Training"));
        QVERIFY(w.loadPreset("underflow", false));
        w.trainingPage()->setPace(0);
        w.setPage(MainWindow::TrainingIndex);
        QVERIFY(w.statusStateLabel()->text().startsWith("Training: ready"));
        QTest::keyClick(&w, Qt::Key_Period);
        QVERIFY(waitUntil([&] { return !w.controller()->busy() && w.trainingPage()->lastStepShown() == 0; }, 20000));
        QVERIFY2(!w.statusStateLabel()->text().contains("finished"), qPrintable(w.statusStateLabel()->text()));
        QVERIFY(w.statusStateLabel()->text().contains("step 1 of 200"));
        w.trainingPage()->run();
        QVERIFY(waitUntil([&] { return w.controller()->state() == RunState::Finished; }, 60000));
        QVERIFY2(w.statusStateLabel()->text().contains("finished"), qPrintable(w.statusStateLabel()->text()));
        w.setPage(MainWindow::FormatsIndex);
        QVERIFY(!w.statusStateLabel()->text().contains("Training"));
    }

    // The Training lab's side panel fits 1280x800 without scrolling; folded sections open on a click.
    void theTrainingPanelFitsWithoutScrolling() {
        MainWindow w(false);
        showActive(w);
        w.setPage(MainWindow::TrainingIndex);
        QTest::qWait(50);
        QScrollArea* panel = nullptr;
        for (QScrollArea* a : w.trainingPage()->findChildren<QScrollArea*>())
            if (a->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff) panel = a;
        QVERIFY(panel);
        QVERIFY2(!panel->verticalScrollBar()->isVisible(),
                 qPrintable(QString("panel content %1 px in %2 px").arg(panel->widget()->height()).arg(panel->viewport()->height())));
        Section* scaler = nullptr;
        for (Section* sec : w.trainingPage()->findChildren<Section*>())
            if (sec->findChild<QToolButton*>()->text().startsWith("Loss scaler")) scaler = sec;
        QVERIFY(scaler && !scaler->isExpanded());
        QTest::mouseClick(scaler->findChild<QToolButton*>(), Qt::LeftButton);
        QVERIFY(scaler->isExpanded());
        QVERIFY(scaler->body()->isVisible());
    }

    // The accumulation preset gets a view made for a summation: running sums against the exact sum,
    // their error, tiles that name them, and only the settings that apply; a training preset after
    // it gets the training view back.
    void theAccumulationPresetShowsSumsNotALoss() {
        MainWindow w(false);
        showActive(w);
        TrainingPage* page = w.trainingPage();
        w.setPage(MainWindow::TrainingIndex);
        QVERIFY(w.loadPreset("accumulation", false));
        page->setPace(0);
        page->run();
        QVERIFY(waitUntil([&] { return w.controller()->state() == RunState::Finished; }, 60000));
        QTest::qWait(50);
        QVERIFY(page->lossChart()->lanes().contains("exact"));
        QCOMPARE(page->underflowChart()->chart()->title(), QString("Error of the running sum"));
        QVERIFY(page->lossChart()->isVisible());
        QVERIFY(!page->histogramChart()->isVisible());
        QVERIFY(!page->scaleChart()->isVisible());
        LaneTile* bf16 = nullptr;
        for (LaneTile* t : page->findChildren<LaneTile*>())
            if (t->lane() == "cpu:bf16") bf16 = t;
        QVERIFY(bf16);
        QCOMPARE(bf16->bigValueTexts().value(0), QString("256"));  // "the sum stops growing near 256"
        for (QLabel* l : bf16->findChildren<QLabel*>()) {
            QVERIFY2(!l->text().contains("loss"), qPrintable(l->text()));
            QVERIFY2(!l->text().contains("nan"), qPrintable(l->text()));
        }
        QComboBox* dataset = nullptr;
        for (QComboBox* c : page->findChildren<QComboBox*>())
            if (c->findText("spiral") >= 0) dataset = c;
        QVERIFY(dataset);
        QVERIFY(!dataset->isVisible());  // no data set in a summation
        QVERIFY(w.loadPreset("underflow", false));
        QVERIFY(page->histogramChart()->isVisible());
        QCOMPARE(page->lossChart()->chart()->title(), QString("Training loss per step"));
        QVERIFY(!page->lossChart()->lanes().contains("exact"));
    }

    // A marker where a lane's loss first turns non-finite: once per lane, dropped by Reset.
    void aLossTurningNanIsMarkedOnce() {
        TrainingPage page;
        Scenario s = loadPresetScenario("overflow-nan");
        s.pace = 0;
        s.steps = 20;
        page.setScenario(s);
        page.run();
        QVERIFY(waitUntil([&] { return page.controller()->state() == RunState::Finished; }, 60000));
        QCOMPARE(page.lossChart()->eventCount(), 1);  // cpu:f16 only: bf16, f32 and the scaler lane stay finite
        page.resetRun();
        QCOMPARE(page.lossChart()->eventCount(), 0);
    }

    // Scrubbing: paused or finished, the timeline moves a cursor through the run and the tiles show
    // the records of that step; the histogram its nearest kept step; Play resumes from the end.
    void scrubbingToAStepShowsThatStepsRecords() {
        MainWindow w(false);
        showActive(w);
        w.setPage(MainWindow::TrainingIndex);
        TrainingPage* page = w.trainingPage();
        QVERIFY(w.loadPreset("underflow", false));
        page->setPace(0);
        page->run();
        QVERIFY(waitUntil([&] { return w.controller()->state() == RunState::Finished; }, 60000));
        QTest::qWait(50);
        QVERIFY(page->timeline()->isEnabled());
        QCOMPARE(page->timeline()->maximum(), 199);
        const std::int64_t k = 37;
        page->timeline()->setValue(static_cast<int>(k));  // as a drag does
        QCOMPARE(page->scrubStep(), k);
        std::vector<StepRecord> atK;
        w.controller()->records().forEach([&](const StepRecord& r) {
            if (r.step == k) atK.push_back(r);
        });
        QCOMPARE(atK.size(), std::size_t(4));
        const QList<LaneTile*> tiles = page->findChildren<LaneTile*>();
        for (const StepRecord& r : atK) {
            LaneTile* tile = nullptr;
            for (LaneTile* t : tiles)
                if (t->lane() == QString::fromStdString(w.controller()->scenario().lanes[r.lane].label())) tile = t;
            QVERIFY(tile);
            QCOMPARE(tile->bigValueTexts().value(0), QString::number(r.loss, 'g', 4));
        }
        // The histogram shows the kept step nearest k (one histogram every K steps).
        const int K = w.controller()->scenario().histogramInterval;
        const std::int64_t nearest = (k + K / 2) / K * K;
        QCOMPARE(page->histogramChart()->chart()->title(), QString("Gradient magnitudes, step %1").arg(nearest));
        // Keys move the cursor once the timeline has focus.
        page->timeline()->setFocus();
        QTest::keyClick(page->timeline(), Qt::Key_End);
        QCOMPARE(page->scrubStep(), std::int64_t(199));
        QTest::keyClick(page->timeline(), Qt::Key_Home);
        QCOMPARE(page->scrubStep(), std::int64_t(0));
        // Play resumes from the end (another 200 steps of the same run), and the timeline waits.
        page->playPause();
        QVERIFY(waitUntil([&] { return w.controller()->state() == RunState::Finished; }, 60000));
        QCOMPARE(page->scrubStep(), std::int64_t(-1));
        QCOMPARE(w.controller()->stepsDone(), std::int64_t(400));
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
        MainWindow w(false);
        showActive(w);
        QVERIFY(w.loadPreset("underflow", false));
        w.trainingPage()->setPace(0);  // the baseline run as fast as it goes; later presets keep their pace
        w.trainingPage()->run();
        QVERIFY(waitUntil([&] { return !w.controller()->busy(); }, 60000));
        const double baseline = residentMiBNow();
        double peak = baseline;
        Watchdog dog(2000, QString("stress seed %1").arg(seed));
        QElapsedTimer clock;
        clock.start();
        int actions = 0;
        TrainingPage* page = w.trainingPage();
        const QList<QCheckBox*> laneBoxes = page->findChildren<QCheckBox*>();
        QLineEdit* extraLanes = nullptr;
        for (QLineEdit* e : page->findChildren<QLineEdit*>())
            if (e->placeholderText().startsWith("more")) extraLanes = e;
        QVERIFY(extraLanes);
        const char* const laneTexts[] = {"cpu:f16+ftz", "", "cpu:bf16+scaler", "gpu:f16", "nonsense", "cpu:f32, cpu:f32"};
        while (clock.elapsed() < seconds * 1000) {
            const int kind = rng.bounded(100);
            if (kind < 20) QTest::keyClick(&w, Qt::Key_Space);
            else if (kind < 35) QTest::keyClick(&w, Qt::Key_Period);
            else if (kind < 45) QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
            else if (kind < 60) presetAction(w, rng.bounded(8))->trigger();
            else if (kind < 67) QTest::keyClick(&w, Qt::Key(Qt::Key_1 + rng.bounded(3)), Qt::ControlModifier);
            else if (kind < 75 && !laneBoxes.isEmpty()) {
                QCheckBox* box = laneBoxes.at(rng.bounded(laneBoxes.size()));
                if (box->isVisible() && box->isEnabled()) QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
            } else if (kind < 80) {
                extraLanes->setText(laneTexts[rng.bounded(6)]);
            } else if (kind < 85) {
                w.setPage(MainWindow::TrainingIndex);
                const QString name = dir.filePath(QString("c%1.%2").arg(actions).arg(rng.bounded(2) ? "png" : "svg"));
                w.exportChart(name);
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
            } else {
                QTest::qWait(static_cast<int>(rng.bounded(150)));
            }
            ++actions;
            QCoreApplication::processEvents();
            if (actions % 16 == 0) peak = std::max(peak, residentMiBNow());
        }
        dog.pause(true);
        w.controller()->stop();
        w.controller()->waitForIdle();
        peak = std::max(peak, residentMiBNow());
        std::fprintf(stderr, "stress: %d actions, resident memory %.0f MiB at start, %.0f MiB peak\n", actions, baseline, peak);
        QVERIFY2(peak - baseline < kGrowthMiB,
                 qPrintable(QString("resident memory grew by %1 MiB (seed %2)").arg(peak - baseline).arg(seed)));
        QCOMPARE(runThreads(), 1);
    }
};

QTEST_MAIN(TestReliability)
#include "tst_reliability.moc"
