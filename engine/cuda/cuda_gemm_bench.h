// GEMM throughput on a CUDA device for the Speed lab: cuBLAS products per format, timed with CUDA events
// (f32, tf32, bf16, f16, f16 with f16 accumulation). No Qt here.
#pragma once

#include <cstdint>
#include <string>

namespace presisi::cuda {

enum class GemmKind { F32, TF32, BF16, F16, F16Acc16 };
inline constexpr GemmKind kAllGemmKinds[] = {GemmKind::F32, GemmKind::TF32, GemmKind::BF16, GemmKind::F16,
                                             GemmKind::F16Acc16};
// "gpu:f32", "gpu:tf32", "gpu:bf16", "gpu:f16", "gpu:f16+acc16"
const char* gemmKindName(GemmKind kind);

// Device buffers for one shape, filled on the device with random values in [-1, 1) (never zero):
// row-major A (m x k), B (k x n) in f32, bf16 and f16; C (m x n) in f32 and the low formats.
// Throws presisi::Error (before allocating) when they do not fit in device memory.
class GemmBuffers {
public:
    GemmBuffers(std::int64_t m, std::int64_t n, std::int64_t k);
    ~GemmBuffers();
    GemmBuffers(const GemmBuffers&) = delete;
    GemmBuffers& operator=(const GemmBuffers&) = delete;

    // Seconds per product over `iters` back-to-back products of the engine's call for `kind` (the calling
    // thread's handle, its math mode, cublasGemmEx), timed with CUDA events around the batch.
    // Accumulation: float32 (CUBLAS_COMPUTE_32F / _FAST_TF32) except F16Acc16 (CUBLAS_COMPUTE_16F).
    // Outputs: f32 for F32/TF32, the input format for BF16/F16/F16Acc16 (as torch's matmul returns).
    double seconds(GemmKind kind, int iters);

    // Raw device pointers for an independent reference call (the device check's bare cublasGemmEx).
    // Row-major C = A B is column-major C^T = B^T A^T: pass b as cuBLAS's A (ld n), a as its B (ld k).
    const void* a(GemmKind kind) const;
    const void* b(GemmKind kind) const;
    void* c(GemmKind kind) const;
    std::int64_t m() const { return m_m; }
    std::int64_t n() const { return m_n; }
    std::int64_t k() const { return m_k; }

private:
    void release();
    std::int64_t m_m, m_n, m_k;
    void* m_a32 = nullptr; void* m_b32 = nullptr; void* m_c32 = nullptr;
    void* m_aBf = nullptr; void* m_bBf = nullptr; void* m_cBf = nullptr;
    void* m_aH = nullptr; void* m_bH = nullptr; void* m_cH = nullptr;
};

}  // namespace presisi::cuda
