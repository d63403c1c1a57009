// TrainingPage::takeOver: after a language switch the rebuilt window's Training lab adopts the old page's
// run controller (worker, runner and record store: the run goes on from where it was) and draws the run
// again, in the new language, from the store and from what the old page kept for scrubbing (histograms,
// decision boundaries, layer ranges) and the NaN doctor's findings.
#include "training_page.h"

#include "training_form.h"

#include "run_timeline.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <algorithm>
#include <exception>

#include "doctor_panel.h"
#include "gradient_ranges.h"
#include "run_controller.h"
#include "chart_deck.h"
#include "lane_board.h"

namespace presisi {

namespace {

// Records per replayed batch: the most the worker itself puts in one.
constexpr std::size_t kReplayRecords = 16384;

}  // namespace

void TrainingPage::takeOver(Page& previous) {
    auto& old = static_cast<TrainingPage&>(previous);

    // The controllers change places: this page runs the old one's run, and the old page (about to close)
    // keeps this page's idle controller, so that nothing it still does reaches the adopted run.
    RunController* adopted = old.m_controller;
    RunController* spare = m_controller;
    disconnect(adopted, nullptr, &old, nullptr);
    disconnect(spare, nullptr, this, nullptr);
    adopted->setParent(this);
    spare->setParent(&old);
    m_controller = adopted;
    old.m_controller = spare;
    connectController();

    // The controls as the person left them: the setup they describe (where a field does not form one, a
    // lane field holding "nonsense", the run's setup instead), the loaded preset and the chart choices.
    Scenario setup;
    try {
        setup = old.scenarioFromControls();
    } catch (const std::exception&) {
        setup = adopted->scenario();
    }
    setScenario(setup);
    m_preset = old.m_preset;
    m_form->setBase(old.m_form->base());
    m_form->setWeightUnderflow(old.m_form->weightUnderflow());
    m_form->setLogLoss(old.m_form->logLoss());

    // The lanes the old page showed: the run's when there is one, else those of the loaded setup.
    const RecordStore& store = adopted->records();
    const bool ran = !store.empty() || adopted->hasRunner();
    m_classification = old.m_classification;
    m_laneLabels = old.m_laneLabels;
    setupLanes(m_laneLabels, ran ? adopted->scenario() : m_form->base());
    m_form->setHistogramLayerIndex(old.m_form->histogramLayerIndex());
    const RunInfo& info = adopted->runInfo();
    if (ran && !info.lanes.isEmpty())
        m_board->setData(info.data);

    // The run again, as batches: every record from the store, each finding in the batch holding its step
    // (as the worker sent it, so the loss chart's crosses land where they did); what was kept for
    // scrubbing, and the final evaluation, with the last batch.
    // Read from the store a batch at a time: a long run's records stay on disk.
    std::vector<FirstNonFinite> faults = old.m_seenFaults;
    std::vector<ScalerWarning> warnings = old.m_seenWarnings;
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
            batch.ranges = old.rangeView()->keptSnapshots();
            for (const auto& [lane, kept] : old.m_deck->keptHistograms())
                for (const auto& [step, histogram] : kept) batch.histograms.push_back(histogram);
            if (!old.m_board->keptBoundaries().empty()) batch.boundary = old.m_board->keptBoundaries().rbegin()->second;
            batch.finals = adopted->finals();
        }
        onRecords(batch);
        if (last) break;
        from = to;
    }
    m_deck->setKeptHistograms(old.m_deck->keptHistograms());
    m_board->setKeptBoundaries(old.m_board->keptBoundaries());
    m_batches = old.m_batches;
    m_lastStep = old.m_lastStep;
    rangeView()->setShowingRanges(old.rangeView()->showingRanges());
    rangeView()->setLane(old.rangeView()->lane());
    m_doctor->takeOver(*old.m_doctor);
    if (!old.m_banner->isHidden()) {
        m_banner->setText(old.m_banner->text());
        m_banner->show();
    }
    onState(adopted->state());  // Play or Pause, the timeline's range
    // The handle, the step looked back at and the key moment's caption (the adopted controller found
    // the moments).
    m_pauseAtMoments = old.m_pauseAtMoments;
    m_momentStopsSuspended = old.m_momentStopsSuspended;
    m_timeline->takeOver(*old.m_timeline, adopted->moments());
    if (old.scrubStep() >= 0) scrubTo(old.scrubStep());
    emit explanationChanged();
    emit statusChanged();
}

}  // namespace presisi
