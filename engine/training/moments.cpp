// MomentDetector: per lane, the first step of each kind of key moment, from the records alone.
#include "moments.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace presisi {

namespace {

std::string format(const char* pattern, auto... values) {
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, pattern, values...);
    return buffer;
}

std::string percent(double share) {
    if (!std::isfinite(share)) return "n/a";
    const double p = 100 * share;
    return format(p < 10 && p != 0 ? "%.1f %%" : "%.0f %%", p);
}

}  // namespace

std::string_view momentKindName(MomentKind kind) {
    switch (kind) {
        case MomentKind::FirstSkip: return "first_skip";
        case MomentKind::Recovery: return "recovery";
        case MomentKind::UnderflowJump: return "underflow_jump";
        case MomentKind::FirstNonFinite: return "first_nonfinite";
        case MomentKind::ScaleGrowth: return "scale_growth";
        case MomentKind::SumStall: return "sum_stall";
    }
    return "unknown";
}

std::vector<MomentKind> presetMomentKinds(std::string_view preset) {
    // What each preset's explanation asks people to watch.
    if (preset == "underflow") return {MomentKind::UnderflowJump};
    if (preset == "overflow-nan") return {MomentKind::FirstNonFinite, MomentKind::FirstSkip, MomentKind::Recovery};
    if (preset == "scaler-growth") return {MomentKind::FirstSkip, MomentKind::ScaleGrowth};
    if (preset == "sensitive-ops") return {MomentKind::FirstSkip};
    if (preset == "accumulation") return {MomentKind::SumStall};
    return {};
}

MomentDetector::MomentDetector(std::vector<MomentKind> kinds, std::vector<std::string> laneLabels)
    : m_kinds(std::move(kinds)), m_labels(std::move(laneLabels)) {}

MomentDetector::MomentDetector(const Scenario& scenario) : m_kinds(presetMomentKinds(scenario.preset)) {
    for (const LaneSpec& l : scenario.lanes) m_labels.push_back(l.label());
}

void MomentDetector::reset() {
    m_lanes.clear();
    m_moments.clear();
}

bool MomentDetector::wants(MomentKind kind, const LaneState& lane) const {
    return std::find(m_kinds.begin(), m_kinds.end(), kind) != m_kinds.end() &&
           std::find(lane.fired.begin(), lane.fired.end(), kind) == lane.fired.end();
}

Moment MomentDetector::make(MomentKind kind, const StepRecord& r, double before, double after, std::int64_t since) const {
    Moment m;
    m.kind = kind;
    m.lane = r.lane;
    m.step = r.step;
    m.laneLabel = r.lane >= 0 && r.lane < static_cast<int>(m_labels.size()) ? m_labels[static_cast<std::size_t>(r.lane)]
                                                                           : "lane " + std::to_string(r.lane);
    m.before = before;
    m.after = after;
    m.since = since;
    const char* l = m.laneLabel.c_str();
    const long long s = static_cast<long long>(r.step);
    switch (kind) {
        case MomentKind::FirstSkip:
            m.text = format("step %lld: %s's scaled gradients overflow at scale %g: the scaler skips the step "
                            "(weights untouched) and halves the scale to %g", s, l, before, after);
            break;
        case MomentKind::Recovery:
            m.text = format("step %lld: after %.0f skipped steps (from step %lld) %s's gradients fit at scale %g: "
                            "it trains", s, before, static_cast<long long>(since), l, after);
            break;
        case MomentKind::UnderflowJump:
            m.text = format("step %lld: %s's weight gradients jumped from %s zeros (step %lld) to %s: they "
                            "underflowed, float32 has them non-zero", s, l, percent(before).c_str(),
                            static_cast<long long>(since), percent(after).c_str());
            break;
        case MomentKind::FirstNonFinite:
            m.text = std::isfinite(after)
                         ? format("step %lld: %.0f of %s's activations and gradients overflowed to inf/NaN; the loss "
                                  "(%g) is still finite, the update writes them into the weights", s, before, l, after)
                         : format("step %lld: %s's loss is %g", s, l, after);
            break;
        case MomentKind::ScaleGrowth:
            m.text = format("step %lld: %s's scaler grows its scale from %g to %g after a run of clean steps", s, l,
                            before, after);
            break;
        case MomentKind::SumStall:
            m.text = format("step %lld: %s's running sum stops growing at %g (exact sum %g): what is added rounds "
                            "back to the same number", s, l, before, after);
            break;
    }
    return m;
}

std::vector<Moment> MomentDetector::add(const StepRecord& r) {
    std::vector<Moment> found;
    if (m_kinds.empty() || r.lane < 0) return found;
    if (r.lane >= static_cast<int>(m_lanes.size())) m_lanes.resize(r.lane + 1);
    LaneState& lane = m_lanes[r.lane];
    const auto fire = [&](Moment m) {
        lane.fired.push_back(m.kind);
        found.push_back(m);
        m_moments.push_back(std::move(m));
    };
    // FirstNonFinite: a lane without a scaler to catch it (a skipped step is the scaler doing its job).
    if (wants(MomentKind::FirstNonFinite, lane) && !r.skipped && (!r.finite || r.overflows > 0))
        fire(make(MomentKind::FirstNonFinite, r, static_cast<double>(r.overflows), r.loss));
    if (r.skipped) {
        if (lane.skipsInRow++ == 0) lane.firstSkip = r.step;
        if (wants(MomentKind::FirstSkip, lane)) fire(make(MomentKind::FirstSkip, r, r.scale, r.scale / 2));
    } else {
        if (lane.skipsInRow > 1 && wants(MomentKind::Recovery, lane))
            fire(make(MomentKind::Recovery, r, static_cast<double>(lane.skipsInRow), r.scale, lane.firstSkip));
        lane.skipsInRow = 0;
    }
    if (lane.seen) {
        if (wants(MomentKind::ScaleGrowth, lane) && r.scale > lane.last.scale && !lane.last.skipped)
            fire(make(MomentKind::ScaleGrowth, r, lane.last.scale, r.scale));
        // A whole step's values added and the sum unchanged: the sum has stalled.
        if (wants(MomentKind::SumStall, lane) && std::isfinite(r.exactSum) && std::isfinite(lane.last.exactSum) &&
            r.exactSum - lane.last.exactSum >= 1 && r.loss == lane.last.loss)
            fire(make(MomentKind::SumStall, r, r.loss, r.exactSum));
    }
    if (std::isfinite(r.weightGradUnderflow)) {
        lane.underflow.push_back(r.weightGradUnderflow);
        if (lane.underflow.size() > static_cast<std::size_t>(kUnderflowJumpSpan) + 1)
            lane.underflow.erase(lane.underflow.begin());
        if (wants(MomentKind::UnderflowJump, lane) && r.weightGradUnderflow >= kUnderflowJumpShare &&
            lane.underflow.front() < kUnderflowJumpShare / 2) {
            const std::int64_t since = r.step - static_cast<std::int64_t>(lane.underflow.size()) + 1;
            fire(make(MomentKind::UnderflowJump, r, lane.underflow.front(), r.weightGradUnderflow, since));
        }
    }
    lane.seen = true;
    lane.last = r;
    return found;
}

std::vector<Moment> detectMoments(const Scenario& scenario, const std::vector<StepRecord>& records) {
    MomentDetector detector(scenario);
    for (const StepRecord& r : records) detector.add(r);
    return detector.moments();
}

}  // namespace presisi
