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
    connect(chart(), &QChart::plotAreaChanged, this, &BarChart::fitLabels);
}

void BarChart::setValues(const QStringList& lanes, const QList<double>& values, const QString& category) {
    QChart* c = chart();
    m_series = nullptr;
    c->removeAllSeries();
    for (QAbstractAxis* a : c->axes()) {
        c->removeAxis(a);
        delete a;
    }
    m_series = new QBarSeries();
    double top = 0, least = std::numeric_limits<double>::infinity();
    const auto valueAt = [&](int i) { return std::isfinite(values[i]) ? values[i] : 0.0; };
    for (int i = 0; i < lanes.size() && i < values.size(); ++i) {
        top = std::max(top, valueAt(i));
        if (valueAt(i) > 0) least = std::min(least, valueAt(i));
    }
    // The values span decades (bf16 ~1e-3, mxfp4 ~1e-1): on a linear axis the small bars vanish. A log axis
    // shows every bar; a zero (the reference) stays at the axis' foot. The labels stand upright on the bars,
    // one line of text wide, so neighbours never overlap; the axis leaves them room above the tallest bar.
    m_series->setBarWidth(0.9);
    m_series->setLabelsVisible(true);
    m_series->setLabelsFormat("@value");
    m_series->setLabelsAngle(-90);
    c->addSeries(m_series);
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
    // A zero (the reference against itself) has no logarithm: its bar is the axis' foot, unlabelled.
    QList<QBarSet*> zeros;
    for (int i = 0; i < lanes.size() && i < values.size(); ++i) {
        auto* set = new QBarSet(lanes[i]);
        *set << (valueAt(i) > 0 ? valueAt(i) : lo);
        if (!(valueAt(i) > 0)) zeros << set;
        set->setColor(laneStyle(lanes[i]).color);
        set->setBorderColor(laneStyle(lanes[i]).color);
        m_series->append(set);
    }
    const double decades = std::log10(top) - std::log10(lo);
    // Room above the tallest bar for its upright label, eight characters long (0.085265): over 70 % of the
    // plot, so that the labels show in the Linear lab at 1280x800.
    const double hi = std::pow(10.0, std::log10(top) + std::max(1.0, 2.5 * decades));
    // A tick every decade crowds a short chart (Qt Charts then elides every tick label): every second
    // decade where the axis spans more than four.
    if (std::log10(hi / lo) > 4) y->setBase(100);
    y->setRange(lo, hi);
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    m_series->attachAxis(x);
    m_series->attachAxis(y);
    m_series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    for (QBarSet* set : m_series->barSets())
        set->setLabelColor(zeros.contains(set) ? QColor(Qt::transparent) : (chartsDark() ? Qt::white : Qt::black));
    // The values as given, shortest digits (a page rounds them as it shows them elsewhere); set once the series
    // is in the chart, which put the default precision back when it was set before.
    m_series->setLabelsPrecision(QLocale::FloatingPointShortest);
    applyChartColours(c);
    fitLabels();
}

void BarChart::fitLabels() {
    if (!m_series || m_series->count() == 0) return;
    // Upright labels need a bar slot at least one line of text wide, and room above the tallest bar for the
    // longest label (a page may pass values with all their digits, the Linear lab's 0.085265, which ran past
    // the plot's top edge); in a chart too small for that they hide (the tiles and the tooltip give the
    // values) rather than overlap or be cut.
    const QFont font = m_series->barSets().constFirst()->labelFont();
    const QFontMetricsF fm(font);
    const QRectF plot = chart()->plotArea();
    const double slot = plot.width() * m_series->barWidth() / m_series->count();
    bool fit = slot >= fm.height();
    auto* y = qobject_cast<QLogValueAxis*>(chart()->axes(Qt::Vertical).value(0));
    double top = 0, longest = 0;
    for (QBarSet* set : m_series->barSets()) {
        if (set->labelColor().alpha() == 0 || set->count() == 0) continue;  // the reference's unlabelled foot
        top = std::max(top, set->at(0));
        longest = std::max(longest, fm.horizontalAdvance(QLocale().toString(set->at(0), 'g', m_series->labelsPrecision())));
    }
    if (y && top > 0 && y->min() > 0 && y->max() > top) {
        const double above = plot.height() * std::log(y->max() / top) / std::log(y->max() / y->min());
        fit = fit && longest + fm.height() / 4 <= above;
    }
    if (m_series->isLabelsVisible() != fit) m_series->setLabelsVisible(fit);
}

}  // namespace presisi
