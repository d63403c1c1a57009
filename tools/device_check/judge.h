// The device check's tolerances, derived from how the two sides sum (see docs/BENCHMARKS.md, "GPU"):
// a low-format linear output is judged element by element against the exact (double) sum of its
// rounded inputs, a float32 output against the accumulation-order bound, a training run against a
// floor relative to its initial loss. Also the CPU emulations of GPU results the rehearsal feeds
// through the very same judges (tests/tst_device_rehearsal.cpp). Needs neither CUDA nor a device.
// No Qt here.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/linear_lab.h"
#include "engine/training/lane_backend.h"
#include "engine/training/record.h"
#include "engine/training/runner.h"
#include "engine/training/scenario.h"

namespace presisi::gpucheck {

enum class Outcome { Pass, Fail, Skip, Info };

struct Check {
    std::string name;    // "linear 256x256 b64 s0 gpu:bf16 vs cpu:bf16"
    Outcome outcome = Outcome::Skip;
    std::string detail;  // numbers behind the verdict, or the reason for a skip
};
std::string_view outcomeName(Outcome o);  // "PASS", "FAIL", "skip", "info"

std::string fmt(const char* f, double a);  // snprintf of one number

// ---- the accumulation-order bound ----------------------------------------------------------------

// Unit roundoff of the float32 accumulator the bound assumes. Round-to-nearest moves a partial sum
// by at most 2^-24 of it; a truncating (round-toward-zero) adder, as tensor cores are reported to
// use when they add into the accumulator, by less than one unit in the last place, 2^-23. The
// check assumes the truncating one, which covers both.
inline constexpr double kNearestF32Unit = 0x1p-24;
inline constexpr double kTruncatingF32Unit = 0x1p-23;

// How far a float32 sum of `terms` terms (in any order, any tree, chunked or split along K) can be
// from the exact sum: gamma_{terms-1}(u) * magnitude, with gamma_n = n u / (1 - n u) (Higham,
// Accuracy and Stability, Lemma 3.1, sum of n terms has n - 1 additions) and magnitude = sum of the
// terms' absolute values. Adds the error of the double sum the exact value is taken from, n 2^-53
// of the magnitude (again gamma_{n-1}, now in double).
double orderBound(std::int64_t terms, double magnitude, double accumulatorUnit = kTruncatingF32Unit);

// ---- linear lanes: exact sums and the midpoint judge ---------------------------------------------

// y = x W^T + b for one lane, exactly: the lane's rounded inputs (its format and subnormal rule),
// products and sums in double. For every output element (row-major, (batch, out)): the exact value,
// the sum of |terms| (K products and the bias), and the order bound over the K + 1 terms.
struct ExactLinear {
    LinearLane lane;
    Index rows = 0, cols = 0, terms = 0;  // batch, out, K + 1
    std::vector<double> exact, magnitude, bound;
    double accumulatorUnit = kTruncatingF32Unit;
};
ExactLinear exactLinear(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                        double accumulatorUnit = kTruncatingF32Unit);

// The values element i may take when the accumulation order moves its float32 sum anywhere within
// the bound: every rounding (the lane's format and subnormal rule, directly or through float32) of
// [exact - bound, exact + bound]. Where the interval holds no rounding midpoint, lo == hi: the only
// answer. Rounding is monotone, so both ends suffice.
struct Reachable {
    float lo = 0, hi = 0;
};
Reachable reachable(const ExactLinear& e, std::size_t i);

// Per element: a GPU value that differs from the CPU lane's passes only when both lie in the
// reachable range (the exact sum is within the order bound of a midpoint); any other difference is
// unexplained and fails the check.
struct MidpointVerdict {
    std::int64_t count = 0;
    std::int64_t differing = 0;    // bits differ (NaN equals NaN)
    std::int64_t unexplained = 0;  // differ and not both reachable
    std::int64_t flippable = 0;    // elements whose reachable range holds more than one value
    double flipSum = 0;            // sum of |gpu - cpu| over the differing elements
    std::string first;             // the first unexplained element, for the message
};
MidpointVerdict judgeMidpoints(const ExactLinear& e, std::span<const float> gpu, std::span<const float> cpu);

// A GPU linear lane against the CPU lane of the same format (tf32: against cpu:f32), same inputs.
struct LinearAgreement {
    std::string gpuLabel, cpuLabel;
    std::int64_t count = 0;
    std::int64_t differing = 0;
    std::int64_t unexplained = 0;    // low formats: see MidpointVerdict
    std::int64_t flippable = 0;
    double flipMeanShift = 0;        // flipSum / count: how far the accepted flips move a mean error
    std::string firstUnexplained;
    // f32 and tf32 lanes: the worst |gpu - cpu| as a fraction of the order bound (plus TF32's input
    // rounding); <= 1 passes.
    double worstBoundFraction = 0;
    double meanErrGpu = 0;  // mean |lane - f32 lane| on the GPU
    double meanErrCpu = 0;  // the same on the CPU
    double correlationGpu = 1;
    // f16+acc16: the f16 accumulator's order bound is finite (K + 1 terms, K * 2^-10 < 1), so the
    // lane is judged element by element (unexplained above); otherwise it stays a measurement.
    bool acc16Bounded = false;
};

// Everything a verdict needs from one run of both sides: inputs, the lanes' outputs and their f32
// references. The device run and the rehearsal both end here.
LinearAgreement agreementOf(const LinearLane& gpuLane, const LinearInputs& in, const Matrix& gpu, const Matrix& cpu,
                            const Matrix& gpuF32, const Matrix& cpuF32);

// The verdict: Pass/Fail for f32, f32+ftz, tf32, bf16, f16 (with or without ftz), and for the
// 16F-accumulation lane where its f16 order bound is finite: both sides within that bound of the
// exact sum (kF16AccumulatorUnit; cuBLAS promises no 16F summation order, the bound holds for
// every order). Info (a measurement, no check) for that lane at K >= 1024, where the bound
// exceeds the sum itself; its known answer is then judgeOnesSum's.
Check judgeLinear(const LinearConfig& config, const LinearLane& gpuLane, const LinearAgreement& a);

std::string shapeName(const LinearConfig& c);  // "256x256 b64 s0"

// The tutorial's mean |diff| on the GPU: the CPU lane's value must print 0.001253 (it reproduces
// PyTorch bit for bit), every GPU bf16 element must be explained as in judgeMidpoints, and the GPU's
// mean may differ from the CPU's only by the flips taken plus the two f32 references' order bounds.
// The detail also states the order model's worst case before the run (every flippable element
// moved across its whole reachable range).
Check judgeTutorial(const LinearInputs& in, const Matrix& gpuBf16, const Matrix& gpuF32, const Matrix& cpuBf16,
                    const Matrix& cpuF32);

// Known answers for a linear lane's output conversion and subnormal handling: x (5, 2), W (8, 2),
// b = 0 built so that every exact sum is representable in float32 and lands on a tie, a quarter or
// three quarters of a unit of the format, or on a subnormal; the answer is one round-to-nearest-even
// of it (with the lane's subnormal rule). No summation order can move these, so they pin the
// rounding mode and the flush where the order bound is wider than a unit (large K in f16).
LinearInputs knownAnswerInputs(Format f);
Matrix knownAnswers(const LinearLane& lane, const LinearInputs& in);
// got: the lane's output on knownAnswerInputs; cpu: the CPU lane's (the reference side, also checked).
Check judgeKnownAnswers(const LinearLane& lane, const Matrix& got, const Matrix& cpu);

// Unit roundoff of an f16 accumulator (CUBLAS_COMPUTE_16F), truncating like kTruncatingF32Unit: 2^-10.
inline constexpr double kF16AccumulatorUnit = 0x1p-10;

// A known answer for f16 accumulation: x (1, 4096) and W (2, 4096) all ones, b = 0, so each output
// sums 4096 products 1 x 1. Added one product at a time into an f16 accumulator the sum sticks at
// 2048 (f16's spacing there is 2: 2048 + 1 is a tie and rounds to even, 2048); in chunks of an even
// number of products summed exactly (tensor-core fragments, split-K slices of at most 2048) every
// partial sum is even and exact, and the answer is 4096, as with any float32 accumulation. Both
// answers are hand computations; anything else is a wrong sum.
inline constexpr Index kOnesTerms = 4096;
LinearInputs onesInputs();
// lane f16+acc16: every element 2048 or 4096 (the detail says which order it shows); any other lane:
// every element 4096. cpu: the CPU lane's output on the same inputs (the reference side, checked too:
// the CPU's acc16 lane adds one product at a time, 2048; every other lane 4096).
Check judgeOnesSum(const LinearLane& lane, const Matrix& got, const Matrix& cpu);

// f16 keeps 10 of float32's 23 fraction bits: the ties of a float32 -> f16 rounding in f16's normal
// range sit at low 13 bits 0x1000. Every upper half-word whose value lies in f16's normal range
// (both signs), each with the low half-words 0x1000 and 0x3000 (ties, bit 13 clear and set: half of
// them round down to even, half up), 0x0FFF and 0x1001 (just below and above). The kernel rows'
// rounding inputs include them; one row runs them alone.
std::vector<float> f16NormalRangeTies();

// ---- emulated GPU results (the rehearsal) -------------------------------------------------------

enum class GpuModel {
    // Tensor-core accumulation: exact products summed exactly within chunks of `chunk` along K,
    // each chunk added into a float32 accumulator with truncation; `splitK` slices summed at the end
    // (round to nearest); bias added in float32, output rounded to nearest even.
    TensorCoreTruncating,
    // The CPU lane's own float32 sum moved by one float32 unit, up or down at random, per element.
    PlusMinusOneUlp,
    // Every element the order bound lets flip takes the neighbour the CPU lane did not (worst case).
    EveryAllowedFlip,
    // Broken: the weight's memory read transposed (a wrong cuBLAS op / leading dimension).
    TransposedWeight,
    // Broken: the output converted with round-toward-zero instead of round-to-nearest-even.
    RoundTowardZero,
};
std::string_view modelName(GpuModel m);

struct ModelOptions {
    int chunk = 8;
    int splitK = 1;
    std::uint64_t seed = 1;
};
// The emulated GPU output (batch, out) of `lane` (bf16, f16, +ftz; f32 lanes: f32 sums in another
// order) on the lane's inputs.
Matrix emulateGpuLinear(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias, GpuModel m,
                        const ModelOptions& o = {});

// ---- training runs ---------------------------------------------------------------------------------

// Per step: |other - cpu| <= max(relative * |cpu|, floor * |cpu loss at step 0|). The relative term
// holds while the loss is large; the floor, relative to the initial loss, takes over as the loss
// nears zero, where one unit of rounding noise moves a small loss by a large fraction of itself.
struct RunTolerance {
    double relative = 0;
    double floor = 0;  // fraction of the initial loss
};
// Skipped steps and scales must be identical when `scalerExact`.
Check judgeRun(const std::string& what, const std::vector<StepRecord>& cpu, const std::vector<StepRecord>& other,
               const RunTolerance& tol, bool scalerExact);

// One training-run row: a scenario, its lanes with their tolerances, and whether skipped steps and
// scales must match exactly.
struct RunLane {
    LaneSpec lane;  // device ignored: the row runs it on both
    RunTolerance tol;
};
struct RunCase {
    std::string name;
    Scenario scenario;
    std::vector<RunLane> lanes;
    bool scalerExact = false;
};
std::vector<RunCase> runCases();
// The check scenarios' base: the default Scenario (spiral 2,64,64,3, relu, SGD) from seed 0 for `steps`
// steps with a histogram every `histogramInterval` steps (0: none); the run rows and the step-0 rows
// start from it. Lanes are written as labels (parseLane("f16+scaler"); the row sets the device).
Scenario checkScenario(int steps, int histogramInterval);

// The rehearsal's perturbed-CPU model: the same run with every input multiplied by 1 + delta (data
// stream and weights unchanged), delta by the lane's format: bf16 2^-10 and f16 2^-13 move about a
// quarter of the inputs' roundings in the first product by one unit; f32 2^-20 moves every input by
// about eight float32 units. A one-unit disturbance of the kind two summation orders make, which
// training then carries.
double perturbedInputScale(Format f);
// Each lane of the case from a CPU run perturbed for its format.
std::vector<std::vector<StepRecord>> runPerturbed(const RunCase& c);

// The case's lanes, all on `device`, in one Runner: records per lane, per step.
std::vector<std::vector<StepRecord>> runOn(const RunCase& c, Device device, double inputScale = 1.0);
// Every lane of the case judged with judgeRun; the detail names each lane.
Check judgeRunCase(const RunCase& c, const std::vector<std::vector<StepRecord>>& cpu,
                   const std::vector<std::vector<StepRecord>>& other);

// Gradient statistics of one lane on two sides at the same step with the same weights and batch.
// A histogram is a function of the values it counts, so the weight-gradient histograms' L1 distance
// is at most twice the number of elements whose bin (zero, non-finite, or floor(log2 |v|)) differs
// between the two sides' gradients(), and the underflow count moves by at most the number whose
// zero-ness differs plus the change in the shadow's exact zeros (without a scaler gradients() is
// the lane's gradient as stored). Non-finite counts must match. The activation-gradient histograms
// are not readable element by element: their distance is printed as a measurement.
struct GradientMoves {
    std::int64_t count = 0, differing = 0, binMoved = 0, zeroMoved = 0;
};
GradientMoves gradientMoves(const std::vector<LayerWeights>& a, const std::vector<LayerWeights>& b);
Check judgeStatistics(const GradHistogram& cpu, const GradHistogram& other, const StepRecord& cpuRecord,
                      const StepRecord& otherRecord, const GradientMoves& moves);

// predict() of two lanes with the same master weights w: float32 forward on both, so the outputs
// differ only by the two sides' float32 orders, carried through the layers. Per side, per layer:
// e' = L (|W| e + gamma_{K+1}(2^-24) (|W| (|a| + e) + |b|)) + 8 2^-24 (|a'| + |z|), L the activation's
// largest slope (1 for relu and tanh, 1/4 for sigmoid, 1.13 for GELU), the last term the
// activation's own libm error (as in the kernel rows); allowed |other - cpu| = 2 e.
Check judgePredict(const std::vector<LayerWeights>& w, Activation act, const Matrix& x, const Matrix& cpu,
                   const Matrix& other);

// PyTorch's optimizers decay a copy (grad = grad.add(p, alpha=wd)); p.grad is left as backward made
// it. One step of a fresh lane with weight decay: gradients() after optimizerStep() must equal
// gradients() before it, bit for bit.
Check decayLeavesGradients(LaneBackend& lane, const Scenario& s);

}  // namespace presisi::gpucheck
