// GPU-versus-CPU agreement checks shared by the `gpu` Qt Test suites and the Qt-free device check
// tool: each runs one thing on both devices and judges it against the criteria of issue 5
// (identical except rare one-unit differences, mean errors within 1%, the tutorial's 0.001253).
// Builds without CUDA too; on such a build (or without a device) every check is "skipped". No Qt here.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/benchmarks.h"
#include "engine/linear_lab.h"

namespace presisi::gpucheck {

enum class Outcome { Pass, Fail, Skip, Info };

struct Check {
    std::string name;    // "linear 256x256 b64 s0 gpu:bf16 vs cpu:bf16"
    Outcome outcome = Outcome::Skip;
    std::string detail;  // numbers behind the verdict, or the reason for a skip
};
std::string_view outcomeName(Outcome o);  // "PASS", "FAIL", "skip", "info"

// A GPU linear lane against the CPU lane of the same format (tf32: against cpu:f32), same inputs.
struct LinearAgreement {
    std::string gpuLabel, cpuLabel;
    std::int64_t count = 0;
    std::int64_t differing = 0;      // elements whose bits differ (NaN equals NaN)
    // Differing by more than one unit of the format and by more than two float32 accumulation
    // orders can explain (near zero the unit is smaller than that noise).
    std::int64_t beyondOneUnit = 0;
    // f32 and tf32 lanes: the worst |gpu - cpu| as a fraction of the error bound of two float32
    // accumulation orders over (|x| |W|^T + |b|) (plus TF32's input rounding); <= 1 passes.
    double worstBoundFraction = 0;
    double meanErrGpu = 0;  // mean |lane - f32 lane| on the GPU
    double meanErrCpu = 0;  // the same on the CPU
    double correlationGpu = 1;
};

// Runs gpu lane, gpu:f32, the matching cpu lane and cpu:f32 on makeLinearInputs(config).
// Throws presisi::Error when the GPU is unavailable or a CUDA call fails.
LinearAgreement compareLinear(const LinearConfig& config, const LinearLane& gpuLane);

// The verdict for one agreement: Pass/Fail for f32, tf32, bf16, f16 (with or without ftz); Info for
// the 16F-accumulation lane, whose summation order cuBLAS does not promise.
Check judgeLinear(const LinearConfig& config, const LinearLane& gpuLane, const LinearAgreement& a);

// Shapes and lanes the checks cover (the tutorial's example first).
std::vector<LinearConfig> linearCheckConfigs();
std::vector<LinearLane> linearCheckLanes();  // gpu:f32, gpu:tf32, gpu:bf16, gpu:f16, +ftz, +acc16

// A named check, run on demand (the Qt suites make one data row of each).
struct CheckCase {
    std::string name;
    std::function<Check()> run;
};

// One case per (shape, GPU lane) of the linear agreement checks.
std::vector<CheckCase> linearCases();
// The tutorial's example on the GPU (bf16 mean |diff| prints 0.001253, correlation 1.0); gpu:bf16
// against PyTorch's own bf16 output of that example (tests/data/torch); the memory prediction.
std::vector<CheckCase> linearExtraCases(const std::string& dataDir);
// Each training kernel against its CPU reference (rounding, products, activations, losses, bias,
// gradient counts, unscale, SGD, Adam).
std::vector<CheckCase> trainingKernelCases();
// Whole runs: CPU and GPU lanes of the same scenario, 200 steps; loss trajectories within 1e-4
// relative (f32) and 2% (bf16, f16+scaler); skipped steps and scale changes identical.
std::vector<CheckCase> trainingRunCases();

// Every case above, in order.
std::vector<CheckCase> allCases(const std::string& dataDir);

// The GPU part of the benchmarks: linear at batch 1024, 4096 -> 4096 per GPU lane (device time).
std::vector<LinearBenchRow> gpuLinearBenchmark(int repeats = 20);

}  // namespace presisi::gpucheck
