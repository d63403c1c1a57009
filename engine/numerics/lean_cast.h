// The training casts' inner loop (dequantizeInto of the block formats): each value times its block's multiplier,
// clamped to ±max, rounded to the element format, dequantised, and the cast's statistics summed, all in one pass
// over the block (eight values at a time where the build has AVX2). No Qt here.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../format.h"
#include "../round_bits.h"
#include "stochastic_rounding.h"

namespace presisi::numerics {

// torch.clamp(x, -m, m): NaN passes through.
inline float clampSym(float x, float m) { return std::isnan(x) ? x : std::clamp(x, -m, m); }

// What a lean cast measures: the squared error in double (sum of (dequantised − x)²), the values cast, those whose
// scaled magnitude reached the clip threshold, the non-zero inputs and those of them that became zero. NaN inputs
// are neither clipped nor counted non-zero.
struct LeanCastSums {
    double sqError = 0;
    std::int64_t elements = 0, saturated = 0, nonZero = 0, underflowed = 0;
};

// Values within ±max rounded to the element format (nearest, ties to even) with no codes: above the smallest
// normal the float32 mantissa rounded to the element's width in the bits, below it the addition of a power of two
// whose float32 spacing is the element's subnormal spacing. Equal to encode() then decode() for every such value
// (tst_nvfp4_recipe::directRoundingIsTheEncoders); NaN takes what they give it (NaN, or a zero in FP6/FP4).
// Selections by masks, not branches: the subnormal test of FP4 data (half of it below 1) cannot mispredict.
class WithinRange {
public:
    explicit WithinRange(Format element);
    float operator()(float x) const {
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
        const std::uint32_t magnitude = bits & 0x7fffffffu, sign = bits & 0x80000000u;
        const float a = std::bit_cast<float>(magnitude);
        const std::uint32_t normal = m_bits(magnitude);
        const std::uint32_t subnormal = std::bit_cast<std::uint32_t>((a + m_magic) - m_magic);
        const std::uint32_t small = 0u - static_cast<std::uint32_t>(a < m_minNormal);
        const std::uint32_t nan = 0u - static_cast<std::uint32_t>(magnitude > 0x7f800000u);
        const std::uint32_t negative = 0u - (sign >> 31);
        const std::uint32_t rounded = ((subnormal & small) | (normal & ~small)) | sign;
        const std::uint32_t nanValue = (m_nanNegative & negative) | (m_nanPositive & ~negative);
        return std::bit_cast<float>((nanValue & nan) | (rounded & ~nan));
    }

private:
    friend class LeanCast;
    NearestEvenBits m_bits{1};  // the element's fraction width of float32's 23
    std::uint32_t m_nanPositive = 0, m_nanNegative = 0;
    float m_minNormal = 0, m_magic = 0;
};

// One lean cast of a tensor into `out` (the same indices as its input), block by block or row by row in any
// order; sums() gives what it measured. With `stochastic` the values are rounded by stochastic rounding instead,
// one draw per value in the order they are given (so a cast draws as the buffered path before it did).
class LeanCast {
public:
    // clipFrom: the smallest scaled magnitude counted saturated (scaled_format's clipFrom()).
    LeanCast(Format element, float clipFrom, float* out, RandomBits* stochastic);
    // x[at, at + len) times `multiplier`, dequantised as element · factor (one block).
    void block(const float* x, std::size_t at, std::size_t len, float multiplier, float factor);
    // `count` consecutive blocks of `len` values from x[at], block b times multipliers[b], dequantised times factors[b].
    void blocks(const float* x, std::size_t at, std::size_t count, std::size_t len, const float* multipliers, const float* factors);
    // `count` consecutive rows of `width` values from x[at], value c of each row times multipliers[c] and dequantised
    // times factors[c] (rows of a tensor cast down its columns: each column its own block).
    void rows(const float* x, std::size_t at, std::size_t count, std::size_t width, const float* multipliers, const float* factors);
    LeanCastSums sums() const;

private:
    // Where value i of segment s finds its multiplier and factor: the one given, segment s's, or index i's.
    enum class Scales { One, PerSegment, PerValue };
    template <Scales S>
    static float scaleAt(const float* table, float one, std::size_t segment, std::size_t i) {
        return S == Scales::One ? one : S == Scales::PerSegment ? table[segment] : table[i];
    }
    template <Scales S>
    void cast(const float* x, float* out, std::size_t count, std::size_t len, const float* multipliers, const float* factors,
              float multiplier, float factor);
    template <Scales S, bool Given>
    void run(const float* x, float* out, std::size_t count, std::size_t len, const float* multipliers, const float* factors,
             float multiplier, float factor, const float* given);
    void foldCounts();

    Format m_element;
    WithinRange m_round;
    float m_max, m_clip;
    float* m_out;
    RandomBits* m_stochastic;
    LeanCastSums m_sums;  // the scalar loop's sums and the folded vector counts
    // The vector loop's: two partial sums of four doubles, eight 32-bit counters each, folded into m_sums before
    // they could overflow.
    alignas(32) std::array<double, 8> m_error{};
    alignas(32) std::array<std::int32_t, 8> m_saturated{}, m_nonZero{}, m_underflowed{};
    std::size_t m_sinceFold = 0;
    std::vector<float> m_rounded;  // the stochastic rounding's elements of one call
};

}  // namespace presisi::numerics
