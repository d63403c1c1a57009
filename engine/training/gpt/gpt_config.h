// The tiny transformer's shape and numerics settings (minGPT's GPT, pre-LayerNorm, no dropout), as the
// transformer's ops, its initialisation and its trainer read them. No Qt here.
#pragma once

#include <cstdint>

#include "../../numerics/settings.h"

namespace presisi {

// How attention computes softmax(q·kᵀ/√d)·v (ops/attention_op.h says each path's roundings).
enum class AttentionPath {
    Manual,    // minGPT's code: (q·kᵀ)·(1/√d), masked_fill(−inf), softmax, ·v; under autocast every step in the
               // low format
    SdpaMath,  // F.scaled_dot_product_attention under SDPBackend.MATH (PyTorch ≥ 2.5): float32 inside, one
               // rounding of the output
};

struct GptConfig {
    int vocab = 3;      // V: token ids 0 … V−1
    int block = 11;     // T: the longest sequence (positions)
    int layers = 3;     // L blocks
    int heads = 3;      // H heads of embd / heads features
    int embd = 48;      // D
    AttentionPath attention = AttentionPath::Manual;
    // What keeps attention logits in check (each off by default):
    bool qkNorm = false;   // QK-LayerNorm (Dehghani et al. 2023): a LayerNorm over each head's q and k features
    double softcap = 0;    // Gemma 2's soft-capping: logits S·tanh(logit / S) before the mask (manual path only)
    double zLoss = 0;      // PaLM's z-loss: W · mean(log² Z) over the targeted positions, added to the loss
    std::uint64_t seed = 0;  // torch.manual_seed before the model is built

    // The product dispatch the ops follow (numerics::productDispatch reads these four by name). A
    // transformer matches PyTorch 2.x's CPU dispatch: Dispatch::Torch, on the CPU class torchCpu.
    Dispatch dispatch = Dispatch::Torch;
    BackwardAccumulation backwardAccumulation = BackwardAccumulation::F32;
    TorchCpu torchCpu = TorchCpu::ThisCpu;
    TorchVersion torchVersion = TorchVersion::V2;

    int headSize() const { return embd / heads; }
};

}  // namespace presisi
