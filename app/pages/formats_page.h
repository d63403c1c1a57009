// The Formats page: a typed value's bits, stored value, error and neighbours in f32, bf16, f16 and the formats
// of 8 bits and below (FP8, FP6, FP4, e8m0), their property table, the number line of a small format with the
// interval that rounds to the stored code, and a block of 32 numbers in an MX format or NVFP4.
#pragma once

#include "engine/format.h"
#include "page.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTabWidget;

namespace presisi {

class BlockView;
class FormatValueRows;
class NumberLineView;

class FormatsPage : public Page {
    Q_OBJECT
public:
    // Which formats the value's rows show: the three compute formats, the six of 8 bits and below, all nine.
    enum class Group { Compute, Mini, All };
    enum Tab { ValueTab, PropertiesTab, NumberLineTab, BlockTab };

    explicit FormatsPage(QWidget* parent = nullptr);

    QString title() const override { return tr("Formats"); }
    QString explanation() const override;
    QString caption() const override;
    QList<QWidget*> charts() const override;
    bool exportCsv(const QString& path) const override;
    bool exportJson(const QString& path) const override;
    QString exportName(QWidget* chart) const override;  // app/pages/page_exports.cpp
    void resetPage() override;
    void takeOver(Page& previous) override;  // the typed value, the formats shown, the tabs' choices

    void setValueText(const QString& text);
    QString valueText() const;
    void setGroup(Group group);
    Group group() const;
    void setSaturate(bool saturate);
    bool saturate() const;
    void setTab(Tab tab);
    // The text shown for one format, indexed as kEveryFormat (for tests): "stored 65504 …".
    QString summary(int formatIndex) const;
    bool rowShown(int formatIndex) const;
    NumberLineView* numberLine() const { return m_line; }
    void setNumberLineFormat(Format format);
    QString numberLineText() const;
    BlockView* blockView() const { return m_block; }

private:
    QWidget* buildNumberLineTab();
    void update();
    void showGroup();
    Overflow overflow() const;

    QLineEdit* m_input = nullptr;
    QLabel* m_error = nullptr;
    QComboBox* m_group = nullptr;
    QCheckBox* m_saturate = nullptr;
    QTabWidget* m_tabs = nullptr;
    FormatValueRows* m_valueRows = nullptr;
    QComboBox* m_lineFormat = nullptr;
    QComboBox* m_lineAxis = nullptr;
    NumberLineView* m_line = nullptr;
    QLabel* m_lineText = nullptr;
    BlockView* m_block = nullptr;
    double m_value = 0;
    bool m_valid = false;
};

}  // namespace presisi
