// The NaN doctor's plain-words sentence for a lane's first non-finite value, and the per-lane watch the
// runner keeps: the lead-up ring, the first fault, the scaler's health. No Qt here.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "record.h"

namespace presisi {

// "f16 activation overflowed: 71234 > 65504 in layer 2, forward, step 3". Layer 1-based (fault.layer + 1,
// as the window's layer menus), step 0-based (fault.step, the charts' x axis).
std::string describeNonFinite(const FirstNonFinite& fault);

// Consecutive skipped steps after which a scaler lane is warned.
inline constexpr int kScalerSkipWarning = 10;
// Consecutive clean steps after a warning that end it (ScalerWarning::Why::Recovered).
inline constexpr int kScalerRecoveredSteps = 10;

// Per lane, in the runner: the first fault and the scaler's health.
class LaneWatch {
public:
    void reset();
    // Records the lane's first fault with its lead-up (the sentence is written here) and returns it.
    const FirstNonFinite& setFault(FirstNonFinite fault, std::vector<RangeSnapshot> leadUp);
    const std::optional<FirstNonFinite>& fault() const { return m_fault; }
    // After a scaler lane's update: a warning when the new scale falls below 1 (from at or above it) or
    // the lane has skipped more than kScalerSkipWarning steps in a row; while a warning stands no other
    // is given, and kScalerRecoveredSteps clean steps in a row end it (Why::Recovered). `format`: the
    // lane format's name.
    std::optional<ScalerWarning> scalerHealth(const StepRecord& r, float newScale, const std::string& format);

private:
    std::optional<FirstNonFinite> m_fault;
    int m_skips = 0;
    int m_clean = 0;          // steps in a row without a skip
    bool m_belowOne = false;  // the scale after the last step was below 1
    bool m_warned = false;    // a warning stands (not yet recovered)
};

}  // namespace presisi
