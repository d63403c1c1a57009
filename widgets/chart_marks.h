// ChartMarks: what a LiveChart draws over its plot — a cross in a lane's colour where an event happened
// on its line (its loss turning inf or NaN), a vertical cursor at a step, and the empty chart's text —
// placed again whenever the axes or the plot change.
#pragma once

#include <QColor>
#include <QString>
#include <limits>
#include <vector>

#include "step_points.h"

class QAbstractSeries;
class QChart;
class QChartView;
class QGraphicsLineItem;
class QGraphicsSimpleTextItem;

namespace presisi {

class ChartMarks {
public:
    explicit ChartMarks(QChartView* view) : m_view(view) {}
    ~ChartMarks();
    ChartMarks(const ChartMarks&) = delete;
    ChartMarks& operator=(const ChartMarks&) = delete;

    struct Cross {
        int lane = 0;
        double x = 0, y = 0;  // data units
        QGraphicsSimpleTextItem* item = nullptr;
    };
    void addCross(int lane, double x, double y, const QColor& fill);
    void clearCrosses();
    const std::vector<Cross>& crosses() const { return m_crosses; }
    void setCursor(double x);  // NaN: none
    // A dashed horizontal line across the plot at value y (data units; NaN: none) with `text` at its right
    // end: a limit the lines are read against (a format's max).
    void setLevel(double y, const QString& text);
    void setEmptyText(const QString& text);

    // Everything where the chart's axes put it now: `series[lane]` maps a lane's values (on an axis of
    // `scale`) to positions; `empty`: no lane has a point (the empty text shows).
    void place(const std::vector<QAbstractSeries*>& series, AxisScale scale, bool empty);

private:
    QChart* chart() const;
    QChartView* m_view;  // its chart holds the items
    std::vector<Cross> m_crosses;
    QGraphicsLineItem* m_cursor = nullptr;
    double m_cursorX = std::numeric_limits<double>::quiet_NaN();
    QGraphicsLineItem* m_level = nullptr;
    QGraphicsSimpleTextItem* m_levelText = nullptr;
    double m_levelY = std::numeric_limits<double>::quiet_NaN();
    QGraphicsSimpleTextItem* m_emptyItem = nullptr;
    QString m_emptyText;
};

}  // namespace presisi
