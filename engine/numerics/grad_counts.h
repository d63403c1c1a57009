// Gradient underflow, subnormal and overflow counts against the shadow float32 gradient, written once:
// the rule for one element (the CPU lane's scan and the CUDA lane's gradCountsKernel both call it) and
// the shares a lane reports from the counts. No Qt here.
#pragma once

#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "../format.h"

namespace presisi {
// A lane's gradient statistics for one step (NaN, -1: not measured; the record's kNotMeasured).
struct GradStatistics {
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    double actGradUnderflow = kNaN;
    double weightGradUnderflow = kNaN;
    double gradSubnormal = kNaN;
    std::int64_t overflows = -1;
};
}  // namespace presisi

namespace presisi::numerics {

struct GradCounts {
    std::int64_t count = 0;
    std::int64_t underflowed = 0;  // lane == 0 while the shadow float32 value != 0
    std::int64_t subnormal = 0;    // lane finite, non-zero and below the format's smallest normal
    std::int64_t nonFinite = 0;    // lane inf or NaN
    constexpr GradCounts& operator+=(const GradCounts& o) {
        count += o.count;
        underflowed += o.underflowed;
        subnormal += o.subnormal;
        nonFinite += o.nonFinite;
        return *this;
    }
};

// The format's smallest normal as a float32 (2^-14 for f16, 2^-126 for f32 and bf16): the subnormal
// threshold. Constexpr for the device (CUDA's minNormalOf is asserted equal to it).
constexpr float gradMinNormal(Format f) { return f == Format::F16 ? 0x1p-14f : 0x1p-126f; }

// One element's flags (underflowed needs lane == 0, the other two lane != 0, so at most one is set).
// Constexpr and free of library calls, so device code can call it (the engine's CUDA sources compile
// with --expt-relaxed-constexpr).
inline constexpr unsigned kUnderflowed = 1u, kSubnormal = 2u, kNonFinite = 4u;
constexpr unsigned classifyGradient(float lane, float shadow, float minNormal) {
    const bool finite = lane <= FLT_MAX && lane >= -FLT_MAX;  // false for inf and NaN
    unsigned k = 0;
    if (lane == 0.0f && shadow != 0.0f) k |= kUnderflowed;
    if (!finite) k |= kNonFinite;
    else if (lane != 0.0f && (lane < 0.0f ? -lane : lane) < minNormal) k |= kSubnormal;
    return k;
}

// Counts of n lane values against their shadow values (host memory). shadow == lane counts only
// subnormal and non-finite values (underflowed needs lane 0 and shadow non-zero).
GradCounts countGradients(const float* lane, const float* shadow, std::size_t n, Format format);

// A lane's statistics from its activation-gradient and weight-gradient (weights and biases) counts:
// each underflow share of its own count, the subnormal share of both counts together (0 when there is
// nothing), overflows the non-finite gradients plus `otherNonFinite` (the forward's non-finite values).
GradStatistics gradStatistics(const GradCounts& act, const GradCounts& weight, std::int64_t otherNonFinite);

}  // namespace presisi::numerics
