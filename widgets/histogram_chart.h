// A histogram chart: one step outline per lane (lane colours) over shared bins, with optional
// labelled bands (e.g. the f16 subnormal and normal ranges on a log2 magnitude axis).
#pragma once

#include <QChartView>
#include <QColor>
#include <QList>
#include <QStringList>
#include <vector>

class QLineSeries;
class QAreaSeries;
class QValueAxis;

namespace presisi {

class HistogramChart : public QChartView {
    Q_OBJECT
public:
    HistogramChart(const QString& title, const QString& xTitle, const QString& yTitle, QWidget* parent = nullptr);

    void setLanes(const QStringList& labels);
    // A shaded x-range [x0, x1] named in the legend; drawn behind the lanes.
    void addBand(double x0, double x1, const QString& name, const QColor& color);
    void clearBands();
    // Bin i spans [edges[i], edges[i+1]); values.size() == edges.size() - 1.
    void setHistogram(int lane, const QList<double>& edges, const QList<double>& values);
    // Fixes the x range (the bands may reach beyond the data); otherwise it follows the data.
    void setXRange(double x0, double x1);
    void refresh();
    void setLegendRight(bool right);
    void applyLaneColours();
    int laneCount() const { return static_cast<int>(m_lanes.size()); }
    int refreshCount() const { return m_refreshes; }

private:
    struct Lane {
        QLineSeries* series = nullptr;
        QList<QPointF> outline;
        bool dirty = false;
    };
    struct Band {
        QAreaSeries* area = nullptr;
        QLineSeries* upper = nullptr;
        QLineSeries* lower = nullptr;
        double x0 = 0, x1 = 0;
    };
    void attach(QAbstractSeries* s);

    std::vector<Lane> m_lanes;
    std::vector<Band> m_bands;
    QValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    bool m_fixedX = false;
    int m_refreshes = 0;
};

}  // namespace presisi
