// The linear lab's CUDA backend (cuBLAS; engine/cuda/cuda_linear.h), built with the CUDA backend only. No Qt here.
#include "cuda/cuda_linear.h"
#include "linear_backend.h"

namespace presisi {

namespace {

class CudaLinearBackend final : public LinearBackend {
public:
    // The forward pass is one device call: nothing to ask between rows.
    Matrix forward(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                   const LinearProgress&) const override {
        return linearForwardCuda(lane, x, weight, bias);
    }
    std::vector<LinearBenchRow> bench(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                      int repeats) const override {
        return benchLinearCuda(config, lanes, repeats);
    }
};

}  // namespace

const LinearBackend* cudaLinearBackend() {
    static const CudaLinearBackend cuda;
    return &cuda;
}

}  // namespace presisi
