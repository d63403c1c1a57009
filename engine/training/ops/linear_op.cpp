// LinearOp: a linear layer's forward and backward on the CPU (linear_op.h).
#include "linear_op.h"

#include <cmath>

#include "../../numerics/aten_reduced_gemm.h"
#include "../scaled_linears.h"

namespace presisi::ops {

LinearOp::LinearOp(int layer, Index in, Index out, Index batch, Format arrives, Format format, const OpRounding& rounding)
    : m_layer(layer), m_arrives(arrives), m_format(format) {
    if (rounding.changes(format)) {
        m_weightLow.resize(out, in);
        m_biasLow.resize(out);
    }
    if (OpRounding::narrows(arrives, format)) m_inCast.resize(batch, in);
    m_out.resize(batch, out);
    m_gradOut.resize(batch, out);
    m_gradWeight.resize(out, in);
    m_gradBias.resize(out);
    m_rowScratch.resize(static_cast<std::size_t>(in));
}

bool LinearOp::forward(const Matrix& x, const Matrix& W, const Vector& b, const OpContext& ctx) {
    const OpRounding& r = ctx.rounding;
    if (ctx.stops(site(FaultOp::ForwardLinear, TensorKind::Activation), x)) return false;
    const Matrix* xin = &x;
    if (OpRounding::narrows(m_arrives, m_format)) {
        r.into(m_format, x, m_inCast);
        xin = &m_inCast;
    }
    m_in = xin;
    const Matrix* Wu = &W;
    const Vector* bu = &b;
    if (r.changes(m_format)) {
        r.into(m_format, W, m_weightLow);
        r.into(m_format, b, m_biasLow);
        Wu = &m_weightLow;
        bu = &m_biasLow;
    }
    m_weight = Wu;
    Matrix& z = m_out;
    const ProductPath path = ctx.products.forward(m_format, z.rows(), xin->cols(), z.cols());
    switch (path) {
    case ProductPath::Scaled: {
        // The dequantised operands of 8 bits and below, a float32 product, the float32 bias after it
        // (torchao's Float8Linear: output = mm(x_fp8, W_fp8ᵀ) + bias).
        ScaledLinears& cast = *ctx.products.scaled();
        cast.castForward(m_layer, *xin, W);
        // The observer sees a cast that overflowed its format (no +sat, a stale delayed scale).
        if (castStops(ctx, numerics::GemmOperand::Input, *xin, cast.input(m_layer), FaultOp::ForwardLinear,
                      TensorKind::Activation))
            return false;
        multiply(path, Format::F32, z, cast.input(m_layer), cast.weight(m_layer).transpose());
        z.rowwise() += b.transpose();
        break;
    }
    case ProductPath::AtenOrder:
        numerics::atenReducedLinear(xin->data(), Wu->data(), bu->data(), z.data(), z.rows(), xin->cols(), z.cols(),
                                    m_format);
        break;
    default:
        multiply(path, m_format, z, *xin, Wu->transpose());
        z.rowwise() += bu->transpose();
        break;
    }
    if (ctx.stops(site(FaultOp::ForwardLinear, TensorKind::Activation), z)) return false;
    r.inPlace(m_format, z);
    return true;
}

bool LinearOp::backward(Matrix* dx, const OpContext& ctx) {
    const OpRounding& r = ctx.rounding;
    const Matrix& dz = m_gradOut;
    const Format f = m_format;
    const ProductPath path = ctx.products.backward(f, dz.rows(), dz.cols(), m_in->cols());
    // gW (out, in) = dzᵀ (out, B) · x (B, in); gb (out) = dz's column sums. Both in the format.
    ScaledLinears* cast = ctx.products.scaled();  // the Scaled path's casts
    if (path == ProductPath::Scaled) {
        // dz cast by the recipe (e5m2 under fp8); dW = dzᵀ x and dx = dz W on the cast operands, the bias
        // gradient from the float32 dz (the bias is outside the FP8 product).
        cast->castBackward(m_layer, dz);
        if (castStops(ctx, numerics::GemmOperand::OutputGradient, dz, cast->gradForInput(m_layer),
                      FaultOp::BackwardProduct, TensorKind::ActivationGradient))
            return false;
        multiply(path, Format::F32, m_gradWeight, cast->gradForWeight(m_layer).transpose(), cast->inputForWeight(m_layer));
    } else if (path == ProductPath::Storage) {
        storageGradWeight(r, dz, *m_in, m_gradWeight);
    } else {
        multiply(path, f, m_gradWeight, dz.transpose(), *m_in);
    }
    m_gradBias.noalias() = dz.colwise().sum().transpose();
    const OpSite weightSite = site(FaultOp::BackwardProduct, TensorKind::WeightGradient);
    if (ctx.stops(weightSite, m_gradWeight) || ctx.stops(weightSite, m_gradBias)) return false;
    if (path != ProductPath::Storage) r.inPlace(f, m_gradWeight);
    r.inPlace(f, m_gradBias);
    if (!dx) return true;
    // dx (B, in) = dz (B, out) · W (out, in) in the format; the input cast's backward rounds it to the
    // format that arrived.
    Matrix& d = *dx;
    if (path == ProductPath::Scaled) {
        multiply(path, Format::F32, d, cast->gradForInput(m_layer), cast->weightForInput(m_layer));
    } else if (path == ProductPath::Storage) {
        storageGradInput(r, dz, *m_weight, d);
    } else {
        multiply(path, f, d, dz, *m_weight);
    }
    if (ctx.stops(site(FaultOp::BackwardProduct, TensorKind::ActivationGradient), d)) return false;
    if (path != ProductPath::Scaled && path != ProductPath::Storage) r.inPlace(f, d);
    if (m_arrives != f) r.inPlace(m_arrives, d);
    return true;
}

bool LinearOp::castStops(const OpContext& ctx, numerics::GemmOperand operand, const Matrix& source, const Matrix& cast,
                         FaultOp op, TensorKind tensor) const {
    if (!ctx.observer) return false;
    return ctx.observer->cast(site(op, tensor), ctx.products.scaled()->record(m_layer, operand), span(source),
                              span(cast));
}

// Storage accumulation: c = round(c + round(a · b)) over k in order, one row at a time: row (n) =
// round(row + round(g · v)), both roundings to the format.
void LinearOp::addRoundedRow(const OpRounding& r, float g, const float* v, float* row, Index n) {
    float* tmp = m_rowScratch.data();
    for (Index i = 0; i < n; ++i) tmp[i] = g * v[i];
    roundSpan(m_format, span(tmp, n), span(tmp, n), r.subnormals);
    for (Index i = 0; i < n; ++i) row[i] += tmp[i];
    roundSpan(m_format, span(row, n), span(row, n), r.subnormals);
}

// gW (out, in) = Σ over b of dz(b, o) x(b, i).
void LinearOp::storageGradWeight(const OpRounding& r, const Matrix& dz, const Matrix& x, Matrix& gW) {
    gW.setZero();
    const Index B = dz.rows(), out = dz.cols(), in = x.cols();
    for (Index b = 0; b < B; ++b)
        for (Index o = 0; o < out; ++o) addRoundedRow(r, dz(b, o), x.data() + b * in, gW.data() + o * in, in);
}

// d (B, in) = Σ over o of dz(b, o) W(o, i).
void LinearOp::storageGradInput(const OpRounding& r, const Matrix& dz, const Matrix& W, Matrix& d) {
    d.setZero();
    const Index B = dz.rows(), out = dz.cols(), in = W.cols();
    for (Index b = 0; b < B; ++b)
        for (Index o = 0; o < out; ++o) addRoundedRow(r, dz(b, o), W.data() + o * in, d.data() + b * in, in);
}

}  // namespace presisi::ops
