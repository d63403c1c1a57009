// Device kernels of the training lanes (see cuda_training.h for the contracts; the products and bias
// kernels are in cuda_blas.cu, device memory in cuda_buffer.cu). Element-wise kernels
// use grid-stride loops; reductions use a fixed launch shape and sum in double or in a fixed order,
// so every result is the same from run to run. Compiled with --fmad=false like the host's
// -ffp-contract=off. No Qt here.
#include "cuda_training.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>

#include "cuda_check.h"
#include "cuda_context.h"
#include "cuda_round.cuh"
#include "../numerics/loss.h"

namespace presisi::cuda {

namespace {

constexpr unsigned kPartialBlocks = 256;  // fixed, so reductions sum in the same order every time

std::string count(std::size_t n) { return std::to_string(n) + " elements"; }
std::string dims(int r, int c) { return std::to_string(r) + "x" + std::to_string(c); }

void launched(const std::string& what) { PRESISI_CUDA(cudaGetLastError(), what); }

const char* actName(Activation a) {
    switch (a) {
    case Activation::Relu: return "relu";
    case Activation::Tanh: return "tanh";
    case Activation::Gelu: return "gelu";
    default: return "sigmoid";
    }
}

// ---- rounding -------------------------------------------------------------------------------------

__global__ void roundKernel(float* d, std::size_t n, int fmt, bool flush) {
    PRESISI_GRID_STRIDE(i, n) d[i] = roundDev(fmt, d[i], flush);
}
// ---- reductions -----------------------------------------------------------------------------------

// Block-wide sum in double through shared memory, fixed tree order. blockDim.x == kThreads.
__device__ double blockSum(double v) {
    __shared__ double s[kThreads];
    s[threadIdx.x] = v;
    __syncthreads();
    for (unsigned w = kThreads / 2; w > 0; w >>= 1) {
        if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    const double r = s[0];
    __syncthreads();
    return r;
}

__global__ void partialSquares(const float* d, std::size_t n, double* partial) {
    double acc = 0;
    PRESISI_GRID_STRIDE(i, n) acc += static_cast<double>(d[i]) * d[i];
    const double b = blockSum(acc);
    if (threadIdx.x == 0) partial[blockIdx.x] = b;
}
__global__ void finalSum(const double* partial, unsigned n, double* out) {
    double acc = 0;
    for (unsigned i = threadIdx.x; i < n; i += blockDim.x) acc += partial[i];
    const double b = blockSum(acc);
    if (threadIdx.x == 0) *out = b;
}

struct ReduceScratch {
    DeviceBuffer partial, result, rows, count;
};
ReduceScratch& reduceScratch() {
    thread_local ReduceScratch s;
    return s;
}

double readDouble(const double* d, const std::string& what) {
    double h = 0;
    PRESISI_CUDA(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost), what);
    return h;
}

// ---- activations ----------------------------------------------------------------------------------

constexpr float kSqrt1_2 = 0.707106781186547524401f;
// PyTorch's kBeta for GELU's backward: M_2_SQRTPI * M_SQRT1_2 * 0.5 = 1 / sqrt(2 pi).
constexpr float kGeluBeta = 0.398942280401432677940f;

// Same order as presisi::Activation, passed to the kernels as an int.
enum ActivationCode : int { kRelu = 0, kTanh = 1, kGelu = 2, kSigmoid = 3 };
static_assert(kRelu == static_cast<int>(Activation::Relu) && kTanh == static_cast<int>(Activation::Tanh) &&
                  kGelu == static_cast<int>(Activation::Gelu) && kSigmoid == static_cast<int>(Activation::Sigmoid),
              "ActivationCode must follow presisi::Activation's order: kernels receive static_cast<int>(Activation)");

__device__ __forceinline__ float actForward(int act, float z) {
    switch (act) {
    case kRelu: return z > 0.0f ? z : (z == z ? 0.0f : z);  // relu, NaN stays NaN
    case kTanh: return tanhf(z);
    case kGelu: return z * 0.5f * (1.0f + erff(z * kSqrt1_2));
    default: return 1.0f / (1.0f + expf(-z));
    }
}
__device__ __forceinline__ float actBackward(int act, float z, float a, float da) {
    switch (act) {
    case kRelu: return a <= 0.0f ? 0.0f : da;  // on the output, as the CPU lane (NaN passes the gradient)
    case kTanh: return da * (1.0f - a * a);
    case kGelu: {
        const float cdf = 0.5f * (1.0f + erff(z * kSqrt1_2));
        const float pdf = kGeluBeta * expf(z * z * -0.5f);
        return da * (cdf + z * pdf);
    }
    default: return da * (1.0f - a) * a;
    }
}
__global__ void activationForwardKernel(int act, const float* z, float* a, std::size_t n, int fmt, bool flush) {
    PRESISI_GRID_STRIDE(i, n) a[i] = roundDev(fmt, actForward(act, z[i]), flush);
}
__global__ void activationBackwardKernel(int act, const float* z, const float* a, const float* da, float* dz,
                                         std::size_t n, int fmt, bool flush) {
    PRESISI_GRID_STRIDE(i, n) dz[i] = roundDev(fmt, actBackward(act, z[i], a[i], da[i]), flush);
}

// ---- losses ---------------------------------------------------------------------------------------

struct LossCodes {
    int logits, softmax, loss, low;
    bool smCast, lowReduction, flush;
};

// One thread per row, as the CPU lane computes it: log-softmax (in the softmax's format), the row's
// nll, whether the first arg-max hits the label, and the gradient at the logits. Device code of its own:
// engine/numerics/loss.h's functions are host code (std::exp, std::log); same operations, same order.
__global__ void crossEntropyKernel(const float* z, const int* labels, std::size_t rows, std::size_t classes,
                                   float* dz, float g, LossCodes f, float* rowLoss, unsigned long long* correct) {
    PRESISI_GRID_STRIDE(r, rows) {
        const float* zr = z + r * classes;
        float* dr = dz + r * classes;
        std::size_t best = 0;
        for (std::size_t j = 1; j < classes; ++j)
            if (zr[j] > zr[best] || zr[best] != zr[best]) best = j;
        const int label = labels[r];
        if (best == static_cast<std::size_t>(label) && zr[best] == zr[best]) atomicAdd(correct, 1ull);
        // dz holds the rounded softmax inputs, then the log-softmax, then the gradient.
        float m = -INFINITY;
        for (std::size_t j = 0; j < classes; ++j) {
            const float v = f.smCast ? roundDev(f.softmax, zr[j], f.flush) : zr[j];
            dr[j] = v;
            m = fmaxf(m, v);
            if (v != v) m = v;
        }
        float sum = 0.0f;
        for (std::size_t j = 0; j < classes; ++j) sum += expf(dr[j] - m);
        const float lse = logf(sum);
        for (std::size_t j = 0; j < classes; ++j) dr[j] = roundDev(f.softmax, (dr[j] - m) - lse, f.flush);
        rowLoss[r] = -roundDev(f.loss, dr[label], f.flush);
        for (std::size_t j = 0; j < classes; ++j) {
            const float v = (static_cast<std::size_t>(label) == j ? g : 0.0f) - expf(dr[j]) * g;
            float d = roundDev(f.softmax, v, f.flush);
            if (f.softmax != f.logits) d = roundDev(f.logits, d, f.flush);
            dr[j] = d;
        }
    }
}

// The batch sum of per-row (or per-element) losses: in double in a fixed order, or — the
// accumulation hazard — in row order with every partial sum rounded to the low format.
__global__ void lowSumKernel(const float* v, std::size_t n, int low, bool flush, float* out) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    float s = 0.0f;
    for (std::size_t i = 0; i < n; ++i) s = roundDev(low, s + v[i], flush);
    *out = s;
}
__global__ void partialSumFloat(const float* d, std::size_t n, double* partial) {
    double acc = 0;
    PRESISI_GRID_STRIDE(i, n) acc += d[i];
    const double b = blockSum(acc);
    if (threadIdx.x == 0) partial[blockIdx.x] = b;
}

__global__ void softmaxKernel(const float* z, float* p, std::size_t rows, std::size_t cols, bool logSoftmax,
                              int fmt, bool flush) {
    PRESISI_GRID_STRIDE(r, rows) {
        const float* zr = z + r * cols;
        float mx = zr[0];
        for (std::size_t j = 1; j < cols; ++j) mx = fmaxf(mx, zr[j]);
        float sum = 0.0f;
        for (std::size_t j = 0; j < cols; ++j) sum += expf(zr[j] - mx);
        const float lse = logf(sum);
        for (std::size_t j = 0; j < cols; ++j) {
            const float logp = zr[j] - mx - lse;
            p[r * cols + j] = roundDev(fmt, logSoftmax ? logp : expf(logp), flush);
        }
    }
}

// torch's mse and its backward alpha * (z - t) * grad, alpha = 2 / numel, every step rounded to the
// loss's format as the CPU lane does.
__global__ void mseKernel(const float* y, const float* t, std::size_t n, float* dy, float alpha, float dL,
                          LossCodes f, float* sq) {
    PRESISI_GRID_STRIDE(i, n) {
        const float d = roundDev(f.loss, roundDev(f.loss, y[i], f.flush) - roundDev(f.loss, t[i], f.flush), f.flush);
        sq[i] = roundDev(f.loss, d * d, f.flush);
        float g = roundDev(f.loss, roundDev(f.loss, alpha * d, f.flush) * dL, f.flush);
        if (f.loss != f.logits) g = roundDev(f.logits, g, f.flush);
        dy[i] = g;
    }
}

// ---- statistics, scaler, optimizers ---------------------------------------------------------------

__global__ void gradCountsKernel(const float* lane, const float* shadow, std::size_t n, int fmt,
                                 unsigned long long* out) {
    unsigned long long u = 0, s = 0, nf = 0;
    const float minNormal = minNormalOf(fmt);
    PRESISI_GRID_STRIDE(i, n) {
        const unsigned k = numerics::classifyGradient(lane[i], shadow[i], minNormal);  // the host's rule
        u += (k & numerics::kUnderflowed) != 0;
        s += (k & numerics::kSubnormal) != 0;
        nf += (k & numerics::kNonFinite) != 0;
    }
    if (u) atomicAdd(&out[0], u);
    if (s) atomicAdd(&out[1], s);
    if (nf) atomicAdd(&out[2], nf);
}

__global__ void unscaleKernel(const float* g, float* out, std::size_t n, float inv, int* found) {
    PRESISI_GRID_STRIDE(i, n) {
        const float v = inv == 1.0f ? g[i] : g[i] * inv;
        if (!isfinite(v)) *found = 1;
        out[i] = v;
    }
}

__global__ void sgdKernel(float* p, const float* g, float* buf, std::size_t n, float lr, float momentum, float wd,
                          bool useMomentum, bool first) {
    PRESISI_GRID_STRIDE(i, n) {
        float grad = g[i];
        if (wd != 0.0f) grad = fmaf(p[i], wd, grad);
        if (useMomentum) {
            const float b = first ? grad : buf[i] * momentum + grad;
            buf[i] = b;
            grad = b;
        }
        p[i] = fmaf(grad, -lr, p[i]);
    }
}

// Adam and AdamW as engine/numerics/optimizer.cpp computes them (every operation written out and fused
// only where that code calls fma: __fmul_rn/__fadd_rn keep nvcc from contracting the rest).
__global__ void adamKernel(float* p, const float* g, float* m, float* v, std::size_t n, float beta1,
                           float oneMinusBeta1, float beta2, float oneMinusBeta2, float wd, bool decoupled,
                           float decay, bool v2, float bc2Sqrt, float eps, float negStepSize) {
    PRESISI_GRID_STRIDE(i, n) {
        float param = p[i];
        if (decoupled && wd != 0.0f) param = __fmul_rn(param, decay);
        float grad = g[i];
        if (!decoupled && wd != 0.0f) grad = fmaf(param, wd, grad);
        float mi, vi;
        if (v2) {
            mi = fmaf(oneMinusBeta1, __fsub_rn(grad, m[i]), m[i]);
            vi = fmaf(__fmul_rn(oneMinusBeta2, grad), grad, __fmul_rn(v[i], beta2));
        } else {
            mi = fmaf(grad, oneMinusBeta1, __fmul_rn(m[i], beta1));
            vi = __fadd_rn(__fmul_rn(v[i], beta2), __fmul_rn(__fmul_rn(oneMinusBeta2, grad), grad));
        }
        m[i] = mi;
        v[i] = vi;
        const float denom = __fadd_rn(__fdiv_rn(__fsqrt_rn(vi), bc2Sqrt), eps);
        p[i] = v2 ? __fadd_rn(param, __fdiv_rn(__fmul_rn(negStepSize, mi), denom))
                  : __fadd_rn(param, __fmul_rn(negStepSize, __fdiv_rn(mi, denom)));
    }
}

}  // namespace

// ---- operations -----------------------------------------------------------------------------------

void roundInPlace(float* data, std::size_t n, Format format, bool flush) {
    if (n == 0 || (format == Format::F32 && !flush)) return;
    roundKernel<<<blocksFor(n), kThreads>>>(data, n, code(format), flush);
    launched("rounding kernel (" + std::string(traits(format).name) + ", " + count(n) + ")");
}

void activationForward(Activation act, const float* z, float* a, std::size_t n, Format format, bool flush) {
    activationForwardKernel<<<blocksFor(n), kThreads>>>(static_cast<int>(act), z, a, n, code(format), flush);
    launched(std::string(actName(act)) + " forward kernel (" + count(n) + ")");
}

void activationBackward(Activation act, const float* z, const float* a, const float* da, float* dz, std::size_t n,
                        Format format, bool flush) {
    activationBackwardKernel<<<blocksFor(n), kThreads>>>(static_cast<int>(act), z, a, da, dz, n, code(format),
                                                         flush);
    launched(std::string(actName(act)) + " backward kernel (" + count(n) + ")");
}

namespace {

LossCodes codesOf(const LossFormats& f) {
    return {code(f.logits), code(f.softmax), code(f.loss), code(f.low), f.softmax != f.logits && f.softmax != Format::F32,
            f.lowReduction, f.flush};
}

// Sum of n float losses on the device: double in a fixed order, or rounded partial sums.
float batchSum(const float* v, std::size_t n, const LossFormats& f, const std::string& what) {
    ReduceScratch& s = reduceScratch();
    reserveAll({{&s.partial, kPartialBlocks * sizeof(double)}, {&s.result, sizeof(double)}}, what);
    if (f.lowReduction) {
        lowSumKernel<<<1, 1>>>(v, n, code(f.low), f.flush, s.result.as<float>());
        launched("low-precision sum for " + what);
        float h = 0;
        PRESISI_CUDA(cudaMemcpy(&h, s.result.as<float>(), sizeof h, cudaMemcpyDeviceToHost), what);
        return h;
    }
    partialSumFloat<<<kPartialBlocks, kThreads>>>(v, n, s.partial.as<double>());
    finalSum<<<1, kThreads>>>(s.partial.as<double>(), kPartialBlocks, s.result.as<double>());
    launched("sum kernel for " + what);
    return static_cast<float>(readDouble(s.result.as<double>(), what));
}

// The host-side rounding of a scalar, matching roundDev (used for the loss's scalars).
float roundHost(Format f, float v, bool flush) {
    if (f == Format::F32 && !flush) return v;
    return roundTo(f, v, flush ? Subnormals::Flush : Subnormals::Keep);
}

}  // namespace

LossResult crossEntropy(const float* logits, const int* labels, int rows, int classes, float* dlogits, float scale,
                        const LossFormats& f) {
    const std::string what = "cross-entropy " + dims(rows, classes);
    if (rows <= 0 || classes <= 0) throw Error(what + ": sizes must be positive");
    ReduceScratch& s = reduceScratch();
    reserveAll({{&s.rows, static_cast<std::size_t>(rows) * sizeof(float)}, {&s.count, sizeof(unsigned long long)}},
               what);
    auto* correct = s.count.as<unsigned long long>();
    PRESISI_CUDA(cudaMemset(correct, 0, sizeof(unsigned long long)), what);
    // g = -(dL / B) in the nll's format, then in the softmax's (engine/numerics/loss.h).
    const auto round = [&f](Format fmt, float v) { return roundHost(fmt, v, f.flush); };
    const float g = numerics::crossEntropyGradScale(scale, rows, f.loss, f.softmax, round);
    crossEntropyKernel<<<blocksFor(rows), kThreads>>>(logits, labels, rows, classes, dlogits, g, codesOf(f),
                                                     s.rows.as<float>(), correct);
    launched(what);
    unsigned long long hits = 0;
    PRESISI_CUDA(cudaMemcpy(&hits, correct, sizeof hits, cudaMemcpyDeviceToHost), what);
    LossResult r;
    r.correct = static_cast<std::int64_t>(hits);
    const float total = batchSum(s.rows.as<float>(), rows, f, what);
    r.loss = numerics::meanLoss(total, rows, f.loss, round);
    return r;
}

void softmax(const float* z, float* p, int rows, int cols, bool logSoftmax, Format format, bool flush) {
    softmaxKernel<<<blocksFor(rows), kThreads>>>(z, p, rows, cols, logSoftmax, code(format), flush);
    launched(std::string(logSoftmax ? "log-softmax " : "softmax ") + dims(rows, cols));
}

LossResult mse(const float* y, const float* targets, int rows, int cols, float* dy, float scale,
               const LossFormats& f) {
    const std::string what = "mse " + dims(rows, cols);
    const std::size_t n = static_cast<std::size_t>(rows) * cols;
    if (rows <= 0 || cols <= 0) throw Error(what + ": sizes must be positive");
    ReduceScratch& s = reduceScratch();
    reserveAll({{&s.rows, n * sizeof(float)}}, what);
    const auto round = [&f](Format fmt, float v) { return roundHost(fmt, v, f.flush); };
    const numerics::MseScalars k = numerics::mseScalars(static_cast<std::int64_t>(n), scale, f.loss, round);
    mseKernel<<<blocksFor(n), kThreads>>>(y, targets, n, dy, k.alpha, k.dL, codesOf(f), s.rows.as<float>());
    launched(what);
    const float total = batchSum(s.rows.as<float>(), n, f, what);
    LossResult r;
    r.loss = numerics::meanLoss(total, static_cast<std::int64_t>(n), f.loss, round);
    return r;
}

GradCounts gradientCounts(const float* lane, const float* shadow, std::size_t n, Format format) {
    const std::string what = "gradient counts (" + count(n) + ")";
    GradCounts c;
    c.count = static_cast<std::int64_t>(n);
    if (n == 0) return c;
    ReduceScratch& s = reduceScratch();
    reserveAll({{&s.result, 3 * sizeof(unsigned long long)}}, what);
    auto* d = s.result.as<unsigned long long>();
    PRESISI_CUDA(cudaMemset(d, 0, 3 * sizeof(unsigned long long)), what);
    gradCountsKernel<<<kPartialBlocks, kThreads>>>(lane, shadow, n, code(format), d);
    launched(what);
    unsigned long long h[3] = {};
    PRESISI_CUDA(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost), what);
    c.underflowed = static_cast<std::int64_t>(h[0]);
    c.subnormal = static_cast<std::int64_t>(h[1]);
    c.nonFinite = static_cast<std::int64_t>(h[2]);
    return c;
}

bool unscaleAndCheck(const float* lane, float* master, std::size_t n, float invScale) {
    const std::string what = "unscale (" + count(n) + ")";
    if (n == 0) return false;
    ReduceScratch& s = reduceScratch();
    reserveAll({{&s.count, sizeof(int)}}, what);
    int* found = s.count.as<int>();
    PRESISI_CUDA(cudaMemset(found, 0, sizeof(int)), what);
    unscaleKernel<<<blocksFor(n), kThreads>>>(lane, master, n, invScale, found);
    launched(what);
    int h = 0;
    PRESISI_CUDA(cudaMemcpy(&h, found, sizeof h, cudaMemcpyDeviceToHost), what);
    return h != 0;
}

double sumSquares(const float* data, std::size_t n) {
    const std::string what = "sum of squares (" + count(n) + ")";
    if (n == 0) return 0;
    ReduceScratch& s = reduceScratch();
    reserveAll({{&s.partial, kPartialBlocks * sizeof(double)}, {&s.result, sizeof(double)}}, what);
    partialSquares<<<kPartialBlocks, kThreads>>>(data, n, s.partial.as<double>());
    finalSum<<<1, kThreads>>>(s.partial.as<double>(), kPartialBlocks, s.result.as<double>());
    launched(what);
    return readDouble(s.result.as<double>(), what);
}

void sgdStep(float* param, const float* grad, float* momentumBuf, std::size_t n, const OptimizerSpec& opt,
             bool firstStep) {
    const bool useMomentum = opt.momentum != 0.0;
    if (useMomentum && !momentumBuf) throw Error("sgd step: momentum " + std::to_string(opt.momentum) +
                                                 " needs a momentum buffer");
    sgdKernel<<<blocksFor(n), kThreads>>>(param, grad, momentumBuf, n, static_cast<float>(opt.lr),
                                          static_cast<float>(opt.momentum), static_cast<float>(opt.weightDecay),
                                          useMomentum, firstStep);
    launched("sgd step (" + count(n) + ")");
}

void adamStep(float* param, const float* grad, float* m, float* v, std::size_t n, const OptimizerSpec& opt,
              std::int64_t step, TorchVersion version) {
    if (step < 1) throw Error("adam step: step counts from 1, got " + std::to_string(step));
    const double t = static_cast<double>(step);
    const double bc1 = 1.0 - std::pow(opt.beta1, t);
    const double bc2 = 1.0 - std::pow(opt.beta2, t);
    adamKernel<<<blocksFor(n), kThreads>>>(param, grad, m, v, n, static_cast<float>(opt.beta1),
                                           static_cast<float>(1.0 - opt.beta1),
                                           static_cast<float>(opt.beta2), static_cast<float>(1.0 - opt.beta2),
                                           static_cast<float>(opt.weightDecay),
                                           opt.kind == OptimizerSpec::Kind::AdamW,
                                           static_cast<float>(1.0 - opt.lr * opt.weightDecay),
                                           version == TorchVersion::V2, static_cast<float>(std::sqrt(bc2)),
                                           static_cast<float>(opt.eps), static_cast<float>(-(opt.lr / bc1)));
    launched("adam step (" + count(n) + ")");
}

void synchronize(const std::string& what) { PRESISI_CUDA(cudaDeviceSynchronize(), what); }

}  // namespace presisi::cuda
