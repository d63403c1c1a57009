// A scatter chart with one marker series per lane (lane colours), plus an optional y = x guide line.
#pragma once

#include <QChartView>
#include <QList>
#include <QPointF>
#include <QStringList>

class QScatterSeries;
class QLineSeries;
class QValueAxis;

namespace presisi {

class ScatterChart : public QChartView {
    Q_OBJECT
public:
    ScatterChart(const QString& title, const QString& xTitle, const QString& yTitle, QWidget* parent = nullptr);
    void setLanes(const QStringList& labels);
    void setPoints(int lane, const QList<QPointF>& points);  // replace() once
    void setDiagonal(bool on) { m_diagonal = on; }
    void refresh();  // fits the axes to every lane's points
    int pointCount(int lane) const;

private:
    QList<QScatterSeries*> m_series;
    QLineSeries* m_guide = nullptr;
    QValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    bool m_diagonal = false;
    int m_yTicks = 5;  // as many as the plot's height has room for (two and a half lines each)
};

// Bars, one per lane in the lane's colour, all in one category, on a log axis with upright value labels.
class BarChart : public QChartView {
    Q_OBJECT
public:
    BarChart(const QString& title, const QString& yTitle, QWidget* parent = nullptr);
    // On a log axis; a value of 0 (the reference) stays at the axis' foot. Each bar's legend entry names its
    // lane (without the device where all lanes share one) and its value with the shortest digits that read
    // back as it (entryText): pass values rounded as the page shows them elsewhere.
    void setValues(const QStringList& lanes, const QList<double>& values, const QString& category);
    // "bf16 0.001253"; the lane alone for a 0 (the reference).
    static QString entryText(const QString& lane, double value);

private:
    QString m_yTitle;
};

}  // namespace presisi
