// TokenLossOp: cross entropy with ignored positions on the CPU (token_loss_op.h).
#include "token_loss_op.h"

#include <algorithm>
#include <cmath>

#include "../../numerics/loss.h"

namespace presisi::ops {

namespace {

// log Σ exp(z_j) of one row, in double.
double logSumExp(const float* z, Index n) {
    double m = -INFINITY;
    for (Index j = 0; j < n; ++j) m = std::max(m, static_cast<double>(z[j]));
    if (!std::isfinite(m)) return m == m ? m : NAN;
    double s = 0;
    for (Index j = 0; j < n; ++j) s += std::exp(static_cast<double>(z[j]) - m);
    return m + std::log(s);
}

}  // namespace

TokenLossOp::TokenLossOp(Index rows, Index classes, Format logits, Format softmax, Format loss, float zLoss)
    : m_logits(logits), m_softmax(softmax), m_loss(loss), m_zLoss(zLoss) {
    m_lse.assign(static_cast<std::size_t>(rows), 0.0f);
    m_logSoftmax.resize(rows, classes);
    m_wrong.assign(static_cast<std::size_t>(rows), 0);
}

double TokenLossOp::meanLogZ() const {
    if (!m_z || m_targeted == 0) return 0.0;
    double sum = 0;
    for (Index i = 0; i < m_z->rows(); ++i)
        if (m_targets[static_cast<std::size_t>(i)] >= 0) sum += logSumExp(m_z->data() + i * m_z->cols(), m_z->cols());
    return sum / static_cast<double>(m_targeted);
}

std::int64_t TokenLossOp::sequencesRight(Index tokens) const {
    std::int64_t right = 0;
    for (std::size_t start = 0; start < m_wrong.size(); start += static_cast<std::size_t>(tokens))
        right += std::none_of(m_wrong.begin() + static_cast<std::ptrdiff_t>(start),
                              m_wrong.begin() + static_cast<std::ptrdiff_t>(start + static_cast<std::size_t>(tokens)),
                              [](char w) { return w != 0; });
    return right;
}

float TokenLossOp::forwardBackward(const Matrix& z, std::span<const std::int32_t> targets, Matrix& dz, float scale,
                                   const OpContext& ctx) {
    const OpRounding& rounding = ctx.rounding;
    const auto r = [&rounding](Format f, float v) { return rounding.one(f, v); };
    const Index rows = z.rows();
    const auto classes = static_cast<std::size_t>(z.cols());
    const bool smCast = OpRounding::narrows(m_logits, m_softmax);
    numerics::LossSum sum;
    m_right = m_targeted = 0;
    m_z = &z;
    m_targets = targets;
    for (Index i = 0; i < rows; ++i) {
        const int y = targets[static_cast<std::size_t>(i)];
        m_wrong[static_cast<std::size_t>(i)] = 0;
        if (y < 0) continue;
        const float* zi = z.data() + i * z.cols();
        float* li = m_logSoftmax.data() + i * z.cols();
        ++m_targeted;
        const bool right = numerics::predictsLabel(zi, classes, y);
        m_right += right;
        m_wrong[static_cast<std::size_t>(i)] = !right;
        numerics::logSoftmaxRow(zi, li, classes, smCast, m_softmax, r);
        sum.add(numerics::nllRow(li, y, m_loss, r), r);
    }
    // nll_loss's mean divides by the total weight, the count of targeted positions (0/0 = NaN at none).
    const float loss = numerics::meanLoss(sum.total(), m_targeted, m_loss, r);
    const float g = numerics::crossEntropyGradScale(scale, m_targeted, m_loss, m_softmax, r);
    for (Index i = 0; i < rows; ++i) {
        const int y = targets[static_cast<std::size_t>(i)];
        float* di = dz.data() + i * dz.cols();
        if (y < 0) {
            std::fill(di, di + classes, 0.0f);
            continue;
        }
        numerics::crossEntropyGradRow(m_logSoftmax.data() + i * z.cols(), y, g, di, classes, m_softmax, r);
    }
    if (m_softmax != m_logits) rounding.inPlace(m_logits, dz);
    if (m_zLoss > 0 && m_targeted > 0) return loss + addZLoss(z, targets, dz, scale, rounding);
    return loss;
}

// w · mean(lse²) (the caller adds it to the loss), and its gradient added into dz. torch: lse = logsumexp(z.float()) = log Σ exp(z − max)
// + max; (lse²).mean() as a float32 sum over the targeted rows / N; the backward: g = scale·w, g / N, times
// 2·lse, times exp(z − lse) at each logit, rounded to the logits' format (the .float()'s backward) and added
// to the cross entropy's gradient there (autograd's sum of the two, in the logits' format).
float TokenLossOp::addZLoss(const Matrix& z, std::span<const std::int32_t> targets, Matrix& dz, float scale,
                            const OpRounding& rounding) {
    const Index C = z.cols();
    float sum = 0;
    for (Index i = 0; i < z.rows(); ++i) {
        if (targets[static_cast<std::size_t>(i)] < 0) continue;
        const float* zi = z.data() + i * C;
        float m = zi[0];
        for (Index j = 1; j < C; ++j) m = std::max(m, zi[j]);
        if (std::isinf(m)) m = 0;  // logsumexp's masked_fill of an infinite max
        float e = 0;
        for (Index j = 0; j < C; ++j) e += std::exp(zi[j] - m);
        const float lse = std::log(e) + m;
        m_lse[static_cast<std::size_t>(i)] = lse;
        sum += lse * lse;
    }
    const auto n = static_cast<float>(m_targeted);
    const float mean = sum / n;
    const float g = scale * m_zLoss / n;
    for (Index i = 0; i < z.rows(); ++i) {
        if (targets[static_cast<std::size_t>(i)] < 0) continue;
        const float lse = m_lse[static_cast<std::size_t>(i)];
        const float gl = g * (2.0f * lse);
        const float* zi = z.data() + i * C;
        float* di = dz.data() + i * C;
        for (Index j = 0; j < C; ++j) {
            const float gz = rounding.one(m_logits, gl * std::exp(zi[j] - lse));
            di[j] = rounding.one(m_logits, di[j] + gz);
        }
    }
    return m_zLoss * mean;
}

}  // namespace presisi::ops
