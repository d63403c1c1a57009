// A hidden layer's activation (ReLU, tanh, sigmoid, GELU) as a training op of the CPU lane: its input cast
// to the activation's format, forward and backward (engine/numerics/activation.h; GELU as the dispatch's
// GeluPath says). No Qt here.
#pragma once

#include "../../numerics/activation.h"
#include "op_context.h"

namespace presisi::ops {

class ActivationOp {
public:
    // Layer `layer`'s activation over `features` for batches up to `batch` rows: input arrives in
    // `arrives` (the norm's format, or the linear's without one), computed and rounded in `format`.
    ActivationOp(int layer, Activation act, Index features, Index batch, Format arrives, Format format);

    // out() (B, N) = act(a (B, N)) in the format. false: the observer stopped the pass.
    bool forward(const Matrix& a, const OpContext& ctx);
    // d (B, N): the gradient at out() in, at the input out (rounded to the format, then to the one the
    // input arrived in). false: the observer stopped the pass.
    bool backward(Matrix& d, const OpContext& ctx);

    const Matrix& out() const { return m_out; }

private:
    OpSite site(TensorKind tensor) const { return {m_layer, FaultOp::Activation, tensor, m_format}; }

    int m_layer;
    Activation m_act;
    Format m_arrives, m_format;
    Matrix m_inCast;  // (B, N): the input cast to the format (where it narrows)
    Matrix m_out;     // (B, N): h = act(a)
    const Matrix* m_in = nullptr;  // bound by forward: m_inCast or what arrived
};

}  // namespace presisi::ops
