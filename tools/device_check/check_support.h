// Helpers the device checks share (linear, kernel and run checks): value comparisons, the guard
// that skips without a device and turns exceptions into failures, and bound judgements. No Qt here.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "engine/device.h"
#include "engine/format.h"
#include "engine/tensor.h"
#include "gpu_checks.h"

namespace presisi::gpucheck {

inline bool sameValue(float a, float b) { return a == b || (std::isnan(a) && std::isnan(b)); }
inline bool sameBits(float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b) || (std::isnan(a) && std::isnan(b));
}
inline bool oneUnitApart(Format f, float a, float b) { return b == nextUp(f, a) || b == nextDown(f, a); }

inline Check skipped(std::string name) { return {std::move(name), Outcome::Skip, cudaStatus().reason}; }

// Runs `body` when a device is usable; a presisi::Error becomes a failure naming it.
inline Check guarded(const std::string& name, const std::function<Check()>& body) {
    if (!cudaStatus().available) return skipped(name);
    try {
        Check c = body();
        c.name = name;
        return c;
    } catch (const std::exception& e) {
        return {name, Outcome::Fail, std::string("threw: ") + e.what()};
    }
}

// Counts, for two tensors of one format: bitwise-different elements and those more than one unit
// apart. `orderBound` (optional, per element) is how far two float32 accumulation orders may move
// the unrounded value: near zero, where the format's unit is smaller than that, an element may
// differ by more than one unit and still be only accumulation-order noise; it is counted as
// differing, not as beyond.
struct UnitDiff {
    std::int64_t count = 0, differing = 0, beyond = 0;
    std::string worst;  // the first element beyond, for the message
};
inline double unitAt(Format f, float v) {
    return std::max(std::fabs(static_cast<double>(nextUp(f, v)) - v), std::fabs(v - static_cast<double>(nextDown(f, v))));
}
inline UnitDiff unitDiff(Format f, std::span<const float> gpu, std::span<const float> cpu,
                         std::span<const double> orderBound = {}) {
    UnitDiff d;
    d.count = static_cast<std::int64_t>(cpu.size());
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        if (sameValue(gpu[i], cpu[i])) continue;
        ++d.differing;
        if (oneUnitApart(f, cpu[i], gpu[i])) continue;
        const double diff = std::fabs(static_cast<double>(gpu[i]) - cpu[i]);
        if (!orderBound.empty() && diff <= orderBound[i] + unitAt(f, cpu[i])) continue;
        if (d.beyond == 0)
            d.worst = "element " + std::to_string(i) + ": gpu " + fmt("%.9g", gpu[i]) + ", cpu " + fmt("%.9g", cpu[i]);
        ++d.beyond;
    }
    return d;
}

// |a - b| <= allowed[i] for every element; reports the worst as a fraction of what is allowed.
inline Check judgeBound(const std::string& what, std::span<const float> gpu, std::span<const float> cpu,
                 std::span<const double> allowed) {
    double worst = 0;
    std::size_t at = 0;
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        const double d = std::fabs(static_cast<double>(gpu[i]) - cpu[i]);
        const double frac = d / std::max(allowed[i], 1e-300);
        if (!(frac <= worst)) {
            worst = frac;
            at = i;
        }
    }
    const std::string detail = "worst element " + std::to_string(at) + " at " + fmt("%.3g", worst) + " of its bound";
    return {what, worst <= 1.0 ? Outcome::Pass : Outcome::Fail, detail};
}

inline std::span<const float> spanOf(const Matrix& m) { return {m.data(), static_cast<std::size_t>(m.size())}; }

// A named case whose body runs under guarded().
inline CheckCase guardedCase(std::string name, std::function<Check()> body) {
    return {name, [name, body] { return guarded(name, body); }};
}

}  // namespace presisi::gpucheck
