// Views for the Formats page: a value's bits as sign/exponent/mantissa boxes, and where a magnitude
// sits among each format's subnormal and normal ranges on a log2 strip.
#pragma once

#include <QWidget>
#include <cstdint>

#include "engine/format.h"

namespace presisi {

class BitsView : public QWidget {
    Q_OBJECT
public:
    explicit BitsView(QWidget* parent = nullptr);
    // `bits` right-aligned as bitsOf() returns them.
    void setBits(Format format, std::uint32_t bits);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    Format m_format = Format::F32;
    std::uint32_t m_bits = 0;
};

class RangeView : public QWidget {
    Q_OBJECT
public:
    explicit RangeView(QWidget* parent = nullptr);
    // The magnitude to mark (0, inf and NaN are shown as text instead of a marker).
    void setValue(double value);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    double m_value = 1.0;
};

}  // namespace presisi
