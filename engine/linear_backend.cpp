// The linear lab's CPU backend (Eigen, oneDNN on native lanes) and the choice of backend by device. No Qt here.
#include "linear_backend.h"

namespace presisi {

namespace {

class CpuLinearBackend final : public LinearBackend {
public:
    Matrix forward(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                   const LinearProgress& rowDone) const override {
        return linearForwardCpu(lane, x, weight, bias, rowDone);
    }
    std::vector<LinearBenchRow> bench(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                      int repeats) const override {
        return benchLinearCpu(config, lanes, repeats);
    }
};

}  // namespace

const LinearBackend* linearBackend(Device device) {
    static const CpuLinearBackend cpu;
    return device == Device::Cpu ? &cpu : cudaLinearBackend();
}

}  // namespace presisi
