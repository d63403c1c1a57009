// Small text helpers and constants shared by the Linear lab page's two source files. Window only.
#pragma once

#include <QLocale>
#include <QString>
#include <cmath>
#include <string_view>

#include "engine/linear_lab.h"
#include "services/number_text.h"

namespace presisi::linear_page_detail {

constexpr int kScatterPoints = 1500;  // per lane: enough to show the spread, cheap to draw
// Error histogram bins: one per power of two of |diff|, from 2^-30 to 2^2.
constexpr int kMinErrorExponent = -30;
constexpr int kMaxErrorExponent = 2;

inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }
inline QString label(const LinearLane& lane) { return QString::fromStdString(displayLabel(lane)); }
// Four significant digits in the window's locale (0,002771 in Indonesian), or "nan"/"inf"/"-inf".
inline QString sci(double v) {
    return std::isfinite(v) ? QLocale().toString(v, 'g', 4) : QString(std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf"));
}
// Python's print(round(v, places)) as the tutorial shows it ("0.001253", "1.0"), with the window locale's
// decimal sign ("0,001253" in Indonesian).
inline QString pyRound(double v, int places) {
    QString s = QString::fromStdString(services::pythonRound(v, places));
    return s.replace('.', QLocale().decimalPoint());
}

// The lane the others on its device are compared with: plain float32.
inline bool isReference(const LinearLane& l) {
    return l.format == Format::F32 && l.accumulation == Accumulation::F32 && l.subnormals == Subnormals::Keep;
}

}  // namespace presisi::linear_page_detail
