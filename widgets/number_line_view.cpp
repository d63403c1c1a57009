// NumberLineView and roundingInterval: every value of a small format on one axis, and which inputs round
// to the code a typed value is stored as.
#include "number_line_view.h"
#include "locale_number.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "format_views.h"

namespace presisi {

namespace {

QString numText(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == 0) return std::signbit(v) ? "-0" : "0";
    return ungroupedNumber(v, 'g', 8);
}

// A power of two as a person reads it: 0.25, 4, 2^-9, 2^15.
QString powerText(double v) {
    if (v == 0) return "0";
    const int e = std::ilogb(v);
    if (v == std::ldexp(1.0, e) && (e < -3 || e > 9)) return QString("2^%1").arg(e);
    return numText(v);
}

const QColor kMarker(0xD5, 0x5E, 0x00);  // the typed value, as in the range view

}  // namespace

RoundingInterval roundingInterval(Format format, float stored, Overflow overflow) {
    const FormatTraits& t = traits(format);
    RoundingInterval r;
    if (std::isnan(stored)) return r;
    const bool negative = std::signbit(stored);
    const double s = negative ? -1.0 : 1.0;
    const auto roundsHere = [&](double magnitude) {
        const float got = roundFromDouble(format, s * magnitude, Subnormals::Keep, overflow);
        return got == stored && std::signbit(got) == negative;
    };
    const double a = std::fabs(static_cast<double>(stored));
    constexpr double kInf = std::numeric_limits<double>::infinity();
    double lo = 0, hi = 0;
    bool loIn = false, hiIn = false;
    if (std::isinf(a)) {
        if (!roundsHere(kInf)) return r;  // saturating: inf goes to max, nothing reaches the inf code
        lo = t.overflowThreshold;
        loIn = roundsHere(lo);
        hi = kInf;
        hiIn = true;
    } else {
        if (a == 0) {
            lo = 0;
            loIn = true;
        } else {
            const double down = nextDown(format, static_cast<float>(a));
            if (std::isnan(down)) {  // e8m0's smallest value: every positive number below it
                lo = 0;
                loIn = false;
            } else {
                lo = (down + a) / 2;  // exact in double: the formats have at most 24 significant bits
                loIn = roundsHere(lo);
            }
        }
        const double up = nextUp(format, static_cast<float>(a));
        if (std::isnan(up) || std::isinf(up)) {  // the largest finite value
            if (roundsHere(1e300)) {
                hi = kInf;
                hiIn = roundsHere(kInf);
            } else {
                hi = t.overflowThreshold;
                hiIn = roundsHere(hi);
            }
        } else {
            hi = (a + up) / 2;
            hiIn = roundsHere(hi);
        }
    }
    r.exists = true;
    if (negative) {
        r.lo = -hi;
        r.hi = -lo;
        r.loIncluded = hiIn;
        r.hiIncluded = loIn;
    } else {
        r.lo = lo;
        r.hi = hi;
        r.loIncluded = loIn;
        r.hiIncluded = hiIn;
    }
    return r;
}

NumberLineView::NumberLineView(QWidget* parent) : QWidget(parent) {
    QFont f = font();
    f.setPointSizeF(10);
    setFont(f);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    recompute();
}

void NumberLineView::setFormat(Format format) {
    m_format = format;
    recompute();
}

void NumberLineView::setValue(double typed, Overflow overflow) {
    m_typed = typed;
    m_overflow = overflow;
    recompute();
}

void NumberLineView::setAxis(Axis axis) {
    m_axis = axis;
    update();
}

bool NumberLineView::logAxis() const {
    if (m_axis != Axis::Auto) return m_axis == Axis::Log2;
    return !(m_format == Format::E2M1 || m_format == Format::E2M3);
}

void NumberLineView::recompute() {
    const FormatTraits& t = traits(m_format);
    m_values.clear();
    // Every code with the sign bit clear (e8m0 has none), decoded: the non-negative values, NaN and inf left out.
    const int codes = 1 << (t.hasSign ? t.bits - 1 : t.bits);
    for (int c = 0; c < codes; ++c) {
        const double v = decode(m_format, static_cast<std::uint8_t>(c));
        if (std::isfinite(v)) m_values.push_back(v);
    }
    std::sort(m_values.begin(), m_values.end());
    m_values.erase(std::unique(m_values.begin(), m_values.end()), m_values.end());
    m_stored = roundFromDouble(m_format, m_typed, Subnormals::Keep, m_overflow);
    m_interval = roundingInterval(m_format, m_stored, m_overflow);
    update();
}

QString NumberLineView::intervalText() const {
    const FormatTraits& t = traits(m_format);
    if (std::isnan(m_stored)) {
        if (m_format == Format::E8M0)
            return tr("zero, negative numbers, NaN%1 (e8m0 has no zero and no sign)")
                .arg(m_overflow == Overflow::Ocp ? tr(" and everything from %1 up").arg(numText(t.overflowThreshold))
                                                 : QString());
        if (m_overflow == Overflow::Ocp && !t.hasInf)
            return tr("NaN itself, and under the OCP conversion every |x| above %1 (overflow); saturating, those "
                      "become ±%2").arg(numText(t.overflowThreshold), numText(t.max));
        return tr("only NaN itself");
    }
    if (!m_interval.exists) return tr("no input rounds to this code when saturating (inf becomes ±max)");
    const QString open = m_interval.loIncluded ? "[" : "(";
    const QString close = m_interval.hiIncluded ? "]" : ")";
    QString ends;
    if (m_interval.loIncluded && m_interval.hiIncluded) ends = tr("both ends round here");
    else if (!m_interval.loIncluded && !m_interval.hiIncluded) ends = tr("neither end rounds here");
    else ends = m_interval.loIncluded ? tr("the lower end rounds here, the upper one away")
                                      : tr("the upper end rounds here, the lower one away");
    const QString why = m_format == Format::E8M0 ? tr("e8m0 rounds ties upwards")
                                                 : tr("ties go to the even code, the one whose last bit is 0");
    return tr("%1%2, %3%4: %5 (%6)")
        .arg(open, numText(m_interval.lo), numText(m_interval.hi), close, ends, why);
}

QSize NumberLineView::sizeHint() const { return {700, 11 * fontMetrics().height() + 64}; }
QSize NumberLineView::minimumSizeHint() const { return {360, 11 * fontMetrics().height() + 64}; }

void NumberLineView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const FormatTraits& t = traits(m_format);
    const QColor text = palette().color(QPalette::WindowText);
    const QColor color = RangeView::colorOf(m_format);
    const int fh = fontMetrics().height();
    const bool log = logAxis();
    const bool hasZero = m_values.front() == 0;
    // Log axis: zero gets a slot of its own left of a break; the axis runs from half the smallest
    // non-zero value to twice the largest.
    const double smallest = hasZero ? m_values[1] : m_values[0];
    const double lo = log ? std::log2(smallest) - 1 : 0, hi = log ? std::log2(t.max) + 1 : t.max * 1.06;
    const int zeroSlot = log && hasZero ? 28 : 0;
    const double x0 = 10 + zeroSlot, x1 = width() - 14;
    const double axisY = 2 * fh + 10;
    const auto xOf = [&](double v) {
        v = std::fabs(v);
        if (log) {
            if (v == 0) return x0 - zeroSlot + 6.0;
            return x0 + (std::clamp(std::log2(v), lo, hi) - lo) / (hi - lo) * (x1 - x0);
        }
        return x0 + std::min(v, hi) / hi * (x1 - x0);
    };
    // The subnormal range, pale.
    if (t.minSubnormal < t.minNormal) {
        QColor pale = color;
        pale.setAlpha(40);
        p.fillRect(QRectF(QPointF(xOf(log ? t.minSubnormal : 0) - (log ? 3 : 0), axisY - 10),
                          QPointF(xOf(t.minNormal), axisY + 10)), pale);
    }
    // The rounding interval of the stored code.
    if (m_interval.exists && std::isfinite(m_stored)) {
        const double a = std::min(std::fabs(m_interval.lo), std::fabs(m_interval.hi));
        const double b = std::max(std::fabs(m_interval.lo), std::fabs(m_interval.hi));
        const bool aIn = std::fabs(m_interval.lo) <= std::fabs(m_interval.hi) ? m_interval.loIncluded : m_interval.hiIncluded;
        const bool bIn = std::fabs(m_interval.lo) <= std::fabs(m_interval.hi) ? m_interval.hiIncluded : m_interval.loIncluded;
        const double xa = xOf(a), xb = std::isinf(b) ? x1 + 8 : xOf(b);
        p.fillRect(QRectF(QPointF(xa, axisY - 7), QPointF(xb, axisY + 7)), QColor(0xD5, 0x5E, 0x00, 60));
        for (auto [x, in] : {std::pair{xa, aIn}, std::pair{xb, bIn}}) {
            p.setPen(QPen(kMarker, 1.5));
            p.setBrush(in ? QBrush(kMarker) : QBrush(palette().color(QPalette::Base)));
            p.drawEllipse(QPointF(x, axisY), 3.5, 3.5);
        }
        p.setBrush(Qt::NoBrush);
    }
    // The axis, with a break after zero's slot on a log axis.
    p.setPen(text);
    p.drawLine(QPointF(x0, axisY), QPointF(x1, axisY));
    if (zeroSlot) {
        p.drawLine(QPointF(x0 - zeroSlot, axisY), QPointF(x0 - zeroSlot + 14, axisY));
        p.drawText(QRectF(x0 - zeroSlot + 14, axisY - fh / 2.0, 12, fh), Qt::AlignCenter, "//");
    }
    // Every value: a tick; the stored value's taller and darker.
    p.setPen(QPen(color, 1.2));
    for (double v : m_values) p.drawLine(QPointF(xOf(v), axisY - 6), QPointF(xOf(v), axisY + 6));
    // Labels below the axis where they fit: zero, the powers of two on a log axis, every value on a linear
    // one, left to right; the largest value always.
    p.setPen(text);
    double freeFrom = -1e9;
    const auto label = [&](double v, bool force) {
        const QString s = log ? powerText(v) : numText(v);
        const double w = fontMetrics().horizontalAdvance(s) + 6;
        const double x = xOf(v);
        if (!force && x - w / 2 < freeFrom) return;
        p.drawText(QRectF(x - w / 2, axisY + 8, w, fh), Qt::AlignCenter, s);
        freeFrom = x + w / 2;
    };
    for (double v : m_values) {
        if (v == t.max) continue;
        if (log && v != 0 && v != std::ldexp(1.0, std::ilogb(v))) continue;
        if (xOf(t.max) - xOf(v) < fontMetrics().horizontalAdvance(numText(t.max)) + 8) continue;
        label(v, false);
    }
    label(t.max, true);
    // The typed value (its magnitude) and the stored one.
    if (std::isfinite(m_stored)) {
        p.setPen(QPen(text, 2.5));
        p.drawLine(QPointF(xOf(m_stored), axisY - 10), QPointF(xOf(m_stored), axisY + 10));
    }
    if (!std::isnan(m_typed)) {
        const bool beyond = std::fabs(m_typed) > (log ? std::exp2(hi) : hi);
        const double x = beyond ? x1 + 6 : xOf(m_typed);
        QPainterPath tri;
        tri.moveTo(x - 6, axisY - 20);
        tri.lineTo(x + 6, axisY - 20);
        tri.lineTo(x, axisY - 11);
        tri.closeSubpath();
        p.fillPath(tri, kMarker);
        p.setPen(kMarker);
        const QString s = (beyond ? tr("|x| = %1 →") : tr("|x| = %1")).arg(numText(std::fabs(m_typed)));
        const double w = fontMetrics().horizontalAdvance(s) + 6;
        const double left = std::clamp(x - w / 2, 0.0, width() - w);
        p.drawText(QRectF(left, axisY - 22 - fh, w, fh), Qt::AlignCenter, s);
    }
    p.setPen(text);
    // e8m0 has neither zero nor a sign: its caption says only what it holds.
    const QString caption =
        (!t.hasSign ? tr("%1: its %2 values (powers of two, no zero, no sign) on a log2 axis")
         : log      ? tr("%1: its %2 non-negative values on a log2 axis (zero left of the break); "
                         "negative values mirror them")
                    : tr("%1: its %2 non-negative values on a linear axis; negative values mirror them"))
            .arg(QString::fromUtf8(t.name.data(), qsizetype(t.name.size())))
            .arg(m_values.size());
    p.drawText(QRectF(0, axisY + 10 + fh, width(), fh + 4), Qt::AlignHCenter | Qt::AlignVCenter,
               fontMetrics().elidedText(caption, Qt::ElideRight, width()));
    drawZoom(p, axisY + 5 * fh + 24);
}

void NumberLineView::drawZoom(QPainter& p, double axisY) {
    const QColor text = palette().color(QPalette::WindowText);
    const int fh = fontMetrics().height();
    if (!std::isfinite(m_stored)) {
        p.setPen(text);
        p.drawText(QRectF(0, axisY - fh, width(), 2 * fh), Qt::AlignCenter,
                   std::isnan(m_stored) ? tr("stored as NaN: see below which inputs do that")
                                        : tr("stored as %1: see below which inputs do that").arg(numText(m_stored)));
        return;
    }
    // The stored value and two neighbours on each side (where they exist), on a linear axis.
    std::vector<double> near{m_stored};
    for (float v = m_stored, i = 0; i < 2; ++i) {
        v = nextDown(m_format, v);
        if (std::isfinite(v)) near.insert(near.begin(), v);
    }
    for (float v = m_stored, i = 0; i < 2; ++i) {
        v = nextUp(m_format, v);
        if (std::isfinite(v)) near.push_back(v);
    }
    double lo = near.front(), hi = near.back();
    if (m_interval.exists && std::isfinite(m_interval.lo)) lo = std::min(lo, m_interval.lo);
    if (m_interval.exists && std::isfinite(m_interval.hi)) hi = std::max(hi, m_interval.hi);
    if (std::isfinite(m_typed) && std::fabs(m_typed - m_stored) <= 4 * (hi - lo)) {
        lo = std::min(lo, m_typed);
        hi = std::max(hi, m_typed);
    }
    if (hi == lo) hi = lo + 1;
    const double pad = (hi - lo) * 0.06;
    lo -= pad;
    hi += pad;
    const double x0 = 14, x1 = width() - 14;
    const auto xOf = [&](double v) { return x0 + (std::clamp(v, lo, hi) - lo) / (hi - lo) * (x1 - x0); };
    if (m_interval.exists) {
        const double xa = std::isinf(m_interval.lo) ? x0 - 6 : xOf(m_interval.lo);
        const double xb = std::isinf(m_interval.hi) ? x1 + 6 : xOf(m_interval.hi);
        p.fillRect(QRectF(QPointF(xa, axisY - 9), QPointF(xb, axisY + 9)), QColor(0xD5, 0x5E, 0x00, 60));
        for (auto [x, in, finite] : {std::tuple{xa, m_interval.loIncluded, std::isfinite(m_interval.lo)},
                                     std::tuple{xb, m_interval.hiIncluded, std::isfinite(m_interval.hi)}}) {
            if (!finite) continue;
            p.setPen(QPen(kMarker, 1.5));
            p.setBrush(in ? QBrush(kMarker) : QBrush(palette().color(QPalette::Base)));
            p.drawEllipse(QPointF(x, axisY), 4.5, 4.5);
            p.setPen(kMarker);
            const QString s = numText(x == xa ? m_interval.lo : m_interval.hi);
            const double w = fontMetrics().horizontalAdvance(s) + 6;
            p.drawText(QRectF(std::clamp(x - w / 2, 0.0, width() - w), axisY - 12 - fh, w, fh), Qt::AlignCenter, s);
        }
        p.setBrush(Qt::NoBrush);
    }
    p.setPen(text);
    p.drawLine(QPointF(x0, axisY), QPointF(x1, axisY));
    for (double v : near) {
        const bool stored = v == m_stored;
        p.setPen(QPen(stored ? text : RangeView::colorOf(m_format), stored ? 3 : 1.5));
        p.drawLine(QPointF(xOf(v), axisY - (stored ? 11 : 7)), QPointF(xOf(v), axisY + (stored ? 11 : 7)));
        p.setPen(text);
        QFont f = font();
        f.setBold(stored);
        p.setFont(f);
        const QString s = numText(v);
        const double w = QFontMetrics(f).horizontalAdvance(s) + 6;
        p.drawText(QRectF(std::clamp(xOf(v) - w / 2, 0.0, width() - w), axisY + 12, w, fh), Qt::AlignCenter, s);
        p.setFont(font());
    }
    if (std::isfinite(m_typed) && m_typed >= lo && m_typed <= hi) {
        const double x = xOf(m_typed);
        QPainterPath tri;
        tri.moveTo(x - 6, axisY - 22);
        tri.lineTo(x + 6, axisY - 22);
        tri.lineTo(x, axisY - 12);
        tri.closeSubpath();
        p.fillPath(tri, kMarker);
    }
    p.setPen(text);
    // Two lines where one is too narrow (a longer language, a larger text): wrapped, never cut.
    p.drawText(QRectF(0, axisY + 14 + fh, width(), 2 * fh + 4), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
               tr("Close up, linear: the stored value (bold), its neighbours, and shaded the inputs that round to it "
                  "(a filled end belongs, a hollow one not)"));
}

}  // namespace presisi
