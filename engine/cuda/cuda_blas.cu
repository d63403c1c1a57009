// The cuBLAS products of every CUDA lane (see cuda_blas.h): operand rounding kernels, the row-major
// cublasGemmEx, the training lanes' gemm() and the bias kernels (cuda_training.h). Compiled with
// --fmad=false like the host's -ffp-contract=off. No Qt here.
#include "cuda_blas.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

#include "cuda_check.h"
#include "cuda_context.h"
#include "cuda_round.cuh"
#include "cuda_training.h"

namespace presisi::cuda {

namespace {

std::string dims(int r, int c) { return std::to_string(r) + "x" + std::to_string(c); }

// Rounds float32 values to the format and stores the (exactly representable) result in 16 bits.
__global__ void packBf16Kernel(const float* in, __nv_bfloat16* out, std::size_t n, bool flush) {
    PRESISI_GRID_STRIDE(i, n) out[i] = __float2bfloat16_rn(roundDev(kBF16, in[i], flush));
}
__global__ void packF16Kernel(const float* in, __half* out, std::size_t n, bool flush) {
    PRESISI_GRID_STRIDE(i, n) out[i] = __float2half_rn(roundDev(kF16, in[i], flush));
}
// f32 operands with flush-to-zero: flushed as the CPU lane flushes them.
__global__ void flushF32Kernel(const float* in, float* out, std::size_t n) {
    PRESISI_GRID_STRIDE(i, n) out[i] = roundDev(kF32, in[i], true);
}

// y (rows, cols) row-major: the bias rounded to the format is added in float32 and the sum rounded
// once to the format (storage stays float32).
__global__ void addBiasRoundKernel(float* y, const float* bias, std::size_t rows, std::size_t cols, int fmt,
                                   bool flush) {
    PRESISI_GRID_STRIDE(i, rows * cols) {
        const float b = roundDev(fmt, bias[i % cols], flush);
        y[i] = roundDev(fmt, y[i] + b, flush);
    }
}
// One thread per column, rows summed in order in float32.
__global__ void columnSumsKernel(const float* dy, float* db, std::size_t rows, std::size_t cols, int fmt,
                                 bool flush) {
    PRESISI_GRID_STRIDE(c, cols) {
        float acc = 0.0f;
        for (std::size_t r = 0; r < rows; ++r) acc += dy[r * cols + c];
        db[c] = roundDev(fmt, acc, flush);
    }
}

struct GemmScratch {
    DeviceBuffer a, b;
};
GemmScratch& gemmScratch() {
    thread_local GemmScratch s;
    return s;
}

}  // namespace

std::size_t operandBytes(Format format, bool flush) {
    if (format != Format::F32) return sizeof(std::uint16_t);
    return flush ? sizeof(float) : 0;
}

cudaDataType_t operandType(Format format) {
    switch (format) {
    case Format::BF16: return CUDA_R_16BF;
    case Format::F16: return CUDA_R_16F;
    default: return CUDA_R_32F;
    }
}

const void* gemmOperand(const float* in, DeviceBuffer& scratch, std::size_t n, Format format, bool flush,
                        const std::string& what) {
    if (operandBytes(format, flush) == 0) return in;
    if (format == Format::BF16) packBf16Kernel<<<blocksFor(n), kThreads>>>(in, scratch.as<__nv_bfloat16>(), n, flush);
    else if (format == Format::F16) packF16Kernel<<<blocksFor(n), kThreads>>>(in, scratch.as<__half>(), n, flush);
    else flushF32Kernel<<<blocksFor(n), kThreads>>>(in, scratch.as<float>(), n);
    PRESISI_CUDA(cudaGetLastError(), "rounding kernel for " + what);
    return scratch.as<void>();
}

void gemmRowMajor(bool transA, bool transB, int M, int N, int K, const void* A, const void* B, void* C,
                  const GemmTypes& t, const std::string& what) {
    cublasHandle_t h = blasHandle();
    const cublasOperation_t opFirst = transB ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t opSecond = transA ? CUBLAS_OP_T : CUBLAS_OP_N;
    const int ldb = transB ? K : N, lda = transA ? M : K, ldc = N;
    PRESISI_CUDA(cublasSetMathMode(h, t.math), what);
    if (t.compute == CUBLAS_COMPUTE_16F) {
        const __half one = __float2half(1.0f), zero = __float2half(0.0f);
        PRESISI_CUDA(cublasGemmEx(h, opFirst, opSecond, N, M, K, &one, B, t.input, ldb, A, t.input, lda, &zero, C,
                                  t.output, ldc, t.compute, CUBLAS_GEMM_DEFAULT),
                     what);
        return;
    }
    const float one = 1.0f, zero = 0.0f;
    PRESISI_CUDA(cublasGemmEx(h, opFirst, opSecond, N, M, K, &one, B, t.input, ldb, A, t.input, lda, &zero, C,
                              t.output, ldc, t.compute, CUBLAS_GEMM_DEFAULT),
                 what);
}

// ---- the training lanes' products and bias (cuda_training.h) ---------------------------------------

void gemm(bool transA, bool transB, int M, int N, int K, const float* A, const float* B, float* C, Format format,
          bool flush) {
    const std::string what = "cublasGemmEx " + std::string(traits(format).name) + " " + dims(M, K) +
                             (transA ? "^T" : "") + " * " + dims(K, N) + (transB ? "^T" : "");
    if (M <= 0 || N <= 0 || K <= 0) throw Error(what + ": sizes must be positive");
    const std::size_t an = static_cast<std::size_t>(M) * K, bn = static_cast<std::size_t>(K) * N;
    const std::size_t bytes = operandBytes(format, flush);
    GemmScratch& s = gemmScratch();
    if (bytes) reserveAll({{&s.a, an * bytes}, {&s.b, bn * bytes}}, what);
    const void* a = gemmOperand(A, s.a, an, format, flush, what);
    const void* b = gemmOperand(B, s.b, bn, format, flush, what);
    GemmTypes t;
    t.input = operandType(format);
    if (format != Format::F32) {
        t.compute = CUBLAS_COMPUTE_32F;
        t.math = CUBLAS_DEFAULT_MATH;
    }
    gemmRowMajor(transA, transB, M, N, K, a, b, C, t, what);
}

void addBiasRound(float* y, const float* bias, int rows, int cols, Format format, bool flush) {
    const std::size_t n = static_cast<std::size_t>(rows) * cols;
    addBiasRoundKernel<<<blocksFor(n), kThreads>>>(y, bias, rows, cols, code(format), flush);
    PRESISI_CUDA(cudaGetLastError(), "bias kernel " + dims(rows, cols));
}

void columnSumsRound(const float* dy, float* db, int rows, int cols, Format format, bool flush) {
    columnSumsKernel<<<blocksFor(cols), kThreads>>>(dy, db, rows, cols, code(format), flush);
    PRESISI_CUDA(cudaGetLastError(), "bias gradient kernel " + dims(rows, cols));
}

}  // namespace presisi::cuda
