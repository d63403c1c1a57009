// The per-thread cuBLAS handle. No Qt here.
#include "cuda_context.h"

#include <string>

#include "cuda_check.h"

namespace presisi::cuda {

namespace {

struct ThreadBlas {
    cublasHandle_t handle = nullptr;
    ThreadBlas() { PRESISI_CUDA(cublasCreate(&handle), std::string("the calling thread's cuBLAS handle")); }
    ~ThreadBlas() {
        if (handle) cublasDestroy(handle);
    }
    ThreadBlas(const ThreadBlas&) = delete;
    ThreadBlas& operator=(const ThreadBlas&) = delete;
};

}  // namespace

cublasHandle_t blasHandle() {
    thread_local ThreadBlas blas;
    return blas.handle;
}

}  // namespace presisi::cuda
