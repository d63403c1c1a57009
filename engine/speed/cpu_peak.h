// An estimate of one CPU core's float32 peak from its clock and vector units, for the Speed lab's
// "fraction of peak". An estimate, said to be one. No Qt here.
#pragma once

#include <string>

namespace presisi {

struct CpuPeak {
    std::string cpuName;   // /proc/cpuinfo "model name", or "unknown CPU"
    double ghz = 0;        // cpufreq's cpuinfo_max_freq where present, else /proc/cpuinfo "cpu MHz"
    int flopsPerCycle = 0; // f32 lanes per FMA x FMA units x 2 (an FMA is two flops)
    double tflopsF32 = 0;  // one core: ghz * flopsPerCycle / 1000
    std::string how;       // "2.60 GHz (/proc/cpuinfo) x 16 f32 lanes x 2 FMA units x 2 flops, one core"
};

// Reads /proc/cpuinfo and /sys once. FMA units: two (every x86 core with AVX2 since Haswell/Zen);
// vector width: 512-bit only where the core executes AVX-512 at full width (Intel; AMD from family 26,
// Zen 5 — Zen 4 splits 512-bit operations in two), else 256-bit with AVX2, else 128-bit.
CpuPeak estimateCpuPeak();

// The same arithmetic on given facts (the test's hand-computed cases).
CpuPeak cpuPeakFrom(const std::string& cpuinfo, double maxFreqKhz);

}  // namespace presisi
