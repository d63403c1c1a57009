// Shared by the Training lab page's files (page, form, views): text helpers and the constants more than
// one of them needs. Internal to app/pages.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <string_view>

#include "engine/training/scenario.h"

namespace presisi::trainingpage {

inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// The lanes the boxes offer on each device, and the window's first run.
inline const char* const kDefaultLanes[] = {"f32", "bf16", "f16", "f16+scaler"};
constexpr int kPanelWidth = 250;  // side panel at text scale 1
inline QString histogramTitle() { return QCoreApplication::translate("presisi::TrainingPage", "Gradient magnitudes (log2 bins)"); }

// Whether a run of `a` computes what a run of `b` does, step for step: every field of the scenario but
// the pace, the step count and the preset's name and texts (which change nothing a lane computes).
inline bool sameSetup(Scenario a, const Scenario& b) {
    a.pace = b.pace;
    a.steps = b.steps;
    a.preset = b.preset;
    a.title = b.title;
    a.explanation = b.explanation;
    return a == b;
}

}  // namespace presisi::trainingpage
