// Support for the presets' claim-by-claim suites (tst_presets, tst_presets_ops): the CLAIM check on a
// preset's explanation, stepping a scenario and keeping its records, weight helpers.
#pragma once

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "app/services/scenario_file.h"
#include "engine/format.h"
#include "engine/training/runner.h"

// The quoted words must stand in the preset's explanation, so a text that changes without its test fails here.
#define CLAIM(scenario, words)                                                                                  \
    QVERIFY2((scenario).explanation.find(words) != std::string::npos,                                          \
             qPrintable(QString("preset %1 no longer says: %2").arg(QString::fromStdString((scenario).preset), \
                                                                    QString::fromUtf8(words))))

namespace presisi::presetcheck {

struct Run {
    std::vector<std::vector<StepRecord>> rec;  // rec[lane][step]
    std::vector<LaneFinal> finals;             // per lane, after the last step
    // Lanes of 8 bits and below: every layer's casts of every step, casts[lane][step] (empty for other lanes).
    std::vector<std::vector<std::vector<CastRecord>>> casts;
};

// Runs the scenario step by step; `after(runner, step)` sees the runner after each step (weights, gradients).
inline Run runSteps(const Scenario& s, const std::function<void(const Runner&, int)>& after = {}) {
    Runner r(s);
    Run out;
    out.rec.resize(s.lanes.size());
    out.casts.resize(s.lanes.size());
    const auto keepCasts = [&](const RunEvent& e) {
        if (e.kind == RunEventKind::Casts) out.casts[static_cast<std::size_t>(e.casts.lane)].push_back(e.casts.casts);
    };
    for (int k = 0; k < s.steps; ++k) {
        for (const StepRecord& rec : r.step(keepCasts)) out.rec[static_cast<std::size_t>(rec.lane)].push_back(rec);
        if (after) after(r, k);
    }
    for (int i = 0; i < r.laneCount(); ++i) out.finals.push_back(r.evaluate(i));
    return out;
}

inline int laneIndex(const Scenario& s, const char* label) {
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        if (s.lanes[i].label() == label) return static_cast<int>(i);
    return -1;
}

// Largest |g| over every weight and bias gradient (inf if any is inf or NaN).
inline double maxAbs(const std::vector<LayerWeights>& layers) {
    double m = 0;
    for (const LayerWeights& l : layers) {
        for (Index i = 0; i < l.weight.size(); ++i) {
            const float v = l.weight.data()[i];
            if (!std::isfinite(v)) return std::numeric_limits<double>::infinity();
            m = std::max(m, static_cast<double>(std::fabs(v)));
        }
        for (Index i = 0; i < l.bias.size(); ++i) {
            const float v = l.bias.data()[i];
            if (!std::isfinite(v)) return std::numeric_limits<double>::infinity();
            m = std::max(m, static_cast<double>(std::fabs(v)));
        }
    }
    return m;
}

inline bool sameWeights(const std::vector<LayerWeights>& a, const std::vector<LayerWeights>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t l = 0; l < a.size(); ++l)
        if (std::memcmp(a[l].weight.data(), b[l].weight.data(),
                        sizeof(float) * static_cast<std::size_t>(a[l].weight.size())) != 0 ||
            std::memcmp(a[l].bias.data(), b[l].bias.data(), sizeof(float) * static_cast<std::size_t>(a[l].bias.size())) != 0)
            return false;
    return true;
}

// Distance from x to the next value of the format above it: the spacing there.
double spacingAt(Format f, float x) { return static_cast<double>(nextUp(f, x)) - static_cast<double>(x); }

// The words after "presisi " in the text, split at spaces: the command a preset tells people to run.
inline std::vector<std::string> commandIn(const std::string& text) {
    const auto at = text.find("presisi train ");
    if (at == std::string::npos) return {};
    std::istringstream in(text.substr(at + std::string("presisi ").size()));
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

}  // namespace presisi::presetcheck
