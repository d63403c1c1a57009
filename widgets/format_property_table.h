// The property table of the Formats page: one row per format (f32 down to FP4 and e8m0) with its bits,
// range, precision and special values, read from the one traits table.
#pragma once

#include <QTableWidget>

namespace presisi {

class FormatPropertyTable : public QTableWidget {
    Q_OBJECT
public:
    explicit FormatPropertyTable(QWidget* parent = nullptr);
    QSize sizeHint() const override;
};

}  // namespace presisi
