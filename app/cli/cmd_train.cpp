// `presisi train`, `presisi presets` and `presisi bench train`: the training lab headless, as a table,
// JSON (the stable contract) or CSV.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "../../engine/error.h"
#include "../../engine/training/bench_train.h"
#include "../../engine/training/runner.h"
#include "args.h"
#include "commands.h"
#include "json_writer.h"
#include "scenario_json.h"
#include "train_export.h"

namespace presisi::cli {

namespace {

const OptionSpec kTrainOptions[] = {
    {"preset", true},        {"sizes", true},          {"activation", true},      {"loss", true},
    {"dataset", true},       {"data", true},           {"targets", true},         {"eval-data", true},
    {"eval-targets", true},  {"samples", true},        {"eval-samples", true},    {"noise", true},
    {"input-scale", true},   {"target-scale", true},   {"data-seed", true},       {"optimizer", true},
    {"lr", true},            {"momentum", true},       {"weight-decay", true},    {"beta1", true},
    {"beta2", true},         {"eps", true},            {"batch", true},           {"steps", true},
    {"seed", true},          {"shuffle", false},       {"lanes", true},           {"init-scale", true},
    {"growth-factor", true}, {"backoff-factor", true}, {"growth-interval", true}, {"policy", true},
    {"op", true},            {"backward-acc", true},   {"histogram-interval", true}, {"no-stats", false},
    {"json", true},          {"csv", true},            {"every", true},           {"help", false},
};

const char* kTrainHelp =
    "usage: presisi train [--preset NAME] [options]\n\n"
    "Trains a small MLP in several lanes side by side (same data, same initial weights) and prints a\n"
    "per-lane table every so many steps and a final summary.\n\n"
    "model:     --sizes 2,64,64,3  --activation relu|tanh|gelu|sigmoid  --loss cross_entropy|mse\n"
    "data:      --dataset spiral|circles|xor|gaussians|moons|sine|plane|teacher  --samples N\n"
    "           --eval-samples N  --noise S  --input-scale F  --target-scale F  --data-seed S\n"
    "           --data X.npy --targets Y.npy [--eval-data X.npy --eval-targets Y.npy]\n"
    "           (X float32 (N, in); Y integer labels (N) for cross_entropy or float32 (N, out) for mse)\n"
    "optimizer: --optimizer sgd|adam  --lr 0.1  --momentum M  --weight-decay W  --beta1 --beta2 --eps\n"
    "run:       --batch B (0 = full batch)  --steps N  --seed S  --shuffle\n"
    "lanes:     --lanes cpu:f32,cpu:bf16,cpu:f16,cpu:f16+scaler   (device:format[+scaler][+ftz])\n"
    "scaler:    --init-scale 65536  --growth-factor 2  --backoff-factor 0.5  --growth-interval 2000\n"
    "autocast:  --policy cpu|cuda|device  --op softmax=low,loss=low  (linear, activation, softmax, loss,\n"
    "           reduction = low|f32|as-input)\n"
    "           --backward-acc f32|storage  (storage: low-format backward products accumulate in the\n"
    "           format, as PyTorch 1.13's CPU bf16 GEMM does without AVX-512; use it to match torch there)\n"
    "output:    --every N (table interval)  --histogram-interval K  --no-stats\n"
    "           --json FILE|-  (the JSON contract; '-' prints it instead of the table)  --csv FILE\n\n"
    "Presets: 'presisi presets' lists them.\n";

std::string fmtNum(double v, const char* f = "%.6g") {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

std::string pad(const std::string& s, std::size_t w, bool left = false) {
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

double realOpt(const ParsedArgs& a, const std::string& name, double fallback, double min, double max) {
    return a.real(name, fallback, min, max);
}

// Builds the scenario: the preset (or the defaults), then every option given.
Scenario scenarioFromArgs(const ParsedArgs& a) {
    Scenario s;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16"), parseLane("cpu:f16+scaler")};
    if (a.has("preset")) {
        try {
            s = loadPreset(a.text("preset", ""));
        } catch (const Error& e) {
            throw UsageError(std::string("--preset: ") + e.what());
        }
    }
    if (a.has("sizes")) {
        s.sizes.clear();
        for (const auto& v : a.list("sizes", "")) {
            char* end = nullptr;
            const long w = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || w < 1 || w > 4096)
                throw UsageError("--sizes: width '" + v + "' must be an integer from 1 to 4096");
            s.sizes.push_back(static_cast<int>(w));
        }
    }
    if (a.has("activation")) {
        const auto v = parseActivation(a.text("activation", ""));
        if (!v) throw UsageError("--activation: unknown activation '" + a.text("activation", "") + "' (relu, tanh, gelu, sigmoid)");
        s.activation = *v;
    }
    if (a.has("loss")) {
        const auto v = parseLoss(a.text("loss", ""));
        if (!v) throw UsageError("--loss: unknown loss '" + a.text("loss", "") + "' (cross_entropy, mse)");
        s.loss = *v;
    }
    if (a.has("dataset")) {
        const auto v = parseDataset(a.text("dataset", ""));
        if (!v || *v == DatasetKind::Npy)
            throw UsageError("--dataset: unknown dataset '" + a.text("dataset", "") +
                             "' (spiral, circles, xor, gaussians, moons, sine, plane, teacher; --data for .npy)");
        s.data.kind = *v;
    }
    if (a.has("data") != a.has("targets")) throw UsageError(a.has("data") ? "--targets: needed with --data" : "--data: needed with --targets");
    if (a.has("data")) {
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
    s.data.samples = static_cast<int>(a.integer("samples", s.data.samples, 1, 1000000));
    s.data.evalSamples = static_cast<int>(a.integer("eval-samples", s.data.evalSamples, 0, 1000000));
    s.data.noise = realOpt(a, "noise", s.data.noise, 0, 1e6);
    s.data.inputScale = realOpt(a, "input-scale", s.data.inputScale, 1e-30, 1e30);
    s.data.targetScale = realOpt(a, "target-scale", s.data.targetScale, 1e-30, 1e30);
    if (a.has("data-seed")) s.data.seed = a.seed("data-seed", 0);
    if (a.has("optimizer")) {
        const auto v = parseOptimizer(a.text("optimizer", ""));
        if (!v) throw UsageError("--optimizer: unknown optimizer '" + a.text("optimizer", "") + "' (sgd, adam)");
        s.optimizer.kind = *v;
    }
    s.optimizer.lr = realOpt(a, "lr", s.optimizer.lr, 0, 1e9);
    s.optimizer.momentum = realOpt(a, "momentum", s.optimizer.momentum, 0, 0.999999);
    s.optimizer.weightDecay = realOpt(a, "weight-decay", s.optimizer.weightDecay, 0, 1e9);
    s.optimizer.beta1 = realOpt(a, "beta1", s.optimizer.beta1, 0, 0.999999999);
    s.optimizer.beta2 = realOpt(a, "beta2", s.optimizer.beta2, 0, 0.999999999);
    s.optimizer.eps = realOpt(a, "eps", s.optimizer.eps, 1e-300, 1);
    s.batch = static_cast<int>(a.integer("batch", s.batch, 0, 1000000));
    s.steps = static_cast<int>(a.integer("steps", s.steps, 0, 100000000));
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
        }
    }
    s.scaler.initScale = realOpt(a, "init-scale", s.scaler.initScale, 1e-38, 3.4e38);
    s.scaler.growthFactor = realOpt(a, "growth-factor", s.scaler.growthFactor, 1.0000001, 1e6);
    s.scaler.backoffFactor = realOpt(a, "backoff-factor", s.scaler.backoffFactor, 1e-30, 0.9999999);
    s.scaler.growthInterval = static_cast<int>(a.integer("growth-interval", s.scaler.growthInterval, 1, 1000000000));
    if (a.has("policy")) {
        const std::string p = a.text("policy", "");
        if (p == "cpu") s.policyBase = PolicyBase::Cpu;
        else if (p == "cuda") s.policyBase = PolicyBase::Cuda;
        else if (p == "device") s.policyBase = PolicyBase::DeviceDefault;
        else throw UsageError("--policy: unknown policy '" + p + "' (cpu, cuda, device)");
    }
    if (a.has("op")) {
        for (const auto& item : a.list("op", "")) {
            const auto eq = item.find('=');
            const auto op = eq == std::string::npos ? std::nullopt : parseOpKind(item.substr(0, eq));
            const auto pol = eq == std::string::npos ? std::nullopt : parseOpPolicy(item.substr(eq + 1));
            if (!op || !pol)
                throw UsageError("--op: '" + item + "' should be KIND=POLICY with KIND linear, activation, softmax, loss or "
                                 "reduction and POLICY low, f32 or as-input");
            s.opOverrides.emplace_back(*op, *pol);
        }
    }
    if (a.has("backward-acc")) {
        const auto v = parseBackwardAccumulation(a.text("backward-acc", ""));
        if (!v) throw UsageError("--backward-acc: unknown value '" + a.text("backward-acc", "") + "' (f32, storage)");
        s.backwardAccumulation = *v;
    }
    s.histogramInterval = static_cast<int>(a.integer("histogram-interval", s.histogramInterval, 0, 100000000));
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
    o << ' ' << activationName(s.activation) << ", " << lossName(s.loss) << " | data " << datasetName(s.data.kind);
    if (s.data.kind == DatasetKind::Npy) o << " (" << s.data.xPath << ")";
    o << " | " << optimizerName(s.optimizer.kind) << " lr " << fmtNum(s.optimizer.lr);
    if (s.optimizer.momentum != 0) o << " momentum " << fmtNum(s.optimizer.momentum);
    o << " | batch " << (s.batch == 0 ? std::string("full") : std::to_string(s.batch)) << " | " << s.steps << " steps | seed "
      << s.seed;
    return o.str();
}

int runTrain(CommandArgs args, std::ostream& out) {
    const ParsedArgs a = parseArgs(args, kTrainOptions);
    if (a.has("help")) {
        out << kTrainHelp;
        return 0;
    }
    if (!a.positionals().empty()) throw UsageError("unexpected argument '" + a.positionals().front() + "'");
    const Scenario scenario = scenarioFromArgs(a);
    std::unique_ptr<Runner> runner;
    try {
        runner = std::make_unique<Runner>(scenario);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    const Scenario& s = runner->scenario();
    const std::string jsonPath = a.text("json", "");
    const bool jsonToStdout = jsonPath == "-";
    const bool text = !jsonToStdout;
    std::ofstream jsonFile, csvFile;
    if (!jsonPath.empty() && !jsonToStdout) {
        jsonFile.open(jsonPath);
        if (!jsonFile) throw UsageError("--json: cannot write '" + jsonPath + "'");
    }
    if (a.has("csv")) {
        csvFile.open(a.text("csv", ""));
        if (!csvFile) throw UsageError("--csv: cannot write '" + a.text("csv", "") + "'");
    }
    const std::int64_t every = a.integer("every", std::max(1, s.steps / 10), 1, 100000000);
    const bool accumulation = s.workload == Workload::Accumulation;

    if (text) {
        if (!s.preset.empty()) out << "preset " << s.preset << (s.title.empty() ? "" : ": " + s.title) << '\n';
        out << describe(s) << '\n';
        if (!s.explanation.empty()) out << wrap(s.explanation, 96, "  ");
        out << '\n';
        if (accumulation)
            out << pad("step", 6) << "  " << pad("lane", 16, true) << pad("sum", 14) << '\n';
        else
            out << pad("step", 6) << "  " << pad("lane", 16, true) << pad("loss", 12) << pad("acc", 7) << pad("|grad|", 11)
                << pad("act-uf", 8) << pad("w-uf", 8) << pad("subn", 8) << pad("scale", 10) << pad("skip", 5) << '\n';
    }
    std::vector<std::vector<StepRecord>> records(s.lanes.size());
    auto pct = [](double v) { return std::isnan(v) ? std::string("-") : fmtNum(100 * v, "%.1f%%"); };
    const std::atomic<bool> cancel{false};
    runner->run(
        [&](const RunEvent& e) {
            if (e.kind != RunEventKind::Step) return;
            const StepRecord& r = e.record;
            records[static_cast<std::size_t>(r.lane)].push_back(r);
            if (!text || (r.step % every != 0 && r.step + 1 != s.steps)) return;
            const std::string lane = s.lanes[static_cast<std::size_t>(r.lane)].label();
            if (accumulation) {
                out << pad(std::to_string(r.step), 6) << "  " << pad(lane, 16, true) << pad(fmtNum(r.loss, "%.2f"), 14) << '\n';
                return;
            }
            out << pad(std::to_string(r.step), 6) << "  " << pad(lane, 16, true) << pad(fmtNum(r.loss, "%.5g"), 12)
                << pad(std::isnan(r.accuracy) ? "-" : fmtNum(r.accuracy, "%.3f"), 7)
                << pad(std::isnan(r.gradNorm) ? "-" : fmtNum(r.gradNorm, "%.3g"), 11) << pad(pct(r.actGradUnderflow), 8)
                << pad(pct(r.weightGradUnderflow), 8) << pad(pct(r.gradSubnormal), 8) << pad(fmtNum(r.scale, "%.6g"), 10)
                << pad(r.skipped ? "yes" : "", 5) << '\n';
        },
        cancel);
    std::vector<LaneFinal> finals;
    for (int i = 0; i < runner->laneCount(); ++i) finals.push_back(runner->evaluate(i));

    if (text) {
        out << "\nfinal after " << s.steps << " steps\n";
        if (accumulation) {
            for (std::size_t i = 0; i < s.lanes.size(); ++i)
                out << "  " << pad(s.lanes[i].label(), 16, true) << " sum " << fmtNum(finals[i].loss, "%.2f") << '\n';
        } else {
            out << "  " << pad("lane", 16, true) << pad("loss", 12) << pad("acc", 7) << pad("eval loss", 12) << pad("eval acc", 9)
                << pad("mean w-uf", 10) << pad("skipped", 8) << pad("non-finite", 11) << '\n';
            for (std::size_t i = 0; i < s.lanes.size(); ++i) {
                double uf = 0;
                int n = 0, skipped = 0, nonFinite = 0;
                for (const auto& r : records[i]) {
                    if (!std::isnan(r.weightGradUnderflow)) { uf += r.weightGradUnderflow; ++n; }
                    skipped += r.skipped;
                    nonFinite += !r.finite;
                }
                const LaneFinal& f = finals[i];
                out << "  " << pad(s.lanes[i].label(), 16, true) << pad(fmtNum(f.loss, "%.5g"), 12)
                    << pad(std::isnan(f.accuracy) ? "-" : fmtNum(f.accuracy, "%.3f"), 7) << pad(fmtNum(f.evalLoss, "%.5g"), 12)
                    << pad(std::isnan(f.evalAccuracy) ? "-" : fmtNum(f.evalAccuracy, "%.3f"), 9)
                    << pad(n ? pct(uf / n) : "-", 10) << pad(std::to_string(skipped), 8) << pad(std::to_string(nonFinite), 11)
                    << '\n';
            }
        }
    }
    std::vector<StepRecord> all;
    for (const auto& laneRecords : records) all.insert(all.end(), laneRecords.begin(), laneRecords.end());
    if (jsonToStdout) writeTrainingJson(out, s, all, finals);
    if (jsonFile.is_open()) writeTrainingJson(jsonFile, s, all, finals);
    if (csvFile.is_open()) writeTrainingCsv(csvFile, s, all);
    return 0;
}

}  // namespace

Scenario trainScenarioFromArgs(CommandArgs args) { return scenarioFromArgs(parseArgs(args, kTrainOptions)); }

int cmdTrain(CommandArgs args, std::ostream& out, std::ostream&) { return runTrain(args, out); }

int cmdPresets(CommandArgs args, std::ostream& out, std::ostream&) {
    const OptionSpec opts[] = {{"json", false}, {"help", false}};
    const ParsedArgs a = parseArgs(args, opts);
    if (a.has("help")) {
        out << "usage: presisi presets [NAME] [--json]\n  lists the training presets; with NAME, prints that preset\n";
        return 0;
    }
    if (a.positionals().size() > 1) throw UsageError("unexpected argument '" + a.positionals()[1] + "'");
    if (a.positionals().size() == 1) {
        const std::string name = a.positionals().front();
        const std::string json = presetJson(name);
        if (json.empty()) {
            try {
                loadPreset(name);
            } catch (const Error& e) {
                throw UsageError(e.what());
            }
        }
        if (a.has("json")) {
            out << json;
            return 0;
        }
        const Scenario s = loadPreset(name);
        out << s.preset << ": " << s.title << '\n' << describe(s) << '\n' << wrap(s.explanation, 96, "  ");
        out << "run: presisi train --preset " << s.preset << '\n';
        return 0;
    }
    const auto presets = listPresets();
    if (a.has("json")) {
        JsonWriter j(out);
        j.beginArray();
        for (const auto& p : presets)
            j.beginObject().field("name", p.name).field("title", p.title).field("explanation", p.explanation).endObject();
        j.endArray();
        out << '\n';
        return 0;
    }
    for (const auto& p : presets) {
        out << p.name << "  " << p.title << '\n' << wrap(p.explanation, 96, "    ") << '\n';
    }
    out << "run one: presisi train --preset NAME\n";
    return 0;
}

int benchTrainCmd(CommandArgs args, std::ostream& out) {
    const OptionSpec opts[] = {{"sizes", true}, {"batch", true}, {"steps", true}, {"threads", true},
                               {"lanes", true}, {"repeats", true}, {"json", false}, {"activation", true}};
    const ParsedArgs a = parseArgs(args, opts);
    if (!a.positionals().empty()) throw UsageError("unexpected argument '" + a.positionals().front() + "'");
    if (a.integer("threads", 1, 1, 1024) != 1)
        throw UsageError("--threads: the engine's lanes run on one thread each; only 1 is supported");
    Scenario s;
    s.sizes.clear();
    for (const auto& v : a.list("sizes", "2,64,64,3")) {
        char* end = nullptr;
        const long w = std::strtol(v.c_str(), &end, 10);
        if (v.empty() || *end != '\0' || w < 1 || w > 4096) throw UsageError("--sizes: width '" + v + "' must be 1..4096");
        s.sizes.push_back(static_cast<int>(w));
    }
    if (s.sizes.size() < 2) throw UsageError("--sizes: need at least 2 widths");
    if (a.has("activation")) {
        const auto v = parseActivation(a.text("activation", ""));
        if (!v) throw UsageError("--activation: unknown activation '" + a.text("activation", "") + "'");
        s.activation = *v;
    }
    s.batch = static_cast<int>(a.integer("batch", 256, 1, 65536));
    const int steps = static_cast<int>(a.integer("steps", 2000, 1, 10000000));
    const int repeats = static_cast<int>(a.integer("repeats", 3, 1, 100));
    s.lanes.clear();
    for (const auto& l : a.list("lanes", "cpu:f32,cpu:bf16,cpu:f16,cpu:f16+scaler")) {
        try {
            s.lanes.push_back(parseLane(l));
        } catch (const Error& e) {
            throw UsageError(std::string("--lanes: ") + e.what());
        }
    }
    // Data: a spiral for 2 inputs and >= 2 classes (cross entropy), else a teacher regression (mse).
    if (s.sizes.front() == 2 && s.sizes.back() >= 2 && s.sizes.back() <= 16) {
        s.data.kind = DatasetKind::Spiral;
        s.loss = LossKind::CrossEntropy;
    } else {
        s.data.kind = DatasetKind::Teacher;
        s.loss = LossKind::Mse;
    }
    s.data.samples = std::max(4096, s.batch);
    s.data.evalSamples = 0;
    s.optimizer.lr = 0.01;
    s.histogramInterval = 50;
    std::vector<TrainBenchRow> rows;
    try {
        validate(s);
        rows = benchTrain(s, steps, repeats);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    if (a.has("json")) {
        JsonWriter j(out);
        j.beginObject().key("sizes").beginArray();
        for (int v : s.sizes) j.value(v);
        j.endArray().field("batch", s.batch).field("steps", steps).field("threads", 1).key("lanes").beginArray();
        for (const auto& r : rows)
            j.beginObject().field("lane", r.lane).field("steps_per_second", r.stepsPerSecond).field("gflops", r.gflops)
                .field("steps_per_second_with_statistics", r.stepsPerSecondWithStatistics)
                .field("statistics_overhead", r.statisticsOverhead).endObject();
        j.endArray().endObject();
        out << '\n';
        return 0;
    }
    out << "training steps per second, model";
    for (std::size_t i = 0; i < s.sizes.size(); ++i) out << (i ? "-" : " ") << s.sizes[i];
    out << ", batch " << s.batch << ", SGD, one thread (best of " << repeats << " x " << steps << " steps)\n";
    for (const auto& r : rows) {
        char line[200];
        std::snprintf(line, sizeof line, "  %-16s %9.0f steps/s  %6.1f GFLOP/s   with statistics %8.0f steps/s (+%.0f%% time)\n",
                      r.lane.c_str(), r.stepsPerSecond, r.gflops, r.stepsPerSecondWithStatistics, 100 * r.statisticsOverhead);
        out << line;
    }
    return 0;
}

}  // namespace presisi::cli
