// The number line of a format of 8 bits and below: every representable magnitude drawn on a linear or
// log2 axis, the typed value marked, and the interval of inputs that round to the stored value's code.
#pragma once

#include <QString>
#include <QWidget>
#include <vector>

class QPainter;

#include "engine/format.h"

namespace presisi {

// The inputs that round to one code: from lo to hi (signed, lo <= hi), each end in the interval or not.
// Ties go to the even code (e8m0: upwards), so an end belongs to the code whose last bit is 0.
struct RoundingInterval {
    bool exists = false;  // false: no input rounds to this code under this overflow mode (e5m2's inf
                          // when saturating), or the code is NaN (described in words instead)
    double lo = 0, hi = 0;
    bool loIncluded = false, hiIncluded = false;
};

// The interval of doubles that roundFromDouble(format, ·, Keep, overflow) takes to `stored` (a value of the
// format). The ends are the midpoints to the neighbours (0 below e8m0's smallest value, the overflow
// threshold or infinity above the largest), and whether each belongs is read from the rounding itself.
RoundingInterval roundingInterval(Format format, float stored, Overflow overflow);

class NumberLineView : public QWidget {
    Q_OBJECT
public:
    enum class Axis { Auto, Linear, Log2 };
    explicit NumberLineView(QWidget* parent = nullptr);

    void setFormat(Format format);  // a format of 8 bits and below
    void setValue(double typed, Overflow overflow);
    void setAxis(Axis axis);
    Format format() const { return m_format; }
    float stored() const { return m_stored; }
    const RoundingInterval& interval() const { return m_interval; }
    // The axis drawn: Auto is linear for FP4 and e2m3 (few values, evenly spread) and log2 for the others.
    bool logAxis() const;
    // The interval in words: "[0.4375, 0.5625]: both ends round here (ties to even)".
    QString intervalText() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    void recompute();
    // The close-up below the whole line: the stored value's neighbours on a linear axis around axisY.
    void drawZoom(QPainter& p, double axisY);

    Format m_format = Format::E4M3;
    Axis m_axis = Axis::Auto;
    Overflow m_overflow = Overflow::Ocp;
    double m_typed = 1;
    float m_stored = 1;
    RoundingInterval m_interval;
    std::vector<double> m_values;  // every finite non-negative value of the format, ascending
};

}  // namespace presisi
