// The tiny transformer's parameters (float32 masters) and their initialisation as a PyTorch user gets it
// from torch.manual_seed(seed) and minGPT's scheme: the modules' default initialisation draws first, in
// construction order; then every Linear weight N(0, 0.02) with zero bias and every Embedding N(0, 0.02),
// in module order; then attn.proj's and fc_proj's weights N(0, 0.02/√(2L)). No Qt here.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "../../tensor.h"
#include "gpt_config.h"

namespace presisi {

struct GptBlockParams {
    Vector ln1Weight, ln1Bias;   // (D)
    Matrix qkvWeight;            // (3D, D): q, k, v stacked, each head's features together
    Vector qkvBias;              // (3D)
    Matrix projWeight;           // (D, D): attn.proj
    Vector projBias;             // (D)
    Vector qLnWeight, qLnBias;   // (d) with QK-LayerNorm: attn.q_ln, one per block shared by its heads; else empty
    Vector kLnWeight, kLnBias;   // (d): attn.k_ln
    Vector ln2Weight, ln2Bias;   // (D)
    Matrix fcWeight;             // (4D, D)
    Vector fcBias;               // (4D)
    Matrix fcProjWeight;         // (D, 4D)
    Vector fcProjBias;           // (D)
};

struct GptParams {
    Matrix tok;                  // (V, D): token embeddings, a row per id
    Matrix pos;                  // (T, D): position embeddings
    std::vector<GptBlockParams> blocks;
    Vector lnfWeight, lnfBias;   // (D)
    Matrix head;                 // (V, D): the output projection, no bias

    // The same shapes, zero (gradients and optimizer moments).
    static GptParams zerosLike(const GptParams& p);

    // Every tensor in torch's named_parameters() order (the QK-LayerNorm ones only with them), with its name ("blocks.0.attn.qkv.weight"),
    // whether AdamW decays it (minGPT's groups: the linears' weights, not embeddings, LayerNorm or biases)
    // and its float32 values.
    struct Tensor {
        std::string name;
        bool decays;
        float* data;
        Index size;
    };
    std::vector<Tensor> tensors();
};

// minGPT's initialisation after torch.manual_seed(config.seed) (torch_rng.h's streams, bit for bit).
GptParams gptInit(const GptConfig& config);

}  // namespace presisi
