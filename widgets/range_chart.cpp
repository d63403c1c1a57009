// RangeChart: per-row log2 magnitude bars over the format's flush/subnormal/normal/overflow bands.
#include "range_chart.h"

#include <QEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>

#include "live_chart.h"
#include "locale_number.h"

namespace presisi {

namespace {

bool positive(double v) { return std::isfinite(v) && v > 0; }

QString pow2(double e) { return QString("2^%1").arg(static_cast<int>(std::lround(e))); }

QString share(double s) {
    if (!std::isfinite(s)) return "—";
    if (s == 0) return "0%";
    if (s < 0.001) return "<0.1%";
    return QString("%1%").arg(100.0 * s, 0, 'f', s < 0.1 ? 1 : 0);
}

QColor fg() { return chartsDark() ? QColor(0xEE, 0xEE, 0xEE) : QColor(0x22, 0x22, 0x22); }
QColor bg() { return chartsDark() ? QColor(0x22, 0x22, 0x22) : Qt::white; }

constexpr int kMargin = 8;

}  // namespace

RangeChart::RangeChart(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(300, 200);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_title = tr("Per-layer ranges");
    m_emptyText = tr("Press Play (Space), or step (.)");
}

QColor RangeChart::kindColor(int kind) {
    // Okabe-Ito hues, none of them the lane colours' orange/green: activations purple, activation
    // gradients sky blue, weight gradients dark blue.
    switch (kind) {
        case 0: return QColor(0xCC, 0x79, 0xA7);
        case 1: return QColor(0x56, 0xB4, 0xE9);
        default: return QColor(0x00, 0x52, 0x9B);
    }
}

QString RangeChart::kindName(int kind) {
    switch (kind) {
        case 0: return tr("outputs");
        case 1: return tr("output grads");
        default: return tr("weight grads");
    }
}

namespace {
QString shadowName() { return RangeChart::tr("float32 shadow"); }
// The legend's entries' widths (swatch, gap, name, spacing), in order: three kinds, then the shadow.
QList<double> legendWidths(const QFontMetrics& fm) {
    QList<double> w;
    for (int kind = 0; kind < 3; ++kind) w << 18 + fm.horizontalAdvance(RangeChart::kindName(kind)) + 12;
    w << 18 + fm.horizontalAdvance(shadowName());
    return w;
}
}  // namespace

void RangeChart::setTitle(const QString& title) {
    m_title = title;
    update();
}

void RangeChart::setLimits(const RangeLimits& limits) {
    m_limits = limits;
    fitAxis();
    update();
}

void RangeChart::setBars(const QList<RangeBar>& bars) {
    m_bars = bars;
    fitAxis();
    updateGeometry();
    update();
}

void RangeChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    update();
}

void RangeChart::fitAxis() {
    // The data's extent (the lane's and the shadow's), padded by two binades; a format whose limits
    // lie within ±60 binades (f16) keeps all of them in view, wider ones (bf16, f32) are drawn where
    // they meet the data. At least 20 binades wide, so a single bar never fills the plot.
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const RangeBar& b : m_bars)
        for (double v : {b.absMinNonZero, b.absMax, b.shadowMin, b.shadowMax})
            if (positive(v)) {
                lo = std::min(lo, std::log2(v));
                hi = std::max(hi, std::log2(v));
            }
    for (double v : {m_limits.minSubnormal, m_limits.max})
        if (positive(v) && std::abs(std::log2(v)) <= 60) {
            lo = std::min(lo, std::log2(v));
            hi = std::max(hi, std::log2(v));
        }
    if (!std::isfinite(lo)) {
        lo = -30;
        hi = 18;
    }
    lo = std::floor(lo) - 2;
    hi = std::ceil(hi) + 2;
    if (hi - lo < 20) {
        const double mid = (lo + hi) / 2;
        lo = std::floor(mid - 10);
        hi = lo + 20;
    }
    m_lo = lo;
    m_hi = hi;
}

int RangeChart::labelWidth() const {
    const QFontMetrics fm(font());
    int w = fm.horizontalAdvance("L0 weight grads");
    for (const RangeBar& b : m_bars) w = std::max(w, fm.horizontalAdvance(b.label));
    return std::min(w + 8, width() / 3);
}

QRectF RangeChart::plotRect() const {
    const QFontMetrics fm(font());
    const int line = fm.height();
    const double top = kMargin + line * 1.4;                 // title
    double legend = 0;
    for (double w : legendWidths(fm)) legend += w;
    const double legendLines = legend > width() - 2 * kMargin ? 2 : 1;  // wraps after the kinds
    const double bottom = height() - kMargin - line * (2.4 + legendLines);  // tick labels, axis title, legend
    const double left = kMargin + labelWidth();
    const double right = width() - kMargin - fm.horizontalAdvance("2^-100") / 2.0;
    return QRectF(QPointF(left, top), QPointF(std::max(left + 10, right), std::max(top + 10, bottom)));
}

double RangeChart::xFor(double log2Value) const {
    const QRectF p = plotRect();
    return p.left() + (log2Value - m_lo) / (m_hi - m_lo) * p.width();
}

QRectF RangeChart::rowRect(int row) const {
    const QRectF p = plotRect();
    const double h = p.height() / std::max<qsizetype>(1, m_bars.size());
    return QRectF(p.left(), p.top() + row * h, p.width(), h);
}

int RangeChart::rowAt(QPoint pos) const {
    const QRectF p = plotRect();
    if (m_bars.isEmpty() || pos.y() < p.top() || pos.y() >= p.bottom()) return -1;
    return std::clamp(static_cast<int>((pos.y() - p.top()) / (p.height() / m_bars.size())), 0,
                      static_cast<int>(m_bars.size()) - 1);
}

bool RangeChart::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const int row = rowAt(help->pos());
        if (row < 0) {
            QToolTip::showText(help->globalPos(), toolTip(), this);
            return true;
        }
        const RangeBar& b = m_bars[row];
        auto mag = [](double v) {
            return positive(v) ? QString("%1 (2^%2)").arg(displayNumber(v, 4), QLocale().toString(std::log2(v), 'f', 1))
                               : QString("—");
        };
        QToolTip::showText(help->globalPos(),
                           tr("<b>%1</b><br>in %2: %3 … %4<br>float32 shadow: %5 … %6<br>"
                              "underflowed %7 · subnormal %8 · overflowed %9")
                               .arg(b.label, m_limits.name, mag(b.absMinNonZero), mag(b.absMax), mag(b.shadowMin),
                                    mag(b.shadowMax), share(b.underflowShare), share(b.subnormalShare),
                                    share(b.overflowShare)),
                           this);
        return true;
    }
    return QWidget::event(e);
}

void RangeChart::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), bg());
    const QFontMetrics fm(font());
    const int line = fm.height();
    QFont titleFont = font();
    titleFont.setBold(true);
    p.setFont(titleFont);
    p.setPen(fg());
    p.drawText(QRectF(kMargin, kMargin, width() - 2 * kMargin, line * 1.2), Qt::AlignHCenter | Qt::AlignVCenter, m_title);
    p.setFont(font());

    const QRectF plot = plotRect();
    const auto clampX = [&](double e) { return std::clamp(xFor(e), plot.left(), plot.right()); };

    // The format's regions behind everything: flushed to zero, subnormal, normal, overflow.
    m_drawnLimits.clear();
    if (positive(m_limits.minSubnormal) && positive(m_limits.minNormal) && positive(m_limits.max)) {
        // The bands as the histogram draws them: below the smallest subnormal nothing is held
        // (values under half of it round to zero, those between round up to it).
        const double sub = std::log2(m_limits.minSubnormal), norm = std::log2(m_limits.minNormal),
                     over = std::log2(m_limits.max);
        m_drawnLimits = {sub, norm, over};
        struct Region { double a, b; QColor c; QString name; };
        const int alpha = chartsDark() ? 70 : 45;
        const Region regions[] = {
            {m_lo, sub, QColor(0x88, 0x88, 0x88, alpha), "→ 0"},
            {sub, norm, QColor(0xD5, 0x5E, 0x00, alpha + 15), tr("subnormal")},
            {norm, over, QColor(0x00, 0x9E, 0x73, alpha), tr("normal")},
            {over, m_hi, QColor(0xCC, 0x33, 0x33, alpha + 15), tr("overflow → inf")},
        };
        for (const Region& r : regions) {
            const double x0 = clampX(r.a), x1 = clampX(r.b);
            if (x1 - x0 < 1) continue;
            p.fillRect(QRectF(x0, plot.top(), x1 - x0, plot.height()), r.c);
            const QString name = fm.horizontalAdvance(r.name) + 6 < x1 - x0 ? r.name : QString();
            if (!name.isEmpty()) {
                p.setPen(fg());
                p.drawText(QRectF(x0, plot.top() - line * 0.05, x1 - x0, line), Qt::AlignHCenter | Qt::AlignTop, name);
            }
        }
        QPen edge(fg(), 1, Qt::DashLine);
        p.setPen(edge);
        for (double e : {sub, norm, over})
            if (e > m_lo && e < m_hi) p.drawLine(QPointF(xFor(e), plot.top()), QPointF(xFor(e), plot.bottom()));
    }

    // Axis: ticks every 2, 4, 8 … binades so labels never collide.
    const double span = m_hi - m_lo;
    const double labelW = fm.horizontalAdvance("2^-100") + 6;
    int step = 1;
    while (step < 64 && plot.width() / (span / step) < labelW) step *= 2;
    p.setPen(QPen(fg(), 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    for (int e = static_cast<int>(std::ceil(m_lo / step)) * step; e <= m_hi; e += step) {
        const double x = xFor(e);
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4));
        p.drawText(QRectF(x - labelW / 2, plot.bottom() + 4, labelW, line), Qt::AlignHCenter | Qt::AlignTop, pow2(e));
    }
    const QString axisTitle = tr("|value|, log2 axis (gradients × loss scale) · %1").arg(m_limits.name);
    p.drawText(QRectF(kMargin, plot.bottom() + 4 + line, width() - 2 * kMargin, line), Qt::AlignHCenter | Qt::AlignTop,
               fm.elidedText(axisTitle, Qt::ElideRight, width() - 2 * kMargin));

    // Legend: the kinds' colours and what the thin line means.
    const QList<double> widths = legendWidths(fm);
    double total = 0;
    for (double w : widths) total += w;
    const bool wrap = total > width() - 2 * kMargin;
    double lx = kMargin;
    double ly = plot.bottom() + 4 + 2 * line + 2;
    for (int kind = 0; kind < 3; ++kind) {
        p.fillRect(QRectF(lx, ly + line * 0.25, 14, line * 0.5), kindColor(kind));
        p.setPen(fg());
        p.drawText(QPointF(lx + 18, ly + fm.ascent()), kindName(kind));
        lx += widths[kind];
    }
    if (wrap) {
        lx = kMargin;
        ly += line;
    }
    p.setPen(QPen(fg(), 1.5));
    p.drawLine(QPointF(lx, ly + line * 0.5), QPointF(lx + 14, ly + line * 0.5));
    p.drawText(QPointF(lx + 18, ly + fm.ascent()), shadowName());

    if (m_bars.isEmpty()) {
        p.setPen(fg());
        p.drawText(plot.adjusted(8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
        return;
    }
    // Rows: bar (the lane's range), thin line (the shadow's), a red arrow past the end when some
    // elements overflowed, a grey one before the start when some underflowed.
    // Rows lower than a line of text (three layers in a small cell): one label per layer ("L2", the
    // label's first word) across its rows; the kinds are told apart by colour (the legend).
    const bool dense = rowRect(0).height() < line * 1.05;
    for (int row = 0; row < m_bars.size(); ++row) {
        const RangeBar& b = m_bars[row];
        const QRectF r = rowRect(row);
        const double cy = r.center().y();
        const double barH = std::clamp(r.height() * 0.5, 3.0, 16.0);
        p.setPen(fg());
        const QString group = b.label.section(' ', 0, 0);
        if (!dense) {
            p.drawText(QRectF(kMargin, r.top(), labelWidth() - 6, r.height()), Qt::AlignRight | Qt::AlignVCenter,
                       fm.elidedText(b.label, Qt::ElideLeft, labelWidth() - 6));
        } else if (row == 0 || group != m_bars[row - 1].label.section(' ', 0, 0)) {
            int last = row;
            while (last + 1 < m_bars.size() && m_bars[last + 1].label.section(' ', 0, 0) == group) ++last;
            const QRectF span = rowRect(row).united(rowRect(last));
            p.drawText(QRectF(kMargin, span.top(), labelWidth() - 6, span.height()), Qt::AlignRight | Qt::AlignVCenter,
                       group);
        }
        if (row > 0 && b.label.section(' ', 0, 0) != m_bars[row - 1].label.section(' ', 0, 0)) {
            p.setPen(QPen(QColor(0x99, 0x99, 0x99), 0.7, Qt::DotLine));
            p.drawLine(QPointF(kMargin, r.top()), QPointF(plot.right(), r.top()));
        }
        if (positive(b.shadowMin) && positive(b.shadowMax)) {
            p.setPen(QPen(fg(), 1.5));
            const double x0 = clampX(std::log2(b.shadowMin)), x1 = clampX(std::log2(b.shadowMax));
            p.drawLine(QPointF(x0, cy + barH / 2 + 2), QPointF(x1, cy + barH / 2 + 2));
            p.drawLine(QPointF(x0, cy + barH / 2 - 1), QPointF(x0, cy + barH / 2 + 5));
            p.drawLine(QPointF(x1, cy + barH / 2 - 1), QPointF(x1, cy + barH / 2 + 5));
        }
        if (positive(b.absMinNonZero) && positive(b.absMax)) {
            const double x0 = clampX(std::log2(b.absMinNonZero)), x1 = clampX(std::log2(b.absMax));
            p.setPen(Qt::NoPen);
            p.setBrush(kindColor(b.kind));
            p.drawRoundedRect(QRectF(x0, cy - barH / 2, std::max(3.0, x1 - x0), barH), 2, 2);
        }
        const auto arrow = [&](double x, double dir, const QColor& c) {
            QPainterPath path;
            path.moveTo(x, cy - barH / 2);
            path.lineTo(x + dir * barH * 0.9, cy);
            path.lineTo(x, cy + barH / 2);
            path.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawPath(path);
        };
        if (std::isfinite(b.overflowShare) && b.overflowShare > 0) {
            const double x = positive(b.absMax) ? clampX(std::log2(b.absMax)) + 4 : clampX(std::log2(m_limits.max));
            arrow(std::min(x, plot.right() - barH), 1, QColor(0xCC, 0x33, 0x33));
        }
        if (std::isfinite(b.underflowShare) && b.underflowShare > 0) {
            const double x = positive(b.absMinNonZero) ? clampX(std::log2(b.absMinNonZero)) - 4 : plot.left() + barH;
            arrow(std::max(x, plot.left() + barH), -1, QColor(0x77, 0x77, 0x77));
        }
    }
}

}  // namespace presisi
