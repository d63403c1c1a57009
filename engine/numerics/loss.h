// The losses, written once: cross_entropy (log_softmax then nll) and mse, both with reduction "mean",
// forward and gradient at the logits, every operation rounded where autocast rounds it. The CPU lane
// (training/ops/loss_op.h), the CUDA lane's host side (the gradient's seed, mse's constants, the mean) and
// the device check's host references call these. The CUDA kernels (cuda_training.cu) keep their own
// device code, the same operations in the same order, because these host functions cannot run on the
// device (std::exp, std::log); the device check compares the two. No Qt here.
//
// `Round` is the caller's rounding: r(format, v) returns float32 v rounded to `format` (the lane's
// subnormal rule included); NoFormatRounding leaves every value in float32.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "../format.h"

namespace presisi::numerics {

struct NoFormatRounding {
    float operator()(Format, float v) const { return v; }
};

// The first arg-max of a row of logits (a NaN is passed over once a later value is a number) and
// whether it is the label: the batch accuracy's rule on every lane.
inline std::size_t firstArgMax(const float* z, std::size_t classes) {
    std::size_t best = 0;
    for (std::size_t j = 1; j < classes; ++j)
        if (z[j] > z[best] || z[best] != z[best]) best = j;
    return best;
}
inline bool predictsLabel(const float* z, std::size_t classes, int label) {
    const std::size_t best = firstArgMax(z, classes);
    return best == static_cast<std::size_t>(label) && z[best] == z[best];
}

// log_softmax of one row of `classes` logits into lsm, in format fSm: each logit rounded to fSm first
// when castInput (a narrowing cast before the op), the maximum (NaN wins), the float32 sum of
// exp(v - max), lse = log(sum), then lsm_j = round((v_j - max) - lse). Returns lse.
template <typename Round>
float logSoftmaxRow(const float* z, float* lsm, std::size_t classes, bool castInput, Format fSm, Round r) {
    float m = -INFINITY;
    for (std::size_t j = 0; j < classes; ++j) {
        const float v = castInput ? r(fSm, z[j]) : z[j];
        lsm[j] = v;
        m = std::max(m, v);
        if (v != v) m = v;
    }
    float s = 0;
    for (std::size_t j = 0; j < classes; ++j) s += std::exp(lsm[j] - m);
    const float lse = std::log(s);
    for (std::size_t j = 0; j < classes; ++j) lsm[j] = r(fSm, (lsm[j] - m) - lse);
    return lse;
}

// nll of one row: -lsm[label], rounded to the loss's format.
template <typename Round>
float nllRow(const float* lsm, int label, Format fLoss, Round r) {
    return -r(fLoss, lsm[static_cast<std::size_t>(label)]);
}

// The gradient's seed at every row of cross_entropy: d loss = scale in the loss's format; nll's
// backward puts -(dL / B) at the target, in the loss's format, then in the softmax's.
template <typename Round>
float crossEntropyGradScale(float scale, std::int64_t batch, Format fLoss, Format fSm, Round r) {
    const float dL = r(fLoss, scale);
    float g = r(fLoss, -(dL / r(fLoss, static_cast<float>(batch))));
    if (fLoss != fSm) g = r(fSm, g);
    return g;
}

// log_softmax's backward for one row: g_j - exp(lsm_j) * sum(g) = [j == label] g - exp(lsm_j) g, in
// the softmax's format (the caller casts to the logits' format where it differs).
template <typename Round>
void crossEntropyGradRow(const float* lsm, int label, float g, float* d, std::size_t classes, Format fSm, Round r) {
    for (std::size_t j = 0; j < classes; ++j) {
        const float v = (j == static_cast<std::size_t>(label) ? g : 0.0f) - std::exp(lsm[j]) * g;
        d[j] = r(fSm, v);
    }
}

// mse's constants: alpha = 2 / numel and d loss = scale, both in the loss's format.
struct MseScalars {
    float alpha = 0, dL = 0;
};
template <typename Round>
MseScalars mseScalars(std::int64_t count, float scale, Format f, Round r) {
    MseScalars k;
    k.alpha = r(f, static_cast<float>(2.0 / static_cast<double>(count)));
    k.dL = r(f, scale);
    return k;
}

// One element of mse in format f: d = round(round(z) - round(t)), its square (into sq) and torch's
// backward alpha * d * grad, each step rounded. Returns the gradient at z.
template <typename Round>
float mseElement(float z, float t, const MseScalars& k, Format f, Round r, float& sq) {
    const float d = r(f, r(f, z) - r(f, t));
    sq = r(f, d * d);
    return r(f, r(f, k.alpha * d) * k.dL);
}

// The batch sum inside the mean: in double, in order; or (lowReduction, the accumulation hazard) in
// float32 with every partial sum rounded to the low format.
struct LossSum {
    bool lowReduction = false;
    Format low = Format::F32;
    double exact = 0;
    float rounded = 0;
    template <typename Round>
    void add(float v, Round r) {
        if (lowReduction) rounded = r(low, rounded + v);
        else exact += v;
    }
    float total() const { return lowReduction ? rounded : static_cast<float>(exact); }
};

// The mean: total / count in float32, rounded to the loss's format.
template <typename Round>
float meanLoss(float total, std::int64_t count, Format fLoss, Round r) {
    return r(fLoss, total / static_cast<float>(count));
}

}  // namespace presisi::numerics
