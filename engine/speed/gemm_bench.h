// GEMM throughput per device and format (CPU f32 / native / emulated, GPU f32 / tf32 / bf16 / f16), the engine
// behind `presisi bench gemm` and the Speed page's throughput chart. No Qt here.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "../device.h"

namespace presisi {

// One product kind the bench can time on a device.
//  CPU: "f32" (what the lanes use: native::f32Product's oneDNN kernel where this CPU has AVX-512 and the size
//  pays, else Eigen), "f32 eigen" (Eigen's AVX2 product, the fallback; listed where "f32" can take oneDNN),
//  "f32 onednn" (oneDNN at every size), "bf16 native", "f16 native" (oneDNN, where this CPU has the
//  instructions), "bf16 emulated", "f16 emulated" (round to the format, the lanes' f32 product, round).
//  GPU: "gpu:f32", "gpu:tf32", "gpu:bf16", "gpu:f16", "gpu:f16+acc16" (cuBLAS).
struct GemmLane {
    Device device = Device::Cpu;
    std::string name;
    bool native = false;    // real low-precision arithmetic (oneDNN bf16/f16 kernels, tensor cores)
    bool emulated = false;  // right numerics in float32 arithmetic: no speed-up expected
};

// One timed product C(m x n) = A(m x k) B(k x n); flops counted as 2 m n k.
struct GemmRow {
    std::string lane;  // a GemmLane's name
    Device device = Device::Cpu;
    std::int64_t m = 0, n = 0, k = 0;
    double seconds = 0;  // median of the repeats, one product
    double tflops = 0;   // 2 m n k / seconds / 1e12
};

struct GemmBenchSettings {
    std::vector<std::int64_t> sizes{256, 512, 1024, 2048};
    // Square: m = n = k = size. Layer-shaped (false): a linear layer's forward, batch x in -> out with
    // m = batch = 256, k = in = size, n = out = size.
    bool square = true;
    int repeats = 5;
    Device device = Device::Cpu;
    bool allDevices = false;  // true: CPU and GPU (GPU rows only where a CUDA device is usable)
};

struct GemmBenchReport {
    std::vector<GemmRow> rows;
    // e.g. "no native bf16 on this CPU: emulated — numerics only, no speed-up", "GPU lanes absent: …",
    // "native bf16 (AVX512_BF16) treats subnormal inputs as zero and flushes subnormal outputs".
    std::vector<std::string> notes;
    double cpuPeakTflopsF32 = 0;  // an estimate: clock x f32 lanes per vector x FMA units x 2 (one core)
    std::string cpuPeakHow;       // how the estimate was made ("3.7 GHz x 16 lanes x 2 FMA x 2 flops")
    std::string cpuName;          // /proc/cpuinfo "model name"
    std::string gpuName;          // empty without a usable GPU
    // Per lane at the largest size: that lane's tflops / the f32 lane of the same device (CPU baseline:
    // "f32", the lanes' float32 product, what the emulated lanes run on; GPU baseline: "gpu:f32").
    struct Speedup { std::string lane; Device device = Device::Cpu; std::int64_t size = 0; double overF32 = 0; };
    std::vector<Speedup> speedups;
};

// Why the largest operands of `settings` would not fit in the available host memory (a sentence), or
// empty: checked before the bench, so that a size too large is refused as a bad argument.
std::string gemmMemoryProblem(const GemmBenchSettings& settings);

// What this machine and build offer, labelled (native lanes only where detected at run time).
std::vector<GemmLane> availableGemmLanes(Device device);

// Times every available lane of settings.device (or all devices) at every size: a warm-up, then `repeats`
// rounds in which the lanes take turns (interleaved), each row the median. Random inputs in [-1, 1),
// never zeros. CPU products run on one thread, like the lanes; GPU rows are timed with CUDA events.
// `progress(done, total)` after each timed product (may be empty). When `cancel` turns true the bench
// stops at the next product and throws presisi::Cancelled.
GemmBenchReport benchGemm(const GemmBenchSettings& settings, const std::function<void(int done, int total)>& progress,
                          const std::atomic<bool>& cancel);

}  // namespace presisi
