// TrainingPage's views: the lane tiles and their flow, the live charts fed from record batches, the
// histogram and boundary snapshots kept for scrubbing, the timeline, the summation workload's view.
#include "training_page.h"

#include "training_form.h"

#include "moment_timeline.h"

#include "doctor_panel.h"
#include "gradient_ranges.h"
#include "training_page_common.h"
#include "widgets/range_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QCoreApplication>
#include <QLabel>
#include <QLocale>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>
#include <algorithm>
#include <cmath>
#include <limits>

#include "run_controller.h"
#include "widgets/boundary_view.h"
#include "widgets/histogram_chart.h"
#include "widgets/lane_tile.h"
#include "widgets/live_chart.h"
#include "widgets/text_scale.h"
#include "widgets/locale_number.h"

namespace presisi {

using namespace trainingpage;

namespace {

// Numbers shown in the window follow its locale (Indonesian 0,25; nan and inf as written everywhere).
QString fmt(double v, int digits = 4) {
    return displayNumber(v, digits);
}

QString pct(double share) {
    if (std::isnan(share)) return "—";
    return QLocale().toString(100.0 * share, 'f', share < 0.001 && share > 0 ? 3 : 1) + QChar(0x00A0) + "%";
}

// What each tile row measures (LaneTile::setRowToolTips), in the rows' order.
QStringList trainingRowTips(bool classification) {
    return {QCoreApplication::translate("presisi::TrainingPage", "The loss of this step's forward pass on the batch, before the update, computed in the lane's "
               "format under autocast (nan: the lane has diverged)."),
            classification
                ? QCoreApplication::translate("presisi::TrainingPage", "Share of this step's batch the lane classifies correctly (the argmax of its outputs).")
                : QCoreApplication::translate("presisi::TrainingPage", "Gradient norm: the L2 norm of this step's float32 master gradients of every weight and bias, "
                     "unscaled (scaler lanes: divided by the scale); inf or nan when a gradient overflowed."),
            QCoreApplication::translate("presisi::TrainingPage", "Underflow: of all gradient elements of the kind chosen under Charts (weight or activation "
               "gradients), the share that is exactly 0 in this lane while a float32 shadow backward on the lane's own "
               "weights and batch gives it non-zero.")};
}

QString log2Text(double scale) {
    if (!(scale > 0) || !std::isfinite(scale)) return fmt(scale);
    const double e = std::log2(scale);
    if (std::abs(e - std::round(e)) < 1e-9) return QString("2^%1").arg(static_cast<int>(std::round(e)));
    return fmt(scale);
}

constexpr int kKeptHistograms = 400;  // per lane, for scrubbing
constexpr int kKeptBoundaries = 100;  // decision-boundary snapshots, for scrubbing

}  // namespace

void TrainingPage::flowTiles() {
    const int n = m_tiles.size();
    if (n == 0) return;
    int minW = 1, minH = 1;
    for (LaneTile* t : m_tiles) {
        minW = std::max(minW, t->minimumSizeHint().width());
        minH = std::max(minH, t->minimumSizeHint().height());
    }
    const int spacing = std::max(0, m_laneGrid->horizontalSpacing());
    const int available = m_laneHost->width() > 1 ? m_laneHost->width() : minW * n;
    int cols = std::clamp((available + spacing) / (minW + spacing), 1, n);
    const int rows = (n + cols - 1) / cols;
    cols = (n + rows - 1) / rows;  // balanced rows: 8 lanes as 4 + 4, not 5 + 3
    const int wantHeight = std::max(250, rows * minH + (rows - 1) * std::max(0, m_laneGrid->verticalSpacing()));
    if (cols == m_tileColumns && m_laneHost->minimumHeight() == wantHeight) return;
    m_tileColumns = cols;
    for (LaneTile* t : m_tiles) m_laneGrid->removeWidget(t);
    for (int c = 0; c < m_laneGrid->columnCount(); ++c) m_laneGrid->setColumnStretch(c, 0);
    for (int i = 0; i < n; ++i) m_laneGrid->addWidget(m_tiles[i], i / cols, i % cols);
    for (int c = 0; c < cols; ++c) m_laneGrid->setColumnStretch(c, 1);
    m_laneHost->setMinimumHeight(wantHeight);
}

void TrainingPage::flowCharts() {
    // The chart cells in reading order; a chart shown alone elsewhere is left out until it returns
    // (MainWindow then calls rescale, which flows them again).
    m_chartColumns = flowChartGrid(m_chartGrid, {m_loss, m_underflow, m_scale, m_ranges},
                                   m_panel->isHidden() ? 0 : m_panel->width(), m_chartColumns, this);
}

void TrainingPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    flowTiles();
    flowCharts();
}

void TrainingPage::rescale(double scale) {
    m_panel->setFixedWidth(static_cast<int>(kPanelWidth * scale));
    m_panelHost->setFixedWidth(static_cast<int>(kPanelWidth * scale) - 16);
    // Charts keep a legible height as the text grows (their axes and legend take more of it).
    for (QWidget* c : QList<QWidget*>{m_loss, m_underflow, m_scale, m_ranges})
        c->setMinimumHeight(static_cast<int>(std::lround(kMinChartHeight * scale)));
    m_tileColumns = 0;
    m_chartColumns = 0;
    flowTiles();
    flowCharts();
}

void TrainingPage::setPanelCollapsed(bool collapsed) {
    m_panel->setVisible(!collapsed);
    m_panelToggle->setArrowType(collapsed ? Qt::RightArrow : Qt::LeftArrow);
    m_chartColumns = 0;
    m_tileColumns = 0;
    flowCharts();
    flowTiles();
}

bool TrainingPage::panelCollapsed() const { return m_panel->isHidden(); }
void TrainingPage::restyle() {
    for (BoundaryView* b : m_boundaries) b->restyle();
    for (LiveChart* c : {m_loss, m_underflow, m_scale}) c->applyLaneColours();
    m_histogram->applyLaneColours();
    m_ranges->chart()->update();
    m_doctor->restyle();
}

qint64 TrainingPage::summedValues(std::int64_t step) const {
    const Scenario& s = m_controller->scenario();
    const qint64 per = s.batch == 0 ? s.accumulationValues : s.batch;
    return std::min<qint64>(static_cast<qint64>(s.accumulationValues), (step + 1) * per);
}

void TrainingPage::setSummationView(bool summation) {
    m_summation = summation;
    // A summation has no loss, gradients or scaler: its charts are the running sums against the
    // exact sum and their error, and the side panel shows only the settings that apply to it.
    if (summation) {
        m_loss->setTitles(tr("Running sum per lane and the exact sum"), tr("running sum"));
        m_loss->setToolTip(tr("Each lane's running sum, held in its format (every partial sum rounded to it); the "
                              "wide pale band is the exact sum of the same values, in double."));
        m_underflow->setTitles(tr("Error of the running sum"), tr("% of the exact sum"));
        m_underflow->setToolTip(tr("How far each lane's running sum is from the exact sum, in percent of the exact "
                                   "sum: it grows once the format's spacing exceeds the values added."));
        m_loss->setScale(AxisScale::Linear);
    } else {
        m_loss->setTitles(tr("Training loss per step"), tr("loss"));
        m_loss->setToolTip(tr("The training loss per step, as each lane computes it in its format (the batch's loss). "
                              "A cross marks where a lane's loss turned inf or NaN, at its last finite value."));
        nameUnderflowChart();
        m_underflow->setToolTip(tr("Per step, the share of gradient elements that are exactly 0 in the lane although a "
                                   "float32 shadow backward on the lane's own weights and batch gives them non-zero: "
                                   "gradients sunk to zero. \"underflow of\" (Charts) chooses weight or activation gradients."));
        m_loss->setScale(m_form->logLoss() ? AxisScale::Log10 : AxisScale::Linear);
    }
    m_scale->setVisible(!summation);
    m_ranges->setVisible(!summation);
    m_form->setSummation(summation);
    for (BoundaryView* b : m_boundaries) b->setVisible(!summation);
}

void TrainingPage::setupLanes(const QStringList& labels, const Scenario& scenario) {
    m_summation = scenario.workload == Workload::Accumulation;
    for (LaneTile* t : m_tiles) {
        m_laneGrid->removeWidget(t);
        delete t;
    }
    m_tiles.clear();
    m_boundaries.clear();
    m_scaleLane.clear();
    QStringList scaleLabels;
    for (int i = 0; i < labels.size(); ++i) {
        auto* tile = new LaneTile(labels[i]);
        tile->setValuePointSize(labels.size() > 4 ? 10 : 11);
        auto* boundary = new BoundaryView();
        tile->setBody(boundary);
        const QStringList names = tileNames();
        tile->setBigValues({{names[0], "—"}, {names[1], "—"}, {names[2], "—"}});
        if (m_summation)
            tile->setRowToolTips({tr("The lane's running sum after this step, held in its format."),
                                  tr("The exact sum of the same values (double)."),
                                  tr("How far the running sum is from the exact sum, in percent of it.")});
        else tile->setRowToolTips(trainingRowTips(m_classification));
        tile->setDetailsToolTip(m_summation ? tr("The step and how many values have been summed so far.")
                                            : tr("The step; the loss scale (2^k; skipped: the step's scaled gradients "
                                                 "overflowed, so the weights were left untouched); overflows: elements of "
                                                 "this step's activations and gradients that are inf or NaN. At the end: the final "
                                                 "evaluation, in float32 without gradients."));
        boundary->setToolTip(m_classification ? tr("The lane's decision regions over the data (points: the samples, "
                                                   "coloured by class), redrawn every few steps.")
                                              : tr("The lane's fit: its predictions against the data, redrawn every few steps."));
        m_tiles.append(tile);
        m_boundaries.append(boundary);
        // labels are the scenario's lanes' labels, in its order (RunController::laneLabels, the page).
        const bool scaler = i < static_cast<int>(scenario.lanes.size()) && scenario.lanes[static_cast<std::size_t>(i)].scaler;
        m_scaleLane.append(scaler ? scaleLabels.size() : -1);
        if (scaler) scaleLabels << labels[i];
    }
    m_tileColumns = 0;
    flowTiles();
    m_loss->setLanes(m_summation ? QStringList(labels) << tr("exact") : labels);
    m_underflow->setLanes(labels);
    m_scale->setLanes(scaleLabels);
    m_scale->chart()->setTitle(scaleLabels.isEmpty() ? tr("Loss scale: no lane uses a scaler") : tr("Loss scale (skipped steps marked)"));
    m_scale->setEmptyText(scaleLabels.isEmpty() ? tr("Add a +scaler lane (e.g. cpu:f16+scaler) to see its scale")
                                                : tr("Press Play (Space), or step (.)"));
    m_histogram->setLanes(labels);
    m_histogram->chart()->setTitle(histogramTitle());
    m_latestHistograms.clear();
    m_keptHistograms.clear();
    m_keptBoundaries.clear();
    m_scrubStep = -1;
    m_nonFiniteMarked.clear();
    m_lastFiniteLoss.clear();
    m_scalerWarned.clear();
    m_seenFaults.clear();
    m_seenWarnings.clear();
    m_form->rebuildLayerChoice(scenario);
    m_histogram->refresh();
    m_ranges->setLanes(labels, scenario);
    m_doctor->setRun(scenario, labels);
    m_histogramShown.assign(labels.size(), false);
    m_batches = 0;
    m_lastStep = -1;
    setSummationView(m_summation);
    updateTimeline();  // "timeline: run or step first", not the last run's step
}
void TrainingPage::plotRecord(const StepRecord& r, const ChartSinks& to) const {
    const int lanes = m_laneLabels.size();
    if (r.lane < 0 || r.lane >= lanes) return;
    const double x = static_cast<double>(r.step);
    if (to.loss) to.loss(r.lane, QPointF(x, r.loss));
    if (m_summation) {
        // The error chart: how far each lane's running sum is from the exact one; the exact sum is
        // the loss chart's extra series (index `lanes`), from lane 0's records.
        if (to.underflow && r.exactSum > 0) to.underflow(r.lane, QPointF(x, 100.0 * std::abs(r.loss - r.exactSum) / r.exactSum));
        if (to.loss && r.lane == 0) to.loss(lanes, QPointF(x, r.exactSum));
        return;
    }
    const double u = m_form->weightUnderflow() ? r.weightGradUnderflow : r.actGradUnderflow;
    if (to.underflow && !std::isnan(u)) to.underflow(r.lane, QPointF(x, 100.0 * u));
    const int si = m_scaleLane.value(r.lane, -1);
    if (to.scale && si >= 0) to.scale(si, QPointF(x, r.scale));
}

void TrainingPage::readChartsFromStore() {
    // A zoomed chart reads its steps back from the run's record store (every step, not the chart's
    // buckets); at most kDetailRecords records per zoom, about 15 MB read from the page cache.
    constexpr std::size_t kDetailRecords = std::size_t(1) << 17;
    auto source = [this](int which) {
        return [this, which](double x0, double x1, const LiveChart::PointSink& sink) {
            const RecordStore& store = m_controller->records();
            const std::size_t begin = store.firstAtStep(static_cast<std::int64_t>(std::ceil(x0)));
            const std::size_t end = store.firstAtStep(static_cast<std::int64_t>(std::floor(x1)) + 1);
            if (end - begin > kDetailRecords) return false;
            ChartSinks to;
            (which == 0 ? to.loss : which == 1 ? to.underflow : to.scale) = sink;
            store.forEach(begin, end, [&](const StepRecord& r) { plotRecord(r, to); });
            return true;
        };
    };
    m_loss->setDetailSource(source(0));
    m_underflow->setDetailSource(source(1));
    m_scale->setDetailSource(source(2));
}

void TrainingPage::replotUnderflow() {
    // After "underflow of" changed: the whole run again, counting what the chart now says it counts.
    m_underflow->resetZoom();
    m_underflow->clearPoints();
    const int lanes = m_laneLabels.size();
    QList<QList<QPointF>> under(lanes);
    ChartSinks to;
    to.underflow = [&](int lane, QPointF p) { under[lane].append(p); };
    m_controller->records().forEach([&](const StepRecord& r) { plotRecord(r, to); });
    for (int i = 0; i < lanes; ++i) m_underflow->appendPoints(i, under[i]);
    m_underflow->refresh();
}

void TrainingPage::onRecords(const RecordBatch& batch) {
    if (!batch.records.empty() || !batch.finals.empty()) ++m_batches;
    const int lanes = m_laneLabels.size();
    QList<QList<QPointF>> loss(lanes), under(lanes), scale(lanes), skipped(lanes);
    std::vector<const StepRecord*> last(lanes, nullptr);
    QList<QPointF> exact;  // Workload::Accumulation: the exact running sum, one point per step
    showDiagnostics(batch);
    const ChartSinks sinks{[&](int lane, QPointF p) { (lane == lanes ? exact : loss[lane]).append(p); },
                           [&](int lane, QPointF p) { under[lane].append(p); },
                           [&](int lane, QPointF p) { scale[lane].append(p); }};
    for (const StepRecord& r : batch.records) {
        if (r.lane < 0 || r.lane >= lanes) continue;
        const double x = static_cast<double>(r.step);
        plotRecord(r, sinks);
        if (std::isfinite(r.loss)) m_lastFiniteLoss[r.lane] = r.loss;
        else if (!m_nonFiniteMarked.value(r.lane, false) && !m_summation) {
            m_nonFiniteMarked[r.lane] = true;
            const double y = m_lastFiniteLoss.value(r.lane, 1.0);
            m_loss->markEvent(r.lane, x, y);
        }
        if (!m_summation && r.skipped) skipped[r.lane].append(QPointF(x, r.scale));
        last[r.lane] = &r;
    }
    if (!exact.isEmpty()) m_loss->appendPoints(lanes, exact);  // the extra "exact" series
    for (int i = 0; i < lanes; ++i) {
        if (!loss[i].isEmpty()) m_loss->appendPoints(i, loss[i]);
        if (!under[i].isEmpty()) m_underflow->appendPoints(i, under[i]);
        const int si = m_scaleLane.value(i, -1);
        if (si >= 0) {
            if (!scale[si].isEmpty()) m_scale->appendPoints(si, scale[si]);
            if (!skipped[i].isEmpty()) m_scale->appendMarkers(si, skipped[i]);
        }
    }
    m_loss->refresh();
    m_underflow->refresh();
    m_scale->refresh();

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

    // Tiles: the lane's latest step.
    for (int i = 0; i < lanes && i < m_tiles.size(); ++i)
        if (last[i]) showTile(i, *last[i]);
    for (const LaneFinal& f : batch.finals) {
        if (m_summation || f.lane < 0 || f.lane >= m_tiles.size()) continue;
        const StepRecord* r = last[f.lane];
        m_tiles[f.lane]->setDetails(tr("step %1 · eval loss %2%3%4")
                                        .arg(r ? r->step : m_lastStep)
                                        .arg(fmt(f.evalLoss))
                                        .arg(std::isnan(f.evalAccuracy) ? QString() : tr(" · eval acc. %1").arg(pct(f.evalAccuracy)))
                                        .arg(m_scalerWarned.contains(f.lane) ? tr(" · ⚠ scaler struggling") : QString()));
    }

    // Histogram: each lane's latest, the chosen layers together, as a share of all its gradient
    // elements (exact zeros and inf/NaN have no bin: their shares go beside the lane's legend entry).
    for (const GradHistogram& g : histograms)
        if (g.lane >= 0 && g.lane < lanes) {
            m_latestHistograms[g.lane] = g;
            keepHistogram(g);
        }
    if (!histograms.empty()) showHistograms();

    if (boundary.valid()) {
        showBoundary(boundary);
        keepBoundary(boundary);
    }
    m_pendingBoundary = BoundarySnapshot{};
    m_pendingTile.clear();
    if (batch.lastStep >= 0) m_lastStep = batch.lastStep;
    if (batch.stepsPerSecond > 0 && !batch.records.empty()) emit speedChanged(batch.stepsPerSecond);
    updateTimeline();
    emit statusChanged();
}

QStringList TrainingPage::tileNames() const {
    if (m_summation) return {tr("running sum"), tr("exact sum"), tr("error")};
    return {tr("loss"), m_classification ? tr("accuracy") : tr("grad norm"), tr("underflow")};
}

void TrainingPage::showTile(int i, const StepRecord& r) {
    if (i < 0 || i >= m_tiles.size()) return;
    const QStringList names = tileNames();
    if (m_summation) {
        const double error = r.exactSum > 0 ? std::abs(r.loss - r.exactSum) / r.exactSum : kNotMeasured;
        m_tiles[i]->setBigValues({{names[0], fmt(r.loss)}, {names[1], fmt(r.exactSum)}, {names[2], pct(error)}});
        m_tiles[i]->setDetails(tr("step %1 · %2 values summed").arg(r.step).arg(QLocale().toString(summedValues(r.step))));
        return;
    }
    const bool weightKind = m_form->weightUnderflow();
    const double u = weightKind ? r.weightGradUnderflow : r.actGradUnderflow;
    m_tiles[i]->setBigValues({{names[0], fmt(r.loss)},
                              {names[1], m_classification ? pct(r.accuracy) : fmt(r.gradNorm, 3)},
                              {names[2], pct(u)}});
    m_tiles[i]->setDetails(tr("step %1 · scale %2%3 · overflows %4%5")
                               .arg(r.step)
                               .arg(log2Text(r.scale))
                               .arg(r.skipped ? tr(" (skipped)") : QString())
                               .arg(QLocale().toString(static_cast<qlonglong>(r.overflows)))
                               .arg(m_scalerWarned.contains(i) ? tr(" · ⚠ scaler struggling") : QString()));
}

namespace {

// Keeps `kept` at most `cap` entries by dropping every other one (never the newest) when full:
// what stays is spread evenly over the run, whatever its length.
template <typename Map>
void thinEvenly(Map& kept, int cap) {
    if (static_cast<int>(kept.size()) <= cap) return;
    bool drop = false;
    for (auto it = kept.begin(); it != kept.end();) {
        if (drop && std::next(it) != kept.end()) it = kept.erase(it);
        else ++it;
        drop = !drop;
    }
}

// The entry of `kept` (not empty) whose step is nearest to `step` (the later one on a tie).
template <typename Map>
const typename Map::mapped_type& nearestKept(const Map& kept, std::int64_t step) {
    auto it = kept.lower_bound(step);
    if (it == kept.end() || (it != kept.begin() && step - std::prev(it)->first < it->first - step)) --it;
    return it->second;
}

}  // namespace

void TrainingPage::keepHistogram(const GradHistogram& g) {
    // Every histogram of the run for scrubbing, at most kKeptHistograms per lane.
    auto& kept = m_keptHistograms[g.lane];
    kept[g.step] = g;
    thinEvenly(kept, kKeptHistograms);
}

void TrainingPage::showBoundary(const BoundarySnapshot& boundary) {
    for (int i = 0; i < m_boundaries.size() && i < static_cast<int>(boundary.perLane.size()); ++i)
        m_boundaries[i]->setPrediction(boundary.xs, boundary.ys, boundary.perLane[i]);
}

void TrainingPage::keepBoundary(const BoundarySnapshot& boundary) {
    // For scrubbing: up to kKeptBoundaries snapshots (a few hundred kB each at most).
    m_keptBoundaries[boundary.step] = boundary;
    thinEvenly(m_keptBoundaries, kKeptBoundaries);
}

QString TrainingPage::timelineText() const { return m_timelineLabel->text(); }

void TrainingPage::updateTimeline() {
    const bool running = m_controller->state() == RunState::Running || m_controller->state() == RunState::Starting ||
                         m_controller->state() == RunState::Stopping;
    const bool any = m_lastStep >= 0 && !m_controller->records().empty();
    const QSignalBlocker quiet(m_timeline);
    m_timeline->setEnabled(any && !running);
    m_timeline->setRange(0, std::max<int>(0, static_cast<int>(m_lastStep)));
    QList<std::int64_t> marks;  // the key moments reached so far (training_moments.cpp)
    for (const Moment& m : m_controller->moments()) marks << m.step;
    m_momentTimeline->setMarks(marks);
    if (running || !any) {
        m_timeline->setValue(m_timeline->maximum());
        m_scrubStep = -1;
        for (LiveChart* c : {m_loss, m_underflow, m_scale}) c->setCursor(std::numeric_limits<double>::quiet_NaN());
    }
    m_timelineLabel->setText(m_scrubStep >= 0 ? tr("step %1 of %2 · Play goes on from the end")
                                                    .arg(m_scrubStep).arg(m_lastStep)
                                              : (any ? tr("step %1 · drag to look back").arg(m_lastStep)
                                                     : tr("timeline: run or step first")));
}

void TrainingPage::scrubTo(std::int64_t step) {
    if (m_lastStep < 0 || m_controller->busy()) return;
    step = std::clamp<std::int64_t>(step, 0, m_lastStep);
    m_scrubStep = step;
    // The tiles show that step's records (read back from the run's record store: records are in
    // step order, every lane once per step).
    const RecordStore& store = m_controller->records();
    for (std::size_t i = store.firstAtStep(step); i < store.size(); ++i) {
        const StepRecord r = store.at(i);
        if (r.step != step) break;
        showTile(r.lane, r);
    }
    for (LiveChart* c : {m_loss, m_underflow, m_scale}) c->setCursor(static_cast<double>(step));
    // The fit or boundary thumbnails: the kept snapshot nearest to the step.
    if (!m_keptBoundaries.empty()) showBoundary(nearestKept(m_keptBoundaries, step));
    // The histogram: each lane's kept histogram nearest to the step.
    if (!m_summation) {
        for (const auto& [lane, kept] : m_keptHistograms)
            if (!kept.empty()) m_latestHistograms[lane] = nearestKept(kept, step);
        showHistograms();
        m_ranges->showNearest(step);
    }
    const QSignalBlocker quiet(m_timeline);
    m_timeline->setValue(static_cast<int>(step));
    updateTimeline();
}

std::int64_t TrainingPage::scrubStep() const { return m_scrubStep; }

void TrainingPage::nameUnderflowChart() {
    if (m_summation) return;
    m_underflow->setTitles(m_form->weightUnderflow() ? tr("Gradient underflow · weight gradients")
                                                                : tr("Gradient underflow · output gradients"),
                           tr("% underflowed"));
}

void TrainingPage::showHistograms() {
    const int lanes = m_laneLabels.size();
    const int layerChoice = m_form->histogramLayer();  // -1: all
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    std::int64_t step = -1;
    for (int lane = 0; lane < lanes; ++lane) {
        const auto it = m_latestHistograms.find(lane);
        if (it == m_latestHistograms.end() || it->second.layers.empty()) continue;
        const GradHistogram& g = it->second;
        const HistogramView view = makeHistogramView(g, layerChoice);
        if (!view.any) continue;
        // Exact zeros and inf/NaN have no log2 bin: their shares are written on the chart.
        QStringList note;
        // Zeros include gradients that are zero in float32 too (a ReLU's idle units); "underflowed" are
        // the ones float32 keeps: the underflow chart's count for the same tensors.
        if (view.zeroShare > 0) note << tr("%1 zeros (%2 underflowed)").arg(pct(view.zeroShare), pct(view.underflowShare));
        if (view.nonFiniteShare > 0) note << tr("%1 inf/NaN").arg(pct(view.nonFiniteShare));
        m_histogram->setLaneNote(lane, note.join(", "));
        m_histogram->setHistogram(lane, view.edges, view.values);
        if (std::isfinite(view.lo)) {
            lo = std::min(lo, view.lo);
            hi = std::max(hi, view.hi);
        }
        step = std::max(step, g.step);
    }
    // The x range follows the data (scaled gradients included), with f16's range always in view.
    lo = std::min(std::isfinite(lo) ? lo : -26.0, -26.0);
    hi = std::max(std::isfinite(hi) ? hi : 2.0, 2.0);
    m_histogram->setXRange(lo, hi);
    // The title names the tensors counted ("Weight gradients, all layers · step 60"), short enough for a
    // chart a quarter of the window wide.
    QString tensors = m_form->histogramLayerText();
    if (!tensors.isEmpty()) tensors[0] = tensors[0].toUpper();
    m_histogram->chart()->setTitle(step >= 0 ? tr("%1 · step %2").arg(tensors).arg(step) : histogramTitle());
    m_histogram->refresh();
}

}  // namespace presisi
