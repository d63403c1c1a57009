// The tiny transformer (minGPT's GPT, pre-LayerNorm, no dropout) as a composition of the CPU ops:
// EmbeddingOp; per block ln1 (NormOp), attn.qkv (LinearOp), AttentionOp, attn.proj (LinearOp), the residual
// sum, ln2, fc, GELU (ActivationOp), fc_proj, the residual sum; lnf, head (LinearOp, no bias) and the
// TokenLossOp. Forward runs them in order, backward in reverse. No Qt here.
//
// Formats under autocast low format f (PyTorch 2.x's CPU lists): the embeddings and the residual stream x
// are float32 (nn.Embedding is on no list; a float32 + f sum is float32), so every LayerNorm runs in
// float32 (what arrives); the linears and attention's products run in f, GELU in what arrives (f); the loss
// in float32. A branch's gradient is rounded to f where it leaves the float32 stream (autograd casts a
// gradient to its input's dtype). Buffers are allocated once for batches of B sequences of T tokens.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <span>
#include <vector>

#include "../gpt/gpt_params.h"
#include "activation_op.h"
#include "attention_op.h"
#include "embedding_op.h"
#include "linear_op.h"
#include "norm_op.h"
#include "qk_norm_op.h"
#include "token_loss_op.h"

namespace presisi::ops {

// The residual stream after a block, over the batch: what grows when training goes unstable.
struct StreamStats {
    double amax = 0;      // the largest |x|
    double rms = 0;       // √(mean x²)
    double kurtosis = 0;  // E[(x − μ)⁴] / σ⁴ over every element (3 for a normal distribution)
};

class Gpt {
public:
    // The config's model in low format `low` (F32: no autocast) under `policy`, for batches of `batch`
    // sequences of `tokens` tokens (at most the config's block).
    Gpt(const GptConfig& config, Format low, const AutocastPolicy& policy, Index batch, Index tokens);
    Gpt(const Gpt&) = delete;  // the ops hold pointers into each other's buffers
    Gpt& operator=(const Gpt&) = delete;

    Index tokens() const { return m_tokens; }
    // An observer between the ops (the NaN doctor's checked pass); nullptr: the plain pass.
    void setObserver(OpObserver* observer) { m_ctx.observer = observer; }
    // The op an observer's site names, for people: "attn.qkv, block 1", "attention logits, block 2, head 1",
    // "lnf", "loss"; with `backward` the product of the backward pass.
    std::string siteName(const OpSite& site) const;
    // ids, targets: B·T token ids and targets (−1: none), row-major (B, T). Returns the unscaled mean loss;
    // leaves every gradient scaled by `scale` (read them with gradients()). An observer that stops the pass
    // leaves the rest of it undone (the loss is then NaN).
    float forwardBackward(std::span<const std::int32_t> ids, std::span<const std::int32_t> targets,
                          const GptParams& p, float scale);
    // The forward pass and loss only (the held-out evaluation): the mean loss; loss().sequencesRight() then
    // counts the sequences predicted whole.
    float evaluate(std::span<const std::int32_t> ids, std::span<const std::int32_t> targets, const GptParams& p);
    // The last pass's parameter gradients (scaled), float32, into g (shaped as the parameters).
    void gradients(GptParams& g) const;

    // The figures of the statistics (HeadStats per layer and head, StreamStats per block), from the next
    // forward on.
    void setStats(bool on);
    std::vector<HeadStats> headStats() const;  // (L·H), layer-major
    std::vector<StreamStats> streamStats() const;  // (L): x after each block
    const TokenLossOp& loss() const { return *m_loss; }
    const AttentionOp& attention(int layer) const { return m_blocks[static_cast<std::size_t>(layer)].attn; }
    const Matrix& logits() const { return m_head->out(); }  // (B·T, V)

private:
    struct Block {
        NormOp ln1;
        LinearOp qkv;
        AttentionOp attn;
        LinearOp proj;
        NormOp ln2;
        LinearOp fc;
        ActivationOp gelu;
        LinearOp fcProj;
        std::optional<QkNormOp> qkNorm;  // with QK-LayerNorm: between qkv and attention
    };
    bool forward(std::span<const std::int32_t> ids, const GptParams& p);
    bool backward();

    Index m_tokens;
    OpContext m_ctx;
    EmbeddingOp m_embedding;
    std::vector<Block> m_blocks;
    std::optional<NormOp> m_lnf;
    std::optional<LinearOp> m_head;
    std::optional<TokenLossOp> m_loss;
    Vector m_noBias;                 // (V): the head's bias, 0
    std::vector<Matrix> m_stream;    // per block 2 + 1: x entering it, x after attention; the last: x_L (B·T, D)
    Matrix m_grad;                   // (B·T, D): the gradient at the residual stream, float32
    Matrix m_branch;                 // (B·T, D): a LayerNorm's input gradient
    Matrix m_gradTok, m_gradPos;     // the embeddings' gradients
};

}  // namespace presisi::ops
