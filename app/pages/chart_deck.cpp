// ChartDeck: the Training lab's charts built, fed from batches and the record store, and looked back at.
#include "chart_deck.h"

#include <QGridLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "gradient_ranges.h"
#include "scale_cast_view.h"
#include "record_store.h"
#include "run_controller.h"
#include "chart_choices.h"
#include "training_page_common.h"
#include "widgets/chart_data.h"
#include "widgets/histogram_chart.h"
#include "widgets/lane_style.h"
#include "widgets/range_chart.h"

namespace presisi {

using namespace trainingpage;

namespace {

constexpr int kPointCap = 3000;
constexpr int kKeptHistograms = 400;  // per lane, for looking back

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

ChartDeck::ChartDeck(const ChartChoices* choices, std::function<const RecordStore&()> records, QObject* parent)
    : QObject(parent), m_choices(choices), m_records(std::move(records)) {
    m_loss = new LiveChart(tr("Training loss per step"), tr("step"), tr("loss"));
    m_underflow = new LiveChart(tr("Gradient underflow"), tr("step"), tr("% underflowed"));
    m_underflow->setValueCeiling(100);
    m_underflow->setToolTip(tr("Per step, the share of gradient elements that are exactly 0 in the lane although a "
                               "float32 shadow backward on the lane's own weights and batch gives them non-zero: "
                               "gradients sunk to zero. "
                               "\"underflow of\" (Charts) chooses weight or activation gradients."));
    m_scale = new LiveChart(tr("Loss scale (skipped steps marked)"), tr("step"), tr("scale"));
    m_scale->setMarkerName(tr("skipped"));
    m_scale->setToolTip(tr("The loss scaler's scale per step for each +scaler lane (log2 axis): halved and the step "
                           "skipped (a marker, weights untouched) when a scaled gradient overflows, doubled after "
                           "growth interval clean steps."));
    m_loss->setToolTip(tr("The training loss per step, as each lane computes it in its format (the batch's loss). "
                          "A cross marks where a lane's loss turned inf or NaN, at its last finite value."));
    m_scale->setScale(AxisScale::Log2);
    m_histogram = new HistogramChart(histogramTitle(), tr("log2 |gradient| (scaled)"), tr("% of gradients"));
    for (LiveChart* c : {m_loss, m_underflow, m_scale}) {
        c->setPointCap(kPointCap);
        c->setEmptyText(tr("Press Play (Space), or step (.)"));
    }
    m_scaleCell = new ScaleCastView(m_scale);
    casts()->setPointCap(kPointCap);
    connect(m_scaleCell, &ScaleCastView::choiceChanged, this, &ChartDeck::replotCasts);
    readChartsFromStore();
    setLogLoss(m_choices->logLoss());
    const FormatTraits& h = traits(Format::F16);
    const FormatTraits& b = traits(Format::BF16);
    // bf16's range as a strip along the top, f16's below it: no band lies on another, so each
    // looks like its legend swatch.
    m_histogram->addBand(std::log2(b.minSubnormal), std::log2(b.max) + 1, tr("bf16 range"), laneStyle(Lane{Device::Cpu, Format::BF16}).color, 0.92, 1.0);
    m_histogram->addBand(std::log2(h.minSubnormal), std::log2(h.minNormal), tr("f16 subnormal"), QColor(0xD5, 0x5E, 0x00), 0, 0.92);
    m_histogram->addBand(std::log2(h.minNormal), std::log2(h.max) + 1, tr("f16 normal"), laneStyle(Lane{Device::Cpu, Format::F16}).color, 0, 0.92);
    m_histogram->setEmptyText(tr("Press Play (Space), or step (.)"));
    m_histogram->setLegendRight(true);
    m_histogram->setToolTip(tr("Share of each lane's gradient elements per log2 magnitude bin (scaled lanes: times the "
                               "scale), over bf16's range (top strip, from 2^-133) and f16's subnormal (2^-24 to 2^-14) "
                               "and normal (to 65504) ranges. Exact zeros and inf/NaN have no bin: the legend gives their "
                               "share beside each lane."));
    m_grid = new QGridLayout();
    m_grid->setSpacing(4);
    m_ranges = new GradientRangeView(m_histogram);  // Histogram | Ranges in one cell
}

QList<QWidget*> ChartDeck::cells() const { return {m_loss, m_underflow, m_scaleCell, m_ranges}; }

LiveChart* ChartDeck::casts() const { return m_scaleCell->casts(); }

void ChartDeck::setLanes(const QStringList& labels, const Scenario& scenario) {
    m_lanes = labels.size();
    m_labels = labels;
    m_summation = scenario.workload == Workload::Accumulation;
    m_scaleLane.clear();
    QStringList scaleLabels;
    // labels are the scenario's lanes' labels, in its order.
    for (int i = 0; i < labels.size(); ++i) {
        const bool scaler = i < static_cast<int>(scenario.lanes.size()) && scenario.lanes[static_cast<std::size_t>(i)].scaler;
        m_scaleLane.append(scaler ? scaleLabels.size() : -1);
        if (scaler) scaleLabels << labels[i];
    }
    m_loss->setLanes(m_summation ? QStringList(labels) << tr("exact") : labels);
    m_underflow->setLanes(labels);
    m_scale->setLanes(scaleLabels);
    m_scale->chart()->setTitle(scaleLabels.isEmpty() ? tr("Loss scale: no lane uses a scaler") : tr("Loss scale (skipped steps marked)"));
    m_scale->setEmptyText(scaleLabels.isEmpty() ? tr("Add a +scaler lane (e.g. cpu:f16+scaler) to see its scale")
                                                : tr("Press Play (Space), or step (.)"));
    m_scaleCell->setLanes(labels, scenario);
    m_histogram->setLanes(labels);
    m_histogram->chart()->setTitle(histogramTitle());
    m_latestHistograms.clear();
    m_keptHistograms.clear();
    m_nonFiniteMarked.clear();
    m_lastFiniteLoss.clear();
    m_histogram->refresh();
    m_ranges->setLanes(labels, scenario);
    // A summation has no loss, gradients or scaler: its charts are the running sums against the
    // exact sum and their error.
    if (m_summation) {
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
        setLogLoss(m_choices->logLoss());
    }
    m_scaleCell->setVisible(!m_summation);
    m_ranges->setVisible(!m_summation);
}

void ChartDeck::clearPoints() {
    for (LiveChart* c : {m_loss, m_underflow, m_scale, casts()}) c->clearPoints();
}

void ChartDeck::setLogLoss(bool on) {
    if (!m_summation) m_loss->setScale(on ? AxisScale::Log10 : AxisScale::Linear);
}

void ChartDeck::setMinimumChartHeight(int pixels) {
    for (QWidget* c : cells()) c->setMinimumHeight(pixels);
}

void ChartDeck::restyle() {
    for (LiveChart* c : {m_loss, m_underflow, m_scale, casts()}) c->applyLaneColours();
    m_histogram->applyLaneColours();
    m_ranges->chart()->update();
}

void ChartDeck::plotRecord(const StepRecord& r, const Sinks& to) const {
    if (r.lane < 0 || r.lane >= m_lanes) return;
    const double x = static_cast<double>(r.step);
    if (to.loss) to.loss(r.lane, QPointF(x, r.loss));
    if (m_summation) {
        // The error chart: how far each lane's running sum is from the exact one; the exact sum is
        // the loss chart's extra series (index m_lanes), from lane 0's records.
        if (to.underflow && r.exactSum > 0) to.underflow(r.lane, QPointF(x, 100.0 * std::abs(r.loss - r.exactSum) / r.exactSum));
        if (to.loss && r.lane == 0) to.loss(m_lanes, QPointF(x, r.exactSum));
        return;
    }
    const double u = m_choices->weightUnderflow() ? r.weightGradUnderflow : r.actGradUnderflow;
    if (to.underflow && !std::isnan(u)) to.underflow(r.lane, QPointF(x, 100.0 * u));
    const int si = m_scaleLane.value(r.lane, -1);
    if (to.scale && si >= 0) to.scale(si, QPointF(x, r.scale));
    if (to.casts)
        for (const auto& [series, v] : m_scaleCell->points(r)) to.casts(series, QPointF(x, v));
}

void ChartDeck::readChartsFromStore() {
    // A zoomed chart reads its steps back from the run's record store (every step, not the chart's
    // buckets); at most kDetailRecords records per zoom, about 15 MB read from the page cache.
    constexpr std::size_t kDetailRecords = std::size_t(1) << 17;
    auto source = [this](LiveChart::PointSink Sinks::*which) {
        return [this, which](double x0, double x1, const LiveChart::PointSink& sink) {
            const RecordStore& store = m_records();
            const std::size_t begin = store.firstAtStep(static_cast<std::int64_t>(std::ceil(x0)));
            const std::size_t end = store.firstAtStep(static_cast<std::int64_t>(std::floor(x1)) + 1);
            if (end - begin > kDetailRecords) return false;
            Sinks to;
            to.*which = sink;
            store.forEach(begin, end, [&](const StepRecord& r) { plotRecord(r, to); });
            return true;
        };
    };
    m_loss->setDetailSource(source(&Sinks::loss));
    m_underflow->setDetailSource(source(&Sinks::underflow));
    m_scale->setDetailSource(source(&Sinks::scale));
    casts()->setDetailSource(source(&Sinks::casts));
}

void ChartDeck::replot(LiveChart* chart, LiveChart::PointSink Sinks::*which) {
    // The whole run again from the store, counting what the chart now says it counts.
    chart->resetZoom();
    chart->clearPoints();
    // The casts chart has fewer lanes, or two series per lane (amax against the scale).
    QList<QList<QPointF>> points(2 * m_lanes);
    Sinks to;
    to.*which = [&](int lane, QPointF p) { points[lane].append(p); };
    m_records().forEach([&](const StepRecord& r) { plotRecord(r, to); });
    for (int i = 0; i < points.size(); ++i)
        if (!points[i].isEmpty()) chart->appendPoints(i, points[i]);
    chart->refresh();
}

void ChartDeck::replotUnderflow() { replot(m_underflow, &Sinks::underflow); }  // "underflow of" changed

void ChartDeck::replotCasts() { replot(casts(), &Sinks::casts); }  // the statistic or the operand changed

void ChartDeck::plot(const RecordBatch& batch) {
    const int lanes = m_lanes;
    QList<QList<QPointF>> loss(lanes), under(lanes), scale(lanes), skipped(lanes), cast(2 * lanes);  // cast: see replot()
    QList<QPointF> exact;  // Workload::Accumulation: the exact running sum, one point per step
    const Sinks sinks{[&](int lane, QPointF p) { (lane == lanes ? exact : loss[lane]).append(p); },
                      [&](int lane, QPointF p) { under[lane].append(p); },
                      [&](int lane, QPointF p) { scale[lane].append(p); },
                      [&](int lane, QPointF p) { cast[lane].append(p); }};
    for (const StepRecord& r : batch.records) {
        if (r.lane < 0 || r.lane >= lanes) continue;
        const double x = static_cast<double>(r.step);
        plotRecord(r, sinks);
        if (std::isfinite(r.loss)) m_lastFiniteLoss[r.lane] = r.loss;
        else if (!m_nonFiniteMarked.value(r.lane, false) && !m_summation) {
            m_nonFiniteMarked[r.lane] = true;
            m_loss->markEvent(r.lane, x, m_lastFiniteLoss.value(r.lane, 1.0));
        }
        if (!m_summation && r.skipped) skipped[r.lane].append(QPointF(x, r.scale));
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
    for (int i = 0; i < cast.size(); ++i)
        if (!cast[i].isEmpty()) casts()->appendPoints(i, cast[i]);
    m_loss->refresh();
    m_underflow->refresh();
    m_scale->refresh();
    casts()->refresh();
}

void ChartDeck::markFault(const FirstNonFinite& f, const RecordBatch& batch) {
    // One cross per lane, at the doctor's step (at the lane's last finite loss, or 1 before any): the
    // loss itself may turn NaN a step later, when the update has written the inf into the weights,
    // and that later step is then not marked again.
    if (m_nonFiniteMarked.value(f.lane, false)) return;
    m_nonFiniteMarked[f.lane] = true;
    m_loss->markEvent(f.lane, static_cast<double>(f.step), markHeight(batch, f, m_lastFiniteLoss.value(f.lane, kNotMeasured)));
}

void ChartDeck::addHistograms(const std::vector<GradHistogram>& histograms) {
    // Each lane's latest, the chosen layers together, as a share of all its gradient elements; every one
    // of the run kept for looking back, at most kKeptHistograms per lane.
    for (const GradHistogram& g : histograms) {
        if (g.lane < 0 || g.lane >= m_lanes) continue;
        m_latestHistograms[g.lane] = g;
        auto& kept = m_keptHistograms[g.lane];
        kept[g.step] = g;
        thinEvenly(kept, kKeptHistograms);
    }
    if (!histograms.empty()) showHistograms();
}

void ChartDeck::showStep(std::int64_t step) {
    for (LiveChart* c : {m_loss, m_underflow, m_scale, casts()}) c->setCursor(static_cast<double>(step));
    if (m_summation) return;
    for (const auto& [lane, kept] : m_keptHistograms)
        if (!kept.empty()) m_latestHistograms[lane] = nearestKept(kept, step);
    showHistograms();
    m_ranges->showNearest(step);
}

void ChartDeck::hideCursor() {
    for (LiveChart* c : {m_loss, m_underflow, m_scale, casts()}) c->setCursor(std::numeric_limits<double>::quiet_NaN());
}

void ChartDeck::nameUnderflowChart() {
    if (m_summation) return;
    m_underflow->setTitles(m_choices->weightUnderflow() ? tr("Gradient underflow · weight gradients")
                                                     : tr("Gradient underflow · output gradients"),
                           tr("% underflowed"));
}

void ChartDeck::showHistograms() {
    if (m_latestHistograms.empty()) return;
    const int layerChoice = m_choices->histogramLayer();  // -1: all
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    std::int64_t step = -1;
    for (int lane = 0; lane < m_lanes; ++lane) {
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
    QString tensors = m_choices->histogramLayerText();
    if (!tensors.isEmpty()) tensors[0] = tensors[0].toUpper();
    m_histogram->chart()->setTitle(step >= 0 ? tr("%1 · step %2").arg(tensors).arg(step) : histogramTitle());
    m_histogram->refresh();
}

// The histogram's data is the counts behind its shares: per lane and layer tensor of the latest
// histogram, one row per non-empty log2 bin [2^lo, 2^hi) with the lane's count and the float32 shadow's
// count, and one row each for exact zeros and inf/NaN (their bins NaN). Per lane and tensor the counts
// add up to the tensor's element count.
ChartData ChartDeck::histogramData() const {
    ChartData d{chartTitleOf(m_histogram), "histogram",
                {"lane", "step", "layer", "tensor", "bin", "log2_lo", "log2_hi", "count", "f32_count"}, {}};
    const double none = std::numeric_limits<double>::quiet_NaN();
    for (const auto& [lane, g] : m_latestHistograms) {
        const QString label = m_labels.value(lane);
        for (const LayerHistogram& h : g.layers) {
            const QString tensor = h.weight ? QStringLiteral("weight_gradient") : QStringLiteral("output_gradient");
            const QVariant step = QVariant::fromValue<qlonglong>(g.step), layer(h.layer);
            for (std::size_t i = 0; i < h.counts.size(); ++i) {
                const std::int64_t f32 = i < h.f32Counts.size() ? h.f32Counts[i] : 0;
                if (h.counts[i] == 0 && f32 == 0) continue;
                const double lo = h.minExponent + static_cast<double>(i);
                d.rows << QList<QVariant>{label, step, layer, tensor, "log2", lo, lo + 1,
                                          QVariant::fromValue<qlonglong>(h.counts[i]), QVariant::fromValue<qlonglong>(f32)};
            }
            d.rows << QList<QVariant>{label, step, layer, tensor, "zero", none, none,
                                      QVariant::fromValue<qlonglong>(h.zeros), QVariant::fromValue<qlonglong>(h.f32Zeros)};
            d.rows << QList<QVariant>{label, step, layer, tensor, "non_finite", none, none,
                                      QVariant::fromValue<qlonglong>(h.nonFinite), QVariant::fromValue<qlonglong>(0)};
        }
    }
    return d;
}

}  // namespace presisi
