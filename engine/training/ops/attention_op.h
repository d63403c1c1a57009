// Causal multi-head self-attention as a training op of the CPU lane: softmax(q·kᵀ/√d + mask)·v per
// sequence and head, forward and backward, along the path the scenario names (AttentionPath), with
// autocast's roundings. No Qt here.
//
// Layout: qkv (B·T, 3D) row-major as the qkv linear leaves it, a row per token, columns q | k | v, head h's
// features at h·d … h·d + d − 1 of each third (d = D/H); y (B·T, D) likewise, heads side by side, as
// y.transpose(1, 2).view(B, T, D) gives it. P (B·H·T, T): each (sequence, head)'s probabilities, query
// rows, key columns, 0 above the diagonal.
//
// Manual (minGPT's code) in format f (autocast's matmul: the low format; float32 in a float32 lane):
//   S = round_f(q·kᵀ)  (float32 accumulation, one rounding)   S = round_f(S · float(1/√d))
//   S[i, j > i] = −inf   P = round_f(softmax(S)) (float32 inside: exp(s − max) · (1/Σ))   y = round_f(P·v)
//   backward: dP = round_f(dy·vᵀ), dv = round_f(Pᵀ·dy), dS = round_f((dP − Σ_j dP·P)·P) (0 where masked),
//   dS = round_f(dS · float(1/√d)), dq = round_f(dS·k), dk = round_f(dSᵀ·q).
// SdpaMath (ATen's _scaled_dot_product_attention_math, PyTorch ≥ 2.5): q, k, v upcast to float32 (exact),
//   q and k times s = float(√(1/√d)), S = (q·s)(k·s)ᵀ + mask, P = softmax(S) (a fully masked row 0),
//   y = round_f(P·v): float32 throughout, one rounding. Backward in float32, dq, dk, dv rounded to f once
//   (the upcasts' backward).
#pragma once

#include "../gpt/gpt_config.h"
#include "op_context.h"

#include <cstdint>
#include <vector>

namespace presisi::ops {

// One head's figures over a batch, from the last forward: what the transformer's charts and the NaN doctor
// read.
struct HeadStats {
    double maxLogit = 0;           // the largest |scaled logit| among the positions a query sees (finite ones)
    double entropy = 0;            // −Σ_j P log P per query (nats), the mean over the batch's queries
    double maxProb = 0;            // the largest probability
    std::int64_t underflowed = 0;  // probabilities that are 0 in the lane where the exact softmax of its logits is not
    std::int64_t seen = 0;         // positions the queries see (the causal triangle, every sequence)
    std::int64_t nonFinite = 0;    // inf or NaN logits among them
};

class AttentionOp {
public:
    // Block `layer`'s attention over batches of `batch` sequences of `tokens` tokens, `heads` heads of
    // `headSize` features; qkv arrives in `format` and y leaves in it.
    // `softcap` > 0 (manual path): the scaled logits become S·tanh(logit / S) before the mask, each step rounded
    // to the format (Gemma 2's soft-capping).
    AttentionOp(int layer, AttentionPath path, Index batch, Index tokens, int heads, Index headSize, Format format,
                float softcap = 0);

    // The manual path's softmax in float32 (CUDA's autocast lists): P stays float32 for the softmax's backward
    // and is cast to the format for P·v. Otherwise (CPU's lists) softmax runs in the format of its input.
    void setSoftmaxFormat(Format f) { m_softmax = f; }

    // out() (B·T, D) from qkv (B·T, 3D). qkv must stay unchanged until backward. The observer sees each head's
    // logits and output before their rounding; false: it stopped the pass.
    bool forward(const Matrix& qkv, const OpContext& ctx);
    // From gradOut() (B·T, D; in the format): dqkv (B·T, 3D) in the format.
    void backward(Matrix& dqkv, const OpContext& ctx);

    const Matrix& out() const { return m_out; }
    Matrix& gradOut() { return m_gradOut; }
    // (B·H·T, T): the last forward's probabilities, sequence-major then head then query.
    const Matrix& probabilities() const { return m_probs; }
    // Per head, the last forward's figures (HeadStats), or none until setStats(true).
    void setStats(bool on) { m_statsOn = on; }
    const std::vector<HeadStats>& stats() const { return m_stats; }
    int heads() const { return m_heads; }
    Index tokens() const { return m_T; }

private:
    bool forwardHead(const float* qkv, float* y, float* probs, float* tanhOut, int head, const OpContext& ctx);
    bool finishHead(float* y, int head, const OpContext& ctx);
    OpSite headSite(const char* name, int head) const;
    void softcapForward(float* tanhOut, const OpRounding& r);
    void softcapBackward(const float* tanhOut, const OpRounding& r);
    void addStats(HeadStats& st, const Matrix& logits, const float* probs) const;
    const std::vector<float>& seenLogits();
    void backwardHead(const float* qkv, const float* dy, const float* probs, const float* tanhOut, float* dqkv,
                      const OpRounding& r);

    int m_layer;
    AttentionPath m_path;
    int m_heads;
    Index m_d;            // head size
    Format m_format;
    float m_softcap = 0;
    Format m_softmax;     // softmax's format: the format, or F32 under CUDA's lists
    Index m_B = 0, m_T = 0;
    int m_lanes = 8;      // ATen's float vector width on the dispatch's CPU class (softmax's sums)
    bool m_statsOn = false;
    std::vector<HeadStats> m_stats;  // (H)
    std::vector<float> m_seen;       // (T(T+1)/2): one head's visible logits for the observer
    const Matrix* m_qkv = nullptr;  // bound by forward
    Matrix m_out;         // (B·T, D)
    Matrix m_gradOut;     // (B·T, D)
    Matrix m_probs;       // (B·H·T, T)
    Matrix m_tanh;        // (B·H·T, T) with a soft-cap: tanh(logit / S) as rounded, for the backward
    // One head's scratch: logits / their gradient (T, T), the scaled q and k of the SDPA path (T, d) and the
    // gradients of q, k (T, d).
    Matrix m_s, m_dp, m_qs, m_ks, m_dq, m_dk, m_dv, m_y;
    Matrix m_pLow;        // (T, T): P cast to the format for P·v when softmax ran in float32
};

}  // namespace presisi::ops
