// FormatsPage: how one value is stored in f32, bf16 and f16.
#include "formats_page.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QVBoxLayout>
#include <cmath>

#include "services/number_text.h"
#include "engine/format.h"
#include "widgets/format_views.h"
#include "widgets/lane_style.h"
#include "widgets/tool_tips.h"

namespace presisi {

namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

QString num(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == 0) return std::signbit(v) ? "-0" : "0";  // the sign of zero is stored: show it
    return QString::number(v, 'g', 10);
}

// num() in the window's locale (0,1 in Indonesian), without group separators: the text reads back as a number.
QString numUi(double v) {
    if (!std::isfinite(v) || v == 0) return num(v);
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(v, 'g', 10);
}

QString classText(ValueClass c) {
    switch (c) {
    case ValueClass::Zero: return FormatsPage::tr("zero");
    case ValueClass::Subnormal: return FormatsPage::tr("subnormal");
    case ValueClass::Normal: return FormatsPage::tr("normal");
    case ValueClass::Inf: return FormatsPage::tr("inf");
    case ValueClass::NaN: return FormatsPage::tr("nan");
    }
    return "?";
}

struct Stored {
    float value;
    std::uint32_t bits;
    ValueClass cls;
    float down, up;
};

Stored storeIn(Format f, double x) {
    Stored s;
    s.value = roundFromDouble(f, x);
    s.bits = bitsOf(f, s.value);
    s.cls = classify(f, s.value);
    const bool nan = std::isnan(s.value);
    s.down = nan ? s.value : nextDown(f, s.value);
    s.up = nan ? s.value : nextUp(f, s.value);
    return s;
}

}  // namespace

FormatsPage::FormatsPage(QWidget* parent) : Page(parent) {
    wrapLongToolTips();  // the explanations below are paragraphs
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(8, 8, 8, 8);
    auto* row = new QHBoxLayout();
    auto* prompt = new QLabel(tr("Value:"));
    QFont pf = prompt->font();
    pf.setPointSizeF(14);
    prompt->setFont(pf);
    m_input = new QLineEdit("65520");
    m_input->setFont(pf);
    m_input->setMaximumWidth(320);
    m_input->setToolTip(tr("The value to store, as a decimal or hexadecimal float: 65520, 1e-8, -0.1, 0x1p-24, inf, "
                           "nan. It is rounded to each format to nearest, ties to even, as a cast does."));
    prompt->setToolTip(m_input->toolTip());
    m_error = new QLabel();
    row->addWidget(prompt);
    row->addWidget(m_input);
    row->addWidget(m_error, 1);
    v->addLayout(row);
    m_body = new QWidget();
    auto* bv = new QVBoxLayout(m_body);
    bv->setContentsMargins(0, 0, 0, 0);
    for (Format f : kAllFormats) {
        const FormatTraits& t = traits(f);
        auto* box = new QGroupBox(tr("%1 (%2): %3 bits = 1 sign + %4 exponent + %5 mantissa · max %6 · "
                                     "smallest normal %7 · smallest subnormal %8")
                                      .arg(qs(t.name), qs(t.dtypeName)).arg(t.bits).arg(t.exponentBits).arg(t.mantissaBits)
                                      .arg(QLocale().toString(t.max, 'g', 7), QLocale().toString(t.minNormal, 'g', 4),
                                           QLocale().toString(t.minSubnormal, 'g', 4)));
        box->setToolTip(tr("The exponent bits set the range (max, smallest normal), the mantissa bits the precision: "
                           "%1 significant bits, so neighbouring normal values differ by at most 1 part in 2^%2 (the ulp). "
                           "Below the smallest normal, subnormals trade precision for range down to the smallest "
                           "subnormal.").arg(t.mantissaBits + 1).arg(t.mantissaBits));
        auto* h = new QVBoxLayout(box);
        auto* bits = new BitsView();
        bits->setToolTip(tr("The stored bits: sign (0 = positive), exponent (biased by %1; all ones means inf or "
                            "NaN, all zeros subnormal or zero) and mantissa (the fraction after the leading 1). "
                            "A 1 is drawn in the field's full colour, a 0 paler.").arg(t.bias));
        auto* text = new QLabel();
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        text->setWordWrap(true);
        text->setToolTip(tr("stored: the nearest value the format holds (ties to even) and its class; error: stored − "
                            "typed, and relative to the typed value; neighbours: the next values below and above, one "
                            "ulp away."));
        QFont tf = text->font();
        tf.setPointSizeF(11);
        text->setFont(tf);
        h->addWidget(bits);
        h->addWidget(text);
        bv->addWidget(box);
        m_bits.append(bits);
        m_texts.append(text);
    }
    auto* rangeBox = new QGroupBox(tr("Where the value sits among each format's ranges"));
    auto* rl = new QVBoxLayout(rangeBox);
    m_range = new RangeView();
    m_range->setToolTip(tr("|value| on a log2 axis: pale is each format's subnormal range, solid its normal range, "
                           "and the marker the typed value. Left of a row's pale part the value rounds to 0, right "
                           "of its solid part to inf."));
    rl->addWidget(m_range);
    bv->addWidget(rangeBox);
    bv->addStretch(1);
    v->addWidget(m_body, 1);
    connect(m_input, &QLineEdit::textChanged, this, &FormatsPage::update);
    update();
}

QString FormatsPage::explanation() const {
    return tr("<b>Formats.</b> Type a value and see how each format stores it. bf16 keeps float32's 8 exponent "
              "bits (same range, 8 bits of precision); f16 has 5 exponent bits: its largest value is 65504, its "
              "smallest normal 2<sup>-14</sup> and smallest subnormal 2<sup>-24</sup>.<br><br>"
              "Try 65520 (rounds to inf in f16), 0x1p-25 (ties to even: 0 in f16), 1e-8 (a gradient that "
              "sinks to zero in f16 but not in bf16) and 0.1.");
}

QString FormatsPage::caption() const { return tr("Presisi formats: %1 in f32, bf16, f16").arg(m_input->text()); }

QList<QWidget*> FormatsPage::charts() const { return {m_body}; }

void FormatsPage::resetPage() { m_input->setText("65520"); }

void FormatsPage::setValueText(const QString& text) { m_input->setText(text); }
QString FormatsPage::valueText() const { return m_input->text(); }
QString FormatsPage::summary(int formatIndex) const { return m_texts.value(formatIndex) ? m_texts[formatIndex]->text() : QString(); }

void FormatsPage::update() {
    const auto parsed = services::parseReal(m_input->text().trimmed().toStdString());
    m_valid = parsed.has_value();
    if (!m_valid) {
        m_error->setText(tr("not a number: type e.g. 65520, 1e-8, 0x1p-24"));
        return;
    }
    m_error->clear();
    m_value = *parsed;
    for (int i = 0; i < 3; ++i) {
        const Format f = kAllFormats[i];
        const FormatTraits& t = traits(f);
        const Stored s = storeIn(f, m_value);
        m_bits[i]->setBits(f, s.bits);
        const double err = static_cast<double>(s.value) - m_value;
        const double rel = m_value != 0 && std::isfinite(err) ? std::abs(err / m_value) : 0.0;
        QString note;
        const double half = t.minSubnormal / 2;
        if (std::isnan(m_value))
            note = tr("  — NaN stays NaN in every format");
        else if (std::isinf(m_value))
            note = tr("  — inf stays inf in every format");
        else if (std::isinf(s.value))
            note = tr("  — overflow: |x| ≥ %1 rounds to inf").arg(numUi(t.overflowThreshold));
        else if (s.value == 0 && std::abs(m_value) == half)
            note = tr("  — exactly half the smallest subnormal %1: a tie, rounded to the even neighbour, 0")
                       .arg(numUi(t.minSubnormal));
        else if (s.value == 0 && m_value != 0)
            note = tr("  — underflow: below half the smallest subnormal %1").arg(numUi(t.minSubnormal));
        else if (s.cls == ValueClass::Subnormal)
            note = tr("  — subnormal: fewer significant bits below %1").arg(numUi(t.minNormal));
        // NaN and inf are stored as themselves: no rounding error to speak of. An overflow's error
        // is infinite and says so.
        const QString errorText = std::isnan(m_value) || std::isinf(m_value)
                                      ? tr("none (stored as itself)")
                                      : tr("%1 (relative %2)")
                                            .arg(std::isfinite(err) ? numUi(err) : tr("inf: overflow"))
                                            .arg(std::isfinite(err) ? QLocale().toString(rel, 'g', 3) : QString("—"));
        m_texts[i]->setText(
            tr("stored <b>%1</b> (%2)%3<br>error %4 · bits 0x%5 · neighbours %6 ◀ ▶ %7")
                .arg(numUi(s.value), classText(s.cls), note.toHtmlEscaped())
                .arg(errorText)
                .arg(QString::number(s.bits, 16).rightJustified(t.bits / 4, '0'))
                .arg(numUi(s.down), numUi(s.up)));
    }
    m_range->setValue(m_value);
    emit explanationChanged();
}

bool FormatsPage::exportCsv(const QString& path) const {
    if (!m_valid) return false;
    QByteArray out = "value,format,stored,class,bits_hex,error,next_down,next_up\n";
    for (Format f : kAllFormats) {
        const Stored s = storeIn(f, m_value);
        out += QString("%1,%2,%3,%4,%5,%6,%7,%8\n")
                   .arg(m_input->text().trimmed(), qs(traits(f).name), num(s.value), qs(className(s.cls)),
                        QString::number(s.bits, 16), num(static_cast<double>(s.value) - m_value), num(s.down), num(s.up))
                   .toUtf8();
    }
    return writeFileWhole(path, out);
}

bool FormatsPage::exportJson(const QString& path) const {
    if (!m_valid) return false;
    QJsonObject root;
    root["input"] = m_input->text().trimmed();
    QJsonArray formats;
    for (Format f : kAllFormats) {
        const Stored s = storeIn(f, m_value);
        QJsonObject o;
        o["format"] = qs(traits(f).name);
        o["stored"] = num(s.value);
        o["class"] = qs(className(s.cls));
        o["bits"] = QString("0x") + QString::number(s.bits, 16);
        o["error"] = num(static_cast<double>(s.value) - m_value);
        o["next_down"] = num(s.down);
        o["next_up"] = num(s.up);
        formats.append(o);
    }
    root["formats"] = formats;
    return writeFileWhole(path, QJsonDocument(root).toJson());
}

}  // namespace presisi
