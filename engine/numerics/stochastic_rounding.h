// Stochastic rounding into the element formats of 8 bits and below, as Transformer Engine's NVFP4 recipe
// rounds gradients: each value goes to one of its two neighbours in the format, away from zero with
// probability equal to its distance from the neighbour towards zero over their spacing, so the expected
// result is the value. A counter-based random stream makes every run reproducible from its seed. No Qt here.
#pragma once

#include <cstdint>

#include "../format.h"

namespace presisi::numerics {

// 32 uniform random bits per draw from (seed, draw number): SplitMix64's finaliser of seed + n·γ, two
// draws per 64-bit result. Its whole state is two integers: a copy replays the same draws.
class RandomBits {
public:
    RandomBits() = default;
    explicit RandomBits(std::uint64_t seed) : m_seed(seed) {}
    std::uint32_t next();
    std::uint64_t drawn() const { return m_count; }

private:
    std::uint64_t m_seed = 0;
    std::uint64_t m_count = 0;
};

// x rounded stochastically to `element` (a format of 8 bits and below or bf16/f16): with lo the
// neighbour of |x| towards zero and s the spacing there (2^(max(floor(log2|x|), emin) − mantissa bits)),
// the result is lo + s when r < (|x| − lo)/s · 2^32, else lo, with x's sign. A value of the format, zero, inf
// and NaN come back unchanged; a value beyond max may round to the next step above it, which the caller's
// cast then saturates or overflows (the NVFP4 cast clamps to ±6 first, as TE's satfinite conversion does).
float roundStochastic(Format element, float x, std::uint32_t r);

}  // namespace presisi::numerics
