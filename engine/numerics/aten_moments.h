// ATen's CPU row statistics and vector sums in float32, operation for operation, for the kernels that must
// match PyTorch 2.x to the last bit (LayerNorm: norm.cpp). ATen computes them in Vectorized<float> of 8
// lanes (AVX2) or 16 (AVX-512), and GCC contracts each a·b + c of those kernels into one fused multiply-add:
// the functions below use std::fma exactly where the contracted kernel has one. No Qt here.
#pragma once

#include "../tensor.h"

namespace presisi::numerics {

// The float vector width of ATen's kernels on the CPU class: 16 (AVX-512) or 8 (AVX2).
inline int atenFloatLanes(bool avx512) { return avx512 ? 16 : 8; }

struct RowMoments {
    float mean = 0;
    float variance = 0;  // biased: m2 / N
};

// at::native::RowwiseMoments (moments_utils.h): Welford within chunks of 16 vectors, the chunks merged by a
// cascade, a scalar Welford tail, the lanes merged last. `reduced`: the row was bf16 or f16 (its values
// given as float): each 2·lanes-wide input vector is read as two float vectors, one after the other.
RowMoments atenRowMoments(const float* x, Index n, int lanes, bool reduced);

// vec::reduce_all(+) over n floats: a vector accumulator, a partial last vector, the butterfly over the lanes
// (below one vector: the n values in order).
float atenSum(const float* a, Index n, int lanes);
// vec::map2_reduce_all(x·y, +) and vec::map3_reduce_all(x·y·z, +) over n floats: a vector accumulator
// (fused multiply-adds from the second vector on), a partial last vector, then vec_reduce_all's
// butterfly over the lanes.
float atenDot(const float* a, const float* b, Index n, int lanes);
float atenDot3(const float* a, const float* b, const float* c, Index n, int lanes);

}  // namespace presisi::numerics
