// View > Language keeps what every page shows: a finished training run (records, charts, tiles, the
// timeline's position), the Speed page's results, the Formats page's value and choices, the convergence
// check's result, the Linear lab's settings and result; a run switched mid-way goes on and ends with the
// records of a run that was never switched. Each in the new language.
#include <QAction>
#include <QMenuBar>
#include <QPushButton>
#include <QSlider>
#include <QtTest>

#include "app_support.h"
#include "language.h"
#include "main_window.h"
#include "pages/convergence_page.h"
#include "pages/doctor_panel.h"
#include "pages/formats_page.h"
#include "pages/linear_page.h"
#include "pages/speed_page.h"
#include "pages/training_page.h"
#include "run_controller.h"
#include "widgets/live_chart.h"
#include "widgets/stacked_bar_chart.h"
#include "window_host.h"

using namespace presisi;
using presisi::apptest::waitFor;

namespace {

QString plain(QString s) { return s.remove(QLatin1Char('&')); }

// Step, lane and every measured number of each record (NaN equal to NaN).
bool sameRecords(const std::vector<StepRecord>& a, const std::vector<StepRecord>& b) {
    if (a.size() != b.size()) return false;
    const auto same = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].lane != b[i].lane || a[i].step != b[i].step || !same(a[i].loss, b[i].loss) ||
            !same(a[i].accuracy, b[i].accuracy) || !same(a[i].scale, b[i].scale) ||
            !same(a[i].weightGradUnderflow, b[i].weightGradUnderflow))
            return false;
    return true;
}

bool hasButton(QWidget* page, const QString& text) {
    for (QPushButton* b : page->findChildren<QPushButton*>())
        if (plain(b->text()) == text) return true;
    return false;
}

// Entries of `menu` (and of its submenus) that share an Alt key with an earlier entry of the same menu:
// pressing that key then only moves between them and triggers neither (File > "Export chart &data" and
// "Load &data" could not be reached by keys).
QStringList sharedMnemonics(const QString& where, const QList<QAction*>& actions) {
    QStringList out;
    QHash<QString, QString> taken;  // the key's letter -> the entry that has it
    for (QAction* a : actions) {
        if (a->isSeparator() || !a->isVisible()) continue;
        const QString key = QKeySequence::mnemonic(a->text()).toString().toLower();
        if (!key.isEmpty()) {
            if (taken.contains(key))
                out << QString("%1: \"%2\" and \"%3\" share %4").arg(where, taken[key], plain(a->text()), key);
            else
                taken.insert(key, plain(a->text()));
        }
        if (a->menu()) out << sharedMnemonics(where + " > " + plain(a->text()), a->menu()->actions());
    }
    return out;
}

}  // namespace

class TestLanguageSwitch : public QObject {
    Q_OBJECT

private slots:
    void init() { language::install(QStringLiteral("en"), true); }
    void cleanup() {
        language::install(QStringLiteral("en"), true);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }

    // Every menu entry can be reached by its Alt key, in each language.
    // Regression: a switch while the Linear lab computed held the GUI thread until the old page's lane ended
    // (its channel waited for the job when the old window was deleted: 0.5 s of a 2048-wide lane under load,
    // most of a 3.66 s stall with four jobs running). The computation's channel goes to the new page, which
    // computes the same settings again; the other labs' jobs start again there.
    void aSwitchWhileEveryLabWorksKeepsEveryJob() {
        WindowHost host(false);
        MainWindow* w = host.window();
        w->resize(1280, 800);
        w->show();
        Scenario s = apptest::fourLanes(1000000);
        s.pace = 0;
        w->trainingPage()->setScenario(s);
        w->trainingPage()->run();
        QVERIFY(waitFor([&] { return w->controller()->state() == RunState::Running; }, 60000));
        Scenario c = apptest::fourLanes(200);
        c.lanes.resize(2);
        w->convergencePage()->setSeeds(2);
        w->convergencePage()->runCheck(c);
        const LinearConfig config{1024, 1024, 1024, 7};
        w->linearPage()->setConfig(config);
        w->linearPage()->computeNow();
        QVERIFY(w->linearPage()->computing());
        for (const char* code : {"id", "en"}) {
            host.switchLanguage(QString::fromLatin1(code));
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            w = host.window();
            QCOMPARE(language::current(), QString::fromLatin1(code));
            QVERIFY(w->linearPage()->computing());  // the same settings computed again here
        }
        QVERIFY(waitFor([&] { return !w->linearPage()->computing() && w->linearPage()->result(); }, 300000));
        const LinearConfig shown = w->linearPage()->result()->config;
        QVERIFY(shown.in == config.in && shown.out == config.out && shown.batch == config.batch && shown.seed == config.seed);
        QVERIFY(waitFor([&] { return !w->convergencePage()->running(); }, 300000));
        QVERIFY(w->controller()->busy());  // the run went on in each new window
        w->controller()->stop();
        QVERIFY(w->controller()->waitForIdle(std::chrono::seconds(60)));
    }

    void everyMenuEntryHasAKeyOfItsOwn() {
        for (const QString lang : {QStringLiteral("en"), QStringLiteral("id")}) {
            language::install(lang, true);
            MainWindow w(false);
            const QStringList shared = sharedMnemonics(lang + ": menu bar", w.menuBar()->actions());
            QVERIFY2(shared.isEmpty(), qPrintable(shared.join("\n")));
        }
    }

    void everyPageKeepsItsState() {
        WindowHost host(false);
        MainWindow* w = host.window();
        w->resize(1280, 800);
        w->show();

        // Training lab: a short run to its end, then scrubbed back to step 30.
        TrainingPage* tp = w->trainingPage();
        Scenario s = apptest::fourLanes(60);
        s.pace = 0;
        tp->setScenario(s);
        tp->run();
        QVERIFY(waitFor([&] { return w->controller()->state() == RunState::Finished; }, 120000));
        const std::vector<StepRecord> records = w->controller()->records().toVector();
        QCOMPARE(records.size(), std::size_t(60 * 4));
        const std::int64_t lastStep = tp->lastStepShown();
        QCOMPARE(lastStep, std::int64_t(59));
        QList<int> lossPoints;
        for (int lane = 0; lane < 4; ++lane) lossPoints << tp->lossChart()->pointCount(lane);
        QVERIFY(lossPoints.first() > 0);
        tp->scrubTo(30);
        QCOMPARE(tp->scrubStep(), std::int64_t(30));

        // Speed: the memory estimate of the Training lab's setup.
        SpeedPage* sp = w->speedPage();
        sp->setBudgetBytes(1e9);
        sp->run(SpeedPage::Memory);
        QVERIFY(waitFor([&] { return !sp->isBusy(); }, 60000));
        QVERIFY2(sp->sectionText(SpeedPage::Memory).contains("At batch"), qPrintable(sp->sectionText(SpeedPage::Memory)));
        const int bars = sp->memoryChart()->barCount();
        QVERIFY(bars >= 4);  // the four lanes (and cpu:bf16+native where this CPU has it)
        const double firstTotal = sp->memoryChart()->total(0);

        // Formats: a value, all formats, saturating, the number line of e5m2.
        FormatsPage* fp = w->formatsPage();
        fp->setValueText(QStringLiteral("65520"));
        fp->setGroup(FormatsPage::Group::All);
        fp->setSaturate(true);
        fp->setNumberLineFormat(Format::E5M2);
        fp->setTab(FormatsPage::NumberLineTab);
        const QString f16Before = fp->summary(2);
        QVERIFY(!f16Before.isEmpty());

        // Convergence check: two seeds of a short two-lane setup.
        ConvergencePage* cp = w->convergencePage();
        Scenario c = apptest::fourLanes(20);
        c.lanes.resize(2);
        cp->setSeeds(2);
        cp->runCheck(c);
        cp->waitForCheck();
        QVERIFY(cp->report());
        const std::size_t seedRuns = cp->report()->runs.size();

        // Linear lab: settings of its own, computed.
        LinearPage* lp = w->linearPage();
        LinearConfig config;
        config.in = 32;
        config.out = 16;
        config.batch = 8;
        config.seed = 7;
        lp->setConfig(config);
        lp->computeNow();
        QVERIFY(waitFor([&] { return !lp->computing(); }, 60000));
        QVERIFY(lp->result());
        const std::size_t linearLanes = lp->result()->lanes.size();

        w->setPage(MainWindow::SpeedIndex);
        host.switchLanguage(QStringLiteral("id"));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        w = host.window();
        tp = w->trainingPage();
        sp = w->speedPage();
        fp = w->formatsPage();
        cp = w->convergencePage();
        lp = w->linearPage();

        // The new language.
        QCOMPARE(language::current(), QStringLiteral("id"));
        QCOMPARE(plain(w->menuBar()->actions().first()->text()), QStringLiteral("Berkas"));
        QCOMPARE(w->page(), int(MainWindow::SpeedIndex));

        // The run: its records, charts, tiles and the timeline where it was.
        QCOMPARE(w->controller()->state(), RunState::Finished);
        QVERIFY(sameRecords(w->controller()->records().toVector(), records));
        QCOMPARE(tp->lastStepShown(), lastStep);
        for (int lane = 0; lane < 4; ++lane) QCOMPARE(tp->lossChart()->pointCount(lane), lossPoints[lane]);
        QCOMPARE(tp->scrubStep(), std::int64_t(30));
        QCOMPARE(tp->timeline()->value(), 30);
        QVERIFY(tp->timeline()->isEnabled());
        QVERIFY2(tp->timelineText().startsWith(QStringLiteral("langkah 30")), qPrintable(tp->timelineText()));
        QVERIFY(hasButton(tp, QStringLiteral("Putar")));  // Play, in Indonesian

        // Speed: the same results, written in Indonesian.
        QCOMPARE(sp->memoryChart()->barCount(), bars);
        QCOMPARE(sp->memoryChart()->total(0), firstTotal);
        QVERIFY2(sp->sectionText(SpeedPage::Memory).contains("Pada batch"), qPrintable(sp->sectionText(SpeedPage::Memory)));

        // Formats: the value and choices.
        QCOMPARE(fp->valueText(), QStringLiteral("65520"));
        QCOMPARE(fp->group(), FormatsPage::Group::All);
        QVERIFY(fp->saturate());
        QVERIFY(!fp->summary(2).isEmpty());
        QVERIFY2(fp->summary(2).contains(QStringLiteral("tersimpan")), qPrintable(fp->summary(2)));  // in Indonesian

        // Convergence: the check's result.
        QVERIFY(cp->report());
        QCOMPARE(cp->report()->runs.size(), seedRuns);
        QCOMPARE(cp->seeds(), 2);
        QCOMPARE(cp->statusText(), QStringLiteral("Uji konvergensi: selesai"));

        // Linear lab: the settings and the result, without computing again.
        const LinearConfig kept = lp->config();
        QCOMPARE(kept.in, config.in);
        QCOMPARE(kept.out, config.out);
        QCOMPARE(kept.batch, config.batch);
        QCOMPARE(kept.seed, config.seed);
        QVERIFY(lp->result());
        QCOMPARE(lp->result()->lanes.size(), linearLanes);
        QCOMPARE(lp->result()->config.in, config.in);

        // Play goes on from the end of the finished run, not from step 0.
        tp->playPause();
        QVERIFY(waitFor([&] { return w->controller()->state() == RunState::Finished; }, 120000));
        QCOMPARE(w->controller()->records().size(), std::size_t(2 * 60 * 4));
    }

    void theNanDoctorKeepsItsFindings() {
        WindowHost host(false);
        MainWindow* w = host.window();
        w->show();
        QVERIFY(w->loadPreset(QStringLiteral("overflow-nan"), false));
        w->trainingPage()->setPace(0);
        w->trainingPage()->run();
        QVERIFY(waitFor([&] { return w->controller()->state() == RunState::Finished; }, 120000));
        DoctorPanel* doctor = w->trainingPage()->doctorPanel();
        QVERIFY(doctor->hasFault());
        const int lane = doctor->faultLane();
        const int crosses = w->trainingPage()->lossChart()->eventCount();
        QVERIFY(crosses > 0);
        const bool open = doctor->isOpen();
        const QString sentence = doctor->sentence();
        QCOMPARE(w->trainingPage()->timeline()->value(), w->trainingPage()->timeline()->maximum());
        const int timelineEnd = w->trainingPage()->timeline()->value();

        host.switchLanguage(QStringLiteral("id"));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        w = host.window();
        doctor = w->trainingPage()->doctorPanel();
        QVERIFY(doctor->hasFault());
        QCOMPARE(doctor->faultLane(), lane);
        QCOMPARE(doctor->isOpen(), open);
        QVERIFY(!doctor->sentence().isEmpty());
        QVERIFY2(doctor->sentence() != sentence, qPrintable(doctor->sentence()));  // in Indonesian now
        QCOMPARE(w->trainingPage()->lossChart()->eventCount(), crosses);
        QCOMPARE(w->trainingPage()->timeline()->value(), timelineEnd);  // the handle at the run's end, as its label says
        QCOMPARE(w->trainingPage()->explanation().contains(QStringLiteral("Preset")), true);
    }

    void aRunSwitchedMidwayGoesOnToTheSameRecords() {
        WindowHost host(false);
        MainWindow* w = host.window();
        w->show();
        Scenario s = apptest::fourLanes(150);
        s.pace = 0;
        w->trainingPage()->setScenario(s);
        w->trainingPage()->run();
        QVERIFY(waitFor([&] { return w->controller()->state() == RunState::Finished; }, 120000));
        const std::vector<StepRecord> unswitched = w->controller()->records().toVector();
        QCOMPARE(unswitched.size(), std::size_t(150 * 4));

        // The same run, paced, switched to Indonesian and back while it runs.
        s.pace = 100;
        w->trainingPage()->setScenario(s);
        w->trainingPage()->run();
        QVERIFY(waitFor([&] { return w->controller()->stepsDone() >= 20; }, 60000));
        for (const char* code : {"id", "en"}) {
            QVERIFY(w->controller()->busy());
            host.switchLanguage(QString::fromLatin1(code));
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            w = host.window();
            QCOMPARE(language::current(), QString::fromLatin1(code));
            // What ran before the switch is drawn at once, and the run goes on.
            const std::size_t held = w->controller()->records().size();
            QVERIFY(held >= 20 * 4);
            QCOMPARE(w->trainingPage()->lastStepShown(), std::int64_t(held / 4 - 1));
            QCOMPARE(w->trainingPage()->lossChart()->pointCount(0) > 0, true);
            QVERIFY(waitFor([&] { return w->controller()->records().size() > held || !w->controller()->busy(); }, 60000));
        }
        QVERIFY(waitFor([&] { return w->controller()->state() == RunState::Finished; }, 120000));
        QVERIFY(sameRecords(w->controller()->records().toVector(), unswitched));
        QCOMPARE(w->trainingPage()->lastStepShown(), std::int64_t(149));
    }
};

QTEST_MAIN(TestLanguageSwitch)
#include "tst_language_switch.moc"
