// Shared by the Training lab page's files (page, form, views): text helpers and the constants more than
// one of them needs. Internal to app/pages.
#pragma once

#include <QCoreApplication>
#include <QLocale>
#include <QString>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "engine/training/scenario.h"
#include "widgets/locale_number.h"
#include "widgets/qs.h"

namespace presisi::trainingpage {

// Numbers shown in the window follow its locale (Indonesian 0,25; nan and inf as written everywhere).
inline QString fmt(double v, int digits = 4) { return displayNumber(v, digits); }

// A share as a percentage: one decimal, three below 0.1 % ("—" when not measured).
inline QString pct(double share) {
    if (std::isnan(share)) return "—";
    return QLocale().toString(100.0 * share, 'f', share < 0.001 && share > 0 ? 3 : 1) + QChar(0x00A0) + "%";
}

// Keeps `kept` (a map by step) at most `cap` entries by dropping every other one (never the newest)
// when full: what stays is spread evenly over the run, whatever its length.
template <typename Map>
void thinEvenly(Map& kept, int cap) {
    if (static_cast<int>(kept.size()) <= cap) return;
    bool drop = false;
    for (auto it = kept.begin(); it != kept.end();) {
        if (drop && std::next(it) != kept.end()) it = kept.erase(it);
        else ++it;
        drop = !drop;
    }
}

// The entry of `kept` (a map by step, not empty) whose step is nearest to `step` (the later one on a tie).
template <typename Map>
const typename Map::mapped_type& nearestKept(const Map& kept, std::int64_t step) {
    auto it = kept.lower_bound(step);
    if (it == kept.end() || (it != kept.begin() && step - std::prev(it)->first < it->first - step)) --it;
    return it->second;
}

// The lanes the boxes offer on each device, and the window's first run.
inline const char* const kDefaultLanes[] = {"f32", "bf16", "f16", "f16+scaler"};
constexpr int kPanelWidth = 250;  // side panel at text scale 1
inline QString histogramTitle() { return QCoreApplication::translate("presisi::TrainingPage", "Gradient magnitudes (log2 bins)"); }

// A normalisation as its nn.Module is named (the form's choices, the figure's caption); empty for none.
inline QString normModuleName(NormKind n) {
    switch (n) {
    case NormKind::Layer: return QStringLiteral("LayerNorm");
    case NormKind::Rms: return QStringLiteral("RMSNorm");
    case NormKind::Batch: return QStringLiteral("BatchNorm");
    case NormKind::None: break;
    }
    return {};
}

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
