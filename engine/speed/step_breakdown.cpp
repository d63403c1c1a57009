// Where a training step's time goes, per lane: data, transfer, forward, backward, optimizer; the
// bottleneck and what helps it. No Qt here.
#include "step_breakdown.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "../error.h"
#include "step_harness.h"

namespace presisi {

namespace {

using Clock = std::chrono::steady_clock;

// The built-in loader's per-batch cost: a sleep in slices, so that a long one can still be cancelled.
void loaderCost(double seconds, const std::atomic<bool>& cancel) {
    const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    while (true) {
        if (cancel.load()) throw Cancelled();
        const auto now = Clock::now();
        if (now >= end) return;
        std::this_thread::sleep_for(std::min<Clock::duration>(end - now, std::chrono::milliseconds(50)));
    }
}

}  // namespace

Bottleneck bottleneckOf(const StepParts& p) {
    const double compute = p.forward + p.backward + p.optimizer;
    if (p.data > compute && p.data >= p.transfer) return Bottleneck::Data;
    if (p.transfer > compute && p.transfer > p.data) return Bottleneck::Transfer;
    return Bottleneck::Compute;
}

std::string_view bottleneckName(Bottleneck b) {
    switch (b) {
    case Bottleneck::Compute: return "compute";
    case Bottleneck::Transfer: return "transfer";
    case Bottleneck::Data: return "data";
    }
    return "compute";
}

std::string bottleneckSentence(Bottleneck b) {
    switch (b) {
    case Bottleneck::Compute: return "compute-bound: mixed precision helps";
    case Bottleneck::Transfer: return "transfer-bound: it will not \u2014 keep data on the device or overlap copies";
    case Bottleneck::Data: return "data-bound: it will not \u2014 speed up loading (workers, caching, preprocessing once)";
    }
    return {};
}

BreakdownReport runStepBreakdown(const Scenario& scenario, const BreakdownSettings& settings,
                                 const std::function<void(int, int)>& progress, const std::atomic<bool>& cancel) {
    if (settings.steps < 1) throw Error("steps = " + std::to_string(settings.steps) + ": the breakdown needs at least 1");
    if (!(settings.loaderSecondsPerBatch >= 0) || settings.loaderSecondsPerBatch > 60)
        throw Error("loader cost = " + std::to_string(settings.loaderSecondsPerBatch) + " s per batch: must be 0..60 s");
    const SpeedSetup setup = prepareSpeed(scenario);
    const int lanes = static_cast<int>(scenario.lanes.size());
    const Index batch = scenario.batch == 0 ? setup.data.train.size() : scenario.batch;
    const int total = lanes * settings.steps;
    int done = 0;
    if (progress) progress(0, total);
    BreakdownReport r;
    bool unsplit = false, gpu = false;
    for (int l = 0; l < lanes; ++l) {
        StepHarness h(setup, l, batch);
        for (int i = 0; i < 2; ++i) {  // warm-up: caches, page faults
            if (cancel.load()) throw Cancelled();
            h.assemble();
            h.step();
        }
        std::vector<double> data, transfer, forward, backward, optimizer;
        for (int i = 0; i < settings.steps; ++i) {
            if (cancel.load()) throw Cancelled();
            const auto t0 = Clock::now();
            h.assemble();
            loaderCost(settings.loaderSecondsPerBatch, cancel);
            data.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
            const StepSeconds s = h.step();
            unsplit = unsplit || !s.split;
            transfer.push_back(s.transfer);
            forward.push_back(s.forward);
            backward.push_back(s.backward);
            optimizer.push_back(s.optimizer);
            if (progress) progress(++done, total);
        }
        StepParts p{l};
        p.data = median(data);
        p.forward = median(forward);
        p.backward = median(backward);
        p.optimizer = median(optimizer);
        p.transfer = median(transfer);  // 0 on CPU lanes: no transfer on the CPU
        gpu = gpu || scenario.lanes[static_cast<std::size_t>(l)].device == Device::Gpu;
        r.lanes.push_back(p);
        r.bottleneck.push_back(bottleneckOf(p));
        std::string sentence = bottleneckSentence(r.bottleneck.back());
        // Honest for the lane measured: an emulated CPU lane rounds to the format but multiplies in float32,
        // so its own step gets no faster from the format; only a native product (or a GPU) delivers it.
        const LaneSpec& spec = scenario.lanes[static_cast<std::size_t>(l)];
        if (r.bottleneck.back() == Bottleneck::Compute && spec.device == Device::Cpu && spec.format != Format::F32 &&
            !spec.native)
            sentence += " where the products run natively; this lane is emulated (float32 products), so it gains "
                        "nothing here: try +native or a GPU";
        r.sentence.push_back(std::move(sentence));
    }
    r.note = "seconds per step, medians of " + std::to_string(settings.steps) +
             " steps; data = assembling the batch on the host + the loader's per-batch cost; "
             "transfer = 0 on the CPU (no transfer on the CPU)";
    if (gpu)
        r.note += "; transfer on GPU lanes = a host-to-device copy of the batch's bytes (pageable memory, as the lane's "
                  "own upload) timed before each step and taken out of forward, where the lane makes its copy";
    if (unsplit) r.note += "; a lane that does not time its halves shows forward and backward together as forward";
    r.note += "; statistics off";
    return r;
}

}  // namespace presisi
