// Checks for every CUDA runtime and cuBLAS call: a failure throws presisi::Error naming the call,
// its status, the shapes involved and the source line. No Qt here.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <string>

#include "../error.h"

namespace presisi::cuda {

inline void check(cudaError_t err, const char* call, const char* file, int line, const std::string& what) {
    if (err == cudaSuccess) return;
    throw Error(std::string(call) + " failed (" + cudaGetErrorName(err) + ": " + cudaGetErrorString(err) +
                ")" + (what.empty() ? "" : " for " + what) + " at " + file + ":" + std::to_string(line));
}

inline const char* cublasStatusName(cublasStatus_t s) {
    switch (s) {
    case CUBLAS_STATUS_SUCCESS: return "SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED: return "ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE: return "INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "ARCH_MISMATCH";
    case CUBLAS_STATUS_MAPPING_ERROR: return "MAPPING_ERROR";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "NOT_SUPPORTED";
    case CUBLAS_STATUS_LICENSE_ERROR: return "LICENSE_ERROR";
    default: return "UNKNOWN";
    }
}

inline void check(cublasStatus_t st, const char* call, const char* file, int line, const std::string& what) {
    if (st == CUBLAS_STATUS_SUCCESS) return;
    std::string hint;
    if (st == CUBLAS_STATUS_NOT_SUPPORTED || st == CUBLAS_STATUS_ARCH_MISMATCH)
        hint = ": bf16 products need sm_80 or newer";
    throw Error(std::string(call) + " failed (" + cublasStatusName(st) + ")" +
                (what.empty() ? "" : " for " + what) + " at " + file + ":" + std::to_string(line) + hint);
}

}  // namespace presisi::cuda

// PRESISI_CUDA(call, what): what is a std::string describing shapes/formats for the message.
#define PRESISI_CUDA(call, what) ::presisi::cuda::check((call), #call, __FILE__, __LINE__, (what))
