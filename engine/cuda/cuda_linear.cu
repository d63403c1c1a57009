// The linear-layer lab on a CUDA device: the shared operand rounding and cublasGemmEx (cuda_blas.h)
// with float32 accumulation (TF32 tensor cores, or float16 accumulation, for the extra lanes), bias
// and output rounding.
// The cuBLAS handle is per thread and the device buffers are kept between calls. No Qt here.
#include "cuda_linear.h"

#include <algorithm>
#include <climits>
#include <string>

#include "cuda_blas.h"
#include "cuda_check.h"
#include "cuda_context.h"
#include "cuda_round.cuh"
#include "cuda_training.h"
#include "../timing.h"

namespace presisi {

namespace {

using cuda::DeviceBuffer;

// The 16F-accumulation lane's output (batch, out), widened to float32; the bias rounded to f16 is added
// in float32 and the sum rounded once to f16, as cuda::addBiasRound does for the other lanes.
__global__ void widenBiasRoundKernel(const __half* h, float* y, const float* bias, std::size_t batch,
                                     std::size_t out, bool flush) {
    PRESISI_GRID_STRIDE(i, batch * out) {
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
bool acc16(const LinearLane& lane) { return lane.format == Format::F16 && lane.accumulation == Accumulation::Storage; }

// Reserves everything the lane needs, predicting out-of-memory for the whole set first.
void reserveFor(LinearWorkspace& ws, const LinearLane& lane, const Shape& s) {
    const std::size_t xs = s.batch * s.in, ws_ = s.out * s.in, ys = s.batch * s.out;
    const std::size_t lowBytes = cuda::operandBytes(lane.format, flushes(lane));
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
    const std::size_t xs = s.batch * s.in, wsz = s.out * s.in, ys = s.batch * s.out;
    const bool flush = flushes(lane);
    const std::string gemm = "cublasGemmEx " + s.text;
    const void* px = cuda::gemmOperand(ws.x.as<float>(), ws.lx, xs, lane.format, flush, s.text);
    const void* pw = cuda::gemmOperand(ws.w.as<float>(), ws.lw, wsz, lane.format, flush, s.text);
    // y = x W^T, row-major (batch, out).
    const int batch = static_cast<int>(s.batch), out = static_cast<int>(s.out), in = static_cast<int>(s.in);
    cuda::GemmTypes t;
    t.input = cuda::operandType(lane.format);
    if (lane.format == Format::F32) {
        t.compute = lane.tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F_PEDANTIC;
        t.math = lane.tf32 ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_PEDANTIC_MATH;
    } else {
        t.compute = CUBLAS_COMPUTE_32F;
        t.math = CUBLAS_DEFAULT_MATH;
    }
    if (acc16(lane)) {
        // The demonstration lane: float16 accumulation (CUBLAS_COMPUTE_16F), then widened.
        t.output = CUDA_R_16F;
        t.compute = CUBLAS_COMPUTE_16F;
        cuda::gemmRowMajor(false, true, batch, out, in, px, pw, ws.hy.as<void>(), t, gemm + " (16F accumulation)");
        widenBiasRoundKernel<<<cuda::blocksFor(ys), cuda::kThreads>>>(ws.hy.as<__half>(), ws.y.as<float>(),
                                                                      ws.b.as<float>(), s.batch, s.out, flush);
        PRESISI_CUDA(cudaGetLastError(), "widening kernel " + s.text);
        return;
    }
    cuda::gemmRowMajor(false, true, batch, out, in, px, pw, ws.y.as<float>(), t, gemm);
    cuda::addBiasRound(ws.y.as<float>(), ws.b.as<float>(), batch, out, lane.format, flush);
}

void checkShapes(const Matrix& x, const Matrix& weight, const Vector& bias) {
    if (x.cols() != weight.cols() || bias.size() != weight.rows())
        throw Error("linear on the GPU: shapes do not match: x " + std::to_string(x.rows()) + "x" +
                    std::to_string(x.cols()) + ", weight " + std::to_string(weight.rows()) + "x" +
                    std::to_string(weight.cols()) + ", bias " + std::to_string(bias.size()));
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
