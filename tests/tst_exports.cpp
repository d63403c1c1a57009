// Exports fit for slides: figure size and device pixel ratio, the caption's word wrap, and SVG clipping
// (the SVG rendered by Qt's own SVG renderer agrees with the PNG export outside the plot areas).
#include <QChart>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QLineSeries>
#include <QPainter>
#include <QSettings>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <memory>

#include "widgets/chart_data.h"
#include "widgets/chart_export.h"
#include "widgets/export_dialog.h"
#include "widgets/histogram_chart.h"
#include "widgets/live_chart.h"
#include "widgets/scatter_chart.h"

using namespace presisi;

namespace {

// A QChartView's plot area in the view's own pixels.
QRect plotRectOf(QChartView& view) {
    const QRectF scene = view.chart()->mapRectToScene(view.chart()->plotArea());
    return view.mapFromScene(scene).boundingRect().translated(view.viewport()->pos());
}

QImage renderSvg(const QString& path, QSize size) {
    QSvgRenderer svg(path);
    QImage image(size, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    svg.render(&p, QRectF(QPointF(0, 0), size));
    return image;
}

bool near(QRgb p, QRgb q, int threshold) {
    return std::abs(qRed(p) - qRed(q)) <= threshold && std::abs(qGreen(p) - qGreen(q)) <= threshold &&
           std::abs(qBlue(p) - qBlue(q)) <= threshold;
}

// Pixels outside `plot` (grown by `margin`) of `a` that no pixel of `b` within one pixel matches to
// `threshold` per channel. The one-pixel neighbourhood absorbs the renderers' different glyph and
// edge placement (QSvgRenderer positions text by its own rounding); a line drawn where the other image
// has background has no match.
int differingOutside(const QImage& a, const QImage& b, QRect plot, int margin, int threshold) {
    const QRect inside = plot.adjusted(-margin, -margin, margin, margin);
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            if (inside.contains(x, y)) continue;
            bool matched = false;
            for (int dy = -1; dy <= 1 && !matched; ++dy)
                for (int dx = -1; dx <= 1 && !matched; ++dx) {
                    const int u = x + dx, v = y + dy;
                    matched = u >= 0 && v >= 0 && u < b.width() && v < b.height() && near(a.pixel(x, y), b.pixel(u, v), threshold);
                }
            if (!matched) ++n;
        }
    return n;
}

// Pixels outside `plot` (grown by `margin`) near `colour` (a lane's): where a series was drawn.
int colouredOutside(const QImage& image, QRect plot, int margin, QColor colour) {
    const QRect inside = plot.adjusted(-margin, -margin, margin, margin);
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            if (inside.contains(x, y)) continue;
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - colour.red()) < 30 && std::abs(c.green() - colour.green()) < 30 &&
                std::abs(c.blue() - colour.blue()) < 30)
                ++n;
        }
    return n;
}

}  // namespace

class TestExports : public QObject {
    Q_OBJECT
private slots:
    void figureSizeTimesDevicePixelRatio() {
        LiveChart chart("Training loss", "step", "loss");
        chart.setLanes({"cpu:f32"});
        chart.appendPoints(0, {{0, 1}, {10, 0.5}});
        chart.refresh();
        chart.resize(400, 300);
        // 1920x1080 at 2x is 3840x2160 pixels (the size a 4K projector shows one to one).
        const QImage image = renderWidget(&chart, ExportOptions{QSize(1920, 1080), 2.0, 2.0, "caption"});
        QCOMPARE(image.size(), QSize(3840, 2160));
        QCOMPARE(renderWidget(&chart, ExportOptions{QSize(1280, 720), 1.0, 1.5, {}}).size(), QSize(1280, 720));
        QCOMPARE(chart.size(), QSize(400, 300));  // the widget is back at its own size
    }

    void fontScaleLaysTheWidgetOutSmallerAndDrawsItLarger() {
        LiveChart chart("Training loss", "step", "loss");
        const ExportLayout l = exportLayout(&chart, ExportOptions{QSize(1920, 1080), 2.0, 2.0, {}});
        QCOMPARE(l.scale, 2.0);
        QCOMPARE(l.widgetSize, QSize(960, 540));
        // 3840x2160 looks like 1920x1080, only sharper: the same layout, drawn twice as large.
        const ExportLayout uhd = exportLayout(&chart, ExportOptions{QSize(3840, 2160), 1.0, 2.0, {}});
        QCOMPARE(uhd.scale, 4.0);
        QCOMPARE(uhd.widgetSize, QSize(960, 540));
        // At 1280x720 and scale 2.5 the chart would fall below its minimum size: the scale gives way.
        const ExportLayout small = exportLayout(&chart, ExportOptions{QSize(1280, 720), 2.0, 9.0, {}});
        QVERIFY(small.widgetSize.width() >= chart.minimumSize().width());
        QVERIFY(small.widgetSize.height() >= chart.minimumSize().height());
    }

    void captionWrapsBetweenWordsWithinTheWidth() {
        QFont font;
        font.setPointSize(10);
        const QString caption =
            "preset underflow · model mlp 2-16-16-2 · data spirals n=512 noise 0.1 · lanes cpu:f32, cpu:bf16, "
            "cpu:f16, cpu:f16+scaler · optimizer sgd lr 0.1 · seed 0 · step 300";
        const int width = 300;
        const QStringList lines = wrapCaption(caption, font, width);
        QVERIFY(lines.size() >= 3);
        const QFontMetrics fm(font);
        for (const QString& line : lines) QVERIFY2(fm.horizontalAdvance(line) <= width, qPrintable(line));
        // Nothing lost and no word cut: the lines joined by spaces are the caption.
        QCOMPARE(lines.join(' '), caption);
        // The export makes room for every line under the chart.
        LiveChart chart("Training loss", "step", "loss");
        const ExportLayout l = exportLayout(&chart, ExportOptions{QSize(640, 360), 1.0, 1.0, caption});
        QVERIFY(l.captionLines.size() >= 2);
        QVERIFY(l.widgetSize.height() + l.captionHeight <= 360);
        for (const QString& line : l.captionLines)
            QVERIFY(QFontMetrics(chart.font()).horizontalAdvance(line) <= 640);
    }

    // The dialog's defaults: 1920x1080, font scale 2, PNG at 2x, caption on, a folder that is never the
    // filesystem root, and the page's proposed name with the format's suffix.
    void dialogDefaultsAndName() {
        ExportDialog d("underflow-loss-step300", QSize(700, 400), false);
        QCOMPARE(d.figureSize(), QSize(1920, 1080));
        const ExportOptions o = d.options("caption");
        QCOMPARE(o.dpr, 2.0);
        QCOMPARE(o.fontScale, 2.0);
        QCOMPARE(o.caption, QString("caption"));
        const QFileInfo path(d.path());
        QCOMPARE(path.fileName(), QString("underflow-loss-step300.png"));
        QVERIFY(!QDir(path.absolutePath()).isRoot());
        d.setFormat("svg");
        QCOMPARE(QFileInfo(d.path()).fileName(), QString("underflow-loss-step300.svg"));
        QCOMPARE(d.options("c").dpr, 1.0);  // SVG has no pixels
        d.setPreset(ExportDialog::WindowSize);
        QCOMPARE(d.figureSize(), QSize(700, 400));
        d.setPreset(ExportDialog::Custom);
        d.setCustomSize(QSize(1000, 600));
        QCOMPARE(d.figureSize(), QSize(1000, 600));
        d.setCaptionShown(false);
        QVERIFY(d.options("caption").caption.isEmpty());
    }

    // Every choice and the folder come back in the next dialog (QSettings, in Qt's test locations).
    void dialogRemembersItsChoicesAndFolder() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove("export");
        QTemporaryDir dir;
        {
            ExportDialog d("formats-0.1", QSize(500, 300), true);
            QVERIFY(!QDir(QFileInfo(d.path()).absolutePath()).isRoot());
            d.setFormat("svg");
            d.setPreset(ExportDialog::Uhd);
            d.setFontScale(1.5);
            d.setPixelRatio(3.0);
            d.setCaptionShown(false);
            d.setFolder(dir.path());
            d.remember();
        }
        ExportDialog again("linear-256x256x64-scatter", QSize(500, 300), true);
        QCOMPARE(again.format(), QString("svg"));
        QCOMPARE(again.figureSize(), QSize(3840, 2160));
        QCOMPARE(again.options("c").fontScale, 1.5);
        QVERIFY(again.options("c").caption.isEmpty());
        QCOMPARE(again.path(), QDir(dir.path()).filePath("linear-256x256x64-scatter.svg"));
        again.setFormat("png");
        QCOMPARE(again.options("c").dpr, 3.0);
        QSettings().remove("export");
    }

    // The data behind a chart: one row per point of every lane (scatter, line), one per bin (histogram,
    // with the edges and shares given), and CSV/JSON with those rows.
    void chartDataRowsMatchThePoints() {
        ScatterChart scatter("Lane output against f32 output", "f32 output", "lane output");
        scatter.setLanes({"cpu:bf16", "cpu:f16"});
        QList<QPointF> a, b;
        for (int i = 0; i < 37; ++i) a << QPointF(i, i + 0.5);
        for (int i = 0; i < 11; ++i) b << QPointF(-i, i);
        scatter.setPoints(0, a);
        scatter.setPoints(1, b);
        scatter.refresh();
        const ChartData s = chartDataOf(&scatter);
        int lanePoints = 0;
        for (const auto& r : s.rows) lanePoints += r[0].toString().startsWith("cpu:");
        QCOMPARE(lanePoints, scatter.pointCount(0) + scatter.pointCount(1));
        QCOMPARE(lanePoints, 48);

        HistogramChart h("Gradient magnitudes", "log2 |g|", "% of elements");
        h.setLanes({"cpu:f32", "cpu:f16"});
        // Shares of 20 elements in 4 bins: 5, 10, 0, 5 elements (25 %, 50 %, 0 %, 25 %).
        const QList<double> edges{-3, -2, -1, 0, 1}, values{25, 50, 0, 25};
        h.setHistogram(0, edges, values);
        h.setHistogram(1, edges, {100, 0, 0, 0});
        h.refresh();
        const ChartData d = chartDataOf(&h);
        QCOMPARE(d.columns, QStringList({"lane", "bin_lo", "bin_hi", "value"}));
        QCOMPARE(d.rows.size(), qsizetype(8));
        double sum = 0;
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(d.rows[i][0].toString(), QString("cpu:f32"));
            QCOMPARE(d.rows[i][1].toDouble(), edges[i]);
            QCOMPARE(d.rows[i][2].toDouble(), edges[i + 1]);
            QCOMPARE(d.rows[i][3].toDouble(), values[i]);
            sum += d.rows[i][3].toDouble() * 20 / 100;
        }
        QCOMPARE(sum, 20.0);  // the bins hold all 20 elements
        QCOMPARE(chartDataCsv(d).count('\n'), qsizetype(9));
        QVERIFY(chartDataJson(d).contains("\"bin_lo\""));
    }

    // A histogram whose lanes run far beyond the fixed x range, and a loss chart zoomed into the middle
    // of its lines: the PNG clips the series to the plot area, and so must the SVG (Qt 6.4's
    // QSvgGenerator alone drew them across the axis labels, the legend and the caption).
    void svgSeriesAreClippedToThePlotArea_data() {
        QTest::addColumn<int>("kind");
        QTest::newRow("histogram beyond its x range") << 0;
        QTest::newRow("zoomed loss chart") << 1;
    }
    void svgSeriesAreClippedToThePlotArea() {
        QFETCH(int, kind);
        const QStringList lanes{"cpu:f32", "cpu:bf16"};
        std::unique_ptr<QChartView> view;
        if (kind == 0) {
            auto* h = new HistogramChart("Gradient magnitudes", "log2 |g|", "% of elements");
            view.reset(h);
            h->setLanes(lanes);
            QList<double> edges, values;
            for (int i = -40; i <= 40; ++i) edges << i;
            for (int i = 0; i < 80; ++i) values << 40.0 * std::exp(-std::pow((i - 40) / 12.0, 2));
            h->setHistogram(0, edges, values);
            h->setHistogram(1, edges, values);
            h->setXRange(-8, 8);  // the outlines reach -40..40: most of each lies outside the plot
            h->refresh();
        } else {
            auto* c = new LiveChart("Training loss", "step", "loss");
            view.reset(c);
            c->setLanes(lanes);
            for (int l = 0; l < 2; ++l) {
                QList<QPointF> points;
                for (int i = 0; i <= 200; ++i) points << QPointF(i, (l + 1) * (i % 40));  // steep saw teeth
                c->appendPoints(l, points);
            }
            c->refresh();
        }
        const QSize size(800, 500);
        view->setAttribute(Qt::WA_DontShowOnScreen, true);
        view->resize(size);
        view->show();
        QCoreApplication::processEvents();
        if (kind == 1) {
            auto* c = static_cast<LiveChart*>(view.get());
            c->zoomAround(c->chart()->plotArea().center(), 0.25);
            QVERIFY(c->isZoomed());
        }
        const QRect plot = plotRectOf(*view);
        QVERIFY(plot.width() > 200 && plot.height() > 150);

        QTemporaryDir dir;
        const ExportOptions o{size, 1.0, 1.0, "caption under the chart"};
        QVERIFY(exportPng(view.get(), dir.filePath("c.png"), o));
        QVERIFY(exportSvg(view.get(), dir.filePath("c.svg"), o));
        const QImage png = QImage(dir.filePath("c.png")).convertToFormat(QImage::Format_ARGB32);
        const QImage svg = renderSvg(dir.filePath("c.svg"), size);
        QCOMPARE(png.size(), svg.size());
        if (qEnvironmentVariableIsSet("PRESISI_EXPORT_KEEP")) {
            const QString keep = qEnvironmentVariable("PRESISI_EXPORT_KEEP") + QString("/clip%1").arg(kind);
            png.save(keep + "-png.png");
            svg.save(keep + "-svg.png");
        }

        // Outside the plot the two renderers differ only by antialiasing of edges and glyphs (a few
        // hundred pixels of 400 000 once a one-pixel shift is allowed); the unclipped SVG differs by
        // thousands (the lanes over the axis labels and the legend).
        const int differ = std::max(differingOutside(png, svg, plot, 2, 64), differingOutside(svg, png, plot, 2, 64));
        qInfo("pixels differing outside the plot: %d of %d", differ, size.width() * size.height());
        QVERIFY2(differ < 400, qPrintable(QString("%1 pixels differ outside the plot").arg(differ)));
        // No lane colour outside the plot in the SVG that the PNG does not have there.
        for (QAbstractSeries* s : view->chart()->series()) {
            auto* line = qobject_cast<QLineSeries*>(s);
            if (!line || !lanes.contains(line->name())) continue;
            const int inPng = colouredOutside(png, plot, 2, line->color());
            const int inSvg = colouredOutside(svg, plot, 2, line->color());
            qInfo("%s outside the plot: png %d, svg %d pixels", qPrintable(line->name()), inPng, inSvg);
            QVERIFY2(inSvg <= inPng + 40,
                     qPrintable(QString("%1: svg %2 px, png %3 px").arg(line->name()).arg(inSvg).arg(inPng)));
        }
    }
};

QTEST_MAIN(TestExports)
#include "tst_exports.moc"
