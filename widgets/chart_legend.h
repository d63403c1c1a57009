// Chart texts that stay whole: legends under the plot while their entries fit one row, beside it (an
// entry a line) when they do not, titles in lines and axis titles that fit their axis, instead of what Qt Charts elides
// ("cpu:f1…", "loss (log a…") in a small chart or at large text.
#pragma once

#include <QString>
#include <QtGlobal>

class QChart;
class QChartView;
class QLegendMarker;
class QObject;

namespace presisi {

// A legend under the plot whose entries do not fit one row of `width` (the chart's width when < 0), or whose
// chart is less than 13 lines of the legend's font high (`height`, the chart's when < 0: under the plot, the
// legend's row would squeeze the axis labels out) while its widest entry fits a third of the width, moves beside
// the plot, and back under it when neither holds. A legend its chart placed elsewhere stays. Call it after changing a chart's series or fonts.
void fitLegend(QChart* chart, qreal width = -1, qreal height = -1);
// A series property: true where the series has no legend entry (fitLegend leaves it out of the row).
inline constexpr const char* kLegendHiddenProperty = "presisiLegendHidden";
// Hides the legend entries of the chart's series that have kLegendHiddenProperty, shows the others.
void applyLegendHidden(QChart* chart);
// A series property: another series (a QObject*) that a click on this one's legend entry hides and shows with it.
inline constexpr const char* kLegendCompanionProperty = "presisiLegendCompanion";
// The chart's title whole: broken into lines at spaces where it is wider than `width` (the chart's when
// < 0), never elided. Called on every resize and plot change of a view fitLegendOnResize watches.
void fitChartTitle(QChart* chart, qreal width = -1);
// The title as the chart set it, before fitChartTitle broke it into lines (exports and tests read this).
QString fullTitle(const QChart* chart);
// Each axis title whole, shortened (its parenthesis dropped) or, where even that is longer than the axis,
// left out; never elided. Called whenever the plot area changes.
void fitAxisTitles(QChart* chart);
// Fits `view`'s legend whenever the view is resized, and its axis titles whenever its plot changes
// (every styled chart view does both).
void fitLegendOnResize(QChartView* view);

// Clicking a legend entry hides or shows its series; the entry stays, dimmed and struck out while its
// series is hidden. `context` owns the connections. Call it after changing the chart's series.
void makeLegendToggles(QChart* chart, QObject* context);
// An entry dimmed and struck out when its series is hidden (again after a theme change).
void styleLegendMarker(QLegendMarker* marker);

}  // namespace presisi
