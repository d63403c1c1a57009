// A training-lab scenario: model, data, optimizer, lanes, autocast policy, loss scaler. A plain value,
// read from presets/CLI options in app/, validated here. No Qt here.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../device.h"
#include "../format.h"
#include "../lane.h"
#include "../numerics/settings.h"

namespace presisi {

// What the runner does each step. Training is the lab; Accumulation is the tutorial's summation demo
// (each step adds `batch` values of torch.rand(accumulationValues) into one accumulator per lane, held
// in the lane's format; the record's `loss` is the running sum).
enum class Workload { Training, Accumulation };

enum class DatasetKind {
    Spiral, Circles, Xor, Gaussians, Moons,  // classification, 2 inputs
    Sine,                                    // regression, 1 input -> 1 output
    Plane,                                   // regression, 2 inputs -> 1 output
    Teacher,                                 // regression: a random teacher MLP of the same sizes
    Npy,                                     // your own data: X float32 (N, in); Y int labels (N) or float32 (N, out)
};
bool isClassification(DatasetKind kind);  // Npy: decided by the targets file (integer -> classes)

struct DataSpec {
    DatasetKind kind = DatasetKind::Spiral;
    int samples = 512;       // training samples (built-in sets)
    int evalSamples = 256;   // evaluation samples, drawn after the training set (built-in sets)
    double noise = 0.1;      // built-in sets: standard deviation of the added noise (units of the data)
    double inputScale = 1.0;   // built-in sets: inputs multiplied by this (magnitudes beyond f16's range)
    double targetScale = 1.0;  // built-in regression sets: targets multiplied by this
    // Built-in sets: the last training sample's inputs multiplied by this as well, an outlier that comes
    // round every samples / batch steps (batches run in order); 1: none. The evaluation set keeps none.
    double outlier = 1.0;
    std::optional<std::uint64_t> seed;  // data stream seed; default: the scenario's seed + 1
    std::string xPath, yPath;           // Npy: training data
    std::string evalXPath, evalYPath;   // Npy: optional evaluation data (default: evaluate on training data)
    bool operator==(const DataSpec&) const = default;
};

// Autocast's op kinds and policies as text (the types: engine/numerics/settings.h).
std::string_view opKindName(OpKind op);  // "linear", "activation", "softmax", "loss", "reduction", "norm"
std::optional<OpKind> parseOpKind(std::string_view name);

std::string_view opPolicyName(OpPolicy p);  // "low", "f32", "as-input"
std::optional<OpPolicy> parseOpPolicy(std::string_view name);

std::string_view backwardAccumulationName(BackwardAccumulation a);  // "f32", "storage"
std::optional<BackwardAccumulation> parseBackwardAccumulation(std::string_view name);

std::string_view dispatchName(Dispatch d);  // "presisi", "torch"
std::optional<Dispatch> parseDispatch(std::string_view name);
std::string_view torchCpuName(TorchCpu c);  // "this", "avx512", "no-avx512"
std::optional<TorchCpu> parseTorchCpu(std::string_view name);
std::string_view torchVersionName(TorchVersion v);  // "2", "1.13"
std::optional<TorchVersion> parseTorchVersion(std::string_view name);  // "2" (also "2.x"), "1.13"

enum class PolicyBase { DeviceDefault, Cpu, Cuda };  // DeviceDefault: cpu() on CPU lanes, cuda() on GPU lanes

// One lane: "device:format[+scaler][+ftz][+native]", e.g. "cpu:f32", "cpu:bf16", "cpu:f16+scaler",
// "cpu:bf16+native" — the lane value type of engine/lane.h, read by its parseLane. scaler: a GradScaler on
// this lane; subnormals Flush: subnormal results to zero at every rounding; native (CPU bf16/f16): the
// linears' products (forward and backward) on the CPU's native instructions through oneDNN, float32
// accumulation. The linear lab's accumulation (+acc16) and tf32 have no meaning here: validate() refuses them.
using LaneSpec = Lane;
// Why a +native lane cannot run natively on this build and CPU ("no native f16 on this CPU: …"); empty
// when it can or when the lane is not native. validate() refuses such lanes with this reason.
std::string nativeLaneProblem(const LaneSpec& lane);
// Why a lane of 8 bits and below cannot train ("lanes of 8 bits and below train on the CPU (cpu:fp8)"); empty
// when it can or when the lane is not one. validate() refuses such lanes with this reason; the window says it
// while the lane is typed.
std::string scaledLaneProblem(const LaneSpec& lane);

struct Scenario {
    std::string preset;  // name when loaded from a preset, else empty
    std::string title;        // preset's one-line title (may be empty)
    std::string explanation;  // preset's paragraph of what to look at (may be empty)

    Workload workload = Workload::Training;
    std::vector<int> sizes{2, 64, 64, 3};  // layer widths: input, hidden…, output (2..9 entries, each 1..4096)
    Activation activation = Activation::Relu;
    LossKind loss = LossKind::CrossEntropy;
    NormKind norm = NormKind::None;  // after every hidden linear layer, before its activation
    DataSpec data;
    OptimizerSpec optimizer;
    int batch = 256;         // 0 = full batch; batches run in dataset order and wrap around
    // Micro-batches per optimizer step (gradient accumulation): each step runs K consecutive batches of
    // `batch` rows, backpropagates loss / K of each (with a scaler, scale · loss / K) and adds the
    // gradients (float32, or the lane's format with +accum-low); unscale, the inf check and the scale's
    // update once per step, as GradScaler with accumulation does. The step's loss is the mean of the K.
    int gradAccum = 1;
    int steps = 300;
    // The +delayed lanes' Transformer Engine DelayedScaling: the amax history's length and the margin
    // (scales aim at max · 2^-margin); +most-recent on the lane picks the history's amax algorithm.
    int amaxHistory = 1024;
    int fp8Margin = 0;
    std::uint64_t seed = 0;  // torch.manual_seed(seed) before building the model
    bool shuffle = false;    // reshuffle each epoch, from its own stream
    std::vector<LaneSpec> lanes{LaneSpec{Device::Cpu, Format::F32}, LaneSpec{Device::Cpu, Format::BF16}};
    ScalerSettings scaler;   // for lanes with +scaler
    PolicyBase policyBase = PolicyBase::DeviceDefault;
    std::vector<std::pair<OpKind, OpPolicy>> opOverrides;  // --op softmax=low, applied to every lane
    BackwardAccumulation backwardAccumulation = BackwardAccumulation::F32;
    Dispatch dispatch = Dispatch::Presisi;
    TorchCpu torchCpu = TorchCpu::ThisCpu;  // Dispatch::Torch only
    TorchVersion torchVersion = TorchVersion::V2;
    int histogramInterval = 50;  // a gradient histogram every K steps (0 = never); needs statistics
    bool statistics = true;      // underflow/subnormal/overflow counts, grad norm, histograms (shadow f32 backward)
    int rangeInterval = 10;      // a RangeSnapshot per lane every K steps (0 = never); needs statistics
    int accumulationValues = 10000;  // Workload::Accumulation
    // Steps per second the window narrates at (the worker sleeps between steps); 0: as fast as the
    // machine goes. The headless command line ignores it.
    double pace = 0;

    // The policy a lane runs under: its device's default (or the chosen base) with the overrides applied.
    AutocastPolicy policyFor(const LaneSpec& lane) const;
    bool operator==(const Scenario&) const = default;
};

// The range of every numeric setting, one table for every way a scenario arrives: validate() checks
// them, the command line's options and the window's fields take the same bounds, so a value that one
// refuses no other accepts (an experiment file with lr 1e30 is refused as `--lr 1e30` is).
struct SettingRange {
    double min, max;
    bool contains(double v) const { return v >= min && v <= max; }  // false for NaN
};
namespace limits {
inline constexpr SettingRange kSamples{1, 1e6}, kEvalSamples{0, 1e6};
inline constexpr SettingRange kNoise{0, 1e6}, kInputScale{1e-30, 1e30}, kTargetScale{1e-30, 1e30}, kOutlier{1e-30, 1e30};
inline constexpr SettingRange kLr{0, 1e9}, kMomentum{0, 0.999999}, kWeightDecay{0, 1e9};
inline constexpr SettingRange kBeta{0, 0.999999999}, kEps{1e-300, 1};
inline constexpr SettingRange kBatch{0, 1e6}, kSteps{0, 1e8}, kGradAccum{1, 4096};
inline constexpr SettingRange kInitScale{kMinLossScale, 3.4e38}, kGrowthFactor{1.0000001, 1e6};
inline constexpr SettingRange kBackoffFactor{1e-30, 0.9999999}, kGrowthInterval{1, 1e9};
inline constexpr SettingRange kInterval{0, 1e8};  // histogram_interval, range_interval
inline constexpr SettingRange kPace{0, 1e6};
inline constexpr SettingRange kAmaxHistory{1, 65536}, kFp8Margin{0, 64};
inline constexpr SettingRange kAccumulationValues{1, 1 << 26};
inline constexpr int kMaxLanes = 16;
// The longest .npy path (bytes; Linux's PATH_MAX): validate() refuses a longer one, experiment files and the
// window's path fields take no more characters.
inline constexpr int kMaxPathBytes = 4096;
}  // namespace limits

// Throws presisi::Error naming the first bad field and its value ("sizes[1] = 0: widths must be 1..4096").
// Checks what can be checked without reading files (the runner checks .npy contents): every number in
// its limits:: range, and each lane at most once.
void validate(const Scenario& scenario);

std::string_view normName(NormKind n);  // "none", "layer", "rms", "batch"
std::optional<NormKind> parseNorm(std::string_view name);
std::string_view activationName(Activation a);  // "relu", "tanh", "gelu", "sigmoid"
std::optional<Activation> parseActivation(std::string_view name);
std::string_view lossName(LossKind l);  // "cross_entropy", "mse"
std::optional<LossKind> parseLoss(std::string_view name);
std::string_view datasetName(DatasetKind k);  // "spiral", "circles", "xor", "gaussians", "moons", "sine", "plane", "teacher", "npy"
std::optional<DatasetKind> parseDataset(std::string_view name);
std::string_view optimizerName(OptimizerSpec::Kind k);  // "sgd", "adam", "adamw"
std::optional<OptimizerSpec::Kind> parseOptimizer(std::string_view name);
std::string_view workloadName(Workload w);  // "training", "accumulation"
std::optional<Workload> parseWorkload(std::string_view name);

}  // namespace presisi
