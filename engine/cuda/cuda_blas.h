// The cuBLAS products and the kernels around them, written once for the linear lab and the training
// lanes: rounding a float32 operand into the product's input type, one row-major cublasGemmEx, and
// the bias added and rounded to the format. Included by .cu files only. No Qt here.
#pragma once

#include <cublas_v2.h>

#include <cstddef>
#include <string>

#include "../format.h"
#include "cuda_buffer.h"

namespace presisi::cuda {

// Bytes per element of a product operand in `format`: 2 for bf16/f16 (packed to 16 bits), 4 for
// f32 that flushes subnormals (a flushed float32 copy), 0 for plain f32 (cuBLAS reads the input).
std::size_t operandBytes(Format format, bool flush);
// cuBLAS's input type for `format`: CUDA_R_32F, CUDA_R_16BF or CUDA_R_16F.
cudaDataType_t operandType(Format format);

// The pointer cuBLAS reads for a float32 input of n elements: `in` itself when operandBytes is 0;
// otherwise `scratch` (reserved to n * operandBytes by the caller) filled with the input rounded to
// `format` (round to nearest even, subnormal results flushed when asked). Asynchronous; checks the launch.
const void* gemmOperand(const float* in, DeviceBuffer& scratch, std::size_t n, Format format, bool flush,
                        const std::string& what);

// The types of one product: inputs, output, the compute type and the handle's math mode.
struct GemmTypes {
    cudaDataType_t input = CUDA_R_32F;
    cudaDataType_t output = CUDA_R_32F;
    cublasComputeType_t compute = CUBLAS_COMPUTE_32F_PEDANTIC;
    cublasMath_t math = CUBLAS_PEDANTIC_MATH;
};
// Row-major C (M, N) = op(A) (M, K) * op(B) (K, N) with alpha 1 and beta 0 (in half precision for
// CUBLAS_COMPUTE_16F), op(A) = A^T when transA (A stored (K, M)), likewise B. Row-major C is
// column-major C^T = op(B)^T op(A)^T, so cuBLAS sees B first.
void gemmRowMajor(bool transA, bool transB, int M, int N, int K, const void* A, const void* B, void* C,
                  const GemmTypes& types, const std::string& what);

}  // namespace presisi::cuda
