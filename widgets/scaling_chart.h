// A chart of a rate against a power-of-two quantity (TFLOP/s against matrix size, samples/s against batch
// size): a line with points per lane on a log2 x axis labelled with the sizes themselves, and labelled marks
// (the knee of a batch sweep). Lane colours and patterns come from lane_style; emulated lanes are dotted.
#pragma once

#include <QChartView>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <vector>

class QCategoryAxis;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace presisi {

class ScalingChart : public QChartView {
    Q_OBJECT
public:
    // xName and yUnit name the quantities in the hover readout ("size", "TFLOP/s").
    ScalingChart(const QString& title, const QString& xTitle, const QString& yTitle, const QString& xName,
                 const QString& yUnit, QWidget* parent = nullptr);

    // One line per lane label ("f32", "bf16 native", "cpu:bf16"); drops all points and marks.
    void setLanes(const QStringList& labels);
    QStringList lanes() const { return m_labels; }
    void setXTitle(const QString& title);
    // Points in real units: x > 0 (a size or batch; drawn at log2 x), y the rate.
    void setPoints(int lane, const QList<QPointF>& points);
    const QList<QPointF>& points(int lane) const { return m_lanes.at(lane).points; }
    // A labelled point on a lane's line (x in real units), e.g. "knee: batch 256".
    void addMark(int lane, QPointF point, const QString& text);
    int markCount() const { return static_cast<int>(m_marks.size()); }
    QString markText(int index) const { return m_marks.at(index).text; }
    // Drops the points of every lane (the lanes stay) and every mark.
    void clearPoints();
    void setEmptyText(const QString& text);
    // Fits the axes to the points and places the marks; call after setPoints/addMark.
    void refresh();
    void applyLaneColours();
    // What the hover readout says for a point of a lane's line (x in real units).
    QString readout(int lane, QPointF point) const;
    // The pen and legend text of a lane: lane_style's, an emulated lane dotted.
    static QPen pen(const QString& label);
    static QString legendName(const QString& label);

private:
    struct Lane {
        QLineSeries* series = nullptr;
        QList<QPointF> points;
    };
    struct Mark {
        int lane = 0;
        QPointF point;  // real units
        QString text;
        QGraphicsSimpleTextItem* item = nullptr;
        QGraphicsRectItem* backdrop = nullptr;
    };
    void rebuildAxes(double lo2, double hi2);
    void placeMarks();

    QString m_xTitle, m_yTitle, m_xName, m_yUnit, m_emptyText;
    QStringList m_labels;
    std::vector<Lane> m_lanes;
    std::vector<Mark> m_marks;
    QScatterSeries* m_markSeries = nullptr;
    QCategoryAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    QGraphicsSimpleTextItem* m_emptyItem = nullptr;
    double m_yFactor = 1;  // drawn y = rate / factor (1, 1e3 or 1e6)
};

// A size as a short label: 256, 1024, 64Ki above 2^14 (binary, exact for powers of two).
QString sizeLabel(double size);

}  // namespace presisi
