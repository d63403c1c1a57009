// The hidden layers' activations and their derivatives, written once: the CPU lane (float32 and the
// emulated low formats), its float32 prediction, and the device checks' host references use these.
// The CUDA kernels keep their own device code (cuda_training.cu) and are checked against these. No Qt here.
#pragma once

#include <cmath>
#include <cstddef>
#include <numbers>

#include "settings.h"
#include "torch_gelu.h"

namespace presisi::numerics {

// Activation is indexed by tables and CUDA kernels in this order.
static_assert(int(Activation::Relu) == 0 && int(Activation::Tanh) == 1 && int(Activation::Gelu) == 2 &&
              int(Activation::Sigmoid) == 3);

inline constexpr float kGeluAlpha = static_cast<float>(std::numbers::sqrt2 / 2);  // 1/sqrt(2)
// No rounding: float32 arithmetic.
struct NoRounding {
    float operator()(float v) const { return v; }
};

// y = act(a), n elements, float32 except where `r` rounds. ReLU, tanh and sigmoid compute in float32
// (ATen's bf16 kernels convert once; the caller rounds the result); exact GELU,
// x * 0.5 * (1 + erf(x / sqrt 2)), rounds with `r` after every operation and its constant (ATen's
// Vectorized<BFloat16> arithmetic); with NoRounding it is the float32 formula. ReLU passes NaN through.
template <typename Round = NoRounding>
void activationForward(Activation act, const float* a, float* y, std::size_t n, Round r = {}) {
    switch (act) {
    case Activation::Relu:
        for (std::size_t i = 0; i < n; ++i) y[i] = a[i] > 0.0f || a[i] != a[i] ? a[i] : 0.0f;
        break;
    case Activation::Tanh:
        for (std::size_t i = 0; i < n; ++i) y[i] = std::tanh(a[i]);
        break;
    case Activation::Sigmoid:
        for (std::size_t i = 0; i < n; ++i) y[i] = 1.0f / (1.0f + std::exp(-a[i]));
        break;
    case Activation::Gelu: {
        const float alpha = r(kGeluAlpha);
        for (std::size_t i = 0; i < n; ++i) {
            const float e = r(std::erf(r(a[i] * alpha)));
            y[i] = r(r(a[i] * 0.5f) * r(1.0f + e));
        }
        break;
    }
    }
}

// g <- g * act'(a), n elements (the caller rounds the result). a: the activation's input, y: its output.
// tanh: g (1 - y^2); sigmoid: g (1 - y) y, both in float32 (ATen converts once). GELU as ATen's
// GeluBackward: cdf = 0.5 (1 + erf(x alpha)), pdf = beta exp(-x^2 / 2), g (cdf + x pdf), rounding with
// `r` after every operation.
template <typename Round = NoRounding>
void activationBackward(Activation act, const float* a, const float* y, float* g, std::size_t n, Round r = {}) {
    switch (act) {
    case Activation::Relu:
        for (std::size_t i = 0; i < n; ++i) g[i] = y[i] <= 0.0f ? 0.0f : g[i];
        break;
    case Activation::Tanh:
        for (std::size_t i = 0; i < n; ++i) g[i] = g[i] * (1.0f - y[i] * y[i]);
        break;
    case Activation::Sigmoid:
        for (std::size_t i = 0; i < n; ++i) g[i] = g[i] * (1.0f - y[i]) * y[i];
        break;
    case Activation::Gelu: {
        const float alpha = r(kGeluAlpha);
        const float beta = r(static_cast<float>(2 / std::sqrt(std::numbers::pi) * (std::numbers::sqrt2 / 2) * 0.5));
        for (std::size_t i = 0; i < n; ++i) {
            const float x = a[i];
            const float cdf = r(0.5f * r(1.0f + r(std::erf(r(x * alpha)))));
            const float pdf = r(beta * r(std::exp(r(r(x * x) * -0.5f))));
            g[i] = g[i] * r(cdf + r(x * pdf));
        }
        break;
    }
    }
}

// How GELU (approximate="none") is computed in a lane, forward and backward.
enum class GeluPath {
    RoundEachOp,  // ATen 1.13's Vectorized<BFloat16> arithmetic: rounds after every operation and constant
    F32Erf,       // the float32 formula with libm's erf, rounded once (the f32 lane; Presisi's 2.x GELU)
    OneDnn2,      // oneDNN 2.x eltwise_gelu_erf (torch 1.13 bf16 on AVX-512; torch 2.x f32 without AVX-512)
    OneDnn3,      // oneDNN 3.x eltwise_gelu_erf on AVX-512 (torch 2.x bf16 and f32)
    AtenVec,      // ATen 2.x's GeluKernel in float32 (torch 2.x where oneDNN's path is not taken)
};
struct GeluRule {
    GeluPath path = GeluPath::F32Erf;
    std::size_t atenBlock = kAtenBlockBf16Avx512;  // AtenVec: the vector block (torch_gelu.h)
};

// GELU along one of PyTorch's float32 paths (engine/numerics/torch_gelu.h; F32Erf too) over one
// contiguous tensor of n elements: float32 results, the caller rounds once. torch takes oneDNN's path
// only for tensors of more than one element, ATen's kernel otherwise, and so does this. Forward
// y = gelu(a); backward g <- g * gelu'(a), in place.
void torchGeluForward(const GeluRule& rule, const float* a, float* y, std::size_t n);
void torchGeluBackward(const GeluRule& rule, const float* a, float* g, std::size_t n);

// One element in float32 (host references for the device checks).
float activationF32(Activation act, float a);
// g * act'(a) in float32, y = act(a).
float activationBackwardF32(Activation act, float a, float y, float g);

}  // namespace presisi::numerics
