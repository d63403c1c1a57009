// AttentionOp: causal multi-head self-attention on the CPU (attention_op.h has each path's roundings).
#include "attention_op.h"

#include "../../numerics/aten_moments.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace presisi::ops {

namespace {

using Stride = Eigen::OuterStride<>;
using ConstView = Eigen::Map<const Matrix, 0, Stride>;  // a head's (T, d) slice of qkv, y or their gradients
using View = Eigen::Map<Matrix, 0, Stride>;
using Square = Eigen::Map<Matrix>;                       // one (sequence, head)'s (T, T) probabilities
using ConstSquare = Eigen::Map<const Matrix>;

constexpr float kMinusInf = -std::numeric_limits<float>::infinity();

// The causal mask on logits s (T, T): −inf above the diagonal (masked_fill, or adding the float mask).
void maskAbove(Matrix& s) {
    for (Index i = 0; i < s.rows(); ++i)
        for (Index j = i + 1; j < s.cols(); ++j) s(i, j) = kMinusInf;
}

// softmax over each row of s into p, ATen's float32 CPU kernel (_vec_softmax_lastdim with `lanes`-wide
// vectors): the row's max (NaN wins), e = exp(s − max), Σe as vec::reduce_all, p = e · (1/Σe). A row of
// −inf only (a fully masked row) gives 0 where `safe` (_safe_softmax) and NaN otherwise, as torch.
void softmaxRows(const Matrix& s, Square& p, bool safe, int lanes) {
    const Index T = s.cols();
    for (Index i = 0; i < s.rows(); ++i) {
        float m = kMinusInf;
        for (Index j = 0; j < T; ++j) {
            m = std::max(m, s(i, j));
            if (s(i, j) != s(i, j)) m = s(i, j);
        }
        if (safe && m == kMinusInf) {
            p.row(i).setZero();
            continue;
        }
        for (Index j = 0; j < T; ++j) p(i, j) = std::exp(s(i, j) - m);
        const float inv = 1.0f / numerics::atenSum(p.data() + i * T, T, lanes);
        for (Index j = 0; j < T; ++j) p(i, j) *= inv;
    }
}

// softmax's backward over each row, in place on dp: dS = (dP − Σ_j dP·P)·P (ATen's _vec_softmax_backward:
// the dot as vec::map2_reduce_all, then (g − dot)·out).
void softmaxBackwardRows(Matrix& dp, const ConstSquare& p, int lanes) {
    for (Index i = 0; i < dp.rows(); ++i) {
        const float dot = numerics::atenDot(dp.data() + i * dp.cols(), p.data() + i * p.cols(), dp.cols(), lanes);
        for (Index j = 0; j < dp.cols(); ++j) dp(i, j) = (dp(i, j) - dot) * p(i, j);
    }
}

}  // namespace

AttentionOp::AttentionOp(int layer, AttentionPath path, Index batch, Index tokens, int heads, Index headSize,
                         Format format, float softcap)
    : m_layer(layer), m_path(path), m_heads(heads), m_d(headSize), m_format(format), m_softcap(softcap),
      m_softmax(format), m_B(batch), m_T(tokens) {
    if (softcap > 0) m_tanh.resize(batch * heads * tokens, tokens);
    const Index D = heads * headSize;
    m_out.resize(batch * tokens, D);
    m_gradOut.resize(batch * tokens, D);
    m_probs.resize(batch * heads * tokens, tokens);
    m_s.resize(tokens, tokens);
    m_dp.resize(tokens, tokens);
    for (Matrix* m : {&m_qs, &m_ks, &m_dq, &m_dk, &m_dv, &m_y}) m->resize(tokens, headSize);
    m_pLow.resize(tokens, tokens);
}

bool AttentionOp::forward(const Matrix& qkv, const OpContext& ctx) {
    m_qkv = &qkv;
    m_lanes = numerics::atenFloatLanes(ctx.products.dispatch().avx512);
    if (m_statsOn) m_stats.assign(static_cast<std::size_t>(m_heads), HeadStats{});
    const Index D = m_heads * m_d, T = m_T;
    for (Index b = 0; b < m_B; ++b)
        for (int h = 0; h < m_heads; ++h) {
            const Index at = (b * m_heads + h) * T * T;
            float* probs = m_probs.data() + at;
            if (!forwardHead(qkv.data() + b * T * 3 * D + h * m_d, m_out.data() + b * T * D + h * m_d, probs,
                             m_softcap > 0 ? m_tanh.data() + at : nullptr, h, ctx))
                return false;
            if (m_statsOn) addStats(m_stats[static_cast<std::size_t>(h)], m_s, probs);
        }
    if (m_statsOn)
        for (HeadStats& st : m_stats) st.entropy /= static_cast<double>(m_B * T);
    return true;
}

// The logits the queries see (j ≤ i) of m_s, in order: an overflow above the diagonal is masked away.
const std::vector<float>& AttentionOp::seenLogits() {
    m_seen.clear();
    for (Index i = 0; i < m_T; ++i)
        for (Index j = 0; j <= i; ++j) m_seen.push_back(m_s(i, j));
    return m_seen;
}

// One (sequence, head)'s contribution: logits (T, T) as the softmax took them (−inf above the diagonal),
// probs its probabilities. The exact softmax is taken in double from the same logits.
void AttentionOp::addStats(HeadStats& st, const Matrix& logits, const float* probs) const {
    const Index T = m_T;
    for (Index i = 0; i < T; ++i) {
        double m = -INFINITY;
        for (Index j = 0; j <= i; ++j) {
            const float v = logits(i, j);
            ++st.seen;
            if (!std::isfinite(v)) {
                ++st.nonFinite;
                continue;
            }
            st.maxLogit = std::max(st.maxLogit, static_cast<double>(std::fabs(v)));
            m = std::max(m, static_cast<double>(v));
        }
        double z = 0;
        for (Index j = 0; j <= i; ++j)
            if (std::isfinite(logits(i, j))) z += std::exp(static_cast<double>(logits(i, j)) - m);
        double h = 0;
        for (Index j = 0; j <= i; ++j) {
            const double p = probs[i * T + j];
            st.maxProb = std::max(st.maxProb, p);
            if (p > 0) h -= p * std::log(p);
            if (p == 0 && std::isfinite(logits(i, j)) && std::exp(static_cast<double>(logits(i, j)) - m) / z > 0)
                ++st.underflowed;
        }
        st.entropy += h;
    }
}

// One (sequence, head): qkv points at its q (k and v follow D and 2D columns on), y at its output slice.
bool AttentionOp::forwardHead(const float* qkv, float* y, float* probs, float* tanhOut, int head, const OpContext& ctx) {
    const OpRounding& r = ctx.rounding;
    const Index D = m_heads * m_d, T = m_T;
    const ConstView q(qkv, T, m_d, Stride(3 * D)), k(qkv + D, T, m_d, Stride(3 * D)), v(qkv + 2 * D, T, m_d, Stride(3 * D));
    Square p(probs, T, T);
    const Format f = m_format;
    if (m_path == AttentionPath::Manual) {
        const float scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(m_d)));
        m_s.noalias() = q * k.transpose();
        if (ctx.observer && ctx.stops(headSite("attention logits", head), seenLogits())) return false;
        r.inPlace(f, m_s);
        m_s *= scale;
        r.inPlace(f, m_s);
        if (tanhOut) softcapForward(tanhOut, r);
        maskAbove(m_s);
        softmaxRows(m_s, p, false, m_lanes);
        if (m_softmax != Format::F32 || f == Format::F32) {
            r.inPlace(f, probs, T * T);
        } else {
            // Softmax in float32: its output is cast to the format for the product.
            r.into(f, p, m_pLow);
            m_y.noalias() = m_pLow * v;
            return finishHead(y, head, ctx);
        }
    } else {
        // calculate_scale's 1/√d in double, its square root in double, the product with float32 q and k.
        const auto s = static_cast<float>(std::sqrt(1.0 / std::sqrt(static_cast<double>(m_d))));
        m_qs = q * s;
        m_ks = k * s;
        m_s.noalias() = m_qs * m_ks.transpose();
        if (ctx.observer && ctx.stops(headSite("attention logits", head), seenLogits())) return false;
        maskAbove(m_s);
        softmaxRows(m_s, p, true, m_lanes);
    }
    m_y.noalias() = p * v;
    return finishHead(y, head, ctx);
}

// Where the observer sees one head's result (the transformer's own op names, engine/training/ops/gpt.h).
OpSite AttentionOp::headSite(const char* name, int head) const {
    OpSite s{m_layer, FaultOp::ForwardLinear, TensorKind::Activation, m_format};
    s.name = name;
    s.head = head;
    return s;
}

// y = round(m_y) into the head's output slice, the observer seeing it first.
bool AttentionOp::finishHead(float* y, int head, const OpContext& ctx) {
    if (ctx.stops(headSite("attention output", head), m_y)) return false;
    ctx.rounding.inPlace(m_format, m_y);
    View(y, m_T, m_d, Stride(m_heads * m_d)) = m_y;
    return true;
}

// S·tanh(logit / S) on m_s in place: the division, tanh and the product each rounded to the format (tanh in
// float32; ATen's is Sleef's, within an ulp); tanhOut (T, T) keeps tanh's output for the backward.
void AttentionOp::softcapForward(float* tanhOut, const OpRounding& r) {
    const Format f = m_format;
    for (Index k = 0; k < m_s.size(); ++k) {
        const float t = r.one(f, m_s.data()[k] / m_softcap);
        const float u = r.one(f, std::tanh(t));
        tanhOut[k] = u;
        m_s.data()[k] = r.one(f, m_softcap * u);
    }
}

// Its backward on m_dp in place: du = dS·S, dt = du·(1 − u²) (ATen's tanh_backward, the bracket one fused
// multiply-add), d(logit) = dt / S; each rounded to the format.
void AttentionOp::softcapBackward(const float* tanhOut, const OpRounding& r) {
    const Format f = m_format;
    for (Index k = 0; k < m_dp.size(); ++k) {
        const float u = tanhOut[k];
        const float du = r.one(f, m_dp.data()[k] * m_softcap);
        const float dt = r.one(f, du * std::fma(-u, u, 1.0f));
        m_dp.data()[k] = r.one(f, dt / m_softcap);
    }
}

void AttentionOp::backward(Matrix& dqkv, const OpContext& ctx) {
    m_lanes = numerics::atenFloatLanes(ctx.products.dispatch().avx512);
    const Index D = m_heads * m_d, T = m_T;
    for (Index b = 0; b < m_B; ++b)
        for (int h = 0; h < m_heads; ++h)
            backwardHead(m_qkv->data() + b * T * 3 * D + h * m_d, m_gradOut.data() + b * T * D + h * m_d,
                         m_probs.data() + (b * m_heads + h) * T * T,
                         m_softcap > 0 ? m_tanh.data() + (b * m_heads + h) * T * T : nullptr,
                         dqkv.data() + b * T * 3 * D + h * m_d, ctx.rounding);
}

void AttentionOp::backwardHead(const float* qkv, const float* dy, const float* probs, const float* tanhOut,
                               float* dqkv, const OpRounding& r) {
    const Index D = m_heads * m_d, T = m_T;
    const ConstView q(qkv, T, m_d, Stride(3 * D)), k(qkv + D, T, m_d, Stride(3 * D)), v(qkv + 2 * D, T, m_d, Stride(3 * D));
    const ConstView g(dy, T, m_d, Stride(D));
    const ConstSquare p(probs, T, T);
    const Format f = m_format;
    const bool manual = m_path == AttentionPath::Manual;
    // y = P·v: dP = dy·vᵀ, dv = Pᵀ·dy (in the format on the manual path; float32 on SDPA's, dv then rounded
    // by the upcast's backward).
    m_dp.noalias() = g * v.transpose();
    if (manual) r.inPlace(f, m_dp);
    if (manual && m_softmax == Format::F32 && f != Format::F32) {
        r.into(f, p, m_pLow);  // the product's operand was P cast to the format
        m_dv.noalias() = m_pLow.transpose() * g;
    } else {
        m_dv.noalias() = p.transpose() * g;
    }
    r.inPlace(f, m_dv);
    softmaxBackwardRows(m_dp, p, m_lanes);
    if (manual) {
        r.inPlace(f, m_dp);
        // masked_fill's backward: 0 where the mask filled (P is 0 there; an inf or NaN dP is not).
        for (Index i = 0; i < T; ++i)
            for (Index j = i + 1; j < T; ++j) m_dp(i, j) = 0;
        if (tanhOut) softcapBackward(tanhOut, r);
        m_dp *= static_cast<float>(1.0 / std::sqrt(static_cast<double>(m_d)));
        r.inPlace(f, m_dp);
        m_dq.noalias() = m_dp * k;
        m_dk.noalias() = m_dp.transpose() * q;
    } else {
        // S = (q·s)(k·s)ᵀ: d(q·s) = dS·(k·s), d(k·s) = dSᵀ·(q·s), each times s for q and k (float32), then
        // rounded to the format by the upcasts' backward.
        const auto s = static_cast<float>(std::sqrt(1.0 / std::sqrt(static_cast<double>(m_d))));
        m_qs = q * s;  // the forward's, recomputed: its scratch held the last head's
        m_ks = k * s;
        m_dq.noalias() = m_dp * m_ks;
        m_dq *= s;
        m_dk.noalias() = m_dp.transpose() * m_qs;
        m_dk *= s;
    }
    r.inPlace(f, m_dq);
    r.inPlace(f, m_dk);
    View(dqkv, T, m_d, Stride(3 * D)) = m_dq;
    View(dqkv + D, T, m_d, Stride(3 * D)) = m_dk;
    View(dqkv + 2 * D, T, m_d, Stride(3 * D)) = m_dv;
}

}  // namespace presisi::ops
