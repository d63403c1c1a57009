// Views for the Formats page: a value's bits as sign/exponent/mantissa boxes (any format, 32 bits down to
// FP4 and e8m0), and where a magnitude sits among each format's subnormal and normal ranges on a log2 strip.
#pragma once

#include <QList>
#include <QWidget>
#include <cstdint>

#include "engine/format.h"

namespace presisi {

class BitsView : public QWidget {
    Q_OBJECT
public:
    explicit BitsView(QWidget* parent = nullptr);
    // `bits` right-aligned as bitsOf() returns them. Boxes are as wide as a 32-bit format's for f32, bf16
    // and f16 and as an 8-bit format's for the formats of 8 bits and below, so each group's fields line up.
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
    // The formats drawn, one row each; the axis spans their ranges. f32, bf16, f16 by default.
    void setFormats(const QList<Format>& formats);
    QList<Format> formats() const { return m_formats; }
    // A format's colour in the Formats page's views (the lane colour for f32, bf16, f16).
    static QColor colorOf(Format format);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    double m_value = 1.0;
    QList<Format> m_formats{Format::F32, Format::BF16, Format::F16};
};

}  // namespace presisi
