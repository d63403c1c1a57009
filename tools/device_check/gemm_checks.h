// The device check's GEMM throughput rows: the Speed lab's GPU products against a bare cuBLAS call of the
// same shape in the same run. No Qt here.
#pragma once

#include <vector>

#include "gpu_checks.h"

namespace presisi::gpucheck {

// "gemm 8192 gpu:bf16 >= 0.8 x bare cublasGemmEx", the same for gpu:f16, and one measurement row with
// every GPU lane's TFLOP/s at 8192. Skipped without a device.
std::vector<CheckCase> gemmThroughputCases();

}  // namespace presisi::gpucheck
