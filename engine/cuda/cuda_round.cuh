// Device-side rounding from float32 to the lane's format, as the CPU's roundTo does it: round to
// nearest even (NaN stays NaN, overflow gives inf), then optionally flush results below the
// format's smallest normal to a zero of the same sign. Included by .cu files only. No Qt here.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace presisi::cuda {

// Same order as presisi::Format (F32, BF16, F16), passed to kernels as an int.
enum FormatCode : int { kF32 = 0, kBF16 = 1, kF16 = 2 };

__device__ __forceinline__ float minNormalOf(int fmt) {
    return fmt == kF16 ? 6.103515625e-05f : 1.17549435e-38f;  // 2^-14; 2^-126 for f32 and bf16
}

__device__ __forceinline__ float roundDev(int fmt, float x, bool flush) {
    float r = x;
    if (fmt == kBF16) r = __bfloat162float(__float2bfloat16_rn(x));
    else if (fmt == kF16) r = __half2float(__float2half_rn(x));
    if (flush && fabsf(r) < minNormalOf(fmt)) r = copysignf(0.0f, r);
    return r;
}

inline unsigned blocksFor(std::size_t n, unsigned threads = 256) {
    const std::size_t b = (n + threads - 1) / threads;
    return static_cast<unsigned>(b < 1 ? 1 : (b > 65535u * 512u ? 65535u * 512u : b));
}

}  // namespace presisi::cuda
