// StepPoints: the lanes' bucketed points, the zoomed view's detail, and what is drawn of them.
#include "step_points.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "step_buckets.h"

namespace presisi {

void StepPoints::reset(int lanes) {
    m_lanes.assign(static_cast<std::size_t>(std::max(0, lanes)), Lane{});
    m_bucket = 1;
    m_detailBucket = 0;
}

void StepPoints::clear() {
    for (Lane& l : m_lanes) {
        l.points.clear();
        l.markers.clear();
        l.dirty = true;
    }
    m_bucket = 1;
    dropDetail();
}

bool StepPoints::empty() const {
    return std::all_of(m_lanes.begin(), m_lanes.end(), [](const Lane& l) { return l.points.isEmpty(); });
}

const QList<QPointF>& StepPoints::shown(int lane) const {
    const Lane& l = m_lanes.at(lane);
    return m_detailBucket > 0 ? l.detail : l.points;
}

void StepPoints::coarsen() {
    auto over = [this] {
        return std::any_of(m_lanes.begin(), m_lanes.end(), [this](const Lane& l) { return l.points.size() > m_cap; });
    };
    // A width of 2 keeps every step of a run of whole steps (two points, both extremes): the doubling
    // goes on until the lanes fit, so the first overflow goes straight to 4.
    while (over() && m_bucket < kMaxBucket) {
        m_bucket *= 2;
        for (Lane& l : m_lanes) {
            regroupBuckets(l.points, m_bucket);
            l.dirty = true;
        }
    }
}

void StepPoints::append(int lane, const QList<QPointF>& points) {
    if (lane < 0 || lane >= lanes()) return;
    Lane& l = m_lanes[lane];
    for (const QPointF& p : points) {
        addBucketed(l.points, p, m_bucket);
        if (l.points.size() > m_cap) coarsen();
        // A zoomed view read from the source keeps growing with the steps that fall inside it.
        if (m_detailBucket > 0 && p.x() >= m_detailX0 && p.x() <= m_detailX1) addBucketed(l.detail, p, m_detailBucket);
    }
    l.dirty = true;
}

void StepPoints::appendMarkers(int lane, const QList<QPointF>& points) {
    if (lane < 0 || lane >= lanes()) return;
    Lane& l = m_lanes[lane];
    l.markers.append(points);
    if (l.markers.size() > m_cap) l.markers.remove(0, l.markers.size() - m_cap);
    l.dirty = true;
}

void StepPoints::setDetailSource(DetailSource source) {
    m_detailSource = std::move(source);
    dropDetail();
}

void StepPoints::dropDetail() {
    if (m_detailBucket == 0) return;
    m_detailBucket = 0;
    for (Lane& l : m_lanes) {
        l.detail.clear();
        l.dirty = true;
    }
}

void StepPoints::loadDetail(double x0, double x1, qint64 width) {
    dropDetail();  // every lane's detail is empty from here (a declined read empties its own)
    if (m_detailSource && width < m_bucket) {
        // One bucket beyond each edge, so the lines run on to the plot's borders.
        m_detailX0 = double((bucketOf(x0, width) - 1) * width);
        m_detailX1 = double((bucketOf(x1, width) + 2) * width - 1);
        const int n = lanes();
        const bool read = m_detailSource(m_detailX0, m_detailX1, [&](int lane, QPointF p) {
            if (lane >= 0 && lane < n) addBucketed(m_lanes[lane].detail, p, width);
        });
        if (read) m_detailBucket = width;
        else
            for (Lane& l : m_lanes) l.detail.clear();
    }
    markDirty();
}

void StepPoints::markDirty() {
    for (Lane& l : m_lanes) l.dirty = true;
}

namespace {

QList<QPointF> onAxis(const QList<QPointF>& pts, AxisScale scale) {
    QList<QPointF> out;
    out.reserve(pts.size());
    for (const QPointF& p : pts) {
        if (!std::isfinite(p.y())) continue;
        if (scale == AxisScale::Linear) out.append(p);
        else if (p.y() > 0 && scale == AxisScale::Log10) out.append(QPointF(p.x(), std::log10(p.y())));
        else if (p.y() > 0) out.append(QPointF(p.x(), std::log2(p.y())));
    }
    return out;
}

}  // namespace

QList<QPointF> StepPoints::drawn(int lane, AxisScale scale, double first, double last, int maxPoints) const {
    return thinByRanges(onAxis(shown(lane), scale), first, last, maxPoints);
}

QList<QPointF> StepPoints::drawnMarkers(int lane, AxisScale scale) const { return onAxis(markers(lane), scale); }

std::pair<double, double> StepPoints::shownRange() const {
    double first = std::numeric_limits<double>::infinity(), last = -first;
    for (int i = 0; i < lanes(); ++i)
        for (const QPointF& p : shown(i)) {
            first = std::min(first, p.x());
            last = std::max(last, p.x());
        }
    return {first, last};
}

std::array<double, 4> StepPoints::extent(bool log) const {
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    for (const Lane& l : m_lanes)
        for (const QList<QPointF>* pts : {&l.points, &l.markers})
            for (const QPointF& p : *pts) {
                if (!std::isfinite(p.y()) || (log && p.y() <= 0)) continue;
                x0 = std::min(x0, p.x());
                x1 = std::max(x1, p.x());
                y0 = std::min(y0, p.y());
                y1 = std::max(y1, p.y());
            }
    return {x0, x1, y0, y1};
}

}  // namespace presisi
