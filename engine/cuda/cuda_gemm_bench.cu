// cuBLAS GEMM throughput rows for the Speed lab: random device inputs, one product per kind, CUDA-event
// timing of back-to-back batches. No Qt here.
#include "cuda_gemm_bench.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <initializer_list>
#include <string>

#include "cuda_check.h"
#include "cuda_context.h"

namespace presisi::cuda {

namespace {

// Uniform in [-1, 1) from a hash of the index (SplitMix64's finaliser); zero replaced by 0.5 so no
// product is trivially cheap and no row sums to nothing.
__device__ float uniformAt(std::uint64_t i, std::uint64_t seed) {
    std::uint64_t z = i + seed * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    const float u = static_cast<float>(z >> 40) * (1.0f / 16777216.0f) * 2.0f - 1.0f;
    return u == 0.0f ? 0.5f : u;
}

__global__ void fillKernel(float* f32, __nv_bfloat16* bf, __half* h, std::int64_t n, std::uint64_t seed) {
    for (std::int64_t i = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
        const float v = uniformAt(static_cast<std::uint64_t>(i), seed);
        f32[i] = v;
        bf[i] = __float2bfloat16_rn(v);
        h[i] = __float2half_rn(v);
    }
}

void fill(void* f32, void* bf, void* h, std::int64_t n, std::uint64_t seed) {
    fillKernel<<<1024, 256>>>(static_cast<float*>(f32), static_cast<__nv_bfloat16*>(bf), static_cast<__half*>(h), n,
                              seed);
    PRESISI_CUDA(cudaGetLastError(), "gemm bench fill kernel");
}

void* alloc(std::size_t bytes, const std::string& what) {
    void* p = nullptr;
    PRESISI_CUDA(cudaMalloc(&p, bytes), what);
    return p;
}

struct Events {
    cudaEvent_t start = nullptr, stop = nullptr;
    Events() {
        PRESISI_CUDA(cudaEventCreate(&start), "gemm bench event");
        PRESISI_CUDA(cudaEventCreate(&stop), "gemm bench event");
    }
    ~Events() {
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
};

}  // namespace

const char* gemmKindName(GemmKind kind) {
    switch (kind) {
    case GemmKind::F32: return "gpu:f32";
    case GemmKind::TF32: return "gpu:tf32";
    case GemmKind::BF16: return "gpu:bf16";
    case GemmKind::F16: return "gpu:f16";
    case GemmKind::F16Acc16: return "gpu:f16+acc16";
    }
    return "?";
}

GemmBuffers::GemmBuffers(std::int64_t m, std::int64_t n, std::int64_t k) : m_m(m), m_n(n), m_k(k) {
    const std::size_t a = static_cast<std::size_t>(m * k), b = static_cast<std::size_t>(k * n),
                      c = static_cast<std::size_t>(m * n);
    const std::string what = "gemm bench " + std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
    requireDeviceMemory((a + b + c) * (4 + 2 + 2), what);
    try {
        m_a32 = alloc(a * 4, what); m_b32 = alloc(b * 4, what); m_c32 = alloc(c * 4, what);
        m_aBf = alloc(a * 2, what); m_bBf = alloc(b * 2, what); m_cBf = alloc(c * 2, what);
        m_aH = alloc(a * 2, what); m_bH = alloc(b * 2, what); m_cH = alloc(c * 2, what);
        fill(m_a32, m_aBf, m_aH, static_cast<std::int64_t>(a), 1);
        fill(m_b32, m_bBf, m_bH, static_cast<std::int64_t>(b), 2);
        PRESISI_CUDA(cudaDeviceSynchronize(), what);
    } catch (...) {
        release();
        throw;
    }
}

GemmBuffers::~GemmBuffers() { release(); }

void GemmBuffers::release() {
    for (void* p : {m_a32, m_b32, m_c32, m_aBf, m_bBf, m_cBf, m_aH, m_bH, m_cH})
        if (p) cudaFree(p);
    m_a32 = m_b32 = m_c32 = m_aBf = m_bBf = m_cBf = m_aH = m_bH = m_cH = nullptr;
}

const void* GemmBuffers::a(GemmKind kind) const {
    return kind == GemmKind::BF16 ? m_aBf : (kind == GemmKind::F16 || kind == GemmKind::F16Acc16) ? m_aH : m_a32;
}
const void* GemmBuffers::b(GemmKind kind) const {
    return kind == GemmKind::BF16 ? m_bBf : (kind == GemmKind::F16 || kind == GemmKind::F16Acc16) ? m_bH : m_b32;
}
void* GemmBuffers::c(GemmKind kind) const {
    return kind == GemmKind::BF16 ? m_cBf : (kind == GemmKind::F16 || kind == GemmKind::F16Acc16) ? m_cH : m_c32;
}

double GemmBuffers::seconds(GemmKind kind, int iters) {
    cublasHandle_t h = blasHandle();
    const std::string what = std::string("cublasGemmEx ") + gemmKindName(kind) + " " + std::to_string(m_m) + "x" +
                             std::to_string(m_n) + "x" + std::to_string(m_k);
    PRESISI_CUDA(cublasSetMathMode(h, kind == GemmKind::TF32 ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH), what);
    const int m = static_cast<int>(m_m), n = static_cast<int>(m_n), k = static_cast<int>(m_k);
    const float one = 1.0f, zero = 0.0f;
    const __half hone = __float2half(1.0f), hzero = __float2half(0.0f);
    cudaDataType_t in = CUDA_R_32F, out = CUDA_R_32F;
    cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
    const void* alpha = &one;
    const void* beta = &zero;
    switch (kind) {
    case GemmKind::F32: break;
    case GemmKind::TF32: compute = CUBLAS_COMPUTE_32F_FAST_TF32; break;
    case GemmKind::BF16: in = out = CUDA_R_16BF; break;
    case GemmKind::F16: in = out = CUDA_R_16F; break;
    case GemmKind::F16Acc16:
        in = out = CUDA_R_16F;
        compute = CUBLAS_COMPUTE_16F;
        alpha = &hone;
        beta = &hzero;
        break;
    }
    Events ev;
    PRESISI_CUDA(cudaEventRecord(ev.start), what);
    for (int i = 0; i < iters; ++i)
        PRESISI_CUDA(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, alpha, b(kind), in, n, a(kind), in, k, beta,
                                  c(kind), out, n, compute, CUBLAS_GEMM_DEFAULT),
                     what);
    PRESISI_CUDA(cudaEventRecord(ev.stop), what);
    PRESISI_CUDA(cudaEventSynchronize(ev.stop), what);
    float ms = 0;
    PRESISI_CUDA(cudaEventElapsedTime(&ms, ev.start, ev.stop), what);
    PRESISI_CUDA(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH), what);
    return static_cast<double>(ms) * 1e-3 / iters;
}

}  // namespace presisi::cuda
