// ActivationOp: a hidden layer's activation on the CPU (activation_op.h).
#include "activation_op.h"

namespace presisi::ops {

ActivationOp::ActivationOp(int layer, Activation act, Index features, Index batch, Format arrives, Format format)
    : m_layer(layer), m_act(act), m_arrives(arrives), m_format(format) {
    if (OpRounding::narrows(arrives, format)) m_inCast.resize(batch, features);
    m_out.resize(batch, features);
}

bool ActivationOp::forward(const Matrix& a, const OpContext& ctx) {
    const OpRounding& r = ctx.rounding;
    if (ctx.stops(site(TensorKind::Activation), a)) return false;
    const Matrix* in = &a;
    if (OpRounding::narrows(m_arrives, m_format)) {
        r.into(m_format, a, m_inCast);
        in = &m_inCast;
    }
    m_in = in;
    // ATen's bf16 tanh and sigmoid kernels convert to float once and round the result; GELU as the
    // dispatch's GeluPath says: per operation in the format (ATen 1.13), or in float32, rounded once below.
    const auto n = static_cast<std::size_t>(in->size());
    const numerics::GeluRule gelu = ctx.products.dispatch().gelu(m_format);
    if (m_act == Activation::Gelu && gelu.path != numerics::GeluPath::RoundEachOp) {
        numerics::torchGeluForward(gelu, in->data(), m_out.data(), n);
    } else if (r.changes(m_format)) {
        numerics::activationForward(m_act, in->data(), m_out.data(), n, FormatRounding{m_format, r.subnormals});
    } else {
        numerics::activationForward(m_act, in->data(), m_out.data(), n);
    }
    if (ctx.stops(site(TensorKind::Activation), m_out)) return false;
    r.inPlace(m_format, m_out);
    return true;
}

bool ActivationOp::backward(Matrix& d, const OpContext& ctx) {
    const OpRounding& r = ctx.rounding;
    // d <- d · act'(a) in the format.
    const auto n = static_cast<std::size_t>(d.size());
    const numerics::GeluRule gelu = ctx.products.dispatch().gelu(m_format);
    if (m_act == Activation::Gelu && gelu.path != numerics::GeluPath::RoundEachOp) {
        numerics::torchGeluBackward(gelu, m_in->data(), d.data(), n);
    } else if (r.changes(m_format)) {
        numerics::activationBackward(m_act, m_in->data(), m_out.data(), d.data(), n,
                                     FormatRounding{m_format, r.subnormals});
    } else {
        numerics::activationBackward(m_act, m_in->data(), m_out.data(), d.data(), n);
    }
    if (ctx.stops(site(TensorKind::ActivationGradient), d)) return false;
    r.inPlace(m_format, d);
    // The input cast's backward: to the format that arrived.
    if (m_format != m_arrives) r.inPlace(m_arrives, d);
    return true;
}

}  // namespace presisi::ops
