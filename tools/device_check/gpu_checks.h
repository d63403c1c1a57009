// GPU-versus-CPU agreement checks shared by the `gpu` Qt Test suites and the Qt-free device check
// tool: each runs one thing on both devices and judges it with the tolerances of judge.h (derived
// from how each side sums; every number's origin is commented where it is set).
// Builds without CUDA too; on such a build (or without a device) every check is "skipped". No Qt here.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/benchmarks.h"
#include "engine/linear_lab.h"
#include "judge.h"

namespace presisi::gpucheck {

// Runs gpu lane, gpu:f32, the matching cpu lane and cpu:f32 on makeLinearInputs(config).
// Throws presisi::Error when the GPU is unavailable or a CUDA call fails.
LinearAgreement compareLinear(const LinearConfig& config, const LinearLane& gpuLane);

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
// Each training kernel against its CPU reference (rounding, products with and without flush,
// activations, losses, bias, gradient counts, unscale, SGD, Adam).
std::vector<CheckCase> trainingKernelCases();
// Whole runs (judge.cpp's runCases: CPU and GPU lanes of the same scenario, 200 steps, every +ftz
// lane, GELU, several scaler runs), then statistics and histograms at step 0, predict(), weight decay
// and gradients(), step times with statistics on, two threads each driving a GPU lane.
std::vector<CheckCase> trainingRunCases();

// Every case above, in order.
std::vector<CheckCase> allCases(const std::string& dataDir);

// The GPU part of the benchmarks: linear at batch 1024, 4096 -> 4096 per GPU lane (device time).
std::vector<LinearBenchRow> gpuLinearBenchmark(int repeats = 20);

}  // namespace presisi::gpucheck
