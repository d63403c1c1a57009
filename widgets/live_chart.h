// A live line chart: one series per lane in the lane's colour, the whole run per series in a capped
// number of points (min and max of equal step buckets), a zoomed view re-read at its own resolution from a
// source, and one replace() per series per refresh.
#pragma once

#include <QChartView>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <functional>
#include <limits>
#include <vector>

#include "chart_marks.h"
#include "chart_style.h"
#include "step_axes.h"
#include "step_points.h"

class QGraphicsSimpleTextItem;
class QGraphicsLineItem;
class QLegendMarker;
class QLineSeries;
class QScatterSeries;
class QAbstractAxis;
class QValueAxis;
class QLogValueAxis;

namespace presisi {


class LiveChart : public QChartView {
    Q_OBJECT
public:
    LiveChart(const QString& title, const QString& xTitle, const QString& yTitle, QWidget* parent = nullptr);

    // One series per lane label ("cpu:bf16"); colours from laneStyle(). Drops all points.
    void setLanes(const QStringList& labels);
    // Retitles the chart and its value axis (a page that shows another quantity in the same place).
    void setTitles(const QString& title, const QString& yTitle);
    QStringList lanes() const { return m_labels; }
    void setScale(AxisScale scale);
    AxisScale scale() const { return m_scale; }
    void setPointCap(int cap) { m_points.setCap(cap); }
    // The largest value the quantity can take (100 for a percentage): the linear axis stops there.
    void setValueCeiling(double ceiling) { m_axes.setCeiling(ceiling); }
    int pointCap() const { return m_points.cap(); }
    // Optional marker series per lane (e.g. skipped optimizer steps on the scale chart).
    void setMarkerName(const QString& name) { m_markerName = name; }
    // Pens for the lanes in order, instead of their labels' (two runs of one lane label drawn side by
    // side, e.g. the NaN doctor's original and remedy); empty: the labels' pens. Kept until changed.
    void setLanePens(const QList<QPen>& pens);
    // Lanes without a legend entry (bands that belong to the lines drawn over them), from the next setLanes on.
    void setLegendHidden(const QList<int>& lanes) { m_legendHidden = lanes; }
    // The step axis reaches at least this far (a rerun's last step), whatever the points; NaN: no floor.
    void setXAtLeast(double x) { m_axes.setXAtLeast(x); }

    // Buffers points for a lane (x a step, in step order); nothing is drawn until refresh(). Each
    // bucket of bucketSteps() consecutive steps (aligned to multiples of it) keeps its lowest and
    // highest point, or its first non-finite one alone; the run's first and last points always stay.
    // When a lane holds more than the cap, the width doubles for every lane of the chart (adjacent
    // buckets merge), so each lane spans the whole run at an even density in at most `cap` points.
    void appendPoints(int lane, const QList<QPointF>& points);
    // The width of the decimation's buckets in steps, shared by all lanes: 1 while every step is kept,
    // then a power of two. What the chart data export states ("min and max of every 64 steps").
    int bucketSteps() const { return static_cast<int>(m_points.bucket()); }
    // The rule the held points follow, as the export writes it (untranslated: a file's contract).
    QString decimationRule() const;
    // Where a zoomed view reads every step of its range (a run's record store): called with a step
    // range [x0, x1] and a sink for each (lane, point) in it, in step order per lane; returns false when
    // the range holds more than it will read (the view then draws the run's own buckets). While zoomed
    // in, each of at most kDrawBuckets columns of the view keeps its steps' lowest and highest point.
    using PointSink = StepPoints::PointSink;
    using DetailSource = StepPoints::DetailSource;
    void setDetailSource(DetailSource source);
    // The width in steps of the buckets drawn now: the view's when read from the source, else bucketSteps().
    qint64 viewBucketSteps() const;
    static constexpr int kDrawMax = 800;                    // points per series handed to Qt Charts
    static constexpr int kDrawBuckets = (kDrawMax - 2) / 2;  // step ranges drawn (two points each)
    void appendMarkers(int lane, const QList<QPointF>& points);
    // An event on a lane's line (its loss turning inf or NaN): a cross in the lane's colour drawn at
    // (x, y) over the chart, kept through refreshes and resizes, dropped by clearPoints().
    void markEvent(int lane, double x, double y);
    int eventCount() const { return static_cast<int>(m_marks.crosses().size()); }
    QPen seriesPen(int lane) const;  // as drawn (for tests)
    // What an empty chart says (centred in the plot) until its first point arrives.
    void setEmptyText(const QString& text);
    // A dashed limit line at value y with its name (NaN: none), kept through refreshes and zooms.
    void setLevel(double y, const QString& text);
    // A vertical cursor at step x (NaN: none), e.g. the step being scrubbed to.
    void setCursor(double x);
    // Zoom: drag a rectangle (both axes) or turn the wheel over the chart (the steps around the pointer, the
    // value axis fitted to them); ← → pan while it has focus; a right click (or resetZoom) returns to the
    // whole run. While zoomed, new points do not move the view.
    bool isZoomed() const { return m_zoomed; }
    void zoomAround(QPointF position, double factor);
    void zoomToSteps(double x0, double x1);  // the view on steps [x0, x1], the value axis fitted to them
    void resetZoom();
    // What the hover readout says for a point of a lane's line ("cpu:f16 · step 40 · 0.0123").
    QString readout(int lane, QPointF drawn) const;

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

public:
    // Hands each changed series its window with one replace() and fits the axes.
    void refresh();
    void clearPoints();
    // Re-applies the lane colours to the series (after a theme change).
    void applyLaneColours();

    int pointCount(int lane) const;
    int markerCount(int lane) const;
    // What the drawn series holds (after refresh): at most 800, the lowest and highest of each of 399
    // equal step ranges of the run, and its first and last points.
    int seriesPointCount(int lane) const;
    int refreshCount() const { return m_refreshes; }
    // False once the lane was hidden by a click on its legend entry.
    bool laneVisible(int lane) const;
    // The data as drawn, for CSV export and tests.
    const QList<QPointF>& points(int lane) const { return m_points.points(lane); }

private:
    struct Lane {
        QLineSeries* series = nullptr;
        QScatterSeries* markers = nullptr;
    };
    void rebuildAxes();
    void fitAxes();
    void placeEvents();
    ChartMarks m_marks{this};  // crosses, cursor and empty text over the plot
    bool m_zoomed = false;
    void setView(double x0, double x1, double y0, double y1);  // bounded ranges, both axes

    QString m_xTitle, m_yTitle, m_markerName;
    QStringList m_labels;
    QString m_patternTip;  // the line patterns' sentence setLanes appended to the tooltip
    std::vector<Lane> m_lanes;  // the Qt Charts series, one per lane
    StepPoints m_points;        // what they are drawn from
    AxisScale m_scale = AxisScale::Linear;
    void loadDetail();  // after the view changed: reads the view's steps when finer
    QList<QPen> m_lanePens;
    QList<int> m_legendHidden;
    int m_refreshes = 0;
    StepAxes m_axes{this};  // the step and value axes
};

}  // namespace presisi
