// The GEMM operands of a training lane of 8 bits and below: every linear layer's input, weight and output
// gradient cast by the lane's recipe (numerics/fp8_recipe.h) into dequantised float32 matrices the CPU
// network's products then use, float32 accumulation; the casts' statistics per step. Per-tensor formats
// cast each operand once; the MX formats cast each along the reduction dimension of every product it
// enters (torchao's MXLinear: x and W along `in` for the output, dy and W along `out` for the input
// gradient, dy and x along the batch for the weight gradient; those cast down the columns, in place). NVFP4
// follows Transformer Engine's NVFP4BlockScaling the same way, with its three additions: output gradients
// rounded stochastically, the weight in 16 × 16 blocks (one cast serves both products), and the weight
// gradient's operands (dy and x along the batch) through the random Hadamard transform first, the batch
// zero-padded to a multiple of 16 (both operands alike, so the product is unchanged). No Qt here.
#pragma once

#include <array>
#include <vector>

#include "../lane.h"
#include "../numerics/fp8_recipe.h"
#include "../tensor.h"
#include "record.h"

namespace presisi {

struct Scenario;

// A step's casts summarised per GEMM operand into the step record: its CastWorst (the largest saturated and
// underflowed shares and the lowest and highest range use, amax · scale / max, over the layers) and the first
// layers' CastScale (amax, and max / scale).
void summariseCasts(const std::vector<CastRecord>& casts, StepRecord& r);

class ScaledLinears {
public:
    // sizes: the layer widths (input, hidden…, output); seed: stochastic rounding's streams (one per layer).
    ScaledLinears(const Lane& lane, const std::vector<int>& sizes, const numerics::DelayedScalingSettings& delayed,
                  std::uint64_t seed);

    // Forward of layer l: x (B, in) and W (out, in) cast; the product is input(l) · weight(l)ᵀ.
    void castForward(int l, const Matrix& x, const Matrix& W);
    const Matrix& input(int l) const { return m_layers[l].x; }
    const Matrix& weight(int l) const { return m_layers[l].w; }
    // Backward of layer l from dy (B, out): dx = gradForInput(l) · weightForInput(l), dW = gradForWeight(l)ᵀ ·
    // inputForWeight(l) (with the Hadamard transform both have the padded batch's rows).
    void castBackward(int l, const Matrix& dy);
    const Matrix& gradForInput(int l) const { return m_layers[l].dy; }
    const Matrix& weightForInput(int l) const { return mx() && !m_squareWeights ? m_layers[l].wAlongOut : m_layers[l].w; }
    const Matrix& gradForWeight(int l) const { return mx() ? m_layers[l].dyAlongBatch : m_layers[l].dy; }
    const Matrix& inputForWeight(int l) const { return mx() ? m_layers[l].xAlongBatch : m_layers[l].x; }

    // After the pass (forward and backward): delayed scaling's histories take this pass's amaxes.
    void advance();
    // The last pass's casts: per layer, input, weight, output gradient; one of them.
    std::vector<CastRecord> records() const;
    CastRecord record(int l, numerics::GemmOperand operand) const;
    // A copy that casts with the scales in force for the last pass and never advances (the doctor's rerun).
    ScaledLinears frozenAtLastPass() const;

private:
    bool mx() const { return m_blocks; }
    // x (rows, cols) cast down its columns by `cast`'s rules (no statistics kept) into out (rows, cols): the values of
    // its transpose cast along the last axis. With `hadamard` the rows are zero-padded to a multiple of 16 and
    // transformed down the columns before the cast: out has that many rows.
    void castDown(numerics::OperandCast& cast, const Matrix& x, Matrix& out, bool hadamard = false);

    struct Layer {
        std::array<numerics::OperandCast, numerics::kGemmOperands> casts;  // input, weight, output gradient
        Matrix x, w, dy;                              // dequantised: along in, in, out
        Matrix wAlongOut, dyAlongBatch, xAlongBatch;  // MX: the other axes, transposed back
    };
    std::vector<Layer> m_layers;
    bool m_blocks = false;  // a block format (MX, NVFP4): operands cast per product axis
    bool m_squareWeights = false;  // NVFP4's 16 × 16 weight blocks: the weight's one cast serves both products
    bool m_hadamard = false;       // NVFP4: the weight gradient's operands through the random Hadamard transform
    Matrix m_padded;  // scratch of castDown: the zero-padded operand of the Hadamard transform
};

}  // namespace presisi
