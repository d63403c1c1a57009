// Round to nearest, ties to even, on a float32's bits: the one primitive behind every "keep the top m
// fraction bits" in the engine (bf16 and f16 conversion, the lean casts of 8 bits and below, NVFP4's e4m3
// block scales), scalar and eight lanes of AVX2. No Qt here.
#pragma once

#include <cstdint>
#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#endif

namespace presisi {

// Dropping the lowest `drop` bits (1 ≤ drop ≤ 31) of a float32's bits u, rounded to nearest even: add half
// the dropped range less one, plus the lowest kept bit, then cut the dropped bits. Below the halfway point
// (the dropped part under 1000…0) the carry never reaches the kept bits; above it, it always does; exactly at
// it, only when the kept part is odd, which rounds to even. A carry out of the fraction increments the
// exponent: the correct rounding up to the next binade and, from the largest value's upper half up, to inf.
// NaN must be caught first (its low bits could carry into inf). bf16 (drop 16): 0x3f80'8000 (1 + 2^-8, a tie
// with 1 even) + 0x7fff + 0 stays 0x3f80'xxxx → 1; 0x3f81'8000 (a tie with 0x3f81 odd) + 0x7fff + 1 carries to
// 0x3f82 (format.cpp's toBf16Bits).
struct NearestEvenBits {
    int drop;
    std::uint32_t below;  // half the dropped range less one
    std::uint32_t keep;   // the kept bits' mask

    constexpr explicit NearestEvenBits(int droppedBits)
        : drop(droppedBits), below((1u << (droppedBits - 1)) - 1u), keep(~((1u << droppedBits) - 1u)) {}
    // u rounded, the dropped bits zero (a float32 of the narrower format's value).
    constexpr std::uint32_t operator()(std::uint32_t u) const { return (u + below + ((u >> drop) & 1u)) & keep; }
    // u rounded and shifted down: the narrower format's bits (bf16: drop 16).
    constexpr std::uint32_t shifted(std::uint32_t u) const { return (u + below + ((u >> drop) & 1u)) >> drop; }
};

#ifdef __AVX2__
// NearestEvenBits on eight lanes.
struct NearestEvenBits8 {
    __m128i drop;
    __m256i below, keep;

    explicit NearestEvenBits8(const NearestEvenBits& r)
        : drop(_mm_cvtsi32_si128(r.drop)),
          below(_mm256_set1_epi32(static_cast<int>(r.below))),
          keep(_mm256_set1_epi32(static_cast<int>(r.keep))) {}
    __m256i operator()(__m256i u) const { return _mm256_and_si256(carried(u), keep); }
    __m256i shifted(__m256i u) const { return _mm256_srl_epi32(carried(u), drop); }

private:
    __m256i carried(__m256i u) const {
        const __m256i odd = _mm256_and_si256(_mm256_srl_epi32(u, drop), _mm256_set1_epi32(1));
        return _mm256_add_epi32(_mm256_add_epi32(u, below), odd);
    }
};
#endif

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
// NearestEvenBits on sixteen lanes, for the AVX-512 kernels chosen at run time (target attributes).
__attribute__((target("avx512f"))) inline __m512i nearestEvenBits16(__m512i u, const NearestEvenBits& r) {
    const __m512i odd = _mm512_and_si512(_mm512_srl_epi32(u, _mm_cvtsi32_si128(r.drop)), _mm512_set1_epi32(1));
    const __m512i carried = _mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(static_cast<int>(r.below))), odd);
    return _mm512_and_si512(carried, _mm512_set1_epi32(static_cast<int>(r.keep)));
}
#endif

}  // namespace presisi
