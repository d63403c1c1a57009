// One linear layer, y = x Wᵀ + b, as a training op of the CPU lane: forward and backward in the layer's
// format, float32 storage of rounded values, the product's path from the ProductSwitch. No Qt here.
#pragma once

#include <vector>

#include "op_context.h"

namespace presisi::ops {

class LinearOp {
public:
    // Layer `layer` of in → out features for batches up to `batch` rows. `arrives`: the format its input
    // comes in; `format`: the product's, the bias's and the output's (autocast's linear entry).
    LinearOp(int layer, Index in, Index out, Index batch, Format arrives, Format format, const OpRounding& rounding);

    // out() (B, out) = x (B, in) · Wᵀ (in, out) + b (out): x cast to the format where it narrows, W and b
    // rounded to it, float32 accumulation, one rounding; W and b are the float32 masters. The scaled path
    // casts x and W by the recipe and adds the float32 bias after the product (torchao's Float8Linear).
    // false: the observer stopped the pass.
    bool forward(const Matrix& x, const Matrix& W, const Vector& b, const OpContext& ctx);

    // From gradOut() (B, out; scaled, in the format): gradWeight() (out, in) = dzᵀ x and gradBias() (out) =
    // dz's column sums, in the format; with dx (B, in), the gradient at the input dz · W, rounded to the
    // format and then to the one the input arrived in. false: the observer stopped the pass.
    bool backward(Matrix* dx, const OpContext& ctx);

    Format format() const { return m_format; }
    Format arrives() const { return m_arrives; }
    const Matrix& out() const { return m_out; }           // (B, out) z; the last layer's: the logits
    Matrix& gradOut() { return m_gradOut; }               // (B, out) dz, written by the op after this one
    const Matrix& gradOut() const { return m_gradOut; }
    const Matrix& gradWeight() const { return m_gradWeight; }  // (out, in), the lane's: scaled
    const Vector& gradBias() const { return m_gradBias; }      // (out)

private:
    OpSite site(FaultOp op, TensorKind tensor) const { return {m_layer, op, tensor, m_format}; }
    bool castStops(const OpContext& ctx, numerics::GemmOperand operand, const Matrix& source, const Matrix& cast,
                   FaultOp op, TensorKind tensor) const;
    // Storage accumulation (ProductPath::Storage) of the two backward products, a row at a time.
    void addRoundedRow(const OpRounding& r, float g, const float* v, float* row, Index n);
    void storageGradWeight(const OpRounding& r, const Matrix& dz, const Matrix& x, Matrix& gW);
    void storageGradInput(const OpRounding& r, const Matrix& dz, const Matrix& W, Matrix& d);

    int m_layer;
    Format m_arrives, m_format;
    Matrix m_weightLow;  // (out, in): the master weight rounded to the format (where it rounds)
    Vector m_biasLow;    // (out): the master bias, likewise
    Matrix m_inCast;     // (B, in): the input cast to the format (where it narrows)
    Matrix m_out;        // (B, out): z = x Wᵀ + b
    Matrix m_gradOut;    // (B, out): dz, the gradient at z (scaled)
    Matrix m_gradWeight; // (out, in): dzᵀ x, the lane's weight gradient (scaled, in the format)
    Vector m_gradBias;   // (out): dz's column sums, likewise
    std::vector<float> m_rowScratch;  // (in): one row of products (storage accumulation)
    // Bound by forward for backward: the product's input (m_inCast or what arrived) and weight (m_weightLow
    // or the master).
    const Matrix* m_in = nullptr;
    const Matrix* m_weight = nullptr;
};

}  // namespace presisi::ops
