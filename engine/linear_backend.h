// The linear lab's backend seam: one backend per device runs a lane's forward pass and times its lanes,
// as the training lab's LaneBackend does for training. runLinear and benchLinear pick the backend by
// the lane's device; which backends a build has is decided by the build (engine/CMakeLists.txt), not
// by #ifdefs in the lab. No Qt here.
#pragma once

#include <vector>

#include "benchmarks.h"
#include "linear_lab.h"

namespace presisi {

class LinearBackend {
public:
    virtual ~LinearBackend() = default;
    // y = x W^T + b in `lane` (the contract of linearForwardCpu / linearForwardCuda):
    //  x: (batch, in)  weight: (out, in)  bias: (out)  ->  y: (batch, out). `rowDone` (may be empty)
    // is asked the share done now and then where the backend loops on the host; false cancels.
    virtual Matrix forward(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                           const LinearProgress& rowDone) const = 0;
    // Each lane's forward time on this device, median of interleaved repeats; ratios against the
    // first plain f32 lane among `lanes`.
    virtual std::vector<LinearBenchRow> bench(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                              int repeats) const = 0;
};

// The backend for `device`, or nullptr where this build has none (a CPU-only build's GPU). Whether a
// device is usable right now is cudaStatus()'s answer, not this one's.
const LinearBackend* linearBackend(Device device);

// The CUDA backend: defined in linear_backend_cuda.cpp with the CUDA backend built, else in
// linear_backend_none.cpp (nullptr).
const LinearBackend* cudaLinearBackend();

}  // namespace presisi
