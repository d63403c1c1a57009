// `presisi train`'s setup options (a preset or an experiment file, then each option) read into a
// Scenario (shared by `train` and `check`), and the text helpers of the training commands' tables.
#include "train_args.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "../../engine/error.h"
#include "cli_text.h"
#include "services/scenario_file.h"
#include "service_names.h"

namespace presisi::cli {

namespace {

// An option in its range: the same limits:: table validate() checks files and the window against.
double realOpt(const ParsedArgs& a, const std::string& name, double fallback, const SettingRange& r) {
    return a.real(name, fallback, r.min, r.max);
}
long long intOpt(const ParsedArgs& a, const std::string& name, long long fallback, const SettingRange& r) {
    return a.integer(name, fallback, static_cast<long long>(r.min), static_cast<long long>(r.max));
}

}  // namespace

std::string fmtNum(double v, const char* f) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

std::string pad(const std::string& s, std::size_t w, bool left) {
    if (s.size() >= w) return s;
    return left ? s + std::string(w - s.size(), ' ') : std::string(w - s.size(), ' ') + s;
}

std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
    std::istringstream in(text);
    std::string word, line, out;
    while (in >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += indent + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) out += indent + line + "\n";
    return out;
}


// Builds the scenario: the preset (or the defaults), then every option given.
Scenario scenarioFromParsedArgs(const ParsedArgs& a) {
    Scenario s;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16"), parseLane("cpu:f16+scaler")};
    if (a.has("preset")) {
        try {
            s = loadPreset(a.text("preset", ""));
        } catch (const Error& e) {
            throw UsageError(std::string("--preset: ") + e.what());
        }
    }
    if (a.has("scenario")) {
        // The file holds a whole scenario (its preset's name among it); the other options override it.
        if (a.has("preset")) throw UsageError("--scenario: " + u8(QCoreApplication::translate("cli", "not with --preset (the file holds the whole scenario)")));
        try {
            s = services::readExperimentFile(a.text("scenario", ""));
        } catch (const Error& e) {
            throw UsageError(std::string("--scenario: ") + e.what());
        }
    }
    if (a.has("sizes")) {
        s.sizes.clear();
        for (const auto& v : a.list("sizes", "")) {
            char* end = nullptr;
            const long w = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || w < 1 || w > 4096)
                throw UsageError("--sizes: " + u8(QCoreApplication::translate("cli", "width '%1' must be an integer from 1 to 4096").arg(qs(v))));
            s.sizes.push_back(static_cast<int>(w));
        }
    }
    if (a.has("activation")) {
        const auto v = parseActivation(a.text("activation", ""));
        if (!v) throw UsageError("--activation: " + u8(QCoreApplication::translate("cli", "unknown activation '%1' (%2)").arg(qs(a.text("activation", "")), QStringLiteral("relu, tanh, gelu, sigmoid"))));
        s.activation = *v;
    }
    if (a.has("loss")) {
        const auto v = parseLoss(a.text("loss", ""));
        if (!v) throw UsageError("--loss: " + u8(QCoreApplication::translate("cli", "unknown loss '%1' (%2)").arg(qs(a.text("loss", "")), QStringLiteral("cross_entropy, mse"))));
        s.loss = *v;
    }
    if (a.has("norm")) {
        const auto v = parseNorm(a.text("norm", ""));
        if (!v) throw UsageError("--norm: " + u8(QCoreApplication::translate("cli", "unknown normalisation '%1' (%2)").arg(qs(a.text("norm", "")), QStringLiteral("none, layer, rms, batch"))));
        s.norm = *v;
    }
    if (a.has("dataset")) {
        const auto v = parseDataset(a.text("dataset", ""));
        if (!v || *v == DatasetKind::Npy)
            throw UsageError("--dataset: " + u8(QCoreApplication::translate("cli", "unknown dataset '%1' (%2; --data for .npy)").arg(qs(a.text("dataset", "")), QStringLiteral("spiral, circles, xor, gaussians, moons, sine, plane, teacher"))));
        s.data.kind = *v;
    }
    if (a.has("data") != a.has("targets")) throw UsageError(a.has("data") ? "--targets: needed with --data" : "--data: needed with --targets");
    if (a.has("data")) {
        // The .npy files are the data: options that shape a built-in set would be ignored silently.
        for (const char* ignored : {"dataset", "samples", "eval-samples", "noise", "input-scale", "target-scale", "data-seed"})
            if (a.has(ignored))
                throw UsageError(std::string("--") + ignored + ": not used with --data (the .npy files are the data)");
        s.data.kind = DatasetKind::Npy;
        s.data.xPath = a.text("data", "");
        s.data.yPath = a.text("targets", "");
    }
    if (a.has("eval-data") != a.has("eval-targets"))
        throw UsageError(a.has("eval-data") ? "--eval-targets: needed with --eval-data" : "--eval-data: needed with --eval-targets");
    if (a.has("eval-data")) {
        if (!a.has("data")) throw UsageError("--eval-data: needs --data and --targets");
        s.data.evalXPath = a.text("eval-data", "");
        s.data.evalYPath = a.text("eval-targets", "");
    }
    s.data.samples = static_cast<int>(intOpt(a, "samples", s.data.samples, limits::kSamples));
    s.data.evalSamples = static_cast<int>(intOpt(a, "eval-samples", s.data.evalSamples, limits::kEvalSamples));
    s.data.noise = realOpt(a, "noise", s.data.noise, limits::kNoise);
    s.data.inputScale = realOpt(a, "input-scale", s.data.inputScale, limits::kInputScale);
    s.data.targetScale = realOpt(a, "target-scale", s.data.targetScale, limits::kTargetScale);
    s.data.outlier = realOpt(a, "outlier", s.data.outlier, limits::kOutlier);
    if (a.has("data-seed")) s.data.seed = a.seed("data-seed", 0);
    if (a.has("optimizer")) {
        const auto v = parseOptimizer(a.text("optimizer", ""));
        if (!v) throw UsageError("--optimizer: " + u8(QCoreApplication::translate("cli", "unknown optimizer '%1' (%2)").arg(qs(a.text("optimizer", "")), QStringLiteral("sgd, adam, adamw"))));
        s.optimizer.kind = *v;
    }
    s.optimizer.lr = realOpt(a, "lr", s.optimizer.lr, limits::kLr);
    s.optimizer.momentum = realOpt(a, "momentum", s.optimizer.momentum, limits::kMomentum);
    // AdamW named here without a weight decay takes PyTorch's default (an experiment file's own value stays).
    if (a.has("optimizer") && s.optimizer.kind == OptimizerSpec::Kind::AdamW && !a.has("weight-decay") &&
        s.optimizer.weightDecay == 0)
        s.optimizer.weightDecay = kAdamWDefaultWeightDecay;
    s.optimizer.weightDecay = realOpt(a, "weight-decay", s.optimizer.weightDecay, limits::kWeightDecay);
    s.optimizer.beta1 = realOpt(a, "beta1", s.optimizer.beta1, limits::kBeta);
    s.optimizer.beta2 = realOpt(a, "beta2", s.optimizer.beta2, limits::kBeta);
    s.optimizer.eps = realOpt(a, "eps", s.optimizer.eps, limits::kEps);
    s.batch = static_cast<int>(intOpt(a, "batch", s.batch, limits::kBatch));
    s.steps = static_cast<int>(intOpt(a, "steps", s.steps, limits::kSteps));
    s.gradAccum = static_cast<int>(intOpt(a, "grad-accum", s.gradAccum, limits::kGradAccum));
    s.amaxHistory = static_cast<int>(intOpt(a, "amax-history", s.amaxHistory, limits::kAmaxHistory));
    s.fp8Margin = static_cast<int>(intOpt(a, "fp8-margin", s.fp8Margin, limits::kFp8Margin));
    s.seed = a.seed("seed", s.seed);
    if (a.has("shuffle")) s.shuffle = true;
    if (a.has("lanes")) {
        s.lanes.clear();
        for (const auto& l : a.list("lanes", "")) {
            try {
                s.lanes.push_back(parseLane(l));
            } catch (const Error& e) {
                throw UsageError(std::string("--lanes: ") + e.what());
            }
            for (std::size_t i = 0; i + 1 < s.lanes.size(); ++i)
                if (s.lanes[i].label() == s.lanes.back().label())
                    throw UsageError("--lanes: " + u8(QCoreApplication::translate("cli", "lane '%1' given twice").arg(qs(s.lanes.back().label()))));
        }
    }
    s.scaler.initScale = realOpt(a, "init-scale", s.scaler.initScale, limits::kInitScale);
    s.scaler.growthFactor = realOpt(a, "growth-factor", s.scaler.growthFactor, limits::kGrowthFactor);
    s.scaler.backoffFactor = realOpt(a, "backoff-factor", s.scaler.backoffFactor, limits::kBackoffFactor);
    s.scaler.growthInterval = static_cast<int>(intOpt(a, "growth-interval", s.scaler.growthInterval, limits::kGrowthInterval));
    if (a.has("policy")) {
        const std::string p = a.text("policy", "");
        if (p == "cpu") s.policyBase = PolicyBase::Cpu;
        else if (p == "cuda") s.policyBase = PolicyBase::Cuda;
        else if (p == "device") s.policyBase = PolicyBase::DeviceDefault;
        else throw UsageError("--policy: " + u8(QCoreApplication::translate("cli", "unknown policy '%1' (%2)").arg(qs(p), QStringLiteral("cpu, cuda, device"))));
    }
    if (a.has("op")) {
        std::vector<OpKind> given;  // a preset's overrides may be overridden, each op once
        for (const auto& item : a.list("op", "")) {
            const auto eq = item.find('=');
            const auto op = eq == std::string::npos ? std::nullopt : parseOpKind(item.substr(0, eq));
            const auto pol = eq == std::string::npos ? std::nullopt : parseOpPolicy(item.substr(eq + 1));
            if (!op || !pol)
                throw UsageError("--op: " + u8(QCoreApplication::translate("cli", "'%1' should be KIND=POLICY with KIND linear, activation, softmax, loss, reduction or norm and POLICY low, f32 or as-input").arg(qs(item))));
            if (std::find(given.begin(), given.end(), *op) != given.end())
                throw UsageError("--op: " + u8(QCoreApplication::translate("cli", "'%1' given twice").arg(qs(item.substr(0, eq)))));
            given.push_back(*op);
            s.opOverrides.emplace_back(*op, *pol);
        }
    }
    if (a.has("backward-acc")) {
        const auto v = parseBackwardAccumulation(a.text("backward-acc", ""));
        if (!v) throw UsageError("--backward-acc: " + u8(QCoreApplication::translate("cli", "unknown value '%1' (%2)").arg(qs(a.text("backward-acc", "")), QStringLiteral("f32, storage"))));
        s.backwardAccumulation = *v;
    }
    if (a.has("dispatch")) {
        const auto v = parseDispatch(a.text("dispatch", ""));
        if (!v) throw UsageError("--dispatch: " + u8(QCoreApplication::translate("cli", "unknown value '%1' (%2)").arg(qs(a.text("dispatch", "")), QStringLiteral("presisi, torch"))));
        s.dispatch = *v;
    }
    if (a.has("torch-cpu")) {
        const auto v = parseTorchCpu(a.text("torch-cpu", ""));
        if (!v) throw UsageError("--torch-cpu: " + u8(QCoreApplication::translate("cli", "unknown value '%1' (%2)").arg(qs(a.text("torch-cpu", "")), QStringLiteral("this, avx512, no-avx512"))));
        s.torchCpu = *v;
    }
    if (a.has("torch-version")) {
        const auto v = parseTorchVersion(a.text("torch-version", ""));
        if (!v) throw UsageError("--torch-version: " + u8(QCoreApplication::translate("cli", "unknown value '%1' (%2)").arg(qs(a.text("torch-version", "")), QStringLiteral("2, 1.13"))));
        s.torchVersion = *v;
    }
    s.histogramInterval = static_cast<int>(intOpt(a, "histogram-interval", s.histogramInterval, limits::kInterval));
    s.rangeInterval = static_cast<int>(intOpt(a, "range-interval", s.rangeInterval, limits::kInterval));
    if (a.has("no-stats")) s.statistics = false;
    return s;
}

std::string describe(const Scenario& s) {
    std::ostringstream o;
    if (s.workload == Workload::Accumulation) {
        o << "summing " << s.accumulationValues << " values of torch.rand (seed " << s.seed << "), " << s.batch
          << " per step, accumulator in each lane's format";
        return o.str();
    }
    o << "model ";
    for (std::size_t i = 0; i < s.sizes.size(); ++i) o << (i ? "-" : "") << s.sizes[i];
    o << ' ' << activationName(s.activation);
    if (s.norm != NormKind::None) o << ", " << normName(s.norm) << " norm";
    o << ", " << lossName(s.loss) << " | data " << datasetName(s.data.kind);
    if (s.data.kind == DatasetKind::Npy) o << " (" << s.data.xPath << ")";
    o << " | " << optimizerName(s.optimizer.kind) << " lr " << fmtNum(s.optimizer.lr);
    if (s.optimizer.momentum != 0) o << " momentum " << fmtNum(s.optimizer.momentum);
    if (s.optimizer.weightDecay != 0) o << " weight decay " << fmtNum(s.optimizer.weightDecay);
    o << " | batch " << (s.batch == 0 ? std::string("full") : std::to_string(s.batch));
    if (s.gradAccum > 1) o << " x " << s.gradAccum << " accumulated";
    // Delayed scaling's knobs, where a lane uses them and they differ from Transformer Engine's defaults.
    const bool delayed = std::any_of(s.lanes.begin(), s.lanes.end(), [](const LaneSpec& l) { return l.delayed; });
    if (delayed && (s.amaxHistory != Scenario().amaxHistory || s.fp8Margin != Scenario().fp8Margin))
        o << " | amax history " << s.amaxHistory << ", margin " << s.fp8Margin;
    o << " | " << s.steps << " steps | seed "
      << s.seed;
    // Which PyTorch the numbers follow (and, with --dispatch torch, for which CPU class).
    o << " | PyTorch " << (s.torchVersion == TorchVersion::V2 ? "2.x" : "1.13");
    if (s.dispatch == Dispatch::Torch) o << " dispatch (" << torchCpuName(s.torchCpu) << " CPU)";
    return o.str();
}

std::vector<OptionSpec> scenarioOptionSpecs() {
    std::vector<OptionSpec> v;
    for (const char* name : {"preset", "scenario", "sizes", "activation", "loss", "dataset", "data", "targets", "eval-data",
                             "eval-targets", "samples", "eval-samples", "noise", "input-scale", "target-scale", "outlier",
                             "data-seed", "optimizer", "lr", "momentum", "weight-decay", "beta1", "beta2", "eps",
                             "batch", "steps", "seed", "lanes", "norm", "grad-accum", "amax-history", "fp8-margin", "init-scale", "growth-factor", "backoff-factor",
                             "growth-interval", "policy", "op", "backward-acc", "dispatch", "torch-cpu",
                             "torch-version"})
        v.push_back({name, true});
    v.push_back({"shuffle", false});
    return v;
}

}  // namespace presisi::cli
