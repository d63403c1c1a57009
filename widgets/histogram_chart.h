// A histogram chart: one step outline per lane (lane colours) over shared bins, with optional
// labelled bands (e.g. the f16 subnormal and normal ranges on a log2 magnitude axis).
#pragma once

#include <QChartView>
#include <QColor>
#include <QList>
#include <QStringList>
#include <vector>

#include "engine/training/record.h"

class QLineSeries;
class QAreaSeries;
class QValueAxis;
class QGraphicsSimpleTextItem;
class QGraphicsRectItem;

namespace presisi {

// One lane's gradient histogram as the chart draws it: bins of log2 |g| as a percentage of all of
// the chosen gradient elements, and the shares the bins cannot show (exact zeros, inf/NaN).
struct HistogramView {
    QList<double> edges;   // bin i spans [edges[i], edges[i+1]) in log2 |g|
    QList<double> values;  // % of all chosen elements
    double zeroShare = 0, nonFiniteShare = 0;  // 0..1
    double underflowShare = 0;  // 0..1: zero in the lane, non-zero in the float32 shadow (the underflow chart's share)
    double lo = 0, hi = 0;  // x extent of the non-empty bins, one bin of margin left, two right
    bool any = false;       // some element was counted
};
// Which of a histogram's tensors a view pools: every layer's weight and output gradients, every layer's
// weight gradients (what the underflow chart counts by default), every layer's output gradients, or
// g.layers[k] only (k = 2n: layer n's weights, 2n + 1: its outputs).
inline constexpr int kHistAllTensors = -1, kHistAllWeights = -2, kHistAllOutputs = -3;
HistogramView makeHistogramView(const GradHistogram& g, int layerChoice);

class HistogramChart : public QChartView {
    Q_OBJECT
public:
    HistogramChart(const QString& title, const QString& xTitle, const QString& yTitle, QWidget* parent = nullptr);

    void setLanes(const QStringList& labels);
    // A shaded x-range [x0, x1] named in the legend; drawn behind the lanes, from yFrom to yTo (shares
    // of the plot's height), so bands of different rows never overlap and blend into a third colour.
    void addBand(double x0, double x1, const QString& name, const QColor& color, double yFrom = 0, double yTo = 1);
    void clearBands();
    // Bin i spans [edges[i], edges[i+1]); values.size() == edges.size() - 1.
    void setHistogram(int lane, const QList<double>& edges, const QList<double>& values);
    // Drops every lane's outline (the chart says why it is empty until the next histogram).
    void clearHistograms();
    // What the bins cannot show for a lane (exact zeros, inf/NaN), written in the lane's colour in
    // the plot's top-left corner; empty: nothing for this lane.
    void setLaneNote(int lane, const QString& note);
    QString laneNote(int lane) const;
    // What an empty chart says instead of showing bands over nothing.
    void setEmptyText(const QString& text);
    bool isEmpty() const;
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
        QString label;
        QString note;
        QList<QPointF> outline;
        bool dirty = false;
    };
    struct Band {
        QAreaSeries* area = nullptr;
        QLineSeries* upper = nullptr;
        QLineSeries* lower = nullptr;
        double x0 = 0, x1 = 0;
        double yFrom = 0, yTo = 1;
    };
    void attach(QAbstractSeries* s);

    std::vector<Lane> m_lanes;
    std::vector<Band> m_bands;
    QValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    bool m_fixedX = false;
    QString m_emptyText;
    QGraphicsSimpleTextItem* m_emptyItem = nullptr;
    QList<QGraphicsRectItem*> m_noteItems;
    void placeNotes();
    int m_refreshes = 0;
};

}  // namespace presisi
