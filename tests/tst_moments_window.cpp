// Key moments in the window: a paced preset run pauses at its first moment with the caption the records
// give, Space goes on, N runs on to the next moment (or walks a finished run's timeline through them),
// the timeline marks them, View > Next key moment is N and clashes with no other shortcut.
#include "reliability_support.h"

#include <QAction>
#include <QMap>

#include "pages/moment_timeline.h"

using namespace presisi;
using namespace presisi::reliability;

namespace {

bool stateIs(TrainingPage& page, RunState state) { return page.controller()->state() == state; }

}  // namespace

class TestMomentsWindow : public QObject {
    Q_OBJECT
private slots:
    void aPacedPresetRunPausesAtItsFirstMomentWithItsCaption() {
        TrainingPage page;
        QVERIFY(page.loadPreset("underflow", false));
        QVERIFY(page.pauseAtMoments());  // on by default
        page.setPace(2000);  // paced (the preset's 15 steps/s, faster): it stops at its moments
        QSignalSpy reached(&page, &TrainingPage::momentReached);
        page.run();
        QTRY_VERIFY_WITH_TIMEOUT(stateIs(page, RunState::Paused), 60000);
        QCOMPARE(reached.count(), 1);
        QCOMPARE(reached[0][1].toBool(), true);  // paused there
        // Stopped right after the step that completes the moment.
        QCOMPARE(page.lastStepShown(), std::int64_t(31));
        QCOMPARE(page.controller()->stepsDone(), std::int64_t(32));
        QVERIFY2(page.momentText().contains("step 31: cpu:f16's weight gradients jumped from 3.5 % zeros (step 21) to 57 %"),
                 qPrintable(page.momentText()));
        QVERIFY(page.momentText().contains("Space goes on"));
        QCOMPARE(page.timelineMarks(), QList<std::int64_t>{31});
        // Play (Space) goes on, to the end: the preset has no other moment.
        page.playPause();
        QTRY_VERIFY_WITH_TIMEOUT(stateIs(page, RunState::Finished), 60000);
        QCOMPARE(reached.count(), 1);
        QCOMPARE(page.lastStepShown(), std::int64_t(199));
        QVERIFY(!page.momentText().contains("Space goes on"));
        QCOMPARE(page.timelineMarks(), QList<std::int64_t>{31});
    }

    void nextMomentRunsOnToTheNextThenWalksTheFinishedRun() {
        TrainingPage page;
        QVERIFY(page.loadPreset("scaler-growth", false));
        page.setPace(5000);
        QSignalSpy reached(&page, &TrainingPage::momentReached);
        page.run();
        QTRY_VERIFY_WITH_TIMEOUT(stateIs(page, RunState::Paused), 60000);
        QCOMPARE(page.lastStepShown(), std::int64_t(0));
        QVERIFY2(page.momentText().contains("step 0: cpu:f16+scaler's scaled gradients overflow at scale 65536"),
                 qPrintable(page.momentText()));
        page.nextMoment();
        QTRY_VERIFY_WITH_TIMEOUT(reached.count() == 2 && stateIs(page, RunState::Paused), 60000);
        QCOMPARE(page.lastStepShown(), std::int64_t(53));
        QVERIFY2(page.momentText().contains("step 53: cpu:f16+scaler's scaler grows its scale from 16384 to 32768"),
                 qPrintable(page.momentText()));
        QCOMPARE(page.timelineMarks(), (QList<std::int64_t>{0, 53}));
        // No moment after it: N runs to the end.
        page.nextMoment();
        QTRY_VERIFY_WITH_TIMEOUT(stateIs(page, RunState::Finished), 120000);
        QCOMPARE(reached.count(), 2);
        // A finished run: N moves the timeline to each moment in turn, from the first again after the last.
        for (std::int64_t step : {0, 53, 0}) {
            page.nextMoment();
            QCOMPARE(page.scrubStep(), step);
            QCOMPARE(page.timeline()->value(), static_cast<int>(step));
            QVERIFY2(page.momentText().contains(QString("step %1: ").arg(step)), qPrintable(page.momentText()));
            QCOMPARE(reached.last()[1].toBool(), false);
        }
    }

    // Option off: a paced run goes through its moments (captions, marks) without stopping; the timeline
    // draws a mark at each moment's step; two moments of one step share a caption.
    void withoutPausesTheRunGoesThroughAndTheTimelineMarksTheMoments() {
        TrainingPage page;
        page.resize(1200, 760);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(page.loadPreset("overflow-nan", false));
        page.setPauseAtMoments(false);
        page.setPace(5000);
        QSignalSpy reached(&page, &TrainingPage::momentReached);
        page.run();
        QTRY_VERIFY_WITH_TIMEOUT(stateIs(page, RunState::Finished), 60000);
        QCOMPARE(reached.count(), 3);
        for (const QList<QVariant>& args : reached) QCOMPARE(args[1].toBool(), false);
        QCOMPARE(page.timelineMarks(), (QList<std::int64_t>{0, 0, 17}));
        auto* timeline = qobject_cast<MomentTimeline*>(page.timeline());
        QVERIFY(timeline);
        QTRY_VERIFY(timeline->isVisible() && timeline->width() > 100);
        const QImage image = timeline->grab().toImage();
        for (std::int64_t step : {0, 17}) {
            const int x = timeline->markX(step);
            QVERIFY(x >= 0 && x < image.width());
            const QColor c = image.pixelColor(x, 1);
            QVERIFY2(c.red() > 180 && c.green() > 120 && c.blue() < 90, qPrintable(c.name()));  // the mark's orange
        }
        QVERIFY(timeline->markX(17) > timeline->markX(0));
        page.nextMoment();
        QCOMPARE(page.scrubStep(), std::int64_t(0));
        QVERIFY(page.momentText().contains("cpu:f16's activations and gradients overflowed"));
        QVERIFY(page.momentText().contains("cpu:f16+scaler's scaled gradients overflow"));
        page.nextMoment();
        QCOMPARE(page.scrubStep(), std::int64_t(17));
        QVERIFY(page.momentText().contains("step 17: after 17 skipped steps (from step 0) cpu:f16+scaler's gradients fit at scale 0.5"));
        // Reset: no marks, no caption.
        page.resetRun();
        QVERIFY(page.timelineMarks().isEmpty());
        QVERIFY(page.momentText().isEmpty());
    }

    // View > Next key moment: N, in the menu and the shortcuts table, no other action's key; pressed during
    // a run at pace max it stops the run at the next moment.
    void theNKeyStopsARunAtItsNextMoment() {
        MainWindow w(false);
        QAction* next = w.findChild<QAction*>("nextMomentAction");
        QVERIFY(next);
        QCOMPARE(next->shortcut(), QKeySequence(Qt::Key_N));
        QMap<QString, QString> seen;
        for (QAction* a : w.findChildren<QAction*>())
            for (const QKeySequence& k : a->shortcuts()) {
                QVERIFY2(!seen.contains(k.toString()),
                         qPrintable(k.toString() + ": " + seen.value(k.toString()) + " and " + a->text()));
                seen.insert(k.toString(), a->text());
            }
        QVERIFY(w.shortcutsHtml().contains("<b>N</b>"));
        QAction* pause = w.findChild<QAction*>("pauseAtMomentsAction");
        QVERIFY(pause && pause->isCheckable() && pause->isChecked());
        pause->setChecked(false);
        QVERIFY(!w.trainingPage()->pauseAtMoments());
        pause->setChecked(true);
        showActive(w);
        w.setPage(MainWindow::TrainingIndex);
        QVERIFY(w.loadPreset("underflow", false));
        w.trainingPage()->setPace(0);  // as fast as it goes: no pause of its own
        QTest::keyClick(&w, Qt::Key_N);
        QTRY_VERIFY_WITH_TIMEOUT(stateIs(*w.trainingPage(), RunState::Paused), 60000);
        QCOMPARE(w.trainingPage()->lastStepShown(), std::int64_t(31));
    }
};

QTEST_MAIN(TestMomentsWindow)
#include "tst_moments_window.moc"
