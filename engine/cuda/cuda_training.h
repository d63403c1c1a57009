// Device kernels of the training lanes: products through cuBLAS with float32 accumulation, the
// activations, softmax/log-softmax with cross-entropy and mse, rounding to a lane's format, the
// gradient-underflow counts against a shadow float32 backward, the loss scaler's unscale with its
// inf/NaN check, and SGD (with momentum) and Adam. This header needs no CUDA headers, so the
// runner and the checks include it from plain C++. No Qt here.
//
// Layout: every tensor is a row-major float32 array on the device whose values are representable
// in the format it was last rounded to ("rounded storage", as on the CPU). Calls are asynchronous
// on the default stream unless they return a host value; each checks its launch and throws
// presisi::Error naming the call, the status and the shapes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "../format.h"
#include "../numerics/grad_counts.h"
#include "../training/scenario.h"
#include "cuda_buffer.h"  // DeviceArray, DeviceLabels: the tensors these calls take

namespace presisi::cuda {

// Round in place to `format` (round to nearest even), flushing subnormal results when asked.
void roundInPlace(float* data, std::size_t n, Format format, bool flush);

// C (M, N) = op(A) (M, K) * op(B) (K, N), row-major. op(A) = A^T when transA (A stored (K, M)),
// likewise B. A and B are rounded to `format` on the way into cuBLAS (a no-op for values already
// representable); products are accumulated in float32 (CUBLAS_COMPUTE_32F; pedantic float32 for
// F32). C is float32 and not rounded: the caller rounds it where the op's policy says.
//  forward  y = x W^T:   gemm(false, true,  batch, out, in,    x,  W, y)
//  backward dx = dy W:   gemm(false, false, batch, in,  out,   dy, W, dx)
//           dW = dy^T x: gemm(true,  false, out,   in,  batch, dy, x, dW)
void gemm(bool transA, bool transB, int M, int N, int K, const float* A, const float* B, float* C, Format format,
          bool flush);

// y (rows, cols) += bias (cols) rounded to `format`, then y rounded to `format`.
void addBiasRound(float* y, const float* bias, int rows, int cols, Format format, bool flush);
// db (cols) = sum over rows of dy (rows, cols), float32 accumulation in row order, rounded to `format`.
void columnSumsRound(const float* dy, float* db, int rows, int cols, Format format, bool flush);

// a = act(z), computed in float32 and rounded to `format`. PyTorch's definitions: relu max(z, 0);
// tanh; gelu 0.5 z (1 + erf(z / sqrt 2)) (approximate="none"); sigmoid 1 / (1 + exp(-z)).
void activationForward(Activation act, const float* z, float* a, std::size_t n, Format format, bool flush);
// dz = da * act'(z) (relu: z > 0; tanh: 1 - a^2; sigmoid: a (1 - a); gelu: cdf(z) + z pdf(z)),
// in float32, rounded to `format`.
void activationBackward(Activation act, const float* z, const float* a, const float* da, float* dz, std::size_t n,
                        Format format, bool flush);

struct LossResult {
    float loss = 0;            // mean over the batch, as float32 (the loss PyTorch would print)
    std::int64_t correct = 0;  // cross-entropy: rows whose first arg-max equals the label
};

// The formats a loss runs in, resolved from the lane's autocast policy as the CPU lane does.
struct LossFormats {
    Format logits = Format::F32;   // format the logits arrived in; their gradient goes back in it
    Format softmax = Format::F32;  // cross-entropy: log-softmax's format
    Format loss = Format::F32;     // nll (cross-entropy) or mse
    bool lowReduction = false;     // the batch sum rounds every partial sum to `low` (the hazard)
    Format low = Format::F32;
    bool flush = false;            // flush subnormal results at every rounding
};

// Mean cross-entropy of logits (rows, classes) against labels: log p = round((z - max) - log(sum
// exp(z - max))), nll = -round(log p[label]); the batch sum in double in a fixed order (or rounded
// at every partial sum), loss = round(sum / rows). Writes dlogits as PyTorch's backward forms it,
// g = -(scale / rows) at the label: dz_j = [j == label] g - exp(log p_j) g, rounded to the softmax's
// and then the logits' format (scale is the loss scale: the backward of scale * loss).
LossResult crossEntropy(const float* logits, const int* labels, int rows, int classes, float* dlogits, float scale,
                        const LossFormats& formats);
// Row-wise softmax or log-softmax (rows, cols) in float32, rounded to `format`.
void softmax(const float* z, float* p, int rows, int cols, bool logSoftmax, Format format, bool flush);
// Mean squared error over all rows * cols elements; dy = (2 / n) (y - t) * scale (PyTorch's
// backward), every intermediate rounded to the loss's format, the result then to the logits'.
LossResult mse(const float* y, const float* targets, int rows, int cols, float* dy, float scale,
               const LossFormats& formats);

// Gradient statistics of a lane's gradient against the shadow float32 gradient of the same tensor, by
// the rule of engine/numerics/grad_counts.h (the kernel calls its classifyGradient per element).
using GradCounts = numerics::GradCounts;
GradCounts gradientCounts(const float* lane, const float* shadow, std::size_t n, Format format);

// GradScaler's unscale: master = lane * invScale (a float32 holding 1/scale taken in double);
// invScale 1 copies exactly. Returns true when any master value is inf or NaN (skip the step).
bool unscaleAndCheck(const float* lane, float* master, std::size_t n, float invScale);
// Sum of squares in double, in a fixed order (for the gradient norm).
double sumSquares(const float* data, std::size_t n);

// torch.optim.SGD, one parameter tensor: g = fma(p, wd, g); with momentum, buf = g on the first
// step, else buf = momentum buf + g; p = fma(buf, -lr, p) (ATen's add with alpha is fused on AVX2,
// and the CPU lane does the same). Scalars cast to float. momentumBuf may be null without momentum.
void sgdStep(float* param, const float* grad, float* momentumBuf, std::size_t n, const OptimizerSpec& opt,
             bool firstStep);
// torch.optim.Adam or AdamW (opt.kind), `step` counted from 1, exactly as the CPU lane computes it
// (engine/numerics/optimizer.h: torch's single-tensor formulas of `version`, each operation written out,
// fused where ATen fuses). Bias corrections are computed in double.
void adamStep(float* param, const float* grad, float* m, float* v, std::size_t n, const OptimizerSpec& opt,
              std::int64_t step, TorchVersion version);

// Waits for the device and turns an asynchronous failure into presisi::Error naming `what`.
void synchronize(const std::string& what);

}  // namespace presisi::cuda
