// The CUDA runtime probe. The runtime is linked statically, so this runs on machines with no
// driver at all; there cudaGetDeviceCount fails and its message becomes the reason. No Qt here.
#include "cuda_runtime_probe.h"

#include <cuda_runtime_api.h>

#include "cublas_dlopen.h"

namespace presisi {

CudaStatus probeCudaRuntime() {
    CudaStatus s;
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        s.reason = std::string("no CUDA device: ") + cudaGetErrorString(err);
        return s;
    }
    if (count == 0) {
        s.reason = "no CUDA device: the driver reports no devices";
        return s;
    }
    cudaDeviceProp prop{};
    const cudaError_t perr = cudaGetDeviceProperties(&prop, 0);
    if (perr != cudaSuccess) {
        s.reason = std::string("no CUDA device: cudaGetDeviceProperties failed: ") + cudaGetErrorString(perr);
        return s;
    }
    if (prop.major < 7 || (prop.major == 7 && prop.minor < 5)) {
        s.reason = "no CUDA device: " + std::string(prop.name) + " is older than sm_75 (Turing)";
        return s;
    }
    // A driver without CUDA 13's cuBLAS (the Debian package on a machine without the toolkit): CPU only.
    if (!cuda::cublasLibrary().handle) {
        s.reason = "no CUDA device: " + cuda::cublasLibrary().error;
        return s;
    }
    s.available = true;
    s.name = prop.name;
    s.computeCapability = prop.major * 10 + prop.minor;
    return s;
}

}  // namespace presisi
