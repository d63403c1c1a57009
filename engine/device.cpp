// Device names and the CUDA availability query (CPU-only builds answer here). No Qt here.
#include "device.h"

#ifdef PRESISI_HAVE_CUDA
#include "cuda/cuda_runtime_probe.h"
#endif

namespace presisi {

std::string_view deviceName(Device device) { return device == Device::Gpu ? "gpu" : "cpu"; }

std::optional<Device> parseDevice(std::string_view name) {
    if (name == "cpu") return Device::Cpu;
    if (name == "gpu" || name == "cuda") return Device::Gpu;
    return std::nullopt;
}

bool builtWithCuda() {
#ifdef PRESISI_HAVE_CUDA
    return true;
#else
    return false;
#endif
}

const CudaStatus& cudaStatus() {
    static const CudaStatus status = [] {
#ifdef PRESISI_HAVE_CUDA
        return probeCudaRuntime();
#else
        CudaStatus s;
        s.reason = "no CUDA device: this build of Presisi has no CUDA backend (nvcc was not found)";
        return s;
#endif
    }();
    return status;
}

}  // namespace presisi
