// Key moments of a run, the steps a lecture narrates: a lane's first skipped step, its weight gradients'
// underflow jump, its first inf/NaN, the scaler's first growth, a running sum that stops growing. Found
// from the StepRecords as they arrive, the same on every run of a scenario. No Qt here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "record.h"
#include "scenario.h"

namespace presisi {

enum class MomentKind { FirstSkip, Recovery, UnderflowJump, FirstNonFinite, ScaleGrowth, SumStall };
// "first_skip", "recovery", "underflow_jump", "first_nonfinite", "scale_growth", "sum_stall"
std::string_view momentKindName(MomentKind kind);

// Weight-gradient underflow share at or above which a lane's underflow has "jumped" (half of them zero).
inline constexpr double kUnderflowJumpShare = 0.5;
// The underflow jump's "before": the lane's share this many steps earlier.
inline constexpr int kUnderflowJumpSpan = 10;

struct Moment {
    MomentKind kind = MomentKind::FirstSkip;
    int lane = 0;
    std::int64_t step = 0;  // 0-based, as StepRecord::step and the charts' x axis
    std::string laneLabel;  // "cpu:f16+scaler"
    // The numbers the sentence quotes. FirstSkip: the scale in force and the next one (halved).
    // Recovery: skipped steps before it, the scale it trains at. UnderflowJump: the weight-gradient
    // underflow share at `since` and at `step`. FirstNonFinite: the non-finite elements (-1: statistics
    // off) and the loss. ScaleGrowth: the scale before and after. SumStall: the held sum and the exact sum.
    double before = 0, after = 0;
    std::int64_t since = -1;  // UnderflowJump: the earlier step; Recovery: the first skipped step
    std::string text;         // English, for the command line ("step 23: cpu:f16's weight gradients ...")
};

// The kinds a preset is about (empty for a scenario that is no preset, or a preset without moments).
std::vector<MomentKind> presetMomentKinds(std::string_view preset);

// Feeds on one run's records in step order (every lane's record of a step before the next step's) and
// reports each kind at most once per lane, in the order found.
class MomentDetector {
public:
    MomentDetector() = default;
    MomentDetector(std::vector<MomentKind> kinds, std::vector<std::string> laneLabels);
    // For the scenario's preset (presetMomentKinds(scenario.preset)) and lanes.
    explicit MomentDetector(const Scenario& scenario);
    // The moments this record completes (usually none).
    std::vector<Moment> add(const StepRecord& record);
    const std::vector<Moment>& moments() const { return m_moments; }
    bool empty() const { return m_kinds.empty(); }
    void reset();

private:
    struct LaneState {
        bool seen = false;
        StepRecord last;
        std::vector<double> underflow;  // the last kUnderflowJumpSpan + 1 shares, oldest first
        std::int64_t skipsInRow = 0, firstSkip = -1;
        std::vector<MomentKind> fired;
    };
    bool wants(MomentKind kind, const LaneState& lane) const;
    Moment make(MomentKind kind, const StepRecord& r, double before, double after, std::int64_t since = -1) const;
    std::vector<MomentKind> m_kinds;
    std::vector<std::string> m_labels;
    std::vector<LaneState> m_lanes;
    std::vector<Moment> m_moments;
};

// Every moment of a finished run's records (the command line's list).
std::vector<Moment> detectMoments(const Scenario& scenario, const std::vector<StepRecord>& records);

}  // namespace presisi
