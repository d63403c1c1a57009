// The Training lab's third chart cell: the loss scale chart, and for a run with a lane of 8 bits and below a
// switch between it and the casts chart of those lanes (per step, for one GEMM operand over the layers: the share of elements the cast
// saturated or underflowed, or the range the scale uses, amax · scale over the format's max).
#pragma once

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
    enum class Statistic { Saturated, Underflowed, RangeUseLow, RangeUseHigh };

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
    // Record lane -> casts chart lane (-1: not a lane of 8 bits and below).
    int castLane(int lane) const { return m_castLane.value(lane, -1); }
    // The point a record gives on the casts chart for the chosen statistic and operand (percent); NaN: none.
    double value(const StepRecord& r) const;

signals:
    void choiceChanged();  // the statistic or the operand: the chart is redrawn from the records

private:
    void applyStatistic();  // the chart's titles, axis and limit line for the chosen statistic

    LiveChart* m_scale = nullptr;
    LiveChart* m_casts = nullptr;
    QStackedWidget* m_stack = nullptr;
    QToolButton* m_scaleButton = nullptr;
    QToolButton* m_castButton = nullptr;
    QComboBox* m_statistic = nullptr;
    QComboBox* m_operand = nullptr;
    QWidget* m_header = nullptr;  // the switch and the choices: shown only for a run with such a lane
    QList<int> m_castLane;
};

}  // namespace presisi
