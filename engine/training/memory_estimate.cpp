// The training run's memory estimate and the machine's available memory. No Qt here.
#include "memory_estimate.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace presisi {

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
    double params = 0, widths = 0, maxWidth = 0;
    for (std::size_t l = 0; l + 1 < s.sizes.size(); ++l) {
        const double in = s.sizes[l], out = s.sizes[l + 1];
        params += in * out + out;
        widths += in + 3 * out;  // input (or its cast), output, activation, output gradient (casts where needed)
        if (s.norm != NormKind::None && l + 2 < s.sizes.size()) {
            params += 2 * out;   // the normalisation's weight and bias
            widths += 3 * out;   // its input cast, output and input gradient
        }
        maxWidth = std::max({maxWidth, in, out});
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
    e.perLaneBytes = weights + activations;
    const double rows = n + nEval;
    if (s.data.kind == DatasetKind::Npy)  // values as double, then float; the evaluation set may be a copy
        e.dataBytes = (n + std::max(n, nEval)) * (in + out) * (8 + kFloat);
    else
        e.dataBytes = 2 * rows * (in + out) * kFloat;  // the sets and the draws they are made from
    const double lanes = static_cast<double>(s.lanes.size());
    e.bytes = lanes * e.perLaneBytes + e.dataBytes + evaluation + batch * (in + out) * kFloat + program;
    std::ostringstream o;
    o << s.lanes.size() << (s.lanes.size() == 1 ? " lane" : " lanes") << " x " << formatBytes(e.perLaneBytes) << " + data "
      << formatBytes(e.dataBytes) << " + " << formatBytes(program + evaluation) << " for the program and evaluation";
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
