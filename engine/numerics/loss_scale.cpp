// The loss scaler's update (torch._amp_update_scale_), double products rounded once. No Qt here.
#include "loss_scale.h"

#include <cmath>

namespace presisi::numerics {

LossScaleState updateLossScale(LossScaleState s, bool foundInf, const ScalerSettings& c) {
    s.floored = false;
    if (foundInf) {
        const float backedOff = static_cast<float>(static_cast<double>(s.scale) * c.backoffFactor);
        s.floored = !(backedOff >= kMinLossScale);
        s.scale = s.floored ? kMinLossScale : backedOff;
        s.tracker = 0;
        return s;
    }
    const std::int32_t successful = s.tracker + 1;
    if (successful == c.growthInterval) {
        const float grown = static_cast<float>(static_cast<double>(s.scale) * c.growthFactor);
        if (std::isfinite(grown)) s.scale = grown;
        s.tracker = 0;
    } else {
        s.tracker = successful;
    }
    return s;
}

}  // namespace presisi::numerics
