// ChartChoices: the Training lab's "Charts" section — which gradients the underflow chart and the tiles
// count, the loss chart's log axis, and which gradients (all layers or one layer's) the histogram shows.
#pragma once

#include <QGroupBox>

#include "engine/training/scenario.h"

class QCheckBox;
class QComboBox;

namespace presisi {

class ChartChoices : public QGroupBox {
    Q_OBJECT
public:
    explicit ChartChoices(QWidget* parent = nullptr);

    bool weightUnderflow() const;  // the underflow chart counts weight gradients (else output gradients)
    void setWeightUnderflow(bool weight);
    bool logLoss() const;
    void setLogLoss(bool on);
    int histogramLayer() const;         // kHistAll… (widgets/histogram_chart.h), or 2k / 2k+1 for layer k
    QString histogramLayerText() const;  // as the box shows it
    int histogramLayerIndex() const;
    void setHistogramLayerIndex(int index);
    // The histogram's choices for the scenario's layers, keeping the current one where it still exists.
    void rebuildLayerChoice(const Scenario& scenario);

signals:
    void underflowKindChanged(bool weight);
    void logLossToggled(bool on);
    void histogramLayerChanged();

private:
    QComboBox* m_underflowKind = nullptr;
    QCheckBox* m_logLoss = nullptr;
    QComboBox* m_histLayer = nullptr;
};

}  // namespace presisi
