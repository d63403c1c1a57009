// The Speed page on a tiny setup (a 2-4-3 model, batch 8): the memory section draws one bar per lane with
// the hand-computed totals, a sweep under a small budget stops at the memory limit, a 20 ms loader is named
// data-bound, Cancel stops a measurement and the page lives on, the CPU fallback note appears when native
// bf16 is forced off, and the exports carry every section. Off-screen; seconds.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>

#include <QElapsedTimer>
#include <QImage>

#include "engine/native/native_gemm.h"
#include "engine/speed/memory_plan.h"
#include "main_window.h"
#include "pages/speed_page.h"
#include "pages/speed_text_area.h"
#include "widgets/chart_export.h"
#include "widgets/scaling_chart.h"
#include "widgets/stacked_bar_chart.h"

using namespace presisi;

namespace {

// 2-4-3, SGD without momentum, batch 8, lanes cpu:f32 and cpu:bf16.
Scenario tiny() {
    Scenario s;
    s.sizes = {2, 4, 3};
    s.batch = 8;
    s.data.samples = 64;
    s.data.evalSamples = 32;
    s.optimizer.momentum = 0;
    s.lanes = {LaneSpec{Device::Cpu, Format::F32}, LaneSpec{Device::Cpu, Format::BF16}};
    return s;
}

// Hand computation (the memory plan's documented storage, not its code): P = 2·4 + 4 + 4·3 + 3 = 27
// parameters; activations keep each layer's input and output, sum (in + out) = (2 + 4) + (4 + 3) = 13
// values per sample.
//   f32:  weights 27·4 = 108, master 0, gradients 108, activations 8·4·13 = 416, optimizer 0 -> 632 B
//   bf16: weights 27·2 = 54, master 27·4 = 108, gradients 54 + 108 = 162, activations 8·2·13 = 208 -> 532 B
// Per sample the f32 lane adds 4·13 = 52 B and the bf16 lane 2·13 = 26 B over fixed 216 B and 324 B.
constexpr double kF32Total = 632, kBf16Total = 532;

}  // namespace

class TestSpeedPage : public QObject {
    Q_OBJECT

private slots:
    void init() {
        page = new SpeedPage();
        page->setScenarioSource([] { return tiny(); });
        page->setNativeLane(false);  // the two lanes of tiny(); nativeLaneBesideTheEmulated() turns it on
        page->resize(1000, 720);
    }
    void cleanup() {
        delete page;  // joins the worker: a test that left a measurement running must not hang here
        page = nullptr;
        native::forceEmulated(false);
    }

    void setupLineNamesTheModel() { QVERIFY2(page->setupText().contains("2-4-3"), qPrintable(page->setupText())); }

    // The text under each chart is never cut: its box shows it whole up to five lines (three lines tall, the
    // box cut the memory section's sentences at this width); a longer text scrolls, with the wheel too.
    void sectionTextsAreWholeOrScroll() {
        page->setBudgetBytes(1e9);
        page->resize(560, 720);  // narrow: the sentences wrap onto more lines
        page->show();
        QVERIFY(QTest::qWaitForWindowExposed(page));
        page->run(SpeedPage::Memory);
        QTRY_VERIFY(!page->isBusy());
        QApplication::processEvents();
        int boxes = 0, longer = 0;
        for (QScrollArea* area : page->findChildren<QScrollArea*>()) {
            auto* label = qobject_cast<QLabel*>(area->widget());
            if (!label || !label->wordWrap()) continue;
            ++boxes;
            const int need = label->heightForWidth(label->width());
            const int line = label->fontMetrics().lineSpacing();
            QVERIFY2(label->height() >= need, qPrintable(QString("%1 px of %2: %3").arg(label->height()).arg(need).arg(label->text())));
            QVERIFY(need <= SpeedTextArea::kMaxLines * line);
            QVERIFY2(area->viewport()->height() >= need,
                     qPrintable(QString("%1 px shown of %2: %3").arg(area->viewport()->height()).arg(need).arg(label->text())));
            longer += need > 3 * line + 4;
        }
        QCOMPARE(boxes, 4);
        QVERIFY(longer >= 1);  // the memory section's text is longer than the old three-line box
        // Beyond five lines the box scrolls, the wheel included.
        auto* text = new QLabel(QString("A sentence that goes on for a while. ").repeated(40));
        text->setWordWrap(true);
        SpeedTextArea area(text);
        area.resize(300, 100);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QCOMPARE(area.height(), SpeedTextArea::kMaxLines * text->fontMetrics().lineSpacing());
        QScrollBar* bar = area.verticalScrollBar();
        QVERIFY(bar->maximum() >= text->heightForWidth(text->width()) - area.viewport()->height());
        const QPointF at = area.viewport()->rect().center();
        QWheelEvent wheel(at, area.viewport()->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(area.viewport(), &wheel);
        QVERIFY2(bar->value() > 0, "the wheel did not scroll the text");
    }

    void memoryShowsOneBarPerLaneWithTheTotals() {
        page->setBudgetBytes(1e9);
        page->run(SpeedPage::Memory);
        QTRY_VERIFY(!page->isBusy());
        StackedBarChart* chart = page->memoryChart();
        QCOMPARE(chart->barCount(), 2);
        QCOMPARE(chart->barLabel(0), QString("cpu:f32"));
        QCOMPARE(chart->barLabel(1), QString("cpu:bf16"));
        QCOMPARE(chart->total(0), kF32Total);
        QCOMPARE(chart->total(1), kBf16Total);
        QCOMPARE(chart->value(1, 1), 108.0);  // the bf16 lane's f32 master weights
        QCOMPARE(chart->categoryText(0), QString("cpu:f32 · 632 B"));
        QVERIFY(page->sectionText(SpeedPage::Memory).contains("At batch 8"));
    }

    void largestBatchUnderASmallBudget() {
        // 1256 B = 216 + 52·20: f32 fits batch 20 exactly; bf16: 324 + 26·B <= 1256 -> B = 35.
        page->setBudgetBytes(1256);
        page->run(SpeedPage::Memory);
        QTRY_VERIFY(!page->isBusy());
        const QString text = page->sectionText(SpeedPage::Memory);
        QVERIFY2(text.contains("cpu:f32 <b>20</b>") && text.contains("cpu:bf16 <b>35</b>"), qPrintable(text));
    }

    void sweepStopsAtTheMemoryLimit() {
        page->setBudgetBytes(1256);  // limits 20 (f32) and 35 (bf16), see above
        page->setSweepStepsPerPoint(3);
        page->run(SpeedPage::Sweep);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
        ScalingChart* chart = page->sweepChart();
        QCOMPARE(chart->lanes().size(), 2);
        const std::int64_t limits[] = {20, 35};
        for (int lane = 0; lane < 2; ++lane) {
            const QList<QPointF>& pts = chart->points(lane);
            QVERIFY(!pts.isEmpty());
            QCOMPARE(pts.back().x(), static_cast<double>(limits[lane]));  // the limit is the last point
            for (const QPointF& p : pts) QVERIFY(p.x() <= limits[lane] && p.y() > 0);
        }
        QCOMPARE(chart->markCount(), 2);  // one knee per lane, on the lane's line
        QVERIFY(chart->markText(0).startsWith("knee "));
        QVERIFY2(page->sectionText(SpeedPage::Sweep).contains("memory limit at batch 20"),
                 qPrintable(page->sectionText(SpeedPage::Sweep)));
    }

    void slowLoaderIsNamedDataBound() {
        page->setLoaderMilliseconds(20);
        page->setBreakdownSteps(3);
        page->run(SpeedPage::Breakdown);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
        QCOMPARE(page->breakdownChart()->barCount(), 2);
        // 20 ms of loading against microseconds of compute on a 2-4-3 model.
        QVERIFY(page->breakdownChart()->value(0, 0) >= 0.019);
        const QString text = page->sectionText(SpeedPage::Breakdown);
        // Both lanes share the verdict, on one line.
        QVERIFY2(text.contains("cpu:f32, cpu:bf16 — <b>data-bound"), qPrintable(text));
        QVERIFY(!text.contains("compute-bound:"));
    }

    void cancelStopsAndThePageLivesOn() {
        // A sweep that would run for minutes: a big budget, many steps per point.
        page->setBudgetBytes(1e9);
        page->setSweepStepsPerPoint(100000);
        page->run(SpeedPage::Sweep);
        QVERIFY(page->isBusy());
        page->run(SpeedPage::Memory);  // refused while another measurement runs
        QCOMPARE(page->runningSection(), int(SpeedPage::Sweep));
        page->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 10000);
        QVERIFY(page->sectionText(SpeedPage::Sweep).contains("Cancelled"));
        page->run(SpeedPage::Memory);
        QTRY_VERIFY(!page->isBusy());
        QCOMPARE(page->memoryChart()->barCount(), 2);
    }

    void destroyedWhileMeasuring() {
        // A sweep that would run for many seconds (points of 2 s each); closing the window deletes the page.
        page->setBudgetBytes(1e9);
        page->setSweepStepsPerPoint(100000);
        page->run(SpeedPage::Sweep);
        QTRY_VERIFY(page->measurementStarted());  // running on the worker, not merely queued
        QElapsedTimer clock;
        clock.start();
        delete page;  // must stop the sweep between steps and join at once, not finish it
        page = nullptr;
        QVERIFY2(clock.elapsed() < 1500, qPrintable(QString::number(clock.elapsed()) + " ms"));
    }

    void fallbackNoteWhenNativeBf16IsForcedOff() {
        native::forceEmulated(true);
        page->setGemmSizes({64, 128});
        page->setGemmRepeats(1);
        page->run(SpeedPage::Throughput);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
        const QString text = page->sectionText(SpeedPage::Throughput);
        QVERIFY2(text.contains("no native bf16 on this CPU: emulated"), qPrintable(text));
        const QStringList lanes = page->throughputChart()->lanes();
        QVERIFY(lanes.contains("f32"));
        // The emulated lane says there is no native bf16 here; no native lane is offered.
        QVERIFY2(lanes.contains("bf16 emulated (no native bf16 here)"), qPrintable(lanes.join(" | ")));
        QVERIFY(!lanes.contains("bf16 native"));
        QCOMPARE(page->throughputChart()->points(0).size(), 2);  // one point per size
    }

    void exportsCarryEverySection() {
        QTemporaryDir dir;
        QVERIFY(!page->exportCsv(dir.filePath("none.csv")));  // nothing measured yet
        page->run(SpeedPage::Memory);
        QTRY_VERIFY(!page->isBusy());
        page->setLoaderMilliseconds(0);
        page->setBreakdownSteps(2);
        page->run(SpeedPage::Breakdown);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
        QVERIFY(page->exportCsv(dir.filePath("speed.csv")));
        QVERIFY(page->exportJson(dir.filePath("speed.json")));
        QFile csv(dir.filePath("speed.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QString c = csv.readAll();
        QVERIFY(c.startsWith("section,lane,quantity,x,value,unit\n"));
        QVERIFY(c.contains("memory,\"cpu:bf16\",master_weights,8,108,bytes"));
        QVERIFY(c.contains("breakdown,\"cpu:f32\",forward,"));
        QFile json(dir.filePath("speed.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(o["memory"].toObject()["lanes"].toArray().at(0).toObject()["total"].toDouble(), kF32Total);
        QCOMPARE(o["breakdown"].toObject()["lanes"].toArray().size(), 2);
        QVERIFY(o["memory"].toObject()["setup"].toString().contains("model 2-4-3, batch 8"));
        QVERIFY(!o.contains("sweep"));
        // The current chart (the memory bars, clicked last) as PNG and SVG, through the Page interface.
        QTest::mouseClick(page->memoryChart()->viewport(), Qt::LeftButton);
        QCOMPARE(page->currentChart(), static_cast<QWidget*>(page->memoryChart()));
        QVERIFY(exportPng(page->currentChart(), dir.filePath("memory.png"), QSize(480, 300), 1.0, page->caption()));
        QCOMPARE(QImage(dir.filePath("memory.png")).size(), QSize(480, 300));
        QVERIFY(exportSvg(page->currentChart(), dir.filePath("memory.svg"), {}, page->caption()));
    }

    void aSetupThatCannotBeMeasuredSaysSo() {
        // The accumulation preset's workload has no model: each section says why, the page lives on.
        page->setScenarioSource([] {
            Scenario s = tiny();
            s.workload = Workload::Accumulation;
            return s;
        });
        page->run(SpeedPage::Memory);
        QTRY_VERIFY(!page->isBusy());
        QVERIFY2(page->sectionText(SpeedPage::Memory).contains("Could not measure"), qPrintable(page->sectionText(SpeedPage::Memory)));
        page->setScenarioSource([] { return tiny(); });
        page->run(SpeedPage::Memory);
        QTRY_VERIFY(!page->isBusy());
        QCOMPARE(page->memoryChart()->barCount(), 2);
    }

    void nativeLaneBesideTheEmulated() {
        if (!native::available(Format::BF16)) QSKIP("no native bf16 on this CPU (the fallback test covers it)");
        page->setNativeLane(true);
        QStringList labels;
        for (const LaneSpec& l : page->measuredScenario().lanes) labels << QString::fromStdString(l.label());
        QCOMPARE(labels, QStringList({"cpu:f32", "cpu:bf16", "cpu:bf16+native"}));
        page->setBreakdownSteps(2);
        page->run(SpeedPage::Breakdown);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
        QCOMPARE(page->breakdownChart()->barCount(), 3);
        QCOMPARE(page->breakdownChart()->barLabel(2), QString("cpu:bf16+native"));
        // Forced emulation (a CPU without native bf16): the lane is not added.
        native::forceEmulated(true);
        QCOMPARE(page->measuredScenario().lanes.size(), std::size_t(2));
    }

    void windowPageSwitchesPresetAndCloseMidMeasurement() {
        // The real window: the Speed page is the fourth page and measures the Training lab's setup.
        auto* w = new MainWindow(false);
        w->show();  // the setup line is refreshed as the page is shown
        w->setPage(MainWindow::SpeedIndex);
        QCOMPARE(w->currentPage(), static_cast<Page*>(w->speedPage()));
        QVERIFY(w->speedPage()->setupText().contains("2-64-64-3"));  // the Training lab's default model
        w->speedPage()->setSweepStepsPerPoint(100000);  // a sweep of many seconds
        w->speedPage()->run(SpeedPage::Sweep);
        QTRY_VERIFY(w->speedPage()->measurementStarted());
        // Other pages and a preset (which starts a training run) while it measures: nothing blocks.
        w->setPage(MainWindow::TrainingIndex);
        QVERIFY(w->loadPreset("underflow", true));
        w->setPage(MainWindow::LinearIndex);
        w->setPage(MainWindow::SpeedIndex);
        QVERIFY(w->speedPage()->isBusy());
        QVERIFY(w->speedPage()->setupText().contains("underflow"));  // the setup line follows the lab
        // Closing the window (Ctrl+Q) mid-measurement stops the sweep and the run and joins at once.
        QElapsedTimer clock;
        clock.start();
        w->close();
        delete w;
        QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed()) + " ms"));
    }

private:
    SpeedPage* page = nullptr;
};

QTEST_MAIN(TestSpeedPage)
#include "tst_speed_page.moc"
