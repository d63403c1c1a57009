// Small helpers the judge's files share (judge.cpp, judge_emulate.cpp, judge_runs.cpp): value
// comparison, matrix views and the roundings the order model takes. Internal to the judge. No Qt here.
#pragma once

#include <span>
#include <utility>

#include "engine/linear_lab.h"

namespace presisi::gpucheck::detail {

bool sameValue(float a, float b);  // equal, or both NaN
std::span<const float> spanOf(const Matrix& m);
// m rounded to the lane's format and subnormal rule (a copy; m itself for plain f32).
Matrix roundedForLane(const LinearLane& lane, const Matrix& m);
// One rounding of v to the lane's format, straight from the double and through float32: (min, max).
std::pair<float, float> roundBoth(const LinearLane& lane, double v);
// Round toward zero to the lane's format.
float roundTowardZero(const LinearLane& lane, float v);
// A double rounded to float32 toward zero (the truncating accumulator's add).
float truncateToF32(double v);

}  // namespace presisi::gpucheck::detail
