// Small text helpers and constants shared by the Linear lab page's two source files. Window only.
#pragma once

#include <QString>
#include <cmath>
#include <string_view>

#include "engine/linear_lab.h"

namespace presisi::linear_page_detail {

constexpr int kScatterPoints = 1500;  // per lane: enough to show the spread, cheap to draw
// Error histogram bins: one per power of two of |diff|, from 2^-30 to 2^2.
constexpr int kMinErrorExponent = -30;
constexpr int kMaxErrorExponent = 2;

inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }
inline QString label(const LinearLane& lane) { return QString::fromStdString(lane.label()); }
// Four significant digits, or "nan"/"inf"/"-inf".
inline QString sci(double v) {
    return std::isfinite(v) ? QString::number(v, 'g', 4) : QString(std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf"));
}

// The lane the others on its device are compared with: plain float32.
inline bool isReference(const LinearLane& l) {
    return l.format == Format::F32 && l.accumulation == Accumulation::F32 && l.subnormals == Subnormals::Keep;
}

}  // namespace presisi::linear_page_detail
