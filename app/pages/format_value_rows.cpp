// FormatValueRows: a typed value stored in each format (bits, class, error, neighbours, why it rounded as it
// did), the formats' ranges around it, and the same numbers for the page's CSV and JSON.
#include "format_value_rows.h"
#include "widgets/locale_number.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QStringList>
#include <QVBoxLayout>
#include <cmath>

#include "formats_page_detail.h"
#include "widgets/format_views.h"
#include "widgets/number_line_view.h"

namespace presisi {

using formats_page_detail::num;
using formats_page_detail::numUi;

namespace {

// A format's max in a row's title: as the value rows write numbers (no group separators: "65504" beside
// "65504", not "65.504" in Indonesian), seven digits for the wide formats' 3.402823e+38.
QString maxText(double v) {
    return ungroupedNumber(v, 'g', 7);
}

QString classText(ValueClass c) {
    switch (c) {
    case ValueClass::Zero: return FormatValueRows::tr("zero");
    case ValueClass::Subnormal: return FormatValueRows::tr("subnormal");
    case ValueClass::Normal: return FormatValueRows::tr("normal");
    case ValueClass::Inf: return FormatValueRows::tr("inf");
    case ValueClass::NaN: return FormatValueRows::tr("nan");
    }
    return "?";
}

struct Stored {
    float value;
    std::uint32_t bits;
    ValueClass cls;
    float down, up;
};

Stored storeIn(Format f, double x, Overflow overflow) {
    const FormatTraits& t = traits(f);
    Stored s;
    s.value = roundFromDouble(f, x, Subnormals::Keep, overflow);
    // FP6 and FP4 have no NaN: a cast stores NaN as the code of a zero (ml_dtypes' -0 for NaN).
    if (std::isnan(s.value) && !t.hasNaN) s.value = decode(f, encode(f, static_cast<float>(x), overflow));
    s.bits = bitsOf(f, s.value);
    s.cls = classify(f, s.value);
    const bool nan = std::isnan(s.value);
    s.down = nan ? s.value : nextDown(f, s.value);
    s.up = nan ? s.value : nextUp(f, s.value);
    return s;
}

// The bits as the format's fields, "0.1111.110" (e8m0: its eight exponent bits).
QString fieldText(Format f, std::uint32_t bits) {
    const FormatTraits& t = traits(f);
    const QString all = QString::number(bits, 2).rightJustified(t.bits, '0');
    const int sign = t.hasSign ? 1 : 0;
    QStringList parts;
    if (sign) parts << all.left(1);
    parts << all.mid(sign, t.exponentBits);
    if (t.mantissaBits) parts << all.right(t.mantissaBits);
    return parts.join('.');
}

// Whether |x| is beyond what the format rounds to a finite value by nearest rounding: above the overflow
// threshold, or at it where the tie goes up (max's last bit odd; e8m0 rounds ties upwards).
bool overflows(Format f, double x) {
    const FormatTraits& t = traits(f);
    const double a = std::fabs(x);
    if (std::isinf(a) || a > t.overflowThreshold) return true;
    return a == t.overflowThreshold && ((bitsOf(f, static_cast<float>(t.max)) & 1u) || f == Format::E8M0);
}

QString note(Format f, double x, const Stored& s, Overflow overflow) {
    const FormatTraits& t = traits(f);
    const Overflow other = overflow == Overflow::Ocp ? Overflow::Saturate : Overflow::Ocp;
    const float alt = storeIn(f, x, other).value;
    const bool differs = !(alt == s.value || (std::isnan(alt) && std::isnan(s.value)));
    const QString otherText = !differs ? QString()
                              : other == Overflow::Saturate ? FormatValueRows::tr("; saturating gives %1").arg(numUi(alt))
                                                            : FormatValueRows::tr("; the OCP conversion gives %1").arg(numUi(alt));
    const double half = t.minSubnormal / 2;
    if (std::isnan(x))
        return t.hasNaN ? FormatValueRows::tr("NaN stays NaN in every format")
                        : FormatValueRows::tr("%1 has no NaN: a cast stores a zero's code (ml_dtypes)").arg(qs(t.name));
    if (std::isinf(x) && std::isinf(s.value)) return FormatValueRows::tr("inf stays inf in every format");
    if (f == Format::E8M0 && !(x > 0))
        return FormatValueRows::tr("e8m0 has no zero and no sign: zero and negative numbers become NaN");
    // |x| exactly at the overflow threshold: halfway between max and the power of two one step past it
    // (the value the next exponent would start with), worked out as the tie at the foot of the range is.
    // e8m0 rounds ties upwards, without an even neighbour (below).
    const bool maxTie = std::fabs(x) == t.overflowThreshold && f != Format::E8M0;
    const double past = 2 * t.overflowThreshold - t.max;
    const bool powerOfTwo = past == std::ldexp(1.0, std::ilogb(past));  // 65536 = 2^16; e4m3's 480 is not
    const QString pastText = powerOfTwo ? QString("%1 = 2^%2").arg(numUi(past)).arg(std::ilogb(past)) : numUi(past);
    if (maxTie && overflows(f, x)) {
        const QString tie =
            FormatValueRows::tr("exactly halfway between the largest value %1 and %2, one step past the range: a tie, "
                            "rounded to the even neighbour (%1 ends in a 1 bit), %3")
                .arg(numUi(t.max), pastText, numUi(past));
        if (std::isinf(s.value)) return FormatValueRows::tr("%1, which %2 cannot hold: inf").arg(tie, qs(t.name)) + otherText;
        if (std::isnan(s.value))
            return FormatValueRows::tr("%1, which %2 cannot hold: NaN").arg(tie, qs(t.name)) + otherText;
        return FormatValueRows::tr("%1, which %2 cannot hold: saturated to ±%3").arg(tie, qs(t.name), numUi(t.max)) + otherText;
    }
    if (maxTie)
        return FormatValueRows::tr("exactly halfway between the largest value %1 and %2, one step past the range: a tie, "
                               "rounded to the even neighbour, %1 (its last bit is 0)")
            .arg(numUi(t.max), pastText);
    if (overflows(f, x)) {
        if (std::isinf(s.value))
            return FormatValueRows::tr("overflow: |x| ≥ %1 rounds to inf").arg(numUi(t.overflowThreshold)) + otherText;
        if (std::isnan(s.value))
            return FormatValueRows::tr("overflow: %1 has no inf, the OCP conversion gives NaN").arg(qs(t.name)) + otherText;
        return FormatValueRows::tr("beyond the largest value: saturated to ±%1").arg(numUi(t.max)) + otherText;
    }
    if (s.value == 0 && std::abs(x) == half)
        return FormatValueRows::tr("exactly half the smallest subnormal %1: a tie, rounded to the even neighbour, 0")
            .arg(numUi(t.minSubnormal));
    if (s.value == 0 && x != 0)
        return FormatValueRows::tr("underflow: below half the smallest subnormal %1").arg(numUi(t.minSubnormal));
    if (s.cls == ValueClass::Subnormal)
        return FormatValueRows::tr("subnormal: fewer significant bits below %1").arg(numUi(t.minNormal));
    return QString();
}

// A neighbour, or "none" where the format has no value beyond the stored one (max of FP6/FP4/e4m3, e8m0's ends).
QString neighbour(float v, float stored) {
    return std::isnan(v) && !std::isnan(stored) ? FormatValueRows::tr("none") : numUi(v);
}

}  // namespace

FormatValueRows::FormatValueRows(QObject* parent) : QObject(parent) {
    auto* area = new QScrollArea();
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    auto* body = new QWidget();
    auto* bv = new QVBoxLayout(body);
    bv->setContentsMargins(0, 4, 0, 0);
    for (Format f : kEveryFormat) {
        const FormatTraits& t = traits(f);
        const QString sign = t.hasSign ? tr("1 sign + ") : tr("no sign + ");
        // The title fits a 1024-pixel window; the smallest normal and subnormal are in the box's tooltip and
        // the Properties tab.
        auto* box = new QGroupBox(tr("%1 (%2): %3 bits = %4%5 exponent + %6 mantissa · max %7")
                                      .arg(qs(t.name), qs(t.dtypeName)).arg(t.bits).arg(sign).arg(t.exponentBits)
                                      .arg(t.mantissaBits)
                                      .arg(maxText(t.max)));
        box->setToolTip(tr("The exponent bits set the range (max, smallest normal %3), the mantissa bits the "
                           "precision: %1 significant bits, so neighbouring normal values differ by at most 1 part in "
                           "2^%2 (the ulp). Below the smallest normal, subnormals trade precision for range down to "
                           "the smallest subnormal, %4.")
                            .arg(t.mantissaBits + 1).arg(t.mantissaBits)
                            .arg(QLocale().toString(t.minNormal, 'g', 4),
                                 f == Format::E8M0 ? tr("which e8m0 does not have") : QLocale().toString(t.minSubnormal, 'g', 4)));
        // The 32- and 16-bit formats: the bits above the text. The small ones: the bits left of it, one row each.
        QBoxLayout* h = isMiniFormat(f) ? static_cast<QBoxLayout*>(new QHBoxLayout(box)) : new QVBoxLayout(box);
        if (isMiniFormat(f)) h->setContentsMargins(6, 0, 6, 0);
        auto* bits = new BitsView();
        bits->setBits(f, 0);
        bits->setToolTip(tr("The stored bits: %1exponent (biased by %2; %3) and mantissa (the fraction after the "
                            "leading 1). A 1 is drawn in the field's full colour, a 0 paler.")
                             .arg(t.hasSign ? tr("sign (0 = positive), ") : QString())
                             .arg(t.bias)
                             .arg(f == Format::E8M0 ? tr("the value is 2^(e − 127), all ones is NaN")
                                  : t.hasInf ? tr("all ones means inf or NaN, all zeros subnormal or zero")
                                  : t.hasNaN ? tr("all ones with mantissa all ones is NaN, all zeros subnormal or zero")
                                             : tr("every code a number, all zeros subnormal or zero")));
        auto* text = new QLabel();
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        text->setWordWrap(true);
        text->setToolTip(tr("stored: the nearest value the format holds (ties to even) and its class; error: stored − "
                            "typed, and relative to the typed value; neighbours: the next values below and above, one "
                            "ulp away."));
        QFont tf = text->font();
        tf.setPointSizeF(isMiniFormat(f) ? 10 : 11);
        text->setFont(tf);
        if (isMiniFormat(f)) bits->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        h->addWidget(bits);
        h->addWidget(text, 1);
        bv->addWidget(box);
        m_rows.append(box);
        m_bits.append(bits);
        m_texts.append(text);
    }
    auto* rangeBox = new QGroupBox(tr("Where the value sits among each format's ranges"));
    auto* rl = new QVBoxLayout(rangeBox);
    m_range = new RangeView();
    m_range->setToolTip(tr("|value| on a log2 axis: pale is each format's subnormal range, solid its normal range, "
                           "and the marker the typed value. Left of a row's pale part the value rounds to 0, right "
                           "of its solid part to inf (or NaN, or max). e8m0's range, 2^-127 to 2^127, is in the "
                           "property table."));
    rl->addWidget(m_range);
    bv->addWidget(rangeBox);
    bv->addStretch(1);
    area->setWidget(body);
    m_tab = area;
}

void FormatValueRows::showFormats(bool compute, bool mini) {
    QList<Format> ranged;
    for (int i = 0; i < m_rows.size(); ++i) {
        const Format f = kEveryFormat[i];
        const bool shown = isMiniFormat(f) ? mini : compute;
        m_rows[i]->setVisible(shown);
        if (shown && f != Format::E8M0) ranged << f;
    }
    m_range->setFormats(ranged);
}

void FormatValueRows::show(double value, Overflow overflow) {
    for (int i = 0; i < m_texts.size(); ++i) {
        const Format f = kEveryFormat[i];
        const FormatTraits& t = traits(f);
        const Stored s = storeIn(f, value, overflow);
        m_bits[i]->setBits(f, s.bits);
        const double err = static_cast<double>(s.value) - value;
        const double rel = value != 0 && std::isfinite(err) ? std::abs(err / value) : 0.0;
        const QString why = note(f, value, s, overflow);
        // NaN and inf are stored as themselves: no rounding error to speak of. An overflow's error
        // is infinite and says so.
        const QString errorText = std::isnan(value) || (std::isinf(value) && std::isinf(s.value))
                                      ? tr("none (stored as itself)")
                                  : std::isnan(s.value) ? tr("— (NaN)")
                                                        : tr("%1 (relative %2)")
                                                              .arg(std::isfinite(err) ? numUi(err) : tr("inf: overflow"))
                                                              .arg(std::isfinite(err) ? QLocale().toString(rel, 'g', 3) : QString("—"));
        const QString bitsText = QString::number(s.bits, 16).rightJustified((t.bits + 3) / 4, '0') +
                                 (isMiniFormat(f) ? QString(" (%1)").arg(fieldText(f, s.bits)) : QString());
        m_texts[i]->setText(tr("stored <b>%1</b> (%2)%3<br>error %4 · bits 0x%5 · neighbours %6 ◀ ▶ %7")
                                .arg(numUi(s.value), classText(s.cls), why.isEmpty() ? QString() : ("  — " + why).toHtmlEscaped())
                                .arg(errorText, bitsText)
                                .arg(neighbour(s.down, s.value), neighbour(s.up, s.value)));
    }
    m_range->setValue(value);
}

QString FormatValueRows::summary(int formatIndex) const {
    return m_texts.value(formatIndex) ? m_texts[formatIndex]->text() : QString();
}

bool FormatValueRows::rowShown(int formatIndex) const {
    return m_rows.value(formatIndex) && !m_rows[formatIndex]->isHidden();
}

QByteArray FormatValueRows::csv(double value, const QString& input, Overflow overflow) {
    QByteArray out = "value,format,stored,class,bits_hex,error,next_down,next_up,overflow\n";
    const QString mode = overflow == Overflow::Saturate ? "saturate" : "ocp";
    for (Format f : kEveryFormat) {
        const Stored s = storeIn(f, value, overflow);
        out += QString("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                   .arg(input, qs(traits(f).name), num(s.value), qs(className(s.cls)),
                        QString::number(s.bits, 16), num(static_cast<double>(s.value) - value), num(s.down), num(s.up), mode)
                   .toUtf8();
    }
    return out;
}

QJsonArray FormatValueRows::json(double value, Overflow overflow) {
    QJsonArray formats;
    for (Format f : kEveryFormat) {
        const Stored s = storeIn(f, value, overflow);
        QJsonObject o;
        o["format"] = qs(traits(f).name);
        o["stored"] = num(s.value);
        o["class"] = qs(className(s.cls));
        o["bits"] = QString("0x") + QString::number(s.bits, 16);
        o["error"] = num(static_cast<double>(s.value) - value);
        o["next_down"] = num(s.down);
        o["next_up"] = num(s.up);
        if (isMiniFormat(f)) {
            const RoundingInterval r = roundingInterval(f, s.value, overflow);
            if (r.exists)
                o["rounds_from"] = QJsonObject{{"low", num(r.lo)}, {"low_included", r.loIncluded},
                                               {"high", num(r.hi)}, {"high_included", r.hiIncluded}};
        }
        formats.append(o);
    }
    return formats;
}

}  // namespace presisi