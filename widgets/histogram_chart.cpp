// HistogramChart: step outlines per lane over shared bins, with labelled range bands.
#include "histogram_chart.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "lane_style.h"
#include "live_chart.h"

namespace presisi {

HistogramChart::HistogramChart(const QString& title, const QString& xTitle, const QString& yTitle, QWidget* parent)
    : QChartView(parent) {
    QChart* c = installStyledChart(this, title);
    m_x = new QValueAxis();
    m_y = new QValueAxis();
    styleAxis(m_x, xTitle);
    styleAxis(m_y, yTitle);
    m_x->setLabelFormat("%g");
    m_y->setLabelFormat("%.3g");
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    setNiceRange(m_y, 0, 1, 4, false);
    applyChartColours(c);
}

void HistogramChart::attach(QAbstractSeries* s) {
    chart()->addSeries(s);
    s->attachAxis(m_x);
    s->attachAxis(m_y);
}

void HistogramChart::setLanes(const QStringList& labels) {
    for (auto& l : m_lanes) {
        chart()->removeSeries(l.series);
        delete l.series;
    }
    m_lanes.clear();
    for (const QString& label : labels) {
        Lane lane;
        lane.series = new QLineSeries();
        lane.series->setName(label);
        lane.series->setPen(lanePen(label));
        attach(lane.series);
        m_lanes.push_back(lane);
    }
}

void HistogramChart::applyLaneColours() {
    for (auto& l : m_lanes) {
        l.series->setPen(lanePen(l.series->name()));
    }
}

void HistogramChart::addBand(double x0, double x1, const QString& name, const QColor& color) {
    Band b;
    b.x0 = x0;
    b.x1 = x1;
    b.upper = new QLineSeries(this);
    b.lower = new QLineSeries(this);
    b.area = new QAreaSeries(b.upper, b.lower);
    b.area->setName(name);
    QColor fill = color;
    fill.setAlpha(60);
    b.area->setBrush(fill);
    QPen edge(color);
    edge.setWidthF(1.0);
    edge.setStyle(Qt::DotLine);
    b.area->setPen(edge);
    // Bands go first so lanes draw on top of them.
    QList<QAbstractSeries*> lanes;
    for (auto& l : m_lanes) {
        chart()->removeSeries(l.series);
        lanes.append(l.series);
    }
    attach(b.area);
    for (auto* s : lanes) attach(s);
    m_bands.push_back(b);
}

void HistogramChart::clearBands() {
    for (auto& b : m_bands) {
        chart()->removeSeries(b.area);
        delete b.area;
    }
    m_bands.clear();
}

void HistogramChart::setHistogram(int lane, const QList<double>& edges, const QList<double>& values) {
    if (lane < 0 || lane >= laneCount() || edges.size() != values.size() + 1) return;
    QList<QPointF> outline;
    outline.reserve(2 * values.size() + 2);
    outline.append(QPointF(edges.front(), 0));
    for (qsizetype i = 0; i < values.size(); ++i) {
        outline.append(QPointF(edges[i], values[i]));
        outline.append(QPointF(edges[i + 1], values[i]));
    }
    outline.append(QPointF(edges.back(), 0));
    m_lanes[lane].outline = std::move(outline);
    m_lanes[lane].dirty = true;
}

void HistogramChart::setXRange(double x0, double x1) {
    m_fixedX = true;
    setNiceRange(m_x, x0, x1, 6, true);
}

void HistogramChart::setLegendRight(bool right) {
    chart()->legend()->setAlignment(right ? Qt::AlignRight : Qt::AlignBottom);
}

void HistogramChart::refresh() {
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, ymax = 0;
    for (auto& l : m_lanes) {
        if (l.dirty) l.series->replace(l.outline);
        l.dirty = false;
        for (const QPointF& p : l.outline) {
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
            if (std::isfinite(p.y())) ymax = std::max(ymax, p.y());
        }
    }
    if (ymax <= 0) ymax = 1;
    setNiceRange(m_y, 0, ymax * 1.05, 4, false);
    ymax = m_y->max();
    if (!m_fixedX && std::isfinite(x0) && x1 > x0) setNiceRange(m_x, x0, x1, 6, true);
    for (auto& b : m_bands) {
        const double lo = std::max(b.x0, m_x->min()), hi = std::min(b.x1, m_x->max());
        if (hi <= lo) {
            b.upper->replace(QList<QPointF>{});
            b.lower->replace(QList<QPointF>{});
            continue;
        }
        b.upper->replace(QList<QPointF>{{lo, ymax}, {hi, ymax}});
        b.lower->replace(QList<QPointF>{{lo, 0}, {hi, 0}});
    }
    ++m_refreshes;
}

}  // namespace presisi
