// The device check's training-run rows: CPU and GPU lanes of the same scenario side by side (the
// tolerances and scenarios live in judge.cpp), and the paths a run takes beyond the loss: gradient
// statistics and histograms, predict(), weight decay and gradients(), step times with statistics
// on, two threads each driving a GPU lane. No Qt here.
#include <algorithm>
#include <cmath>
#include <exception>
#include <thread>

#include "check_support.h"
#include "engine/error.h"
#include "engine/timing.h"
#include "engine/training/dataset.h"
#include "engine/training/lane_backend.h"
#include "engine/training/runner.h"
#ifdef PRESISI_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "engine/cuda/cuda_lane.h"
#endif

namespace presisi::gpucheck {

namespace {

// One step with a histogram: the step-0 rows.
Scenario smallScenario() { return checkScenario(1, 1); }

// Step 0 of one lane on the CPU and on the GPU (same weights, same batch), judged by judgeStatistics
// (judge.h); gradients() without a scaler is the lane's gradient as stored.
Check statisticsCheck(const LaneSpec& lane) {
    Scenario s = smallScenario();
    LaneSpec cpu = lane, gpu = lane;
    cpu.device = Device::Cpu;
    gpu.device = Device::Gpu;
    s.lanes = {cpu, gpu};
    Runner runner(s);
    std::vector<GradHistogram> h(2);
    const std::vector<StepRecord> rec = runner.step([&](const RunEvent& e) {
        if (e.kind == RunEventKind::Histogram) h[static_cast<std::size_t>(e.histogram.lane)] = e.histogram;
    });
    return judgeStatistics(h[0], h[1], rec[0], rec[1], gradientMoves(runner.gradients(0), runner.gradients(1)));
}

// predict() on the evaluation set at step 0 (the same master weights on both devices), judged by
// judgePredict (judge.h).
Check predictCheck(Activation act, const LaneSpec& lane) {
    Scenario s = smallScenario();
    s.activation = act;
    s.histogramInterval = 0;
    LaneSpec cpu = lane, gpu = lane;
    cpu.device = Device::Cpu;
    gpu.device = Device::Gpu;
    s.lanes = {cpu, gpu};
    Runner runner(s);
    const Matrix& x = runner.evalDataset().x;
    const Matrix pc = runner.predict(0, x), pg = runner.predict(1, x);
    return judgePredict(runner.weights(0), act, x, pc, pg);
}

// gradients() left alone by a step with weight decay, on the CPU lane and on the GPU lane.
Check decayCheck(OptimizerSpec::Kind kind, const LaneSpec& lane) {
    Scenario s = smallScenario();
    s.optimizer.kind = kind;
    s.optimizer.weightDecay = 0.1;
    s.optimizer.momentum = kind == OptimizerSpec::Kind::Sgd ? 0.9 : 0.0;
    LaneSpec cpu = lane, gpu = lane;
    cpu.device = Device::Cpu;
    gpu.device = Device::Gpu;
    s.lanes = {cpu};
    auto c = makeCpuLane(s, cpu, s.batch);
    const Check rc = decayLeavesGradients(*c, s);
#ifdef PRESISI_HAVE_CUDA
    s.lanes = {gpu};
    auto g = makeCudaLane(s, gpu, s.batch);
    const Check rg = decayLeavesGradients(*g, s);
#else
    const Check rg{"", Outcome::Skip, cudaStatus().reason};
#endif
    const bool ok = rc.outcome == Outcome::Pass && rg.outcome == Outcome::Pass;
    return {"", ok ? Outcome::Pass : Outcome::Fail, "cpu: " + rc.detail + "; gpu: " + rg.detail};
}

// A step's time must hold its work whether statistics are on or off. The backward products are
// asynchronous; unless the lane waits for them inside forwardBackward, with statistics on their time
// lands in the (unmeasured) statistics segment, and the step looks about as long as its forward, a
// third of its six products. Allowed: the median with statistics on at least 0.8 of the median
// without (0.8: run-to-run noise of a median over 15 steps on a busy GPU, far from the 1/3 of the fault).
Check stepTimeCheck() {
    double medians[2] = {0, 0};
    for (int stats = 0; stats < 2; ++stats) {
        Scenario s;
        s.seed = 0;
        s.sizes = {2, 2048, 2048, 2048, 3};
        s.data.samples = 4096;
        s.batch = 4096;
        s.steps = 16;
        s.statistics = stats == 1;
        s.histogramInterval = 0;
        s.lanes = {parseLane("gpu:f32")};
        Runner runner(s);
        std::vector<double> t;
        for (int i = 0; i < s.steps; ++i) {
            const std::vector<StepRecord> r = runner.step();
            if (i > 0) t.push_back(r[0].seconds);  // the first step pays for allocations
        }
        medians[stats] = median(t);
    }
    const double ratio = medians[1] / medians[0];
    return {"", ratio >= 0.8 ? Outcome::Pass : Outcome::Fail,
            "median step " + fmt("%.3f", medians[1] * 1e3) + " ms with statistics, " + fmt("%.3f", medians[0] * 1e3) +
                " ms without: ratio " + fmt("%.2f", ratio) + " (allowed >= 0.8)"};
}

// The window's worker training a GPU lane while a Linear-lab job runs GPU lanes on another thread;
// both threads end; twice. Errors: none thrown, no CUDA error pending. Leaks: device memory free after
// the second round within 16 MiB of before it (thread-local workspaces and cuBLAS handles go with
// their threads; 16 MiB: the allocator's 2 MiB granularity times the buffers a thread holds). Run
// under compute-sanitizer too (scripts/device_check.sh does), whose leak check is exact.
Check threadsCheck() {
#ifdef PRESISI_HAVE_CUDA
    std::string errA, errB;
    std::int64_t stepsA = 0, jobsB = 0;
    const auto both = [&] {
        std::thread a([&] {
            try {
                Scenario s;
                s.seed = 1;
                s.steps = 30;
                s.lanes = {parseLane("gpu:bf16"), parseLane("gpu:f16+scaler")};
                Runner r(s);
                for (int i = 0; i < s.steps; ++i, ++stepsA) r.step();
            } catch (const std::exception& e) {
                errA = e.what();
            }
        });
        std::thread b([&] {
            try {
                const LinearLane bf16{Device::Gpu, Format::BF16};
                for (int i = 0; i < 30; ++i, ++jobsB)
                    runLinear({512, 512, 64, static_cast<std::uint64_t>(i)}, {LinearLane{Device::Gpu}, bf16});
            } catch (const std::exception& e) {
                errB = e.what();
            }
        });
        a.join();
        b.join();
    };
    // A first round loads what loads lazily (kernel modules, cuBLAS's kernels and pools), which stays
    // with the context; the second round, measured, must give back everything it took.
    both();
    std::size_t free0 = 0, free1 = 0, total = 0;
    cudaMemGetInfo(&free0, &total);
    stepsA = jobsB = 0;
    both();
    const cudaError_t pending = cudaGetLastError();
    cudaMemGetInfo(&free1, &total);
    const double lostMiB = (static_cast<double>(free0) - static_cast<double>(free1)) / (1 << 20);
    const bool ok = errA.empty() && errB.empty() && pending == cudaSuccess && lostMiB <= 16;
    return {"", ok ? Outcome::Pass : Outcome::Fail,
            "training thread " + std::to_string(stepsA) + " steps" + (errA.empty() ? "" : " (threw: " + errA + ")") +
                ", linear thread " + std::to_string(jobsB) + " jobs" + (errB.empty() ? "" : " (threw: " + errB + ")") +
                "; pending CUDA error: " + cudaGetErrorName(pending) + "; device memory free after the second "
                "round's threads ended " + fmt("%.1f", lostMiB) + " MiB below before it (allowed 16)"};
#else
    return {"", Outcome::Skip, cudaStatus().reason};
#endif
}

}  // namespace

std::vector<CheckCase> trainingRunCases() {
    std::vector<CheckCase> cases;
    for (const RunCase& rc : runCases())
        cases.push_back(guardedCase(rc.name, [rc] {
            Check c = judgeRunCase(rc, runOn(rc, Device::Cpu), runOn(rc, Device::Gpu));
            c.detail += " (bounds: relative, or a floor relative to the initial loss; judge.cpp)";
            return c;
        }));
    for (const LaneSpec& l : {parseLane("gpu:bf16"), parseLane("gpu:f16"),
                              parseLane("gpu:bf16+ftz"), parseLane("gpu:f16+ftz")})
        cases.push_back(guardedCase("training statistics at step 0 (histograms, underflow shares) " + l.label(),
                                    [l] { return statisticsCheck(l); }));
    for (Activation a : {Activation::Relu, Activation::Tanh, Activation::Gelu, Activation::Sigmoid})
        cases.push_back(guardedCase("training predict() at step 0, " + std::string(activationName(a)) + ", gpu:f32 and gpu:bf16",
                                    [a] {
                                        Check f = predictCheck(a, parseLane("gpu:f32"));
                                        const Check b = predictCheck(a, parseLane("gpu:bf16"));
                                        const bool ok = f.outcome == Outcome::Pass && b.outcome == Outcome::Pass;
                                        return Check{"", ok ? Outcome::Pass : Outcome::Fail,
                                                     "f32: " + f.detail + "; bf16: " + b.detail};
                                    }));
    cases.push_back(guardedCase("training weight decay sgd: gradients() unchanged by the step, cpu and gpu",
                                [] { return decayCheck(OptimizerSpec::Kind::Sgd, parseLane("gpu:f32")); }));
    cases.push_back(guardedCase("training weight decay adam: gradients() unchanged by the step, cpu and gpu",
                                [] { return decayCheck(OptimizerSpec::Kind::Adam, parseLane("gpu:bf16")); }));
    cases.push_back(guardedCase("training gpu step time with statistics on holds the backward products", stepTimeCheck));
    cases.push_back(guardedCase("threads: a training lane and a linear job on two threads, then exit (errors, leaks)",
                                threadsCheck));
    return cases;
}

}  // namespace presisi::gpucheck
