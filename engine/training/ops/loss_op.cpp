// LossOp: cross entropy or mean squared error and its gradient at the logits, on the CPU (loss_op.h).
#include "loss_op.h"

#include <cmath>

#include "../../numerics/loss.h"

namespace presisi::ops {

LossOp::LossOp(LossKind kind, const numerics::OpFormats& formats, Format low, Index batch, Index classes)
    : m_kind(kind),
      m_logits(formats.lin.back()),
      m_softmax(formats.softmax),
      m_loss(formats.loss),
      m_lowReduction(formats.lowReduction),
      m_low(low),
      m_layer(static_cast<int>(formats.lin.size()) - 1) {
    if (kind == LossKind::CrossEntropy) m_logSoftmax.resize(batch, classes);
}

ForwardResult LossOp::forwardBackward(const Batch& batch, const Matrix& z, Matrix& dz, float scale,
                                      const OpContext& ctx, bool& stopped) {
    ForwardResult r = m_kind == LossKind::CrossEntropy ? crossEntropy(batch, z, dz, scale, ctx)
                                                       : mse(batch, z, dz, scale, ctx);
    stopped = false;
    if (ctx.observer) {
        if (!std::isfinite(r.loss)) {
            stopped = ctx.observer->result({m_layer, FaultOp::SoftmaxLoss, TensorKind::Activation, m_loss},
                                           span(&r.loss, 1));
            if (stopped) return r;
        }
        stopped = ctx.stops({m_layer, FaultOp::SoftmaxLoss, TensorKind::ActivationGradient, m_logits}, dz);
    }
    return r;
}

// cross_entropy(z, y), mean: log_softmax in the softmax's format, nll in the loss's.
ForwardResult LossOp::crossEntropy(const Batch& batch, const Matrix& z, Matrix& dz, float scale, const OpContext& ctx) {
    const OpRounding& rounding = ctx.rounding;
    const auto r = [&rounding](Format f, float v) { return rounding.one(f, v); };
    const Index B = z.rows(), C = z.cols();
    const auto classes = static_cast<std::size_t>(C);
    const bool smCast = OpRounding::narrows(m_logits, m_softmax);
    numerics::LossSum sum{m_lowReduction, m_low};
    std::int64_t right = 0;
    for (Index i = 0; i < B; ++i) {
        const float* zi = z.data() + i * C;
        float* li = m_logSoftmax.data() + i * C;
        const int y = batch.labels[static_cast<std::size_t>(i)];
        if (numerics::predictsLabel(zi, classes, y)) ++right;  // from the lane's own logits
        numerics::logSoftmaxRow(zi, li, classes, smCast, m_softmax, r);
        sum.add(numerics::nllRow(li, y, m_loss, r), r);
    }
    const float loss = numerics::meanLoss(sum.total(), B, m_loss, r);
    const float g = numerics::crossEntropyGradScale(scale, B, m_loss, m_softmax, r);
    for (Index i = 0; i < B; ++i)
        numerics::crossEntropyGradRow(m_logSoftmax.data() + i * C, batch.labels[static_cast<std::size_t>(i)], g,
                                      dz.data() + i * C, classes, m_softmax, r);
    if (m_softmax != m_logits) rounding.inPlace(m_logits, dz);
    ForwardResult res;
    res.loss = loss;
    res.accuracy = static_cast<double>(right) / static_cast<double>(B);
    return res;
}

// mse_loss(z, t), mean over every element, in the loss's format.
ForwardResult LossOp::mse(const Batch& batch, const Matrix& z, Matrix& dz, float scale, const OpContext& ctx) {
    const OpRounding& rounding = ctx.rounding;
    const auto r = [&rounding](Format f, float v) { return rounding.one(f, v); };
    const Matrix& t = *batch.targets;
    const Index n = z.size();
    numerics::LossSum sum{m_lowReduction, m_low};
    const numerics::MseScalars k = numerics::mseScalars(n, scale, m_loss, r);
    for (Index i = 0; i < n; ++i) {
        float sq = 0;
        dz.data()[i] = numerics::mseElement(z.data()[i], t.data()[i], k, m_loss, r, sq);
        sum.add(sq, r);
    }
    if (m_loss != m_logits) rounding.inPlace(m_logits, dz);
    ForwardResult res;
    res.loss = numerics::meanLoss(sum.total(), n, m_loss, r);
    return res;
}

}  // namespace presisi::ops
