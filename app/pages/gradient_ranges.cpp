// GradientRangeView: Histogram | Ranges switch, the lane choice, and the kept range snapshots.
#include "gradient_ranges.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <iterator>

#include "widgets/range_chart.h"

namespace presisi {

namespace {

RangeLimits limitsOf(Format f) {
    const FormatTraits& t = traits(f);
    return {QString::fromUtf8(t.name.data(), static_cast<int>(t.name.size())), t.minSubnormal, t.minNormal, t.max};
}

int kindIndex(TensorKind k) {
    switch (k) {
        case TensorKind::Activation: return 0;
        case TensorKind::ActivationGradient: return 1;
        case TensorKind::WeightGradient: return 2;
    }
    return 0;
}


}  // namespace

QList<RangeBar> rangeBars(const RangeSnapshot& snapshot) {
    // Layer by layer (1-based, as the histogram's layer menu), its three kinds in the engine's order.
    std::vector<TensorRange> tensors = snapshot.tensors;
    std::stable_sort(tensors.begin(), tensors.end(), [](const TensorRange& a, const TensorRange& b) {
        return a.layer != b.layer ? a.layer < b.layer : kindIndex(a.kind) < kindIndex(b.kind);
    });
    QList<RangeBar> bars;
    for (const TensorRange& t : tensors) {
        RangeBar b;
        b.kind = kindIndex(t.kind);
        b.label = QCoreApplication::translate("presisi::GradientRangeView", "L%1 %2").arg(t.layer + 1).arg(RangeChart::kindName(b.kind));
        b.absMinNonZero = t.absMinNonZero;
        b.absMax = t.absMax;
        b.shadowMin = t.shadowAbsMinNonZero;
        b.shadowMax = t.shadowAbsMax;
        b.underflowShare = t.underflowShare;
        b.subnormalShare = t.subnormalShare;
        b.overflowShare = t.overflowShare;
        bars << b;
    }
    return bars;
}

GradientRangeView::GradientRangeView(QWidget* histogram, QWidget* parent) : QWidget(parent), m_histogram(histogram) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    auto* header = new QHBoxLayout();
    header->setContentsMargins(0, 0, 0, 0);
    m_histButton = new QToolButton();
    m_histButton->setText(tr("Histogram"));
    m_histButton->setToolTip(tr("Gradient magnitudes of every lane as log2 bins over the f16 and bf16 ranges."));
    m_rangeButton = new QToolButton();
    m_rangeButton->setText(tr("Ranges"));
    m_rangeButton->setToolTip(tr("Per layer and tensor kind: the smallest non-zero to the largest magnitude of one lane, "
                                 "over its format's flush-to-zero, subnormal, normal and overflow regions."));
    auto* group = new QButtonGroup(this);
    for (QToolButton* b : {m_histButton, m_rangeButton}) {
        b->setCheckable(true);
        b->setAutoRaise(false);
        group->addButton(b);
        header->addWidget(b);
    }
    m_histButton->setChecked(true);
    m_lane = new QComboBox();
    m_lane->setToolTip(tr("The lane whose tensors the range chart shows (against that lane's format)."));
    m_lane->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* laneLabel = new QLabel(tr("lane"));
    laneLabel->setToolTip(m_lane->toolTip());
    header->addStretch(1);
    header->addWidget(laneLabel);
    header->addWidget(m_lane);
    v->addLayout(header);
    m_stack = new QStackedWidget();
    m_chart = new RangeChart();
    m_chart->setToolTip(tr("Rows: L1 = layer 1; outputs = the linear layer's output (activations), output grads = the "
                           "gradient there, weight grads = weight and bias gradients. Bar: the lane's smallest non-zero "
                           "to largest magnitude; thin line: the same in a float32 shadow (gradients times the loss "
                           "scale); grey arrow: some elements underflowed to 0, red: some overflowed to inf/NaN."));
    m_stack->addWidget(histogram);
    m_stack->addWidget(m_chart);
    v->addWidget(m_stack, 1);
    connect(group, &QButtonGroup::buttonToggled, this, [this, laneLabel](QAbstractButton*, bool) {
        const bool ranges = m_rangeButton->isChecked();
        m_stack->setCurrentIndex(ranges ? 1 : 0);
        m_lane->setEnabled(ranges);
        laneLabel->setEnabled(ranges);
        emit viewChanged();
    });
    m_lane->setEnabled(false);
    laneLabel->setEnabled(false);
    connect(m_lane, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
}

bool GradientRangeView::showingRanges() const { return m_rangeButton->isChecked(); }
void GradientRangeView::setShowingRanges(bool ranges) { (ranges ? m_rangeButton : m_histButton)->setChecked(true); }
int GradientRangeView::lane() const { return m_lane->currentIndex(); }
void GradientRangeView::setLane(int lane) { m_lane->setCurrentIndex(lane); }

std::size_t GradientRangeView::keptCount(int lane) const {
    const auto it = m_kept.find(lane);
    return it == m_kept.end() ? 0 : it->second.size();
}

void GradientRangeView::setLanes(const QStringList& labels, const Scenario& scenario) {
    // The lane chosen before stays chosen when the new run has it; otherwise the first low lane.
    const QString previous = m_lane->currentText();
    m_labels = labels;
    m_formats.clear();
    for (const LaneSpec& l : scenario.lanes) m_formats.push_back(l.format);
    m_kept.clear();
    m_scrub = -1;
    const QSignalBlocker quiet(m_lane);
    m_lane->clear();
    m_lane->addItems(labels);
    int choice = labels.indexOf(previous);
    for (int i = 0; choice < 0 && i < static_cast<int>(m_formats.size()); ++i)
        if (m_formats[i] == Format::F16) choice = i;
    m_lane->setCurrentIndex(std::max(0, choice));
    redraw();
}

std::vector<RangeSnapshot> GradientRangeView::keptSnapshots() const {
    std::vector<RangeSnapshot> out;
    for (const auto& [lane, kept] : m_kept)
        for (const auto& [step, snapshot] : kept) out.push_back(snapshot);
    return out;
}

void GradientRangeView::keep(const std::vector<RangeSnapshot>& snapshots) {
    for (const RangeSnapshot& s : snapshots) {
        if (s.lane < 0 || s.lane >= m_labels.size()) continue;
        auto& kept = m_kept[s.lane];
        kept[s.step] = s;
        // Drop every other one (never the newest) when full: what stays spans the whole run.
        if (static_cast<int>(kept.size()) > kKeptPerLane) {
            bool drop = false;
            for (auto it = kept.begin(); it != kept.end();) {
                if (drop && std::next(it) != kept.end()) it = kept.erase(it);
                else ++it;
                drop = !drop;
            }
        }
    }
    if (!snapshots.empty()) {
        m_scrub = -1;
        redraw();
    }
}

void GradientRangeView::showNearest(std::int64_t step) {
    m_scrub = step;
    redraw();
}

void GradientRangeView::showLatest() {
    m_scrub = -1;
    redraw();
}

void GradientRangeView::redraw() {
    const int lane = m_lane->currentIndex();
    if (lane < 0 || lane >= static_cast<int>(m_formats.size())) {
        m_chart->clearBars();
        return;
    }
    m_chart->setLimits(limitsOf(m_formats[lane]));
    const auto it = m_kept.find(lane);
    if (it == m_kept.end() || it->second.empty()) {
        m_chart->setTitle(tr("Per-layer ranges, %1").arg(m_labels.value(lane)));
        m_chart->setEmptyText(tr("Press Play (Space), or step (.): a snapshot every few steps (statistics on)"));
        m_chart->clearBars();
        return;
    }
    const auto& kept = it->second;
    // The kept snapshot nearest to the scrubbed step (the later one on a tie), or the latest.
    auto at = std::prev(kept.end());
    if (m_scrub >= 0) {
        at = kept.lower_bound(m_scrub);
        if (at == kept.end() || (at != kept.begin() && m_scrub - std::prev(at)->first < at->first - m_scrub)) --at;
    }
    const RangeSnapshot& s = at->second;
    QString scale;
    if (s.scale != 1) scale = tr(" · scale 2^%1").arg(std::log2(s.scale), 0, 'f', 0);
    m_chart->setTitle(tr("Per-layer ranges, %1, step %2%3").arg(m_labels.value(lane)).arg(s.step).arg(scale));
    m_chart->setBars(rangeBars(s));
}

}  // namespace presisi
