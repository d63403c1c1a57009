// Small text helpers and constants shared by the Linear lab page, its form, its results view and its exports.
// Window only.
#pragma once

#include <QLocale>
#include <QScrollArea>
#include <QString>
#include <cmath>
#include <string_view>

#include "engine/linear_lab.h"
#include "services/number_text.h"
#include "widgets/locale_number.h"
#include "widgets/qs.h"

namespace presisi::linear_page_detail {

// The tiles' scroll area: it asks the layout for the rows' height (as far as the page has room: flowTiles
// sets it), while its minimum stays one row, so its current height never becomes the page's minimum (a
// minimum that followed the page's height would grow the window on every relayout, repainting every chart).
class TileArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    void setWantedHeight(int h) {
        if (h == m_wanted) return;
        m_wanted = h;
        updateGeometry();
    }
    QSize sizeHint() const override { return {QScrollArea::sizeHint().width(), m_wanted}; }

private:
    int m_wanted = 0;
};

// Points per scatter chart, all lanes together (each lane gets its share): enough to show every lane's
// spread, and cheap to build and draw — Qt Charts makes every scatter marker its own graphics item, and
// 18,000 of them (six lanes at 1,500) held the window for most of a second on every result and repaint.
constexpr int kScatterBudget = 2400;
// Error histogram bins: one per power of two of |diff|, from 2^-30 to 2^2.
constexpr int kMinErrorExponent = -30;
constexpr int kMaxErrorExponent = 2;

inline QString label(const LinearLane& lane) { return QString::fromStdString(displayLabel(lane)); }
// Four significant digits in the window's locale (0,002771 in Indonesian), or "nan"/"inf"/"-inf".
inline QString sci(double v) {
    return displayNumber(v, 4);
}
// Python's print(round(v, places)) as the tutorial shows it ("0.001253", "1.0"), with the window locale's
// decimal sign ("0,001253" in Indonesian).
inline QString pyRound(double v, int places) {
    QString s = QString::fromStdString(services::pythonRound(v, places));
    return s.replace('.', QLocale().decimalPoint());
}

// The lane the others on its device are compared with: plain float32 (not TF32, not a scaled lane, whose
// format is float32 too).
inline bool isReference(const LinearLane& l) {
    return l.format == Format::F32 && !l.tf32 && !l.scaled && l.accumulation == Accumulation::F32 &&
           l.subnormals == Subnormals::Keep;
}

}  // namespace presisi::linear_page_detail
