// The house chart look (colours, fonts, axes, empty-chart text, tick-aligned ranges), used by every chart.
#pragma once

#include <QString>

class QAbstractAxis;
class QChart;
class QChartView;
class QGraphicsSimpleTextItem;
class QValueAxis;

namespace presisi {

// Applies the house chart look: no animation, legend at the bottom, fonts at least 10 pt.
void styleChart(QChart* chart);
// Gives `view` a new styled chart titled `title` (antialiased, a readable minimum size); the view owns it.
QChart* installStyledChart(QChartView* view, const QString& title);
// Axis title and labels at 10 pt, the title not bold: the same on every chart.
void styleAxis(QAbstractAxis* axis, const QString& title);
// A line of text centred in `chart`'s plot area, made on first use (`item` then owns it through the
// chart), shown or hidden; for what an empty chart says.
void showCentredText(QChart* chart, QGraphicsSimpleTextItem*& item, const QString& text, bool visible);
// Light or dark chart colours (background, text, grid) for every chart styled from now on;
// applyChartColours re-colours an existing chart, its axes included. Series keep their lane colours.
void setChartsDark(bool dark);
bool chartsDark();
void applyChartColours(QChart* chart);
// The most ticks an axis is ever given: every range a chart sets is bounded by it.
inline constexpr int kMaxAxisTicks = 64;
// Sets [lo, hi] widened to whole ticks of 1, 2 or 5 times a power of ten (about `ticks` of them).
// The only way a chart sets a value axis's range: range, anchor and interval change together, and a
// non-finite, reversed or vanishing range is widened to a bounded one first.
// An axis whose label format is a plain "%.Ng" gets, from here, the fixed decimals its interval needs.
void setNiceRange(QValueAxis* axis, double lo, double hi, int ticks, bool integers);
// Sets exactly [lo, hi] (bounded as above), its ticks the whole multiples of the same interval inside it: a
// view a person chose (a wheel notch, a dragged rectangle, an arrow key), which widening would undo (a
// notch into 0..400 gave 52..372, widened to 0..400 again).
void setExactRange(QValueAxis* axis, double lo, double hi, int ticks, bool integers);
// The label format of plain numbers for ticks every `step` over [lo, hi]: "%.0f" for 500 / 1000 / 1500,
// "%.2f" for 0.05 steps; empty where plain decimals would be too long (|v| of a million or more, steps
// below 0.0001), for the axis's own 'g' format.
QString plainLabelFormat(double lo, double hi, double step);

}  // namespace presisi
