// Which devices a lane can run on, and whether a CUDA device is usable right now. No Qt here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace presisi {

enum class Device { Cpu, Gpu };

std::string_view deviceName(Device device);  // "cpu", "gpu"
std::optional<Device> parseDevice(std::string_view name);

// "No GPU" is a state, not an error: the reason is shown in the window and printed by the CLI.
struct CudaStatus {
    bool available = false;
    std::string reason;  // "no CUDA device: <why>" when unavailable
    std::string name;    // device name when available, e.g. "NVIDIA H200"
    int computeCapability = 0;  // 90 for sm_90
};

// Probed once and cached; cheap to call.
const CudaStatus& cudaStatus();
// True when this build contains the CUDA backend (nvcc was found at configure time).
bool builtWithCuda();

}  // namespace presisi
