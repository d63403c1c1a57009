// Autocast policy resolution: per-op formats of an MLP lane. No Qt here.
#include "policy.h"

namespace presisi::numerics {

Format resolveFormat(OpPolicy p, Format arriving, Format low) {
    switch (p) {
    case OpPolicy::Low: return low;
    case OpPolicy::F32: return Format::F32;
    case OpPolicy::AsInput: return arriving;
    }
    return arriving;
}

OpFormats resolveOpFormats(const std::vector<int>& sizes, LossKind loss, const AutocastPolicy& policy, Format low) {
    OpFormats f;
    const std::size_t L = sizes.size() - 1;
    f.in.resize(L);
    f.lin.resize(L);
    f.act.resize(L);
    Format arriving = Format::F32;
    for (std::size_t l = 0; l < L; ++l) {
        f.in[l] = arriving;
        f.lin[l] = resolveFormat(policy.linear, arriving, low);
        f.act[l] = resolveFormat(policy.activation, f.lin[l], low);
        arriving = f.act[l];
    }
    f.logits = f.lin[L - 1];
    if (loss == LossKind::CrossEntropy) {
        if (policy.loss == OpPolicy::F32) {
            f.softmax = f.loss = Format::F32;
        } else {
            f.softmax = resolveFormat(policy.softmax, f.logits, low);
            f.loss = resolveFormat(policy.loss, f.softmax, low);
        }
    } else {
        f.softmax = f.loss = resolveFormat(policy.loss, f.logits, low);
    }
    f.lowReduction = policy.reduction == OpPolicy::Low;
    return f;
}

}  // namespace presisi::numerics
