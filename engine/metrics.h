// Error metrics of a lane's output against the float32 lane on the same device. No Qt here.
#pragma once

#include <cstdint>
#include <span>

#include "format.h"

namespace presisi {

struct ErrorMetrics {
    double meanAbsError = 0;   // mean |lane - ref|
    double maxAbsError = 0;    // max |lane - ref|
    double relL2Error = 0;     // ||lane - ref||_2 / ||ref||_2
    double correlation = 1;    // Pearson correlation of lane and ref (two-pass, in double)
    std::int64_t zeros = 0;       // output elements that are exactly zero
    std::int64_t subnormals = 0;  // below the format's smallest normal, non-zero
    std::int64_t infs = 0;
    std::int64_t nans = 0;
    std::int64_t count = 0;
};

// lane and ref have the same length; `format` decides what counts as subnormal in the lane.
// Every sum is accumulated in double. A non-finite lane value makes the error sums non-finite:
// that is the honest answer, and the counts say why.
ErrorMetrics compareToReference(Format format, std::span<const float> lane, std::span<const float> ref);

}  // namespace presisi
