// cuBLAS through dlopen (see cublas_dlopen.h): the five cuBLAS entry points the engine and the device
// checks call, each forwarding to the same-named symbol of the library loaded on first use. The
// declarations come from cublas_api.h, so a changed signature fails to compile here. No Qt here.
#include "cublas_dlopen.h"

#include <cublas_v2.h>
#include <dlfcn.h>

#include <cstdlib>
#include <type_traits>

#ifndef PRESISI_CUBLAS_TOOLKIT_DIR
#define PRESISI_CUBLAS_TOOLKIT_DIR "/usr/local/cuda/lib64"
#endif

namespace presisi::cuda {

namespace {

constexpr const char* kSymbols[] = {"cublasCreate_v2", "cublasDestroy_v2", "cublasGetVersion_v2",
                                    "cublasSetMathMode", "cublasGemmEx"};

std::string soname() { return "libcublas.so." + std::to_string(CUBLAS_VER_MAJOR); }

// The symbol from the loaded library only (never the global scope, which holds these forwarders).
template <class F>
F resolve(const char* name) {
    void* h = cublasLibrary().handle;
    return h ? reinterpret_cast<F>(dlsym(h, name)) : nullptr;
}

}  // namespace

std::vector<std::string> cublasCandidates() {
    if (const char* path = std::getenv("PRESISI_CUBLAS_LIBRARY"); path && *path) return {path};
    return {soname(), std::string(PRESISI_CUBLAS_TOOLKIT_DIR) + "/" + soname(), "/usr/local/cuda/lib64/" + soname()};
}

CublasLibrary loadCublas(const std::vector<std::string>& candidates) {
    CublasLibrary lib;
    for (const std::string& name : candidates) {
        void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            const char* why = dlerror();
            lib.error += (lib.error.empty() ? "" : "; ") + std::string(why ? why : name + ": cannot open");
            continue;
        }
        std::string missing;
        for (const char* sym : kSymbols)
            if (!dlsym(h, sym)) missing += std::string(missing.empty() ? "" : ", ") + sym;
        if (!missing.empty()) {
            lib.error += (lib.error.empty() ? "" : "; ") + name + " lacks " + missing;
            dlclose(h);
            continue;
        }
        lib.handle = h;
        lib.loadedFrom = name;
        lib.error.clear();
        return lib;
    }
    lib.error = "cuBLAS not loaded: " + lib.error;
    return lib;
}

const CublasLibrary& cublasLibrary() {
    // Never unloaded: handles created through it may live until exit.
    static const CublasLibrary lib = loadCublas(cublasCandidates());
    return lib;
}

}  // namespace presisi::cuda

using presisi::cuda::resolve;

// The forwarders: same names and types as cublas_api.h declares (extern "C" there).
cublasStatus_t CUBLASWINAPI cublasCreate_v2(cublasHandle_t* handle) {
    auto f = resolve<decltype(&cublasCreate_v2)>("cublasCreate_v2");
    return f ? f(handle) : CUBLAS_STATUS_NOT_INITIALIZED;
}

cublasStatus_t CUBLASWINAPI cublasDestroy_v2(cublasHandle_t handle) {
    auto f = resolve<decltype(&cublasDestroy_v2)>("cublasDestroy_v2");
    return f ? f(handle) : CUBLAS_STATUS_NOT_INITIALIZED;
}

cublasStatus_t CUBLASWINAPI cublasGetVersion_v2(cublasHandle_t handle, int* version) {
    auto f = resolve<decltype(&cublasGetVersion_v2)>("cublasGetVersion_v2");
    return f ? f(handle, version) : CUBLAS_STATUS_NOT_INITIALIZED;
}

cublasStatus_t CUBLASWINAPI cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode) {
    auto f = resolve<decltype(&cublasSetMathMode)>("cublasSetMathMode");
    return f ? f(handle, mode) : CUBLAS_STATUS_NOT_INITIALIZED;
}

cublasStatus_t CUBLASWINAPI cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                         int m, int n, int k, const void* alpha, const void* A, cudaDataType Atype,
                                         int lda, const void* B, cudaDataType Btype, int ldb, const void* beta,
                                         void* C, cudaDataType Ctype, int ldc, cublasComputeType_t computeType,
                                         cublasGemmAlgo_t algo) {
    // cublas_api.h adds a C++ overload taking a cudaDataType compute type: name the exported one.
    using GemmEx = cublasStatus_t(CUBLASWINAPI*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                                 const void*, const void*, cudaDataType, int, const void*,
                                                 cudaDataType, int, const void*, void*, cudaDataType, int,
                                                 cublasComputeType_t, cublasGemmAlgo_t);
    static_assert(std::is_same_v<GemmEx, decltype(static_cast<GemmEx>(&cublasGemmEx))>);
    auto f = resolve<GemmEx>("cublasGemmEx");
    return f ? f(handle, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C, Ctype, ldc,
                 computeType, algo)
             : CUBLAS_STATUS_NOT_INITIALIZED;
}
