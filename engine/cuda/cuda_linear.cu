// The linear-layer lab on a CUDA device: rounding kernels, cublasGemmEx with float32 accumulation
// (TF32 tensor cores, or float16 accumulation, for the extra lanes), bias and output rounding.
// The cuBLAS handle is per thread and the device buffers are kept between calls. No Qt here.
#include "cuda_linear.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>

#include "cuda_check.h"
#include "cuda_context.h"
#include "cuda_round.cuh"

namespace presisi {

namespace {

using cuda::DeviceBuffer;

// Rounds float32 values to the format and stores the (exactly representable) result in 16 bits.
__global__ void packBf16Kernel(const float* in, __nv_bfloat16* out, std::size_t n, bool flush) {
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
        out[i] = __float2bfloat16_rn(cuda::roundDev(cuda::kBF16, in[i], flush));
}
__global__ void packF16Kernel(const float* in, __half* out, std::size_t n, bool flush) {
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
        out[i] = __float2half_rn(cuda::roundDev(cuda::kF16, in[i], flush));
}
// f32 lanes with flush-to-zero: the inputs are flushed as the CPU lane flushes them.
__global__ void flushF32Kernel(const float* in, float* out, std::size_t n) {
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
        out[i] = cuda::roundDev(cuda::kF32, in[i], true);
}

// y: (batch, out) row-major float32 holding x W^T. Adds the bias rounded to the format in float32
// and rounds the sum once to the format (storage stays float32), flushing if asked.
__global__ void biasRoundKernel(float* y, const float* bias, std::size_t batch, std::size_t out, int fmt,
                                bool flush) {
    const std::size_t n = batch * out;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        const float b = cuda::roundDev(fmt, bias[i % out], flush);
        y[i] = cuda::roundDev(fmt, y[i] + b, flush);
    }
}

// The 16F-accumulation lane's output, widened to float32 and the bias added as above.
__global__ void widenBiasRoundKernel(const __half* h, float* y, const float* bias, std::size_t batch,
                                     std::size_t out, bool flush) {
    const std::size_t n = batch * out;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        const float b = cuda::roundDev(cuda::kF16, bias[i % out], flush);
        y[i] = cuda::roundDev(cuda::kF16, __half2float(h[i]) + b, flush);
    }
}

struct LinearWorkspace {
    DeviceBuffer x, w, b, y;  // float32 inputs as given, and the float32 output
    DeviceBuffer lx, lw;      // rounded inputs: 16-bit for bf16/f16, flushed float32 for f32+ftz
    DeviceBuffer hy;          // float16 output of the 16F-accumulation lane
};

LinearWorkspace& workspace() {
    thread_local LinearWorkspace ws;
    return ws;
}

struct Shape {
    std::size_t batch, in, out;
    std::string text;  // "bf16 64x256x256 (batch x in x out)"
};

Shape shapeOf(const LinearLane& lane, Index batch, Index in, Index out) {
    if (batch < 1 || in < 1 || out < 1 || batch > INT_MAX || in > INT_MAX || out > INT_MAX)
        throw Error("linear on the GPU: sizes must be positive and below 2^31 (batch " + std::to_string(batch) +
                    ", in " + std::to_string(in) + ", out " + std::to_string(out) + ")");
    return {static_cast<std::size_t>(batch), static_cast<std::size_t>(in), static_cast<std::size_t>(out),
            lane.label() + " " + std::to_string(batch) + "x" + std::to_string(in) + "x" + std::to_string(out) +
                " (batch x in x out)"};
}

bool flushes(const LinearLane& lane) { return lane.subnormals == Subnormals::Flush; }
bool packs(const LinearLane& lane) { return lane.format != Format::F32; }
bool acc16(const LinearLane& lane) { return lane.format == Format::F16 && lane.accumulation == Accumulation::Storage; }

// Reserves everything the lane needs, predicting out-of-memory for the whole set first.
void reserveFor(LinearWorkspace& ws, const LinearLane& lane, const Shape& s) {
    const std::size_t xs = s.batch * s.in, ws_ = s.out * s.in, ys = s.batch * s.out;
    std::size_t lowBytes = 0;
    if (packs(lane)) lowBytes = sizeof(std::uint16_t);
    else if (flushes(lane)) lowBytes = sizeof(float);
    cuda::reserveAll({{&ws.x, xs * sizeof(float)},
                      {&ws.w, ws_ * sizeof(float)},
                      {&ws.b, s.out * sizeof(float)},
                      {&ws.y, ys * sizeof(float)},
                      {&ws.lx, xs * lowBytes},
                      {&ws.lw, ws_ * lowBytes},
                      {&ws.hy, acc16(lane) ? ys * sizeof(__half) : 0}},
                     "linear " + s.text);
}

void upload(LinearWorkspace& ws, const Matrix& x, const Matrix& weight, const Vector& bias, const Shape& s) {
    PRESISI_CUDA(cudaMemcpy(ws.x.as<float>(), x.data(), s.batch * s.in * sizeof(float), cudaMemcpyHostToDevice),
                 "x " + s.text);
    PRESISI_CUDA(cudaMemcpy(ws.w.as<float>(), weight.data(), s.out * s.in * sizeof(float), cudaMemcpyHostToDevice),
                 "weight " + s.text);
    PRESISI_CUDA(cudaMemcpy(ws.b.as<float>(), bias.data(), s.out * sizeof(float), cudaMemcpyHostToDevice),
                 "bias " + s.text);
}

// The forward pass on data already on the device; leaves y in ws.y. Asynchronous on the default
// stream: launch errors are checked here, execution errors surface at the next synchronising call.
void forwardOnDevice(LinearWorkspace& ws, const LinearLane& lane, const Shape& s) {
    reserveFor(ws, lane, s);
    cublasHandle_t h = cuda::blasHandle();
    const std::size_t xs = s.batch * s.in, wsz = s.out * s.in, ys = s.batch * s.out;
    const bool flush = flushes(lane);
    // Row-major y = x W^T is column-major y^T = W x^T: W's memory read as (in, out) and transposed.
    const int m = static_cast<int>(s.out), n = static_cast<int>(s.batch), k = static_cast<int>(s.in);
    const float one = 1.0f, zero = 0.0f;
    const std::string gemm = "cublasGemmEx " + s.text;

    if (!packs(lane)) {
        const float* px = ws.x.as<float>();
        const float* pw = ws.w.as<float>();
        if (flush) {
            flushF32Kernel<<<cuda::blocksFor(xs), 256>>>(px, ws.lx.as<float>(), xs);
            flushF32Kernel<<<cuda::blocksFor(wsz), 256>>>(pw, ws.lw.as<float>(), wsz);
            PRESISI_CUDA(cudaGetLastError(), "flush kernel " + s.text);
            px = ws.lx.as<float>();
            pw = ws.lw.as<float>();
        }
        const cublasComputeType_t compute = lane.tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F_PEDANTIC;
        PRESISI_CUDA(cublasSetMathMode(h, lane.tf32 ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_PEDANTIC_MATH), gemm);
        PRESISI_CUDA(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, pw, CUDA_R_32F, k, px, CUDA_R_32F, k,
                                  &zero, ws.y.as<float>(), CUDA_R_32F, m, compute, CUBLAS_GEMM_DEFAULT),
                     gemm);
        biasRoundKernel<<<cuda::blocksFor(ys), 256>>>(ws.y.as<float>(), ws.b.as<float>(), s.batch, s.out, cuda::kF32,
                                                      flush);
        PRESISI_CUDA(cudaGetLastError(), "bias kernel " + s.text);
        return;
    }

    const bool bf16 = lane.format == Format::BF16;
    const cudaDataType_t dt = bf16 ? CUDA_R_16BF : CUDA_R_16F;
    if (bf16) {
        packBf16Kernel<<<cuda::blocksFor(xs), 256>>>(ws.x.as<float>(), ws.lx.as<__nv_bfloat16>(), xs, flush);
        packBf16Kernel<<<cuda::blocksFor(wsz), 256>>>(ws.w.as<float>(), ws.lw.as<__nv_bfloat16>(), wsz, flush);
    } else {
        packF16Kernel<<<cuda::blocksFor(xs), 256>>>(ws.x.as<float>(), ws.lx.as<__half>(), xs, flush);
        packF16Kernel<<<cuda::blocksFor(wsz), 256>>>(ws.w.as<float>(), ws.lw.as<__half>(), wsz, flush);
    }
    PRESISI_CUDA(cudaGetLastError(), "rounding kernel " + s.text);
    PRESISI_CUDA(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH), gemm);
    if (acc16(lane)) {
        // The demonstration lane: float16 accumulation (CUBLAS_COMPUTE_16F), then widened.
        const __half hone = __float2half(1.0f), hzero = __float2half(0.0f);
        PRESISI_CUDA(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &hone, ws.lw.as<void>(), dt, k,
                                  ws.lx.as<void>(), dt, k, &hzero, ws.hy.as<__half>(), CUDA_R_16F, m,
                                  CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT),
                     gemm + " (16F accumulation)");
        widenBiasRoundKernel<<<cuda::blocksFor(ys), 256>>>(ws.hy.as<__half>(), ws.y.as<float>(), ws.b.as<float>(),
                                                           s.batch, s.out, flush);
        PRESISI_CUDA(cudaGetLastError(), "widening kernel " + s.text);
        return;
    }
    PRESISI_CUDA(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, ws.lw.as<void>(), dt, k, ws.lx.as<void>(),
                              dt, k, &zero, ws.y.as<float>(), CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                 gemm);
    biasRoundKernel<<<cuda::blocksFor(ys), 256>>>(ws.y.as<float>(), ws.b.as<float>(), s.batch, s.out,
                                                  bf16 ? cuda::kBF16 : cuda::kF16, flush);
    PRESISI_CUDA(cudaGetLastError(), "bias kernel " + s.text);
}

void checkShapes(const Matrix& x, const Matrix& weight, const Vector& bias) {
    if (x.cols() != weight.cols() || bias.size() != weight.rows())
        throw Error("linear on the GPU: shapes do not match: x " + std::to_string(x.rows()) + "x" +
                    std::to_string(x.cols()) + ", weight " + std::to_string(weight.rows()) + "x" +
                    std::to_string(weight.cols()) + ", bias " + std::to_string(bias.size()));
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

struct Event {
    cudaEvent_t e = nullptr;
    Event() { PRESISI_CUDA(cudaEventCreate(&e), std::string("benchmark event")); }
    ~Event() {
        if (e) cudaEventDestroy(e);
    }
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;
};

}  // namespace

Matrix linearForwardCuda(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias) {
    checkShapes(x, weight, bias);
    const Shape s = shapeOf(lane, x.rows(), x.cols(), weight.rows());
    LinearWorkspace& ws = workspace();
    reserveFor(ws, lane, s);
    upload(ws, x, weight, bias, s);
    forwardOnDevice(ws, lane, s);
    Matrix y(x.rows(), weight.rows());
    PRESISI_CUDA(cudaMemcpy(y.data(), ws.y.as<float>(), s.batch * s.out * sizeof(float), cudaMemcpyDeviceToHost),
                 "y " + s.text);
    return y;
}

std::vector<LinearBenchRow> benchLinearCuda(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                            int repeats) {
    const LinearInputs in = makeLinearInputs(config);
    checkShapes(in.x, in.weight, in.bias);
    LinearWorkspace& ws = workspace();
    std::vector<Shape> shapes;
    for (const LinearLane& lane : lanes) {
        shapes.push_back(shapeOf(lane, config.batch, config.in, config.out));
        reserveFor(ws, lane, shapes.back());
    }
    if (lanes.empty()) return {};
    upload(ws, in.x, in.weight, in.bias, shapes.front());

    Event start, stop;
    for (std::size_t i = 0; i < lanes.size(); ++i) forwardOnDevice(ws, lanes[i], shapes[i]);  // warm-up
    PRESISI_CUDA(cudaDeviceSynchronize(), std::string("benchmark warm-up"));
    std::vector<std::vector<double>> times(lanes.size());
    for (int r = 0; r < std::max(1, repeats); ++r) {
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            PRESISI_CUDA(cudaEventRecord(start.e), shapes[i].text);
            forwardOnDevice(ws, lanes[i], shapes[i]);
            PRESISI_CUDA(cudaEventRecord(stop.e), shapes[i].text);
            PRESISI_CUDA(cudaEventSynchronize(stop.e), shapes[i].text);
            float ms = 0;
            PRESISI_CUDA(cudaEventElapsedTime(&ms, start.e, stop.e), shapes[i].text);
            times[i].push_back(ms / 1e3);
        }
    }
    const double flops = 2.0 * static_cast<double>(config.batch) * config.in * config.out;
    std::vector<LinearBenchRow> rows;
    double f32Seconds = 0;
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        const double sec = median(times[i]);
        const LinearLane& l = lanes[i];
        if (f32Seconds == 0 && l.format == Format::F32 && !l.tf32 && l.subnormals == Subnormals::Keep) f32Seconds = sec;
        rows.push_back({l.label(), sec, sec > 0 ? flops / sec / 1e9 : 0, 0});
    }
    for (auto& row : rows) row.ratioToF32 = f32Seconds > 0 ? row.seconds / f32Seconds : 0;
    return rows;
}

}  // namespace presisi
