// The Training lab's diagnostics hand-over: range snapshots to the range view, a lane's first inf/NaN
// to the NaN doctor panel and the loss chart, scaler warnings to the panel, the lane's tile and the
// status bar. Kept out of training_page.cpp, which holds the page's layout and run handling.
#include <QStyle>
#include <cmath>

#include "doctor_panel.h"
#include "gradient_ranges.h"
#include "training_page.h"
#include "widgets/lane_tile.h"
#include "widgets/live_chart.h"
#include "fault_text.h"

namespace presisi {

namespace {

// Where the cross goes on the loss axis: the lane's loss at the fault's step when finite (the record is
// in the same batch), else its last finite loss before it, else its first finite one, else 1.
double markHeight(const RecordBatch& batch, const FirstNonFinite& f, double lastFinite) {
    double before = lastFinite, first = kNotMeasured;
    for (const StepRecord& r : batch.records) {
        if (r.lane != f.lane || !std::isfinite(r.loss)) continue;
        if (std::isnan(first)) first = r.loss;
        if (r.step <= f.step) before = r.loss;
    }
    if (std::isfinite(before)) return before;
    return std::isfinite(first) ? first : 1.0;
}

}  // namespace

void TrainingPage::showDiagnostics(const RecordBatch& batch) {
    if (m_summation) return;
    if (!batch.ranges.empty()) m_ranges->keep(batch.ranges);
    m_seenFaults.insert(m_seenFaults.end(), batch.nonFinites.begin(), batch.nonFinites.end());
    m_seenWarnings.insert(m_seenWarnings.end(), batch.scalerWarnings.begin(), batch.scalerWarnings.end());
    for (const FirstNonFinite& f : batch.nonFinites) {
        if (f.lane < 0 || f.lane >= m_laneLabels.size()) continue;
        const bool first = !m_doctor->hasFault();
        m_doctor->addFault(f);
        // One cross per lane, at the doctor's step (at the lane's last finite loss, or 1 before any):
        // the loss itself may turn NaN a step later, when the update has written the inf into the
        // weights, and that later step is then not marked again.
        if (!m_nonFiniteMarked.value(f.lane, false)) {
            m_nonFiniteMarked[f.lane] = true;
            m_loss->markEvent(f.lane, static_cast<double>(f.step), markHeight(batch, f, m_lastFiniteLoss.value(f.lane, kNotMeasured)));
        }
        if (first) emit statusMessage(QString("%1: %2").arg(m_laneLabels[f.lane], faultSentence(f)));
    }
    for (const ScalerWarning& w : batch.scalerWarnings) {
        if (w.lane < 0 || w.lane >= m_laneLabels.size()) continue;
        m_doctor->addScalerWarning(w);
        const QString text = scalerWarningSentence(w);
        // The tile's details line says it while it stands (showTile), its tooltip says it in full; a
        // recovery ends it there too.
        if (w.why == ScalerWarning::Why::Recovered) m_scalerWarned.remove(w.lane);
        else m_scalerWarned[w.lane] = text;
        if (w.lane < m_tiles.size())
            m_tiles[w.lane]->setToolTip(w.why == ScalerWarning::Why::Recovered
                                            ? tr("Scaler recovered at step %1: %2").arg(w.step).arg(text)
                                            : tr("Scaler warning at step %1: %2").arg(w.step).arg(text));
        emit statusMessage(QString("%1: %2").arg(m_laneLabels[w.lane], text));
    }
}

}  // namespace presisi
