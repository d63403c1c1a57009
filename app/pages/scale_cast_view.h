// The Training lab's third chart cell: the loss scale chart, and for a run with a lane of 8 bits and below a
// switch between it and the casts chart of those lanes (per step, for one GEMM operand over the layers: the share of
// elements the cast saturated or underflowed, or the range the scale uses, amax · scale over the format's max; or
// for one layer the tensor's amax against the amax its scale fits).
#pragma once

#include <QList>
#include <QPair>
#include <QStringList>
#include <QWidget>

#include "engine/training/record.h"
#include "engine/training/scenario.h"

class QComboBox;
class QStackedWidget;
class QToolButton;

namespace presisi {

class LiveChart;

class ScaleCastView : public QWidget {
    Q_OBJECT
public:
    enum class Statistic { Saturated, Underflowed, RangeUseLow, RangeUseHigh, AmaxAgainstScale };

    // `scale` is the page's loss scale chart: the view holds it in its first place.
    explicit ScaleCastView(LiveChart* scale, QWidget* parent = nullptr);

    LiveChart* casts() const { return m_casts; }
    bool showingCasts() const;
    void setShowingCasts(bool casts);
    Statistic statistic() const;
    void setStatistic(Statistic s);
    numerics::GemmOperand operand() const;
    void setOperand(numerics::GemmOperand operand);
    // New lanes: the casts chart's series are the scenario's lanes of 8 bits and below; with such a lane and
    // no scaler lane the cell shows the casts.
    void setLanes(const QStringList& labels, const Scenario& scenario);
    // The layer AmaxAgainstScale draws (0-based, below StepRecord::kCastLayers).
    int layer() const;
    void setLayer(int layer);
    // Record lane -> casts chart lane (-1: not a lane of 8 bits and below).
    int castLane(int lane) const { return m_castLane.value(lane, -1); }
    // The points a record gives on the casts chart for the chosen statistic, operand and layer: (series, value),
    // percent for the shares and range use, the magnitude for amax against the scale (whose lanes have two series
    // each: every lane's band, the amax its scale fits, then every lane's amax line). Non-finite values are left out.
    QList<QPair<int, double>> points(const StepRecord& r) const;

signals:
    void choiceChanged();  // the statistic or the operand: the chart is redrawn from the records

private:
    void applyStatistic();  // the chart's series, titles, axis and limit line for the chosen statistic

    LiveChart* m_scale = nullptr;
    LiveChart* m_casts = nullptr;
    QStackedWidget* m_stack = nullptr;
    QToolButton* m_scaleButton = nullptr;
    QToolButton* m_castButton = nullptr;
    QComboBox* m_statistic = nullptr;
    QComboBox* m_operand = nullptr;
    QComboBox* m_layer = nullptr;  // shown for AmaxAgainstScale only
    QWidget* m_header = nullptr;  // the switch and the choices: shown only for a run with such a lane
    QList<int> m_castLane;
    QStringList m_castLabels;
};

}  // namespace presisi
