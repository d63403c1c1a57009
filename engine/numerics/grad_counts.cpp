// Gradient counts against the shadow float32 gradient on the host, and the shares from the counts. No Qt.
#include "grad_counts.h"

namespace presisi::numerics {

static_assert(classifyGradient(0.0f, 1e-30f, 0x1p-126f) == kUnderflowed);
static_assert(classifyGradient(0x1p-127f, 0x1p-127f, 0x1p-126f) == kSubnormal);
static_assert(classifyGradient(-0x1p-15f, 0.0f, gradMinNormal(Format::F16)) == kSubnormal);
static_assert(classifyGradient(0x1p-14f, 0.0f, gradMinNormal(Format::F16)) == 0);

GradCounts countGradients(const float* lane, const float* shadow, std::size_t n, Format format) {
    const float minNormal = gradMinNormal(format);
    GradCounts c;
    c.count = static_cast<std::int64_t>(n);
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned k = classifyGradient(lane[i], shadow[i], minNormal);
        c.underflowed += (k & kUnderflowed) != 0;
        c.subnormal += (k & kSubnormal) != 0;
        c.nonFinite += (k & kNonFinite) != 0;
    }
    return c;
}

GradStatistics gradStatistics(const GradCounts& act, const GradCounts& weight, std::int64_t otherNonFinite) {
    const auto share = [](std::int64_t part, std::int64_t all) {
        return all > 0 ? static_cast<double>(part) / static_cast<double>(all) : 0.0;
    };
    GradStatistics s;
    s.actGradUnderflow = share(act.underflowed, act.count);
    s.weightGradUnderflow = share(weight.underflowed, weight.count);
    s.gradSubnormal = share(act.subnormal + weight.subnormal, act.count + weight.count);
    s.overflows = act.nonFinite + weight.nonFinite + otherNonFinite;
    return s;
}

}  // namespace presisi::numerics
