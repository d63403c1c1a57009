// The Formats page: a typed value's bits in f32, bf16 and f16, its stored value, error, neighbours and
// place among each format's ranges.
#pragma once

#include "page.h"

class QLineEdit;
class QLabel;

namespace presisi {

class BitsView;
class RangeView;

class FormatsPage : public Page {
    Q_OBJECT
public:
    explicit FormatsPage(QWidget* parent = nullptr);

    QString title() const override { return tr("Formats"); }
    QString explanation() const override;
    QString caption() const override;
    QList<QWidget*> charts() const override;
    bool exportCsv(const QString& path) const override;
    bool exportJson(const QString& path) const override;
    QString exportName(QWidget* chart) const override;  // app/pages/page_exports.cpp
    void resetPage() override;

    void setValueText(const QString& text);
    QString valueText() const;
    // The text shown for one format (for tests): "stored 65504 …".
    QString summary(int formatIndex) const;

private:
    void update();

    QLineEdit* m_input = nullptr;
    QLabel* m_error = nullptr;
    QList<BitsView*> m_bits;
    QList<QLabel*> m_texts;
    RangeView* m_range = nullptr;
    QWidget* m_body = nullptr;
    double m_value = 0;
    bool m_valid = false;
};

}  // namespace presisi
