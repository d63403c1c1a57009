// The Speed lab's memory plan: per-lane bytes and the largest batch under a budget. No Qt here.
#include "memory_plan.h"

#include <cmath>

#include "../error.h"
#include "../training/memory_estimate.h"
#ifdef PRESISI_HAVE_CUDA
#include "../cuda/cuda_buffer.h"
#endif

namespace presisi {

namespace {

constexpr double kF32Bytes = 4;

double formatBytesPerValue(Format f) { return traits(f).bits / 8.0; }

struct Shape {
    double params = 0;       // P: every weight and bias
    double keptWidths = 0;   // sum over layers of (in + out): values kept per sample for backward
};

Shape shapeOf(const Scenario& s) {
    Shape sh;
    for (std::size_t l = 0; l + 1 < s.sizes.size(); ++l) {
        const double in = s.sizes[l], out = s.sizes[l + 1];
        sh.params += in * out + out;
        sh.keptWidths += in + out;
    }
    return sh;
}

double optimizerCopies(const OptimizerSpec& o) {
    if (o.keepsTwoMoments()) return 2;  // exp_avg and exp_avg_sq
    return o.momentum != 0 ? 1 : 0;                     // momentum_buffer
}

void requireTraining(const Scenario& s) {
    if (s.workload != Workload::Training)
        throw Error("the speed lab measures training; this scenario is the " + std::string(workloadName(s.workload)) +
                    " demo");
}

// The lane's bytes at batch 0 (the fixed part) and per sample, so total(B) = fixed + B * perSample.
LaneMemory laneAt(const Scenario& s, const LaneSpec& lane, double batch) {
    const Shape sh = shapeOf(s);
    const double v = formatBytesPerValue(lane.format);
    // A low-precision lane keeps float32 master weights and their gradients, except a pure-bf16 one ("+pure"),
    // whose weights are the bf16 ones the optimizer rounds back to.
    const bool master = lane.format != Format::F32 && !lane.pure;
    LaneMemory m;
    m.lane = lane.label();
    m.weights = sh.params * v;
    m.masterWeights = master ? sh.params * kF32Bytes : 0;
    m.gradients = sh.params * v + (master ? sh.params * kF32Bytes : 0);
    m.activations = batch * v * sh.keptWidths;
    m.optimizerState = sh.params * kF32Bytes * optimizerCopies(s.optimizer);
    return m;
}

}  // namespace

double LaneMemory::total() const { return weights + masterWeights + gradients + activations + optimizerState; }

std::vector<LaneMemory> laneMemory(const Scenario& scenario, int batch) {
    requireTraining(scenario);
    if (batch < 1) throw Error("batch = " + std::to_string(batch) + ": the memory plan needs a batch of at least 1");
    std::vector<LaneMemory> out;
    for (const LaneSpec& lane : scenario.lanes) out.push_back(laneAt(scenario, lane, batch));
    return out;
}

std::int64_t largestBatch(const Scenario& scenario, int lane, double budgetBytes) {
    requireTraining(scenario);
    if (lane < 0 || lane >= static_cast<int>(scenario.lanes.size()))
        throw Error("lane " + std::to_string(lane) + " out of range (the scenario has " +
                    std::to_string(scenario.lanes.size()) + " lanes)");
    const LaneSpec& spec = scenario.lanes[static_cast<std::size_t>(lane)];
    const double fixed = laneAt(scenario, spec, 0).total();
    const double perSample = laneAt(scenario, spec, 1).total() - fixed;
    if (!(budgetBytes >= fixed + perSample)) return 0;  // NaN budgets too
    // floor in double, then a step back or forward so that the integer answer is exact at the edge.
    const double b = std::floor((budgetBytes - fixed) / perSample);
    if (b >= 9.0e18) return static_cast<std::int64_t>(9.0e18);
    auto n = static_cast<std::int64_t>(b);
    while (n > 1 && fixed + static_cast<double>(n) * perSample > budgetBytes) --n;
    while (fixed + static_cast<double>(n + 1) * perSample <= budgetBytes) ++n;
    return n;
}

double defaultBudget(const LaneSpec& lane, std::string* source) {
#ifdef PRESISI_HAVE_CUDA
    if (lane.device == Device::Gpu && cudaStatus().available) {
        if (const std::size_t freeBytes = cuda::freeDeviceMemory(); freeBytes > 0) {
            if (source) *source = "GPU free memory";
            return static_cast<double>(freeBytes);
        }
    }
#else
    (void)lane;
#endif
    if (source) *source = "MemAvailable";
    const auto avail = availableMemory();
    return avail ? static_cast<double>(*avail) : 0.0;
}

}  // namespace presisi
