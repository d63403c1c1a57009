// ScatterChart and BarChart: the linear lab's static charts, in lane colours.
#include "scatter_chart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QFontMetricsF>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "chart_legend.h"
#include "lane_style.h"
#include "live_chart.h"
#include "locale_number.h"

namespace presisi {

namespace {

void styleValueAxis(QValueAxis* axis, const QString& title, const char* format = "%.3g") {
    styleAxis(axis, title);
    axis->setLabelFormat(format);
}

}  // namespace

ScatterChart::ScatterChart(const QString& title, const QString& xTitle, const QString& yTitle, QWidget* parent)
    : QChartView(parent) {
    QChart* c = installStyledChart(this, title);
    m_x = new QValueAxis();
    m_y = new QValueAxis();
    styleValueAxis(m_x, xTitle);
    styleValueAxis(m_y, yTitle);
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    applyChartColours(c);
    // A short chart (a small window, a large text) gets fewer value ticks instead of labels Qt elides to "…".
    connect(c, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        const double line = QFontMetricsF(m_y->labelsFont()).height();
        const int ticks = std::clamp(static_cast<int>(plot.height() / (2.5 * line)), 1, 5);
        if (ticks == m_yTicks) return;
        m_yTicks = ticks;
        refresh();
    });
}

void ScatterChart::setLanes(const QStringList& labels) {
    chart()->removeAllSeries();
    m_series.clear();
    m_guide = nullptr;
    if (m_diagonal) {
        m_guide = new QLineSeries();
        m_guide->setName("y = x");
        QPen pen(QColor(0x99, 0x99, 0x99));
        pen.setStyle(Qt::DashLine);
        m_guide->setPen(pen);
        chart()->addSeries(m_guide);
        m_guide->attachAxis(m_x);
        m_guide->attachAxis(m_y);
    }
    for (const QString& label : labels) {
        auto* s = new QScatterSeries();
        s->setName(label);
        const LaneStyle style = laneStyle(label);
        // Lanes that lie on one another stay apart: the first as filled dots, the later ones as rings
        // drawn around them, so where a bf16 and an f16 point coincide both are seen.
        const bool ring = !m_series.isEmpty();
        QColor fill = style.color;
        fill.setAlphaF(ring ? 0.0 : 0.75);
        s->setColor(fill);
        s->setBorderColor(style.color);
        s->setPen(QPen(style.color, ring ? 1.2 : 0.5));
        s->setMarkerSize(ring ? 8 : 5);
        if (style.dashed) s->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        chart()->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        m_series.append(s);
    }
    fitLegend(chart());  // the entries changed: under the plot or beside it
}

void ScatterChart::setPoints(int lane, const QList<QPointF>& points) {
    if (lane < 0 || lane >= m_series.size()) return;
    QList<QPointF> finite;
    finite.reserve(points.size());
    for (const QPointF& p : points)
        if (std::isfinite(p.x()) && std::isfinite(p.y())) finite.append(p);
    m_series[lane]->replace(finite);
}

void ScatterChart::refresh() {
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    for (auto* s : m_series) {
        for (const QPointF& p : s->points()) {
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
            y0 = std::min(y0, p.y());
            y1 = std::max(y1, p.y());
        }
    }
    if (!std::isfinite(x0)) return;
    auto pad = [](double& a, double& b) {
        double d = (b - a) * 0.04;
        if (d <= 0) d = std::max(1e-12, std::abs(a) * 0.05 + 1e-12);
        a -= d;
        b += d;
    };
    const bool nonNegativeX = x0 >= 0, nonNegativeY = y0 >= 0;
    pad(x0, x1);
    pad(y0, y1);
    if (nonNegativeX) x0 = std::max(0.0, x0);
    if (nonNegativeY) y0 = std::max(0.0, y0);
    setNiceRange(m_x, x0, x1, 5, false);
    setNiceRange(m_y, y0, y1, m_yTicks, false);
    if (m_guide) {
        const double lo = std::max(x0, y0), hi = std::min(x1, y1);
        m_guide->replace(QList<QPointF>{{lo, lo}, {hi, hi}});
    }
}

int ScatterChart::pointCount(int lane) const { return m_series.value(lane) ? m_series[lane]->count() : 0; }

BarChart::BarChart(const QString& title, const QString& yTitle, QWidget* parent) : QChartView(parent), m_yTitle(yTitle) {
    installStyledChart(this, title);
}

QString BarChart::entryText(const QString& lane, double value) {
    // The value beside the lane's name, shortest digits in the window's locale; the reference (0) by name.
    if (!(value > 0) || !std::isfinite(value)) return lane;
    return lane + QStringLiteral(" ") + localeNumber(value);
}

namespace {

// The lanes' names without their device ("bf16" for "cpu:bf16") where every lane runs on the same one: the
// entries then hold their values beside the plot at 1024x768. Lanes of two devices keep it.
QStringList withoutSharedDevice(const QStringList& lanes) {
    QString device;
    for (const QString& lane : lanes) {
        const qsizetype colon = lane.indexOf(QLatin1Char(':'));
        if (colon <= 0 || (!device.isEmpty() && lane.left(colon) != device)) return lanes;
        device = lane.left(colon);
    }
    QStringList out;
    for (const QString& lane : lanes) out << lane.mid(device.size() + 1);
    return out;
}

}  // namespace

void BarChart::setValues(const QStringList& lanes, const QList<double>& values, const QString& category) {
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* a : c->axes()) {
        c->removeAxis(a);
        delete a;
    }
    auto* series = new QBarSeries();
    double top = 0, least = std::numeric_limits<double>::infinity();
    const auto valueAt = [&](int i) { return std::isfinite(values[i]) ? values[i] : 0.0; };
    for (int i = 0; i < lanes.size() && i < values.size(); ++i) {
        top = std::max(top, valueAt(i));
        if (valueAt(i) > 0) least = std::min(least, valueAt(i));
    }
    // The values span decades (bf16 ~1e-3, mxfp4 ~1e-1): on a linear axis the small bars vanish. A log axis
    // shows every bar; a zero (the reference) stays at the axis' foot. Each bar's value stands in its legend
    // entry, whole and level, so the axis ends at the decade above the tallest bar (labels standing on the
    // bars needed room above them: the axis reached 1e+06 for errors below 0.1).
    series->setBarWidth(0.9);
    c->addSeries(series);
    auto* x = new QBarCategoryAxis();
    x->append(category);
    QFont f = x->labelsFont();
    f.setPointSizeF(10);
    x->setLabelsFont(f);
    auto* y = new QLogValueAxis();
    styleAxis(y, m_yTitle);
    y->setBase(10);
    y->setLabelFormat("%.3g");  // "%g" without a precision shows no label where the chart localizes numbers
    if (!(top > 0)) {
        top = 1;
        least = 1;
    }
    double lo = std::pow(10.0, std::floor(std::log10(least)));
    if (top / lo < 100) lo = top / 100;  // two decades at least: two ticks
    lo = std::pow(10.0, std::floor(std::log10(lo)));
    const QStringList names = withoutSharedDevice(lanes);
    for (int i = 0; i < lanes.size() && i < values.size(); ++i) {
        auto* set = new QBarSet(entryText(names[i], valueAt(i)));
        // A zero (the reference against itself) has no logarithm: its bar is the axis' foot.
        *set << (valueAt(i) > 0 ? valueAt(i) : lo);
        set->setColor(laneStyle(lanes[i]).color);
        set->setBorderColor(laneStyle(lanes[i]).color);
        series->append(set);
    }
    // The decade at or above the tallest bar, and one more where the bar would touch the plot's top.
    double hi = std::pow(10.0, std::ceil(std::log10(top)));
    if (hi < top * 1.5) hi *= 10;
    // A tick every decade crowds a short chart (Qt Charts then elides every tick label): every second
    // decade where the axis spans more than four.
    if (std::log10(hi / lo) > 4) y->setBase(100);
    y->setRange(lo, hi);
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    applyChartColours(c);
}

}  // namespace presisi
