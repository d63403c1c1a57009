// The loss scale | casts cell of the Training lab.
#include "scale_cast_view.h"

#include <QAbstractSeries>
#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QToolButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "widgets/chart_legend.h"
#include "widgets/lane_style.h"
#include "widgets/live_chart.h"

namespace presisi {

ScaleCastView::ScaleCastView(LiveChart* scale, QWidget* parent) : QWidget(parent), m_scale(scale) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    m_header = new QWidget();
    auto* header = new QHBoxLayout(m_header);
    header->setContentsMargins(0, 0, 0, 0);
    m_scaleButton = new QToolButton();
    m_scaleButton->setText(tr("Loss scale"));
    m_scaleButton->setToolTip(tr("The loss scaler's scale per step for each +scaler lane."));
    m_castButton = new QToolButton();
    m_castButton->setText(tr("Casts"));
    m_castButton->setToolTip(tr("What the casts of the lanes of 8 bits and below (fp8, e4m3, e5m2, mxfp8, mxfp4) do "
                                "per step: saturated or underflowed elements, or how much of the format's range "
                                "the scale uses."));
    auto* group = new QButtonGroup(this);
    for (QToolButton* b : {m_scaleButton, m_castButton}) {
        b->setCheckable(true);
        b->setAutoRaise(false);
        group->addButton(b);
        header->addWidget(b);
    }
    m_scaleButton->setChecked(true);
    header->addStretch(1);
    m_statistic = new QComboBox();
    m_statistic->addItems({tr("saturated"), tr("underflowed"), tr("range used, lowest layer"), tr("range used, highest layer"),
                           tr("amax, and max/scale as a band")});
    m_statistic->setToolTip(tr("saturated: share of the tensor's elements the cast clips (beyond what rounds to the "
                               "format's max); underflowed: share of its non-zero elements that became 0; range used: "
                               "amax × scale over the format's max (100%: the scale puts the amax at the max, as "
                               "current scaling does; above: the cast clips; far below: the range's top goes unused). "
                               "Over the layers, the largest share or the lowest or highest range. Amax, and max/scale "
                               "as a band: for one layer, the tensor's amax (line) and the amax its scale fits, max/scale "
                               "(wide band; per-tensor scales only): current scaling keeps the line on the band, delayed "
                               "scaling takes the band from the amax history."));
    m_operand = new QComboBox();
    m_operand->addItems({tr("input"), tr("weight"), tr("output gradient")});
    m_operand->setToolTip(tr("The GEMM operand: each linear layer's input and weight (forward) or the gradient at its "
                             "output (backward; e5m2 on fp8 lanes)."));
    m_layer = new QComboBox();
    m_layer->setToolTip(tr("The linear layer whose casts the chart shows (the first %1 layers).").arg(StepRecord::kCastLayers));
    for (QComboBox* c : {m_statistic, m_operand, m_layer}) {
        // Narrow in the cell (the list opens at full width): the neighbouring chart keeps its room.
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(3);
        header->addWidget(c, 1);
    }
    v->addWidget(m_header);
    m_casts = new LiveChart(tr("Casts"), tr("step"), tr("%"));
    m_casts->setToolTip(tr("Per step, for each lane of 8 bits and below, what the casts of the chosen GEMM operand did "
                           "over the layers: the share of elements saturated or underflowed, or the range the scale "
                           "uses (log axis; the dashed line is the format's max); or for one layer the tensor's amax "
                           "(line) against the amax its scale fits, the format's max/scale (band): above the band "
                           "the cast clips, far below it the format's top binades go unused."));
    m_stack = new QStackedWidget();
    m_stack->addWidget(m_scale);
    m_stack->addWidget(m_casts);
    v->addWidget(m_stack, 1);
    const auto showPage = [this] {
        const bool casts = m_castButton->isChecked();
        m_stack->setCurrentIndex(casts ? 1 : 0);
        m_statistic->setVisible(casts);
        m_operand->setVisible(casts);
        m_layer->setVisible(casts && statistic() == Statistic::AmaxAgainstScale);
    };
    connect(group, &QButtonGroup::buttonToggled, this, showPage);
    showPage();
    for (QComboBox* c : {m_statistic, m_operand, m_layer})
        connect(c, &QComboBox::currentIndexChanged, this, [this, showPage] {
            showPage();
            applyStatistic();
            emit choiceChanged();
        });
    applyStatistic();
}

bool ScaleCastView::showingCasts() const { return m_castButton->isChecked(); }
void ScaleCastView::setShowingCasts(bool casts) { (casts ? m_castButton : m_scaleButton)->setChecked(true); }
ScaleCastView::Statistic ScaleCastView::statistic() const { return static_cast<Statistic>(m_statistic->currentIndex()); }
void ScaleCastView::setStatistic(Statistic s) { m_statistic->setCurrentIndex(static_cast<int>(s)); }
numerics::GemmOperand ScaleCastView::operand() const { return static_cast<numerics::GemmOperand>(m_operand->currentIndex()); }
void ScaleCastView::setOperand(numerics::GemmOperand operand) { m_operand->setCurrentIndex(static_cast<int>(operand)); }
int ScaleCastView::layer() const { return std::max(0, m_layer->currentIndex()); }
void ScaleCastView::setLayer(int layer) { m_layer->setCurrentIndex(layer); }

void ScaleCastView::setLanes(const QStringList& labels, const Scenario& scenario) {
    m_castLane.clear();
    QStringList castLabels;
    bool scaler = false;
    for (int i = 0; i < labels.size() && i < static_cast<int>(scenario.lanes.size()); ++i) {
        const LaneSpec& l = scenario.lanes[static_cast<std::size_t>(i)];
        scaler |= l.scaler;
        m_castLane.append(l.scaled ? castLabels.size() : -1);
        if (l.scaled) castLabels << labels[i];
    }
    m_castLabels = castLabels;
    {
        // The layers the records carry: the model's, at most kCastLayers.
        const QSignalBlocker quiet(m_layer);
        const int keep = m_layer->currentIndex();
        m_layer->clear();
        const int layers = std::min<int>(StepRecord::kCastLayers, std::max<int>(0, static_cast<int>(scenario.sizes.size()) - 1));
        for (int l = 0; l < layers; ++l) m_layer->addItem(tr("layer %1").arg(l + 1));
        m_layer->setCurrentIndex(std::clamp(keep, 0, std::max(0, layers - 1)));
    }
    m_casts->setEmptyText(castLabels.isEmpty() ? tr("Add a lane of 8 bits and below (e.g. cpu:fp8) to see its casts")
                                               : tr("Press Play (Space), or step (.)"));
    if (!castLabels.isEmpty() && !scaler) setShowingCasts(true);
    if (castLabels.isEmpty()) setShowingCasts(false);
    m_header->setVisible(!castLabels.isEmpty());
    applyStatistic();
}

QList<QPair<int, double>> ScaleCastView::points(const StepRecord& r) const {
    const int lane = castLane(r.lane);
    if (lane < 0) return {};
    QList<QPair<int, double>> out;
    const auto add = [&out](int series, double v) {
        if (std::isfinite(v)) out.append({series, v});
    };
    const auto op = static_cast<std::size_t>(operand());
    const StepRecord::CastWorst& w = r.castWorst[op];
    switch (statistic()) {
        case Statistic::Saturated: add(lane, 100.0 * w.saturatedShare); break;
        case Statistic::Underflowed: add(lane, 100.0 * w.underflowShare); break;
        // A range of 0 (an all-zero tensor) has no place on the log axis.
        case Statistic::RangeUseLow: if (w.rangeUseLow > 0) add(lane, 100.0 * w.rangeUseLow); break;
        case Statistic::RangeUseHigh: if (w.rangeUseHigh > 0) add(lane, 100.0 * w.rangeUseHigh); break;
        case Statistic::AmaxAgainstScale: {
            const StepRecord::CastScale& k = r.castScales[static_cast<std::size_t>(std::min(layer(), StepRecord::kCastLayers - 1))][op];
            // Series: the lanes' bands, then their amax lines (applyStatistic).
            if (k.fitAmax > 0) add(lane, k.fitAmax);
            if (k.amax > 0) add(static_cast<int>(m_castLabels.size()) + lane, k.amax);
            break;
        }
    }
    return out;
}

void ScaleCastView::applyStatistic() {
    const QString tensor = m_operand->currentText();
    const bool amax = statistic() == Statistic::AmaxAgainstScale;
    if (amax) {
        // Two series per lane: the amax its scale fits (a wide pale band of the lane's colour, without a legend
        // entry: one would not leave the lanes' entries one row in a quarter of the window), every band first so
        // the lines are drawn over them; then the lanes' amax lines, named and drawn as the lanes are.
        QStringList labels;
        QList<QPen> pens;
        QList<int> bands;
        for (const QString& l : m_castLabels) {
            labels << tr("%1 max/scale").arg(l);
            QPen band = lanePen(l);
            QColor c = band.color();
            c.setAlpha(80);
            band.setColor(c);
            band.setWidthF(7.0);
            band.setStyle(Qt::SolidLine);
            pens << band;
            bands << static_cast<int>(bands.size());
        }
        for (const QString& l : m_castLabels) {
            labels << l;
            pens << lanePen(l);
        }
        m_casts->setLanePens(pens);
        m_casts->setLegendHidden(bands);
        m_casts->setLanes(labels);
        // A click on a lane's legend entry hides and shows its band with its line.
        const QList<QAbstractSeries*> all = m_casts->chart()->series();
        for (int i = 0; i < static_cast<int>(m_castLabels.size()); ++i)
            for (QAbstractSeries* line : all)
                for (QAbstractSeries* band : all)
                    if (line->name() == labels[bands.size() + i] && band->name() == labels[i])
                        line->setProperty(kLegendCompanionProperty, QVariant::fromValue<QObject*>(band));
    } else {
        m_casts->setLanePens({});
        m_casts->setLegendHidden({});
        m_casts->setLanes(m_castLabels);
    }
    switch (statistic()) {
        case Statistic::Saturated:
            m_casts->setTitles(tr("Casts · %1 saturated").arg(tensor), tr("% of elements"));
            break;
        case Statistic::Underflowed:
            m_casts->setTitles(tr("Casts · %1 underflowed").arg(tensor), tr("% of non-zeros"));
            break;
        // amax × scale / max: the tooltip says so; the title stays on one line in a quarter of the window.
        case Statistic::RangeUseLow:
            m_casts->setTitles(tr("Casts · %1 range used, lowest layer").arg(tensor), tr("% of max"));
            break;
        case Statistic::RangeUseHigh:
            m_casts->setTitles(tr("Casts · %1 range used, highest layer").arg(tensor), tr("% of max"));
            break;
        case Statistic::AmaxAgainstScale:
            // The band named on the value axis where the chart is tall enough for it (Qt drops an axis title that
            // does not fit), in the statistic's name and in the tooltip.
            m_casts->setTitles(tr("Casts · %1 amax, %2").arg(tensor, m_layer->currentText()), tr("|x| · band: max/scale"));
            break;
    }
    const bool range = statistic() == Statistic::RangeUseLow || statistic() == Statistic::RangeUseHigh;
    m_casts->setValueCeiling(range || amax ? std::numeric_limits<double>::infinity() : 100.0);
    m_casts->setScale(range || amax ? AxisScale::Log2 : AxisScale::Linear);
    m_casts->setLevel(range ? 100.0 : std::numeric_limits<double>::quiet_NaN(), tr("format's max"));
}

}  // namespace presisi
