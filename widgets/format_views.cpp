// BitsView and RangeView: painted views of a format's bit fields and exponent ranges.
#include "format_views.h"

#include <QPainter>
#include <QPainterPath>
#include <cmath>

#include "lane_style.h"

namespace presisi {

namespace {

// Field colours chosen apart from the lane colours so they are not read as lanes.
const QColor kSignColor(0xD5, 0x5E, 0x00);      // vermillion
const QColor kExponentColor(0x56, 0xB4, 0xE9);  // sky blue
const QColor kMantissaColor(0xF0, 0xE4, 0x42);  // yellow

constexpr int kBoxMax = 26;

}  // namespace

BitsView::BitsView(QWidget* parent) : QWidget(parent) {
    QFont f = font();
    f.setPointSizeF(10);
    setFont(f);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void BitsView::setBits(Format format, std::uint32_t bits) {
    m_format = format;
    m_bits = bits;
    update();
}

QSize BitsView::sizeHint() const { return {32 * kBoxMax + 8, 2 * fontMetrics().height() + kBoxMax + 8}; }
QSize BitsView::minimumSizeHint() const { return {32 * 14, 2 * fontMetrics().height() + 18}; }

void BitsView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const FormatTraits& t = traits(m_format);
    // Boxes are as wide as f32's, so the three formats' fields line up from the sign bit.
    const int box = std::min(kBoxMax, (width() - 4) / 32);
    const int fh = fontMetrics().height();
    const int top = 2;
    const int h = std::min(box + 4, height() - 2 * fh - 4);
    for (int i = 0; i < t.bits; ++i) {
        const int bitIndex = t.bits - 1 - i;
        const bool set = (m_bits >> bitIndex) & 1u;
        QColor c = i == 0 ? kSignColor : (i <= t.exponentBits ? kExponentColor : kMantissaColor);
        if (!set) c = c.lighter(150);
        const QRect r(2 + i * box, top, box - 1, h);
        p.fillRect(r, c);
        p.setPen(QColor(0x33, 0x33, 0x33));
        p.drawRect(r);
        QFont bf = font();
        bf.setBold(set);
        p.setFont(bf);
        p.setPen(Qt::black);
        p.drawText(r, Qt::AlignCenter, set ? "1" : "0");
    }
    p.setFont(font());
    p.setPen(palette().color(QPalette::WindowText));
    const int ly = top + h + 2;
    const QRect sign(2, ly, box, fh);
    const QRect exp(2 + box, ly, t.exponentBits * box, fh);
    const QRect man(2 + (1 + t.exponentBits) * box, ly, t.mantissaBits * box, fh);
    p.drawText(sign.adjusted(-2, 0, 20, 0), Qt::AlignLeft, "s");
    // The longest caption that fits under its boxes.
    auto fitting = [&](const QRect& r, const QStringList& options) {
        for (const QString& o : options)
            if (fontMetrics().horizontalAdvance(o) <= r.width()) return o;
        return QString();
    };
    p.drawText(exp, Qt::AlignCenter,
               fitting(exp, {tr("exponent (%1 bits, bias %2)").arg(t.exponentBits).arg(t.bias),
                             tr("exponent (%1)").arg(t.exponentBits), tr("exponent"), tr("exp.")}));
    p.drawText(man, Qt::AlignCenter,
               fitting(man, {tr("mantissa (%1 bits)").arg(t.mantissaBits), tr("mantissa (%1)").arg(t.mantissaBits),
                             tr("mantissa"), tr("mant.")}));
}

RangeView::RangeView(QWidget* parent) : QWidget(parent) {
    QFont f = font();
    f.setPointSizeF(10);
    setFont(f);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void RangeView::setValue(double value) {
    m_value = value;
    update();
}

QSize RangeView::sizeHint() const { return {600, 5 * fontMetrics().height() + 40}; }

void RangeView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const int fh = fontMetrics().height();
    const int labelW = fontMetrics().horizontalAdvance("bf16 ") + 8;
    const int x0 = labelW, x1 = width() - 10;
    // log2 magnitude from 2^-150 to 2^130: every format's smallest subnormal and max fit.
    const double lo = -150, hi = 130;
    auto xOf = [&](double e) { return x0 + (e - lo) / (hi - lo) * (x1 - x0); };
    const int rowH = fh + 6;
    int y = 2;
    const QColor text = palette().color(QPalette::WindowText);
    for (Format f : kAllFormats) {
        const FormatTraits& t = traits(f);
        const QColor c = laneStyle(Lane{Device::Cpu, f}).color;
        p.setPen(text);
        p.drawText(QRect(0, y, labelW, rowH), Qt::AlignVCenter | Qt::AlignLeft, QString::fromUtf8(t.name.data(), t.name.size()));
        const double eSub = std::log2(t.minSubnormal), eNorm = std::log2(t.minNormal), eMax = std::log2(t.max);
        QColor sub = c;
        sub.setAlpha(90);
        p.fillRect(QRectF(QPointF(xOf(eSub), y + 3), QPointF(xOf(eNorm), y + rowH - 3)), sub);
        p.fillRect(QRectF(QPointF(xOf(eNorm), y + 3), QPointF(xOf(eMax), y + rowH - 3)), c);
        y += rowH;
    }
    // Axis with ticks every 25 binades.
    p.setPen(text);
    p.drawLine(QPointF(x0, y + 2), QPointF(x1, y + 2));
    for (int e = -150; e <= 125; e += 25) {
        const double x = xOf(e);
        p.drawLine(QPointF(x, y), QPointF(x, y + 6));
        p.drawText(QRectF(x - 30, y + 6, 60, fh), Qt::AlignHCenter, QString("2^%1").arg(e));
    }
    p.drawText(QRect(x0, y + 6 + fh, x1 - x0, fh), Qt::AlignHCenter,
               tr("|value| on a log2 axis: pale = subnormal range, solid = normal range"));
    // The value's marker.
    const double a = std::abs(m_value);
    if (std::isfinite(a) && a > 0) {
        const double e = std::clamp(std::log2(a), lo, hi);
        const double x = xOf(e);
        QPen pen(QColor(0xD5, 0x5E, 0x00));
        pen.setWidthF(2.5);
        p.setPen(pen);
        p.drawLine(QPointF(x, 0), QPointF(x, y + 2));
        QPainterPath tri;
        tri.moveTo(x - 6, y + 2);
        tri.lineTo(x + 6, y + 2);
        tri.lineTo(x, y - 8);
        tri.closeSubpath();
        p.fillPath(tri, QColor(0xD5, 0x5E, 0x00));
    }
}

}  // namespace presisi
