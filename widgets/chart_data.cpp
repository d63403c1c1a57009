// Reading the data back out of each chart kind, and writing it as CSV or JSON.
#include "chart_data.h"

#include "chart_legend.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QLocale>
#include <QRegularExpression>
#include <QXYSeries>
#include <cmath>

#include "histogram_chart.h"
#include "live_chart.h"
#include "range_chart.h"
#include "scaling_chart.h"
#include "scatter_chart.h"
#include "seed_chart.h"
#include "stacked_bar_chart.h"

namespace presisi {

namespace {

QList<QVariant> row(std::initializer_list<QVariant> values) { return QList<QVariant>(values); }

// Charts with a line per lane (LiveChart, ScalingChart): every point each lane holds.
template <typename LaneChart>
ChartData lanePointsData(const LaneChart* c, const QString& kind, const QStringList& columns) {
    ChartData d{fullTitle(c->chart()), kind, columns, {}};
    const QStringList lanes = c->lanes();
    for (int l = 0; l < lanes.size(); ++l)
        for (const QPointF& p : c->points(l)) d.rows << row({lanes[l], p.x(), p.y()});
    return d;
}

// A histogram lane's outline is (e0, 0), then (e_i, v_i) and (e_i+1, v_i) per bin, then (e_n, 0).
ChartData histogramData(const HistogramChart* c) {
    ChartData d{fullTitle(c->chart()), "histogram", {"lane", "bin_lo", "bin_hi", "value"}, {}};
    for (QAbstractSeries* s : c->chart()->series()) {
        auto* line = qobject_cast<QLineSeries*>(s);
        // Bands are area series (their edges are not in the chart): the line series are the lanes.
        if (!line || s->type() != QAbstractSeries::SeriesTypeLine || line->name().isEmpty()) continue;
        const QList<QPointF> pts = line->points();
        if (pts.size() < 4 || pts.size() % 2 != 0) continue;
        for (qsizetype i = 1; i + 1 < pts.size(); i += 2)
            d.rows << row({line->name(), pts[i].x(), pts[i + 1].x(), pts[i].y()});
    }
    return d;
}

ChartData stackedData(const StackedBarChart* c) {
    ChartData d{fullTitle(c->chart()), "bars", {"bar", "part", "value"}, {}};
    const QStringList parts = c->parts();
    for (int b = 0; b < c->barCount(); ++b)
        for (int p = 0; p < parts.size(); ++p) d.rows << row({c->barLabel(b), parts[p], c->value(b, p)});
    return d;
}

ChartData rangeData(const RangeChart* c) {
    ChartData d{c->title(), "ranges",
                {"row", "kind", "abs_min_nonzero", "abs_max", "shadow_min", "shadow_max", "underflow_share",
                 "subnormal_share", "overflow_share", "format"},
                {}};
    for (const RangeBar& b : c->bars())
        d.rows << row({b.label, RangeChart::kindName(b.kind), b.absMinNonZero, b.absMax, b.shadowMin, b.shadowMax,
                       b.underflowShare, b.subnormalShare, b.overflowShare, c->limits().name});
    return d;
}

ChartData seedData(const SeedChart* c) {
    ChartData d{{}, "seeds", {"lane", "seed_index", "value", "mean", "spread", "reference", "verdict"}, {}};
    for (const SeedColumn& col : c->columns())
        for (int i = 0; i < col.values.size(); ++i)
            d.rows << row({col.label, i, col.values[i], col.mean, col.spread, col.reference, col.verdict});
    return d;
}

// Any other chart view: every XY series' points and every bar set's values by category.
ChartData genericData(const QChartView* view, const QString& kind) {
    ChartData d{fullTitle(view->chart()), kind, {"series", "x", "y"}, {}};
    for (QAbstractSeries* s : view->chart()->series()) {
        if (auto* xy = qobject_cast<QXYSeries*>(s)) {
            for (const QPointF& p : xy->points()) d.rows << row({xy->name(), p.x(), p.y()});
        } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(s)) {
            QStringList categories;
            for (QAbstractAxis* a : view->chart()->axes())
                if (auto* cat = qobject_cast<QBarCategoryAxis*>(a)) categories = cat->categories();
            for (QBarSet* set : bars->barSets())
                for (int i = 0; i < set->count(); ++i)
                    d.rows << row({set->label(), categories.value(i, QString::number(i)), set->at(i)});
        }
    }
    return d;
}

QString numberText(double v) {
    if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString csvField(const QVariant& v) {
    if (v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Float) return numberText(v.toDouble());
    if (v.typeId() == QMetaType::Bool) return v.toBool() ? "true" : "false";
    QString s = v.toString();
    if (s.contains(',') || s.contains('"') || s.contains('\n')) s = '"' + s.replace('"', "\"\"") + '"';
    return s;
}

QJsonValue jsonField(const QVariant& v) {
    if (v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Float) {
        const double d = v.toDouble();
        return std::isfinite(d) ? QJsonValue(d) : QJsonValue();
    }
    if (v.typeId() == QMetaType::Bool) return v.toBool();
    if (v.typeId() == QMetaType::Int || v.typeId() == QMetaType::LongLong) return v.toLongLong();
    return v.toString();
}

}  // namespace

ChartData chartDataOf(const QWidget* chart) {
    ChartData d;
    if (auto* c = qobject_cast<const LiveChart*>(chart)) {
        d = lanePointsData(c, "line", {"lane", "step", "value"});
        d.decimation = c->decimationRule();  // one rule for all lanes: they share the bucket width
    } else if (auto* c = qobject_cast<const HistogramChart*>(chart)) d = histogramData(c);
    else if (auto* c = qobject_cast<const ScalingChart*>(chart)) d = lanePointsData(c, "scaling", {"lane", "x", "y"});
    else if (auto* c = qobject_cast<const StackedBarChart*>(chart)) d = stackedData(c);
    else if (auto* c = qobject_cast<const RangeChart*>(chart)) d = rangeData(c);
    else if (auto* c = qobject_cast<const SeedChart*>(chart)) d = seedData(c);
    else if (auto* c = qobject_cast<const ScatterChart*>(chart)) d = genericData(c, "scatter");
    else if (auto* c = qobject_cast<const QChartView*>(chart)) d = genericData(c, "chart");
    if (d.chart.isEmpty()) d.chart = chartTitleOf(chart);
    return d;
}

QString chartTitleOf(const QWidget* chart) {
    if (auto* v = qobject_cast<const QChartView*>(chart)) return fullTitle(v->chart());
    if (auto* r = qobject_cast<const RangeChart*>(chart)) return r->title();
    if (qobject_cast<const SeedChart*>(chart)) return "seeds";
    return chart ? chart->accessibleName() : QString();
}

QString fileSlug(const QString& text) {
    QString s = text.toLower();
    s.replace(QRegularExpression("<[^>]*>"), " ");  // rich-text titles
    s.replace(QChar(0xD7), 'x');                     // 256×64
    s.replace(QRegularExpression("[^a-z0-9.+]+"), "-");
    s.replace(QRegularExpression("-+"), "-");
    while (s.startsWith('-') || s.startsWith('.')) s.remove(0, 1);
    while (s.endsWith('-') || s.endsWith('.')) s.chop(1);
    return s;
}

QByteArray chartDataCsv(const ChartData& data) {
    // A decimation goes in a last column rather than a line before the header: readers that take the
    // first line as the header, or pick columns by name or position, read the file as before.
    const bool decimated = !data.decimation.isEmpty();
    const QString rule = decimated ? ',' + csvField(data.decimation) : QString();
    QString out = data.columns.join(',') + (decimated ? ",decimation" : "") + '\n';
    for (const auto& r : data.rows) {
        QStringList fields;
        for (const QVariant& v : r) fields << csvField(v);
        out += fields.join(',') + rule + '\n';
    }
    return out.toUtf8();
}

QByteArray chartDataJson(const ChartData& data) {
    QJsonObject root;
    root["chart"] = data.chart;
    root["kind"] = data.kind;
    root["columns"] = QJsonArray::fromStringList(data.columns);
    QJsonArray rows;
    for (const auto& r : data.rows) {
        QJsonArray a;
        for (const QVariant& v : r) a.append(jsonField(v));
        rows.append(a);
    }
    root["rows"] = rows;
    if (!data.decimation.isEmpty()) root["decimation"] = data.decimation;
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

}  // namespace presisi
