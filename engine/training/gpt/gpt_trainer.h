// Trains the tiny transformer in one lane as a PyTorch 2.x user's loop does: batch k holds rows (k·B + i)
// mod N; forward and loss (under autocast in a low format), backward of the loss times the scaler's scale;
// GradScaler.unscale_; clip_grad_norm_; AdamW with minGPT's groups (weight decay on the linears' weights
// only); the scaler's step and update. No Qt here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../../numerics/loss_scale.h"
#include "../ops/gpt.h"
#include "gpt_params.h"

namespace presisi {

// Token sequences: ids and targets (−1: no target), row-major (rows, T), int32.
struct TokenData {
    Index rows = 0, tokens = 0;
    std::vector<std::int32_t> ids, targets;
};

struct GptTrainSettings {
    Format low = Format::F32;          // F32: no autocast; Bf16 or F16: autocast to it
    AutocastPolicy policy = AutocastPolicy::cpu();
    bool scaler = false;               // torch.amp.GradScaler("cpu") with `scalerSettings`
    ScalerSettings scalerSettings;
    Index batch = 32;                  // sequences per step
    double lr = 5e-4, beta1 = 0.9, beta2 = 0.95, eps = 1e-8;
    double weightDecay = 0.1;          // AdamW's, on the decayed group only
    double clip = 1.0;                 // clip_grad_norm_'s max_norm; 0: no clipping
    bool stats = false;                // GptStep's statistics (a little extra time each step)
};

// The NaN doctor on the transformer: the first op of the pass whose result was inf or NaN, or would round to
// inf in its format, found by rerunning the step with every op checked.
struct GptFault {
    std::int64_t step = 0;
    std::string op;            // "attention logits, block 2, head 1", "fc, block 0", "loss", ...
    double value = 0;          // the value before its rounding (float32), or the inf/NaN itself
    Format format = Format::F32;  // what the op rounds to
};

struct GptStep {
    float loss = 0;          // the unscaled mean loss, before the update
    float scale = 1;         // the scaler's scale this step used (1 without one)
    float gradNorm = 0;      // the total 2-norm of the unscaled gradients, before clipping
    bool skipped = false;    // the scaler found inf or NaN and skipped the update
    // With GptTrainSettings::stats: this step's forward pass, and the update it made.
    std::vector<ops::HeadStats> heads;    // (L·H), layer-major
    std::vector<ops::StreamStats> residual;  // (L): the residual stream after each block
    double logZ = 0;                      // the mean logsumexp of the logits over the targeted positions
    std::vector<double> updateRatio;      // per decayed matrix, in torch's parameter order: RMS(ΔW) / RMS(W)
                                          // (0 for a skipped step)
    // The lane's first non-finite pass, at the step it happened: a non-finite loss, or (without a scaler)
    // a non-finite gradient.
    std::optional<GptFault> fault;
};

class GptTrainer {
public:
    GptTrainer(const GptConfig& config, const GptTrainSettings& settings, const TokenData& data);

    GptStep step();  // the next step
    // The decayed matrices' names, in GptStep::updateRatio's order.
    std::vector<std::string> decayedNames();
    std::int64_t steps() const { return m_step; }
    const GptParams& params() const { return m_params; }
    const ops::Gpt& model() const { return m_model; }

private:
    void takeBatch(std::int64_t k);
    bool unscale(float scale);
    GptFault diagnose();
    bool finiteGradients();
    float clip();
    void update(GptStep* s);

    GptTrainSettings m_settings;
    const TokenData& m_data;
    GptParams m_params, m_grads, m_m, m_v;  // masters, gradients, AdamW's two moments
    std::vector<GptParams::Tensor> m_paramList, m_gradList, m_mList, m_vList;  // their tensors, in torch's order
    ops::Gpt m_model;
    numerics::LossScaleState m_scale;
    std::vector<std::int32_t> m_ids, m_targets;  // the batch (B·T)
    std::vector<float> m_before;                 // a matrix before its update (the update ratio)
    std::int64_t m_step = 0, m_updates = 0;
    bool m_diagnosed = false;  // the first fault is named once
};

}  // namespace presisi
