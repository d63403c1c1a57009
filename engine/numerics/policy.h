// Autocast policy resolution, written once: the format every op of an MLP runs in, given the lane's low
// format and its AutocastPolicy. The CPU lane and the CUDA lane's host side both use it. No Qt here.
#pragma once

#include <vector>

#include "../format.h"
#include "settings.h"

namespace presisi::numerics {

// Tables and kernels index these enums in this order (the CUDA engineer ties the .cu side).
static_assert(int(OpKind::Linear) == 0 && int(OpKind::Activation) == 1 && int(OpKind::Softmax) == 2 &&
              int(OpKind::Loss) == 3 && int(OpKind::Reduction) == 4 && int(OpKind::Norm) == 5);
static_assert(int(OpPolicy::Low) == 0 && int(OpPolicy::F32) == 1 && int(OpPolicy::AsInput) == 2);

// The format an op runs in: Low -> the lane's format, F32 -> float32, AsInput -> what arrives.
Format resolveFormat(OpPolicy p, Format arriving, Format low);

// A cast from `from` to `to` changes values only when it narrows.
inline bool castNarrows(Format from, Format to) { return from != to && to != Format::F32; }

// Every op's format. Layer l (0-based): in[l] arrives, lin[l] is the product's (and bias's), act[l] the
// activation's (hidden layers). Loss: cross_entropy is log_softmax (`softmax`) then nll (`loss`); a loss
// forced to f32 casts its input first, so log_softmax runs in f32 too; mse runs entirely in `loss`.
// A hidden layer's normalisation runs in norm[l], between lin[l] and act[l] (the activation then takes
// what the norm gives); with no normalisation norm[l] == lin[l].
struct OpFormats {
    std::vector<Format> in, lin, norm, act;
    Format logits = Format::F32;  // lin of the last layer
    Format softmax = Format::F32;
    Format loss = Format::F32;
    bool lowReduction = false;  // the batch mean's partial sums rounded to the low format
};
OpFormats resolveOpFormats(const std::vector<int>& sizes, LossKind loss, NormKind norm, const AutocastPolicy& policy,
                           Format low);

}  // namespace presisi::numerics
