// ScalingChart: lines on a log2 x axis drawn as log2(x) on a category axis whose labels are the sizes.
#include "scaling_chart.h"

#include <QCategoryAxis>
#include <QCursor>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "lane_style.h"
#include "live_chart.h"

namespace presisi {

QString sizeLabel(double size) {
    const double e = std::log2(size);
    // Powers of two from 2^15 on as Ki multiples (32Ki): six digits crowd a 500-pixel axis.
    if (size >= 32768 && e == std::floor(e)) return QString("%1Ki").arg(size / 1024.0, 0, 'g', 6);
    return QString::number(size, 'g', 7);
}

QPen ScalingChart::pen(const QString& label) {
    QPen p = lanePen(label);
    // Emulated lanes share their format's colour with the native one: dotted, so the two stay apart.
    if (label.contains("emulated")) p.setDashPattern({1, 1.5});
    return p;
}

QString ScalingChart::legendName(const QString& label) {
    if (label.contains("emulated")) return label + " (dotted)";
    return laneLegendName(label);
}

ScalingChart::ScalingChart(const QString& title, const QString& xTitle, const QString& yTitle, const QString& xName,
                           const QString& yUnit, QWidget* parent)
    : QChartView(parent), m_xTitle(xTitle), m_yTitle(yTitle), m_xName(xName), m_yUnit(yUnit) {
    installStyledChart(this, title);
    m_markSeries = new QScatterSeries();
    m_markSeries->setMarkerSize(13);
    m_markSeries->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_markSeries->setName("knee");
    chart()->addSeries(m_markSeries);
    rebuildAxes(8, 11);
    connect(chart(), &QChart::plotAreaChanged, this, [this] {
        placeMarks();
        if (m_emptyItem && m_emptyItem->isVisible()) showCentredText(chart(), m_emptyItem, m_emptyText, true);
    });
}

void ScalingChart::setLanes(const QStringList& labels) {
    for (Lane& l : m_lanes) {
        chart()->removeSeries(l.series);
        delete l.series;
    }
    m_lanes.clear();
    m_labels = labels;
    for (int i = 0; i < labels.size(); ++i) {
        Lane lane;
        lane.series = new QLineSeries();
        lane.series->setName(legendName(labels[i]));
        lane.series->setPen(pen(labels[i]));
        lane.series->setPointsVisible(true);
        connect(lane.series, &QLineSeries::hovered, this, [this, i](const QPointF& p, bool on) {
            if (!on || m_lanes[i].points.isEmpty()) return QToolTip::hideText();
            // The measured point nearest the cursor, not the line's interpolation between two sizes.
            const QList<QPointF>& pts = m_lanes[i].points;
            const auto near = std::min_element(pts.begin(), pts.end(), [&](const QPointF& a, const QPointF& b) {
                return std::abs(std::log2(a.x()) - p.x()) < std::abs(std::log2(b.x()) - p.x());
            });
            QToolTip::showText(QCursor::pos(), readout(i, *near), this);
        });
        chart()->addSeries(lane.series);
        m_lanes.push_back(lane);
    }
    chart()->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    clearPoints();
}

void ScalingChart::setPoints(int lane, const QList<QPointF>& points) {
    if (lane < 0 || lane >= static_cast<int>(m_lanes.size())) return;
    m_lanes[lane].points = points;
}

void ScalingChart::addMark(int lane, QPointF point, const QString& text) {
    Mark m;
    m.lane = lane;
    m.point = point;
    m.text = text;
    m.item = new QGraphicsSimpleTextItem(text, chart());
    m.item->setZValue(50);
    m_marks.push_back(m);
}

void ScalingChart::clearPoints() {
    for (Lane& l : m_lanes) {
        l.points.clear();
        l.series->clear();
    }
    for (Mark& m : m_marks) delete m.item;
    m_marks.clear();
    m_markSeries->clear();
    refresh();
}

void ScalingChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    refresh();
}

void ScalingChart::refresh() {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, top = 0;
    bool any = false;
    for (Lane& l : m_lanes) {
        QList<QPointF> drawn;
        for (const QPointF& p : l.points) {
            if (!(p.x() > 0) || !std::isfinite(p.y())) continue;
            const double e = std::log2(p.x());
            drawn.append({e, p.y()});
            lo = std::min(lo, e);
            hi = std::max(hi, e);
            top = std::max(top, p.y());
            any = true;
        }
        l.series->replace(drawn);
    }
    QList<QPointF> marks;
    for (const Mark& m : m_marks)
        if (m.point.x() > 0) marks.append({std::log2(m.point.x()), m.point.y()});
    m_markSeries->replace(marks);
    m_markSeries->setVisible(!marks.isEmpty());
    if (!any) {
        lo = 8;
        hi = 11;
    }
    rebuildAxes(lo, hi);
    // Rates start at zero: the eye reads a ratio of heights as a ratio of rates.
    setNiceRange(m_y, 0, top > 0 ? top * 1.12 : 1, 5, false);
    showCentredText(chart(), m_emptyItem, m_emptyText, !any && !m_emptyText.isEmpty());
    applyLaneColours();
    placeMarks();
}

void ScalingChart::rebuildAxes(double lo2, double hi2) {
    QChart* c = chart();
    if (m_x) {
        c->removeAxis(m_x);
        delete m_x;
    }
    m_x = new QCategoryAxis();
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const int first = static_cast<int>(std::floor(lo2)), last = static_cast<int>(std::ceil(hi2));
    const int stride = last - first > 10 ? 2 : 1;  // at most about ten labels
    m_x->setStartValue(lo2 - 0.35);
    for (int e = first; e <= last; e += stride)
        if (e >= lo2 - 0.35 && e <= hi2 + 0.35) m_x->append(sizeLabel(std::exp2(e)), e);
    m_x->setRange(lo2 - 0.35, hi2 + 0.35);
    styleAxis(m_x, m_xTitle + "  (log2 axis)");
    c->addAxis(m_x, Qt::AlignBottom);
    if (!m_y) {
        m_y = new QValueAxis();
        m_y->setLabelFormat("%.3g");
        styleAxis(m_y, m_yTitle);
        c->addAxis(m_y, Qt::AlignLeft);
    }
    for (Lane& l : m_lanes) {
        if (l.series->attachedAxes().isEmpty()) l.series->attachAxis(m_y);
        l.series->attachAxis(m_x);
    }
    if (m_markSeries->attachedAxes().isEmpty()) m_markSeries->attachAxis(m_y);
    m_markSeries->attachAxis(m_x);
    applyChartColours(c);
}

void ScalingChart::placeMarks() {
    const QRectF plot = chart()->plotArea();
    for (Mark& m : m_marks) {
        if (!m.item || !(m.point.x() > 0)) continue;
        const QPointF at = chart()->mapToPosition({std::log2(m.point.x()), m.point.y()}, m_markSeries);
        m.item->setFont(chart()->legend()->font());
        m.item->setBrush(chart()->titleBrush());
        const QRectF box = m.item->boundingRect();
        // Below and to the right of the point, kept inside the plot (a knee near the right edge
        // writes its label to the left).
        double x = at.x() + 8, y = at.y() + 6;
        if (x + box.width() > plot.right()) x = at.x() - 8 - box.width();
        if (y + box.height() > plot.bottom()) y = at.y() - 6 - box.height();
        m.item->setPos(x, y);
    }
}

void ScalingChart::applyLaneColours() {
    for (int i = 0; i < static_cast<int>(m_lanes.size()); ++i) m_lanes[i].series->setPen(pen(m_labels.value(i)));
    m_markSeries->setColor(chartsDark() ? QColor(0xEE, 0xEE, 0xEE) : QColor(0x22, 0x22, 0x22));
    m_markSeries->setBorderColor(chartsDark() ? Qt::black : Qt::white);
    // The mark series' legend entry only while a mark exists.
    for (QLegendMarker* marker : chart()->legend()->markers(m_markSeries)) marker->setVisible(!m_marks.empty());
}

QString ScalingChart::readout(int lane, QPointF point) const {
    return QString("%1 · %2 %3 · %4 %5")
        .arg(m_labels.value(lane), m_xName, sizeLabel(std::round(point.x())), QString::number(point.y(), 'g', 4), m_yUnit);
}

}  // namespace presisi
