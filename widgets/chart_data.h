// The data behind a chart as one table (every point, bin, bar or seed it draws, per lane), and its
// CSV and JSON forms: what File > Export chart data writes. Files keep the C locale and untranslated keys.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

class QWidget;

namespace presisi {

struct ChartData {
    QString chart;                   // the chart's title
    QString kind;                    // "line", "scatter", "histogram", "bars", "ranges", "seeds", "scaling"
    QStringList columns;             // keys: lane, step, value, bin_lo, bin_hi, ...
    QList<QList<QVariant>> rows;     // numbers (double, qint64) or text
    // Which points of the run the rows hold, for charts that decimate (LiveChart): "every step" or
    // "min and max of every 64 steps"; empty for the others (the rows are all there is).
    QString decimation;
    bool empty() const { return rows.isEmpty(); }
};

// What a chart of this project draws, read from the widget: LiveChart (lane, x, y of every point it
// holds), ScatterChart (lane, x, y), HistogramChart (lane, bin edges, value), ScalingChart (lane, x and
// y in real units), StackedBarChart (bar, part, value), RangeChart (rows), SeedChart (lane, seed,
// value), BarChart and any other QChartView (series, x, y / set, category, value). Empty for other widgets.
ChartData chartDataOf(const QWidget* chart);

// The title a chart shows ("Training loss"); empty when it has none.
QString chartTitleOf(const QWidget* chart);

// A file-name piece: lower case, words joined by '-', only [a-z0-9.x+-] ("Training loss" -> "training-loss").
QString fileSlug(const QString& text);

// CSV: a header of the columns, one line per row, numbers in the C locale at full precision (shortest
// round trip), text quoted when it holds a comma or quote. A decimation is a last column,
// "decimation", the same on every row (the header stays the first line; the columns before it as before).
QByteArray chartDataCsv(const ChartData& data);
// JSON: {"chart": ..., "kind": ..., "columns": [...], "rows": [[...], ...]}; non-finite numbers as null.
// A decimation is one more key, "decimation": "min and max of every 64 steps" (columns and rows as before).
QByteArray chartDataJson(const ChartData& data);

}  // namespace presisi
