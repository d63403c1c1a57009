// BlockView: a block of 32 numbers in an MX format or NVFP4, under two scale modes side by side.
#include "block_view.h"
#include "locale_number.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>
#include <charconv>
#include <cmath>
#include <functional>
#include <numbers>
#include <random>

#include "block_table.h"
#include "text_bounds.h"
#include "qs.h"

namespace presisi {

namespace {

// Locale-free text for exports ("0.1", "-inf", "NaN").
QString plain(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return QString::number(v, 'g', 9);
}

QString ui(double v) {
    if (!std::isfinite(v) || v == 0) return plain(v);
    return ungroupedNumber(v, 'g', 6);
}

// One number of a block: strtod's syntax without its locale ("+1.5", "-1e-3", "inf", "nan", "0x1p-3").
std::optional<double> parseOne(QString word) {
    std::string s = word.toStdString();
    std::size_t at = 0;
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        at = 1;
    }
    auto format = std::chars_format::general;
    if (s.size() > at + 2 && s[at] == '0' && (s[at + 1] == 'x' || s[at + 1] == 'X')) {
        format = std::chars_format::hex;
        at += 2;
    }
    if (at >= s.size() || s[at] == '+' || s[at] == '-') return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data() + at, s.data() + s.size(), v, format);
    if (end != s.data() + s.size()) return std::nullopt;
    if (ec == std::errc::result_out_of_range) v = std::abs(v) < 1 ? 0.0 : HUGE_VAL;
    else if (ec != std::errc()) return std::nullopt;
    return negative ? -v : v;
}

// The block's text field: a paste or drop that would make the block longer than text_bounds::kBlock is refused
// before Qt lays it out (a 1 MB paste held the GUI thread 1.4 s), and `refused` says how long it was.
class BlockInput : public QPlainTextEdit {
public:
    std::function<void(qsizetype)> refused;

protected:
    void insertFromMimeData(const QMimeData* source) override {
        const qsizetype length = toPlainText().size() - textCursor().selectedText().size() + source->text().size();
        if (length > text_bounds::kBlock) {
            if (refused) refused(source->text().size());
            return;
        }
        QPlainTextEdit::insertFromMimeData(source);
    }
};

constexpr ScaledFormat kBlockFormats[] = {ScaledFormat::Mxfp8,     ScaledFormat::Mxfp8E5m2, ScaledFormat::Mxfp6E2m3,
                                          ScaledFormat::Mxfp6E3m2, ScaledFormat::Mxfp4,     ScaledFormat::Nvfp4};
constexpr ScaleMode kModes[] = {ScaleMode::Floor, ScaleMode::Ceil, ScaleMode::Even, ScaleMode::Rceil};

}  // namespace

BlockView::BlockView(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto* input = new BlockInput();
    m_input = input;
    m_input->setTabChangesFocus(true);
    m_input->setToolTip(tr("The block: 32 numbers separated by spaces, commas or new lines (decimal with a point, "
                           "or hexadecimal such as 0x1p-3). Paste a row of a tensor, or draw a random block."));
    m_input->setMaximumHeight(4 * m_input->fontMetrics().lineSpacing() + 12);
    auto* inputLabel = new QLabel(tr("&Block (32 numbers):"));
    inputLabel->setBuddy(m_input);
    inputLabel->setToolTip(m_input->toolTip());
    auto* top = new QHBoxLayout();
    top->addWidget(inputLabel);
    top->addStretch(1);
    v->addLayout(top);
    v->addWidget(m_input);

    auto* controls = new QHBoxLayout();
    m_format = new QComboBox();
    for (ScaledFormat f : kBlockFormats) m_format->addItem(qs(traits(f).name), static_cast<int>(f));
    m_format->setToolTip(tr("The block format. mxfp8 (e4m3 elements), mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4 "
                            "(e2m1): 32 elements share one e8m0 scale, a power of two. nvfp4: 16 e2m1 elements "
                            "share an e4m3 scale, times a float32 scale for the whole tensor (here the block)."));
    auto* formatLabel = new QLabel(tr("For&mat:"));
    formatLabel->setBuddy(m_format);
    formatLabel->setToolTip(m_format->toolTip());
    m_leftMode = new QComboBox();
    m_rightMode = new QComboBox();
    for (ScaleMode m : kModes) {
        m_leftMode->addItem(qs(scaleModeName(m)).toUpper(), static_cast<int>(m));
        m_rightMode->addItem(qs(scaleModeName(m)).toUpper(), static_cast<int>(m));
    }
    m_rightMode->setCurrentIndex(3);
    const QString modeTip = tr("How the shared e8m0 scale is chosen from the block's largest |x| (amax). FLOOR "
                               "(OCP, torchao's default): 2^(floor(log2 amax) − emax of the element), so amax may "
                               "saturate. CEIL: one power higher when amax is not a power of two. EVEN: amax "
                               "rounded at the element's precision first. RCEIL (Transformer Engine): "
                               "2^ceil(log2(amax / max)), so nothing saturates.");
    m_leftMode->setToolTip(modeTip);
    m_rightMode->setToolTip(modeTip);
    auto* modeLabel = new QLabel(tr("&Scale mode:"));
    modeLabel->setBuddy(m_leftMode);
    modeLabel->setToolTip(modeTip);
    auto* against = new QLabel(tr("against"));
    against->setToolTip(modeTip);
    m_random = new QPushButton(tr("&Random block with an outlier"));
    m_random->setToolTip(tr("Draws a new block for the next seed: 31 values around ±1 and one outlier 30 to 300 "
                            "times larger, the case block scaling is for. The same seed gives the same block."));
    m_seed = new QSpinBox();
    m_seed->setRange(0, 1000000);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The seed of the random block; the block shown was drawn with it. Change it and press "
                          "the button, or press the button for the next one."));
    auto* seedLabel = new QLabel(tr("see&d"));
    seedLabel->setBuddy(m_seed);
    seedLabel->setToolTip(m_seed->toolTip());
    controls->addWidget(formatLabel);
    controls->addWidget(m_format);
    controls->addSpacing(8);
    controls->addWidget(modeLabel);
    controls->addWidget(m_leftMode);
    controls->addWidget(against);
    controls->addWidget(m_rightMode);
    controls->addStretch(1);
    top->addWidget(m_random);
    top->addWidget(seedLabel);
    top->addWidget(m_seed);
    v->addLayout(controls);

    m_error = new QLabel();
    m_error->setWordWrap(true);
    m_error->setToolTip(tr("What is wrong with the block typed, if anything, or how a short block was filled."));
    v->addWidget(m_error);
    auto* summaries = new QHBoxLayout();
    for (QLabel** l : {&m_leftSummary, &m_rightSummary}) {
        *l = new QLabel();
        (*l)->setWordWrap(true);
        (*l)->setTextInteractionFlags(Qt::TextSelectableByMouse);
        (*l)->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        (*l)->setToolTip(tr("The shared scale (its code and value), the block's amax, and the cast's error: mean "
                            "squared error, SQNR (signal to quantisation noise, 10·log10(Σx² / Σerror²), higher is "
                            "better), how many elements saturated and how many became zero."));
        summaries->addWidget(*l, 1);
    }
    v->addLayout(summaries);
    m_table = new BlockTable();
    v->addWidget(m_table, 1);
    m_legend = new QLabel(BlockTable::legend());
    m_legend->setWordWrap(true);
    m_legend->setToolTip(tr("How the table marks elements: the same marks in both scale modes' columns."));
    v->addWidget(m_legend);

    setTabOrder(m_input, m_format);
    setTabOrder(m_format, m_leftMode);
    setTabOrder(m_leftMode, m_rightMode);
    setTabOrder(m_rightMode, m_random);
    setTabOrder(m_random, m_seed);
    setTabOrder(m_seed, m_table);

    connect(m_input, &QPlainTextEdit::textChanged, this, &BlockView::recompute);
    input->refused = [this](qsizetype chars) {
        m_error->setText(tr("Not pasted: %1 characters, and a block holds at most %2 (32 numbers)")
                             .arg(chars)
                             .arg(text_bounds::kBlock));
        m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
        m_error->setVisible(true);
    };
    connect(m_format, &QComboBox::currentIndexChanged, this, &BlockView::recompute);
    connect(m_leftMode, &QComboBox::currentIndexChanged, this, &BlockView::recompute);
    connect(m_rightMode, &QComboBox::currentIndexChanged, this, &BlockView::recompute);
    connect(m_random, &QPushButton::clicked, this, &BlockView::randomBlock);
    setSeed(1);
    setText(randomText(1));
}

void BlockView::setText(const QString& text) { m_input->setPlainText(text); }
QString BlockView::text() const { return m_input->toPlainText(); }
ScaledFormat BlockView::format() const { return static_cast<ScaledFormat>(m_format->currentData().toInt()); }
void BlockView::setFormat(ScaledFormat format) { m_format->setCurrentIndex(m_format->findData(static_cast<int>(format))); }
void BlockView::setModes(ScaleMode left, ScaleMode right) {
    m_leftMode->setCurrentIndex(m_leftMode->findData(static_cast<int>(left)));
    m_rightMode->setCurrentIndex(m_rightMode->findData(static_cast<int>(right)));
}
void BlockView::setSeed(int seed) { m_seed->setValue(seed); }
int BlockView::seed() const { return m_seed->value(); }
QString BlockView::errorText() const { return m_left ? QString() : m_error->text(); }
QString BlockView::noteText() const { return m_left ? m_error->text() : QString(); }

std::vector<float> BlockView::parse(const QString& text, QString* error) {
    if (text.size() > text_bounds::kBlock) {  // set in code (setText): typed and pasted text stays below
        *error = tr("the block is %1 characters, more than the %2 it may have").arg(text.size()).arg(text_bounds::kBlock);
        return {};
    }
    const QStringList words = text.split(QRegularExpression("[\\s,;]+"), Qt::SkipEmptyParts);
    std::vector<float> values;
    for (int i = 0; i < words.size(); ++i) {
        const std::optional<double> v = parseOne(words[i]);
        if (!v) {
            *error = tr("'%1' (number %2) is not a number: write e.g. 0.5, -1e-3, 0x1p-3, inf")
                         .arg(text_bounds::quoted(words[i]))
                         .arg(i + 1);
            return {};
        }
        values.push_back(static_cast<float>(*v));
    }
    if (values.empty() || values.size() > kValues) {
        *error = tr("a block holds %1 numbers: %2 given").arg(kValues).arg(values.size());
        return {};
    }
    error->clear();
    // Fewer numbers: the rest of the block is zeros (zeros change no scale and are never "became zero"),
    // so the five values of a worked example need not be typed with 27 zeros; the note says so.
    values.resize(kValues, 0.0f);
    return values;
}

QString BlockView::paddingNote(const QString& text) {
    if (text.size() > text_bounds::kBlock) return {};
    const qsizetype given = text.split(QRegularExpression("[\\s,;]+"), Qt::SkipEmptyParts).size();
    return given > 0 && given < static_cast<qsizetype>(kValues)
               ? tr("%1 numbers given: the other %2 of the block are 0").arg(given).arg(kValues - given)
               : QString();
}

std::vector<float> BlockView::randomValues(int seed) {
    // mt19937_64 and a hand-written Box–Muller: the same block on every platform and library (the standard
    // distributions are implementation-defined).
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    const auto uniform = [&] { return (static_cast<double>(rng() >> 11) + 0.5) * 0x1p-53; };
    std::vector<float> values(kValues);
    for (float& x : values) {
        const double z = std::sqrt(-2 * std::log(uniform())) * std::cos(2 * std::numbers::pi * uniform());
        x = static_cast<float>(QString::number(z, 'g', 3).toDouble());
    }
    const std::size_t at = rng() % kValues;
    const double outlier = std::exp(std::log(30.0) + uniform() * std::log(10.0)) * (uniform() < 0.5 ? -1 : 1);
    values[at] = static_cast<float>(QString::number(outlier, 'g', 3).toDouble());
    return values;
}

// The random values have three significant digits: six write each float back exactly, short.
QString BlockView::randomText(int seed) {
    QStringList words;
    for (float x : randomValues(seed)) words << QString::number(double(x), 'g', 6);
    return words.join(' ');
}

void BlockView::randomBlock() {
    m_seed->setValue(m_seed->value() + 1);
    setText(randomText(m_seed->value()));
}

QString BlockView::modeTitle(bool rightSide) const {
    if (format() == ScaledFormat::Nvfp4) return tr("nvfp4");
    return (rightSide ? m_rightMode : m_leftMode)->currentText();
}

void BlockView::recompute() {
    const bool mx = format() != ScaledFormat::Nvfp4;
    m_leftMode->setEnabled(mx);
    m_rightMode->setEnabled(mx);
    m_left.reset();
    m_right.reset();
    QString problem;
    m_values = parse(text(), &problem);
    if (!m_values.empty()) {
        try {
            const auto run = [&](QComboBox* mode) {
                QuantizeOptions o;
                o.scaleMode = static_cast<ScaleMode>(mode->currentData().toInt());
                return quantize(format(), m_values, 1, kValues, o);
            };
            m_left = run(m_leftMode);
            if (mx) m_right = run(m_rightMode);
        } catch (const std::exception& e) {
            problem = QString::fromUtf8(e.what());
            m_left.reset();
            m_right.reset();
        }
    }
    // A problem in red; otherwise a note (the zeros that fill a short block) in the text colour.
    const QString note = problem.isEmpty() ? paddingNote(text()) : QString();
    m_error->setText(problem.isEmpty() ? note : problem);
    m_error->setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("color: #c0392b"));
    m_error->setVisible(!m_error->text().isEmpty());
    if (m_left) {
        m_table->showBlock(m_values, *m_left, modeTitle(false), m_right, modeTitle(true));
        m_leftSummary->setText(summary(false));
        m_rightSummary->setText(summary(true));
    } else {
        m_table->clearBlock();
        m_leftSummary->clear();
        m_rightSummary->clear();
    }
    m_rightSummary->setVisible(m_right.has_value());
    emit changed();
}

QString BlockView::summary(bool rightSide) const {
    const std::optional<QuantizedTensor>& q = rightSide ? m_right : m_left;
    return q ? summaryOf(*q, modeTitle(rightSide)) : QString();
}

QString BlockView::summaryOf(const QuantizedTensor& q, const QString& title) const {
    const std::vector<ElementMark> marks = elementMarks(q, m_values);
    int saturated = 0, zeros = 0;
    for (const ElementMark& m : marks) {
        saturated += m.saturated;
        zeros += m.becameZero;
    }
    QStringList scales;
    if (q.format == ScaledFormat::Nvfp4) {
        scales << tr("tensor scale %1 (amax / (448·6))").arg(ui(q.tensorScale));
        for (std::size_t b = 0; b < q.blocks.size(); ++b)
            scales << tr("block %1: e4m3 scale %2 (code %3), amax %4")
                          .arg(b + 1)
                          .arg(ui(decode(Format::E4M3, q.blocks[b].scaleCode)))
                          .arg(BlockTable::codeText(Format::E4M3, q.blocks[b].scaleCode), ui(q.blocks[b].amax));
    } else {
        const BlockInfo& b = q.blocks.front();
        const QString power = b.scaleCode == 0xff ? QStringLiteral("NaN") : QString("2^%1").arg(int(b.scaleCode) - 127);
        scales << tr("shared scale <b>%1</b> = %2 (e8m0 code %3), amax %4")
                      .arg(power, ui(b.scale), BlockTable::codeText(Format::E8M0, b.scaleCode), ui(b.amax));
    }
    const QString sqnr = std::isinf(q.stats.sqnrDb) ? tr("∞ (exact)") : QLocale().toString(q.stats.sqnrDb, 'f', 1);
    return tr("<b>%1</b>: %2<br>MSE %3 · SQNR %4 dB · %5 saturated ▲ · %6 became zero ○")
        .arg(title, scales.join("<br>"), ui(q.stats.mse), sqnr)
        .arg(saturated)
        .arg(zeros);
}

QJsonObject BlockView::toJson() const {
    QJsonObject o;
    o["format"] = qs(traits(format()).name);
    o["seed"] = seed();
    QJsonArray inputs;
    for (float x : m_values) inputs.append(plain(x));
    o["inputs"] = inputs;
    QJsonArray modes;
    for (const std::optional<QuantizedTensor>* q : {&m_left, &m_right}) {
        if (!q->has_value()) continue;
        const QuantizedTensor& t = **q;
        QJsonObject m;
        m["scale_mode"] = t.format == ScaledFormat::Nvfp4 ? QString("nvfp4") : modeTitle(q == &m_right).toLower();
        m["tensor_scale"] = plain(t.tensorScale);
        QJsonArray blocks;
        for (const BlockInfo& b : t.blocks)
            blocks.append(QJsonObject{{"amax", plain(b.amax)}, {"scale", plain(b.scale)},
                                      {"scale_code", QString("0x%1").arg(b.scaleCode, 2, 16, QChar('0'))},
                                      {"mse", plain(b.stats.mse)}, {"sqnr_db", plain(b.stats.sqnrDb)}});
        m["blocks"] = blocks;
        const std::vector<ElementMark> marks = elementMarks(t, m_values);
        QJsonArray elements;
        for (std::size_t i = 0; i < m_values.size(); ++i)
            elements.append(QJsonObject{{"code", BlockTable::codeText(traits(t.format).element, t.codes[i])},
                                        {"dequantised", plain(t.dequantised[i])},
                                        {"error", plain(double(t.dequantised[i]) - m_values[i])},
                                        {"saturated", marks[i].saturated},
                                        {"became_zero", marks[i].becameZero}});
        m["elements"] = elements;
        m["mse"] = plain(t.stats.mse);
        m["sqnr_db"] = plain(t.stats.sqnrDb);
        modes.append(m);
    }
    o["modes"] = modes;
    return o;
}

QByteArray BlockView::toCsv() const {
    QByteArray out = "block_format,scale_mode,element,input,code,dequantised,error,saturated,became_zero,scale,scale_code\n";
    for (const std::optional<QuantizedTensor>* q : {&m_left, &m_right}) {
        if (!q->has_value()) continue;
        const QuantizedTensor& t = **q;
        const int block = traits(t.format).blockSize;
        const QString mode = t.format == ScaledFormat::Nvfp4 ? QString("nvfp4") : modeTitle(q == &m_right).toLower();
        const std::vector<ElementMark> marks = elementMarks(t, m_values);
        for (std::size_t i = 0; i < m_values.size(); ++i) {
            const BlockInfo& b = t.blocks.at(i / std::size_t(block));
            out += QString("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11\n")
                       .arg(qs(traits(t.format).name), mode)
                       .arg(i)
                       .arg(plain(m_values[i]), BlockTable::codeText(traits(t.format).element, t.codes[i]),
                            plain(t.dequantised[i]), plain(double(t.dequantised[i]) - m_values[i]))
                       .arg(marks[i].saturated ? 1 : 0)
                       .arg(marks[i].becameZero ? 1 : 0)
                       .arg(plain(b.scale), QString("0x%1").arg(b.scaleCode, 2, 16, QChar('0')))
                       .toUtf8();
        }
    }
    return out;
}

}  // namespace presisi
