// Stochastic rounding into small formats and its seeded random stream. No Qt here.
#include "stochastic_rounding.h"

#include <cmath>

namespace presisi::numerics {

std::uint32_t RandomBits::next() {
    // Draw n is half of SplitMix64's output for index n / 2: low half first.
    const std::uint64_t index = m_count++;
    std::uint64_t z = m_seed + (index / 2 + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<std::uint32_t>(index % 2 == 0 ? z : z >> 32);
}

float roundStochastic(Format element, float x, std::uint32_t r) {
    if (!std::isfinite(x) || x == 0.0f) return x;
    const FormatTraits& t = traits(element);
    const float a = std::fabs(x);
    // The spacing of the format's values around |x| (the subnormal spacing below the smallest normal).
    const int exponent = std::max(std::ilogb(a), t.minExponent);
    const float spacing = std::ldexp(1.0f, exponent - t.mantissaBits);
    // |x| / spacing and its fraction are exact: a power-of-two scaling of a float32 and its floor.
    const float q = a / spacing;
    const float lower = std::floor(q);
    const double fraction = static_cast<double>(q - lower);
    const bool up = static_cast<double>(r) < fraction * 4294967296.0;
    return std::copysign((lower + (up ? 1.0f : 0.0f)) * spacing, x);
}

}  // namespace presisi::numerics
