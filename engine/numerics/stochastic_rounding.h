// Stochastic rounding into the element formats of 8 bits and below, as Transformer Engine's NVFP4 recipe
// rounds gradients: each value goes to one of its two neighbours in the format, away from zero with
// probability equal to its distance from the neighbour towards zero over their spacing, so the expected
// result is the value. A counter-based random stream makes every run reproducible from its seed. No Qt here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "../format.h"

namespace presisi::numerics {

// 32 uniform random bits per draw from (seed, draw number): MurmurHash3's 32-bit finaliser applied twice, to the
// draw number mixed with the seed's low half and then with its high half (a bijection of the draw number for each
// seed; the multiplications are 32-bit, so fill() vectorises). Its whole state is two integers: a copy replays the
// same draws.
class RandomBits {
public:
    RandomBits() = default;
    explicit RandomBits(std::uint64_t seed) : m_seed(seed) {}
    // The stream of `seed` after its first `drawn` draws.
    RandomBits(std::uint64_t seed, std::uint64_t drawn) : m_seed(seed), m_count(drawn) {}
    std::uint32_t next() { return draw(m_count++); }
    // The next n draws into out (eight at a time where the build has AVX2).
    void fill(std::uint32_t* out, std::size_t n);
    std::uint64_t drawn() const { return m_count; }

private:
    static std::uint32_t mix(std::uint32_t h) {
        h ^= h >> 16;
        h *= 0x85EBCA6Bu;
        h ^= h >> 13;
        h *= 0xC2B2AE35u;
        h ^= h >> 16;
        return h;
    }
    std::uint32_t draw(std::uint64_t n) const {
        const auto low = static_cast<std::uint32_t>(m_seed), high = static_cast<std::uint32_t>(m_seed >> 32);
        return mix(mix(static_cast<std::uint32_t>(n) ^ low) + high + static_cast<std::uint32_t>(n >> 32) * 0x9E3779B9u);
    }
    std::uint64_t m_seed = 0;
    std::uint64_t m_count = 0;
};

// x rounded stochastically to `element` (a format of 8 bits and below with mantissa bits, not e8m0; bf16 weights
// have bf16Stochastic): with lo the neighbour of |x| towards zero and s the spacing there
// (2^(max(floor(log2|x|), emin) − mantissa bits)), the result is lo + s when the draw's top 24 bits
// r >> 8 < (|x| − lo)/s · 2^24, else lo, with x's sign: up with probability (|x| − lo)/s rounded up to a multiple
// of 2^-24 (24 random bits, float32's precision). A value of the format, zero, inf and NaN come back unchanged; a value beyond max may round to the next step above it, which the caller's
// cast then saturates or overflows (the NVFP4 cast clamps to ±6 first, as TE's satfinite conversion does).
float roundStochastic(Format element, float x, std::uint32_t r);

// roundStochastic of every value of `in` into `out` (may be the same span), one draw of `bits` per value in order:
// the training casts' bulk path (it vectorises). For the formats of 8 bits and below with mantissa bits (not e8m0);
// the results equal roundStochastic's with the same draws (tst_nvfp4_recipe).
void roundStochasticSpan(Format element, std::span<const float> in, std::span<float> out, RandomBits& bits);

}  // namespace presisi::numerics
