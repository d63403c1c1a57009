// The Speed lab's step breakdown: one training step per lane split into data loading, host-to-device
// transfer, forward, backward and optimizer, the largest part named with what helps it. No Qt here.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "../training/scenario.h"

namespace presisi {

struct StepParts {
    int lane;  // index into scenario.lanes
    // Seconds per step, medians over the timed steps. data: assembling the batch on the host plus the
    // loader's per-batch cost. transfer: 0 on CPU lanes (no transfer on the CPU); on GPU lanes a
    // host-to-device copy of the batch's bytes timed before each step, and taken out of forward (the CUDA
    // lane copies the batch as its forward begins).
    // optimizer: unscaling and the optimizer step.
    double data = 0, transfer = 0, forward = 0, backward = 0, optimizer = 0;
    double total() const { return data + transfer + forward + backward + optimizer; }
};

enum class Bottleneck { Compute, Transfer, Data };
std::string_view bottleneckName(Bottleneck b);  // "compute", "transfer", "data"

struct BreakdownReport {
    std::vector<StepParts> lanes;
    std::vector<Bottleneck> bottleneck;  // per lane: the largest of compute (forward+backward+optimizer),
                                         // transfer and data
    std::vector<std::string> sentence;   // per lane: "compute-bound: mixed precision helps" …
    std::string note;                    // how each part was measured, and what could not be split
};

struct BreakdownSettings {
    int steps = 30;                      // timed steps per lane (after 2 warm-up steps)
    double loaderSecondsPerBatch = 0;    // the built-in loader's settable per-batch cost (a sleep)
};

// Each lane runs alone on a fresh backend with the scenario's model, data, batch and initial weights,
// statistics off. progress(done, total) counts steps over all lanes; `cancel` is checked between steps
// and throws presisi::Cancelled. Throws presisi::Error for an invalid scenario.
BreakdownReport runStepBreakdown(const Scenario& scenario, const BreakdownSettings& settings,
                                 const std::function<void(int, int)>& progress, const std::atomic<bool>& cancel);

// The largest of compute (forward + backward + optimizer), transfer and data; a tie goes to compute
// (what mixed precision can act on), then to data.
Bottleneck bottleneckOf(const StepParts& parts);

// The sentence for a bottleneck, e.g. "data-bound: it will not — speed up loading (workers, caching,
// preprocessing once)".
std::string bottleneckSentence(Bottleneck b);

}  // namespace presisi
