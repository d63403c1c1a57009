// The loss scaler's update, torch._amp_update_scale_ (1.13): one function for every lane. No Qt here.
#pragma once

#include <cstdint>

#include "settings.h"

namespace presisi::numerics {

struct LossScaleState {
    float scale = 65536.0f;
    std::int32_t tracker = 0;  // clean steps since the last growth or backoff
    bool floored = false;      // this update's backoff was held at kMinLossScale
};

// Backoff on inf/NaN; growth after growth_interval clean steps, taken only when the grown scale is finite.
// As torch's kernel (float scale, double factors): the product is formed in double and rounded once to
// float32 (float(double(scale) * factor)), not with the factor first rounded to float. The backoff is
// held at kMinLossScale (the smallest normal float32): a subnormal or zero scale would flush every
// gradient and make 1/scale inf.
LossScaleState updateLossScale(LossScaleState s, bool foundInf, const ScalerSettings& settings);

}  // namespace presisi::numerics
