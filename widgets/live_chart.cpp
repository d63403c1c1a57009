// LiveChart: per-lane points decimated in equal step buckets, thinned by equal step ranges for drawing,
// handed to Qt Charts with replace() once per refresh.
#include "live_chart.h"

#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QCursor>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

#include "chart_legend.h"
#include "lane_style.h"
#include "step_axes.h"
#include "text_scale.h"

namespace presisi {

LiveChart::LiveChart(const QString& title, const QString& xTitle, const QString& yTitle, QWidget* parent)
    : QChartView(parent), m_xTitle(xTitle), m_yTitle(yTitle) {
    installStyledChart(this, title);
    rebuildAxes();
    setRubberBand(QChartView::RectangleRubberBand);
    setFocusPolicy(Qt::ClickFocus);
    connect(chart(), &QChart::plotAreaChanged, this, [this] {
        if (m_axes.plotResized() && !m_zoomed) fitAxes();
        placeEvents();
    });
}

void LiveChart::setLanes(const QStringList& labels) {
    QChart* c = chart();
    m_marks.clearCrosses();
    // New lanes are a new run: it starts unzoomed (a zoom of the last run's steps would hold it there).
    m_zoomed = false;
    c->zoomReset();
    c->removeAllSeries();
    m_lanes.clear();
    m_points.reset(static_cast<int>(labels.size()));
    m_labels = labels;
    for (const QString& label : labels) {
        Lane lane;
        lane.series = new QLineSeries();
        lane.series->setName(label);
        lane.series->setProperty("patternMeaning", laneLegendName(label));
        const int index = static_cast<int>(m_lanes.size());
        connect(lane.series, &QLineSeries::hovered, this, [this, index](const QPointF& p, bool on) {
            if (on) QToolTip::showText(QCursor::pos(), readout(index, p), this);
            else QToolTip::hideText();
        });
        lane.series->setPen(index < m_lanePens.size() ? m_lanePens[index] : lanePen(label));
        lane.series->setProperty(kLegendHiddenProperty, m_legendHidden.contains(index));
        if (!m_markerName.isEmpty()) {
            lane.markers = new QScatterSeries();
            lane.markers->setName(label + " " + m_markerName);
            lane.markers->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
            lane.markers->setMarkerSize(7);
            lane.markers->setColor(laneStyle(label).color);
            lane.markers->setBorderColor(Qt::black);
        }
        m_lanes.push_back(lane);
    }
    // Drawing order is the order series are added: the float32 reference last, so a lane lying on
    // it never hides it (its dashes let the lane show through).
    std::vector<int> order(m_lanes.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_partition(order.begin(), order.end(), [&](int i) { return !isReferenceLane(labels.at(i)); });
    // An exact reference band goes first, under everything.
    std::stable_partition(order.begin(), order.end(), [&](int i) { return labels.at(i).startsWith("exact"); });
    for (int i : order) {
        c->addSeries(m_lanes[i].series);
        if (m_lanes[i].markers) c->addSeries(m_lanes[i].markers);
    }
    rebuildAxes();
    // Legend entries drawn as a piece of each series' own line, dash pattern included.
    c->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    makeLegendToggles(c, this);
    QStringList meanings;
    for (const QString& label : labels)
        if (laneLegendName(label) != label) meanings << laneLegendName(label);
    // What the page said about the chart stays; the line patterns' sentence after it follows the lanes.
    QString help = toolTip();
    if (!m_patternTip.isEmpty() && help.endsWith(m_patternTip)) help.chop(m_patternTip.size());
    help = help.trimmed();
    m_patternTip = meanings.isEmpty() ? QString()
                                      : tr("Line patterns: %1. Click a legend entry to hide or show its lane.")
                                            .arg(meanings.join("; "));
    setToolTip(help.isEmpty() ? m_patternTip : (m_patternTip.isEmpty() ? help : help + "\n" + m_patternTip));
    applyLegendHidden(c);
    fitLegend(c);
}

bool LiveChart::laneVisible(int lane) const { return m_lanes.at(lane).series->isVisible(); }

void LiveChart::setTitles(const QString& title, const QString& yTitle) {
    chart()->setTitle(title);
    if (yTitle == m_yTitle) return;
    m_yTitle = yTitle;
    rebuildAxes();
}

void LiveChart::setScale(AxisScale scale) {
    if (scale == m_scale) return;
    m_scale = scale;
    rebuildAxes();
    m_points.markDirty();
    refresh();
}

void LiveChart::rebuildAxes() {
    m_axes.rebuild(m_xTitle, m_yTitle, m_scale);
    for (auto& l : m_lanes)
        for (QAbstractSeries* series : {static_cast<QAbstractSeries*>(l.series), static_cast<QAbstractSeries*>(l.markers)})
            if (series) {
                series->attachAxis(m_axes.x());
                series->attachAxis(m_axes.y());
            }
    fitAxes();
    fitAxisTitles(chart());  // new axes, full titles: shortened again where the plot is too short for them
}

QString LiveChart::decimationRule() const {
    const qint64 bucket = m_points.bucket();
    return bucket == 1 ? QStringLiteral("every step") : QStringLiteral("min and max of every %1 steps").arg(bucket);
}

void LiveChart::appendPoints(int lane, const QList<QPointF>& points) { m_points.append(lane, points); }

void LiveChart::appendMarkers(int lane, const QList<QPointF>& points) {
    if (lane < 0 || lane >= static_cast<int>(m_lanes.size()) || !m_lanes[lane].markers) return;
    m_points.appendMarkers(lane, points);
}

void LiveChart::refresh() {
    bool any = false;
    // At most kDrawMax points per series reach Qt Charts: the run's step range cut into equal parts,
    // each keeping its lowest and highest point (spikes survive), plus each line's first and last
    // point. Equal step ranges, not equal counts of points: the line keeps its shape however its
    // points are spread, and every lane is cut at the same steps. A zoomed view read from the source
    // draws its own buckets, already at most kDrawBuckets in the view.
    const auto [first, last] = m_points.shownRange();
    for (int i = 0; i < static_cast<int>(m_lanes.size()); ++i) {
        if (!m_points.dirty(i)) continue;
        Lane& l = m_lanes[i];
        l.series->replace(m_points.drawn(i, m_scale, first, last, kDrawMax));
        // A line of one point (a run of one step) draws nothing: that point is drawn as a dot.
        l.series->setPointsVisible(l.series->count() == 1);
        if (l.markers) l.markers->replace(m_points.drawnMarkers(i, m_scale));
        m_points.setClean(i);
        any = true;
    }
    if (any) {
        fitAxes();
        ++m_refreshes;
    }
    placeEvents();
}

void LiveChart::markEvent(int lane, double x, double y) {
    if (lane < 0 || lane >= static_cast<int>(m_lanes.size())) return;
    m_marks.addCross(lane, x, y, m_lanePens.size() > lane ? m_lanePens[lane].color() : lanePen(m_labels.value(lane)).color());
    placeEvents();
}

void LiveChart::setCursor(double x) {
    m_marks.setCursor(x);
    placeEvents();
}

void LiveChart::setLevel(double y, const QString& text) {
    m_marks.setLevel(y, text);
    placeEvents();
}

void LiveChart::setEmptyText(const QString& text) {
    m_marks.setEmptyText(text);
    placeEvents();
}

void LiveChart::placeEvents() {
    std::vector<QAbstractSeries*> series;
    for (const Lane& l : m_lanes) series.push_back(l.series);
    m_marks.place(series, m_scale, m_points.empty());
}

void LiveChart::clearPoints() {
    m_marks.clearCrosses();
    m_points.clear();
    // A reset run starts unzoomed, as a new one does.
    if (m_zoomed) resetZoom();
    else refresh();
}

QString LiveChart::readout(int lane, QPointF drawn) const {
    double y = drawn.y();
    if (m_scale == AxisScale::Log10) y = std::pow(10.0, y);
    else if (m_scale == AxisScale::Log2) y = std::exp2(y);
    return tr("%1 · step %2 · %3").arg(m_labels.value(lane)).arg(qRound64(drawn.x())).arg(QLocale().toString(y, 'g', 6));
}

void LiveChart::setView(double x0, double x1, double y0, double y1) {
    m_axes.setView(x0, x1, y0, y1);
    loadDetail();
    placeEvents();
}

void LiveChart::setDetailSource(DetailSource source) { m_points.setDetailSource(std::move(source)); }

void LiveChart::loadDetail() {
    // The view's steps in at most kDrawBuckets buckets (one per pixel column where the plot is
    // narrower): finer than the whole run's buckets once zoomed in, so read from the source.
    const double x0 = m_axes.x()->min(), x1 = m_axes.x()->max();
    const int columns = std::clamp(static_cast<int>(chart()->plotArea().width()), 1, kDrawBuckets);
    const qint64 width = std::max<qint64>(1, static_cast<qint64>(std::ceil((x1 - x0) / columns)));
    if (m_zoomed) m_points.loadDetail(x0, x1, width);
    else {
        m_points.dropDetail();
        m_points.markDirty();
    }
    refresh();
}

qint64 LiveChart::viewBucketSteps() const { return m_points.viewBucket(); }

void LiveChart::zoomToSteps(double x0, double x1) {
    if (m_lanes.empty() || !(x1 > x0)) return;
    m_zoomed = true;
    QValueAxis* y = m_axes.y();
    setView(x0, x1, y->min(), y->max());
    // The value axis fits what the view shows (its own buckets when it read them).
    const bool log = m_scale != AxisScale::Linear;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int i = 0; i < m_points.lanes(); ++i)
        for (const QPointF& p : m_points.shown(i))
            if (p.x() >= x0 && p.x() <= x1 && std::isfinite(p.y()) && (!log || p.y() > 0)) {
                lo = std::min(lo, p.y());
                hi = std::max(hi, p.y());
            }
    if (std::isfinite(lo)) m_axes.fitY(lo, hi);
    placeEvents();
}

void LiveChart::zoomAround(QPointF position, double factor) {
    if (m_lanes.empty()) return;
    // The steps around the pointer, the value axis fitted to what they show: zooming the value axis around
    // the pointer too left a loss chart's zoomed view empty whenever the pointer was above the lines.
    // A pointer beside the plot (over the axis labels) zooms around the plot's nearest edge: around the
    // point itself, a notch left of step 0 showed steps -2200..-1400 of a 100,000-step run, empty.
    const double at = std::clamp(chart()->mapToValue(position, m_lanes.front().series).x(), m_axes.x()->min(), m_axes.x()->max());
    const double x0 = at - (at - m_axes.x()->min()) * factor, x1 = at + (m_axes.x()->max() - at) * factor;
    if (factor > 1) {
        // Zooming out stops at the whole run: nothing to see beyond its first and last steps.
        double first = std::numeric_limits<double>::infinity(), last = -first;
        for (int i = 0; i < m_points.lanes(); ++i)
            if (!m_points.points(i).isEmpty()) {
                first = std::min(first, m_points.points(i).front().x());
                last = std::max(last, m_points.points(i).back().x());
            }
        if (!std::isfinite(first) || (x0 <= first && x1 >= last)) {
            resetZoom();
            return;
        }
    }
    zoomToSteps(x0, x1);
}

void LiveChart::resetZoom() {
    m_zoomed = false;
    m_points.dropDetail();
    chart()->zoomReset();
    refresh();
    fitAxes();
    placeEvents();
}

void LiveChart::wheelEvent(QWheelEvent* event) {
    if (event->angleDelta().y() == 0) return QChartView::wheelEvent(event);
    zoomAround(event->position(), event->angleDelta().y() > 0 ? 0.8 : 1.25);
    event->accept();
}

void LiveChart::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::RightButton) {
        resetZoom();
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void LiveChart::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::RightButton) {
        event->accept();  // not QChartView's zoom-out: a right click resets (see mousePressEvent)
        return;
    }
    const double x0 = m_axes.x()->min(), x1 = m_axes.x()->max();
    QChartView::mouseReleaseEvent(event);
    // A rectangle dragged: Qt zoomed in; give the axes their ticks and stop following new points.
    if (m_axes.x()->min() != x0 || m_axes.x()->max() != x1) {
        m_zoomed = true;
        QValueAxis* y = m_axes.y();
        setView(m_axes.x()->min(), m_axes.x()->max(), y->min(), y->max());
    }
}

void LiveChart::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Left || event->key() == Qt::Key_Right) {
        const double span = m_axes.x()->max() - m_axes.x()->min();
        const double d = (event->key() == Qt::Key_Left ? -0.2 : 0.2) * span;
        QValueAxis* y = m_axes.y();
        m_zoomed = true;
        setView(m_axes.x()->min() + d, m_axes.x()->max() + d, y->min(), y->max());
        event->accept();
        return;
    }
    QChartView::keyPressEvent(event);
}

void LiveChart::fitAxes() {
    if (m_zoomed) return;  // the person's view stays while the run goes on
    auto [x0, x1, y0, y1] = m_points.extent(m_axes.log());
    // A mark (a run's first inf/NaN) is part of the picture: the axes reach it.
    for (const ChartMarks::Cross& e : m_marks.crosses()) {
        if (!std::isfinite(e.x) || !std::isfinite(e.y) || (m_axes.log() && e.y <= 0)) continue;
        x0 = std::min(x0, e.x);
        x1 = std::max(x1, e.x);
        y0 = std::min(y0, e.y);
        y1 = std::max(y1, e.y);
    }
    m_axes.fit(x0, x1, y0, y1);
}

QPen LiveChart::seriesPen(int lane) const { return m_lanes.at(lane).series->pen(); }

void LiveChart::setLanePens(const QList<QPen>& pens) {
    m_lanePens = pens;
    applyLaneColours();
}

void LiveChart::applyLaneColours() {
    for (int i = 0; i < static_cast<int>(m_lanes.size()); ++i) {
        m_lanes[i].series->setPen(i < m_lanePens.size() ? m_lanePens[i] : lanePen(m_labels.value(i)));
        if (m_lanes[i].markers) {
            m_lanes[i].markers->setColor(laneStyle(m_labels.value(i)).color);
            m_lanes[i].markers->setBorderColor(chartsDark() ? Qt::white : Qt::black);
        }
    }
    for (QLegendMarker* marker : chart()->legend()->markers()) styleLegendMarker(marker);
}

int LiveChart::pointCount(int lane) const { return m_points.points(lane).size(); }
int LiveChart::markerCount(int lane) const { return m_points.markers(lane).size(); }
int LiveChart::seriesPointCount(int lane) const { return m_lanes.at(lane).series->count(); }

}  // namespace presisi
