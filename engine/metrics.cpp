// Error metrics against the float32 lane, accumulated in double. No Qt here.
#include "metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace presisi {

ErrorMetrics compareToReference(Format format, std::span<const float> lane, std::span<const float> ref) {
    ErrorMetrics m;
    const std::size_t n = std::min(lane.size(), ref.size());
    m.count = static_cast<std::int64_t>(n);
    if (n == 0) return m;
    const double minNormal = traits(format).minNormal;

    double sumAbs = 0, maxAbs = 0, sumSqErr = 0, sumSqRef = 0, sumLane = 0, sumRef = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const float v = lane[i];
        if (std::isnan(v)) ++m.nans;
        else if (std::isinf(v)) ++m.infs;
        else if (v == 0.0f) ++m.zeros;
        else if (std::fabs(v) < minNormal) ++m.subnormals;
        const double d = static_cast<double>(v) - static_cast<double>(ref[i]);
        const double ad = std::fabs(d);
        sumAbs += ad;
        // max that propagates NaN, so a NaN output is not hidden behind a finite maximum
        if (!(ad <= maxAbs)) maxAbs = ad;
        sumSqErr += d * d;
        sumSqRef += static_cast<double>(ref[i]) * ref[i];
        sumLane += v;
        sumRef += ref[i];
    }
    m.meanAbsError = sumAbs / static_cast<double>(n);
    m.maxAbsError = maxAbs;
    m.relL2Error = sumSqRef > 0 ? std::sqrt(sumSqErr / sumSqRef) : std::sqrt(sumSqErr);

    const double meanLane = sumLane / static_cast<double>(n);
    const double meanRef = sumRef / static_cast<double>(n);
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double a = static_cast<double>(lane[i]) - meanLane;
        const double b = static_cast<double>(ref[i]) - meanRef;
        sxy += a * b;
        sxx += a * a;
        syy += b * b;
    }
    m.correlation = (sxx > 0 && syy > 0) ? sxy / std::sqrt(sxx * syy)
                                         : std::numeric_limits<double>::quiet_NaN();
    return m;
}

}  // namespace presisi
