// Gradient histogram binning, written once for the CPU and CUDA lanes: one bin per power of two
// (bin i holds values with floor(log2|v|) = minExponent + i), zeros and inf/NaN counted apart. No Qt here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace presisi {

// log2-magnitude histogram of one layer's gradients. Bin i counts finite non-zero values v with
// floor(log2 |v|) == minExponent + i, i.e. |v| in [2^(minExponent+i), 2^(minExponent+i+1)).
struct LayerHistogram {
    int layer = 0;              // 0-based linear layer
    bool weight = true;         // true: weight+bias gradient; false: gradient at the layer's output
    int minExponent = -150;     // below every float32 subnormal
    std::vector<std::int64_t> counts;     // the lane's gradient as stored (scaled, in the lane's format)
    std::int64_t zeros = 0;
    std::int64_t nonFinite = 0;
    // The shadow float32 gradient times the scale in force: where the lane's values would sit
    // without rounding. Same bins. Compare with the format's smallest subnormal to see the loss.
    std::vector<std::int64_t> f32Counts;
    std::int64_t f32Zeros = 0;
    // Elements zero in the lane while the shadow float32 value is not: the underflow chart's count
    // (numerics::classifyGradient), so the histogram's "underflowed" share is the chart's number.
    std::int64_t underflowed = 0;
    double binLowerEdge(std::size_t i) const;  // 2^(minExponent + i)
};

}  // namespace presisi

namespace presisi::numerics {

inline constexpr int kHistMinExp = -150;  // below every float32 subnormal (2^-149)
inline constexpr int kHistMaxExp = 128;   // above float32's largest finite exponent (127)

// A layer's histogram with every bin empty: `layer` 0-based, `weight` the weight+bias gradient or not.
LayerHistogram emptyLayerHistogram(int layer, bool weight);

// Adds n values, each multiplied by `scale` in float32 first, to `counts` (kHistMaxExp - kHistMinExp + 1
// bins), `zeros` and `nonFinite` (nullptr: inf/NaN not counted, as for the shadow gradient).
void addToHistogram(std::vector<std::int64_t>& counts, std::int64_t& zeros, std::int64_t* nonFinite, const float* p,
                    std::size_t n, float scale);

}  // namespace presisi::numerics
