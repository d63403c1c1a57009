// Step buckets: a line's points (x a step, in step order) decimated to the lowest and highest point
// of every bucket of `width` consecutive steps, aligned to multiples of the width, so that a spike or a
// drop of any length survives at every width and buckets merge from their kept points alone.
#pragma once

#include <QList>
#include <QPointF>

namespace presisi {

// Steps per bucket at most: a cap too small for any width ends the doubling here.
inline constexpr qint64 kMaxBucket = qint64(1) << 40;

qint64 bucketOf(double x, qint64 width);
// One bucket's points src[b, e) reduced into `out`: its first non-finite point alone, else its lowest
// and highest in step order. Returns whether src[e - 1] is among those kept.
bool keepExtremes(const QList<QPointF>& src, qsizetype b, qsizetype e, QList<QPointF>& out);
// Every bucket of `pts` reduced again at a (larger) width; the first and last points stay.
void regroupBuckets(QList<QPointF>& pts, qint64 width);
// Appends the newest point of a line kept in buckets of `width` (the open bucket shrinks to its extremes
// when the point starts a new one).
void addBucketed(QList<QPointF>& pts, QPointF p, qint64 width);
// At most maxPoints of pts for drawing: [first, last] cut into equal step ranges, each keeping its
// lowest and highest point, plus the line's first and last points.
QList<QPointF> thinByRanges(const QList<QPointF>& pts, double first, double last, int maxPoints);

}  // namespace presisi
