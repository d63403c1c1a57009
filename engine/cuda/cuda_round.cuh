// Device-side rounding from float32 to the lane's format, as the CPU's roundTo does it: round to
// nearest even (NaN stays NaN, overflow gives inf), then optionally flush results below the
// format's smallest normal to a zero of the same sign; and the launch shape every element-wise
// kernel uses. Included by .cu files only. No Qt here.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstddef>

#include "../format.h"
#include "../numerics/grad_counts.h"

namespace presisi::cuda {

// Same order as presisi::Format (F32, BF16, F16), passed to kernels as an int.
enum FormatCode : int { kF32 = 0, kBF16 = 1, kF16 = 2 };
static_assert(kF32 == static_cast<int>(Format::F32) && kBF16 == static_cast<int>(Format::BF16) &&
                  kF16 == static_cast<int>(Format::F16),
              "FormatCode must follow presisi::Format's order: kernels receive static_cast<int>(Format)");

inline int code(Format f) { return static_cast<int>(f); }

// 2^-14 for f16; 2^-126 for f32 and bf16: the host's constexpr threshold (engine/numerics/grad_counts.h).
__device__ __forceinline__ float minNormalOf(int fmt) { return numerics::gradMinNormal(static_cast<Format>(fmt)); }

__device__ __forceinline__ float roundDev(int fmt, float x, bool flush) {
    float r = x;
    if (fmt == kBF16) r = __bfloat162float(__float2bfloat16_rn(x));
    else if (fmt == kF16) r = __half2float(__float2half_rn(x));
    if (flush && fabsf(r) < minNormalOf(fmt)) r = copysignf(0.0f, r);
    return r;
}

// Threads per block of every element-wise kernel.
constexpr unsigned kThreads = 256;

inline unsigned blocksFor(std::size_t n, unsigned threads = kThreads) {
    const std::size_t b = (n + threads - 1) / threads;
    return static_cast<unsigned>(b < 1 ? 1 : (b > 65535u * 512u ? 65535u * 512u : b));
}

}  // namespace presisi::cuda

// Grid-stride loop over [0, n): any launch shape covers every element.
#define PRESISI_GRID_STRIDE(i, n)                                                                      \
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < (n); \
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
