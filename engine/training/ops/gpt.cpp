// Gpt: the tiny transformer composed of the CPU ops (gpt.h).
#include "gpt.h"

#include "../../numerics/aten_moments.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace presisi::ops {

namespace {

// LayerNorm in float32 (the residual stream arrives in float32 and LayerNorm runs in what arrives), as
// ATen's kernel computes it on the dispatch's CPU class.
numerics::NormRule layerNorm(const numerics::ProductDispatch& dispatch) {
    numerics::NormRule rule;
    rule.kind = NormKind::Layer;
    rule.format = Format::F32;
    rule.atenLanes = numerics::atenFloatLanes(dispatch.avx512);
    return rule;
}

}  // namespace

Gpt::Gpt(const GptConfig& c, Format low, const AutocastPolicy& policy, Index batch, Index tokens)
    : m_tokens(tokens), m_embedding(batch, tokens, c.embd) {
    const Index rows = batch * tokens, D = c.embd;
    // The formats: a linear's product in what autocast's linear entry gives for float32 input, GELU in
    // what its entry gives for the linear's output, the loss's two steps as the MLP's.
    const Format f = numerics::resolveFormat(policy.linear, Format::F32, low);
    const Format act = numerics::resolveFormat(policy.activation, f, low);
    const numerics::OpFormats loss = numerics::resolveOpFormats({c.embd, c.vocab}, LossKind::CrossEntropy,
                                                                NormKind::None, policy, low);
    m_ctx.products = ProductSwitch(numerics::productDispatch(c), false);
    m_blocks.reserve(static_cast<std::size_t>(c.layers));
    for (int l = 0; l < c.layers; ++l) {
        const int id = 4 * l;  // each block's four linears take their own layer numbers
        m_blocks.push_back(Block{NormOp(id, D, rows, Format::F32, layerNorm(m_ctx.products.dispatch())),
                                 LinearOp(id, D, 3 * D, rows, Format::F32, f, m_ctx.rounding),
                                 AttentionOp(l, c.attention, batch, tokens, c.heads, c.headSize(), f,
                                             static_cast<float>(c.softcap)),
                                 LinearOp(id + 1, D, D, rows, f, f, m_ctx.rounding),
                                 NormOp(id + 2, D, rows, Format::F32, layerNorm(m_ctx.products.dispatch())),
                                 LinearOp(id + 2, D, 4 * D, rows, Format::F32, f, m_ctx.rounding),
                                 ActivationOp(id + 2, Activation::Gelu, 4 * D, rows, f, act),
                                 LinearOp(id + 3, 4 * D, D, rows, act, f, m_ctx.rounding),
                                 std::nullopt});
        m_blocks.back().attn.setSoftmaxFormat(numerics::resolveFormat(policy.softmax, f, low));
        if (c.qkNorm)
            m_blocks.back().qkNorm.emplace(rows, c.heads, c.headSize(), f,
                                           numerics::atenFloatLanes(m_ctx.products.dispatch().avx512));
    }
    m_lnf.emplace(4 * c.layers, D, rows, Format::F32, layerNorm(m_ctx.products.dispatch()));
    m_head.emplace(4 * c.layers, D, c.vocab, rows, Format::F32, f, m_ctx.rounding);
    m_loss.emplace(rows, c.vocab, f, loss.softmax, loss.loss, static_cast<float>(c.zLoss));
    m_noBias.setZero(c.vocab);
    m_stream.assign(static_cast<std::size_t>(2 * c.layers + 1), Matrix(rows, D));
    m_grad.resize(rows, D);
    m_branch.resize(rows, D);
    m_gradTok.resize(c.vocab, D);
    m_gradPos.resize(tokens, D);
}

float Gpt::forwardBackward(std::span<const std::int32_t> ids, std::span<const std::int32_t> targets,
                           const GptParams& p, float scale) {
    if (!forward(ids, p)) return NAN;
    const float loss = m_loss->forwardBackward(m_head->out(), targets, m_head->gradOut(), scale, m_ctx);
    if (m_ctx.observer) {
        OpSite site{static_cast<int>(4 * m_blocks.size()), FaultOp::SoftmaxLoss, TensorKind::Activation, Format::F32};
        if (m_ctx.stops(site, std::span<const float>(&loss, 1))) return loss;
    }
    backward();
    return loss;
}

float Gpt::evaluate(std::span<const std::int32_t> ids, std::span<const std::int32_t> targets, const GptParams& p) {
    forward(ids, p);
    return m_loss->forwardBackward(m_head->out(), targets, m_head->gradOut(), 1.0f, m_ctx);
}

std::string Gpt::siteName(const OpSite& site) const {
    const int L = static_cast<int>(m_blocks.size());
    const std::string block = ", block " + std::to_string(site.layer / 4);
    if (site.name) return site.name + (", block " + std::to_string(site.layer)) + ", head " + std::to_string(site.head);
    if (site.op == FaultOp::SoftmaxLoss) return "loss";
    if (site.layer >= 4 * L) return site.op == FaultOp::Norm ? "lnf" : site.op == FaultOp::BackwardProduct ? "head backward" : "head";
    static const char* const kLinear[] = {"attn.qkv", "attn.proj", "fc", "fc_proj"};
    switch (site.op) {
    case FaultOp::Norm: return (site.layer % 4 == 0 ? "ln1" : "ln2") + block;
    case FaultOp::Activation: return "gelu" + block;
    case FaultOp::BackwardProduct: return kLinear[site.layer % 4] + (" backward" + block);
    default: return kLinear[site.layer % 4] + block;
    }
}

// x_0 = tok[ids] + pos; per block x += attn.proj(attn(attn.qkv(ln1(x)))); x += fc_proj(gelu(fc(ln2(x))));
// logits = head(lnf(x)).
bool Gpt::forward(std::span<const std::int32_t> ids, const GptParams& p) {
    m_embedding.forward(ids, p.tok, p.pos);
    m_stream[0] = m_embedding.out();
    for (std::size_t l = 0; l < m_blocks.size(); ++l) {
        Block& b = m_blocks[l];
        const GptBlockParams& w = p.blocks[l];
        const Matrix& x = m_stream[2 * l];
        if (!b.ln1.forward(x, w.ln1Weight, w.ln1Bias, m_ctx)) return false;
        if (!b.qkv.forward(b.ln1.out(), w.qkvWeight, w.qkvBias, m_ctx)) return false;
        const Matrix* qkv = &b.qkv.out();
        if (b.qkNorm) {
            b.qkNorm->forward(*qkv, w.qLnWeight, w.qLnBias, w.kLnWeight, w.kLnBias);
            qkv = &b.qkNorm->out();
        }
        if (!b.attn.forward(*qkv, m_ctx)) return false;
        if (!b.proj.forward(b.attn.out(), w.projWeight, w.projBias, m_ctx)) return false;
        Matrix& mid = m_stream[2 * l + 1];
        mid = x + b.proj.out();  // float32 + f: float32, one rounding
        if (!b.ln2.forward(mid, w.ln2Weight, w.ln2Bias, m_ctx)) return false;
        if (!b.fc.forward(b.ln2.out(), w.fcWeight, w.fcBias, m_ctx)) return false;
        if (!b.gelu.forward(b.fc.out(), m_ctx)) return false;
        if (!b.fcProj.forward(b.gelu.out(), w.fcProjWeight, w.fcProjBias, m_ctx)) return false;
        m_stream[2 * l + 2] = mid + b.fcProj.out();
    }
    if (!m_lnf->forward(m_stream.back(), p.lnfWeight, p.lnfBias, m_ctx)) return false;
    return m_head->forward(m_lnf->out(), p.head, m_noBias, m_ctx);
}

// The gradient at the stream runs back through each residual sum to both its terms: unchanged along the
// stream, rounded to the branch's format into the branch; a LayerNorm's input gradient is added back.
bool Gpt::backward() {
    if (!m_head->backward(&m_grad, m_ctx) || !m_lnf->backward(m_grad, m_ctx)) return false;
    const OpRounding& r = m_ctx.rounding;
    for (std::size_t k = m_blocks.size(); k-- > 0;) {
        Block& b = m_blocks[k];
        b.fcProj.gradOut() = m_grad;
        r.inPlace(b.fcProj.format(), b.fcProj.gradOut());
        if (!b.fcProj.backward(&b.fc.gradOut(), m_ctx) || !b.gelu.backward(b.fc.gradOut(), m_ctx) ||
            !b.fc.backward(&m_branch, m_ctx) || !b.ln2.backward(m_branch, m_ctx))
            return false;
        m_grad += m_branch;
        b.proj.gradOut() = m_grad;
        r.inPlace(b.proj.format(), b.proj.gradOut());
        if (!b.proj.backward(&b.attn.gradOut(), m_ctx)) return false;
        b.attn.backward(b.qkv.gradOut(), m_ctx);
        if (b.qkNorm) b.qkNorm->backward(b.qkv.gradOut());
        if (!b.qkv.backward(&m_branch, m_ctx) || !b.ln1.backward(m_branch, m_ctx)) return false;
        m_grad += m_branch;
    }
    m_embedding.backward(m_grad, m_gradTok, m_gradPos);
    return true;
}

void Gpt::setStats(bool on) {
    for (Block& b : m_blocks) b.attn.setStats(on);
}

std::vector<HeadStats> Gpt::headStats() const {
    std::vector<HeadStats> all;
    for (const Block& b : m_blocks) all.insert(all.end(), b.attn.stats().begin(), b.attn.stats().end());
    return all;
}

std::vector<StreamStats> Gpt::streamStats() const {
    std::vector<StreamStats> out;
    for (std::size_t l = 0; l < m_blocks.size(); ++l) {
        const Matrix& x = m_stream[2 * l + 2];
        const auto n = static_cast<double>(x.size());
        double sum = 0, sq = 0, amax = 0;
        for (Index i = 0; i < x.size(); ++i) {
            const double v = x.data()[i];
            sum += v;
            sq += v * v;
            amax = std::max(amax, std::fabs(v));
        }
        const double mean = sum / n;
        double m2 = 0, m4 = 0;
        for (Index i = 0; i < x.size(); ++i) {
            const double d = x.data()[i] - mean;
            m2 += d * d;
            m4 += d * d * d * d;
        }
        m2 /= n;
        m4 /= n;
        out.push_back({amax, std::sqrt(sq / n), m2 > 0 ? m4 / (m2 * m2) : 0.0});
    }
    return out;
}

void Gpt::gradients(GptParams& g) const {
    g.tok = m_gradTok;
    g.pos.setZero();
    g.pos.topRows(m_tokens) = m_gradPos;
    for (std::size_t l = 0; l < m_blocks.size(); ++l) {
        const Block& b = m_blocks[l];
        GptBlockParams& w = g.blocks[l];
        w.ln1Weight = b.ln1.gradWeight();
        w.ln1Bias = b.ln1.gradBias();
        w.qkvWeight = b.qkv.gradWeight();
        w.qkvBias = b.qkv.gradBias();
        w.projWeight = b.proj.gradWeight();
        w.projBias = b.proj.gradBias();
        if (b.qkNorm) {
            w.qLnWeight = b.qkNorm->gradQWeight();
            w.qLnBias = b.qkNorm->gradQBias();
            w.kLnWeight = b.qkNorm->gradKWeight();
            w.kLnBias = b.qkNorm->gradKBias();
        }
        w.ln2Weight = b.ln2.gradWeight();
        w.ln2Bias = b.ln2.gradBias();
        w.fcWeight = b.fc.gradWeight();
        w.fcBias = b.fc.gradBias();
        w.fcProjWeight = b.fcProj.gradWeight();
        w.fcProjBias = b.fcProj.gradBias();
    }
    g.lnfWeight = m_lnf->gradWeight();
    g.lnfBias = m_lnf->gradBias();
    g.head = m_head->gradWeight();
}

}  // namespace presisi::ops
