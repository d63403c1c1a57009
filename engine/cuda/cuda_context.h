// Per-thread CUDA state shared by the device code: one cuBLAS handle; the device memory every lane
// uses (cuda_buffer.h) comes with it. No Qt here.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "cuda_buffer.h"

namespace presisi::cuda {

// The calling thread's cuBLAS handle, created on first use and destroyed when the thread ends.
// cuBLAS handles are not meant to be shared between threads that run concurrently.
cublasHandle_t blasHandle();

}  // namespace presisi::cuda
