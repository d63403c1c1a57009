// Benchmarks of the engine with same-run baselines. No Qt here.
#include "benchmarks.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <iterator>
#include <random>

#include "error.h"
#include "linear_backend.h"
#include "timing.h"

namespace presisi {

std::vector<RoundingBenchRow> benchRounding(std::size_t elements, int repeats) {
    std::vector<float> in(elements), out(elements);
    std::vector<std::uint8_t> codes(elements);
    std::mt19937 rng(1);
    // N(0, 100): most values inside e4m3's and e5m2's range, some beyond 448 (e4m3's overflow path).
    std::normal_distribution<float> dist(0.0f, 100.0f);
    for (float& v : in) v = dist(rng);
    std::memcpy(out.data(), in.data(), elements * sizeof(float));  // fault the pages in
    std::memset(codes.data(), 0, elements);

    struct Candidate {
        std::string operation, kernel, format;
        std::function<void()> run;
        double best = 1e300;
    };
    std::vector<Candidate> cands;
    cands.push_back({"round", "memcpy", "-", [&] { std::memcpy(out.data(), in.data(), elements * sizeof(float)); }});
    for (RoundingKernel k : {RoundingKernel::Avx512, RoundingKernel::Avx2, RoundingKernel::Portable}) {
        if (!kernelSupported(k)) continue;
        for (Format f : {Format::BF16, Format::F16})
            cands.push_back({"round", std::string(kernelName(k)), std::string(traits(f).name),
                             [&, k, f] { roundSpanWith(k, f, in, out, Subnormals::Keep); }});
    }
    for (RoundingKernel k : {RoundingKernel::Avx512, RoundingKernel::Avx2, RoundingKernel::Portable}) {
        if (!kernelSupported(k)) continue;
        for (Format f : {Format::E4M3, Format::E5M2})
            cands.push_back({"encode", std::string(kernelName(k)), std::string(traits(f).name),
                             [&, k, f] { encodeSpanWith(k, f, in, codes, Overflow::Ocp); }});
    }
    for (int r = 0; r < repeats; ++r) {
        for (auto& c : cands) {
            const auto t0 = SteadyClock::now();
            c.run();
            const double s = secondsBetween(t0, SteadyClock::now());
            c.best = std::min(c.best, s);
        }
    }
    const double floatBytes = static_cast<double>(elements) * sizeof(float);
    const double memcpySeconds = cands.front().best;
    std::vector<RoundingBenchRow> rows;
    bool encodeBaseline = false;
    for (const auto& c : cands) {
        if (c.operation == "encode" && !encodeBaseline) {
            // The same memcpy, counted as the encode rows count: float32 bytes in per second.
            rows.push_back({"encode", "memcpy", "-", floatBytes / memcpySeconds / 1e9, 1.0});
            encodeBaseline = true;
        }
        const double bytes = c.operation == "round" ? 2 * floatBytes : floatBytes;
        rows.push_back({c.operation, c.kernel, c.format, bytes / c.best / 1e9, memcpySeconds / c.best});
    }
    return rows;
}

std::vector<LinearBenchRow> benchLinear(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                        int repeats) {
    std::vector<LinearBenchRow> rows;
    for (Device device : {Device::Cpu, Device::Gpu}) {
        std::vector<LinearLane> onDevice;
        std::copy_if(lanes.begin(), lanes.end(), std::back_inserter(onDevice),
                     [device](const LinearLane& l) { return l.device == device; });
        if (onDevice.empty()) continue;
        const LinearBackend* backend = linearBackend(device);
        if (!backend || (device == Device::Gpu && !cudaStatus().available))
            throw Error("bench linear: " + onDevice.front().label() + ": " + cudaStatus().reason);
        const auto part = backend->bench(config, onDevice, repeats);
        rows.insert(rows.end(), part.begin(), part.end());
    }
    return rows;
}

std::vector<LinearBenchRow> benchLinearCpu(const LinearConfig& config, const std::vector<LinearLane>& lanes,
                                           int repeats) {
    const LinearInputs in = makeLinearInputs(config);
    std::vector<std::vector<double>> times(lanes.size());
    for (int r = 0; r < repeats; ++r) {
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            const auto t0 = SteadyClock::now();
            const Matrix y = linearForwardCpu(lanes[i], in.x, in.weight, in.bias);
            times[i].push_back(secondsBetween(t0, SteadyClock::now()));
            if (y.size() == 0) return {};  // keeps the product from being optimised away
        }
    }
    const double flops = 2.0 * static_cast<double>(config.batch) * config.in * config.out;
    std::vector<LinearBenchRow> rows;
    double f32Seconds = 0;
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        const double s = median(times[i]);
        if (lanes[i].format == Format::F32 && !lanes[i].scaled && !lanes[i].tf32 && f32Seconds == 0) f32Seconds = s;
        rows.push_back({displayLabel(lanes[i]), s, flops / s / 1e9, 0});
    }
    for (auto& row : rows) row.ratioToF32 = f32Seconds > 0 ? row.seconds / f32Seconds : 0;
    return rows;
}

}  // namespace presisi
