// The Training lab's diagnostics hand-over: range snapshots to the range view, a lane's first inf/NaN
// to the NaN doctor panel and the loss chart, scaler warnings to the panel, the lane's tile and the
// status bar. Kept out of training_page.cpp, which holds the page's layout and run handling.
#include <QStyle>

#include "doctor_panel.h"
#include "gradient_ranges.h"
#include "training_page.h"
#include "widgets/lane_tile.h"
#include "widgets/live_chart.h"

namespace presisi {

void TrainingPage::showDiagnostics(const RecordBatch& batch) {
    if (m_summation) return;
    if (!batch.ranges.empty()) m_ranges->keep(batch.ranges);
    for (const FirstNonFinite& f : batch.nonFinites) {
        if (f.lane < 0 || f.lane >= m_laneLabels.size()) continue;
        const bool first = !m_doctor->hasFault();
        m_doctor->addFault(f);
        // The doctor's step on the loss chart (at the lane's last finite loss, or 1 before any): the
        // loss itself may turn NaN a step later, when the update has written the inf into the weights.
        m_loss->markEvent(f.lane, static_cast<double>(f.step), m_lastFiniteLoss.value(f.lane, 1.0));
        if (first) emit statusMessage(QString("%1: %2").arg(m_laneLabels[f.lane], QString::fromStdString(f.sentence)));
    }
    for (const ScalerWarning& w : batch.scalerWarnings) {
        if (w.lane < 0 || w.lane >= m_laneLabels.size()) continue;
        m_doctor->addScalerWarning(w);
        const QString text = QString::fromStdString(w.text);
        if (w.lane < m_tiles.size()) {
            LaneTile* tile = m_tiles[w.lane];
            tile->setToolTip(QString("Scaler warning at step %1: %2").arg(w.step).arg(text));
            tile->setObjectName("scalerWarned");
            tile->setStyleSheet("#scalerWarned { border: 2px solid #e69f00; }");
        }
        emit statusMessage(QString("%1: %2").arg(m_laneLabels[w.lane], text));
    }
}

}  // namespace presisi
