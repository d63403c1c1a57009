// Stochastic rounding into small formats and its seeded random stream. No Qt here.
#include "stochastic_rounding.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace presisi::numerics {

namespace {

// One value, from the float32 bits and without branches, so that a loop over it vectorises: floor(log2 |x|) from
// the exponent field (a float32 subnormal reads as -127, below every format's emin; inf and NaN as 128), the
// spacing 2^k and its reciprocal as bit patterns (k within [-16, 127]); |x| / spacing and its fraction are exact.
// The specials (zero, inf, NaN) are computed like the others and x is kept for them at the end.
inline float roundOne(const FormatTraits& t, float x, std::uint32_t r) {
    const std::uint32_t magnitude = std::bit_cast<std::uint32_t>(x) & 0x7fffffffu;
    const int k = std::max(static_cast<int>(magnitude >> 23) - 127, t.minExponent) - t.mantissaBits;
    const float spacing = std::bit_cast<float>(static_cast<std::uint32_t>(127 + k) << 23);
    const float inverse = std::bit_cast<float>(static_cast<std::uint32_t>(std::max(127 - k, 1)) << 23);
    const float q = std::bit_cast<float>(magnitude) * inverse;
    const float lower = std::floor(q);
    const float up = static_cast<float>(r >> 8) < (q - lower) * 0x1p24f ? 1.0f : 0.0f;
    const float rounded = std::bit_cast<float>(std::bit_cast<std::uint32_t>((lower + up) * spacing) |
                                               (std::bit_cast<std::uint32_t>(x) & 0x80000000u));
    return magnitude == 0 || magnitude >= 0x7f800000u ? x : rounded;
}

}  // namespace

float roundStochastic(Format element, float x, std::uint32_t r) { return roundOne(traits(element), x, r); }

void roundStochasticSpan(Format element, std::span<const float> in, std::span<float> out, RandomBits& bits) {
    const FormatTraits& t = traits(element);
    constexpr std::size_t kChunk = 256;
    std::uint32_t draws[kChunk];
    for (std::size_t at = 0; at < in.size(); at += kChunk) {
        const std::size_t n = std::min(kChunk, in.size() - at);
        bits.fill(draws, n);
        for (std::size_t i = 0; i < n; ++i) out[at + i] = roundOne(t, in[at + i], draws[i]);
    }
}

}  // namespace presisi::numerics
