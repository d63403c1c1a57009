// The transformer's loss: cross entropy over (B·T, V) logits with −1 marking positions without a target
// (F.cross_entropy(ignore_index=−1), reduction "mean" over the positions with one), and its gradient at
// the logits, as a training op of the CPU lane. The formulas are the MLP's (engine/numerics/loss.h). No
// Qt here.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "../../numerics/policy.h"
#include "op_context.h"

namespace presisi::ops {

class TokenLossOp {
public:
    // Logits (rows, classes) arrive in `logits` (the head's format); log_softmax runs in `softmax`, nll in
    // `loss` (autocast's entries resolved: numerics::resolveOpFormats).
    // zLoss > 0: PaLM's z-loss added, zLoss · mean(log² Z) over the targeted rows, log Z in float32 from the
    // logits (torch.logsumexp(logits.float(), −1)).
    TokenLossOp(Index rows, Index classes, Format logits, Format softmax, Format loss, float zLoss = 0);

    // The mean loss over the rows whose target is not −1 (NaN when none is: torch's 0/0); dz (rows,
    // classes) = its gradient times `scale`, 0 on rows without a target, in the logits' format.
    float forwardBackward(const Matrix& z, std::span<const std::int32_t> targets, Matrix& dz, float scale,
                          const OpContext& ctx);
    // How many of the last batch's targeted positions the logits predicted (arg-max), and of how many.
    std::int64_t right() const { return m_right; }
    std::int64_t targeted() const { return m_targeted; }
    // Of the last batch's sequences of `tokens` rows each, how many had every targeted position predicted.
    std::int64_t sequencesRight(Index tokens) const;
    // The mean log Z = logsumexp of the last pass's logits over its targeted rows (in double; PaLM's z-loss
    // penalises its square); inf or NaN when a row's logits are. Computed when asked, from the logits and
    // targets the last pass was given (both must still be there).
    double meanLogZ() const;

private:
    // The z-loss term; its gradient added into dz.
    float addZLoss(const Matrix& z, std::span<const std::int32_t> targets, Matrix& dz, float scale,
                   const OpRounding& rounding);

    Format m_logits, m_softmax, m_loss;
    float m_zLoss = 0;
    std::vector<float> m_lse;  // (rows): log Z of each targeted row, float32 (the z-loss)
    Matrix m_logSoftmax;  // (rows, classes)
    std::vector<char> m_wrong;  // (rows): a targeted position the logits did not predict
    std::int64_t m_right = 0, m_targeted = 0;
    const Matrix* m_z = nullptr;               // the last pass's logits and targets (meanLogZ)
    std::span<const std::int32_t> m_targets;
};

}  // namespace presisi::ops
