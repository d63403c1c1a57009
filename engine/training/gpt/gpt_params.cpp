// The tiny transformer's parameters and minGPT's initialisation (gpt_params.h).
#include "gpt_params.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "../../torch_rng.h"

namespace presisi {

namespace {

std::span<float> all(Matrix& m) { return {m.data(), static_cast<std::size_t>(m.size())}; }

// nn.Linear(in, out)'s default draws into a (out, in) weight and (out) bias (kaiming_uniform_, then the
// bias's uniform); bias=False draws the weight only.
void linearDefault(TorchGenerator& gen, Matrix& weight, Vector* bias, Index in, Index out) {
    if (bias) {
        LinearParams p = linearInit(gen, in, out);
        weight = std::move(p.weight);
        *bias = std::move(p.bias);
        return;
    }
    weight.resize(out, in);
    const double bound = kaimingUniformBound(in);
    uniform(gen, all(weight), -bound, bound);
}

void zero(Vector& v, Index n) { v.setZero(n); }
void ones(Vector& v, Index n) { v.setOnes(n); }

}  // namespace

GptParams gptInit(const GptConfig& c) {
    const Index V = c.vocab, T = c.block, D = c.embd;
    TorchGenerator gen;
    gen.manualSeed(c.seed);
    GptParams p;
    // 1. Construction order: tok, pos (nn.Embedding: normal_(0, 1)); per block ln1 (no draws), attn.qkv,
    // attn.proj, ln2, fc, fc_proj; lnf; head (bias=False).
    p.tok.resize(V, D);
    normal(gen, all(p.tok));
    p.pos.resize(T, D);
    normal(gen, all(p.pos));
    p.blocks.resize(static_cast<std::size_t>(c.layers));
    for (GptBlockParams& b : p.blocks) {
        ones(b.ln1Weight, D);
        zero(b.ln1Bias, D);
        linearDefault(gen, b.qkvWeight, &b.qkvBias, D, 3 * D);
        linearDefault(gen, b.projWeight, &b.projBias, D, D);
        if (c.qkNorm) {  // nn.LayerNorm draws nothing
            ones(b.qLnWeight, c.headSize());
            zero(b.qLnBias, c.headSize());
            ones(b.kLnWeight, c.headSize());
            zero(b.kLnBias, c.headSize());
        }
        ones(b.ln2Weight, D);
        zero(b.ln2Bias, D);
        linearDefault(gen, b.fcWeight, &b.fcBias, D, 4 * D);
        linearDefault(gen, b.fcProjWeight, &b.fcProjBias, 4 * D, D);
    }
    ones(p.lnfWeight, D);
    zero(p.lnfBias, D);
    linearDefault(gen, p.head, nullptr, D, V);
    // 2. minGPT's _init_weights over self.modules(): Embedding and Linear weights N(0, 0.02), biases 0.
    normal(gen, all(p.tok), 0.0, 0.02);
    normal(gen, all(p.pos), 0.0, 0.02);
    for (GptBlockParams& b : p.blocks) {
        normal(gen, all(b.qkvWeight), 0.0, 0.02);
        b.qkvBias.setZero();
        normal(gen, all(b.projWeight), 0.0, 0.02);
        b.projBias.setZero();
        normal(gen, all(b.fcWeight), 0.0, 0.02);
        b.fcBias.setZero();
        normal(gen, all(b.fcProjWeight), 0.0, 0.02);
        b.fcProjBias.setZero();
    }
    normal(gen, all(p.head), 0.0, 0.02);
    // 3. The residual projections, by depth, in named_parameters() order.
    const double residualStd = 0.02 / std::sqrt(2.0 * c.layers);
    for (GptBlockParams& b : p.blocks) {
        normal(gen, all(b.projWeight), 0.0, residualStd);
        normal(gen, all(b.fcProjWeight), 0.0, residualStd);
    }
    return p;
}

GptParams GptParams::zerosLike(const GptParams& p) {
    GptParams z = p;
    for (const Tensor& t : z.tensors()) std::fill(t.data, t.data + t.size, 0.0f);
    return z;
}

std::vector<GptParams::Tensor> GptParams::tensors() {
    std::vector<Tensor> t;
    const auto add = [&t](std::string name, bool decays, auto& m) {
        t.push_back({std::move(name), decays, m.data(), static_cast<Index>(m.size())});
    };
    add("tok.weight", false, tok);
    add("pos.weight", false, pos);
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        GptBlockParams& b = blocks[i];
        const std::string n = "blocks." + std::to_string(i) + ".";
        add(n + "ln1.weight", false, b.ln1Weight);
        add(n + "ln1.bias", false, b.ln1Bias);
        add(n + "attn.qkv.weight", true, b.qkvWeight);
        add(n + "attn.qkv.bias", false, b.qkvBias);
        add(n + "attn.proj.weight", true, b.projWeight);
        add(n + "attn.proj.bias", false, b.projBias);
        if (b.qLnWeight.size() > 0) {
            add(n + "attn.q_ln.weight", false, b.qLnWeight);
            add(n + "attn.q_ln.bias", false, b.qLnBias);
            add(n + "attn.k_ln.weight", false, b.kLnWeight);
            add(n + "attn.k_ln.bias", false, b.kLnBias);
        }
        add(n + "ln2.weight", false, b.ln2Weight);
        add(n + "ln2.bias", false, b.ln2Bias);
        add(n + "fc.weight", true, b.fcWeight);
        add(n + "fc.bias", false, b.fcBias);
        add(n + "fc_proj.weight", true, b.fcProjWeight);
        add(n + "fc_proj.bias", false, b.fcProjBias);
    }
    add("lnf.weight", false, lnfWeight);
    add("lnf.bias", false, lnfBias);
    add("head.weight", true, head);
    return t;
}

}  // namespace presisi
