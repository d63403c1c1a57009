// LaneBoard: the Training lab's lane tiles with their thumbnails, their numbers per step and at the end,
// the scaler's warnings on them, and the flow of tiles into rows.
#include "lane_board.h"

#include <QGridLayout>
#include <QLocale>
#include <algorithm>
#include <cmath>

#include "engine/training/dataset.h"
#include "training_page_common.h"
#include "widgets/boundary_view.h"
#include "widgets/lane_tile.h"

namespace presisi {

namespace {

// A lane of 8 bits and below's recipe in a tile's line: its operands' formats and how the scales are chosen
// ("e4m3 · e5m2 grads · current scale", "mxfp8 blocks · floor", "SR grads · 16×16 W · RHT"); empty for other
// lanes.
QString recipeText(const LaneSpec& l) {
    if (!l.scaled) return {};
    const QString f = QString::fromUtf8(traits(*l.scaled).name.data());
    if (*l.scaled == ScaledFormat::Nvfp4) {
        // Transformer Engine's NVFP4 recipe and what of it is switched off.
        QStringList parts;
        parts << (l.noStochasticGradients ? LaneBoard::tr("nearest grads") : LaneBoard::tr("SR grads"));
        parts << (l.noSquareWeights ? LaneBoard::tr("1-D W") : LaneBoard::tr("16×16 W"));
        if (!l.noHadamard) parts << LaneBoard::tr("RHT");
        return parts.join(QStringLiteral(" · "));
    }
    if (!isPerTensor(*l.scaled))
        return LaneBoard::tr("%1 blocks · %2").arg(f, QString::fromUtf8(scaleModeName(l.scaleMode).data()));
    const QString formats = l.hybrid ? LaneBoard::tr("e4m3 · e5m2 grads") : LaneBoard::tr("all %1").arg(f);
    const QString scale = l.delayed ? (l.mostRecent ? LaneBoard::tr("delayed scale (newest amax)") : LaneBoard::tr("delayed scale"))
                                    : LaneBoard::tr("current scale");
    return QString("%1 · %2%3").arg(formats, scale, l.overflow == Overflow::Saturate ? LaneBoard::tr(" · sat") : QString());
}

}  // namespace

using namespace trainingpage;

namespace {

constexpr int kKeptBoundaries = 100;  // decision-boundary snapshots, for looking back (a few hundred kB each)
constexpr int kMinHeight = 250;       // one row of tiles with their thumbnails

QString log2Text(double scale) {
    if (!(scale > 0) || !std::isfinite(scale)) return fmt(scale);
    const double e = std::log2(scale);
    if (std::abs(e - std::round(e)) < 1e-9) return QString("2^%1").arg(static_cast<int>(std::round(e)));
    return fmt(scale);
}

}  // namespace

LaneBoard::LaneBoard(QWidget* parent) : QWidget(parent) {
    m_grid = new QGridLayout(this);
    m_grid->setSpacing(4);
    // The tiles never widen the window: they wrap into rows instead (flow), so the board takes the
    // width it is given and sets its own minimum height from the rows.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    setMinimumSize(1, kMinHeight);
}

QStringList LaneBoard::tileNames() const {
    if (m_summation) return {tr("running sum"), tr("exact sum"), tr("error")};
    return {tr("loss"), m_classification ? tr("accuracy") : tr("grad norm"), tr("underflow")};
}

void LaneBoard::setLanes(const QStringList& labels, const Scenario& scenario, bool classification) {
    m_summation = scenario.workload == Workload::Accumulation;
    m_classification = classification;
    m_summands = static_cast<qint64>(scenario.accumulationValues);
    m_summandsPerStep = scenario.batch == 0 ? m_summands : scenario.batch;
    qDeleteAll(m_tiles);
    m_tiles.clear();
    m_boundaries.clear();
    m_scalerWarned.clear();
    m_keptBoundaries.clear();
    m_recipes.clear();
    for (const LaneSpec& l : scenario.lanes) m_recipes << recipeText(l);
    const QStringList names = tileNames();
    // What each row measures, in the rows' order.
    const QStringList rowTips =
        m_summation ? QStringList{tr("The lane's running sum after this step, held in its format."),
                                  tr("The exact sum of the same values (double)."),
                                  tr("How far the running sum is from the exact sum, in percent of it.")}
                    : QStringList{tr("The loss of this step's forward pass on the batch, before the update, computed in the lane's "
                                     "format under autocast (nan: the lane has diverged)."),
                                  m_classification
                                      ? tr("Share of this step's batch the lane classifies correctly (the argmax of its outputs).")
                                      : tr("Gradient norm: the L2 norm of this step's float32 master gradients of every weight and bias, "
                                           "unscaled (scaler lanes: divided by the scale); inf or nan when a gradient overflowed."),
                                  tr("Underflow: of all gradient elements of the kind chosen under Charts (weight or activation "
                                     "gradients), the share that is exactly 0 in this lane while a float32 shadow backward on the lane's own "
                                     "weights and batch gives it non-zero.")};
    for (const QString& label : labels) {
        auto* tile = new LaneTile(label);
        tile->setValuePointSize(labels.size() > 4 ? 10 : 11);
        auto* boundary = new BoundaryView();
        tile->setBody(boundary);
        tile->setBigValues({{names[0], "—"}, {names[1], "—"}, {names[2], "—"}});
        tile->setRowToolTips(rowTips);
        tile->setDetailsToolTip(m_summation ? tr("The step and how many values have been summed so far.")
                                            : tr("The step; the loss scale (2^k; skipped: the step's scaled gradients "
                                                 "overflowed, so the weights were left untouched); overflows: elements of "
                                                 "this step's activations and gradients that are inf or NaN. At the end: the final "
                                                 "evaluation, in float32 without gradients."));
        boundary->setToolTip(m_classification ? tr("The lane's decision regions over the data (points: the samples, "
                                                   "coloured by class), redrawn every few steps.")
                                              : tr("The lane's fit: its predictions against the data, redrawn every few steps."));
        // A summation has no model to draw.
        boundary->setVisible(!m_summation);
        m_tiles.append(tile);
        m_boundaries.append(boundary);
    }
    reflow();
}

void LaneBoard::setData(const Dataset& data) {
    for (BoundaryView* b : m_boundaries) b->setData(data.x, data.labels, data.targets, data.classes);
}

qint64 LaneBoard::summedValues(std::int64_t step) const {
    return std::min<qint64>(m_summands, (step + 1) * m_summandsPerStep);
}

void LaneBoard::showRecord(const StepRecord& r, bool weightGradients) {
    const int i = r.lane;
    if (i < 0 || i >= m_tiles.size()) return;
    const QStringList names = tileNames();
    if (m_summation) {
        const double error = r.exactSum > 0 ? std::abs(r.loss - r.exactSum) / r.exactSum : kNotMeasured;
        m_tiles[i]->setBigValues({{names[0], fmt(r.loss)}, {names[1], fmt(r.exactSum)}, {names[2], pct(error)}});
        m_tiles[i]->setDetails(tr("step %1 · %2 values summed").arg(r.step).arg(QLocale().toString(summedValues(r.step))));
        return;
    }
    const double u = weightGradients ? r.weightGradUnderflow : r.actGradUnderflow;
    m_tiles[i]->setBigValues({{names[0], fmt(r.loss)},
                              {names[1], m_classification ? pct(r.accuracy) : fmt(r.gradNorm, 3)},
                              {names[2], pct(u)}});
    if (!m_recipes.value(i).isEmpty()) {
        // No loss scale on such a lane: the line says how it casts instead.
        m_tiles[i]->setDetails(tr("step %1 · %2 · overflows %3").arg(r.step).arg(m_recipes[i]).arg(QLocale().toString(static_cast<qlonglong>(r.overflows))));
        return;
    }
    m_tiles[i]->setDetails(tr("step %1 · scale %2%3 · overflows %4%5")
                               .arg(r.step)
                               .arg(log2Text(r.scale))
                               .arg(r.skipped ? tr(" (skipped)") : QString())
                               .arg(QLocale().toString(static_cast<qlonglong>(r.overflows)))
                               .arg(m_scalerWarned.contains(i) ? tr(" · ⚠ scaler struggling") : QString()));
}

void LaneBoard::showFinal(const LaneFinal& f, const StepRecord* last, std::int64_t lastStep) {
    if (m_summation || f.lane < 0 || f.lane >= m_tiles.size()) return;
    m_tiles[f.lane]->setDetails(tr("step %1 · eval loss %2%3%4")
                                    .arg(last ? last->step : lastStep)
                                    .arg(fmt(f.evalLoss))
                                    .arg(std::isnan(f.evalAccuracy) ? QString() : tr(" · eval acc. %1").arg(pct(f.evalAccuracy)))
                                    .arg(m_scalerWarned.contains(f.lane) ? tr(" · ⚠ scaler struggling") : QString()));
}

void LaneBoard::showScalerWarning(const ScalerWarning& w, const QString& text) {
    // The tile's details line says it while it stands (showRecord), its tooltip says it in full; a
    // recovery ends it there too.
    if (w.why == ScalerWarning::Why::Recovered) m_scalerWarned.remove(w.lane);
    else m_scalerWarned[w.lane] = text;
    if (w.lane >= 0 && w.lane < m_tiles.size())
        m_tiles[w.lane]->setToolTip(w.why == ScalerWarning::Why::Recovered
                                        ? tr("Scaler recovered at step %1: %2").arg(w.step).arg(text)
                                        : tr("Scaler warning at step %1: %2").arg(w.step).arg(text));
}

void LaneBoard::showBoundary(const BoundarySnapshot& boundary) {
    for (int i = 0; i < m_boundaries.size() && i < static_cast<int>(boundary.perLane.size()); ++i)
        m_boundaries[i]->setPrediction(boundary.xs, boundary.ys, boundary.perLane[i]);
}

void LaneBoard::keepBoundary(const BoundarySnapshot& boundary) {
    m_keptBoundaries[boundary.step] = boundary;
    thinEvenly(m_keptBoundaries, kKeptBoundaries);
}

void LaneBoard::showKeptBoundary(std::int64_t step) {
    if (!m_keptBoundaries.empty()) showBoundary(nearestKept(m_keptBoundaries, step));
}

void LaneBoard::restyle() {
    for (BoundaryView* b : m_boundaries) b->restyle();
}

void LaneBoard::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    flow();
}

void LaneBoard::reflow() {
    m_columns = 0;
    flow();
}

void LaneBoard::flow() {
    const int n = m_tiles.size();
    if (n == 0) return;
    int minW = 1, minH = 1;
    for (LaneTile* t : m_tiles) {
        minW = std::max(minW, t->minimumSizeHint().width());
        minH = std::max(minH, t->minimumSizeHint().height());
    }
    const int spacing = std::max(0, m_grid->horizontalSpacing());
    const int available = width() > 1 ? width() : minW * n;
    int cols = std::clamp((available + spacing) / (minW + spacing), 1, n);
    const int rows = (n + cols - 1) / cols;
    cols = (n + rows - 1) / rows;  // balanced rows: 8 lanes as 4 + 4, not 5 + 3
    const int wantHeight = std::max(kMinHeight, rows * minH + (rows - 1) * std::max(0, m_grid->verticalSpacing()));
    if (cols == m_columns && minimumHeight() == wantHeight) return;
    m_columns = cols;
    for (LaneTile* t : m_tiles) m_grid->removeWidget(t);
    for (int c = 0; c < m_grid->columnCount(); ++c) m_grid->setColumnStretch(c, 0);
    for (int i = 0; i < n; ++i) m_grid->addWidget(m_tiles[i], i / cols, i % cols);
    for (int c = 0; c < cols; ++c) m_grid->setColumnStretch(c, 1);
    setMinimumHeight(wantHeight);
}

}  // namespace presisi
