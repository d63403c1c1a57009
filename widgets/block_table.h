// The block view's table: each element of a 32-value block with its input, and for two scale modes side by
// side its code, dequantised value and error, saturated and flushed-to-zero elements marked.
#pragma once

#include <QTableWidget>
#include <optional>
#include <vector>

#include "engine/numerics/scaled_format.h"

namespace presisi {

// What became of one element in one quantisation.
struct ElementMark {
    bool saturated = false;   // |x| / scale above the element format's max: clamped to ±max
    bool becameZero = false;  // a non-zero input dequantised to zero
};

// Marks of every element of `q` against its inputs.
std::vector<ElementMark> elementMarks(const QuantizedTensor& q, const std::vector<float>& inputs);

class BlockTable : public QTableWidget {
    Q_OBJECT
public:
    explicit BlockTable(QWidget* parent = nullptr);
    // right: the second scale mode's result, absent for NVFP4 (one way to scale). Either titles name the modes.
    void showBlock(const std::vector<float>& inputs, const QuantizedTensor& left, const QString& leftTitle,
              const std::optional<QuantizedTensor>& right, const QString& rightTitle);
    void clearBlock();
    // The text of one cell as shown (tests).
    QString cellText(int row, int column) const;
    // The legend's rich text: the marks' colours and symbols.
    static QString legend();
    static QString codeText(Format element, std::uint8_t code);

private:
    void fill(int column, const std::vector<float>& inputs, const QuantizedTensor& q);
};

}  // namespace presisi
