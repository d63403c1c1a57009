// The device check's linear rows (see gpu_checks.h) and the list of every row; the tolerances live
// in judge.cpp, the kernel rows in kernel_checks.cpp, the training runs in run_checks.cpp. No Qt here.
#include "gpu_checks.h"

#include <algorithm>
#include <cmath>
#include <fstream>

#include "check_support.h"
#include "engine/error.h"
#include "engine/training/lane_backend.h"
#ifdef PRESISI_HAVE_CUDA
#include "engine/cuda/cuda_lane.h"
#include "engine/cuda/cuda_linear.h"
#endif

namespace presisi::gpucheck {

// ---- linear ---------------------------------------------------------------------------------------

std::vector<LinearConfig> linearCheckConfigs() {
    return {{256, 256, 64, 0}, {37, 11, 5, 1}, {1024, 64, 8, 7}, {512, 128, 16, 42}, {4096, 1024, 128, 3}};
}

std::vector<LinearLane> linearCheckLanes() {
    std::vector<LinearLane> lanes;
    auto add = [&](Format f, bool tf32, Accumulation acc, Subnormals sub) {
        LinearLane l;
        l.device = Device::Gpu;
        l.format = f;
        l.tf32 = tf32;
        l.accumulation = acc;
        l.subnormals = sub;
        lanes.push_back(l);
    };
    add(Format::F32, false, Accumulation::F32, Subnormals::Keep);
    add(Format::F32, false, Accumulation::F32, Subnormals::Flush);  // flushF32Kernel before a pedantic f32 GEMM
    add(Format::F32, true, Accumulation::F32, Subnormals::Keep);
    add(Format::BF16, false, Accumulation::F32, Subnormals::Keep);
    add(Format::F16, false, Accumulation::F32, Subnormals::Keep);
    add(Format::BF16, false, Accumulation::F32, Subnormals::Flush);
    add(Format::F16, false, Accumulation::F32, Subnormals::Flush);
    add(Format::F16, false, Accumulation::Storage, Subnormals::Keep);
    return lanes;
}

namespace {
// The CPU lane a GPU lane is compared with: same format and options; tf32 against plain f32.
LinearLane cpuTwin(const LinearLane& gpu) {
    LinearLane c = gpu;
    c.device = Device::Cpu;
    c.tf32 = false;
    return c;
}
// One row: the lane's output on inputs() on the GPU and on the CPU (the reference side), judged by
// judge(lane, gpu, cpu).
CheckCase knownAnswerRow(const std::string& name, const LinearLane& l, std::function<LinearInputs()> inputs,
                         std::function<Check(const LinearLane&, const Matrix&, const Matrix&)> judge) {
    return guardedCase(name, [l, inputs, judge] {
#ifdef PRESISI_HAVE_CUDA
        const LinearInputs in = inputs();
        const LinearLane cpu = cpuTwin(l);
        return judge(l, linearForwardCuda(l, in.x, in.weight, in.bias), linearForwardCpu(cpu, in.x, in.weight, in.bias));
#else
        (void)inputs;
        (void)judge;
        return Check{"", Outcome::Skip, cudaStatus().reason};
#endif
    });
}
bool plainF32(const LinearLane& l) {
    return l.format == Format::F32 && !l.tf32 && l.subnormals == Subnormals::Keep && l.accumulation == Accumulation::F32;
}
}  // namespace

LinearAgreement compareLinear(const LinearConfig& config, const LinearLane& gpuLane) {
    if (!cudaStatus().available) throw Error("compareLinear: " + cudaStatus().reason);
    const LinearLane cpuLane = cpuTwin(gpuLane);
    std::vector<LinearLane> lanes{LinearLane{Device::Cpu}, LinearLane{Device::Gpu}};
    const bool cpuIsRef = plainF32(cpuLane), gpuIsRef = plainF32(gpuLane);
    if (!cpuIsRef) lanes.push_back(cpuLane);
    if (!gpuIsRef) lanes.push_back(gpuLane);
    const LinearResult r = runLinear(config, lanes);
    if (r.lanes.size() != lanes.size())
        throw Error("compareLinear: " + std::to_string(r.lanes.size()) + " of " + std::to_string(lanes.size()) +
                    " lanes ran" + (r.notes.empty() ? "" : ": " + r.notes.front()));
    const LinearLaneResult& cpu = r.lanes[cpuIsRef ? 0 : 2];
    const LinearLaneResult& gpu = r.lanes[gpuIsRef ? 1 : lanes.size() - 1];
    return agreementOf(gpuLane, r.inputs, gpu.output, cpu.output, r.lanes[1].output, r.lanes[0].output);
}

std::vector<CheckCase> linearCases() {
    std::vector<CheckCase> cases;
    for (const LinearConfig& c : linearCheckConfigs())
        for (const LinearLane& l : linearCheckLanes())
            cases.push_back(guardedCase("linear " + shapeName(c) + " " + l.label(),
                                        [c, l] { return judgeLinear(c, l, compareLinear(c, l)); }));
    // Known answers per lane (ties, quarter units, subnormals): the output conversion's rounding mode
    // and the flush, exact, where the order bound is wider than a unit.
    for (const LinearLane& l : linearCheckLanes())
        if (!l.tf32 && l.accumulation != Accumulation::Storage)
            cases.push_back(knownAnswerRow("linear known answers " + l.label(), l,
                                           [f = l.format] { return knownAnswerInputs(f); }, judgeKnownAnswers));
    // f16 accumulation's known answer (judge.h): 4096 ones sum to 2048 or 4096, never anything else;
    // the f16 lane with float32 accumulation beside it, which must give 4096.
    for (const LinearLane& l : linearCheckLanes())
        if (l.format == Format::F16 && l.subnormals == Subnormals::Keep)
            cases.push_back(knownAnswerRow("linear 4096 ones " + l.label(), l, onesInputs, judgeOnesSum));
    return cases;
}

namespace {

std::vector<float> readF32(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw Error("cannot open " + path);
    f.seekg(0, std::ios::end);
    const auto bytes = static_cast<std::size_t>(f.tellg());
    f.seekg(0);
    std::vector<float> v(bytes / sizeof(float));
    f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(float)));
    if (!f) throw Error("cannot read " + path);
    return v;
}

Check tutorialCheck() {
    LinearLane bf16;
    bf16.device = Device::Gpu;
    bf16.format = Format::BF16;
    LinearLane cpuBf16 = bf16;
    cpuBf16.device = Device::Cpu;
    const LinearResult r = runLinear({256, 256, 64, 0}, {LinearLane{Device::Gpu}, bf16, LinearLane{Device::Cpu}, cpuBf16});
    if (r.lanes.size() != 4) throw Error("tutorial example: GPU lanes did not run");
    return judgeTutorial(r.inputs, r.lanes[1].output, r.lanes[0].output, r.lanes[3].output, r.lanes[2].output);
}

Check torchReferenceCheck(const std::string& dataDir) {
#ifdef PRESISI_HAVE_CUDA
    const std::string base = dataDir + "/torch/linear_s0_256x256_b64_";
    const std::vector<float> x = readF32(base + "x.f32"), w = readF32(base + "weight.f32"),
                             b = readF32(base + "bias.f32"), y = readF32(base + "y_bf16.f32");
    if (x.size() != 64 * 256 || w.size() != 256 * 256 || b.size() != 256 || y.size() != 64 * 256)
        throw Error("torch reference " + base + "*: unexpected sizes");
    const Matrix X = Eigen::Map<const Matrix>(x.data(), 64, 256);
    const Matrix W = Eigen::Map<const Matrix>(w.data(), 256, 256);
    const Vector B = Eigen::Map<const Vector>(b.data(), 256);
    LinearLane lane;
    lane.device = Device::Gpu;
    lane.format = Format::BF16;
    const Matrix out = linearForwardCuda(lane, X, W, B);
    // PyTorch's CPU bf16 output is the exact sum rounded once; the GPU's may differ only where an
    // order within the bound reaches the other side of a midpoint (judge.h).
    const ExactLinear e = exactLinear(LinearLane{Device::Cpu, Format::BF16}, X, W, B);
    const MidpointVerdict v = judgeMidpoints(e, spanOf(out), y);
    return {"", v.unexplained ? Outcome::Fail : Outcome::Pass,
            std::to_string(v.differing) + " of " + std::to_string(v.count) + " differ, " +
                std::to_string(v.unexplained) + " unexplained" + (v.unexplained ? ", first " + v.first : "")};
#else
    (void)dataDir;
    return {"", Outcome::Skip, cudaStatus().reason};
#endif
}

Check memoryPredictionCheck() {
#ifdef PRESISI_HAVE_CUDA
    // A model that cannot fit: nine widths of 4096 and a batch of 2^22 rows need far more than any GPU has.
    Scenario s;
    s.sizes.assign(9, 4096);
    LaneSpec lane;
    lane.device = Device::Gpu;
    lane.format = Format::BF16;
    try {
        auto backend = makeCudaLane(s, lane, Index{1} << 22);
        return {"", Outcome::Fail, "a lane of sizes 4096 x 9 and batch 2^22 was accepted"};
    } catch (const Error& e) {
        const std::string msg = e.what();
        const bool ok = msg.find("device memory") != std::string::npos && msg.find("free of") != std::string::npos &&
                        msg.find("4096") != std::string::npos;
        return {"", ok ? Outcome::Pass : Outcome::Fail, msg};
    }
#else
    return {"", Outcome::Skip, cudaStatus().reason};
#endif
}

}  // namespace

std::vector<CheckCase> linearExtraCases(const std::string& dataDir) {
    return {
        {"tutorial example on the GPU: bf16 mean |diff| 0.001253",
         [] { return guarded("tutorial example on the GPU: bf16 mean |diff| 0.001253", tutorialCheck); }},
        {"gpu:bf16 vs PyTorch's bf16 output (seed 0, 256x256, batch 64)",
         [dataDir] {
             return guarded("gpu:bf16 vs PyTorch's bf16 output (seed 0, 256x256, batch 64)",
                            [&] { return torchReferenceCheck(dataDir); });
         }},
        {"device memory predicted before allocation",
         [] { return guarded("device memory predicted before allocation", memoryPredictionCheck); }},
    };
}

std::vector<CheckCase> allCases(const std::string& dataDir) {
    std::vector<CheckCase> all;
    for (std::vector<CheckCase> part : {linearCases(), linearExtraCases(dataDir), trainingKernelCases(), trainingRunCases()})
        for (CheckCase& c : part) all.push_back(std::move(c));
    return all;
}

std::vector<LinearBenchRow> gpuLinearBenchmark(int repeats) {
#ifdef PRESISI_HAVE_CUDA
    if (!cudaStatus().available) return {};
    std::vector<LinearLane> lanes = linearCheckLanes();
    lanes.erase(std::remove_if(lanes.begin(), lanes.end(),
                               [](const LinearLane& l) { return l.subnormals == Subnormals::Flush; }),
                lanes.end());
    return benchLinearCuda({4096, 4096, 1024, 0}, lanes, repeats);
#else
    (void)repeats;
    return {};
#endif
}

}  // namespace presisi::gpucheck
