// Wall-clock helpers every timed path shares: seconds between two steady_clock readings and the median
// of a list of times. Header only. No Qt here.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

namespace presisi {

using SteadyClock = std::chrono::steady_clock;

inline double secondsBetween(SteadyClock::time_point a, SteadyClock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

// The median of a list (0 for an empty one); the mean of the middle two when the count is even. The
// one rule for every median in the engine: timings (CPU and GPU alike, so their medians compare) and the
// convergence check's robust spread. (The GPU linear benchmark used to take the upper middle value.)
inline double median(std::vector<double> v) {
    if (v.empty()) return 0;
    const std::size_t h = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(h), v.end());
    if (v.size() % 2) return v[h];
    const double upper = v[h];
    const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(h));
    return 0.5 * (lower + upper);
}

}  // namespace presisi
