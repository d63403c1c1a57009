// BlockTable: one row per element of the block view, two quantisations side by side.
#include "block_table.h"
#include "locale_number.h"

#include <QHeaderView>
#include <QLocale>
#include <cmath>

namespace presisi {

namespace {

const QColor kSaturated(0xF6, 0xC8, 0x9F);  // pale vermillion
const QColor kZero(0xBF, 0xDD, 0xF2);       // pale sky blue
const QString kSaturatedMark = QStringLiteral("▲");
const QString kZeroMark = QStringLiteral("○");

QString num(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == 0) return std::signbit(v) ? "-0" : "0";
    return ungroupedNumber(v, 'g', 6);
}

QTableWidgetItem* cell(const QString& text, const QColor& background = QColor()) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (background.isValid()) {
        item->setBackground(background);
        item->setForeground(Qt::black);
    }
    return item;
}

}  // namespace

std::vector<ElementMark> elementMarks(const QuantizedTensor& q, const std::vector<float>& inputs) {
    const ScaledFormatTraits& st = traits(q.format);
    const double max = traits(st.element).max;
    const std::size_t block = st.blockSize > 0 ? std::size_t(st.blockSize) : inputs.size();
    std::vector<ElementMark> marks(inputs.size());
    for (std::size_t i = 0; i < inputs.size() && i < q.dequantised.size(); ++i) {
        const BlockInfo& b = q.blocks.at(std::min(i / block, q.blocks.size() - 1));
        const double x = inputs[i];
        marks[i].saturated = std::isfinite(x) && b.scale > 0 && std::fabs(x) / b.scale > max;
        marks[i].becameZero = x != 0 && std::isfinite(x) && q.dequantised[i] == 0;
    }
    return marks;
}

BlockTable::BlockTable(QWidget* parent) : QTableWidget(parent) {
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::ContiguousSelection);
    setToolTip(tr("Each element of the block: the input, and for each scale mode the element's code (the bits "
                  "stored), the value it dequantises to (element × shared scale) and the error (dequantised − "
                  "input). ▲ marks an element that saturated, ○ one that became zero."));
}

QString BlockTable::codeText(Format element, std::uint8_t code) {
    const int digits = (traits(element).bits + 3) / 4;
    return "0x" + QString::number(code, 16).rightJustified(digits, '0');
}

QString BlockTable::legend() {
    return tr("<span style='background:%1; color:black'>&nbsp;%2 saturated&nbsp;</span>: |x| / scale is above the "
              "element format's max, clamped to ±max. <span style='background:%3; color:black'>&nbsp;%4 became "
              "zero&nbsp;</span>: a non-zero input below half the smallest element step.")
        .arg(kSaturated.name(), kSaturatedMark, kZero.name(), kZeroMark);
}

void BlockTable::clearBlock() { setRowCount(0); }

void BlockTable::showBlock(const std::vector<float>& inputs, const QuantizedTensor& left, const QString& leftTitle,
                      const std::optional<QuantizedTensor>& right, const QString& rightTitle) {
    const QStringList headers{tr("#"),
                              tr("input"),
                              tr("%1 code").arg(leftTitle),
                              tr("%1 value").arg(leftTitle),
                              tr("%1 error").arg(leftTitle),
                              tr("%1 code").arg(rightTitle),
                              tr("%1 value").arg(rightTitle),
                              tr("%1 error").arg(rightTitle)};
    setColumnCount(int(headers.size()));
    setHorizontalHeaderLabels(headers);
    setRowCount(int(inputs.size()));
    const int block = traits(left.format).blockSize;
    for (int r = 0; r < int(inputs.size()); ++r) {
        // The element's index, and its block where a row holds more than one (NVFP4's 16).
        const QString index = block > 0 && int(inputs.size()) > block ? tr("%1 (block %2)").arg(r).arg(r / block + 1)
                                                                      : QString::number(r);
        setItem(r, 0, cell(index));
        setItem(r, 1, cell(num(inputs[r])));
    }
    fill(2, inputs, left);
    for (int c = 5; c < 8; ++c) setColumnHidden(c, !right);
    if (right) fill(5, inputs, *right);
    resizeColumnsToContents();
}

void BlockTable::fill(int column, const std::vector<float>& inputs, const QuantizedTensor& q) {
    const Format element = traits(q.format).element;
    const std::vector<ElementMark> marks = elementMarks(q, inputs);
    for (int r = 0; r < int(inputs.size()); ++r) {
        const ElementMark m = marks[r];
        const QColor bg = m.saturated ? kSaturated : (m.becameZero ? kZero : QColor());
        const QString mark = m.saturated ? " " + kSaturatedMark : (m.becameZero ? " " + kZeroMark : QString());
        const double value = q.dequantised[r];
        setItem(r, column, cell(codeText(element, q.codes[r]), bg));
        setItem(r, column + 1, cell(num(value) + mark, bg));
        setItem(r, column + 2, cell(num(value - double(inputs[r])), bg));
    }
}

QString BlockTable::cellText(int row, int column) const {
    const QTableWidgetItem* i = item(row, column);
    return i ? i->text() : QString();
}

}  // namespace presisi
