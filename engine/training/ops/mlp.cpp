// Mlp: the MLP composed of the CPU ops (mlp.h).
#include "mlp.h"

#include <chrono>

namespace presisi::ops {

Mlp::Mlp(const Scenario& s, Format low, Subnormals sub, const AutocastPolicy& policy, Index batch, MlpOptions options)
    : m_low(low), m_options(options) {
    const int L = static_cast<int>(s.sizes.size()) - 1;
    const numerics::OpFormats f = numerics::resolveOpFormats(s.sizes, s.loss, s.norm, policy, low);
    m_ctx.products = ProductSwitch(numerics::productDispatch(s), options.nativeProducts);
    m_ctx.rounding.subnormals = sub;
    m_linear.reserve(L);
    m_act.reserve(L);
    m_norm.reserve(L);
    for (int l = 0; l < L; ++l) {
        const Index in = s.sizes[l], out = s.sizes[l + 1];
        m_linear.emplace_back(l, in, out, batch, f.in[l], f.lin[l], m_ctx.rounding);
        if (l + 1 == L) break;
        if (s.norm != NormKind::None) {
            numerics::NormRule rule;
            rule.kind = s.norm;
            rule.format = f.norm[l];
            rule.subnormals = sub;
            // Autocast's norm entry Low: the norm's weight and bias cast too.
            rule.paramsInFormat = policy.norm == OpPolicy::Low && rule.format != Format::F32;
            rule.naiveStats = options.naiveStats;
            // Dispatch::Torch (2.x): LayerNorm's reduced-format weight-gradient buffer.
            rule.torchReducedParamGrads = s.dispatch == Dispatch::Torch && s.torchVersion == TorchVersion::V2;
            m_norm.emplace_back(l, out, batch, f.lin[l], rule);
        }
        // f.norm[l] is the linear's format without a normalisation.
        m_act.emplace_back(l, s.activation, out, batch, f.norm[l], f.act[l]);
    }
    m_loss.emplace(s.loss, f, low, batch, s.sizes.back());
}

void Mlp::setScaled(std::optional<ScaledLinears> scaled) {
    m_scaled = std::move(scaled);
    m_ctx.products.setScaled(m_scaled ? &*m_scaled : nullptr);
}

ForwardResult Mlp::forwardBackward(const Batch& batch, const std::vector<Matrix>& W, const std::vector<Vector>& b,
                                   const std::vector<Vector>& g, const std::vector<Vector>& be, float scale) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    if (!forward(batch, W, b, g, be)) return {};
    // The loss and its gradient at the logits.
    LinearOp& last = m_linear.back();
    bool stopped = false;
    const ForwardResult r = m_loss->forwardBackward(batch, last.out(), last.gradOut(), scale, m_ctx, stopped);
    if (stopped) return r;
    const auto t1 = Clock::now();
    if (!backward()) return r;
    // Delayed scaling's histories take this pass's amaxes (not on an observed rerun: the lane's own pass did).
    if (m_scaled && !m_ctx.observer) m_scaled->advance();
    const auto t2 = Clock::now();
    m_forwardSeconds = std::chrono::duration<double>(t1 - t0).count();
    m_backwardSeconds = std::chrono::duration<double>(t2 - t1).count();
    return r;
}

bool Mlp::forward(const Batch& batch, const std::vector<Matrix>& W, const std::vector<Vector>& b,
                  const std::vector<Vector>& g, const std::vector<Vector>& be) {
    const int L = layers();
    const Matrix* h = batch.x;
    for (int l = 0; l < L; ++l) {
        if (!m_linear[l].forward(*h, W[l], b[l], m_ctx)) return false;
        if (l + 1 == L) break;
        const Matrix* a = &m_linear[l].out();
        if (hasNorm()) {
            if (!m_norm[l].forward(*a, g[l], be[l], m_ctx)) return false;
            a = &m_norm[l].out();
        }
        if (!m_act[l].forward(*a, m_ctx)) return false;
        h = &m_act[l].out();
    }
    return true;
}

bool Mlp::backward() {
    for (int l = layers() - 1; l >= 0; --l) {
        // Layer l's gradient at its input is layer l - 1's at its output, once it has gone back through the
        // activation and the normalisation between them.
        Matrix* d = l > 0 ? &m_linear[l - 1].gradOut() : nullptr;
        if (!m_linear[l].backward(d, m_ctx)) return false;
        if (l == 0) break;
        if (!m_act[l - 1].backward(*d, m_ctx)) return false;
        if (hasNorm() && !m_norm[l - 1].backward(*d, m_ctx)) return false;
    }
    return true;
}

}  // namespace presisi::ops
