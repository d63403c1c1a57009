// Shared by the Training lab page's files (page, form, views): text helpers and the constants more than
// one of them needs. Internal to app/pages.
#pragma once

#include <QString>
#include <string_view>

namespace presisi::trainingpage {

inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// The lanes the boxes offer on each device, and the window's first run.
inline const char* const kDefaultLanes[] = {"f32", "bf16", "f16", "f16+scaler"};
constexpr int kPanelWidth = 250;  // side panel at text scale 1
inline const QString kHistogramTitle = "Gradient magnitudes (log2 bins)";

}  // namespace presisi::trainingpage
