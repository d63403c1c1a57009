// RunView: the run controller's reports to the Training lab's views, and an adopted run drawn again.
#include "run_view.h"

#include <algorithm>

#include "chart_choices.h"
#include "chart_deck.h"
#include "doctor_panel.h"
#include "fault_text.h"
#include "gradient_ranges.h"
#include "lane_board.h"
#include "presets.h"
#include "run_controller.h"
#include "run_timeline.h"
#include "training_form.h"

namespace presisi {

namespace {

// Records per replayed batch: the most the worker itself puts in one.
constexpr std::size_t kReplayRecords = 16384;
// Tiles and boundaries are drawn every kTileFrames frames of the controller's frame clock (about 200 ms).
constexpr int kTileFrames = 6;

bool live(RunState state) { return state == RunState::Running || state == RunState::Starting; }

}  // namespace

RunView::RunView(const Views& views, QObject* parent) : QObject(parent), m_views(views) {}

void RunView::follow(RunController* controller) {
    if (m_controller) disconnect(m_controller, nullptr, this, nullptr);
    m_controller = controller;
    connect(controller, &RunController::runStarted, this, &RunView::onRunStarted);
    connect(controller, &RunController::recordsReady, this, &RunView::onRecords);
    connect(controller, &RunController::stateChanged, this, &RunView::onState);
    connect(controller, &RunController::momentReached, this, &RunView::onMoment);
    connect(controller, &RunController::runReset, this, [this] {
        m_views.deck->clearPoints();
        setLanes(m_controller->scenario());
        // Back at step 0 of the same runner (no new runStarted comes): the new tiles' thumbnails show
        // its data, as they did before the reset.
        if (m_controller->hasRunner() && !m_controller->runInfo().lanes.isEmpty())
            m_views.board->setData(m_controller->runInfo().data);
        m_views.timeline->leaveMoment();
    });
}

void RunView::setLanes(const Scenario& scenario) { setLanes(presisi::laneLabels(scenario), scenario); }

void RunView::setLanes(const QStringList& labels, const Scenario& scenario) {
    m_laneLabels = labels;
    m_summation = scenario.workload == Workload::Accumulation;
    m_views.board->setLanes(labels, scenario, m_classification);
    m_views.deck->setLanes(labels, scenario);
    m_views.timeline->setScrubStep(-1);
    m_seenFaults.clear();
    m_seenWarnings.clear();
    m_views.form->charts()->rebuildLayerChoice(scenario);
    m_views.form->setSummation(m_summation);
    m_views.doctor->setRun(scenario, labels);
    m_batches = 0;
    m_lastStep = -1;
    updateTimeline();  // "timeline: run or step first", not the last run's step
}

void RunView::onRunStarted(const RunInfo& info) {
    m_classification = info.classification;
    setLanes(info.lanes, info.scenario);
    m_views.board->setData(info.data);
    m_views.timeline->leaveMoment();
}

void RunView::onState(RunState state) {
    if (live(state)) m_views.timeline->leaveMoment();  // going on: the charts get the caption's room back
    // A run that ended between two tile updates: show what is still pending.
    if (!live(state) && state != RunState::Stopping &&
        (!m_pendingTile.empty() || m_pendingBoundary.valid() || !m_pendingHistograms.empty()))
        onRecords(RecordBatch{});
    updateTimeline();
}

void RunView::onRecords(const RecordBatch& batch) {
    if (!batch.records.empty() || !batch.finals.empty()) ++m_batches;
    const int lanes = m_laneLabels.size();
    std::vector<const StepRecord*> last(lanes, nullptr);
    for (const StepRecord& r : batch.records)
        if (r.lane >= 0 && r.lane < lanes) last[r.lane] = &r;
    showDiagnostics(batch);
    m_views.deck->plot(batch);

    // Tiles and boundaries change text and images: every few frames and on the last batch, so their
    // relayouts stay off the charts' frame budget.
    const bool final = !batch.finals.empty() || !m_controller->busy() || m_controller->state() == RunState::Stopping;
    if (!final && m_tileFrame >= 0 && m_controller->frames() - m_tileFrame < kTileFrames) {
        for (int i = 0; i < lanes; ++i)
            if (last[i]) m_pendingTile[i] = *last[i];
        if (batch.lastStep >= 0) m_lastStep = batch.lastStep;
        if (batch.boundary.valid()) m_pendingBoundary = batch.boundary;
        m_pendingHistograms.insert(m_pendingHistograms.end(), batch.histograms.begin(), batch.histograms.end());
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
        if (last[i]) m_views.board->showRecord(*last[i], m_views.form->charts()->weightUnderflow());
    for (const LaneFinal& f : batch.finals)
        if (f.lane >= 0 && f.lane < lanes) m_views.board->showFinal(f, last[f.lane], m_lastStep);
    m_views.deck->addHistograms(histograms);
    if (boundary.valid()) {
        m_views.board->showBoundary(boundary);
        m_views.board->keepBoundary(boundary);
    }
    m_pendingBoundary = BoundarySnapshot{};
    m_pendingTile.clear();
    if (batch.lastStep >= 0) m_lastStep = batch.lastStep;
    if (batch.stepsPerSecond > 0 && !batch.records.empty()) emit speedChanged(batch.stepsPerSecond);
    updateTimeline();
    emit statusChanged();
}

void RunView::showDiagnostics(const RecordBatch& batch) {
    // Range snapshots to the range view, a lane's first inf/NaN to the NaN doctor and the loss chart,
    // scaler warnings to the doctor, the lane's tile and the status bar.
    if (m_summation) return;
    if (!batch.ranges.empty()) m_views.deck->ranges()->keep(batch.ranges);
    m_seenFaults.insert(m_seenFaults.end(), batch.nonFinites.begin(), batch.nonFinites.end());
    m_seenWarnings.insert(m_seenWarnings.end(), batch.scalerWarnings.begin(), batch.scalerWarnings.end());
    for (const FirstNonFinite& f : batch.nonFinites) {
        if (f.lane < 0 || f.lane >= m_laneLabels.size()) continue;
        const bool first = !m_views.doctor->hasFault();
        m_views.doctor->addFault(f);
        m_views.deck->markFault(f, batch);
        if (first) emit statusMessage(QString("%1: %2").arg(m_laneLabels[f.lane], faultSentence(f)));
    }
    for (const ScalerWarning& w : batch.scalerWarnings) {
        if (w.lane < 0 || w.lane >= m_laneLabels.size()) continue;
        m_views.doctor->addScalerWarning(w);
        const QString text = scalerWarningSentence(w);
        m_views.board->showScalerWarning(w, text);
        emit statusMessage(QString("%1: %2").arg(m_laneLabels[w.lane], text));
    }
}

void RunView::updateTimeline() {
    const RunState state = m_controller->state();
    const bool running = live(state) || state == RunState::Stopping;
    const bool any = m_lastStep >= 0 && !m_controller->records().empty();
    if (running || !any) m_views.deck->hideCursor();
    m_views.timeline->showRun(m_lastStep, any, running, m_controller->moments());
}

void RunView::scrubTo(std::int64_t step) {
    if (m_lastStep < 0 || m_controller->busy()) return;
    step = std::clamp<std::int64_t>(step, 0, m_lastStep);
    m_views.timeline->setScrubStep(step);
    // The tiles show that step's records, read back from the run's record store (in step order, every
    // lane once per step).
    const RecordStore& store = m_controller->records();
    for (std::size_t i = store.firstAtStep(step); i < store.size(); ++i) {
        const StepRecord r = store.at(i);
        if (r.step != step) break;
        m_views.board->showRecord(r, m_views.form->charts()->weightUnderflow());
    }
    m_views.board->showKeptBoundary(step);
    m_views.deck->showStep(step);
    updateTimeline();
}

void RunView::onMoment(const Moment& moment, bool paused) {
    updateTimeline();  // its mark
    // A run that goes through its moments (pace max, the option off) marks them and says nothing: the
    // caption is for a run that stops there, or for N.
    if (paused) showMoment(moment, paused);
    else emit momentReached(moment, false);
}

void RunView::showMoment(const Moment& moment, bool paused) {
    const std::vector<Moment>& all = m_controller->moments();
    int index = -1;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].step == moment.step) index = static_cast<int>(i);  // the last one of its step
    m_views.timeline->showMoment(all, index, paused);
    emit momentReached(moment, paused);
}

void RunView::replay(const RunView& old) {
    // The lanes the old page showed: the run's when there is one, else those of the loaded setup.
    const RecordStore& store = m_controller->records();
    const bool ran = !store.empty() || m_controller->hasRunner();
    m_classification = old.m_classification;
    setLanes(old.m_laneLabels, ran ? m_controller->scenario() : m_views.form->base());
    m_views.form->charts()->setHistogramLayerIndex(old.m_views.form->charts()->histogramLayerIndex());
    const RunInfo& info = m_controller->runInfo();
    if (ran && !info.lanes.isEmpty()) m_views.board->setData(info.data);

    // The run again, as batches: every record from the store, each finding in the batch holding its step
    // (as the worker sent it, so the loss chart's crosses land where they did); what was kept for
    // looking back, and the final evaluation, with the last batch. Read from the store a batch at a
    // time: a long run's records stay on disk.
    const std::vector<FirstNonFinite>& faults = old.m_seenFaults;
    const std::vector<ScalerWarning>& warnings = old.m_seenWarnings;
    std::size_t nextFault = 0, nextWarning = 0;
    for (std::size_t from = 0; ran && (from < store.size() || from == 0);) {
        const std::size_t to = std::min(store.size(), from + kReplayRecords);
        const bool last = to == store.size();
        RecordBatch batch;
        batch.records.reserve(to - from);
        store.forEach(from, to, [&batch](const StepRecord& r) { batch.records.push_back(r); });
        const std::int64_t lastStep = batch.records.empty() ? -1 : batch.records.back().step;
        batch.lastStep = lastStep;
        while (nextFault < faults.size() && (last || faults[nextFault].step <= lastStep)) batch.nonFinites.push_back(faults[nextFault++]);
        while (nextWarning < warnings.size() && (last || warnings[nextWarning].step <= lastStep))
            batch.scalerWarnings.push_back(warnings[nextWarning++]);
        if (last) {
            batch.ranges = old.m_views.deck->ranges()->keptSnapshots();
            for (const auto& [lane, kept] : old.m_views.deck->keptHistograms())
                for (const auto& [step, histogram] : kept) batch.histograms.push_back(histogram);
            if (!old.m_views.board->keptBoundaries().empty()) batch.boundary = old.m_views.board->keptBoundaries().rbegin()->second;
            batch.finals = m_controller->finals();
        }
        onRecords(batch);
        if (last) break;
        from = to;
    }
    m_views.deck->setKeptHistograms(old.m_views.deck->keptHistograms());
    m_views.board->setKeptBoundaries(old.m_views.board->keptBoundaries());
    m_batches = old.m_batches;
    m_lastStep = old.m_lastStep;
    m_views.deck->ranges()->setShowingRanges(old.m_views.deck->ranges()->showingRanges());
    m_views.deck->ranges()->setLane(old.m_views.deck->ranges()->lane());
    m_views.doctor->takeOver(*old.m_views.doctor);
    onState(m_controller->state());  // the timeline's range
    // The handle, the step looked back at and the key moment's caption (the adopted controller found
    // the moments).
    m_views.timeline->takeOver(*old.m_views.timeline, m_controller->moments());
    if (old.m_views.timeline->scrubStep() >= 0) scrubTo(old.m_views.timeline->scrubStep());
}

}  // namespace presisi
