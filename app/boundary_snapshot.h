// BoundarySnapshot: each lane's model evaluated over the training data (the Training lab's decision
// regions or fitted curve), taken by the run controller on the engine worker every few hundred ms.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/training/runner.h"

namespace presisi {

// Each lane's model evaluated on a grid over the data's 2-D extent (2-input models only).
// Models with other input counts get a fit view instead: each lane's outputs on the first training
// samples (xs and ys empty, perLane (samples, outputs)), drawn against the targets.
struct BoundarySnapshot {
    std::int64_t step = -1;
    std::vector<float> xs, ys;    // grid coordinates
    std::vector<Matrix> perLane;  // (ys.size() * xs.size(), outputs) per lane, row j*xs.size()+i
    bool valid() const { return step >= 0 && !perLane.empty(); }
};

// The snapshot of `runner`'s lanes after its last step: a gridN x gridN grid over the data's 2-D extent
// (padded by a tenth), 4·gridN points along x for one input, the first 256 samples otherwise. Invalid
// for gridN <= 1, a summation, or no data.
BoundarySnapshot boundarySnapshot(Runner& runner, int gridN);

}  // namespace presisi
