// FormatsPage: how one value is stored in every format, the formats' properties, a small format's number
// line, and a block of 32 numbers in an MX format or NVFP4.
#include "formats_page.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>
#include <cmath>
#include <optional>

#include "services/number_text.h"
#include "widgets/block_view.h"
#include "widgets/format_property_table.h"
#include "widgets/format_views.h"
#include "widgets/locale_number.h"
#include "widgets/number_line_view.h"
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

// A format's max in a row's title: as the value rows write numbers (no group separators: "65504" beside
// "65504", not "65.504" in Indonesian), seven digits for the wide formats' 3.402823e+38.
QString maxText(double v) {
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(v, 'g', 7);
}

// The value typed: a number as the window writes it, by the one rule of docs/LANGUAGES.md ("0,1" and "0.1"
// alike, the page's own "0,1" in Indonesian included; "12.345" refused there, with the reason in *why), and
// what only strtod reads: hexadecimal floats (0x1p-25), inf, nan, and magnitudes past double's range (1e400).
std::optional<double> readValue(const QString& text, QString* why) {
    const QString t = text.trimmed();
    double v = 0;
    if (parseLocaleReal(t, &v, why)) return v;
    const QString lower = t.toLower();
    if (t.contains(',') || !(lower.contains("0x") || lower.contains("inf") || lower.contains("nan") || lower.contains('e')))
        return std::nullopt;
    const auto parsed = services::parseReal(t.toStdString());
    if (parsed && why) why->clear();
    return parsed;
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
                              : other == Overflow::Saturate ? FormatsPage::tr("; saturating gives %1").arg(numUi(alt))
                                                            : FormatsPage::tr("; the OCP conversion gives %1").arg(numUi(alt));
    const double half = t.minSubnormal / 2;
    if (std::isnan(x))
        return t.hasNaN ? FormatsPage::tr("NaN stays NaN in every format")
                        : FormatsPage::tr("%1 has no NaN: a cast stores a zero's code (ml_dtypes)").arg(qs(t.name));
    if (std::isinf(x) && std::isinf(s.value)) return FormatsPage::tr("inf stays inf in every format");
    if (f == Format::E8M0 && !(x > 0))
        return FormatsPage::tr("e8m0 has no zero and no sign: zero and negative numbers become NaN");
    // |x| exactly at the overflow threshold: halfway between max and the power of two one step past it
    // (the value the next exponent would start with), worked out as the tie at the foot of the range is.
    // e8m0 rounds ties upwards, without an even neighbour (below).
    const bool maxTie = std::fabs(x) == t.overflowThreshold && f != Format::E8M0;
    const double past = 2 * t.overflowThreshold - t.max;
    const bool powerOfTwo = past == std::ldexp(1.0, std::ilogb(past));  // 65536 = 2^16; e4m3's 480 is not
    const QString pastText = powerOfTwo ? QString("%1 = 2^%2").arg(numUi(past)).arg(std::ilogb(past)) : numUi(past);
    if (maxTie && overflows(f, x)) {
        const QString tie =
            FormatsPage::tr("exactly halfway between the largest value %1 and %2, one step past the range: a tie, "
                            "rounded to the even neighbour (%1 ends in a 1 bit), %3")
                .arg(numUi(t.max), pastText, numUi(past));
        if (std::isinf(s.value)) return FormatsPage::tr("%1, which %2 cannot hold: inf").arg(tie, qs(t.name)) + otherText;
        if (std::isnan(s.value))
            return FormatsPage::tr("%1, which %2 cannot hold: NaN").arg(tie, qs(t.name)) + otherText;
        return FormatsPage::tr("%1, which %2 cannot hold: saturated to ±%3").arg(tie, qs(t.name), numUi(t.max)) + otherText;
    }
    if (maxTie)
        return FormatsPage::tr("exactly halfway between the largest value %1 and %2, one step past the range: a tie, "
                               "rounded to the even neighbour, %1 (its last bit is 0)")
            .arg(numUi(t.max), pastText);
    if (overflows(f, x)) {
        if (std::isinf(s.value))
            return FormatsPage::tr("overflow: |x| ≥ %1 rounds to inf").arg(numUi(t.overflowThreshold)) + otherText;
        if (std::isnan(s.value))
            return FormatsPage::tr("overflow: %1 has no inf, the OCP conversion gives NaN").arg(qs(t.name)) + otherText;
        return FormatsPage::tr("beyond the largest value: saturated to ±%1").arg(numUi(t.max)) + otherText;
    }
    if (s.value == 0 && std::abs(x) == half)
        return FormatsPage::tr("exactly half the smallest subnormal %1: a tie, rounded to the even neighbour, 0")
            .arg(numUi(t.minSubnormal));
    if (s.value == 0 && x != 0) return FormatsPage::tr("underflow: below half the smallest subnormal %1").arg(numUi(t.minSubnormal));
    if (s.cls == ValueClass::Subnormal) return FormatsPage::tr("subnormal: fewer significant bits below %1").arg(numUi(t.minNormal));
    return QString();
}

// A neighbour, or "none" where the format has no value beyond the stored one (max of FP6/FP4/e4m3, e8m0's ends).
QString neighbour(float v, float stored) { return std::isnan(v) && !std::isnan(stored) ? FormatsPage::tr("none") : numUi(v); }

}  // namespace

FormatsPage::FormatsPage(QWidget* parent) : Page(parent) {
    wrapLongToolTips();  // the explanations below are paragraphs
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(8, 8, 8, 8);
    auto* row = new QHBoxLayout();
    auto* prompt = new QLabel(tr("Val&ue:"));
    QFont pf = prompt->font();
    pf.setPointSizeF(14);
    prompt->setFont(pf);
    m_input = new QLineEdit("65520");
    m_input->setFont(pf);
    m_input->setMaximumWidth(260);
    m_input->setMinimumWidth(120);
    m_input->setToolTip(tr("The value to store, as a decimal or hexadecimal float: 65520, 1e-8, -0.1, 0x1p-24, inf, "
                           "nan. It is rounded to each format to nearest, ties to even, as a cast does."));
    prompt->setToolTip(m_input->toolTip());
    prompt->setBuddy(m_input);
    m_error = new QLabel();
    m_error->setToolTip(tr("Why the text typed is not a value, if it is not."));
    m_group = new QComboBox();
    m_group->addItems({tr("f32 · bf16 · f16"), tr("8 bits and below"), tr("all nine formats")});
    m_group->setToolTip(tr("Which formats the Value tab shows: the 32- and 16-bit compute formats, the formats of 8 "
                           "bits and below (FP8 e4m3 and e5m2, FP6 e3m2 and e2m3, FP4 e2m1, the scale format e8m0), "
                           "or all nine."));
    auto* groupLabel = new QLabel(tr("Sho&w:"));
    groupLabel->setBuddy(m_group);
    groupLabel->setToolTip(m_group->toolTip());
    m_saturate = new QCheckBox(tr("Sa&turate overflow"));
    m_saturate->setToolTip(tr("Off: the OCP conversion ml_dtypes implements: beyond the largest value e4m3 gives NaN, "
                              "e5m2, f16, bf16 and f32 give inf, FP6 and FP4 their max. On: every format clamps to "
                              "±max, as PyTorch's cast to float8_e4m3fn and Transformer Engine's satfinite do. 500 in "
                              "e4m3: NaN, or 448 saturating."));
    row->addWidget(prompt);
    row->addWidget(m_input);
    row->addWidget(m_error, 1);
    row->addWidget(groupLabel);
    row->addWidget(m_group);
    row->addSpacing(8);
    row->addWidget(m_saturate);
    v->addLayout(row);

    m_tabs = new QTabWidget();
    m_tabs->setAccessibleName("formats");
    m_tabs->addTab(buildValueTab(), tr("Value in each format"));
    auto* properties = new QWidget();
    auto* pl = new QVBoxLayout(properties);
    pl->addWidget(new FormatPropertyTable());
    auto* propertiesNote = new QLabel(
        tr("e4m3 (FP8) stores activations and weights: more precision, range up to 448. e5m2 stores gradients: the "
           "range of f16 (to 57344) with two mantissa bits. FP6 and FP4 are element formats of MX blocks: too few "
           "values to hold a tensor alone, so every 32 elements share an e8m0 scale, a power of two from 2^-127 to "
           "2^127."));
    propertiesNote->setWordWrap(true);
    propertiesNote->setToolTip(tr("What each of the formats of 8 bits and below is for."));
    pl->addWidget(propertiesNote);
    pl->addStretch(1);
    m_tabs->addTab(properties, tr("Properties"));
    m_tabs->addTab(buildNumberLineTab(), tr("Number line"));
    m_block = new BlockView();
    m_tabs->addTab(m_block, tr("Block (MX, NVFP4)"));
    m_tabs->setToolTip(tr("Ctrl+Tab and Ctrl+Shift+Tab switch between these tabs."));
    v->addWidget(m_tabs, 1);

    connect(m_input, &QLineEdit::textChanged, this, &FormatsPage::update);
    connect(m_saturate, &QCheckBox::toggled, this, &FormatsPage::update);
    connect(m_group, &QComboBox::currentIndexChanged, this, &FormatsPage::showGroup);
    connect(m_lineFormat, &QComboBox::currentIndexChanged, this, &FormatsPage::update);
    connect(m_lineAxis, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_line->setAxis(static_cast<NumberLineView::Axis>(i));
    });
    connect(m_block, &BlockView::changed, this, &Page::explanationChanged);
    showGroup();
    update();
}

QWidget* FormatsPage::buildValueTab() {
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
    return area;
}

QWidget* FormatsPage::buildNumberLineTab() {
    auto* w = new QWidget();
    auto* v = new QVBoxLayout(w);
    auto* controls = new QHBoxLayout();
    m_lineFormat = new QComboBox();
    for (Format f : kMiniFormats) m_lineFormat->addItem(qs(traits(f).name), static_cast<int>(f));
    m_lineFormat->setToolTip(tr("The format whose every value is drawn: FP8 (e4m3, e5m2), FP6 (e3m2, e2m3), FP4 "
                                "(e2m1) or the scale format e8m0."));
    auto* formatLabel = new QLabel(tr("For&mat:"));
    formatLabel->setBuddy(m_lineFormat);
    formatLabel->setToolTip(m_lineFormat->toolTip());
    m_lineAxis = new QComboBox();
    m_lineAxis->addItems({tr("auto"), tr("linear"), tr("log2")});
    m_lineAxis->setToolTip(tr("The axis: linear shows the even steps of FP4 and e2m3, log2 the binades of formats "
                              "with a wide range (8 values per binade in e4m3, 4 in e5m2). Auto picks the one that "
                              "fits the format."));
    auto* axisLabel = new QLabel(tr("A&xis:"));
    axisLabel->setBuddy(m_lineAxis);
    axisLabel->setToolTip(m_lineAxis->toolTip());
    controls->addWidget(formatLabel);
    controls->addWidget(m_lineFormat);
    controls->addSpacing(12);
    controls->addWidget(axisLabel);
    controls->addWidget(m_lineAxis);
    controls->addStretch(1);
    v->addLayout(controls);
    m_line = new NumberLineView();
    m_line->setToolTip(tr("Every non-negative value of the format as a tick (negative values mirror them), the "
                          "typed value's magnitude as the triangle, the value it is stored as as the thick tick, and "
                          "shaded the inputs that round to that code: a filled end belongs to it, a hollow one not."));
    v->addWidget(m_line);
    m_lineText = new QLabel();
    m_lineText->setWordWrap(true);
    m_lineText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_lineText->setToolTip(tr("Which interval of inputs rounds to the stored value's code, and whether each end "
                              "belongs to it: a tie (an input exactly halfway) goes to the neighbour whose last bit "
                              "is 0; e8m0 rounds ties upwards."));
    v->addWidget(m_lineText);
    v->addStretch(1);
    return w;
}

QString FormatsPage::explanation() const {
    return tr("<b>Formats.</b> Type a value and see how each format stores it. bf16 keeps float32's 8 exponent "
              "bits (same range, 8 bits of precision); f16 has 5 exponent bits: its largest value is 65504, its "
              "smallest normal 2<sup>-14</sup> and smallest subnormal 2<sup>-24</sup>.<br><br>"
              "Try 65520 (rounds to inf in f16), 0x1p-25 (ties to even: 0 in f16), 1e-8 (a gradient that "
              "sinks to zero in f16 but not in bf16) and 0.1.<br><br>"
              "<b>8 bits and below.</b> FP8 <b>e4m3</b> holds activations and weights (3 mantissa bits, max 448); "
              "<b>e5m2</b> holds gradients, which need range more than precision (max 57344, down to "
              "2<sup>-16</sup>). FP6 (e3m2, e2m3) and FP4 (e2m1: 0, 0.5, 1, 1.5, 2, 3, 4, 6) have too few values "
              "for a whole tensor, so <b>blocks</b> of 32 elements share a scale: the block's largest value lands "
              "near the element format's max and the small ones keep what precision is left. That scale is "
              "<b>e8m0</b>, eight exponent bits and nothing else: a power of two from 2<sup>-127</sup> to "
              "2<sup>127</sup>, no zero, no sign.<br><br>"
              "Beyond the largest value, the OCP conversion (ml_dtypes) gives NaN in e4m3 and inf in e5m2, while "
              "PyTorch's and Transformer Engine's casts saturate: try 500 with and without <i>Saturate</i>. In the "
              "block view, FLOOR (the OCP rule) may saturate the block's largest element; RCEIL (Transformer "
              "Engine) scales one power higher so nothing saturates and small elements may become zero.");
}

QString FormatsPage::caption() const {
    return tr("Presisi formats: %1 in %2%3")
        .arg(m_input->text(), m_group->currentText(), saturate() ? tr(", saturating") : QString());
}

QList<QWidget*> FormatsPage::charts() const { return {m_tabs}; }

void FormatsPage::resetPage() {
    m_saturate->setChecked(false);
    m_input->setText("65520");
}

void FormatsPage::setValueText(const QString& text) { m_input->setText(text); }
QString FormatsPage::valueText() const { return m_input->text(); }
void FormatsPage::setGroup(Group group) { m_group->setCurrentIndex(static_cast<int>(group)); }
FormatsPage::Group FormatsPage::group() const { return static_cast<Group>(m_group->currentIndex()); }
void FormatsPage::setSaturate(bool saturate) { m_saturate->setChecked(saturate); }
bool FormatsPage::saturate() const { return m_saturate->isChecked(); }
void FormatsPage::setTab(Tab tab) { m_tabs->setCurrentIndex(tab); }
Overflow FormatsPage::overflow() const { return saturate() ? Overflow::Saturate : Overflow::Ocp; }
QString FormatsPage::summary(int formatIndex) const { return m_texts.value(formatIndex) ? m_texts[formatIndex]->text() : QString(); }
bool FormatsPage::rowShown(int formatIndex) const { return m_rows.value(formatIndex) && !m_rows[formatIndex]->isHidden(); }
void FormatsPage::setNumberLineFormat(Format format) { m_lineFormat->setCurrentIndex(m_lineFormat->findData(static_cast<int>(format))); }
QString FormatsPage::numberLineText() const { return m_lineText->text(); }

void FormatsPage::takeOver(Page& previous) {
    const auto& old = static_cast<const FormatsPage&>(previous);
    setGroup(old.group());
    setSaturate(old.saturate());
    m_lineFormat->setCurrentIndex(old.m_lineFormat->currentIndex());
    m_lineAxis->setCurrentIndex(old.m_lineAxis->currentIndex());
    m_block->setFormat(old.m_block->format());
    m_block->setSeed(old.m_block->seed());
    m_block->setText(old.m_block->text());
    setValueText(old.valueText());
    m_tabs->setCurrentIndex(old.m_tabs->currentIndex());
}

void FormatsPage::showGroup() {
    QList<Format> ranged;
    for (int i = 0; i < m_rows.size(); ++i) {
        const Format f = kEveryFormat[i];
        const bool shown = group() == Group::All || (group() == Group::Mini) == isMiniFormat(f);
        m_rows[i]->setVisible(shown);
        if (shown && f != Format::E8M0) ranged << f;
    }
    m_range->setFormats(ranged);
}

void FormatsPage::update() {
    QString why;
    const auto parsed = readValue(m_input->text(), &why);
    m_valid = parsed.has_value();
    if (!m_valid) {
        m_error->setText(why.isEmpty() ? tr("not a number: type e.g. 65520, 1e-8, 0x1p-24") : why);
        return;
    }
    m_error->clear();
    m_value = *parsed;
    for (int i = 0; i < m_texts.size(); ++i) {
        const Format f = kEveryFormat[i];
        const FormatTraits& t = traits(f);
        const Stored s = storeIn(f, m_value, overflow());
        m_bits[i]->setBits(f, s.bits);
        const double err = static_cast<double>(s.value) - m_value;
        const double rel = m_value != 0 && std::isfinite(err) ? std::abs(err / m_value) : 0.0;
        const QString why = note(f, m_value, s, overflow());
        // NaN and inf are stored as themselves: no rounding error to speak of. An overflow's error
        // is infinite and says so.
        const QString errorText = std::isnan(m_value) || (std::isinf(m_value) && std::isinf(s.value))
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
    m_range->setValue(m_value);
    const Format lineFormat = static_cast<Format>(m_lineFormat->currentData().toInt());
    m_line->setFormat(lineFormat);
    m_line->setValue(m_value, overflow());
    const float stored = m_line->stored();
    m_lineText->setText(tr("%1 in %2: stored as <b>%3</b> (code 0x%4). Inputs that round to this code: %5")
                            .arg(numUi(m_value), qs(traits(lineFormat).name), numUi(stored))
                            .arg(QString::number(encode(lineFormat, stored), 16).rightJustified(2, '0'))
                            .arg(m_line->intervalText().toHtmlEscaped()));
    emit explanationChanged();
}

bool FormatsPage::exportCsv(const QString& path) const {
    if (!m_valid) return false;
    // The value in every format, then (after an empty line) the block view's elements under each scale mode.
    QByteArray out = "value,format,stored,class,bits_hex,error,next_down,next_up,overflow\n";
    const QString mode = saturate() ? "saturate" : "ocp";
    for (Format f : kEveryFormat) {
        const Stored s = storeIn(f, m_value, overflow());
        out += QString("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                   .arg(m_input->text().trimmed(), qs(traits(f).name), num(s.value), qs(className(s.cls)),
                        QString::number(s.bits, 16), num(static_cast<double>(s.value) - m_value), num(s.down), num(s.up), mode)
                   .toUtf8();
    }
    out += "\n" + m_block->toCsv();
    return writeFileWhole(path, out);
}

bool FormatsPage::exportJson(const QString& path) const {
    if (!m_valid) return false;
    QJsonObject root;
    root["input"] = m_input->text().trimmed();
    root["overflow"] = saturate() ? "saturate" : "ocp";
    QJsonArray formats;
    for (Format f : kEveryFormat) {
        const Stored s = storeIn(f, m_value, overflow());
        QJsonObject o;
        o["format"] = qs(traits(f).name);
        o["stored"] = num(s.value);
        o["class"] = qs(className(s.cls));
        o["bits"] = QString("0x") + QString::number(s.bits, 16);
        o["error"] = num(static_cast<double>(s.value) - m_value);
        o["next_down"] = num(s.down);
        o["next_up"] = num(s.up);
        if (isMiniFormat(f)) {
            const RoundingInterval r = roundingInterval(f, s.value, overflow());
            if (r.exists)
                o["rounds_from"] = QJsonObject{{"low", num(r.lo)}, {"low_included", r.loIncluded},
                                               {"high", num(r.hi)}, {"high_included", r.hiIncluded}};
        }
        formats.append(o);
    }
    root["formats"] = formats;
    root["block"] = m_block->toJson();
    return writeFileWhole(path, QJsonDocument(root).toJson());
}

}  // namespace presisi
