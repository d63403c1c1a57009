// FormatsPage: the value typed and its tabs: how it is stored in every format (FormatValueRows), the formats'
// properties, a small format's number line, and a block of 32 numbers in an MX format or NVFP4.
#include "formats_page.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QVBoxLayout>
#include <optional>

#include "format_value_rows.h"
#include "formats_page_detail.h"
#include "services/number_text.h"
#include "widgets/block_view.h"
#include "widgets/format_property_table.h"
#include "widgets/locale_number.h"
#include "widgets/number_line_view.h"
#include "widgets/tool_tips.h"
#include "widgets/text_bounds.h"

namespace presisi {

using formats_page_detail::numUi;

namespace {

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
    m_input->setMaxLength(text_bounds::kValue);
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
    m_valueRows = new FormatValueRows(this);
    m_tabs->addTab(m_valueRows->tab(), tr("Value in each format"));
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
QString FormatsPage::summary(int formatIndex) const { return m_valueRows->summary(formatIndex); }
bool FormatsPage::rowShown(int formatIndex) const { return m_valueRows->rowShown(formatIndex); }
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

void FormatsPage::showGroup() { m_valueRows->showFormats(group() != Group::Mini, group() != Group::Compute); }

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
    m_valueRows->show(m_value, overflow());
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
    QByteArray out = FormatValueRows::csv(m_value, m_input->text().trimmed(), overflow());
    out += "\n" + m_block->toCsv();
    return writeFileWhole(path, out);
}

bool FormatsPage::exportJson(const QString& path) const {
    if (!m_valid) return false;
    QJsonObject root;
    root["input"] = m_input->text().trimmed();
    root["overflow"] = saturate() ? "saturate" : "ocp";
    root["formats"] = FormatValueRows::json(m_value, overflow());
    root["block"] = m_block->toJson();
    return writeFileWhole(path, QJsonDocument(root).toJson());
}

}  // namespace presisi
