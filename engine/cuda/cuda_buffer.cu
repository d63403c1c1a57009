// Device memory for every CUDA lane (see cuda_buffer.h): the grow-only buffer, the float32 arrays
// and labels built on it, and the device-memory prediction. No Qt here.
#include "cuda_buffer.h"

#include <cuda_runtime_api.h>

#include <cmath>
#include <cstdio>

#include "../device.h"
#include "cuda_check.h"

namespace presisi::cuda {

namespace {
std::string count(std::size_t n) { return std::to_string(n) + " elements"; }
}  // namespace

// ---- DeviceBuffer ---------------------------------------------------------------------------------

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
    const std::size_t n = bytes == 0 ? 256 : bytes;
    PRESISI_CUDA(cudaMalloc(&m_ptr, n), what + " (" + formatBytes(n) + ")");
    m_bytes = n;
}

void uploadBytes(DeviceBuffer& dst, std::size_t offset, const void* src, std::size_t bytes, const std::string& what) {
    if (offset + bytes > dst.capacity())
        throw Error(what + ": " + std::to_string(offset + bytes) + " bytes into a buffer of " + std::to_string(dst.capacity()));
    PRESISI_CUDA(cudaMemcpy(dst.as<char>() + offset, src, bytes, cudaMemcpyHostToDevice), what);
}

std::size_t freeDeviceMemory() {
    std::size_t freeBytes = 0, totalBytes = 0;
    return cudaMemGetInfo(&freeBytes, &totalBytes) == cudaSuccess ? freeBytes : 0;
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

// ---- DeviceArray ----------------------------------------------------------------------------------

void DeviceArray::resize(std::size_t n, const std::string& what) {
    const std::size_t bytes = n * sizeof(float);
    if (bytes > m_buffer.capacity() || !data()) {
        const std::string w = what + " (" + count(n) + ")";
        requireDeviceMemory(bytes, w);
        m_size = 0;
        m_buffer.reserve(bytes, w);
    }
    m_size = n;
}

void DeviceArray::upload(std::span<const float> host) {
    resize(host.size(), "upload");
    if (!host.empty())
        PRESISI_CUDA(cudaMemcpy(data(), host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice),
                     "upload of " + count(host.size()));
}

std::vector<float> DeviceArray::download() const {
    std::vector<float> h(m_size);
    download(h);
    return h;
}

void DeviceArray::download(std::span<float> host) const {
    if (host.size() != m_size)
        throw Error("download: host span has " + count(host.size()) + ", device array " + count(m_size));
    if (m_size)
        PRESISI_CUDA(cudaMemcpy(host.data(), data(), m_size * sizeof(float), cudaMemcpyDeviceToHost),
                     "download of " + count(m_size));
}

void DeviceArray::copyFrom(const DeviceArray& other) {
    resize(other.size(), "device copy");
    if (m_size)
        PRESISI_CUDA(cudaMemcpy(data(), other.data(), m_size * sizeof(float), cudaMemcpyDeviceToDevice),
                     "device copy of " + count(m_size));
}

void DeviceArray::fill(float value) {
    if (m_size == 0) return;
    if (value == 0.0f && !std::signbit(value)) {
        PRESISI_CUDA(cudaMemset(data(), 0, m_size * sizeof(float)), "fill of " + count(m_size));
        return;
    }
    std::vector<float> h(m_size, value);
    upload(h);
}

// ---- DeviceLabels ---------------------------------------------------------------------------------

void DeviceLabels::upload(std::span<const int> host) {
    const std::string what = "labels (" + count(host.size()) + ")";
    const std::size_t bytes = host.size() * sizeof(int);
    if (bytes > m_buffer.capacity() || !data()) {
        requireDeviceMemory(bytes, what);
        m_buffer.reserve(bytes, what);
    }
    m_size = host.size();
    if (!host.empty())
        PRESISI_CUDA(cudaMemcpy(m_buffer.as<int>(), host.data(), bytes, cudaMemcpyHostToDevice), what);
}

}  // namespace presisi::cuda
