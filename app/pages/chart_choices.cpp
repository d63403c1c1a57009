// ChartChoices: the Training lab's chart choices, and the histogram's layers for a scenario.
#include "chart_choices.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QListView>
#include <QSignalBlocker>
#include <algorithm>

#include "widgets/histogram_chart.h"

namespace presisi {

ChartChoices::ChartChoices(QWidget* parent) : QGroupBox(parent) {
    auto* vf = new QFormLayout(this);
    m_underflowKind = new QComboBox();
    m_underflowKind->setObjectName("underflowKind");
    m_underflowKind->addItem(tr("activation gradients"));
    m_underflowKind->addItem(tr("weight gradients"));
    m_underflowKind->setToolTip(tr("Which gradients the underflow chart and the tiles count: at every linear layer's "
                                   "output, or every weight and bias gradient."));
    m_underflowKind->setCurrentIndex(1);
    // The underflow chart's title names what it counts; the histogram follows it when it showed the same.
    connect(m_underflowKind, &QComboBox::currentIndexChanged, this, [this](int kind) {
        emit underflowKindChanged(kind == 1);
        const int matching = kind == 1 ? kHistAllWeights : kHistAllOutputs, other = kind == 1 ? kHistAllOutputs : kHistAllWeights;
        if (m_histLayer && m_histLayer->currentData().toInt() == other)
            m_histLayer->setCurrentIndex(std::max(0, m_histLayer->findData(matching)));
    });
    m_logLoss = new QCheckBox(tr("log axis"));
    m_logLoss->setToolTip(tr("The loss chart's vertical axis in powers of 10 (losses that fall by orders of magnitude)."));
    m_logLoss->setChecked(true);
    m_histLayer = new QComboBox();
    m_histLayer->setToolTip(tr("Which gradients the histogram shows: every layer's weight gradients (what the underflow "
                               "chart counts by default), output gradients, both, or one layer's. Its \"underflowed\" "
                               "share counts what the underflow chart counts."));
    connect(m_histLayer, &QComboBox::currentIndexChanged, this, &ChartChoices::histogramLayerChanged);
    // The boxes' texts are longer than the panel leaves beside the labels ("underflow of" was cut to
    // "unde"): the closed boxes elide, the open lists show the texts whole.
    for (QComboBox* box : {m_underflowKind, m_histLayer}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    m_underflowKind->view()->setMinimumWidth(m_underflowKind->view()->sizeHintForColumn(0) + 24);
    vf->addRow(tr("underflow of"), m_underflowKind);
    vf->addRow(tr("loss"), m_logLoss);
    vf->addRow(tr("histogram"), m_histLayer);
    connect(m_logLoss, &QCheckBox::toggled, this, &ChartChoices::logLossToggled);
}

void ChartChoices::rebuildLayerChoice(const Scenario& scenario) {
    const QSignalBlocker quiet(m_histLayer);
    // By default the tensors the underflow chart counts, so the two charts' numbers are the same count.
    const int matching = weightUnderflow() ? kHistAllWeights : kHistAllOutputs;
    const int previous = m_histLayer->currentData().isValid() ? m_histLayer->currentData().toInt() : matching;
    m_histLayer->clear();
    m_histLayer->addItem(tr("weight gradients, all layers"), kHistAllWeights);
    m_histLayer->addItem(tr("output gradients, all layers"), kHistAllOutputs);
    m_histLayer->addItem(tr("weight and output gradients, all layers"), kHistAllTensors);
    const int layers = std::max<int>(0, static_cast<int>(scenario.sizes.size()) - 1);
    for (int k = 0; k < layers; ++k) {
        m_histLayer->addItem(tr("layer %1 weight gradients").arg(k + 1), 2 * k);
        m_histLayer->addItem(tr("layer %1 output gradients").arg(k + 1), 2 * k + 1);
    }
    m_histLayer->setCurrentIndex(std::max(0, m_histLayer->findData(previous)));
    m_histLayer->view()->setMinimumWidth(m_histLayer->view()->sizeHintForColumn(0) + 24);
}

bool ChartChoices::weightUnderflow() const { return m_underflowKind->currentIndex() == 1; }
void ChartChoices::setWeightUnderflow(bool weight) { m_underflowKind->setCurrentIndex(weight ? 1 : 0); }
bool ChartChoices::logLoss() const { return m_logLoss->isChecked(); }
void ChartChoices::setLogLoss(bool on) { m_logLoss->setChecked(on); }
int ChartChoices::histogramLayer() const { return m_histLayer->currentData().isValid() ? m_histLayer->currentData().toInt() : -1; }
QString ChartChoices::histogramLayerText() const { return m_histLayer->currentText(); }
int ChartChoices::histogramLayerIndex() const { return m_histLayer->currentIndex(); }
void ChartChoices::setHistogramLayerIndex(int index) { m_histLayer->setCurrentIndex(index); }

}  // namespace presisi
