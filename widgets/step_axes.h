// StepAxes: a LiveChart's two axes — steps along the bottom, the values on the left (linear, or log10 and
// log2 drawn as the value's logarithm with 1e-n and 2^n labels) — fitted to what the chart holds or set to
// a view, each with as many ticks as its labels fit in the plot.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <limits>

#include "step_points.h"

class QChart;
class QChartView;
class QValueAxis;

namespace presisi {

class StepAxes {
    Q_DECLARE_TR_FUNCTIONS(StepAxes)
public:
    explicit StepAxes(QChartView* view) : m_view(view) {}

    // New axes on the chart for `scale` (the series attach to x() and y() themselves).
    void rebuild(const QString& xTitle, const QString& yTitle, AxisScale scale);
    QValueAxis* x() const { return m_x; }
    QValueAxis* y() const { return m_y; }
    bool log() const { return m_scale != AxisScale::Linear; }

    void setCeiling(double ceiling) { m_ceiling = ceiling; }  // the linear axis stops there (100 %)
    void setXAtLeast(double x) { m_xAtLeast = x; }            // the step axis reaches this far (NaN: no floor)
    // Both axes over the data's extent, whole ticks; an empty extent (x0 not finite) gets 0..1.
    void fit(double x0, double x1, double y0, double y1);
    // The value axis over [y0, y1] (data units), padded as its scale wants.
    void fitY(double y0, double y1);
    // The view exactly as asked for (drawn units), its tick interval chosen for its own span.
    void setView(double x0, double x1, double y0, double y1);
    // The plot changed size by more than the ticks were counted for: true when they should be counted again.
    bool plotResized();

private:
    int stepTicks(double x0, double x1) const;  // step-axis ticks whose labels fit the plot's width
    int valueTicks() const;                     // value-axis ticks whose labels fit the plot's height

    QChart* chart() const;
    QChartView* m_view;  // the axes are its chart's
    QValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    AxisScale m_scale = AxisScale::Linear;
    double m_ceiling = std::numeric_limits<double>::infinity();
    double m_xAtLeast = std::numeric_limits<double>::quiet_NaN();
    double m_ticksForWidth = 0;   // the plot width the step ticks were last counted for
    double m_ticksForHeight = 0;  // the plot height the value ticks were last counted for
};

}  // namespace presisi
