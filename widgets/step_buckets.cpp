// Step buckets: the min/max decimation LiveChart keeps its lines in (see step_buckets.h).
#include "step_buckets.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace presisi {

// Steps per bucket at most: a cap too small for any width ends the doubling here.
qint64 bucketOf(double x, qint64 width) { return static_cast<qint64>(std::floor(x / double(width))); }

// One bucket's points src[b, e) reduced into `out`: its first non-finite point alone (it stands for
// the bucket, so a NaN or inf step is never averaged away), else its lowest and highest in step order
// (one point when they coincide). Returns whether src[e - 1] is among those kept. Reducing any subset
// that holds a bucket's kept points gives the same as reducing the whole bucket, which is what lets a
// bucket grow one point at a time and two buckets merge from their kept points alone.
bool keepExtremes(const QList<QPointF>& src, qsizetype b, qsizetype e, QList<QPointF>& out) {
    qsizetype lo = b, hi = b;
    for (qsizetype k = b; k < e; ++k) {
        if (!std::isfinite(src[k].y())) {
            lo = hi = k;
            break;
        }
        if (src[k].y() < src[lo].y()) lo = k;
        if (src[k].y() > src[hi].y()) hi = k;
    }
    out.append(src[std::min(lo, hi)]);
    if (lo != hi) out.append(src[std::max(lo, hi)]);
    return std::max(lo, hi) == e - 1;
}

// The lane's points regrouped into buckets of `width` steps: the first point as it is, each run of
// consecutive points in one bucket reduced to its extremes, the last point kept.
void regroupBuckets(QList<QPointF>& pts, qint64 width) {
    if (pts.size() <= 2) return;
    QList<QPointF> out;
    out.reserve(pts.size() / 2 + 4);
    out.append(pts.front());  // the run's first step stays where it is
    const qsizetype n = pts.size();
    for (qsizetype i = 1; i < n;) {
        const qint64 bucket = bucketOf(pts[i].x(), width);
        qsizetype j = i + 1;
        while (j < n && bucketOf(pts[j].x(), width) == bucket) ++j;
        const bool lastKept = keepExtremes(pts, i, j, out);
        if (j == n && !lastKept) out.append(pts.back());  // and so does its last
        i = j;
    }
    pts = std::move(out);
}

// One new point p (the run's newest) into a lane bucketed by `width`. The tail of the list is the open
// bucket: its extremes so far, and its newest point while that is not one of them. A point in a new
// bucket first closes the open one (down to its extremes alone).
void addBucketed(QList<QPointF>& pts, QPointF p, qint64 width) {
    if (pts.isEmpty()) {
        pts.append(p);
        return;
    }
    const qint64 bucket = bucketOf(p.x(), width);
    auto tailStart = [&](qint64 b) {
        qsizetype s = pts.size();
        while (s > 1 && bucketOf(pts[s - 1].x(), width) == b) --s;  // index 0, the first point, is never regrouped
        return s;
    };
    qsizetype s = tailStart(bucket);
    if (s == pts.size()) {
        if (pts.size() > 1) {
            const qsizetype t = tailStart(bucketOf(pts.back().x(), width));
            QList<QPointF> closed;
            keepExtremes(pts, t, pts.size(), closed);
            pts.resize(t);
            pts.append(closed);
        }
        pts.append(p);
        return;
    }
    QList<QPointF> open(pts.begin() + s, pts.end());
    open.append(p);
    pts.resize(s);
    if (!keepExtremes(open, 0, open.size(), pts)) pts.append(p);
}

QList<QPointF> thinByRanges(const QList<QPointF>& pts, double first, double last, int maxPoints) {
    if (pts.size() <= maxPoints) return pts;
    const int buckets = std::max(1, (maxPoints - 2) / 2);
    const double width = (last - first) / buckets;
    auto bucket = [&](double x) { return width > 0 ? std::clamp(static_cast<int>((x - first) / width), 0, buckets - 1) : 0; };
    QList<QPointF> out;
    out.reserve(maxPoints);
    out.append(pts.front());
    const qsizetype n = pts.size() - 1;  // the last point is appended after the buckets
    for (qsizetype i = 1; i < n;) {
        const int b = bucket(pts[i].x());
        qsizetype lo = i, hi = i, j = i + 1;
        for (; j < n && bucket(pts[j].x()) == b; ++j) {
            if (pts[j].y() < pts[lo].y()) lo = j;
            if (pts[j].y() > pts[hi].y()) hi = j;
        }
        out.append(pts[std::min(lo, hi)]);
        if (lo != hi) out.append(pts[std::max(lo, hi)]);
        i = j;
    }
    out.append(pts.back());
    return out;
}

}  // namespace presisi
