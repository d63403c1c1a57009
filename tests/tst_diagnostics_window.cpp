// The window half of the diagnostics, driven programmatically off-screen: the Convergence check page on a
// tiny setup (a verdict per lane, the JSON keys of `presisi check --json`, cancel and restart), the NaN
// doctor panel on preset overflow-nan (the engine's sentence, the remedy rerun that ends finite), and the
// per-layer range chart (f16's limits drawn, a bar per layer and kind, pixels where the numbers say).
#include <QAction>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <atomic>
#include <cmath>

#include "engine/training/nonfinite.h"
#include "engine/training/runner.h"
#include "main_window.h"
#include "pages/convergence_page.h"
#include "pages/doctor_panel.h"
#include "pages/gradient_ranges.h"
#include "pages/presets.h"
#include "pages/training_page.h"
#include "widgets/chart_export.h"
#include "widgets/histogram_chart.h"
#include "widgets/live_chart.h"
#include "widgets/range_chart.h"
#include "widgets/seed_chart.h"
#include "widgets/chart_legend.h"

using namespace presisi;

namespace {

// 2-8-3 on the spiral, 40 steps of SGD, full batch 64: every lane trains a little in well under a second.
Scenario tiny(int steps = 40) {
    Scenario s;
    s.sizes = {2, 8, 3};
    s.data.samples = 64;
    s.data.evalSamples = 32;
    s.batch = 0;
    s.steps = steps;
    s.optimizer.lr = 0.1;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16")};
    return s;
}

QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The overflow-nan preset's first non-finite of the cpu:f16 lane, from the engine alone (no window).
FirstNonFinite engineFault(const Scenario& s, int lane) {
    Runner r(s);
    FirstNonFinite found;
    found.lane = -1;
    const auto sink = [&](const RunEvent& e) {
        if (e.kind == RunEventKind::NonFinite && e.nonFinite.lane == lane && found.lane < 0) found = e.nonFinite;
    };
    while (!r.finished() && found.lane < 0) r.step(sink);
    return found;
}

}  // namespace

class TestDiagnosticsWindow : public QObject {
    Q_OBJECT

private slots:
    void convergencePageJudgesEveryLaneAndExportsTheCheckKeys() {
        ConvergencePage page;
        page.resize(1000, 700);
        page.setSeeds(3);
        page.runCheck(tiny());
        QVERIFY(page.running());
        page.waitForCheck();
        QVERIFY(!page.running());
        QVERIFY2(page.report(), qPrintable(page.messageText()));
        const ConvergenceReport& r = *page.report();
        QCOMPARE(r.lanes.size(), std::size_t(3));
        QCOMPARE(r.runs.size(), std::size_t(9));
        QCOMPARE(page.verdictTable()->rowCount(), 3);
        QCOMPARE(page.chart()->columns().size(), qsizetype(3));
        QVERIFY(page.chart()->columns()[0].reference);
        // Every seed a dot: the chart paints the nine finite values.
        page.chart()->resize(800, 400);
        page.chart()->grab();
        int finite = 0;
        for (const SeedResult& s : r.runs) finite += s.finite && std::isfinite(s.evalLoss);
        QCOMPARE(page.chart()->dotsDrawn(), finite);

        QTemporaryDir dir;
        const QString path = dir.filePath("check.json");
        QVERIFY(page.exportJson(path));
        const QJsonObject root = readJson(path);
        QVERIFY(root.value("rule").isString() && !root.value("rule").toString().isEmpty());
        // The top-level keys `presisi check --json` writes (app/cli/cmd_check.cpp), but its "setup" line.
        for (const char* key : {"preset", "steps", "seeds", "first_seed", "metric", "threshold", "reference_spread",
                                "evaluation_noise", "reference_lane", "lanes", "runs", "seconds"})
            QVERIFY2(root.contains(key), key);
        QCOMPARE(root.value("seeds").toInt(), 3);
        QCOMPARE(root.value("reference_lane").toString(), QString("cpu:f32"));
        const QJsonArray lanes = root.value("lanes").toArray();
        QCOMPARE(lanes.size(), 3);
        const QStringList names = {"cpu:f32", "cpu:bf16", "cpu:f16"};
        const QJsonArray runs = root.value("runs").toArray();
        QCOMPARE(runs.size(), 9);
        for (int i = 0; i < 3; ++i) {
            const QJsonObject o = lanes[i].toObject();
            for (const char* key : {"lane", "mean", "spread", "verdict"}) QVERIFY2(o.contains(key), key);
            QCOMPARE(o.value("lane").toString(), names[i]);
            const QString v = o.value("verdict").toString();
            QVERIFY2(v == (i == 0 ? "reference" : "safe") || (i > 0 && v == "audit"), qPrintable(v));
            // The mean as exported equals the mean of that lane's exported runs, summed here in double.
            double sum = 0;
            int n = 0;
            for (const QJsonValue& run : runs)
                if (run.toObject().value("lane").toString() == names[i]) sum += run.toObject().value("eval_loss").toDouble(), ++n;
            QCOMPARE(n, 3);
            QVERIFY(std::abs(o.value("mean").toDouble() - sum / n) <= 1e-12 * std::max(1.0, std::abs(sum / n)));
        }
        // The chart as a figure (PNG at 2x, SVG), through the same export as every page's charts.
        QVERIFY(exportPng(page.chart(), dir.filePath("check.png"), QSize(800, 400)));
        QCOMPARE(QImage(dir.filePath("check.png")).width(), 1600);
        QVERIFY(exportSvg(page.chart(), dir.filePath("check.svg"), QSize(800, 400)));
        QFile svg(dir.filePath("check.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly) && svg.readAll().contains("<svg"));
        // Classification: the accuracy view shows every seed's evaluation accuracy, a share in [0, 1].
        page.setShowAccuracy(true);
        QVERIFY(page.chart()->columns()[1].values.size() == 3);
        for (const SeedColumn& c : page.chart()->columns())
            for (double v : c.values) QVERIFY(!std::isfinite(v) || (v >= 0 && v <= 1));
        QCOMPARE(page.chart()->columns()[1].values[0], r.runs[3].evalAccuracy);  // lane 1, first seed
        page.setShowAccuracy(false);
        QVERIFY(page.exportCsv(dir.filePath("check.csv")));
        QFile csv(dir.filePath("check.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().count('\n'), 1 + 9);  // header and one row per seed run
    }

    void cancelStopsTheCheckAndARestartReplacesIt() {
        ConvergencePage page;
        page.setSeeds(4);
        page.runCheck(tiny(200000));  // minutes of work: only a cancel ends it within the test
        QVERIFY(page.running());
        page.cancel();
        QVERIFY(!page.running());
        // The worker stops within a step: the whole check takes 15-30 s here (measured with the
        // cancel of the worker left out), so 10 s is a bound a missing cancel cannot meet.
        QElapsedTimer clock;
        clock.start();
        page.waitForCheck();
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(!page.report());
        QVERIFY2(page.messageText().contains("cancelled"), qPrintable(page.messageText()));
        // Run, Run again at once: the first is cancelled, only the second one's report arrives.
        page.setSeeds(2);
        page.runCheck(tiny(200000));
        page.runCheck(tiny(20));
        page.waitForCheck();
        QVERIFY(page.report());
        QCOMPARE(page.report()->runs.size(), std::size_t(2 * 3));
    }

    void escapeOnTheConvergencePageCancelsTheCheck() {
        MainWindow w(false);
        ConvergencePage* page = w.convergencePage();
        w.setPage(4);  // Linear lab, Training lab, Formats, Speed, Convergence check (Ctrl+5)
        QCOMPARE(w.currentPage(), static_cast<Page*>(page));
        page->setSeeds(2);
        page->runCheck(tiny(200000));
        QVERIFY(page->running());
        // The window's Esc action (its shortcut is Esc): on this page it cancels the running check.
        QAction* esc = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(Qt::Key_Escape)) esc = a;
        QVERIFY(esc);
        esc->trigger();
        QVERIFY(!page->running());
        page->waitForCheck();
        QVERIFY(!page->report());
    }

    void doctorPanelNamesTheFaultAndARemedyRerunEndsFinite() {
        TrainingPage page;
        page.resize(1200, 760);
        QString error;
        QVERIFY2(page.loadPreset("overflow-nan", false, &error), qPrintable(error));
        page.setPace(0);
        const Scenario s = page.scenarioFromControls();
        int f16 = -1;
        for (int i = 0; i < static_cast<int>(s.lanes.size()); ++i)
            if (s.lanes[i].label() == "cpu:f16") f16 = i;
        QVERIFY(f16 >= 0);
        QVERIFY(!page.doctorPanel()->isOpen());
        page.run();
        page.controller()->waitForIdle();
        DoctorPanel* doctor = page.doctorPanel();
        QVERIFY(doctor->isOpen());
        QCOMPARE(doctor->faultLane(), f16);
        // The sentence is the engine's own, found without the window.
        const FirstNonFinite expected = engineFault(s, f16);
        QVERIFY(expected.lane == f16);
        QCOMPARE(doctor->sentence(), QString::fromStdString(expected.sentence));
        QVERIFY(doctor->leadUpTable()->rowCount() > 0);
        // × closes it to one line (the tiles come back); the line's button opens it again.
        doctor->setOpen(false);
        QVERIFY(!doctor->isOpen());
        QVERIFY(!doctor->isHidden());
        doctor->setOpen(true);
        QVERIFY(doctor->isOpen());
        QVERIFY(page.lossChart()->eventCount() >= 1);  // the step marked on the loss chart
        // The scaler lane skips its first steps (the preset's story): its warning is in the panel.
        QVERIFY2(doctor->scalerText().contains("cpu:f16+scaler"), qPrintable(doctor->scalerText()));
        // … and, once the scaled gradients fit (the scale below 1, after about twenty skips), the warning
        // says it ended, first: no "overflow at every scale" standing beside a lane that trains to float32's
        // loss, even where the panel is too short to show the whole text.
        QVERIFY2(doctor->scalerText().contains(QRegularExpression("^Scaler: cpu:f16\\+scaler — ended: since step \\d+ the scaler trains again")),
                 qPrintable(doctor->scalerText()));
        // Remedy 1 (a learning rate ten times lower) keeps the lane's label: the two runs are still told
        // apart by colour and pattern, and each run's inf/NaN is marked where it happened.
        doctor->remedyButtons()[0]->click();
        doctor->waitForRemedy();
        QVERIFY(doctor->lastOutcome());
        QCOMPARE(doctor->lastOutcome()->remedy, Remedy::LowerLearningRate);
        QCOMPARE(doctor->chart()->lanes().size(), qsizetype(2));
        QVERIFY(doctor->chart()->lanes()[0] != doctor->chart()->lanes()[1]);
        QVERIFY(doctor->chart()->seriesPen(0).color() != doctor->chart()->seriesPen(1).color());
        QVERIFY(doctor->chart()->seriesPen(0).dashPattern() != doctor->chart()->seriesPen(1).dashPattern());
        const auto marked = [](const QList<QPointF>& points, qint64 step) {
            if (step < 0) return 0;
            for (const QPointF& q : points)
                if (q.x() < step && std::isfinite(q.y())) return 1;
            return 0;
        };
        const RemedyOutcome& lower = *doctor->lastOutcome();
        QVERIFY(lower.originalNonFiniteStep >= 0);
        QCOMPARE(doctor->chart()->eventCount(), marked(lower.original, lower.originalNonFiniteStep) +
                                                    marked(lower.remedied, lower.remediedNonFiniteStep));
        // Remedy 2 (switch to bf16), one click: the rerun ends finite and falling.
        QCOMPARE(doctor->remedyButtons().size(), qsizetype(4));
        doctor->remedyButtons()[1]->click();
        QVERIFY(doctor->remedyRunning());
        doctor->waitForRemedy();
        QVERIFY(!doctor->remedyRunning());
        QVERIFY(doctor->lastOutcome());
        QCOMPARE(doctor->lastOutcome()->remedy, Remedy::SwitchToBf16);
        QVERIFY(doctor->lastOutcome()->remediedFinite);
        QVERIFY2(doctor->verdictText().contains("helped"), qPrintable(doctor->verdictText()));
        QVERIFY(doctor->lastOutcome()->originalNonFiniteStep >= 0);  // the original, rerun beside it, still fails
        QCOMPARE(doctor->chart()->lanes().size(), qsizetype(2));
        // A rerun cancelled at once leaves the panel working and the previous verdict replaced.
        doctor->remedyButtons()[3]->click();
        doctor->cancelRemedy();
        doctor->waitForRemedy();
        QVERIFY(!doctor->remedyRunning());
        QVERIFY(doctor->verdictText().contains("cancelled"));
    }

    void rangeChartDrawsTheF16LimitsAndABarPerLayerAndKind() {
        // Two layers, three kinds, magnitudes chosen by hand: layer 1's outputs 2^-3 … 2^4, its
        // weight gradients 2^-30 … 2^-26 in the shadow (all below f16's 2^-24: zero in the lane).
        RangeSnapshot snap;
        snap.lane = 0;
        snap.step = 20;
        for (int layer = 0; layer < 2; ++layer)
            for (TensorKind kind : {TensorKind::Activation, TensorKind::ActivationGradient, TensorKind::WeightGradient}) {
                TensorRange t;
                t.layer = layer;
                t.kind = kind;
                t.absMinNonZero = std::ldexp(1.0, -3 - 4 * layer);
                t.absMax = std::ldexp(1.0, 4);
                t.shadowAbsMinNonZero = t.absMinNonZero;
                t.shadowAbsMax = t.absMax;
                if (layer == 0 && kind == TensorKind::WeightGradient) {
                    t.absMinNonZero = kNotMeasured;
                    t.absMax = 0;
                    t.shadowAbsMinNonZero = std::ldexp(1.0, -30);
                    t.shadowAbsMax = std::ldexp(1.0, -26);
                    t.underflowShare = 1;
                }
                snap.tensors.push_back(t);
            }
        Scenario s = tiny();
        s.lanes = {parseLane("cpu:f16")};
        GradientRangeView view(new QWidget());  // the view owns the stand-in histogram
        view.resize(700, 420);
        view.setLanes({"cpu:f16"}, s);
        view.setShowingRanges(true);
        view.keep({snap});
        RangeChart* chart = view.chart();
        QCOMPARE(chart->bars().size(), qsizetype(6));
        QCOMPARE(chart->bars()[0].label, QString("L1 outputs"));
        QCOMPARE(chart->bars()[2].label, QString("L1 weight grads"));
        const QImage img = chart->grab().toImage();
        const QList<double> limits = chart->drawnLimits();
        QCOMPARE(limits.size(), qsizetype(3));
        QCOMPARE(limits[0], -24.0);                 // f16 smallest subnormal 2^-24
        QCOMPARE(limits[1], -14.0);                 // smallest normal 2^-14
        QCOMPARE(limits[2], std::log2(65504.0));    // largest finite
        QVERIFY(chart->axisLo() <= -30 && chart->axisHi() >= 16);  // the shadow and the overflow edge in view
        const qreal dpr = img.devicePixelRatio();
        const auto pixel = [&](double x, double y) { return img.pixelColor(int(x * dpr), int(y * dpr)); };
        // Row 0 (L1 outputs): the bar's colour at log2 = 0, the normal band's tint left of 2^-3 (no bar there).
        const QRectF plot = chart->plotRect();
        const double rowH = plot.height() / 6;
        const double y0 = plot.top() + rowH * 0.5;
        QCOMPARE(pixel(chart->xFor(0), y0), RangeChart::kindColor(0));
        QVERIFY(pixel(chart->xFor(-8), y0) != RangeChart::kindColor(0));
        // Row 2 (L1 weight grads, all underflowed): no bar anywhere on the row's centre line.
        const double y2 = plot.top() + rowH * 2.5;
        for (double e = -29; e < 15; e += 1) QVERIFY(pixel(chart->xFor(e), y2) != RangeChart::kindColor(2));
        // The subnormal band (between 2^-24 and 2^-14) is tinted orange, the normal one green.
        const QColor sub = pixel(chart->xFor(-19), plot.top() + rowH * 1.05);
        const QColor normal = pixel(chart->xFor(-8), plot.top() + rowH * 1.05);
        QVERIFY2(sub.red() > sub.blue() + 20, qPrintable(sub.name()));
        QVERIFY2(normal.green() > normal.red(), qPrintable(normal.name()));
        // Scrubbing picks the nearest kept snapshot.
        RangeSnapshot later = snap;
        later.step = 60;
        view.keep({later});
        view.showNearest(30);
        QVERIFY2(chart->title().contains("step 20"), qPrintable(chart->title()));
        view.showNearest(50);
        QVERIFY2(chart->title().contains("step 60"), qPrintable(chart->title()));
    }

    void underflowPresetPutsTheF16WeightGradientsBelowTheSubnormalLimit() {
        TrainingPage page;
        QString error;
        QVERIFY2(page.loadPreset("underflow", false, &error), qPrintable(error));
        page.setPace(0);
        page.run();
        page.controller()->waitForIdle();
        const Scenario& s = page.controller()->scenario();
        int f16 = -1;
        for (int i = 0; i < static_cast<int>(s.lanes.size()); ++i)
            if (s.lanes[i].label() == "cpu:f16") f16 = i;
        QVERIFY(f16 >= 0);
        GradientRangeView* view = page.rangeView();
        QVERIFY(view->keptCount(f16) > 0);
        view->setLane(f16);
        view->setShowingRanges(true);
        // The last snapshot: every weight-gradient row of the f16 lane has its float32 shadow reaching
        // below 2^-24, where f16 holds nothing (the preset's story, see its explanation).
        int weightRows = 0;
        for (const RangeBar& b : view->chart()->bars())
            if (b.kind == 2) {
                ++weightRows;
                QVERIFY2(b.shadowMin < std::ldexp(1.0, -24), qPrintable(b.label));
            }
        QVERIFY(weightRows >= 1);
        QCOMPARE(view->chart()->limits().name, QString("f16"));
        // The timeline moves the range chart too: step 0 shows the snapshot kept at step 0.
        page.scrubTo(0);
        QVERIFY2(view->chart()->title().contains("step 0"), qPrintable(view->chart()->title()));
    }

    // At step 20 of the underflow preset the histogram said "f16: 59.8 % zeros" beside an underflow chart at
    // ~2 %: it pooled output and weight gradients, the chart counts weight gradients, and zeros are not
    // underflows (a ReLU's idle units are zero in float32 too). The histogram shows the chart's tensors by
    // default, its title names them, and its "underflowed" share is the chart's number.
    void histogramCountsWhatTheUnderflowChartCounts() {
        Scenario s = loadPresetScenario("underflow");
        s.steps = 21;
        s.histogramInterval = 20;
        Runner runner(s);
        std::vector<GradHistogram> histograms;
        std::vector<StepRecord> records;
        const std::atomic<bool> cancel{false};
        runner.run([&](const RunEvent& e) {
            if (e.kind == RunEventKind::Histogram) histograms.push_back(e.histogram);
            if (e.kind == RunEventKind::Step) records.push_back(e.record);
        }, cancel);
        int checked = 0;
        for (const GradHistogram& g : histograms) {
            if (g.step != 20) continue;
            for (const StepRecord& r : records)
                if (r.lane == g.lane && r.step == 20) {
                    QCOMPARE(makeHistogramView(g, kHistAllWeights).underflowShare, r.weightGradUnderflow);
                    QCOMPARE(makeHistogramView(g, kHistAllOutputs).underflowShare, r.actGradUnderflow);
                    ++checked;
                }
        }
        QCOMPARE(checked, static_cast<int>(s.lanes.size()));
        // The page: the histogram's choice follows the underflow chart's, and both titles name the tensors.
        TrainingPage page;
        QString error;
        QVERIFY2(page.loadPreset("underflow", false, &error), qPrintable(error));
        page.setPace(0);
        page.run();
        page.controller()->waitForIdle();
        QVERIFY2(fullTitle(page.underflowChart()->chart()).contains("weight gradients"),
                 qPrintable(fullTitle(page.underflowChart()->chart())));
        QVERIFY2(fullTitle(page.histogramChart()->chart()).startsWith("Weight gradients, all layers · step"),
                 qPrintable(fullTitle(page.histogramChart()->chart())));
    }
};

QTEST_MAIN(TestDiagnosticsWindow)
#include "tst_diagnostics_window.moc"
