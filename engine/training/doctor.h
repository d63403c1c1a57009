// The NaN doctor's remedies, in the tutorial's order: each a scenario of the one faulted lane with a single
// change, to run beside the original. No Qt here.
#pragma once

#include <string>
#include <string_view>

#include "record.h"
#include "scenario.h"

namespace presisi {

enum class Remedy { LowerLearningRate, SwitchToBf16, KeepOpInF32, EnableLossScaler };  // the tutorial's order
inline constexpr Remedy kAllRemedies[] = {Remedy::LowerLearningRate, Remedy::SwitchToBf16, Remedy::KeepOpInF32,
                                          Remedy::EnableLossScaler};
std::string_view remedyName(Remedy r);  // "lower_lr", "bf16", "keep_f32", "loss_scaler"
// One line, e.g. "learning rate 0.5 -> 0.05", "format f16 -> bf16", "linear kept in f32", "loss scaler on".
std::string remedyDescription(Remedy r, const Scenario& scenario, const FirstNonFinite& fault);
// The operation's autocast entry a fault points at (forward/backward products: linear; activation:
// activation; softmax/loss: loss; unscale/optimizer: linear, where the gradients are made).
OpKind faultOpKind(FaultOp op);
// A scenario of the one faulted lane (fault.lane) with that single change (lr / 10; format bf16; the
// faulting op's policy forced to f32; +scaler), every other setting kept. Throws presisi::Error when the
// lane does not exist.
Scenario remedyScenario(const Scenario& scenario, const FirstNonFinite& fault, Remedy r);

}  // namespace presisi
