// BitsView and RangeView: painted views of a format's bit fields and exponent ranges.
#include "format_views.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "lane_style.h"

namespace presisi {

namespace {

// Field colours chosen apart from the lane colours so they are not read as lanes.
const QColor kSignColor(0xD5, 0x5E, 0x00);      // vermillion
const QColor kExponentColor(0x56, 0xB4, 0xE9);  // sky blue
const QColor kMantissaColor(0xF0, 0xE4, 0x42);  // yellow

constexpr int kBoxMax = 26;

// Boxes a bit view is sized for: a 32-bit format's, or an 8-bit format's for the formats of 8 bits and below.
int slotsOf(Format f) { return isMiniFormat(f) ? 8 : 32; }

}  // namespace

BitsView::BitsView(QWidget* parent) : QWidget(parent) {
    QFont f = font();
    f.setPointSizeF(10);
    setFont(f);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void BitsView::setBits(Format format, std::uint32_t bits) {
    if (slotsOf(format) != slotsOf(m_format)) updateGeometry();
    m_format = format;
    m_bits = bits;
    update();
}

// The small formats' rows are one line of boxes and one of captions; the 32-bit rows keep a spare line.
QSize BitsView::sizeHint() const {
    return {slotsOf(m_format) * kBoxMax + 8, (isMiniFormat(m_format) ? 1 : 2) * fontMetrics().height() + kBoxMax + 8};
}
QSize BitsView::minimumSizeHint() const { return {slotsOf(m_format) * 14, 2 * fontMetrics().height() + 18}; }

void BitsView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const FormatTraits& t = traits(m_format);
    // Boxes are as wide as f32's (an 8-bit format's for the small formats), so the fields line up from the
    // sign bit. e8m0 has no sign bit: all eight bits are exponent.
    const int box = std::min(kBoxMax, (width() - 4) / slotsOf(m_format));
    const int signBits = t.hasSign ? 1 : 0;
    const int fh = fontMetrics().height();
    const int top = 2;
    const int h = std::min(box + 4, height() - fh - 4);
    for (int i = 0; i < t.bits; ++i) {
        const int bitIndex = t.bits - 1 - i;
        const bool set = (m_bits >> bitIndex) & 1u;
        QColor c = i < signBits ? kSignColor : (i < signBits + t.exponentBits ? kExponentColor : kMantissaColor);
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
    const QRect exp(2 + signBits * box, ly, t.exponentBits * box, fh);
    const QRect man(2 + (signBits + t.exponentBits) * box, ly, t.mantissaBits * box, fh);
    if (t.hasSign) p.drawText(sign.adjusted(-2, 0, 20, 0), Qt::AlignLeft, "s");
    // The longest caption that fits under its boxes.
    auto fitting = [&](const QRect& r, const QStringList& options) {
        for (const QString& o : options)
            if (fontMetrics().horizontalAdvance(o) <= r.width()) return o;
        return QString();
    };
    p.drawText(exp, Qt::AlignCenter,
               fitting(exp, {tr("exponent (%1 bits, bias %2)").arg(t.exponentBits).arg(t.bias),
                             tr("exponent (%1)").arg(t.exponentBits), tr("exponent"), tr("exp.")}));
    if (t.mantissaBits == 0) {  // e8m0: say so where the mantissa would be
        p.drawText(QRect(exp.right() + 6, top, width() - exp.right() - 6, h), Qt::AlignVCenter | Qt::AlignLeft,
                   tr("no sign, no mantissa: 2^(e − 127)"));
        return;
    }
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

void RangeView::setFormats(const QList<Format>& formats) {
    m_formats = formats;
    updateGeometry();
    update();
}

QColor RangeView::colorOf(Format format) {
    switch (format) {
    case Format::F32:
    case Format::BF16:
    case Format::F16: return laneStyle(Lane{Device::Cpu, format}).color;
    // Okabe-Ito colours not taken by the lanes, and darker shades for the second of a pair.
    case Format::E4M3: return QColor(0xCC, 0x79, 0xA7);  // reddish purple
    case Format::E5M2: return QColor(0x88, 0x44, 0x77);
    case Format::E3M2: return QColor(0x00, 0x9E, 0x73);  // bluish green
    case Format::E2M3: return QColor(0x00, 0x6B, 0x4E);
    case Format::E2M1: return QColor(0x56, 0xB4, 0xE9);  // sky blue
    case Format::E8M0: return QColor(0x99, 0x99, 0x99);
    }
    return Qt::gray;
}

QSize RangeView::sizeHint() const {
    return {600, (int(m_formats.size()) + 2) * (fontMetrics().height() + 6) + 16};
}

void RangeView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const int fh = fontMetrics().height();
    const int labelW = fontMetrics().horizontalAdvance("e4m3 ") + 8;
    const int x0 = labelW, x1 = width() - 10;
    // log2 magnitude from below the smallest subnormal to above the largest max of the formats shown, in
    // whole ticks (25 binades for the 32- and 16-bit formats' 2^-150 to 2^130, 4 for the small formats').
    double lo = 0, hi = 0;
    for (Format f : m_formats) {
        lo = std::min(lo, std::log2(traits(f).minSubnormal));
        hi = std::max(hi, std::log2(traits(f).max));
    }
    const int tick = hi - lo > 100 ? 25 : (hi - lo > 40 ? 10 : 4);
    lo = std::floor(lo / tick - 0.01) * tick;
    hi = std::ceil(hi / tick + 0.01) * tick;
    auto xOf = [&](double e) { return x0 + (e - lo) / (hi - lo) * (x1 - x0); };
    const int rowH = fh + 6;
    int y = 2;
    const QColor text = palette().color(QPalette::WindowText);
    for (Format f : m_formats) {
        const FormatTraits& t = traits(f);
        const QColor c = colorOf(f);
        p.setPen(text);
        p.drawText(QRect(0, y, labelW, rowH), Qt::AlignVCenter | Qt::AlignLeft, QString::fromUtf8(t.name.data(), t.name.size()));
        // e8m0 has no subnormals: its smallest value is its smallest normal, 2^-127.
        const double eSub = std::log2(t.minSubnormal), eNorm = std::log2(t.minNormal), eMax = std::log2(t.max);
        QColor sub = c;
        sub.setAlpha(90);
        p.fillRect(QRectF(QPointF(xOf(eSub), y + 3), QPointF(xOf(eNorm), y + rowH - 3)), sub);
        p.fillRect(QRectF(QPointF(xOf(eNorm), y + 3), QPointF(xOf(eMax), y + rowH - 3)), c);
        y += rowH;
    }
    // Axis with ticks every `tick` binades.
    p.setPen(text);
    p.drawLine(QPointF(x0, y + 2), QPointF(x1, y + 2));
    for (int e = int(lo); e <= int(hi); e += tick) {
        const double x = xOf(e);
        p.drawLine(QPointF(x, y), QPointF(x, y + 6));
        // Kept inside the widget at both ends.
        const QString label = QString("2^%1").arg(e);
        const double w = fontMetrics().horizontalAdvance(label) + 4;
        p.drawText(QRectF(std::clamp(x - w / 2, 0.0, width() - w), y + 6, w, fh), Qt::AlignCenter, label);
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
