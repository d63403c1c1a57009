// The house chart look shared by every chart: colours (light or dark), fonts, axis titles, empty-chart
// text, and value-axis ranges on whole ticks of 1, 2 or 5 times a power of ten.
#include "chart_style.h"

#include <QLocale>
#include <QChart>
#include <QChartView>
#include <QPainter>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLogValueAxis>
#include <QPen>
#include <QRegularExpression>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "chart_legend.h"
#include "text_scale.h"

namespace presisi {

namespace {
bool g_dark = false;
}

void setChartsDark(bool dark) { g_dark = dark; }
bool chartsDark() { return g_dark; }

void applyChartColours(QChart* chart) {
    const QColor bg = g_dark ? QColor(0x22, 0x22, 0x22) : Qt::white;
    const QColor fg = g_dark ? QColor(0xEE, 0xEE, 0xEE) : QColor(0x22, 0x22, 0x22);
    const QColor grid = g_dark ? QColor(0x55, 0x55, 0x55) : QColor(0xDD, 0xDD, 0xDD);
    chart->setBackgroundBrush(bg);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(fg);
    chart->legend()->setLabelColor(fg);
    for (QAbstractAxis* a : chart->axes()) {
        a->setLabelsColor(fg);
        a->setTitleBrush(fg);
        a->setGridLineColor(grid);
        a->setLinePenColor(fg);
    }
    applyUiScale(chart);  // every styling pass also sizes the chart's text for the room
}

void showCentredText(QChart* chart, QGraphicsSimpleTextItem*& item, const QString& text, bool visible) {
    if (!visible && !item) return;
    if (!item) {
        item = new QGraphicsSimpleTextItem(chart);
        item->setZValue(100);
    }
    item->setVisible(visible);
    if (!visible) return;
    item->setText(text);
    item->setFont(chart->legend()->font());
    item->setBrush(chart->titleBrush());
    const QRectF plot = chart->plotArea();
    const QRectF box = item->boundingRect();
    item->setPos(plot.center().x() - box.width() / 2, plot.center().y() - box.height() / 2);
}

void styleChart(QChart* chart) {
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont f = chart->legend()->font();
    f.setPointSizeF(std::max<qreal>(10.0, f.pointSizeF()));
    chart->legend()->setFont(f);
    QFont t = chart->titleFont();
    t.setPointSizeF(11);
    t.setBold(true);
    chart->setTitleFont(t);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
    // Axis numbers in the window's locale where it writes a decimal comma (Indonesian 0,5 and 1.000);
    // English keeps the C notation it always had.
    // No group separators: "1500" beside "1500" in every language, as the window's fields and tables write
    // numbers ("1.500" would read as one and a half in English).
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    chart->setLocale(locale);
    chart->setLocalizeNumbers(QLocale().decimalPoint() != QLatin1String("."));
    applyChartColours(chart);
}

void styleAxis(QAbstractAxis* axis, const QString& title) {
    axis->setTitleText(title);
    QFont f = axis->labelsFont();
    f.setPointSizeF(10);
    axis->setLabelsFont(f);
    QFont tf = axis->titleFont();
    tf.setPointSizeF(10);
    tf.setBold(false);
    axis->setTitleFont(tf);
}

QChart* installStyledChart(QChartView* view, const QString& title) {
    auto* c = new QChart();
    c->setTitle(title);
    styleChart(c);
    // QChartView makes a chart of its own when it is constructed, and setChart only releases it
    // (Qt's documentation: "to avoid memory leaks users need to make sure the previous chart is
    // deleted"): every window built leaked one chart per view, with its text items.
    QChart* previous = view->chart();
    view->setChart(c);
    delete previous;
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(240, 180);
    fitLegendOnResize(view);
    return c;
}

namespace {

// A tick interval of 1, 2 or 5 times a power of ten giving about `ticks` intervals over `range`.
double niceStep(double range, int ticks) {
    const double raw = range / std::max(1, ticks);
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw) return m * p;
    return 10 * p;
}

}  // namespace

QString plainLabelFormat(double lo, double hi, double step) {
    const double magnitude = std::max(std::abs(lo), std::abs(hi));
    if (!(step > 0) || !std::isfinite(magnitude) || magnitude >= 1e6) return {};
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
    if (decimals > 4) return {};
    return QStringLiteral("%.%1f").arg(decimals);
}

namespace {

// The range both setters share: bounded first, then `widen` to whole ticks or kept as it is.
void setRange(QValueAxis* axis, double lo, double hi, int ticks, bool integers, bool widen) {
    // Bounded inputs first: a non-finite or reversed range, or one too narrow for its magnitude (a
    // one-point chart at zero), becomes a range whose ticks can be counted on two hands.
    if (!std::isfinite(lo) || !std::isfinite(hi)) lo = 0, hi = 1;
    if (lo > hi) std::swap(lo, hi);
    const double magnitude = std::max(std::abs(lo), std::abs(hi));
    const double minSpan = magnitude > 0 ? magnitude * 1e-6 : 1.0;
    if (hi - lo < minSpan) {
        if (lo >= 0 && lo < minSpan) lo = 0, hi = minSpan;
        else lo -= minSpan / 2, hi += minSpan / 2;
    }
    ticks = std::clamp(ticks, 1, kMaxAxisTicks / 2);
    double step = niceStep(hi - lo, ticks);
    if (integers) step = std::max(1.0, std::round(step));
    // Widened: the range's ends are ticks. Kept: the ticks are the whole multiples of `step` inside it.
    const double a = widen ? std::floor(lo / step) * step : lo, b = widen ? std::ceil(hi / step) * step : hi;
    const double anchor = widen ? a : std::ceil(lo / step) * step;
    // Range and interval change together: Qt lays the axis out after every setter, and a dynamic
    // axis holding an old interval over a new range (1e-13 over 0..1) would build ~10^13 tick labels.
    // Counted ticks while the three values change make each intermediate layout a handful of ticks.
    axis->setMinorTickCount(0);
    axis->setTickType(QValueAxis::TicksFixed);
    axis->setTickCount(std::clamp(static_cast<int>(std::lround((b - a) / step)) + 1, 2, kMaxAxisTicks));
    axis->setRange(a, b);
    axis->setTickAnchor(anchor);
    axis->setTickInterval(step);
    if ((b - a) / step <= kMaxAxisTicks) axis->setTickType(QValueAxis::TicksDynamic);
    // An axis of plain numbers (a "%.Ng" format: not 2^n, not 1en) writes its ticks with the decimals the
    // interval needs: 6000 and 1500, not %.3g's "6e+03" and "1,5E+03"; 0.25 steps as 0.25. Its own 'g'
    // format stays for ranges plain decimals do not fit (a million and more, steps below 0.0001).
    static const QRegularExpression gFormat(QStringLiteral("^%\\.\\d+g$"));
    const char* const kOwnFormat = "presisiGFormat";
    if (!axis->property(kOwnFormat).isValid() && gFormat.match(axis->labelFormat()).hasMatch())
        axis->setProperty(kOwnFormat, axis->labelFormat());
    if (axis->property(kOwnFormat).isValid()) {
        const QString plain = plainLabelFormat(a, b, step);
        const QString format = plain.isEmpty() ? axis->property(kOwnFormat).toString() : plain;
        if (axis->labelFormat() != format) axis->setLabelFormat(format);
    }
}

}  // namespace

void setNiceRange(QValueAxis* axis, double lo, double hi, int ticks, bool integers) {
    setRange(axis, lo, hi, ticks, integers, true);
}

void setExactRange(QValueAxis* axis, double lo, double hi, int ticks, bool integers) {
    setRange(axis, lo, hi, ticks, integers, false);
}

}  // namespace presisi
