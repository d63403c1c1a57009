// Exports from the window's pages: the names they propose, the data behind each chart (row counts
// against the chart's own points, the Linear lab's whole output, histogram shares against a count
// made here), the training JSON's preset, and (PRESISI_SHOTS_DIR set) every chart at 1920x1080 for
// docs/screenshots.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "app/main_window.h"
#include "app/pages/convergence_page.h"
#include "app/pages/formats_page.h"
#include "app/pages/linear_page.h"
#include "app/pages/linear_page_detail.h"
#include "app/pages/presets.h"
#include "app/pages/speed_page.h"
#include "app/pages/training_page.h"
#include "app/run_controller.h"
#include "app_support.h"
#include "widgets/chart_export.h"
#include "widgets/histogram_chart.h"
#include "widgets/live_chart.h"

using namespace presisi;
using presisi::apptest::waitFor;

namespace {

// The underflow preset, shortened (the name and the charts do not depend on the length).
Scenario shortUnderflow(int steps) {
    Scenario s = loadPresetScenario("underflow");
    s.steps = steps;
    s.pace = 0;
    return s;
}

// Writes each chart of `page` as PNG (1920x1080, 2x, font scale 2) and SVG into `dir`, named by the page.
void exportAll(Page* page, const QString& dir) {
    // PRESISI_SHOTS_SIZE=1280x720 (or 3840x2160) looks at another preset; 1920x1080 by default.
    const QStringList wh = qEnvironmentVariable("PRESISI_SHOTS_SIZE", "1920x1080").split('x');
    const QSize size(wh.value(0).toInt(), wh.value(1).toInt());
    const ExportOptions o{size, 2.0, 2.0, page->caption()};
    for (QWidget* c : page->charts()) {
        const QString base = QDir(dir).filePath(page->exportName(c));
        QVERIFY(exportPng(c, base + ".png", o));
        QVERIFY(exportSvg(c, base + ".svg", o));
        QCOMPARE(QImage(base + ".png").size(), size * 2);
    }
    // The whole page too (File > Export page).
    QVERIFY(exportPng(page, QDir(dir).filePath(page->exportName(nullptr) + "-page.png"), o));
}

}  // namespace

class TestExportsWindow : public QObject {
    Q_OBJECT
private slots:
    void linearNamesAndOutputs() {
        LinearPage page;
        page.computeNow();
        QVERIFY(waitFor([&] { return page.result() != nullptr; }, 30000));
        const LinearConfig c = page.config();
        // The tutorial's example: nn.Linear(256, 256) on a batch of 64.
        QCOMPARE(page.exportName(page.charts().at(0)), QString("linear-256x256x64-scatter"));
        QCOMPARE(page.exportName(nullptr), QString("linear-256x256x64"));
        // The scatter's data is the whole output: batch x out rows, index + one column per lane.
        const ChartData d = page.chartData(page.charts().at(0));
        QCOMPARE(d.rows.size(), qsizetype(c.batch * c.out));
        QCOMPARE(d.columns.size(), qsizetype(1 + page.result()->lanes.size()));
        QCOMPARE(d.columns.front(), QString("index"));
        // The reference column is the float32 output itself (first lane of the result on the CPU).
        const auto& ref = page.result()->lanes.front();
        QCOMPARE(d.rows[7][1].toDouble(), static_cast<double>(ref.output.data()[7]));
        QCOMPARE(d.rows.last()[0].toLongLong(), qlonglong(c.batch * c.out - 1));
        // The error histogram: per lane, the shares of its bins add up to the share of elements whose
        // difference from the reference is non-zero and finite, counted here from the outputs.
        auto* hist = qobject_cast<HistogramChart*>(page.charts().at(1));
        QVERIFY(hist);
        const ChartData h = page.chartData(hist);
        QVERIFY(!h.empty());
        int checked = 0;
        for (const auto& lane : page.result()->lanes) {
            const QString label = linear_page_detail::label(lane.lane);
            double sum = 0;
            for (const auto& r : h.rows)
                if (r[0].toString() == label) sum += r[3].toDouble();
            Index nonzero = 0;
            for (Index i = 0; i < lane.output.size(); ++i) {
                const double diff = std::abs(double(lane.output.data()[i]) - double(ref.output.data()[i]));
                nonzero += diff > 0 && std::isfinite(diff);
            }
            QVERIFY2(std::abs(sum - 100.0 * double(nonzero) / double(lane.output.size())) < 1e-6,
                     qPrintable(QString("%1: bins %2%").arg(label).arg(sum)));
            checked += nonzero > 0;
        }
        QVERIFY(checked >= 2);  // bf16 and f16 at least
    }

    void trainingNamesDataAndPreset() {
        TrainingPage page;
        page.setScenario(shortUnderflow(30));
        page.run();
        page.controller()->waitForIdle();
        QVERIFY(waitFor([&] { return page.lastStepShown() == 29; }, 30000));
        QCOMPARE(page.exportName(page.lossChart()), QString("underflow-loss-step30"));
        QCOMPARE(page.exportName(page.underflowChart()), QString("underflow-underflow-step30"));
        // The loss chart's data: every point of every lane, one row each (30 steps x lanes).
        LiveChart* loss = page.lossChart();
        const ChartData d = page.chartData(loss);
        int points = 0;
        for (int l = 0; l < loss->lanes().size(); ++l) points += loss->pointCount(l);
        QCOMPARE(d.rows.size(), qsizetype(points));
        QCOMPARE(points, 30 * int(loss->lanes().size()));
        // CSV: a header and one line per row; JSON: the rows and the columns.
        QTemporaryDir dir;
        QVERIFY(page.exportChartData(loss, dir.filePath("loss.csv")));
        QVERIFY(page.exportChartData(loss, dir.filePath("loss.json")));
        QFile csv(dir.filePath("loss.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().count('\n'), qsizetype(points + 1));
        QFile json(dir.filePath("loss.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(root["rows"].toArray().size(), qsizetype(points));
        QCOMPARE(root["columns"].toArray().size(), qsizetype(3));
        // The histogram's data: counts per lane and tensor adding up to the tensor's elements. The
        // underflow preset's model is one linear layer 16 -> 256 (resources/presets/underflow.json): by
        // hand its weight gradient (weights and bias) holds 16*256 + 256 = 4352 elements.
        const ChartData h = page.chartData(page.charts().at(3));
        QVERIFY(!h.empty());
        QMap<QString, qlonglong> perTensor;
        for (const auto& r : h.rows) perTensor[r[0].toString() + "/" + r[2].toString() + "/" + r[3].toString()] += r[7].toLongLong();
        int weightTensors = 0;
        for (auto it = perTensor.begin(); it != perTensor.end(); ++it)
            if (it.key().endsWith("/0/weight_gradient")) {
                QCOMPARE(it.value(), qlonglong(4352));
                ++weightTensors;
            }
        QCOMPARE(weightTensors, int(loss->lanes().size()));  // one per lane
        // The page's JSON names the preset that was loaded.
        QVERIFY(page.exportJson(dir.filePath("run.json")));
        QFile run(dir.filePath("run.json"));
        QVERIFY(run.open(QIODevice::ReadOnly));
        const QByteArray text = run.readAll();
        QVERIFY2(!text.contains("\"preset\": null"), "the training JSON says preset null with a preset loaded");
    }

    // A preset loaded from the Presets menu and played: the page's JSON names it (not "preset": null).
    void presetFromTheMenuIsNamedInTheJson() {
        MainWindow w(false);
        QVERIFY(w.loadPreset("underflow", true));
        TrainingPage* t = w.trainingPage();
        QVERIFY(waitFor([&] { return t->controller()->stepsDone() > 3; }, 30000));
        t->controller()->stop();
        t->controller()->waitForIdle();
        QTemporaryDir dir;
        QVERIFY(t->exportJson(dir.filePath("run.json")));
        QFile f(dir.filePath("run.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY2(!text.contains("\"preset\": null"), text.left(400).constData());
        QVERIFY(text.contains("\"underflow\""));
        QVERIFY(t->exportName(t->lossChart()).startsWith("underflow-loss-step"));
    }

    // A chart in a laid-out page fills the whole figure: its parent's layout does not put it back at
    // its place's size while it is drawn (the right fifth of the figure is chart, not window).
    void chartInAPageFillsTheFigure() {
        MainWindow w(false);
        w.resize(1280, 800);
        w.show();
        QVERIFY(waitFor([&] { return w.linearPage()->result() != nullptr; }, 30000));
        QWidget* chart = w.linearPage()->charts().at(0);
        const QSize before = chart->size();
        chart->updateGeometry();  // a layout request pending on the page, as after a run's updates
        const QImage image = renderWidget(chart, ExportOptions{QSize(1920, 1080), 1.0, 2.0, {}});
        const QRgb window = w.palette().color(QPalette::Window).rgb();
        int chartPixels = 0, total = 0;
        for (int y = 100; y < 800; y += 10, ++total) chartPixels += (image.pixel(1800, y) & 0xffffff) != (window & 0xffffff);
        QVERIFY2(chartPixels > total * 9 / 10, qPrintable(QString("%1 of %2").arg(chartPixels).arg(total)));
        QCOMPARE(chart->size(), before);
        // A page is laid out at least at its size in the window (squeezed to its minimum, its charts
        // elide their tick labels): the font scale gives way instead.
        Page* page = w.linearPage();
        const ExportLayout l = exportLayout(page, ExportOptions{QSize(1920, 1080), 2.0, 2.0, {}});
        QVERIFY2(l.widgetSize.width() >= page->width() - 1 && l.widgetSize.height() >= page->height() - 1,
                 qPrintable(QString("%1x%2 for a page of %3x%4").arg(l.widgetSize.width()).arg(l.widgetSize.height())
                                .arg(page->width()).arg(page->height())));
    }

    void everyChartAtSlideSize() {
        const QString dir = qEnvironmentVariable("PRESISI_SHOTS_DIR");
        if (dir.isEmpty()) QSKIP("PRESISI_SHOTS_DIR not set (docs/screenshots are made with it)");
        QDir().mkpath(dir);
        MainWindow w(false);
        w.resize(1280, 800);
        w.show();
        QVERIFY(waitFor([&] { return w.linearPage()->result() != nullptr; }, 30000));
        exportAll(w.linearPage(), dir);
        TrainingPage* t = w.trainingPage();
        t->setScenario(shortUnderflow(300));
        t->run();
        t->controller()->waitForIdle();
        QVERIFY(waitFor([&] { return t->lastStepShown() == 299; }, 60000));
        w.setPage(MainWindow::TrainingIndex);
        QCoreApplication::processEvents();
        exportAll(t, dir);
        w.setPage(MainWindow::FormatsIndex);
        exportAll(w.formatsPage(), dir);
        // Speed: memory, batch sweep and step breakdown of a tiny model (seconds), throughput skipped.
        SpeedPage* speed = w.speedPage();
        speed->setScenarioSource([] {
            Scenario s;
            s.sizes = {2, 32, 3};
            s.batch = 16;
            s.data.samples = 256;
            s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16")};
            return s;
        });
        speed->setNativeLane(false);
        w.setPage(MainWindow::SpeedIndex);
        speed->setSweepStepsPerPoint(3);
        speed->setBreakdownSteps(5);
        for (SpeedPage::Section section : {SpeedPage::Memory, SpeedPage::Sweep, SpeedPage::Breakdown}) {
            speed->run(section);
            QVERIFY(waitFor([&] { return !speed->isBusy(); }, 120000));
        }
        exportAll(speed, dir);
        // Convergence: three lanes, four seeds, a small model.
        ConvergencePage* check = w.convergencePage();
        w.setPage(MainWindow::ConvergenceIndex);
        check->setSeeds(4);
        Scenario tiny;
        tiny.sizes = {2, 8, 3};
        tiny.data.samples = 64;
        tiny.data.evalSamples = 32;
        tiny.steps = 60;
        tiny.optimizer.lr = 0.1;
        tiny.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16")};
        check->runCheck(tiny);
        check->waitForCheck();
        QCoreApplication::processEvents();
        exportAll(check, dir);
    }
};

QTEST_MAIN(TestExportsWindow)
#include "tst_exports_window.moc"
