// The loss as a training op of the CPU lane: cross entropy (log_softmax in the softmax's format, nll in the
// loss's) or mean squared error, and its gradient at the logits (engine/numerics/loss.h). No Qt here.
#pragma once

#include "../../numerics/policy.h"
#include "../batch.h"
#include "op_context.h"

namespace presisi::ops {

class LossOp {
public:
    // For logits (B, C) in `logitsFormat` (the last linear's), batches up to `batch` rows.
    LossOp(LossKind kind, const numerics::OpFormats& formats, Format low, Index batch, Index classes);

    // The mean loss of the logits z (B, C) against the batch's labels or targets; dz (B, C) = its gradient
    // times `scale`, rounded to the logits' format. The loss is unscaled. The observer sees a non-finite
    // loss and the gradient (the ops round inside: the values are then the inf/NaN itself); `stopped` says
    // whether it stopped the pass.
    ForwardResult forwardBackward(const Batch& batch, const Matrix& z, Matrix& dz, float scale, const OpContext& ctx,
                                  bool& stopped);

private:
    ForwardResult crossEntropy(const Batch& batch, const Matrix& z, Matrix& dz, float scale, const OpContext& ctx);
    ForwardResult mse(const Batch& batch, const Matrix& z, Matrix& dz, float scale, const OpContext& ctx);

    LossKind m_kind;
    Format m_logits;               // the last linear's format
    Format m_softmax, m_loss;      // cross_entropy's log_softmax, and nll / mse
    bool m_lowReduction = false;   // the batch sum rounded to the low format at every partial sum
    Format m_low;
    int m_layer;                   // the last linear layer
    Matrix m_logSoftmax;           // (B, C): cross_entropy's log_softmax
};

}  // namespace presisi::ops
