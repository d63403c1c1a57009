// The training run's memory estimate and the machine's available memory. No Qt here.
#include "memory_estimate.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace presisi {

namespace {

// How many float copies of a linear's operands (x and the output gradient at the batch, the weight) a lane
// keeps beside a plain lane's buffers, from the peaks measured per lane kind (peak RSS of `presisi train
// --sizes 2,1024,1024,1024,3 --batch 4096 --steps 2`, Release, docs/CLI.md): per-tensor current scaling 0.97
// (the casts), delayed scaling 3.5 (its casts with the history's scale and the amax pass beside them), MX
// 1.95 (a second cast down the columns for the weight gradient), NVFP4 2.2 (and the Hadamard transforms'
// buffers), bf16/f16/f32 under 0.1. Each rounded up by half a copy or more, so that the estimate errs high.
double laneCastCopies(const Lane& lane) {
    if (!lane.scaled) return 0;
    if (isPerTensor(*lane.scaled)) return lane.delayed ? 4.0 : 1.5;
    if (isMx(*lane.scaled)) return 2.5;
    return 3.0;  // NVFP4
}

}  // namespace

MemoryEstimate estimateTrainingMemory(const Scenario& s, std::int64_t trainRows, std::int64_t evalRows) {
    MemoryEstimate e;
    constexpr double kFloat = 4;
    const double program = 64.0 * 1024 * 1024;  // code, Qt Core, Eigen's and the allocator's slack
    if (s.workload == Workload::Accumulation) {
        e.dataBytes = static_cast<double>(s.accumulationValues) * kFloat;
        e.bytes = e.dataBytes + program;
        e.summary = "data " + formatBytes(e.dataBytes) + " + " + formatBytes(program) + " for the program";
        return e;
    }
    const double n = static_cast<double>(std::max<std::int64_t>(trainRows, 0));
    const double nEval = static_cast<double>(std::max<std::int64_t>(evalRows, 0));
    const double batch = s.batch == 0 ? n : std::min(n, static_cast<double>(s.batch));
    double params = 0, widths = 0, maxWidth = 0, castWidths = 0, castParams = 0;
    for (std::size_t l = 0; l + 1 < s.sizes.size(); ++l) {
        const double in = s.sizes[l], out = s.sizes[l + 1];
        params += in * out + out;
        widths += in + 3 * out;  // input (or its cast), output, activation, output gradient (casts where needed)
        if (s.norm != NormKind::None && l + 2 < s.sizes.size()) {
            params += 2 * out;   // the normalisation's weight and bias
            widths += 3 * out;   // its input cast, output and input gradient
        }
        maxWidth = std::max({maxWidth, in, out});
        castWidths += in + out;
        castParams += in * out;
    }
    const double in = s.sizes.empty() ? 0 : s.sizes.front(), out = s.sizes.empty() ? 0 : s.sizes.back();
    const double optimizerCopies = s.optimizer.keepsTwoMoments() ? 2 : (s.optimizer.momentum != 0 ? 1 : 0);
    // Lane net and shadow net: weights in the lane's formats and gradients (2 each); master weights,
    // master gradients and optimizer state (and the micro-batches' sums with --grad-accum); activations of both
    // nets at the batch.
    const double sums = s.gradAccum > 1 ? 1 : 0;
    const double weights = params * kFloat * (2 * 2 + 2 + optimizerCopies + sums);
    const double activations = 2 * batch * widths * kFloat;
    const double evaluation = 2 * std::max(n, nEval) * maxWidth * kFloat;
    // What a scaled lane casts: each linear's x and output gradient at the batch and its weight, as float values.
    const double castUnit = (batch * castWidths + castParams) * kFloat;
    double lanesBytes = 0;
    for (const LaneSpec& lane : s.lanes) {
        const double bytes = weights + activations + laneCastCopies(lane) * castUnit;
        lanesBytes += bytes;
        if (bytes > e.perLaneBytes) {
            e.perLaneBytes = bytes;
            e.largestLane = lane.label();
        }
    }
    const double rows = n + nEval;
    if (s.data.kind == DatasetKind::Npy)  // values as double, then float; the evaluation set may be a copy
        e.dataBytes = (n + std::max(n, nEval)) * (in + out) * (8 + kFloat);
    else
        e.dataBytes = 2 * rows * (in + out) * kFloat;  // the sets and the draws they are made from
    e.bytes = lanesBytes + e.dataBytes + evaluation + batch * (in + out) * kFloat + program;
    std::ostringstream o;
    o << s.lanes.size() << (s.lanes.size() == 1 ? " lane " : " lanes ") << formatBytes(lanesBytes);
    if (s.lanes.size() > 1) o << " (the largest, " << e.largestLane << ", " << formatBytes(e.perLaneBytes) << ")";
    o << " + data " << formatBytes(e.dataBytes) << " + " << formatBytes(program + evaluation)
      << " for the program and evaluation";
    e.summary = o.str();
    return e;
}

std::optional<std::uint64_t> availableMemory(const std::string& meminfo) {
    std::ifstream f(meminfo);
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("MemAvailable:", 0) != 0) continue;
        std::istringstream in(line.substr(13));
        std::uint64_t kb = 0;
        std::string unit;
        if (in >> kb >> unit && unit == "kB") return kb * 1024;
        return std::nullopt;
    }
    return std::nullopt;
}
}  // namespace presisi
