// Gradient histogram binning, written once for the CPU and CUDA lanes: one bin per power of two
// (bin i holds values with floor(log2|v|) = minExponent + i), zeros and inf/NaN counted apart. No Qt here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../training/record.h"

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
