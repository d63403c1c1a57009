// ScalingChart: lines on a log2 x axis drawn as log2(x) on a category axis whose labels are the sizes.
#include "scaling_chart.h"

#include <QCategoryAxis>
#include <QCursor>
#include <QLocale>
#include <QGraphicsRectItem>
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
    // The legend sits beside a narrow plot: the lane's name without its parenthesis (the engine's
    // "bf16 emulated (no native bf16 here)" is said in full under the chart and in the hover readout).
    const qsizetype paren = label.indexOf(" (");
    return paren > 0 ? label.left(paren) : label;
}

ScalingChart::ScalingChart(const QString& title, const QString& xTitle, const QString& yTitle, const QString& xName,
                           const QString& yUnit, QWidget* parent)
    : QChartView(parent), m_xTitle(xTitle), m_yTitle(yTitle), m_xName(xName), m_yUnit(yUnit) {
    installStyledChart(this, title);
    // A list at the right: a line per lane, every name whole (a row at the bottom elides them).
    chart()->legend()->setAlignment(Qt::AlignRight);
    m_markSeries = new QScatterSeries();
    m_markSeries->setMarkerSize(13);
    m_markSeries->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_markSeries->setName(tr("knee"));
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
            if (!on || m_lanes[i].points.isEmpty()) return QToolTip::hideText();  // p: drawn (log2 x, y / factor)
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

void ScalingChart::setXTitle(const QString& title) {
    m_xTitle = title;
    refresh();
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
    // The label on a backdrop of the chart's background: readable where it crosses a line.
    m.backdrop = new QGraphicsRectItem(chart());
    m.backdrop->setPen(Qt::NoPen);
    m.backdrop->setZValue(49);
    m.item = new QGraphicsSimpleTextItem(text, chart());
    m.item->setZValue(50);
    m_marks.push_back(m);
}

void ScalingChart::clearPoints() {
    for (Lane& l : m_lanes) {
        l.points.clear();
        l.series->clear();
    }
    for (Mark& m : m_marks) {
        delete m.item;
        delete m.backdrop;
    }
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
    for (const Lane& l : m_lanes)
        for (const QPointF& p : l.points)
            if (p.x() > 0 && std::isfinite(p.y())) top = std::max(top, p.y());
    // Large rates in thousands or millions: "2.5" under "samples/s (millions)" reads faster than 2.5e+06.
    m_yFactor = top >= 1e6 ? 1e6 : (top >= 1e4 ? 1e3 : 1.0);
    styleAxis(m_y, (m_yFactor == 1e6 ? "M " : (m_yFactor == 1e3 ? "k " : "")) + m_yTitle);
    top /= m_yFactor;
    for (Lane& l : m_lanes) {
        QList<QPointF> drawn;
        for (const QPointF& p : l.points) {
            if (!(p.x() > 0) || !std::isfinite(p.y())) continue;
            const double e = std::log2(p.x());
            drawn.append({e, p.y() / m_yFactor});
            lo = std::min(lo, e);
            hi = std::max(hi, e);
            any = true;
        }
        l.series->replace(drawn);
    }
    QList<QPointF> marks;
    for (const Mark& m : m_marks)
        if (m.point.x() > 0) marks.append({std::log2(m.point.x()), m.point.y() / m_yFactor});
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
    // At most about six labels: a label gets the width between two labelled values, and "16Ki"
    // must fit in it on a 300-pixel plot.
    const int stride = std::max(1, (last - first + 5) / 6);
    m_x->setStartValue(lo2 - 0.35);
    for (int e = first; e <= last; e += stride)
        if (e >= lo2 - 0.35 && e <= hi2 + 0.35) m_x->append(sizeLabel(std::exp2(e)), e);
    m_x->setRange(lo2 - 0.35, hi2 + 0.35);
    styleAxis(m_x, tr("%1  (log2 axis)").arg(m_xTitle));
    c->addAxis(m_x, Qt::AlignBottom);
    if (!m_y) {
        m_y = new QValueAxis();
        m_y->setLabelFormat("%.4g");
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
    QList<QRectF> taken;
    for (Mark& m : m_marks) {
        if (!m.item || !(m.point.x() > 0)) continue;
        m.item->setVisible(!m.text.isEmpty());
        m.backdrop->setVisible(!m.text.isEmpty());
        if (m.text.isEmpty()) continue;
        m.item->setFont(chart()->legend()->font());
        m.item->setBrush(chart()->titleBrush());
        const QRectF box = m.item->boundingRect();
        // Stacked upward from the plot's lower right corner: a rate against size rises and then flattens, so
        // that corner is empty, while a label beside its knee covers the rising part. The square marker
        // stays on the point; the label names its batch.
        // A plot less than twice as wide as the label has no empty corner for it: there the square markers
        // stay and the sentence under the chart names the knees (shown alone or exported, the labels return).
        const bool room = plot.width() >= 2 * box.width();
        m.item->setVisible(room);
        m.backdrop->setVisible(room);
        QRectF r(std::max(plot.left(), plot.right() - 6 - box.width()), plot.bottom() - 4 - box.height(), box.width(),
                 box.height());
        for (const QRectF& t : taken) r.moveBottom(std::min(r.bottom(), t.top() - 1));
        taken.append(r);
        m.item->setPos(r.topLeft());
        QColor bg = chart()->backgroundBrush().color();
        bg.setAlphaF(0.85);
        m.backdrop->setBrush(bg);
        m.backdrop->setRect(r.adjusted(-2, 0, 2, 0));
    }
}

void ScalingChart::applyLaneColours() {
    for (int i = 0; i < static_cast<int>(m_lanes.size()); ++i) m_lanes[i].series->setPen(pen(m_labels.value(i)));
    if (m_emptyItem) m_emptyItem->setBrush(chart()->titleBrush());  // "press Run" in the theme's text colour
    m_markSeries->setColor(chartsDark() ? QColor(0xEE, 0xEE, 0xEE) : QColor(0x22, 0x22, 0x22));
    m_markSeries->setBorderColor(chartsDark() ? Qt::black : Qt::white);
    // The mark series' legend entry only while a mark exists.
    for (QLegendMarker* marker : chart()->legend()->markers(m_markSeries)) marker->setVisible(!m_marks.empty());
}

QString ScalingChart::readout(int lane, QPointF point) const {
    return QString("%1 · %2 %3 · %4 %5")
        .arg(m_labels.value(lane), m_xName, sizeLabel(std::round(point.x())), QLocale().toString(point.y(), 'g', 4), m_yUnit);
}

}  // namespace presisi
