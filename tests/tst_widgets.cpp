// Widget suites: the capped point window of live charts, one replace() per refresh, lane tiles, and
// exports (PNG at 2x DPR, SVG) of the requested size with real content.
#include "settle.h"
#include <QApplication>
#include <QClipboard>
#include <QImage>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QRegularExpression>
#include <QStyle>
#include <QTextLayout>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <set>

#include "widgets/chart_data.h"
#include "widgets/chart_export.h"
#include "widgets/chart_style.h"
#include "widgets/format_views.h"
#include "widgets/histogram_chart.h"
#include "widgets/lane_style.h"
#include "widgets/lane_tile.h"
#include "widgets/locale_number.h"
#include "widgets/live_chart.h"

using namespace presisi;

namespace {

// Distinct colours in an image: a uniform (blank) image has one.
int distinctColours(const QImage& image) {
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

// The histogram lane series named `label` (bands are area series; lanes are line series).
QLineSeries* laneSeries(HistogramChart& h, const QString& label) {
    for (QAbstractSeries* s : h.chart()->series())
        if (auto* line = qobject_cast<QLineSeries*>(s); line && line->name() == label) return line;
    return nullptr;
}

// A pixel within 2 px of `p` close to `c` (antialiased 2 px pens blend at their edges).
bool colourNear(const QImage& image, QPoint p, const QColor& c) {
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) {
            const QPoint q = p + QPoint(dx, dy);
            if (!image.rect().contains(q)) continue;
            const QColor v = image.pixelColor(q);
            if (std::abs(v.red() - c.red()) < 30 && std::abs(v.green() - c.green()) < 30 &&
                std::abs(v.blue() - c.blue()) < 30)
                return true;
        }
    return false;
}

// The value axis of `view`'s chart along `orientation` (null where it has none).
QValueAxis* valueAxis(QChartView& view, Qt::Orientation orientation) {
    QValueAxis* axis = nullptr;
    for (QAbstractAxis* a : view.chart()->axes(orientation)) axis = qobject_cast<QValueAxis*>(a);
    return axis;
}

QList<QPointF> ramp(int from, int n) {
    QList<QPointF> pts;
    for (int i = from; i < from + n; ++i) pts.append(QPointF(i, 1.0 + 0.5 * std::sin(i * 0.1)));
    return pts;
}

}  // namespace

class TestWidgets : public QObject {
    Q_OBJECT
private slots:
    // Tiles, captions and sentences write an exponent as the axes do: "3.738e-8", not QLocale's "3.738E-08"
    // (the underflow preset's f32 tile read 3.738E-08 beside an axis reading 1e-8).
    void displayNumbersWriteShortLowercaseExponents() {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(displayNumber(3.7381e-8, 4), QString("3.738e-8"));
        QCOMPARE(displayNumber(65504, 3), QString("6.55e4"));
        QCOMPARE(displayNumber(1.5e-12, 4), QString("1.5e-12"));
        QCOMPARE(displayNumber(1e-300, 2), QString("1e-300"));
        QCOMPARE(displayNumber(0.001253, 4), QString("0.001253"));
        QCOMPARE(displayNumber(std::nan(""), 4), QString("nan"));
        QCOMPARE(displayNumber(-INFINITY, 4), QString("-inf"));
        QLocale::setDefault(QLocale(QLocale::Indonesian, QLocale::Indonesia));
        QCOMPARE(displayNumber(3.7381e-8, 4), QString("3,738e-8"));
        QCOMPARE(displayNumber(0.25, 4), QString("0,25"));
        QLocale::setDefault(before);
    }

    // The whole run in a capped number of points: the first and last steps and the extremes (a spike)
    // survive the decimation.
    void liveChartKeepsTheWholeRunInACappedNumberOfPoints() {
        LiveChart chart("loss", "step", "loss");
        chart.setLanes({"cpu:f32", "cpu:bf16"});
        chart.setPointCap(500);
        for (int b = 0; b < 12; ++b) {
            QList<QPointF> pts = ramp(b * 100, 100);
            if (b == 5) pts[55].setY(1e6);  // a spike at step 555
            chart.appendPoints(0, pts);
            chart.appendPoints(1, ramp(b * 100, 100));
            chart.refresh();
        }
        QVERIFY(chart.pointCount(0) <= 500);
        QVERIFY(chart.seriesPointCount(0) <= 500);
        QCOMPARE(chart.points(0).front().x(), 0.0);
        QCOMPARE(chart.points(0).back().x(), 1199.0);
        bool spike = false;
        for (const QPointF& p : chart.points(0)) spike = spike || (p.x() == 555.0 && p.y() == 1e6);
        QVERIFY(spike);
        QCOMPARE(chart.refreshCount(), 12);
    }

    // Issue 19: a 100,000-step run appended in batches of 256 (as the Training lab does) whose bf16 loss
    // falls from 0.1 to 1e-8 by step 35 and then stays flat. Halving the whole list at every overflow
    // thinned the oldest steps to nothing (one min/max pair spanned steps 1..37,697, drawn as a ramp);
    // buckets of W steps keep the drop where it happened, leave no gap wider than two buckets, and the
    // export says which rule the points follow.
    void liveChartDecimatesUniformlyInSteps() {
        LiveChart chart("loss", "step", "loss");
        chart.setLanes({"cpu:f32", "cpu:bf16"});
        chart.setPointCap(3000);
        constexpr int kSteps = 100000, kBatch = 256;
        auto bf16 = [](int step) {
            return step < 35 ? 0.1 * std::pow(1e-7, step / 35.0) : 1e-8 * (1.0 + 0.01 * std::sin(step * 0.37));
        };
        for (int s0 = 0; s0 < kSteps; s0 += kBatch) {
            QList<QPointF> a, b;
            for (int s = s0; s < std::min(kSteps, s0 + kBatch); ++s) {
                a << QPointF(s, s == 50001 ? qQNaN() : 0.1 / (1.0 + s * 1e-3));  // one NaN step
                b << QPointF(s, bf16(s));
            }
            chart.appendPoints(0, a);
            chart.appendPoints(1, b);
            chart.refresh();
        }
        const int w = chart.bucketSteps();
        QVERIFY2(w > 1 && (w & (w - 1)) == 0, qPrintable(QString("W = %1").arg(w)));
        for (int lane = 0; lane < 2; ++lane) {
            const QList<QPointF>& pts = chart.points(lane);
            QVERIFY(pts.size() <= 3000);
            QCOMPARE(pts.front().x(), 0.0);
            QCOMPARE(pts.back().x(), double(kSteps - 1));
            for (qsizetype i = 1; i < pts.size(); ++i)
                QVERIFY2(pts[i].x() - pts[i - 1].x() <= 2 * w,
                         qPrintable(QString("lane %1: steps %2 and %3 kept next to each other, W = %4")
                                        .arg(lane).arg(pts[i - 1].x()).arg(pts[i].x()).arg(w)));
        }
        // The floor is reached within the first two buckets, in the kept points and in the drawn line.
        auto reachesFloorEarly = [w](const QList<QPointF>& pts) {
            return std::any_of(pts.begin(), pts.end(), [w](QPointF p) { return p.x() <= 2 * w && p.y() < 1e-6; });
        };
        QVERIFY(reachesFloorEarly(chart.points(1)));
        // A non-finite step stands for its bucket, as before.
        QVERIFY(std::any_of(chart.points(0).begin(), chart.points(0).end(),
                            [](QPointF p) { return p.x() == 50001 && std::isnan(p.y()); }));
        QLineSeries* drawn = nullptr;
        for (QAbstractSeries* s : chart.chart()->series())
            if (auto* line = qobject_cast<QLineSeries*>(s); line && line->name() == "cpu:bf16") drawn = line;
        QVERIFY(drawn);
        QVERIFY(drawn->count() <= 800);
        QVERIFY(reachesFloorEarly(drawn->points()));
        // The drawn line thins by equal step ranges too: no gap wider than two of its 399 buckets.
        const QList<QPointF> line = drawn->points();
        for (qsizetype i = 1; i < line.size(); ++i) QVERIFY(line[i].x() - line[i - 1].x() <= 2.0 * kSteps / 399 + 1);
        // The export states the rule: one field in JSON, a column in CSV (the other columns as before).
        const ChartData d = chartDataOf(&chart);
        const QString rule = QString("min and max of every %1 steps").arg(w);
        QCOMPARE(d.decimation, rule);
        QCOMPARE(d.columns, QStringList({"lane", "step", "value"}));
        const QList<QByteArray> csv = chartDataCsv(d).split('\n');
        QCOMPARE(csv.front(), QByteArray("lane,step,value,decimation"));
        QVERIFY(csv.at(1).endsWith("," + rule.toUtf8()));
        QVERIFY(chartDataJson(d).contains("\"decimation\": \"" + rule.toUtf8() + "\""));
        // A short run holds every step, and says so.
        chart.clearPoints();
        chart.appendPoints(1, {QPointF(0, 1), QPointF(1, 2), QPointF(2, 0.5)});
        QCOMPARE(chart.bucketSteps(), 1);
        QCOMPARE(chart.pointCount(1), 3);
        QCOMPARE(chartDataOf(&chart).decimation, QString("every step"));
    }

    // Zoomed into a long run, the view reads its steps back from the source (the run's record store)
    // and keeps the lowest and highest step of each of its own columns: zoomed into steps 0-800 of
    // 100,000, bf16's drop to the floor is a cliff where it happened, not a ramp across a whole-run
    // bucket of 128 steps. New steps inside the view join it; a reset returns to the run's buckets.
    void zoomedViewReadsEveryStepFromTheSource() {
        LiveChart chart("loss", "step", "loss");
        chart.resize(900, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setLanes({"cpu:f32", "cpu:bf16"});
        chart.setPointCap(3000);
        constexpr int kSteps = 100000, kBatch = 4096;
        auto value = [](int lane, int step) {
            if (lane == 0) return 0.1 / (1.0 + step * 1e-3) * (1.0 + 0.05 * std::sin(step * 1.3));
            return step < 35 ? 0.1 : 1e-8 * (1.0 + 0.01 * std::sin(step * 0.37));
        };
        int steps = 0;  // what the "store" holds so far
        auto append = [&](int from, int to) {
            for (int lane = 0; lane < 2; ++lane) {
                QList<QPointF> pts;
                for (int s = from; s < to; ++s) pts << QPointF(s, value(lane, s));
                chart.appendPoints(lane, pts);
            }
            steps = to;
            chart.refresh();
        };
        int reads = 0;
        chart.setDetailSource([&](double x0, double x1, const LiveChart::PointSink& sink) {
            ++reads;
            for (int s = std::max(0, int(std::ceil(x0))); s <= std::min(steps - 1, int(std::floor(x1))); ++s)
                for (int lane = 0; lane < 2; ++lane) sink(lane, QPointF(s, value(lane, s)));
            return true;
        });
        for (int s0 = 0; s0 < kSteps - 1000; s0 += kBatch) append(s0, std::min(kSteps - 1000, s0 + kBatch));
        QVERIFY(chart.bucketSteps() >= 64);
        QCOMPARE(chart.viewBucketSteps(), qint64(chart.bucketSteps()));  // not zoomed: the run's buckets

        chart.zoomToSteps(0, 800);
        QCOMPARE(reads, 1);
        qint64 w = chart.viewBucketSteps();
        QVERIFY2(w <= 3, qPrintable(QString("view buckets of %1 steps").arg(w)));
        auto drawn = [&chart](const QString& name) {
            for (QAbstractSeries* s : chart.chart()->series())
                if (auto* line = qobject_cast<QLineSeries*>(s); line && line->name() == name) return line->points();
            return QList<QPointF>();
        };
        // Every bucket of the view: its lowest and highest step, as the source has them, are drawn.
        auto checkView = [&](int lane, const QString& name, int from, int to) {
            const QList<QPointF> line = drawn(name);
            QVERIFY(line.size() <= LiveChart::kDrawMax);
            for (qint64 b = from / w; b * w < to; ++b) {
                int lo = -1, hi = -1;
                for (qint64 s = std::max<qint64>(1, b * w); s < (b + 1) * w && s < steps; ++s) {
                    if (lo < 0 || value(lane, s) < value(lane, lo)) lo = int(s);
                    if (hi < 0 || value(lane, s) > value(lane, hi)) hi = int(s);
                }
                if (lo < 0) continue;
                for (int s : {lo, hi})
                    QVERIFY2(line.contains(QPointF(s, chart.scale() == AxisScale::Log10 ? std::log10(value(lane, s)) : value(lane, s))),
                             qPrintable(QString("%1: step %2 of the view's bucket %3 (%4 steps) not drawn").arg(name).arg(s).arg(b).arg(w)));
            }
        };
        checkView(0, "cpu:f32", 0, 800);
        checkView(1, "cpu:bf16", 0, 800);
        // The cliff: bf16 is drawn at 0.1 until one view bucket before step 35 and at the floor from it.
        const QList<QPointF> bf16 = drawn("cpu:bf16");
        QVERIFY(std::any_of(bf16.begin(), bf16.end(), [w](QPointF p) { return p.x() >= 35 - w && p.y() == 0.1; }));
        QVERIFY(std::any_of(bf16.begin(), bf16.end(), [](QPointF p) { return p.x() == 35 && p.y() < 1e-7; }));
        // The value axis fits the view.
        auto* y = static_cast<QValueAxis*>(chart.chart()->axes(Qt::Vertical).front());
        QVERIFY(y->max() >= 0.1 && y->min() <= 1e-8);

        // Steps arriving inside a zoomed view join it without another read.
        chart.zoomToSteps(kSteps - 1600, kSteps - 200);
        QCOMPARE(reads, 2);
        w = chart.viewBucketSteps();
        append(kSteps - 1000, kSteps);
        QCOMPARE(reads, 2);
        checkView(0, "cpu:f32", kSteps - 1600, kSteps - 200);

        // The whole run again: the run's own buckets, nothing read.
        chart.resetZoom();
        QCOMPARE(chart.viewBucketSteps(), qint64(chart.bucketSteps()));
        QCOMPARE(drawn("cpu:bf16").back().x(), double(kSteps - 1));
        QCOMPARE(reads, 2);

        // A source that declines (too many records) leaves the run's buckets in the view.
        chart.setDetailSource([](double, double, const LiveChart::PointSink&) { return false; });
        chart.zoomToSteps(0, 800);
        QCOMPARE(chart.viewBucketSteps(), qint64(chart.bucketSteps()));
    }

    // A long run in a narrow chart keeps its step labels whole: as many ticks as "100000" fits side by
    // side (five ticks of 20000 ... 100000 in a 420 px chart were elided to "2…" ... "1…").
    void stepLabelsOfALongRunStayWhole() {
        LiveChart chart("loss", "step", "loss");
        chart.resize(420, 260);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setLanes({"cpu:f32"});
        QList<QPointF> pts;
        for (int s = 0; s < 100000; s += 10) pts << QPointF(s, 1.0 + std::sin(s * 1e-3));
        chart.appendPoints(0, pts);
        chart.refresh();
        settle();  // the layout after the plot area settled
        QStringList labels;
        for (QGraphicsItem* item : chart.scene()->items())
            if (auto* t = dynamic_cast<QGraphicsTextItem*>(item); t && t->isVisible()) labels << t->toPlainText();
        for (const QString& l : labels) QVERIFY2(!l.contains(QChar(0x2026)) && !l.contains("..."), qPrintable(labels.join(" | ")));
        QVERIFY2(labels.contains("100000") || labels.contains("80000") || labels.contains("50000"), qPrintable(labels.join(" | ")));
    }

    // A new run starts unzoomed: a chart zoomed in one run and then given the next run's lanes (another
    // preset) or emptied (a reset) shows the new run whole, not the old run's steps (it stayed on an x axis of
    // 0-1 with a flat line until a right click).
    void aNewRunStartsUnzoomed() {
        for (const bool newLanes : {true, false}) {
            LiveChart chart("loss", "step", "loss");
            chart.resize(400, 300);
            chart.setLanes({"cpu:f32"});
            chart.appendPoints(0, ramp(0, 1000));
            chart.refresh();
            chart.zoomToSteps(600, 700);
            QVERIFY(chart.isZoomed());
            if (newLanes) chart.setLanes({"cpu:f32", "cpu:bf16"});
            else chart.clearPoints();
            QVERIFY2(!chart.isZoomed(), newLanes ? "new lanes" : "cleared");
            chart.appendPoints(0, ramp(0, 300));
            chart.refresh();
            QValueAxis* x = valueAxis(chart, Qt::Horizontal);
            QVERIFY(x);
            QVERIFY2(x->min() <= 0 && x->max() >= 299,
                     qPrintable(QString("x axis %1..%2 after %3").arg(x->min()).arg(x->max()).arg(newLanes ? "new lanes" : "clearing")));
        }
    }

    // Zoom: the view stays while points arrive, and a reset returns to the whole run; a zoomed-out
    // axis keeps a countable number of ticks.
    void zoomHoldsTheViewAndResets() {
        LiveChart chart("loss", "step", "loss");
        chart.resize(400, 300);
        chart.setLanes({"cpu:f32"});
        chart.appendPoints(0, ramp(0, 1000));
        chart.refresh();
        chart.zoomAround(QPointF(200, 150), 0.5);
        QVERIFY(chart.isZoomed());
        QValueAxis* x = valueAxis(chart, Qt::Horizontal);
        QVERIFY(x);
        const double span = x->max() - x->min();
        QVERIFY(span < 1000);
        chart.appendPoints(0, ramp(1000, 1000));
        chart.refresh();
        QCOMPARE(x->max() - x->min(), span);  // the view did not follow
        for (int i = 0; i < 20; ++i) chart.zoomAround(QPointF(200, 150), 1.25);
        QVERIFY((x->max() - x->min()) / x->tickInterval() <= kMaxAxisTicks);
        QVERIFY(!chart.isZoomed());  // zooming out stops at the whole run
        chart.zoomAround(QPointF(200, 150), 0.5);
        QVERIFY(chart.isZoomed());
        chart.resetZoom();
        QVERIFY(!chart.isZoomed());
        QVERIFY(x->max() >= 1999);
        QVERIFY(chart.readout(0, QPointF(40, 2)).contains("step 40"));
    }

    // Regression: on a 400-step chart the size of a 1280x800 window's, a wheel notch zoomed to 52..372 and
    // the axis widened that to whole ticks, 0..400 again: the wheel did nothing however often it turned.
    // Each notch narrows the view by its factor, and the arrow keys move it without widening it.
    void everyWheelNotchZoomsIn() {
        LiveChart chart("loss", "step", "loss");
        chart.resize(370, 225);
        chart.setLanes({"cpu:f32"});
        chart.appendPoints(0, ramp(0, 400));
        chart.refresh();
        QValueAxis* x = valueAxis(chart, Qt::Horizontal);
        QVERIFY(x);
        double span = x->max() - x->min();
        for (int notch = 0; notch < 6; ++notch) {
            // At the plot's top, above the line: the view must still show the line.
            const QRectF plot = chart.chart()->plotArea();
            chart.zoomAround(QPointF(plot.center().x(), plot.top() + 2), 0.8);
            const double now = x->max() - x->min();
            QVERIFY2(std::abs(now - 0.8 * span) <= 1e-9 * span, qPrintable(QString("notch %1: %2 after %3").arg(notch).arg(now).arg(span)));
            // Ticks stay whole steps inside the view, a countable number of them.
            QVERIFY(x->tickInterval() >= 1 && x->tickInterval() == std::round(x->tickInterval()));
            QVERIFY(span / x->tickInterval() <= kMaxAxisTicks);
            span = now;
        }
        // The value axis fits the steps shown: the ramp's values over them, not the pointer's neighbourhood.
        QValueAxis* y = valueAxis(chart, Qt::Vertical);
        QVERIFY(y);
        for (const QPointF& p : ramp(0, 400))
            if (p.x() >= x->min() && p.x() <= x->max())
                QVERIFY2(p.y() >= y->min() && p.y() <= y->max(), qPrintable(QString("step %1: %2 outside %3..%4").arg(p.x()).arg(p.y()).arg(y->min()).arg(y->max())));
        // Over the value axis's labels, left of the plot: the view stays on the run's steps.
        chart.resetZoom();
        const double first = x->min();
        for (int notch = 0; notch < 6; ++notch) chart.zoomAround(QPointF(2, chart.chart()->plotArea().center().y()), 0.8);
        QVERIFY2(x->min() >= first && x->max() <= 400, qPrintable(QString("%1..%2").arg(x->min()).arg(x->max())));
        chart.resetZoom();
        for (int notch = 0; notch < 6; ++notch) chart.zoomAround(chart.chart()->plotArea().center(), 0.8);
        const double x0 = x->min();
        QTest::keyClick(&chart, Qt::Key_Right);
        QVERIFY(std::abs((x->max() - x->min()) - span) <= 1e-9 * span);
        QVERIFY(std::abs(x->min() - (x0 + 0.2 * span)) <= 1e-9 * span);
    }

    // Regression: a chart retitled with the same words at each run start (the Training lab's loss-scale
    // chart) was fitted three times and then left alone by the fitter's bound on a layout that calls for
    // itself: its title stayed in one line and Qt elided it ("... dilewati ditand..."). A title set again
    // is fitted again, every time.
    void aTitleSetAgainIsBrokenIntoLinesAgain() {
        const QString title = QStringLiteral("Skala loss (langkah yang dilewati ditandai)");
        LiveChart chart(title, "step", "scale");
        chart.resize(300, 240);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setLanes({"cpu:f16+scaler"});
        chart.appendPoints(0, ramp(0, 50));
        chart.refresh();
        for (int run = 0; run < 6; ++run) {
            chart.chart()->setTitle(title);
            // The title is broken into lines on the next layout pass: waited for, not for a fixed time (a
            // loaded machine takes longer than 30 ms).
            QTRY_VERIFY2_WITH_TIMEOUT(chart.chart()->title().contains("<br>"),
                                      qPrintable(QString("run %1: %2").arg(run).arg(chart.chart()->title())), 10000);
        }
        for (QGraphicsItem* item : chart.scene()->items())
            if (auto* t = dynamic_cast<QGraphicsTextItem*>(item); t && t->isVisible())
                QVERIFY2(!t->toPlainText().contains(QChar(0x2026)) && !t->toPlainText().contains("..."), qPrintable(t->toPlainText()));
    }

    void refreshWithoutNewPointsDoesNothing() {
        LiveChart chart("loss", "step", "loss");
        chart.setLanes({"cpu:f32"});
        chart.appendPoints(0, ramp(0, 10));
        chart.refresh();
        chart.refresh();
        QCOMPARE(chart.refreshCount(), 1);
    }

    void logAxesDropNonPositiveValues() {
        LiveChart chart("scale", "step", "scale");
        chart.setLanes({"cpu:f16+scaler"});
        chart.setScale(AxisScale::Log2);
        chart.appendPoints(0, {{0, 65536}, {1, 0}, {2, 32768}, {3, qInf()}});
        chart.refresh();
        QCOMPARE(chart.pointCount(0), 4);        // kept for export
        QCOMPARE(chart.seriesPointCount(0), 2);  // drawn: only positive finite values
    }

    // The float32 reference is never hidden by a lane lying on it: added last (drawn on top) and
    // dashed; lanes of one colour differ by pattern and say so in the legend.
    void theReferenceIsDrawnOnTopAndDashed() {
        LiveChart chart("loss", "step", "loss");
        chart.setLanes({"cpu:f32", "cpu:bf16", "gpu:bf16", "cpu:f16+ftz"});
        const QList<QAbstractSeries*> drawn = chart.chart()->series();
        QCOMPARE(drawn.size(), 4);
        auto* top = qobject_cast<QLineSeries*>(drawn.last());
        QVERIFY(top);
        QVERIFY(top->name().startsWith("cpu:f32"));
        QCOMPARE(top->pen().style(), Qt::CustomDashLine);
        auto* cpu = qobject_cast<QLineSeries*>(drawn.at(0));
        auto* gpu = qobject_cast<QLineSeries*>(drawn.at(1));
        QCOMPARE(cpu->pen().style(), Qt::SolidLine);
        QCOMPARE(gpu->pen().color(), cpu->pen().color());
        QVERIFY(gpu->pen().dashPattern() != top->pen().dashPattern());
        QVERIFY(chart.toolTip().contains("gpu:bf16 (GPU: short dashes)"));
        QVERIFY(chart.toolTip().contains("cpu:f16+ftz (flush to zero: dotted)"));
        QCOMPARE(chart.chart()->legend()->markerShape(), QLegend::MarkerShapeFromSeries);
    }

    void clickingALegendEntryHidesAndShowsItsLane() {
        LiveChart chart("loss", "step", "loss");
        chart.setLanes({"cpu:f32", "cpu:bf16"});
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QLegendMarker* bf16 = nullptr;
        for (QLegendMarker* m : chart.chart()->legend()->markers())
            if (m->label().startsWith("cpu:bf16")) bf16 = m;
        QVERIFY(bf16);
        QVERIFY(chart.laneVisible(1));
        emit bf16->clicked();
        QVERIFY(!chart.laneVisible(1));
        QVERIFY(chart.laneVisible(0));
        QVERIFY(bf16->isVisible());  // the entry stays, to click again
        emit bf16->clicked();
        QVERIFY(chart.laneVisible(1));
    }

    void percentagesEndAtOneHundred() {
        LiveChart chart("underflow", "step", "%");
        chart.setValueCeiling(100);
        chart.setLanes({"cpu:f16"});
        chart.appendPoints(0, {QPointF(0, 0), QPointF(1, 100), QPointF(2, 99.5)});
        chart.refresh();
        QValueAxis* y = valueAxis(chart, Qt::Vertical);
        QVERIFY(y);
        QCOMPARE(y->max(), 100.0);
        QCOMPARE(y->min(), 0.0);
    }

    // Half the gradients exact zeros: the bins hold 50 %, and the zero share is there to be shown.
    void aHistogramWithHalfItsGradientsZeroShowsThem() {
        GradHistogram g;
        LayerHistogram weights, outputs;
        weights.minExponent = -30;
        weights.counts.assign(40, 0);
        weights.counts[20] = 30;  // 2^-10
        weights.zeros = 40;
        outputs.minExponent = -30;
        outputs.counts.assign(40, 0);
        outputs.counts[25] = 20;  // 2^-5
        outputs.zeros = 10;
        g.layers = {weights, outputs};
        const HistogramView all = makeHistogramView(g, -1);
        QVERIFY(all.any);
        QCOMPARE(all.zeroShare, 0.5);
        double sum = 0;
        for (double v : all.values) sum += v;
        QCOMPARE(sum, 50.0);
        QCOMPARE(all.lo, -11.0);  // one bin of margin left of 2^-10, two right of 2^-5
        QCOMPARE(all.hi, -3.0);
        const HistogramView weightsOnly = makeHistogramView(g, 0);
        QCOMPARE(weightsOnly.zeroShare, 40.0 / 70.0);
        HistogramChart chart("g", "log2", "%");
        chart.setEmptyText("nothing yet");
        chart.setLanes({"cpu:f16"});
        chart.refresh();
        QVERIFY(chart.isEmpty());
        chart.setHistogram(0, all.edges, all.values);
        chart.setLaneNote(0, "50 % zeros");
        chart.refresh();
        QVERIFY(!chart.isEmpty());
        QCOMPARE(chart.laneNote(0), QString("50 % zeros"));
        chart.clearHistograms();
        chart.refresh();
        QVERIFY(chart.isEmpty());
        QVERIFY(chart.laneNote(0).isEmpty());
    }

    // Independent source: the Okabe-Ito palette's published values (blue #0072B2, orange #E69F00,
    // bluish green #009E73), assigned to bf16, f16 and f16+scaler in lane_style.h.
    void laneColoursFollowTheTable() {
        QCOMPARE(laneStyle("cpu:bf16").color, QColor(0x00, 0x72, 0xB2));
        QCOMPARE(laneStyle("cpu:f16").color, QColor(0xE6, 0x9F, 0x00));
        QCOMPARE(laneStyle("cpu:f16+scaler").color, QColor(0x00, 0x9E, 0x73));
        QVERIFY(laneStyle("gpu:bf16").dashed);
        QVERIFY(!laneStyle("cpu:bf16").dashed);
        QVERIFY(laneStyle("cpu:f32").color != laneStyle("cpu:bf16").color);
    }

    // Styles come from the lane value: the dash patterns written out from lane_style.h's table, and a
    // label gives its lane's style through the engine's parseLane, words after it (a note, the GEMM
    // bench's "native", a qualifier) read as lane_style.h says.
    void laneStylesFromTheType() {
        const auto dashes = [](const QPen& p) { return p.style() == Qt::SolidLine ? QList<qreal>{} : p.dashPattern(); };
        QCOMPARE(laneStyle(Lane{Device::Cpu, Format::F16}).color, QColor(0xE6, 0x9F, 0x00));
        Lane f16s{Device::Cpu, Format::F16};
        f16s.scaler = true;
        QCOMPARE(laneStyle(f16s).color, QColor(0x00, 0x9E, 0x73));
        QVERIFY(isReferenceLane(Lane{}) && !isReferenceLane(f16s) && !isReferenceLane(Lane{Device::Gpu}));
        QCOMPARE(dashes(lanePen(Lane{})), (QList<qreal>{4, 2.5}));
        QCOMPARE(dashes(lanePen(parseLane("gpu:f16+ftz"))), (QList<qreal>{4, 1.5, 1, 1.5}));
        QCOMPARE(dashes(lanePen(parseLane("gpu:bf16"))), (QList<qreal>{2.5, 1.5}));
        QCOMPARE(dashes(lanePen(parseLane("cpu:bf16+ftz"))), (QList<qreal>{1, 1.5}));
        QCOMPARE(dashes(lanePen(parseLane("cpu:bf16+native"))), (QList<qreal>{6, 1.5}));
        QCOMPARE(dashes(lanePen(parseLane("cpu:f32+scaler"))), (QList<qreal>{7, 2, 1, 2}));
        QVERIFY(dashes(lanePen(parseLane("cpu:f16"))).isEmpty());
        for (const char* label : {"cpu:f32", "cpu:bf16", "cpu:f16+scaler+ftz", "gpu:f16+acc16", "gpu:tf32", "cpu:bf16+native"}) {
            const Lane lane = parseLane(label);
            QCOMPARE(lanePen(QString(label)), lanePen(lane));
            QCOMPARE(laneStyle(QString(label)).color, laneStyle(lane).color);
            QCOMPARE(lanePen(QString(label) + " (emulated: no native bf16 here)").dashPattern(), lanePen(lane).dashPattern());
        }
        QCOMPARE(laneStyle("gpu:tf32").color, QColor(0xCC, 0x79, 0xA7));
        QVERIFY(isReferenceLane("cpu:f32") && isReferenceLane("f32") && !isReferenceLane("cpu:f32 remedy"));
        QCOMPARE(dashes(lanePen("cpu:f32 remedy")), (QList<qreal>{7, 2, 1, 2}));
        QCOMPARE(dashes(lanePen("bf16 native")), (QList<qreal>{6, 1.5}));
        QCOMPARE(laneStyle("bf16 emulated").color, QColor(0x00, 0x72, 0xB2));
        QCOMPARE(lanePen("exact").widthF(), 6.0);
        QVERIFY(!laneOfLabel("GPU lanes") && !laneOfLabel("exact"));
    }

    void laneTileShowsItsNumbers() {
        LaneTile tile("cpu:bf16");
        tile.setBigValues({{"output dtype", "bfloat16"}, {"mean |diff|", "0.001253"}, {"correlation", "1.0"}});
        QCOMPARE(tile.bigValueTexts(), (QStringList{"bfloat16", "0.001253", "1.0"}));
        LaneTile gpu("gpu:bf16");
        gpu.setUnavailable("no CUDA device: driver not found");
        QVERIFY(!gpu.isEnabled());
        QCOMPARE(gpu.toolTip(), QString("no CUDA device: driver not found"));
    }

    // Bins [-3,-2) 10 %, [-2,-1) 20 %, [-1,0) 30 %. The outline by hand: up from 0 at the first edge,
    // across each bin at its value, down to 0 at the last edge; a lane given mismatched sizes draws nothing.
    void histogramDrawsStepOutlines() {
        HistogramChart h("grad", "log2 |g|", "%");
        h.setLanes({"cpu:f16", "cpu:bf16"});
        h.addBand(-24, -14, "f16 subnormal", Qt::red);
        h.setHistogram(0, {-3, -2, -1, 0}, {10, 20, 30});
        h.setHistogram(1, {-3, -2}, {5, 6});  // mismatched sizes: ignored
        h.refresh();
        QCOMPARE(h.laneCount(), 2);
        QCOMPARE(h.refreshCount(), 1);
        QLineSeries* f16 = laneSeries(h, "cpu:f16");
        QLineSeries* bf16 = laneSeries(h, "cpu:bf16");
        QVERIFY(f16 && bf16);
        const QList<QPointF> outline{{-3, 0}, {-3, 10}, {-2, 10}, {-2, 20}, {-1, 20}, {-1, 30}, {0, 30}, {0, 0}};
        QCOMPARE(f16->points(), outline);
        QVERIFY(bf16->points().isEmpty());
    }

    // The same outline in pixels: the lane's colour (f16 orange, a solid pen) along each bin's top at
    // its value and up the edges between bins, none inside a bin (an outline, not a fill) or above it.
    void histogramOutlineIsInThePicture() {
        HistogramChart h("grad", "log2 |g|", "%");
        h.setLanes({"cpu:f16"});
        h.setHistogram(0, {-3, -2, -1, 0}, {10, 20, 30});
        h.setAttribute(Qt::WA_DontShowOnScreen, true);
        h.resize(640, 400);
        h.show();
        h.refresh();
        QApplication::processEvents();
        const QImage image = renderWidget(&h, {}, 1.0);
        QCOMPARE(image.size(), QSize(640, 400));
        const QColor orange = laneStyle("cpu:f16").color;
        auto at = [&](double x, double y) { return h.mapFromScene(h.chart()->mapToPosition(QPointF(x, y))); };
        const double top[] = {10, 20, 30};
        for (int i = 0; i < 3; ++i) {
            const double left = -3 + i;
            for (double q : {0.25, 0.5, 0.75})
                QVERIFY2(colourNear(image, at(left + q, top[i]), orange), qPrintable(QString("bin %1 top").arg(i)));
            QVERIFY2(!colourNear(image, at(left + 0.5, top[i] / 2), orange), qPrintable(QString("bin %1 filled").arg(i)));
            QVERIFY2(!colourNear(image, at(left + 0.5, top[i] + 4), orange), qPrintable(QString("bin %1 above").arg(i)));
        }
        // The risers: from 0 up to the first bin, between bins, and down to 0 after the last.
        QVERIFY(colourNear(image, at(-3, 5), orange));
        QVERIFY(colourNear(image, at(-2, 15), orange));
        QVERIFY(colourNear(image, at(-1, 25), orange));
        QVERIFY(colourNear(image, at(0, 15), orange));
    }

    void pngExportHasTheRequestedSizeAndContent() {
        LiveChart chart("Training loss", "step", "loss");
        chart.setLanes({"cpu:f32", "cpu:bf16", "cpu:f16"});
        for (int l = 0; l < 3; ++l) chart.appendPoints(l, ramp(l * 3, 200));
        chart.refresh();
        chart.resize(500, 300);
        QTemporaryDir dir;
        const QString path = dir.filePath("chart.png");
        QVERIFY(exportPng(&chart, path, QSize(400, 250), 2.0, "preset underflow · lanes f32, bf16, f16 · seed 0"));
        QImage image(path);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(800, 500));
        QVERIFY2(distinctColours(image) > 20, "the exported chart is blank");
        // The lane colours are in the picture.
        bool bf16Blue = false;
        const QColor blue(0x00, 0x72, 0xB2);
        for (int y = 0; y < image.height() && !bf16Blue; ++y)
            for (int x = 0; x < image.width() && !bf16Blue; ++x) {
                const QColor c = image.pixelColor(x, y);
                bf16Blue = std::abs(c.red() - blue.red()) < 12 && std::abs(c.green() - blue.green()) < 12 &&
                           std::abs(c.blue() - blue.blue()) < 12;
            }
        QVERIFY2(bf16Blue, "no pixel in the bf16 lane's colour");
        QCOMPARE(chart.size(), QSize(500, 300));  // the widget is back at its own size
    }

    void svgExportHasTheRequestedSizeAndContent() {
        LiveChart chart("Training loss", "step", "loss");
        chart.setLanes({"cpu:f32", "cpu:f16"});
        chart.appendPoints(0, ramp(0, 100));
        chart.appendPoints(1, ramp(5, 100));
        chart.refresh();
        QTemporaryDir dir;
        const QString path = dir.filePath("chart.svg");
        QVERIFY(exportSvg(&chart, path, QSize(640, 400), "caption"));
        QSvgRenderer svg(path);
        QVERIFY(svg.isValid());
        QCOMPARE(svg.viewBox().size(), QSize(640, 400));
        QImage image(640, 400, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter p(&image);
        svg.render(&p);
        p.end();
        QVERIFY2(distinctColours(image) > 10, "the SVG renders blank");
    }

    // A long caption wraps with room to spare: in the SVG (drawn by its renderer, unhinted, at the figure's
    // scale) no line reaches into the last 2% of the width beyond the left margin's mirror.
    void svgCaptionStaysClearOfTheRightEdge() {
        LiveChart chart("Training loss", "step", "loss");
        chart.setLanes({"cpu:f32"});
        chart.appendPoints(0, ramp(0, 100));
        chart.refresh();
        QString caption;
        for (int i = 0; i < 400; ++i) caption += QChar('a' + i % 26) + QString(" ");
        const ExportOptions o{QSize(1920, 1080), 1.0, 2.0, caption.trimmed()};
        QTemporaryDir dir;
        const QString path = dir.filePath("captioned.svg");
        QVERIFY(exportSvg(&chart, path, o));
        QSvgRenderer svg(path);
        QVERIFY(svg.isValid());
        QImage image(o.size, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter p(&image);
        svg.render(&p);
        p.end();
        const ExportLayout l = exportLayout(&chart, o);
        QVERIFY(l.captionLines.size() >= 2);
        int left = image.width(), right = -1;
        for (int y = int(l.widgetSize.height() * l.scale) + 2; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                if (qGray(image.pixel(x, y)) < 160) left = std::min(left, x), right = std::max(right, x);
        QVERIFY2(right >= 0, "no caption drawn");
        const int rightMargin = image.width() - 1 - right;
        QVERIFY2(rightMargin >= left + image.width() / 50,
                 qPrintable(QString("caption ink from x = %1 to %2 of %3").arg(left).arg(right).arg(image.width())));
    }

    void copyPutsTheChartOnTheClipboard() {
        LiveChart chart("Training loss", "step", "loss");
        chart.setLanes({"cpu:bf16"});
        chart.appendPoints(0, ramp(0, 50));
        chart.refresh();
        chart.resize(300, 200);
        QApplication::clipboard()->clear();
        copyToClipboard(&chart, "caption");
        // The suites run on Qt's offscreen platform (CTest sets it), whose clipboard holds images in the
        // process: an empty clipboard here means the copy did not happen.
        const QImage image = QApplication::clipboard()->image();
        QVERIFY2(!image.isNull(), "nothing was copied");
        QCOMPARE(image.size(), QSize(600, 400));  // 2x device pixel ratio
        QVERIFY(distinctColours(image) > 10);
    }

    void exportToAnUnwritablePathFails() {
        LiveChart chart("x", "x", "y");
        QVERIFY(!exportPng(&chart, "/nonexistent-dir/x.png", QSize(100, 100)));
        QVERIFY(!exportSvg(&chart, "/nonexistent-dir/x.svg", QSize(100, 100)));
    }

    // f16 +inf is 0x7C00; by hand: sign 0, exponent 11111, mantissa ten 0s. Each bit's box is filled in
    // its field's colour (sign vermillion, exponent sky blue, mantissa yellow), a set bit full, a clear
    // bit lighter; the boxes are 21 px wide at 700 px ((700 - 4) / 32), from x = 2.
    void formatViewsPaint() {
        BitsView bits;
        bits.setBits(Format::F16, 0x7C00);
        RangeView range;
        range.setValue(65520);
        bits.resize(700, 60);
        range.resize(700, 120);
        const QImage image = renderWidget(&bits, {}, 1.0);
        const QColor sign(0xD5, 0x5E, 0x00), exponent(0x56, 0xB4, 0xE9), mantissa(0xF0, 0xE4, 0x42);
        const char* pattern = "0111110000000000";
        for (int i = 0; i < 16; ++i) {
            const QColor field = i == 0 ? sign : (i <= 5 ? exponent : mantissa);
            const QColor want = pattern[i] == '1' ? field : field.lighter(150);
            QCOMPARE(image.pixelColor(2 + i * 21 + 3, 5).rgb(), want.rgb());
        }
        QVERIFY(distinctColours(renderWidget(&range, {}, 1.0)) > 3);
    }

    // Value axes write plain numbers: a step axis reads 6000, not "6e+03", and in Indonesian 1500, not
    // "1,5E+03" (nor "6.000" with a group separator); axes of 2^n keep their own format.
    void axisLabelsArePlainNumbers() {
        const QLocale before;
        for (const QLocale& locale : {QLocale::c(), QLocale(QLocale::Indonesian, QLocale::Indonesia)}) {
            QLocale::setDefault(locale);
            LiveChart chart("Training loss", "step", "loss");
            chart.setLanes({"cpu:f32"});
            QList<QPointF> pts;
            for (int i = 0; i <= 60; ++i) pts.append(QPointF(100.0 * i, 25.0 * i));  // x to 6000, y to 1500
            chart.appendPoints(0, pts);
            chart.refresh();
            chart.resize(700, 420);
            chart.show();
            QVERIFY(QTest::qWaitForWindowExposed(&chart));
            QApplication::processEvents();
            QStringList labels;
            for (QGraphicsItem* item : chart.scene()->items())
                if (auto* text = dynamic_cast<QGraphicsTextItem*>(item)) labels << text->toPlainText();
            const QString all = labels.join(" | ");
            QVERIFY2(labels.contains("6000") && labels.contains("1500") && labels.contains("500"), qPrintable(all));
            for (const QString& l : labels) QVERIFY2(!l.contains(QRegularExpression("[eE][+-]")) && !l.contains("6.000"), qPrintable(all));
        }
        QLocale::setDefault(before);
        QValueAxis log2;
        log2.setLabelFormat("2^%.0f");
        setNiceRange(&log2, -20, 0, 5, true);
        QCOMPARE(log2.labelFormat(), QString("2^%.0f"));
        QValueAxis fine;
        fine.setLabelFormat("%.3g");
        setNiceRange(&fine, 0, 1.5, 3, false);
        QCOMPARE(QString::asprintf(qPrintable(fine.labelFormat()), 0.5), QString("0.5"));
        setNiceRange(&fine, 0, 3e7, 3, false);  // beyond plain decimals: the axis's own format again
        QCOMPARE(fine.labelFormat(), QString("%.3g"));
    }

    // Every lane's title band reads (text against band at least 4.5:1, WCAG's rule for text) in the light and
    // the dark theme, a tile built in one theme follows a switch to the other, and the reason an unavailable
    // tile gives is text, not a disabled grey.
    void laneTilesReadInBothThemes() {
        const QPalette before = QApplication::palette();
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
        dark.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x99, 0x99, 0x99));
        const auto bandColours = [](const LaneTile& t) {
            const QRegularExpression re("color: (#[0-9a-f]{6}); background: (#[0-9a-f]{6})");
            const auto m = re.match(t.titleLabel()->styleSheet());
            return std::pair<QColor, QColor>(QColor(m.captured(1)), QColor(m.captured(2)));
        };
        LaneTile switched("cpu:f32");
        for (bool isDark : {false, true}) {
            setDarkBackground(isDark);
            QApplication::setPalette(isDark ? dark : QApplication::style()->standardPalette());
            settle();  // the tiles restyle once the theme is wholly set
            for (const QString& lane : {"cpu:f32", "cpu:bf16", "cpu:f16", "cpu:f16+scaler", "gpu:f16", "cpu:mxfp8",
                                        "cpu:e4m3", "cpu:mxfp6", "cpu:mxfp4", "gpu:f32+tf32"}) {
                LaneTile tile(lane);
                const auto [text, band] = bandColours(tile);
                QCOMPARE(band, laneStyle(lane).color);
                QVERIFY2(contrastRatio(text, band) >= 4.5,
                         qPrintable(QString("%1 %2: %3 on %4").arg(lane).arg(isDark).arg(text.name(), band.name())));
            }
            QCOMPARE(bandColours(switched).second, laneStyle("cpu:f32").color);
            LaneTile gpu("GPU lanes");
            gpu.setUnavailable("no CUDA device: driver not found");
            QVERIFY(!gpu.isEnabled());
            const QColor reason = gpu.detailsLabel()->palette().color(QPalette::Disabled, QPalette::Text);
            const QColor ground = gpu.palette().color(QPalette::Window);
            QVERIFY2(contrastRatio(reason, ground) >= 4.5,
                     qPrintable(QString("dark %1: %2 on %3").arg(isDark).arg(reason.name(), ground.name())));
        }
        setDarkBackground(false);
        QApplication::setPalette(before);
        QCOMPARE(contrastRatio(Qt::black, Qt::white), 21.0);
    }

    // A tile's details break between their " · " parts: a number never starts a line apart from its word
    // ("overflows" at the end of one line, "12" on the next) at any width.
    void laneTileKeepsNumbersWithTheirWords() {
        LaneTile tile("cpu:f16");
        tile.setDetails("step 12345 · scale 2^16 · overflows 12\nmax |diff| 0.1428 · sat. 0.79 % / 12 %");
        const QString text = tile.detailsLabel()->text();
        for (int width = 60; width <= 400; width += 5)
            for (const QString& para : text.split('\n')) {
                QTextLayout layout(para, tile.detailsLabel()->font());
                QTextOption option;
                option.setWrapMode(QTextOption::WordWrap);
                layout.setTextOption(option);
                layout.beginLayout();
                for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
                    line.setLineWidth(width);
                    const QString piece = para.mid(line.textStart(), line.textLength()).trimmed();
                    if (piece.isEmpty()) continue;
                    QVERIFY2(!piece.front().isDigit() && !piece.startsWith("%") && !piece.startsWith(QChar(0xB7)),
                             qPrintable(QString("at %1 px a line starts \"%2\"").arg(width).arg(piece)));
                }
                layout.endLayout();
            }
    }
};

QTEST_MAIN(TestWidgets)
#include "tst_widgets.moc"
