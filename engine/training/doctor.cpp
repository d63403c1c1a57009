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

// A lane of 8 bits and below with its recipe removed: the same device in float32, or in `format`.
LaneSpec withoutCasts(LaneSpec lane, Format format) {
    const Device device = lane.device;
    lane = LaneSpec{};
    lane.device = device;
    lane.format = format;
    return lane;
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
        if (lane.scaled) return lane.label().substr(lane.label().find(':') + 1) + " -> bf16";
        return lane.format == Format::BF16 ? "format already bf16 (kept)"
                                           : "format " + std::string(traits(lane.format).name) + " -> bf16";
    case Remedy::KeepOpInF32:
        // A lane of 8 bits and below computes every op but its linears' products in f32 already: keeping the
        // linear in f32 drops its casts.
        if (lane.scaled && faultOpKind(fault.op) == OpKind::Linear) return "linear kept in f32 (no casts of 8 bits)";
        return std::string(opKindName(faultOpKind(fault.op))) + " kept in f32";
    case Remedy::EnableLossScaler:
        if (lane.scaled) return "no loss scaler on a lane of 8 bits and below (its casts scale each tensor; kept)";
        return lane.scaler ? "loss scaler already on (kept)" : "loss scaler on";
    }
    return "";
}

Scenario remedyScenario(const Scenario& s, const FirstNonFinite& fault, Remedy r) {
    Scenario out = s;
    LaneSpec lane = faultedLane(s, fault);
    switch (r) {
    case Remedy::LowerLearningRate: out.optimizer.lr = s.optimizer.lr / 10; break;
    case Remedy::SwitchToBf16: lane = lane.scaled ? withoutCasts(lane, Format::BF16) : (lane.format = Format::BF16, lane); break;
    case Remedy::KeepOpInF32: {
        if (lane.scaled && faultOpKind(fault.op) == OpKind::Linear) {
            lane = withoutCasts(lane, Format::F32);
            break;
        }
        // Applied to the one lane left in the scenario: the override replaces any earlier one for that op.
        const OpKind op = faultOpKind(fault.op);
        std::erase_if(out.opOverrides, [&](const auto& o) { return o.first == op; });
        out.opOverrides.emplace_back(op, OpPolicy::F32);
        break;
    }
    case Remedy::EnableLossScaler: lane.scaler = !lane.scaled || lane.scaler; break;
    }
    out.lanes = {lane};
    out.preset.clear();
    out.title = std::string(remedyName(r)) + ": " + remedyDescription(r, s, fault);
    return out;
}

}  // namespace presisi
