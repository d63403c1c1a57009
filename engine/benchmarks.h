// Benchmarks of the engine (rounding throughput, linear lanes), with their baselines measured in the
// same run, so ratios stay meaningful on a shared, noisy machine. No Qt here.
#pragma once

#include <string>
#include <vector>

#include "format.h"
#include "linear_lab.h"

namespace presisi {

struct RoundingBenchRow {
    std::string operation;   // "round" (float32 to rounded float32) or "encode" (float32 to 8-bit codes)
    std::string kernel;      // "memcpy" (the baseline), "avx2-f16c", "portable", …
    std::string format;      // "bf16", "f16", "e4m3", "e5m2", or "-" for memcpy
    // Best of the repeats. round: bytes read + written per second (memcpy: the same). encode: float32
    // bytes read per second (memcpy: float32 bytes copied per second), so a ratio of 1 means encoding
    // the buffer takes as long as copying it.
    double gigabytesPerSecond = 0;
    double ratioToMemcpy = 0;  // memcpy's time / this row's time, same elements
};

// Rounds `elements` float32 values (default 16 Mi = 64 MiB, beyond any cache) with every kernel the
// CPU supports, for bf16 and f16, encodes them to e4m3 and e5m2 codes (encodeSpanWith, one byte each),
// and copies the same buffer with memcpy. Repeats interleave so that drift on a shared machine hits
// baseline and candidate alike.
std::vector<RoundingBenchRow> benchRounding(std::size_t elements = std::size_t{1} << 24, int repeats = 7);

struct LinearBenchRow {
    std::string lane;
    double seconds = 0;       // median forward time
    double gflops = 0;        // 2 * batch * in * out / seconds
    double ratioToF32 = 0;    // seconds / f32 lane's seconds (goal <= 1.15)
};

// The linear lanes at (batch, in, out), each timed on its own device's backend (engine/linear_backend.h):
// CPU lanes on one thread (wall time), GPU lanes with CUDA events (device time, inputs resident);
// medians of interleaved repeats, ratios against the same device's f32 lane. Rows come device by
// device (CPU first), each device's lanes in the order given. Throws presisi::Error naming the lane
// when its device is not usable here (cudaStatus()'s reason).
std::vector<LinearBenchRow> benchLinear(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                        int repeats = 5);

// The CPU backend's part of benchLinear: every lane run with linearForwardCpu whatever its device.
std::vector<LinearBenchRow> benchLinearCpu(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                           int repeats);

}  // namespace presisi
