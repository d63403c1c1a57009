// Device memory, written once for every CUDA lane: a grow-only byte buffer (DeviceBuffer), the
// float32 tensors and integer labels the training lanes hold (DeviceArray, DeviceLabels, both on a
// DeviceBuffer), and the check that predicts an out-of-memory failure before anything is allocated.
// Needs no CUDA headers, so the runner and the checks include it from plain C++. No Qt here.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <vector>

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
    // not preserved when it grows. Never a zero-byte allocation: an empty tensor gets a valid pointer.
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

// Host memory (pageable, as the lanes' uploads) into dst at `offset`; dst must hold offset + bytes. cudaMemcpy
// stages pageable memory and may return before the transfer ends: synchronize() (cuda_training.h) to time it.
void uploadBytes(DeviceBuffer& dst, std::size_t offset, const void* src, std::size_t bytes, const std::string& what);
// The device's free memory in bytes (cudaMemGetInfo); 0 when it cannot say.
std::size_t freeDeviceMemory();

// float32 values on the device. Grows only; device memory is predicted before each allocation.
class DeviceArray {
public:
    DeviceArray() = default;
    DeviceArray(std::size_t n, const std::string& what) { resize(n, what); }
    DeviceArray(DeviceArray&& other) noexcept
        : m_buffer(std::move(other.m_buffer)), m_size(std::exchange(other.m_size, 0)) {}
    DeviceArray& operator=(DeviceArray&& other) noexcept {
        m_buffer = std::move(other.m_buffer);
        m_size = std::exchange(other.m_size, 0);
        return *this;
    }

    // Size becomes n; contents are kept only when the allocation does not grow.
    void resize(std::size_t n, const std::string& what);
    std::size_t size() const { return m_size; }
    float* data() { return m_buffer.as<float>(); }
    const float* data() const { return m_buffer.as<float>(); }

    void upload(std::span<const float> host);       // resizes to host.size()
    std::vector<float> download() const;
    void download(std::span<float> host) const;     // host.size() == size()
    void copyFrom(const DeviceArray& other);        // device to device, resizes
    void fill(float value);

private:
    DeviceBuffer m_buffer;
    std::size_t m_size = 0;
};

// Integer labels on the device (cross-entropy targets).
class DeviceLabels {
public:
    void upload(std::span<const int> host);
    const int* data() const { return m_buffer.as<int>(); }
    std::size_t size() const { return m_size; }

private:
    DeviceBuffer m_buffer;
    std::size_t m_size = 0;
};

}  // namespace presisi::cuda
