// GEMM throughput checks: benchGemm's gpu:bf16 and gpu:f16 rows at 8192 x 8192 x 8192 must reach 80% of a
// bare cublasGemmEx (fresh handle, default math, CUBLAS_GEMM_DEFAULT) on the same buffers in the same run.
// 80%: the engine makes the same call; what it adds (math-mode setting, event timing over short batches,
// the median) must cost little. No Qt here.
#include "gemm_checks.h"

#include <algorithm>
#include <atomic>
#include <cstdio>

#include "check_support.h"
#include "engine/speed/gemm_bench.h"
#ifdef PRESISI_HAVE_CUDA
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime_api.h>

#include "engine/cuda/cuda_check.h"
#include "engine/cuda/cuda_gemm_bench.h"
#endif

namespace presisi::gpucheck {

namespace {

constexpr std::int64_t kSize = 8192;
constexpr double kFloor = 0.8;

#ifdef PRESISI_HAVE_CUDA
// The reference: cublasGemmEx on its own handle, row-major C = A B as column-major C^T = B^T A^T,
// inputs and output in the format, float32 accumulation; TFLOP/s of the median of 5 batches of 10 calls.
double bareTflops(cuda::GemmBuffers& buf, cuda::GemmKind kind) {
    cublasHandle_t h = nullptr;
    PRESISI_CUDA(cublasCreate(&h), "bare cuBLAS handle");
    const cudaDataType_t t = kind == cuda::GemmKind::BF16 ? CUDA_R_16BF : CUDA_R_16F;
    const int n = static_cast<int>(buf.n()), m = static_cast<int>(buf.m()), k = static_cast<int>(buf.k());
    const float one = 1.0f, zero = 0.0f;
    cudaEvent_t a = nullptr, b = nullptr;
    PRESISI_CUDA(cudaEventCreate(&a), "bare event");
    PRESISI_CUDA(cudaEventCreate(&b), "bare event");
    auto call = [&] {
        PRESISI_CUDA(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one, buf.b(kind), t, n, buf.a(kind), t, k,
                                  &zero, buf.c(kind), t, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                     "bare cublasGemmEx");
    };
    call();
    PRESISI_CUDA(cudaDeviceSynchronize(), "bare warm-up");
    std::vector<double> sec;
    for (int r = 0; r < 5; ++r) {
        PRESISI_CUDA(cudaEventRecord(a), "bare event");
        for (int i = 0; i < 10; ++i) call();
        PRESISI_CUDA(cudaEventRecord(b), "bare event");
        PRESISI_CUDA(cudaEventSynchronize(b), "bare event");
        float ms = 0;
        PRESISI_CUDA(cudaEventElapsedTime(&ms, a, b), "bare event");
        sec.push_back(ms * 1e-3 / 10);
    }
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    cublasDestroy(h);
    std::sort(sec.begin(), sec.end());
    return 2.0 * static_cast<double>(m) * n * k / sec[2] / 1e12;
}
#endif

// One run shared by the rows: the engine's bench at 8192 between two bare measurements (the better
// bare figure is the reference, so drift cannot favour the engine).
struct Measured {
    GemmBenchReport report;
    double bare[2] = {0, 0};  // bf16, f16
};

const Measured& measured() {
    static const Measured m = [] {
        Measured r;
#ifdef PRESISI_HAVE_CUDA
        const cuda::GemmKind kinds[2] = {cuda::GemmKind::BF16, cuda::GemmKind::F16};
        {
            cuda::GemmBuffers buf(kSize, kSize, kSize);
            for (int i = 0; i < 2; ++i) r.bare[i] = bareTflops(buf, kinds[i]);
        }
        GemmBenchSettings s;
        s.sizes = {kSize};
        s.device = Device::Gpu;
        s.repeats = 5;
        const std::atomic<bool> cancel{false};
        r.report = benchGemm(s, {}, cancel);
        cuda::GemmBuffers buf(kSize, kSize, kSize);
        for (int i = 0; i < 2; ++i) r.bare[i] = std::max(r.bare[i], bareTflops(buf, kinds[i]));
#endif
        return r;
    }();
    return m;
}

double laneTflops(const std::string& lane) {
    for (const GemmRow& row : measured().report.rows)
        if (row.lane == lane) return row.tflops;
    return 0;
}

Check ratioCheck(const std::string& lane, int which) {
    const double eng = laneTflops(lane), bare = measured().bare[which];
    const double ratio = bare > 0 ? eng / bare : 0;
    char d[200];
    std::snprintf(d, sizeof d, "engine %.1f TFLOP/s, bare cublasGemmEx %.1f TFLOP/s: %.3f (floor %.2f)", eng, bare,
                  ratio, kFloor);
    return {"", ratio >= kFloor ? Outcome::Pass : Outcome::Fail, d};
}

}  // namespace

std::vector<CheckCase> gemmThroughputCases() {
    return {
        guardedCase("gemm 8192 gpu:bf16 >= 0.8 x bare cublasGemmEx", [] { return ratioCheck("gpu:bf16", 0); }),
        guardedCase("gemm 8192 gpu:f16 >= 0.8 x bare cublasGemmEx", [] { return ratioCheck("gpu:f16", 1); }),
        guardedCase("gemm 8192 TFLOP/s per GPU lane",
                    [] {
                        std::string d;
                        for (const GemmRow& row : measured().report.rows) {
                            char one[80];
                            std::snprintf(one, sizeof one, "%s%s %.1f", d.empty() ? "" : ", ", row.lane.c_str(), row.tflops);
                            d += one;
                        }
                        return Check{"", Outcome::Info, d};
                    }),
    };
}

}  // namespace presisi::gpucheck
