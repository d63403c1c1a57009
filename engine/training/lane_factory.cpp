// The one lane factory: which backend runs a lane, for the runner and the speed lab alike. No Qt here.
#include "lane_backend.h"

#include "../error.h"
#ifdef PRESISI_HAVE_CUDA
#include "../cuda/cuda_lane.h"
#endif

namespace presisi {

void checkLaneBuilt(const LaneSpec& lane) {
#ifndef PRESISI_HAVE_CUDA
    if (lane.device == Device::Gpu)
        throw Error("lane " + lane.label() +
                    ": GPU training lanes are not available in this build (the CUDA training backend is not built)");
#else
    (void)lane;
#endif
}

std::unique_ptr<LaneBackend> makeLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch) {
    checkLaneBuilt(lane);
#ifdef PRESISI_HAVE_CUDA
    if (lane.device == Device::Gpu) return makeCudaLane(scenario, lane, maxBatch);
#endif
    return makeCpuLane(scenario, lane, maxBatch);
}

}  // namespace presisi
