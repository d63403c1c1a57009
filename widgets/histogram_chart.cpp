// HistogramChart: step outlines per lane over shared bins, with labelled range bands.
#include "histogram_chart.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "lane_style.h"
#include "live_chart.h"

namespace presisi {

HistogramView makeHistogramView(const GradHistogram& g, int layerChoice) {
    HistogramView view;
    if (g.layers.empty()) return view;
    const LayerHistogram& first = g.layers.front();
    std::vector<double> counts(first.counts.size(), 0.0);
    double total = 0, zeros = 0, nonFinite = 0, underflowed = 0;
    for (std::size_t k = 0; k < g.layers.size(); ++k) {
        const LayerHistogram& l = g.layers[k];
        if (layerChoice >= 0 && static_cast<int>(k) != layerChoice) continue;
        if (layerChoice == kHistAllWeights && !l.weight) continue;
        if (layerChoice == kHistAllOutputs && l.weight) continue;
        underflowed += static_cast<double>(l.underflowed);
        for (std::size_t bin = 0; bin < l.counts.size() && bin < counts.size(); ++bin) counts[bin] += l.counts[bin];
        for (auto c : l.counts) total += c;
        total += l.zeros + l.nonFinite;
        zeros += l.zeros;
        nonFinite += l.nonFinite;
    }
    if (total <= 0) return view;
    view.any = true;
    view.zeroShare = zeros / total;
    view.nonFiniteShare = nonFinite / total;
    view.underflowShare = underflowed / total;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (std::size_t bin = 0; bin < counts.size(); ++bin) {
        const double e = first.minExponent + static_cast<double>(bin);
        view.edges << e;
        view.values << 100.0 * counts[bin] / total;
        if (counts[bin] > 0) {
            lo = std::min(lo, e - 1.0);
            hi = std::max(hi, e + 2.0);
        }
    }
    view.edges << first.minExponent + static_cast<double>(counts.size());
    view.lo = lo;
    view.hi = hi;
    return view;
}

HistogramChart::HistogramChart(const QString& title, const QString& xTitle, const QString& yTitle, QWidget* parent)
    : QChartView(parent) {
    QChart* c = installStyledChart(this, title);
    m_x = new QValueAxis();
    m_y = new QValueAxis();
    styleAxis(m_x, xTitle);
    styleAxis(m_y, yTitle);
    m_x->setLabelFormat("%.6g");  // "%g" (no precision) shows no labels when the chart localizes numbers
    m_y->setLabelFormat("%.3g");
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    setNiceRange(m_y, 0, 1, 4, false);
    applyChartColours(c);
    // The empty chart's words stay centred in the plot area when it moves (resize, legend).
    connect(c, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        Q_UNUSED(plot);
        placeNotes();
        if (m_emptyItem && m_emptyItem->isVisible()) showCentredText(chart(), m_emptyItem, m_emptyText, true);
    });
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
        lane.label = label;
        lane.series->setName(label);
        lane.series->setPen(lanePen(label));
        attach(lane.series);
        m_lanes.push_back(lane);
    }
}

void HistogramChart::applyLaneColours() {
    for (auto& l : m_lanes) {
        l.series->setPen(lanePen(l.label));
    }
}

void HistogramChart::addBand(double x0, double x1, const QString& name, const QColor& color, double yFrom, double yTo) {
    Band b;
    b.x0 = x0;
    b.x1 = x1;
    b.yFrom = yFrom;
    b.yTo = yTo;
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

void HistogramChart::clearHistograms() {
    for (auto& l : m_lanes) {
        l.outline.clear();
        l.note.clear();
        l.dirty = true;
    }
}

void HistogramChart::setLaneNote(int lane, const QString& note) {
    if (lane < 0 || lane >= laneCount()) return;
    m_lanes[lane].note = note;
}

QString HistogramChart::laneNote(int lane) const { return m_lanes.at(lane).note; }

void HistogramChart::placeNotes() {
    qDeleteAll(m_noteItems);
    m_noteItems.clear();
    const QRectF plot = chart()->plotArea();
    // Below the top strip of bands, on a backing of the chart's colour, so the words stay readable
    // over bands and bins.
    // Top right, where the bins of a trained model rarely reach; small, names without "cpu:".
    double y = plot.top() + 0.1 * plot.height();
    QFont f = chart()->legend()->font();
    f.setPointSizeF(f.pointSizeF() * 0.8);
    QColor backing = chart()->backgroundBrush().color();
    backing.setAlphaF(0.85);
    for (const Lane& l : m_lanes) {
        if (l.note.isEmpty() || l.outline.isEmpty()) continue;
        auto* box = new QGraphicsRectItem(chart());
        box->setZValue(100);
        box->setPen(Qt::NoPen);
        box->setBrush(backing);
        const QString name = l.label.startsWith("cpu:") ? l.label.mid(4) : l.label;
        auto* text = new QGraphicsSimpleTextItem(name + ": " + l.note, box);
        text->setFont(f);
        text->setBrush(lanePen(l.label).color());
        // A note wider than the plot breaks before its parenthesis ("100 % zeros" / "(100 % underflowed)")
        // rather than running off the chart's left edge.
        if (text->boundingRect().width() > plot.width() - 10 && l.note.contains(" ("))
            text->setText(name + ": " + QString(l.note).replace(" (", "\n("));
        const QRectF r = text->boundingRect();
        box->setRect(0, 0, r.width() + 6, r.height());
        text->setPos(3, 0);
        box->setPos(std::max(plot.left(), plot.right() - r.width() - 10), y);
        y += r.height();
        m_noteItems.append(box);
    }
}

void HistogramChart::setEmptyText(const QString& text) { m_emptyText = text; }

bool HistogramChart::isEmpty() const {
    for (const auto& l : m_lanes)
        if (!l.outline.isEmpty()) return false;
    return true;
}

void HistogramChart::setXRange(double x0, double x1) {
    m_fixedX = true;
    setNiceRange(m_x, x0, x1, 4, true);  // few ticks: the labels (-130) must not elide
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
        b.upper->replace(QList<QPointF>{{lo, ymax * b.yTo}, {hi, ymax * b.yTo}});
        b.lower->replace(QList<QPointF>{{lo, ymax * b.yFrom}, {hi, ymax * b.yFrom}});
    }
    // An empty chart shows no bands over nothing: it says why it is empty.
    const bool empty = isEmpty() && !m_emptyText.isEmpty();
    for (auto& b : m_bands) b.area->setVisible(!empty);
    showCentredText(chart(), m_emptyItem, m_emptyText, empty);
    placeNotes();
    ++m_refreshes;
}

}  // namespace presisi
