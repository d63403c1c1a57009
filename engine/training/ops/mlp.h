// The MLP as a composition of the CPU ops: per layer a LinearOp, then on hidden layers a NormOp (with a
// normalisation) and an ActivationOp; a LossOp on the logits. Forward runs them in order, backward in
// reverse, each op's gradient handed to the one before it. Low formats are emulated by rounding float32
// storage (products of bf16/f16 values are exact in float32, so a float32 GEMM of rounded inputs followed
// by one rounding is what autocast's linear does). Buffers are allocated once; the step loop does not
// allocate. No Qt here.
#pragma once

#include <optional>
#include <vector>

#include "../../numerics/policy.h"
#include "../scaled_linears.h"
#include "../scenario.h"
#include "activation_op.h"
#include "linear_op.h"
#include "loss_op.h"
#include "norm_op.h"

namespace presisi::ops {

struct MlpOptions {
    bool nativeProducts = false;  // the lane's +native: low-format products through engine/native
    bool naiveStats = false;      // the lane's +naive-stats (numerics::NormRule)
};

class Mlp {
public:
    // The scenario's MLP in the formats autocast `policy` gives low-format `low` (numerics::OpFormats), for
    // batches up to `batch` rows.
    Mlp(const Scenario& s, Format low, Subnormals sub, const AutocastPolicy& policy, Index batch, MlpOptions options);
    Mlp(const Mlp&) = delete;  // the context points into the object
    Mlp& operator=(const Mlp&) = delete;

    int layers() const { return static_cast<int>(m_linear.size()); }
    Format low() const { return m_low; }
    const MlpOptions& options() const { return m_options; }
    bool hasNorm() const { return !m_norm.empty(); }
    bool hasNorm(int l) const { return hasNorm() && l + 1 < layers(); }  // hidden layer l has one
    // Lanes of 8 bits and below: every linear's operands cast by the recipe (the ops' formats are float32).
    void setScaled(std::optional<ScaledLinears> scaled);
    const std::optional<ScaledLinears>& scaled() const { return m_scaled; }
    // An observer between the ops (the NaN doctor's checked pass); nullptr: the plain pass.
    void setObserver(OpObserver* observer) { m_ctx.observer = observer; }
    double forwardSeconds() const { return m_forwardSeconds; }
    double backwardSeconds() const { return m_backwardSeconds; }

    // x: (B, in)  W[l]: (out, in)  b[l]: (out); with a normalisation, its weight g[l] and bias be[l] (out)
    // for the hidden layers. Returns the unscaled loss; leaves every gradient scaled. An observer that stops
    // the pass leaves the rest of it undone.
    ForwardResult forwardBackward(const Batch& batch, const std::vector<Matrix>& W, const std::vector<Vector>& b,
                                  const std::vector<Vector>& g, const std::vector<Vector>& be, float scale);

    // Layer l after forwardBackward: dz (B, out), z (B, out), h (B, out; hidden layers), the lane's
    // gradients (out, in) and (out).
    const Matrix& dz(int l) const { return m_linear[l].gradOut(); }
    const Matrix& z(int l) const { return m_linear[l].out(); }
    const Matrix& h(int l) const { return m_act[l].out(); }
    const Matrix& laneGradWeight(int l) const { return m_linear[l].gradWeight(); }
    const Vector& laneGradBias(int l) const { return m_linear[l].gradBias(); }
    // Hidden layer l's normalisation (with one): its output (B, out), its layer (statistics), the lane's
    // gradients of its weight and bias (out; scaled, float32).
    const Matrix& normOut(int l) const { return m_norm[l].out(); }
    const numerics::NormLayer& norm(int l) const { return m_norm[l].layer(); }
    const Vector& laneGradNormWeight(int l) const { return m_norm[l].gradWeight(); }
    const Vector& laneGradNormBias(int l) const { return m_norm[l].gradBias(); }

private:
    bool forward(const Batch& batch, const std::vector<Matrix>& W, const std::vector<Vector>& b,
                 const std::vector<Vector>& g, const std::vector<Vector>& be);
    bool backward();

    Format m_low;
    MlpOptions m_options;
    OpContext m_ctx;
    std::vector<LinearOp> m_linear;  // per layer
    std::vector<NormOp> m_norm;      // per hidden layer, with a normalisation
    std::vector<ActivationOp> m_act; // per hidden layer
    std::optional<LossOp> m_loss;
    std::optional<ScaledLinears> m_scaled;  // lanes of 8 bits and below: the recipe's casts and operands
    double m_forwardSeconds = 0, m_backwardSeconds = 0;
};

}  // namespace presisi::ops
