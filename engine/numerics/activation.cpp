// The activations' out-of-line pieces: PyTorch's GELU paths and single-element float32 references.
// No Qt here.
#include "activation.h"

namespace presisi::numerics {

namespace {

// The library code a rule names; a one-element tensor never reaches oneDNN (use_mkldnn wants numel > 1).
TorchGelu libraryCode(const GeluRule& rule, std::size_t n) {
    if (n <= 1) return TorchGelu::AtenVec;
    return rule.path == GeluPath::OneDnn2 ? TorchGelu::OneDnn2
         : rule.path == GeluPath::OneDnn3 ? TorchGelu::OneDnn3
                                          : TorchGelu::AtenVec;
}

}  // namespace

void torchGeluForward(const GeluRule& rule, const float* a, float* y, std::size_t n) {
    if (rule.path == GeluPath::F32Erf || rule.path == GeluPath::RoundEachOp) {
        activationForward(Activation::Gelu, a, y, n);
        return;
    }
    torchGeluForward(libraryCode(rule, n), a, y, n, rule.atenBlock);
}

void torchGeluBackward(const GeluRule& rule, const float* a, float* g, std::size_t n) {
    if (rule.path == GeluPath::F32Erf || rule.path == GeluPath::RoundEachOp) {
        activationBackward(Activation::Gelu, a, nullptr, g, n);
        return;
    }
    torchGeluBackward(libraryCode(rule, n), a, g, g, n, rule.atenBlock);
}

float activationF32(Activation act, float a) {
    float y;
    activationForward(act, &a, &y, 1);
    return y;
}

float activationBackwardF32(Activation act, float a, float y, float g) {
    activationBackward(act, &a, &y, &g, 1);
    return g;
}

}  // namespace presisi::numerics
