// The linear-layer lab's forward pass on a CUDA device (cuBLAS with float32 accumulation), and its
// device-side benchmark. No Qt here.
#pragma once

#include <vector>

#include "../benchmarks.h"
#include "../linear_lab.h"

namespace presisi {

// Same contract as linearForwardCpu:
//  x: (batch, in)  weight: (out, in)  bias: (out)  ->  y: (batch, out), representable in lane.format.
// f32 runs cuBLAS's pedantic float32 GEMM; tf32 lets cuBLAS round the f32 inputs to TF32 on tensor
// cores (CUBLAS_COMPUTE_32F_FAST_TF32); bf16/f16 round x and W on the device, multiply with
// CUBLAS_COMPUTE_32F, add the rounded bias in float32 and round the output once; f16 with
// Accumulation::Storage multiplies with CUBLAS_COMPUTE_16F. Throws presisi::Error naming the
// failing CUDA or cuBLAS call, its status and the shapes; a layer that cannot fit in device memory
// is reported before anything is allocated.
Matrix linearForwardCuda(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias);

// Device time of each lane's forward pass with inputs already on the device (rounding kernels,
// GEMM, bias and output rounding; no host transfers), measured with CUDA events, median of
// interleaved repeats. ratioToF32 is relative to the first plain gpu:f32 lane.
std::vector<LinearBenchRow> benchLinearCuda(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                            int repeats = 20);

}  // namespace presisi
