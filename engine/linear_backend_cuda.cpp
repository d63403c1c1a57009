// The linear lab's CUDA backend (cuBLAS; engine/cuda/cuda_linear.h), built with the CUDA backend only. No Qt here.
#include "cuda/cuda_linear.h"
#include "error.h"
#include "linear_backend.h"

namespace presisi {

namespace {

// The scaled lanes of 8 bits and below are emulated on the CPU only; cuBLAS here would run them as f32.
void refuseScaled(const LinearLane& lane) {
    if (lane.scaled) throw Error(lane.label() + ": FP8/MX lanes run on the CPU");
}

class CudaLinearBackend final : public LinearBackend {
public:
    // The forward pass is one device call: nothing to ask between rows.
    Matrix forward(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                   const LinearProgress&) const override {
        refuseScaled(lane);
        return linearForwardCuda(lane, x, weight, bias);
    }
    std::vector<LinearBenchRow> bench(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                      int repeats) const override {
        for (const LinearLane& lane : lanes) refuseScaled(lane);
        return benchLinearCuda(config, lanes, repeats);
    }
};

}  // namespace

const LinearBackend* cudaLinearBackend() {
    static const CudaLinearBackend cuda;
    return &cuda;
}

}  // namespace presisi
