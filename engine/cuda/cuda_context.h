// Per-thread CUDA state shared by the device code: one cuBLAS handle and grow-only device buffers,
// and the check that predicts an out-of-memory failure before anything is allocated. No Qt here.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>

namespace presisi::cuda {

// A device allocation that only grows. Reused across calls so a lane that runs every step does
// not pay cudaMalloc/cudaFree each time.
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    ~DeviceBuffer();
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& other) noexcept;
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;

    // Makes room for `bytes`; keeps the current allocation when it is large enough. Contents are
    // not preserved when it grows.
    void reserve(std::size_t bytes, const std::string& what);
    void release();
    std::size_t capacity() const { return m_bytes; }
    template <typename T>
    T* as() const { return static_cast<T*>(m_ptr); }

private:
    void* m_ptr = nullptr;
    std::size_t m_bytes = 0;
};

// Throws presisi::Error before allocating when cudaMemGetInfo says `bytes` more do not fit:
// "device memory: <what> needs 2.1 GiB more, 1.0 GiB free of 80.0 GiB on NVIDIA H200".
void requireDeviceMemory(std::size_t bytes, const std::string& what);

// Predicts, then reserves every request; nothing is allocated when the whole set does not fit.
void reserveAll(std::initializer_list<std::pair<DeviceBuffer*, std::size_t>> requests, const std::string& what);

// "512.0 MiB", "2.1 GiB"
std::string formatBytes(std::size_t bytes);

// The calling thread's cuBLAS handle, created on first use and destroyed when the thread ends.
// cuBLAS handles are not meant to be shared between threads that run concurrently.
cublasHandle_t blasHandle();

}  // namespace presisi::cuda
