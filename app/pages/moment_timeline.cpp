// MomentTimeline: the slider plus its moment ticks; momentCaption: a moment's sentence from its fields.
#include "moment_timeline.h"
#include "widgets/locale_number.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QStyle>
#include <QStyleOptionSlider>
#include <cmath>

namespace presisi {

namespace {

// In the window's locale (its decimal mark), without group separators: a scale reads 65536, as the
// preset texts write it.
QString number(double v) {
    return ungroupedNumber(v, 'g', 6);
}

QString percent(double share) {
    if (!std::isfinite(share)) return QStringLiteral("—");
    const double p = 100 * share;
    return QLocale().toString(p, 'f', p < 10 && p != 0 ? 1 : 0) + QStringLiteral(" %");
}

}  // namespace

QString momentCaption(const Moment& m) {
    const QString lane = QString::fromStdString(m.laneLabel);
    const QString step = QString::number(m.step);
    switch (m.kind) {
        case MomentKind::FirstSkip:
            return MomentTimeline::tr("step %1: %2's scaled gradients overflow at scale %3: the scaler skips the "
                                      "step (weights untouched) and halves the scale to %4")
                .arg(step, lane, number(m.before), number(m.after));
        case MomentKind::Recovery:
            return MomentTimeline::tr("step %1: after %2 skipped steps (from step %3) %4's gradients fit at scale "
                                      "%5: it trains")
                .arg(step, number(m.before), QString::number(m.since), lane, number(m.after));
        case MomentKind::UnderflowJump:
            return MomentTimeline::tr("step %1: %2's weight gradients jumped from %3 zeros (step %4) to %5: they "
                                      "underflowed, float32 has them non-zero")
                .arg(step, lane, percent(m.before), QString::number(m.since), percent(m.after));
        case MomentKind::FirstNonFinite:
            if (!std::isfinite(m.after))
                return MomentTimeline::tr("step %1: %2's loss is %3").arg(step, lane, number(m.after));
            return MomentTimeline::tr("step %1: %2 of %3's activations and gradients overflowed to inf/NaN; the "
                                      "loss (%4) is still finite, the update writes them into the weights")
                .arg(step, number(m.before), lane, number(m.after));
        case MomentKind::ScaleGrowth:
            return MomentTimeline::tr("step %1: %2's scaler grows its scale from %3 to %4 after a run of clean steps")
                .arg(step, lane, number(m.before), number(m.after));
        case MomentKind::SumStall:
            return MomentTimeline::tr("step %1: %2's running sum stops growing at %3 (exact sum %4): what is added "
                                      "rounds back to the same number")
                .arg(step, lane, number(m.before), number(m.after));
    }
    return {};
}

MomentTimeline::MomentTimeline(QWidget* parent) : QSlider(Qt::Horizontal, parent) {}

void MomentTimeline::setMarks(const QList<std::int64_t>& steps) {
    if (steps == m_marks) return;
    m_marks = steps;
    update();
}

int MomentTimeline::markX(std::int64_t step) const {
    if (step < minimum() || step > maximum() || maximum() <= minimum()) return -1;
    QStyleOptionSlider opt;
    initStyleOption(&opt);
    const QRect groove = style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderGroove, this);
    const QRect handle = style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, this);
    // The handle's centre travels from groove.left + handle/2 to groove.right - handle/2.
    const int span = groove.width() - handle.width();
    return groove.left() + handle.width() / 2 +
           QStyle::sliderPositionFromValue(minimum(), maximum(), static_cast<int>(step), span, opt.upsideDown);
}

void MomentTimeline::paintEvent(QPaintEvent* event) {
    QSlider::paintEvent(event);
    if (m_marks.isEmpty()) return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    // An orange triangle pointing at the groove, in both themes (the lanes' Okabe-Ito orange).
    const QColor accent(0xe6, 0x9f, 0x00);
    const int size = std::max(5, fontMetrics().height() / 3);
    for (std::int64_t step : m_marks) {
        const int x = markX(step);
        if (x < 0) continue;
        QPainterPath tri;
        tri.moveTo(x - size, 0);
        tri.lineTo(x + size, 0);
        tri.lineTo(x, size + 2);
        tri.closeSubpath();
        p.fillPath(tri, accent);
        p.setPen(QPen(accent.darker(150), 1));
        p.drawPath(tri);
    }
}

}  // namespace presisi
