// Autocast policies (PyTorch's CPU and CUDA lists) and their resolution: per-op formats of an MLP lane. No Qt here.
#include "policy.h"

namespace presisi {

OpPolicy AutocastPolicy::get(OpKind op) const {
    switch (op) {
    case OpKind::Linear: return linear;
    case OpKind::Activation: return activation;
    case OpKind::Softmax: return softmax;
    case OpKind::Loss: return loss;
    case OpKind::Reduction: return reduction;
    case OpKind::Norm: return norm;
    }
    return OpPolicy::AsInput;
}

void AutocastPolicy::set(OpKind op, OpPolicy p) {
    switch (op) {
    case OpKind::Linear: linear = p; break;
    case OpKind::Activation: activation = p; break;
    case OpKind::Softmax: softmax = p; break;
    case OpKind::Loss: loss = p; break;
    case OpKind::Reduction: reduction = p; break;
    case OpKind::Norm: norm = p; break;
    }
}

AutocastPolicy AutocastPolicy::cpu() { return AutocastPolicy{}; }

AutocastPolicy AutocastPolicy::cuda() {
    AutocastPolicy p;
    p.softmax = OpPolicy::F32;
    p.reduction = OpPolicy::F32;
    p.norm = OpPolicy::F32;
    return p;
}

namespace numerics {

Format resolveFormat(OpPolicy p, Format arriving, Format low) {
    switch (p) {
    case OpPolicy::Low: return low;
    case OpPolicy::F32: return Format::F32;
    case OpPolicy::AsInput: return arriving;
    }
    return arriving;
}

OpFormats resolveOpFormats(const std::vector<int>& sizes, LossKind loss, NormKind norm, const AutocastPolicy& policy,
                           Format low) {
    OpFormats f;
    const std::size_t L = sizes.size() - 1;
    f.in.resize(L);
    f.lin.resize(L);
    f.norm.resize(L);
    f.act.resize(L);
    Format arriving = Format::F32;
    for (std::size_t l = 0; l < L; ++l) {
        f.in[l] = arriving;
        f.lin[l] = resolveFormat(policy.linear, arriving, low);
        f.norm[l] = norm == NormKind::None || l + 1 == L ? f.lin[l] : resolveFormat(policy.norm, f.lin[l], low);
        f.act[l] = resolveFormat(policy.activation, f.norm[l], low);
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

}  // namespace numerics

}  // namespace presisi
