// Gradient histogram binning by binary exponent (ilogb), clamped to the histogram's range. No Qt here.
#include "grad_histogram.h"

#include <algorithm>
#include <cmath>

namespace presisi::numerics {

LayerHistogram emptyLayerHistogram(int layer, bool weight) {
    LayerHistogram h;
    h.layer = layer;
    h.weight = weight;
    h.minExponent = kHistMinExp;
    h.counts.assign(kHistMaxExp - kHistMinExp + 1, 0);
    h.f32Counts.assign(kHistMaxExp - kHistMinExp + 1, 0);
    return h;
}

void addToHistogram(std::vector<std::int64_t>& counts, std::int64_t& zeros, std::int64_t* nonFinite, const float* p,
                    std::size_t n, float scale) {
    for (std::size_t i = 0; i < n; ++i) {
        const float v = p[i] * scale;
        if (v == 0.0f) {
            ++zeros;
        } else if (!std::isfinite(v)) {
            if (nonFinite) ++*nonFinite;
        } else {
            const int e = std::clamp(std::ilogb(v), kHistMinExp, kHistMaxExp);
            ++counts[static_cast<std::size_t>(e - kHistMinExp)];
        }
    }
}

}  // namespace presisi::numerics
