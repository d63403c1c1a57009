// The CUDA backend of a training lane (LaneBackend on a device). Only in builds with
// PRESISI_HAVE_CUDA. No Qt here.
#pragma once

#include <memory>

#include "../training/lane_backend.h"

namespace presisi {

// Same contract as makeCpuLane. Throws presisi::Error when no device is usable (with cudaStatus's
// reason), or before allocating anything when the model and a batch of maxBatch rows cannot fit in
// device memory (naming the sizes, the bytes needed and the bytes free).
std::unique_ptr<LaneBackend> makeCudaLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch);

}  // namespace presisi
