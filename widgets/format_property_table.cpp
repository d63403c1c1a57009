// FormatPropertyTable: every format's bits, max, smallest normal and subnormal, epsilon and inf/NaN.
#include "format_property_table.h"
#include "locale_number.h"

#include <QHeaderView>
#include <QLocale>
#include <cmath>

#include "engine/format.h"

namespace presisi {

namespace {

// A power of two as 2^k where that is shorter than its decimals; other values in the window's locale.
QString valueText(double v) {
    const int e = std::ilogb(v);
    if (v == std::ldexp(1.0, e) && (e < -4 || e > 16)) return QString("2^%1").arg(e);
    return ungroupedNumber(v, 'g', 8);
}

}  // namespace

FormatPropertyTable::FormatPropertyTable(QWidget* parent) : QTableWidget(parent) {
    const QStringList headers{tr("format"), tr("bits (s·e·m)"), tr("max"),     tr("smallest normal"),
                              tr("smallest subnormal"), tr("epsilon"), tr("inf"), tr("NaN")};
    const QStringList tips{
        tr("The format's name here and in PyTorch / ml_dtypes."),
        tr("Total bits = sign + exponent + mantissa (stored fraction) bits. e8m0 has no sign and no mantissa: "
           "it is a power of two, the shared scale of an MX block."),
        tr("The largest finite value."),
        tr("The smallest value with full precision, 2^(1 − bias)."),
        tr("The smallest value above zero; between it and the smallest normal precision is lost bit by bit."),
        tr("The distance from 1 to the next value, 2^-mantissa bits: the format's relative precision."),
        tr("Whether the format has an infinity. Without one, an overflow becomes NaN (e4m3, under the OCP "
           "conversion) or ±max (FP6, FP4, and every format when saturating)."),
        tr("Whether the format has a NaN code. FP6 and FP4 have none: every code is a number.")};
    setColumnCount(int(headers.size()));
    setRowCount(int(std::size(kEveryFormat)));
    for (int c = 0; c < headers.size(); ++c) {
        auto* h = new QTableWidgetItem(headers[c]);
        h->setToolTip(tips[c]);
        setHorizontalHeaderItem(c, h);
    }
    const QString yes = tr("yes"), no = tr("no");
    int row = 0;
    for (Format f : kEveryFormat) {
        const FormatTraits& t = traits(f);
        const QString name = QString::fromUtf8(t.name.data(), qsizetype(t.name.size()));
        const QString dtype = QString::fromUtf8(t.dtypeName.data(), qsizetype(t.dtypeName.size()));
        const QString nanText = !t.hasNaN ? no : (f == Format::E4M3 ? tr("yes (S.1111.111)") : (f == Format::E8M0 ? tr("yes (0xff)") : yes));
        const QStringList cells{QString("%1 (%2)").arg(name, dtype),
                                QString("%1 = %2·%3·%4").arg(t.bits).arg(t.hasSign ? 1 : 0).arg(t.exponentBits).arg(t.mantissaBits),
                                valueText(t.max),
                                valueText(t.minNormal),
                                f == Format::E8M0 ? tr("— (no subnormals)") : valueText(t.minSubnormal),
                                valueText(t.epsilon),
                                t.hasInf ? yes : no,
                                nanText};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            item->setTextAlignment(c == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            setItem(row, c, item);
        }
        ++row;
    }
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::ContiguousSelection);
    resizeColumnsToContents();
    resizeRowsToContents();
    horizontalHeader()->setStretchLastSection(true);
    setToolTip(tr("Every format's properties, from the one format table the rounding uses. Hover a column's "
                  "header for what it means."));
}

QSize FormatPropertyTable::sizeHint() const {
    int h = horizontalHeader()->height() + 2 * frameWidth();
    for (int r = 0; r < rowCount(); ++r) h += rowHeight(r);
    return {QTableWidget::sizeHint().width(), h};
}

}  // namespace presisi
