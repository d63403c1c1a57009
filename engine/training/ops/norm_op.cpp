// NormOp: a hidden layer's normalisation on the CPU (norm_op.h).
#include "norm_op.h"

namespace presisi::ops {

NormOp::NormOp(int layer, Index features, Index batch, Format arrives, const numerics::NormRule& rule)
    : m_layer(layer), m_arrives(arrives), m_rule(rule) {
    if (OpRounding::narrows(arrives, rule.format)) m_inCast.resize(batch, features);
    m_out.resize(batch, features);
    m_gradIn.resize(batch, features);
    m_gradWeight.setZero(features);
    m_gradBias.setZero(features);
}

bool NormOp::forward(const Matrix& x, const Vector& g, const Vector& be, const OpContext& ctx) {
    const Matrix* in = &x;
    if (OpRounding::narrows(m_arrives, m_rule.format)) {
        ctx.rounding.into(m_rule.format, x, m_inCast);
        in = &m_inCast;
    }
    m_in = in;
    m_norm.forward(m_rule, in->data(), in->rows(), in->cols(), g.data(), be.data(), m_out.data());
    if (ctx.stops(site(TensorKind::Activation), m_out)) {
        // A variance at or below 0 made it: the observer names that statistic instead.
        const float d = m_norm.smallestDenominator();
        if (d <= 0) ctx.observer->explainedBy(d);
        return false;
    }
    return true;
}

bool NormOp::backward(Matrix& d, const OpContext& ctx) {
    m_norm.backward(m_rule, m_in->data(), d.data(), m_gradIn.data(), m_gradWeight.data(), m_gradBias.data());
    d = m_gradIn;
    if (ctx.stops(site(TensorKind::ActivationGradient), d)) return false;
    // The input cast's backward: to the format that arrived.
    if (m_rule.format != m_arrives) ctx.rounding.inPlace(m_arrives, d);
    return true;
}

}  // namespace presisi::ops
