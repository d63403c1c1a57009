// The activations' out-of-line pieces: oneDNN's float32 GELU and single-element float32 references.
// No Qt here.
#include "activation.h"

namespace presisi::numerics {

void geluOneDnnForward(const float* a, float* y, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) y[i] = 0.5f * a[i] * (1.0f + std::erf(a[i] * kGeluAlpha));
}

void geluOneDnnBackward(const float* a, float* g, std::size_t n) {
    const float twoOverSqrtPi = static_cast<float>(2 / std::sqrt(std::numbers::pi));
    for (std::size_t i = 0; i < n; ++i) {
        const float v = a[i] * kGeluAlpha;
        g[i] = g[i] * 0.5f * (1.0f + std::erf(v) + v * twoOverSqrtPi * std::exp(-v * v));
    }
}

float activationF32(Activation act, float a) {
    float y;
    activationForward(act, &a, &y, 1);
    return y;
}

float activationBackwardF32(Activation act, float a, float y, float g) {
    activationBackward(act, &a, &y, &g, 1);
    return g;
}

}  // namespace presisi::numerics
