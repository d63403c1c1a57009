// A hidden layer's normalisation (LayerNorm, RMSNorm, BatchNorm1d) as a training op of the CPU lane: its
// input cast to the norm's format, forward and backward (engine/numerics/norm.h), the weight and bias
// gradients. No Qt here.
#pragma once

#include "../../numerics/norm.h"
#include "op_context.h"

namespace presisi::ops {

class NormOp {
public:
    // Layer `layer`'s norm over `features` for batches up to `batch` rows: its input arrives in `arrives`
    // (the linear's format) and is cast to rule.format where that narrows.
    NormOp(int layer, Index features, Index batch, Format arrives, const numerics::NormRule& rule);

    // out() (B, N) = norm(x (B, N)) with weight g and bias be (N, float32 masters), in the rule's format.
    // false: the observer stopped the pass (told the smallest variance denominator where it was ≤ 0).
    bool forward(const Matrix& x, const Vector& g, const Vector& be, const OpContext& ctx);
    // d (B, N): the gradient at out() (in the norm's format) in, the gradient at x out (in the format x
    // arrived in); gradWeight() and gradBias() (N; float32, scaled). false: the observer stopped the pass.
    bool backward(Matrix& d, const OpContext& ctx);

    const Matrix& out() const { return m_out; }
    const numerics::NormLayer& layer() const { return m_norm; }  // its statistics (BatchNorm's running update)
    const Vector& gradWeight() const { return m_gradWeight; }
    const Vector& gradBias() const { return m_gradBias; }

private:
    OpSite site(TensorKind tensor) const { return {m_layer, FaultOp::Norm, tensor, m_rule.format}; }

    int m_layer;
    Format m_arrives;
    numerics::NormRule m_rule;
    numerics::NormLayer m_norm;
    Matrix m_inCast;  // (B, N): the input cast to the norm's format (where it narrows)
    Matrix m_out;     // (B, N): the normalised output
    Matrix m_gradIn;  // (B, N): the gradient at its input
    Vector m_gradWeight, m_gradBias;  // (N): the lane's, float32, scaled
    const Matrix* m_in = nullptr;     // bound by forward: m_inCast or what arrived
};

}  // namespace presisi::ops
