// Scenario names, lane parsing, autocast defaults and validation. No Qt here.
#include "scenario.h"

#include <cmath>
#include <string>

#include "../error.h"
#include "../native/native_gemm.h"

namespace presisi {

namespace {

template <typename E, std::size_t N>
std::optional<E> lookup(std::string_view name, const std::pair<E, std::string_view> (&table)[N]) {
    for (const auto& [e, n] : table)
        if (n == name) return e;
    return std::nullopt;
}
template <typename E, std::size_t N>
std::string_view nameOf(E e, const std::pair<E, std::string_view> (&table)[N]) {
    for (const auto& [v, n] : table)
        if (v == e) return n;
    return "?";
}

const std::pair<OpKind, std::string_view> kOpNames[] = {
    {OpKind::Linear, "linear"}, {OpKind::Activation, "activation"}, {OpKind::Softmax, "softmax"},
    {OpKind::Loss, "loss"}, {OpKind::Reduction, "reduction"}, {OpKind::Norm, "norm"}};
const std::pair<NormKind, std::string_view> kNormNames[] = {
    {NormKind::None, "none"}, {NormKind::Layer, "layer"}, {NormKind::Rms, "rms"}, {NormKind::Batch, "batch"}};
const std::pair<OpPolicy, std::string_view> kPolicyNames[] = {
    {OpPolicy::Low, "low"}, {OpPolicy::F32, "f32"}, {OpPolicy::AsInput, "as-input"}};
const std::pair<Activation, std::string_view> kActivationNames[] = {
    {Activation::Relu, "relu"}, {Activation::Tanh, "tanh"}, {Activation::Gelu, "gelu"}, {Activation::Sigmoid, "sigmoid"}};
const std::pair<LossKind, std::string_view> kLossNames[] = {{LossKind::CrossEntropy, "cross_entropy"},
                                                           {LossKind::Mse, "mse"}};
const std::pair<DatasetKind, std::string_view> kDatasetNames[] = {
    {DatasetKind::Spiral, "spiral"}, {DatasetKind::Circles, "circles"}, {DatasetKind::Xor, "xor"},
    {DatasetKind::Gaussians, "gaussians"}, {DatasetKind::Moons, "moons"}, {DatasetKind::Sine, "sine"},
    {DatasetKind::Plane, "plane"}, {DatasetKind::Teacher, "teacher"}, {DatasetKind::Npy, "npy"}};
const std::pair<OptimizerSpec::Kind, std::string_view> kOptimizerNames[] = {{OptimizerSpec::Kind::Sgd, "sgd"},
                                                                            {OptimizerSpec::Kind::Adam, "adam"},
                                                                            {OptimizerSpec::Kind::AdamW, "adamw"}};
const std::pair<Workload, std::string_view> kWorkloadNames[] = {{Workload::Training, "training"},
                                                               {Workload::Accumulation, "accumulation"}};

[[noreturn]] void bad(const std::string& field, const std::string& value, const std::string& why) {
    throw Error(field + " = " + value + ": " + why);
}

std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

}  // namespace

std::string_view backwardAccumulationName(BackwardAccumulation a) {
    return a == BackwardAccumulation::Storage ? "storage" : "f32";
}
std::optional<BackwardAccumulation> parseBackwardAccumulation(std::string_view name) {
    if (name == "f32") return BackwardAccumulation::F32;
    if (name == "storage" || name == "torch-cpu") return BackwardAccumulation::Storage;
    return std::nullopt;
}

std::string_view dispatchName(Dispatch d) { return d == Dispatch::Torch ? "torch" : "presisi"; }
std::optional<Dispatch> parseDispatch(std::string_view name) {
    if (name == "presisi") return Dispatch::Presisi;
    if (name == "torch") return Dispatch::Torch;
    return std::nullopt;
}
std::string_view torchCpuName(TorchCpu c) {
    switch (c) {
    case TorchCpu::Avx512: return "avx512";
    case TorchCpu::NoAvx512: return "no-avx512";
    case TorchCpu::ThisCpu: break;
    }
    return "this";
}
std::optional<TorchCpu> parseTorchCpu(std::string_view name) {
    if (name == "this") return TorchCpu::ThisCpu;
    if (name == "avx512") return TorchCpu::Avx512;
    if (name == "no-avx512") return TorchCpu::NoAvx512;
    return std::nullopt;
}

std::string_view torchVersionName(TorchVersion v) { return v == TorchVersion::V1_13 ? "1.13" : "2"; }
std::optional<TorchVersion> parseTorchVersion(std::string_view name) {
    if (name == "2" || name == "2.x") return TorchVersion::V2;
    if (name == "1.13") return TorchVersion::V1_13;
    return std::nullopt;
}

std::string_view opKindName(OpKind op) { return nameOf(op, kOpNames); }
std::optional<OpKind> parseOpKind(std::string_view name) {
    if (name == "log_softmax") return OpKind::Softmax;
    return lookup(name, kOpNames);
}
std::string_view opPolicyName(OpPolicy p) { return nameOf(p, kPolicyNames); }
std::optional<OpPolicy> parseOpPolicy(std::string_view name) {
    if (name == "f16" || name == "bf16") return OpPolicy::Low;
    if (name == "input" || name == "as_input") return OpPolicy::AsInput;
    return lookup(name, kPolicyNames);
}
std::string_view normName(NormKind n) { return nameOf(n, kNormNames); }
std::optional<NormKind> parseNorm(std::string_view name) {
    if (name == "layernorm" || name == "layer_norm") return NormKind::Layer;
    if (name == "rmsnorm" || name == "rms_norm") return NormKind::Rms;
    if (name == "batchnorm" || name == "batch_norm") return NormKind::Batch;
    return lookup(name, kNormNames);
}
std::string_view activationName(Activation a) { return nameOf(a, kActivationNames); }
std::optional<Activation> parseActivation(std::string_view name) { return lookup(name, kActivationNames); }
std::string_view lossName(LossKind l) { return nameOf(l, kLossNames); }
std::optional<LossKind> parseLoss(std::string_view name) {
    if (name == "ce" || name == "cross-entropy") return LossKind::CrossEntropy;
    return lookup(name, kLossNames);
}
std::string_view datasetName(DatasetKind k) { return nameOf(k, kDatasetNames); }
std::optional<DatasetKind> parseDataset(std::string_view name) { return lookup(name, kDatasetNames); }
std::string_view optimizerName(OptimizerSpec::Kind k) { return nameOf(k, kOptimizerNames); }
std::optional<OptimizerSpec::Kind> parseOptimizer(std::string_view name) { return lookup(name, kOptimizerNames); }
std::string_view workloadName(Workload w) { return nameOf(w, kWorkloadNames); }
std::optional<Workload> parseWorkload(std::string_view name) { return lookup(name, kWorkloadNames); }

bool isClassification(DatasetKind kind) {
    switch (kind) {
    case DatasetKind::Spiral:
    case DatasetKind::Circles:
    case DatasetKind::Xor:
    case DatasetKind::Gaussians:
    case DatasetKind::Moons:
        return true;
    default:
        return false;
    }
}

AutocastPolicy Scenario::policyFor(const LaneSpec& lane) const {
    AutocastPolicy p;
    switch (policyBase) {
    case PolicyBase::DeviceDefault: p = lane.device == Device::Gpu ? AutocastPolicy::cuda() : AutocastPolicy::cpu(); break;
    case PolicyBase::Cpu: p = AutocastPolicy::cpu(); break;
    case PolicyBase::Cuda: p = AutocastPolicy::cuda(); break;
    }
    // batch_norm is on no autocast list of either device: it runs in what arrives.
    if (norm == NormKind::Batch) p.norm = OpPolicy::AsInput;
    for (const auto& [op, pol] : opOverrides) p.set(op, pol);
    return p;
}

// A +native lane that cannot be native is refused, not run emulated under a native label.
std::string nativeLaneProblem(const LaneSpec& lane) {
    if (!lane.native) return {};
    if (lane.device != Device::Cpu) return "+native is a CPU option (GPU lanes use the tensor cores already)";
    if (lane.format == Format::F32) return "+native needs a low format (bf16 or f16)";
    if (!native::available(lane.format)) return native::fallbackMessage(lane.format) + "; use the lane without +native";
    return {};
}

namespace {

std::string rangeText(const SettingRange& r) {
    if (r.max >= 1e30 && r.min == 0) return "must be finite and >= 0";
    return "must be " + num(r.min) + " .. " + num(r.max);
}

void checkRange(const char* field, double v, const SettingRange& r, const char* why = nullptr) {
    if (!r.contains(v)) bad(field, num(v), why ? why : rangeText(r));
}

void checkCount(const char* field, long long v, const SettingRange& r, const char* why = nullptr) {
    if (!r.contains(static_cast<double>(v))) bad(field, std::to_string(v), why ? why : rangeText(r));
}

// A .npy path a scenario file can hold and a message can quote: one line (an experiment file refuses a line break in
// a path, so a path from the command line with one saved a file that could not be opened again), no NUL (the open
// would read a shorter name) and no longer than Linux's PATH_MAX. The value is not echoed: it is what is wrong.
void checkPath(const char* field, const std::string& path) {
    if (path.size() > static_cast<std::size_t>(limits::kMaxPathBytes))
        bad(field, std::to_string(path.size()) + " bytes", "a path has at most " + std::to_string(limits::kMaxPathBytes));
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path[i] == '\n' || path[i] == '\r')
            bad(field, "a path", "must be one line (a line break at byte " + std::to_string(i + 1) + ")");
        if (path[i] == '\0') bad(field, "a path", "holds a NUL byte (at byte " + std::to_string(i + 1) + ")");
    }
}

}  // namespace

std::string scaledLaneProblem(const LaneSpec& l) {
    // The scaled lanes cast every linear's three GEMM operands (numerics/fp8_recipe.h) on the CPU.
    if (!l.scaled) return {};
    if (l.device != Device::Cpu)
        return "lanes of 8 bits and below train on the CPU (cpu:" + l.label().substr(l.label().find(':') + 1) + ")";
    return {};
}

namespace {

using namespace limits;

// The model's widths (not for the accumulation workload, which has none).
void validateModel(const Scenario& s) {
    if (s.workload == Workload::Accumulation) return;
    if (s.sizes.size() < 2 || s.sizes.size() > 9)
        bad("sizes", std::to_string(s.sizes.size()) + " entries", "need 2..9 widths (1..8 linear layers)");
    for (std::size_t i = 0; i < s.sizes.size(); ++i)
        if (s.sizes[i] < 1 || s.sizes[i] > 4096)
            bad("sizes[" + std::to_string(i) + "]", std::to_string(s.sizes[i]), "widths must be 1..4096");
    if (s.loss == LossKind::CrossEntropy && s.sizes.back() < 2)
        bad("sizes", "output width " + std::to_string(s.sizes.back()), "cross_entropy needs at least 2 classes");
}

// The data: .npy paths, or a built-in set's settings and its fit to the model and the loss.
void validateData(const Scenario& s) {
    const DataSpec& d = s.data;
    if (d.kind == DatasetKind::Npy) {
        if (d.xPath.empty()) bad("data", "\"\"", "npy data needs an X file (--data X.npy)");
        if (d.yPath.empty()) bad("targets", "\"\"", "npy data needs a targets file (--targets Y.npy)");
        checkPath("data", d.xPath);
        checkPath("targets", d.yPath);
        checkPath("eval_data", d.evalXPath);
        checkPath("eval_targets", d.evalYPath);
        if (d.evalXPath.empty() != d.evalYPath.empty())
            bad("eval_data", d.evalXPath.empty() ? d.evalYPath : d.evalXPath, "evaluation data needs both X and Y files");
    } else if (s.workload == Workload::Training) {
        checkCount("samples", d.samples, kSamples, "must be 1..1000000");
        checkCount("eval_samples", d.evalSamples, kEvalSamples, "must be 0..1000000");
        checkRange("noise", d.noise, kNoise);
        checkRange("input_scale", d.inputScale, kInputScale);
        checkRange("target_scale", d.targetScale, kTargetScale);
        checkRange("outlier", d.outlier, kOutlier);
        const bool cls = isClassification(d.kind);
        if (cls && s.loss != LossKind::CrossEntropy)
            bad("loss", std::string(lossName(s.loss)), "dataset '" + std::string(datasetName(d.kind)) + "' is classification: use cross_entropy");
        if (!cls && s.loss != LossKind::Mse)
            bad("loss", std::string(lossName(s.loss)), "dataset '" + std::string(datasetName(d.kind)) + "' is regression: use mse");
        const int in = d.kind == DatasetKind::Sine ? 1 : 2;
        if (d.kind != DatasetKind::Teacher && s.sizes.front() != in)
            bad("sizes[0]", std::to_string(s.sizes.front()), "dataset '" + std::string(datasetName(d.kind)) + "' has " + std::to_string(in) + " input(s)");
        if ((d.kind == DatasetKind::Sine || d.kind == DatasetKind::Plane) && s.sizes.back() != 1)
            bad("sizes[last]", std::to_string(s.sizes.back()), "dataset '" + std::string(datasetName(d.kind)) + "' has 1 output");
        if (d.kind == DatasetKind::Xor && s.sizes.back() != 2)
            bad("sizes[last]", std::to_string(s.sizes.back()), "dataset 'xor' has 2 classes");
        if ((d.kind == DatasetKind::Circles || d.kind == DatasetKind::Moons) && s.sizes.back() != 2)
            bad("sizes[last]", std::to_string(s.sizes.back()), "dataset '" + std::string(datasetName(d.kind)) + "' has 2 classes");
        if ((d.kind == DatasetKind::Spiral || d.kind == DatasetKind::Gaussians) && s.sizes.back() > 16)
            bad("sizes[last]", std::to_string(s.sizes.back()), "at most 16 classes for built-in sets");
    }
}

// The optimizer, the batch and the step counts, delayed scaling's settings, the normalisation's place.
void validateSteps(const Scenario& s) {
    const OptimizerSpec& o = s.optimizer;
    checkRange("lr", o.lr, kLr, "learning rate must be 0 .. 1e+09");
    checkRange("momentum", o.momentum, kMomentum);
    checkRange("weight_decay", o.weightDecay, kWeightDecay);
    checkRange("beta1", o.beta1, kBeta);
    checkRange("beta2", o.beta2, kBeta);
    checkRange("eps", o.eps, kEps);
    checkCount("batch", s.batch, kBatch, "must be 0 (full batch) .. 1000000");
    checkCount("steps", s.steps, kSteps, "must be 0..100000000");
    checkCount("grad_accum", s.gradAccum, kGradAccum, "must be 1 (no accumulation) .. 4096 micro-batches per step");
    checkCount("amax_history", s.amaxHistory, kAmaxHistory, "must be 1 .. 65536 steps (delayed scaling's amax history)");
    checkCount("fp8_margin", s.fp8Margin, kFp8Margin, "must be 0 .. 64 (delayed scaling aims at max / 2^margin)");
    if (s.workload == Workload::Training && s.norm != NormKind::None && s.sizes.size() < 3)
        bad("norm", std::string(normName(s.norm)), "a normalisation follows a hidden layer; the model has none (sizes need 3+ widths)");
}

// Each lane, alone and against the others and the scenario.
void validateLanes(const Scenario& s) {
    if (s.lanes.empty()) bad("lanes", "[]", "need at least one lane");
    if (s.lanes.size() > kMaxLanes) bad("lanes", std::to_string(s.lanes.size()) + " lanes", "at most 16");
    for (std::size_t i = 0; i < s.lanes.size(); ++i) {
        const LaneSpec& l = s.lanes[i];
        for (std::size_t j = 0; j < i; ++j)
            if (s.lanes[j].label() == l.label()) bad("lane", l.label(), "given twice (each lane at most once)");
        // The linear lab's options, refused rather than ignored: a training lane's products accumulate
        // as backwardAccumulation/dispatch say, and its f32 products are float32.
        if (l.accumulation != Accumulation::F32)
            bad("lane", l.label(), "+acc16 is a linear-lab option; training products accumulate as --backward-acc and --dispatch say");
        if (const std::string why = scaledLaneProblem(l); !why.empty()) bad("lane", l.label(), why);
        if (l.tf32) bad("lane", l.label(), "tf32 is a linear-lab lane; training lanes are f32, bf16 or f16");
        // A lane built in code (not parsed) could still carry an element format of 8 bits and below.
        if (isMiniFormat(l.format))
            bad("lane", l.label(), std::string(traits(l.format).name) + " is an element format; training lanes are f32, bf16 or f16");
        if (const std::string why = nativeLaneProblem(l); !why.empty()) bad("lane", l.label(), why);
        if (l.naiveStats && s.norm == NormKind::None)
            bad("lane", l.label(), "+naive-stats changes a normalisation's statistics; choose one (--norm layer|rms|batch)");
        if (l.lowGradAccum && s.gradAccum < 2)
            bad("lane", l.label(), "+accum-low sums accumulated micro-batches; set --grad-accum 2 or more");
        if (l.pure && (l.device != Device::Cpu || l.format != Format::BF16))
            bad("lane", l.label(), "+pure (bf16 weights without a float32 master copy) is an option of cpu:bf16 lanes");
        if ((l.stochasticWeights || l.kahanWeights) && !l.pure)
            bad("lane", l.label(), "+sr and +kahan round the pure-bf16 weights' update; add +pure (cpu:bf16+pure+sr)");
        if (l.stochasticWeights && l.kahanWeights)
            bad("lane", l.label(), "one weight rounding per lane: +sr or +kahan");
        if (l.device == Device::Gpu && s.norm != NormKind::None)
            bad("lane", l.label(), "GPU lanes have no normalisation layer yet; run --norm on CPU lanes");
        if (l.device == Device::Gpu && s.gradAccum > 1)
            bad("lane", l.label(), "GPU lanes do not accumulate micro-batches yet; run --grad-accum on CPU lanes");
    }
}

// The loss scaler, the pace and the statistics' intervals.
void validateScalerAndPace(const Scenario& s) {
    const ScalerSettings& c = s.scaler;
    checkRange("init_scale", c.initScale, kInitScale,
               "must be finite and at least 2^-126 (the smallest normal float32, the scaler's floor), at most 3.4e+38");
    checkRange("growth_factor", c.growthFactor, kGrowthFactor, "must be above 1 (GradScaler), at most 1e+06");
    checkRange("backoff_factor", c.backoffFactor, kBackoffFactor, "must be in (0, 1) (GradScaler)");
    checkCount("growth_interval", c.growthInterval, kGrowthInterval, "must be 1 .. 1000000000");
    checkRange("pace", s.pace, kPace, "must be 0 (as fast as possible) to 1e6 steps per second");
    checkCount("histogram_interval", s.histogramInterval, kInterval, "must be 0 .. 100000000");
    checkCount("range_interval", s.rangeInterval, kInterval, "must be 0 .. 100000000");
}

}  // namespace

void validate(const Scenario& s) {
    using namespace limits;
    // Checked whatever the workload: a file may carry it for a later switch of workload.
    checkCount("accumulation_values", s.accumulationValues, kAccumulationValues, "must be 1..67108864");
    validateModel(s);
    validateData(s);
    validateSteps(s);
    validateLanes(s);
    validateScalerAndPace(s);
}

}  // namespace presisi
