// Per-thread cuBLAS handle, grow-only device buffers and the device-memory prediction. No Qt here.
#include "cuda_context.h"

#include <cstdio>

#include "../device.h"
#include "cuda_check.h"

namespace presisi::cuda {

DeviceBuffer::~DeviceBuffer() { release(); }

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : m_ptr(std::exchange(other.m_ptr, nullptr)), m_bytes(std::exchange(other.m_bytes, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
        release();
        m_ptr = std::exchange(other.m_ptr, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
    }
    return *this;
}

void DeviceBuffer::release() {
    // A failing cudaFree here can only mean the context is already gone (process exit); there is
    // nothing left to free and no one to tell.
    if (m_ptr) cudaFree(m_ptr);
    m_ptr = nullptr;
    m_bytes = 0;
}

void DeviceBuffer::reserve(std::size_t bytes, const std::string& what) {
    if (bytes <= m_bytes && m_ptr) return;
    release();
    // Never a zero-byte allocation: an empty tensor still gets a valid pointer.
    const std::size_t n = bytes == 0 ? 256 : bytes;
    PRESISI_CUDA(cudaMalloc(&m_ptr, n), what + " (" + formatBytes(n) + ")");
    m_bytes = n;
}

std::string formatBytes(std::size_t bytes) {
    char buf[32];
    const double b = static_cast<double>(bytes);
    if (b >= 1024.0 * 1024 * 1024) std::snprintf(buf, sizeof buf, "%.1f GiB", b / (1024.0 * 1024 * 1024));
    else if (b >= 1024.0 * 1024) std::snprintf(buf, sizeof buf, "%.1f MiB", b / (1024.0 * 1024));
    else std::snprintf(buf, sizeof buf, "%.1f KiB", b / 1024.0);
    return buf;
}

void requireDeviceMemory(std::size_t bytes, const std::string& what) {
    if (bytes == 0) return;
    std::size_t freeBytes = 0, totalBytes = 0;
    PRESISI_CUDA(cudaMemGetInfo(&freeBytes, &totalBytes), what);
    // Leave a little for cuBLAS's workspace and the allocator's rounding.
    const std::size_t margin = std::size_t{64} << 20;
    if (bytes + margin > freeBytes)
        throw Error("device memory: " + what + " needs " + formatBytes(bytes) + " more, " + formatBytes(freeBytes) +
                    " free of " + formatBytes(totalBytes) + " on " + cudaStatus().name +
                    ": use a smaller batch or layer");
}

void reserveAll(std::initializer_list<std::pair<DeviceBuffer*, std::size_t>> requests, const std::string& what) {
    std::size_t extra = 0;
    for (const auto& [buffer, bytes] : requests)
        if (bytes > buffer->capacity()) extra += bytes;
    requireDeviceMemory(extra, what);
    for (const auto& [buffer, bytes] : requests)
        if (bytes > 0) buffer->reserve(bytes, what);
}

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
