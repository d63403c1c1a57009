// The block view of the Formats page: 32 numbers typed, pasted or drawn at random (seeded, one outlier),
// quantised to an MX format (or NVFP4) under two scale modes side by side: the shared scale, each element's
// code, value and error, what saturated or became zero, and the block's MSE and SQNR.
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QWidget>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/numerics/scaled_format.h"

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace presisi {

class BlockTable;

class BlockView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kValues = 32;  // one MX block, two NVFP4 blocks
    explicit BlockView(QWidget* parent = nullptr);

    void setText(const QString& text);
    QString text() const;
    void setFormat(ScaledFormat format);  // an MX format or NVFP4
    ScaledFormat format() const;
    void setModes(ScaleMode left, ScaleMode right);
    // A new block for the next seed: normal values around ±1 and one outlier 30–300 times larger.
    void randomBlock();
    void setSeed(int seed);
    int seed() const;

    // The numbers of a block as typed: separated by spaces, commas, semicolons or newlines; decimal
    // ("-0.5", "1e-3", "inf", "nan") or hexadecimal ("0x1p-3"). Empty with `error` set when the text has
    // a word that is not a number or not exactly kValues numbers.
    static std::vector<float> parse(const QString& text, QString* error);  // fewer than 32: zeros after them
    static QString paddingNote(const QString& text);  // "5 numbers given: the other 27 of the block are 0"
    static std::vector<float> randomValues(int seed);
    static QString randomText(int seed);

    bool valid() const { return m_left.has_value(); }
    QString errorText() const;  // what is wrong with the typed block (empty when it computes)
    QString noteText() const;   // how a short block was filled (empty when none or on an error)
    const std::vector<float>& values() const { return m_values; }
    // The quantisations: left under the first scale mode, right under the second (MX formats only).
    const std::optional<QuantizedTensor>& left() const { return m_left; }
    const std::optional<QuantizedTensor>& right() const { return m_right; }
    QString summary(bool rightSide) const;  // the text above each half of the table
    BlockTable* table() const { return m_table; }
    // The block's data for the page's exports: inputs, and per scale mode the scales, codes, values, errors, marks.
    QJsonObject toJson() const;
    QByteArray toCsv() const;  // one row per element and scale mode

signals:
    void changed();

private:
    void recompute();
    QString modeTitle(bool rightSide) const;
    QString summaryOf(const QuantizedTensor& q, const QString& title) const;

    QPlainTextEdit* m_input = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_leftMode = nullptr;
    QComboBox* m_rightMode = nullptr;
    QPushButton* m_random = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_leftSummary = nullptr;
    QLabel* m_rightSummary = nullptr;
    QLabel* m_legend = nullptr;
    BlockTable* m_table = nullptr;
    std::vector<float> m_values;
    std::optional<QuantizedTensor> m_left, m_right;
    QString m_problem;
};

}  // namespace presisi
