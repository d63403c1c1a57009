// StepPoints: what a LiveChart holds of each lane's line and markers — every step while the lanes fit
// their cap, then the lowest and highest point of equal step buckets (the width doubling as the run
// grows, the same for every lane); a zoomed view's finer buckets read from a detail source; which lanes
// changed since they were last drawn; and what is drawn of a lane, at most a given count of points.
#pragma once

#include <QList>
#include <QPointF>
#include <array>
#include <functional>
#include <vector>

namespace presisi {

// How a chart's value axis reads its values.
enum class AxisScale { Linear, Log10, Log2 };

class StepPoints {
public:
    using PointSink = std::function<void(int lane, QPointF point)>;
    // Called with a step range [x0, x1] and a sink for each (lane, point) in it, in step order per lane;
    // false when the range holds more than it will read.
    using DetailSource = std::function<bool(double x0, double x1, const PointSink& sink)>;

    void reset(int lanes);  // `lanes` empty lanes, every step kept again, no detail
    void clear();           // every lane's points and markers gone, every step kept again, no detail
    void setCap(int cap) { m_cap = cap; }
    int cap() const { return m_cap; }
    int lanes() const { return static_cast<int>(m_lanes.size()); }

    void append(int lane, const QList<QPointF>& points);
    // Markers are events (skipped steps): the newest `cap` of them are kept.
    void appendMarkers(int lane, const QList<QPointF>& points);
    const QList<QPointF>& points(int lane) const { return m_lanes.at(lane).points; }
    const QList<QPointF>& markers(int lane) const { return m_lanes.at(lane).markers; }
    // The points the view shows: the detail read for it, else the lane's own buckets.
    const QList<QPointF>& shown(int lane) const;
    bool empty() const;

    qint64 bucket() const { return m_bucket; }              // steps per bucket of the lanes' own points
    qint64 detailBucket() const { return m_detailBucket; }  // 0: no detail read
    qint64 viewBucket() const { return m_detailBucket > 0 ? m_detailBucket : m_bucket; }

    void setDetailSource(DetailSource source);
    // Steps [x0, x1] in buckets of `width` from the source, one bucket beyond each edge, when that is
    // finer than the lanes' own buckets (else, or when the source declines, no detail).
    void loadDetail(double x0, double x1, qint64 width);
    void dropDetail();

    bool dirty(int lane) const { return m_lanes.at(lane).dirty; }
    void setClean(int lane) { m_lanes.at(lane).dirty = false; }
    void markDirty();  // every lane drawn again at the next refresh
    // What is drawn of a lane on an axis of `scale` (finite values; positive ones on a log axis, as their
    // logarithm): its shown points thinned to at most `maxPoints` over the steps [first, last] that all
    // lanes share, so every lane is cut at the same steps.
    QList<QPointF> drawn(int lane, AxisScale scale, double first, double last, int maxPoints) const;
    QList<QPointF> drawnMarkers(int lane, AxisScale scale) const;
    // The first and last step any lane shows (infinite when none).
    std::pair<double, double> shownRange() const;
    // The box {x0, x1, y0, y1} around every lane's own points and markers with a finite value (a positive
    // one when `log`); x0 is infinite when there is none.
    std::array<double, 4> extent(bool log) const;

private:
    struct Lane {
        QList<QPointF> points;
        QList<QPointF> markers;
        QList<QPointF> detail;  // the zoomed view's steps from the source, in buckets of m_detailBucket
        bool dirty = false;
    };
    void coarsen();  // doubles m_bucket until every lane fits the cap

    std::vector<Lane> m_lanes;
    int m_cap = 2000;
    qint64 m_bucket = 1;  // steps per decimation bucket, all lanes
    DetailSource m_detailSource;
    qint64 m_detailBucket = 0;              // 0: the view shows the lanes' own points
    double m_detailX0 = 0, m_detailX1 = 0;  // the steps the detail covers
};

}  // namespace presisi
