// TrainingPage's views: record batches handed to the tiles (LaneBoard) and the charts (ChartDeck), the
// diagnostics to the NaN doctor, the charts' and tiles' flow, the timeline and looking back at a step.
#include "training_page.h"

#include <QLabel>
#include <QToolButton>
#include <algorithm>
#include <cmath>

#include "chart_deck.h"
#include "doctor_panel.h"
#include "fault_text.h"
#include "gradient_ranges.h"
#include "lane_board.h"
#include "run_timeline.h"
#include "run_controller.h"
#include "training_form.h"
#include "training_page_common.h"
#include "widgets/histogram_chart.h"
#include "widgets/live_chart.h"
#include "widgets/range_chart.h"

namespace presisi {

using namespace trainingpage;

LiveChart* TrainingPage::lossChart() const { return m_deck->loss(); }
LiveChart* TrainingPage::underflowChart() const { return m_deck->underflow(); }
LiveChart* TrainingPage::scaleChart() const { return m_deck->scale(); }
HistogramChart* TrainingPage::histogramChart() const { return m_deck->histogram(); }
GradientRangeView* TrainingPage::rangeView() const { return m_deck->ranges(); }

void TrainingPage::flowCharts() {
    // The chart cells in reading order; a chart shown alone elsewhere is left out until it returns
    // (MainWindow then calls rescale, which flows them again).
    m_chartColumns = flowChartGrid(m_deck->grid(), m_deck->cells(), m_panel->isHidden() ? 0 : m_panel->width(), m_chartColumns, this);
}

void TrainingPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    flowCharts();
}

void TrainingPage::rescale(double scale) {
    m_panel->setFixedWidth(static_cast<int>(kPanelWidth * scale));
    m_panelHost->setFixedWidth(static_cast<int>(kPanelWidth * scale) - 16);
    // Charts keep a legible height as the text grows (their axes and legend take more of it).
    m_deck->setMinimumChartHeight(static_cast<int>(std::lround(kMinChartHeight * scale)));
    m_chartColumns = 0;
    m_board->reflow();
    flowCharts();
}

void TrainingPage::setPanelCollapsed(bool collapsed) {
    m_panel->setVisible(!collapsed);
    m_panelToggle->setArrowType(collapsed ? Qt::RightArrow : Qt::LeftArrow);
    m_chartColumns = 0;
    flowCharts();
    m_board->reflow();
}

bool TrainingPage::panelCollapsed() const { return m_panel->isHidden(); }

void TrainingPage::restyle() {
    m_board->restyle();
    m_deck->restyle();
    m_doctor->restyle();
}

void TrainingPage::setupLanes(const QStringList& labels, const Scenario& scenario) {
    m_summation = scenario.workload == Workload::Accumulation;
    m_board->setLanes(labels, scenario, m_classification);
    m_deck->setLanes(labels, scenario);
    m_timeline->setScrubStep(-1);
    m_seenFaults.clear();
    m_seenWarnings.clear();
    m_form->rebuildLayerChoice(scenario);
    m_form->setSummation(m_summation);
    m_doctor->setRun(scenario, labels);
    m_batches = 0;
    m_lastStep = -1;
    updateTimeline();  // "timeline: run or step first", not the last run's step
}

void TrainingPage::onRecords(const RecordBatch& batch) {
    if (!batch.records.empty() || !batch.finals.empty()) ++m_batches;
    const int lanes = m_laneLabels.size();
    std::vector<const StepRecord*> last(lanes, nullptr);
    for (const StepRecord& r : batch.records)
        if (r.lane >= 0 && r.lane < lanes) last[r.lane] = &r;
    showDiagnostics(batch);
    m_deck->plot(batch);

    // Tiles and boundaries change text and images: every kTileFrames frames of the controller's frame
    // clock (about 200 ms) and on the last batch, so their relayouts stay off the charts' frame budget.
    const bool final = !batch.finals.empty() || !m_controller->busy() || m_controller->state() == RunState::Stopping;
    constexpr int kTileFrames = 6;
    if (!final && m_tileFrame >= 0 && m_controller->frames() - m_tileFrame < kTileFrames) {
        for (int i = 0; i < lanes; ++i)
            if (last[i]) m_pendingTile[i] = *last[i];
        if (batch.lastStep >= 0) m_lastStep = batch.lastStep;
        if (batch.boundary.valid()) m_pendingBoundary = batch.boundary;
        if (!batch.histograms.empty()) m_pendingHistograms.insert(m_pendingHistograms.end(), batch.histograms.begin(), batch.histograms.end());
        if (batch.stepsPerSecond > 0 && !batch.records.empty()) emit speedChanged(batch.stepsPerSecond);
        return;
    }
    m_tileFrame = m_controller->frames();
    for (int i = 0; i < lanes; ++i)
        if (!last[i] && m_pendingTile.count(i)) last[i] = &m_pendingTile[i];
    std::vector<GradHistogram> histograms = std::move(m_pendingHistograms);
    m_pendingHistograms.clear();
    histograms.insert(histograms.end(), batch.histograms.begin(), batch.histograms.end());
    const BoundarySnapshot& boundary = batch.boundary.valid() ? batch.boundary : m_pendingBoundary;

    // Tiles: the lane's latest step, and at the end its final evaluation.
    for (int i = 0; i < lanes; ++i)
        if (last[i]) m_board->showRecord(*last[i], m_form->weightUnderflow());
    for (const LaneFinal& f : batch.finals)
        if (f.lane >= 0 && f.lane < lanes) m_board->showFinal(f, last[f.lane], m_lastStep);
    m_deck->addHistograms(histograms);
    if (boundary.valid()) {
        m_board->showBoundary(boundary);
        m_board->keepBoundary(boundary);
    }
    m_pendingBoundary = BoundarySnapshot{};
    m_pendingTile.clear();
    if (batch.lastStep >= 0) m_lastStep = batch.lastStep;
    if (batch.stepsPerSecond > 0 && !batch.records.empty()) emit speedChanged(batch.stepsPerSecond);
    updateTimeline();
    emit statusChanged();
}

void TrainingPage::showDiagnostics(const RecordBatch& batch) {
    // Range snapshots to the range view, a lane's first inf/NaN to the NaN doctor and the loss chart,
    // scaler warnings to the doctor, the lane's tile and the status bar.
    if (m_summation) return;
    if (!batch.ranges.empty()) m_deck->ranges()->keep(batch.ranges);
    m_seenFaults.insert(m_seenFaults.end(), batch.nonFinites.begin(), batch.nonFinites.end());
    m_seenWarnings.insert(m_seenWarnings.end(), batch.scalerWarnings.begin(), batch.scalerWarnings.end());
    for (const FirstNonFinite& f : batch.nonFinites) {
        if (f.lane < 0 || f.lane >= m_laneLabels.size()) continue;
        const bool first = !m_doctor->hasFault();
        m_doctor->addFault(f);
        m_deck->markFault(f, batch);
        if (first) emit statusMessage(QString("%1: %2").arg(m_laneLabels[f.lane], faultSentence(f)));
    }
    for (const ScalerWarning& w : batch.scalerWarnings) {
        if (w.lane < 0 || w.lane >= m_laneLabels.size()) continue;
        m_doctor->addScalerWarning(w);
        const QString text = scalerWarningSentence(w);
        m_board->showScalerWarning(w, text);
        emit statusMessage(QString("%1: %2").arg(m_laneLabels[w.lane], text));
    }
}

QSlider* TrainingPage::timeline() const { return m_timeline->slider(); }
QString TrainingPage::timelineText() const { return m_timeline->text(); }
std::int64_t TrainingPage::scrubStep() const { return m_timeline->scrubStep(); }

void TrainingPage::updateTimeline() {
    const RunState state = m_controller->state();
    const bool running = state == RunState::Running || state == RunState::Starting || state == RunState::Stopping;
    const bool any = m_lastStep >= 0 && !m_controller->records().empty();
    if (running || !any) m_deck->hideCursor();
    m_timeline->showRun(m_lastStep, any, running, m_controller->moments());
}

void TrainingPage::scrubTo(std::int64_t step) {
    if (m_lastStep < 0 || m_controller->busy()) return;
    step = std::clamp<std::int64_t>(step, 0, m_lastStep);
    m_timeline->setScrubStep(step);
    // The tiles show that step's records (read back from the run's record store: records are in
    // step order, every lane once per step); the thumbnails, histograms and ranges what was kept
    // nearest to it.
    const RecordStore& store = m_controller->records();
    for (std::size_t i = store.firstAtStep(step); i < store.size(); ++i) {
        const StepRecord r = store.at(i);
        if (r.step != step) break;
        m_board->showRecord(r, m_form->weightUnderflow());
    }
    m_board->showKeptBoundary(step);
    m_deck->showStep(step);
    updateTimeline();
}

}  // namespace presisi
