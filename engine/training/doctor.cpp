// The NaN doctor's remedies: one faulted lane with a single change each. No Qt here.
#include "doctor.h"

#include <cstdio>

#include "../error.h"

namespace presisi {

namespace {

std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

const LaneSpec& faultedLane(const Scenario& s, const FirstNonFinite& fault) {
    if (fault.lane < 0 || static_cast<std::size_t>(fault.lane) >= s.lanes.size())
        throw Error("remedy: lane " + std::to_string(fault.lane) + " does not exist (the scenario has " +
                    std::to_string(s.lanes.size()) + " lanes)");
    return s.lanes[static_cast<std::size_t>(fault.lane)];
}

}  // namespace

std::string_view remedyName(Remedy r) {
    switch (r) {
    case Remedy::LowerLearningRate: return "lower_lr";
    case Remedy::SwitchToBf16: return "bf16";
    case Remedy::KeepOpInF32: return "keep_f32";
    case Remedy::EnableLossScaler: return "loss_scaler";
    }
    return "?";
}

OpKind faultOpKind(FaultOp op) {
    switch (op) {
    case FaultOp::Activation: return OpKind::Activation;
    case FaultOp::SoftmaxLoss: return OpKind::Loss;
    case FaultOp::Norm: return OpKind::Norm;
    default: return OpKind::Linear;
    }
}

std::string remedyDescription(Remedy r, const Scenario& s, const FirstNonFinite& fault) {
    const LaneSpec& lane = faultedLane(s, fault);
    switch (r) {
    case Remedy::LowerLearningRate:
        return "learning rate " + num(s.optimizer.lr) + " -> " + num(s.optimizer.lr / 10);
    case Remedy::SwitchToBf16:
        return lane.format == Format::BF16 ? "format already bf16 (kept)"
                                           : "format " + std::string(traits(lane.format).name) + " -> bf16";
    case Remedy::KeepOpInF32:
        return std::string(opKindName(faultOpKind(fault.op))) + " kept in f32";
    case Remedy::EnableLossScaler:
        return lane.scaler ? "loss scaler already on (kept)" : "loss scaler on";
    }
    return "";
}

Scenario remedyScenario(const Scenario& s, const FirstNonFinite& fault, Remedy r) {
    Scenario out = s;
    LaneSpec lane = faultedLane(s, fault);
    switch (r) {
    case Remedy::LowerLearningRate: out.optimizer.lr = s.optimizer.lr / 10; break;
    case Remedy::SwitchToBf16: lane.format = Format::BF16; break;
    case Remedy::KeepOpInF32: {
        // Applied to the one lane left in the scenario: the override replaces any earlier one for that op.
        const OpKind op = faultOpKind(fault.op);
        std::erase_if(out.opOverrides, [&](const auto& o) { return o.first == op; });
        out.opOverrides.emplace_back(op, OpPolicy::F32);
        break;
    }
    case Remedy::EnableLossScaler: lane.scaler = true; break;
    }
    out.lanes = {lane};
    out.preset.clear();
    out.title = std::string(remedyName(r)) + ": " + remedyDescription(r, s, fault);
    return out;
}

}  // namespace presisi
