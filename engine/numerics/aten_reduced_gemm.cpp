// PyTorch 2.x ATen's f16/bf16 dot product and Linear on x86 (the AVX2 kernel, also run at capability AVX512) in plain scalar C++, in the vector code's order.
//
// Sources (pytorch/pytorch main as of torch 2.15; confirmed bit for bit against torch 2.15.0):
//  - aten/src/ATen/native/cpu/ReducedPrecisionFloatGemvFastPathKernel.cpp:
//    fp16_dot_with_fp32_arith / bf16_dot_with_fp32_arith -> dot_with_fp32_arith_no_bfdot<T>
//    (dot_with_fp32_arith_main_loop_no_bfdot, reduce(VectorizedN<float, 8>),
//    DOT_WITH_FP32_ARITH_TAIL_AFTER_MAIN_LOOP_BODY); fp16_gemv_trans_fp32_arith_by_dot_products
//    for batch 1.
//  - aten/src/ATen/native/cpu/BlasKernel.cpp: gemm_transa_ for at::Half and at::BFloat16 (one
//    compute_dot per output, then c = beta*c + alpha*dot).
//  - aten/src/ATen/cpu/vec/functional_base.h: VecReduceAllSIMD<float, Op> for CPU_CAPABILITY_AVX2.
//  - aten/src/ATen/cpu/vec/vec256/vec256_float.h: fmadd = _mm256_fmadd_ps.
// Every vec::fmadd of the original is an explicit std::fma; every other operation is its own
// statement, so contraction must stay off (the project compiles everything with -ffp-contract=off).

#include "aten_reduced_gemm.h"

#include <algorithm>
#include <array>
#include <immintrin.h>
#include <cmath>

namespace presisi::numerics {

namespace {

// Vectorized<float>::size() of the AVX2 build; Vectorized<Half>::size() and
// Vectorized<BFloat16>::size() are twice that.
constexpr int kLanes = 8;
// kF32RegisterPairsPerIteration = 4, kF32RegistersPerIteration = 8,
// kF32ElementsPerIteration = 8 * Vectorized<float>::size() = 64.
constexpr int kRegisters = 8;
constexpr std::int64_t kHalfLanes = 2 * kLanes;
constexpr std::int64_t kPerIteration = kRegisters * kLanes;

using Register = std::array<float, kLanes>;

// vec_reduce_all<float>(std::plus, v), VecReduceAllSIMD<float, Op> for AVX2:
// v + _mm256_permute2f128_ps(v, v, 0x1) (lane l gets lane l^4), then + _mm256_shuffle_ps(v, v, 0x4E)
// (l^2), then + _mm256_shuffle_ps(v, v, 0xB1) (l^1), and lane 0 is returned:
// ((v0+v4) + (v2+v6)) + ((v1+v5) + (v3+v7)).
[[maybe_unused]] float reduceAll(Register v) {  // the portable build's; the AVX2 one reduces in registers
    for (int d = kLanes / 2; d >= 1; d /= 2) {
        Register next{};
        for (int l = 0; l < kLanes; ++l) {
            next[l] = v[l] + v[l ^ d];
        }
        v = next;
    }
    return v[0];
}

// dot_with_fp32_arith_main_loop_no_bfdot over the first `aligned` elements (a multiple of 64), reduced:
// eight float registers sum[0..7]. Register pair p loads one Vectorized<Half> at j + 16p, converts it to two
// float registers (elements 0..7 and 8..15) and fmadds them into sum[2p] and sum[2p + 1]: sum[r] lane l
// accumulates element j + 8r + l.
float mainLoop(const float* a, const float* b, std::int64_t aligned) {
#if defined(__AVX2__) && defined(__FMA__)
    // The same lanes with the same fused operations, eight at a time (the build's x86-64-v3 baseline
    // has AVX2 and FMA): each lane's sum is the scalar loop's, bit for bit, only faster; the reductions
    // below likewise, in registers.
    __m256 acc[kRegisters];
    for (int r = 0; r < kRegisters; ++r) acc[r] = _mm256_setzero_ps();
    for (std::int64_t j = 0; j < aligned; j += kPerIteration)
        for (int r = 0; r < kRegisters; ++r)
            acc[r] = _mm256_fmadd_ps(_mm256_loadu_ps(a + j + r * kLanes), _mm256_loadu_ps(b + j + r * kLanes), acc[r]);
    for (int offset = kRegisters / 2; offset >= 1; offset /= 2)
        for (int i = 0; i < offset; ++i) acc[i] = _mm256_add_ps(acc[i], acc[offset + i]);
    __m256 t = acc[0];
    t = _mm256_add_ps(t, _mm256_permute2f128_ps(t, t, 0x1));
    t = _mm256_add_ps(t, _mm256_shuffle_ps(t, t, 0x4E));
    t = _mm256_add_ps(t, _mm256_shuffle_ps(t, t, 0xB1));
    return _mm256_cvtss_f32(t);
#else
    std::array<Register, kRegisters> sum{};
    for (std::int64_t j = 0; j < aligned; j += kPerIteration) {
        for (int r = 0; r < kRegisters; ++r) {
            for (int l = 0; l < kLanes; ++l) {
                const std::int64_t e = j + r * kLanes + l;
                sum[r][l] = std::fma(a[e], b[e], sum[r][l]);
            }
        }
    }
    // reduce(VectorizedN<float, 8>): x[i] = x[i] + x[offset + i] for offset 4, 2, 1 (i < offset),
    // then vec_reduce_all of x[0].
    for (int offset = kRegisters / 2; offset >= 1; offset /= 2) {
        for (int i = 0; i < offset; ++i) {
            for (int l = 0; l < kLanes; ++l) {
                sum[i][l] = sum[i][l] + sum[offset + i][l];
            }
        }
    }
    return reduceAll(sum[0]);
#endif
}

}  // namespace

float atenReducedDot(const float* a, const float* b, std::int64_t k, Format format) {
    const std::int64_t aligned = k & ~(kPerIteration - 1);   // len_aligned
    const std::int64_t alignedVec = k & ~(kHalfLanes - 1);   // len_aligned_vec

    // Below 64 elements the main loop does not run: its eight registers stay 0 and reduce to +0.
    float reduced = 0.0f;
    if (aligned > 0) reduced = mainLoop(a, b, aligned);
    // DOT_WITH_FP32_ARITH_TAIL_AFTER_MAIN_LOOP_BODY, first tier: one float register over whole
    // Vectorized<Half> loads j = len_aligned .. len_aligned_vec; the local fmadd(acc, b, c) is
    // fmadd(b_high, c_high, fmadd(b_low, c_low, acc)), low = elements j..j+7, high = j+8..j+15.
    // Then reduced_sum += reduce(tail_sum).
#if defined(__AVX2__) && defined(__FMA__)
    {
        __m256 t = _mm256_setzero_ps();
        for (std::int64_t j = aligned; j < alignedVec; j += kHalfLanes) {
            t = _mm256_fmadd_ps(_mm256_loadu_ps(a + j), _mm256_loadu_ps(b + j), t);
            t = _mm256_fmadd_ps(_mm256_loadu_ps(a + j + kLanes), _mm256_loadu_ps(b + j + kLanes), t);
        }
        // reduceAll in registers: the same three halvings (lane l plus lane l^4, l^2, l^1), lane 0 kept.
        t = _mm256_add_ps(t, _mm256_permute2f128_ps(t, t, 0x1));
        t = _mm256_add_ps(t, _mm256_shuffle_ps(t, t, 0x4E));
        t = _mm256_add_ps(t, _mm256_shuffle_ps(t, t, 0xB1));
        reduced = reduced + _mm256_cvtss_f32(t);
    }
#else
    Register tail{};
    for (std::int64_t j = aligned; j < alignedVec; j += kHalfLanes) {
        for (int l = 0; l < kLanes; ++l) {
            tail[l] = std::fma(a[j + l], b[j + l], tail[l]);
        }
        for (int l = 0; l < kLanes; ++l) {
            tail[l] = std::fma(a[j + kLanes + l], b[j + kLanes + l], tail[l]);
        }
    }
    reduced = reduced + reduceAll(tail);
#endif

    // Second tier, k % 16 elements: `reduced_sum += x1 * x2` with float x1, x2. torch 2.15's
    // libtorch_cpu.so has it as vfmadd231ss in fp16_dot_with_fp32_arith and as vmulss + vaddss in
    // bf16_dot_with_fp32_arith (objdump of the AVX2 build). An f16 product is exact, so only bf16
    // products outside float32's normal range could tell the two apart.
    for (std::int64_t j = alignedVec; j < k; ++j) {
        if (format != Format::BF16) {
            reduced = std::fma(a[j], b[j], reduced);
        } else {
            const float product = a[j] * b[j];
            reduced = reduced + product;
        }
    }
    return reduced;
}

void atenReducedLinear(const float* x, const float* w, const float* bias, float* y, Index batch, Index in,
                       Index out, Format format) {
    // F.linear -> addmm(bias, x, w^T) -> cpublas::gemm in column-major terms: gemm_transa_ with
    // m = out, n = batch, k = in, a = w (row o contiguous), b = x (row i contiguous), c = the bias
    // broadcast (beta = 1, alpha = 1); per output c = beta * c + alpha * compute_dot(w[o], x[i], in),
    // stored once as f16 / bf16. beta * c and alpha * dot are exact for 1, so this is bias + dot;
    // without a bias beta = 0 and c = alpha * dot = dot. For batch 1 the f16 gemv
    // (fp16_gemv_trans_fp32_arith_by_dot_products, beta == 1: y = float(y) + dot) is the same.
    // Outputs in blocks whose weight rows stay in cache while every row of x passes (each output is its
    // own dot product, so the order of the loops changes no value).
    const Index block = std::max<Index>(1, (Index{1} << 16) / std::max<Index>(1, in));
    for (Index o0 = 0; o0 < out; o0 += block) {
        const Index o1 = std::min(out, o0 + block);
        for (Index i = 0; i < batch; ++i) {
            const float* xRow = x + i * in;
            for (Index o = o0; o < o1; ++o) {
                const float dot = atenReducedDot(w + o * in, xRow, in, format);
                y[i * out + o] = bias != nullptr ? bias[o] + dot : dot;
            }
        }
    }
}

}  // namespace presisi::numerics
