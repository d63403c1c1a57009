// `presisi train --model gpt`: the tiny transformer (minGPT's GPT) trained in several lanes side by side on
// the sort or adder task or on .npy token ids, as a table or JSON (docs/CLI.md).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>

#include "../../engine/error.h"
#include "../../engine/format.h"
#include "../../engine/training/gpt/gpt_run.h"
#include "../../engine/training/gpt/token_tasks.h"
#include "../../engine/training/memory_estimate.h"
#include "../../engine/training/npy.h"
#include "../../engine/training/scenario.h"
#include "args.h"
#include "cli_text.h"
#include "commands.h"
#include "json_writer.h"
#include "services/atomic_file.h"
#include "stop_signals.h"
#include "train_args.h"

namespace presisi::cli {

namespace {

const OptionSpec kGptOptions[] = {
    {"model", true},   {"task", true},         {"data", true},         {"targets", true},      {"eval-data", true},
    {"eval-targets", true}, {"samples", true}, {"eval-samples", true}, {"data-seed", true},    {"layers", true},
    {"heads", true},   {"embd", true},         {"block", true},        {"vocab", true},        {"attention", true},
    {"lanes", true},   {"lr", true},           {"beta1", true},        {"beta2", true},        {"eps", true},
    {"weight-decay", true}, {"clip", true},    {"batch", true},        {"steps", true},        {"seed", true},
    {"qk-norm", false}, {"z-loss", true},      {"logit-softcap", true}, {"policy", true},
    {"torch-cpu", true}, {"every", true},      {"json", true},         {"no-stats", false},    {"help", false},
};

const char* kGptHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi train --model gpt [options]\n\n"
    "Trains minGPT's tiny transformer (pre-LayerNorm, no dropout) in several lanes side by side (same data, same\n"
    "initial weights, PyTorch 2.x's CPU arithmetic) and prints each lane's loss every so many steps, then the\n"
    "held-out evaluation: the share of held-out sequences whose every target token is predicted.\n\n"
    "data:      --task sort|add[:N]  (sort: 6 digits below --vocab and their sorted copy; add:N: two N-digit\n"
    "           numbers and their sum reversed; one problem in five is held out for the evaluation)\n"
    "           --samples 2000  --eval-samples 500  --data-seed 7\n"
    "           --data X.npy --targets Y.npy [--eval-data X.npy --eval-targets Y.npy]\n"
    "           (integer token ids (N, T); targets (N, T), -1 where a position has none)\n"
    "model:     --layers 3  --heads 3  --embd 48  --block T (default: the sequences' length)  --vocab V\n"
    "           --attention manual|sdpa-math  (minGPT's code, or F.scaled_dot_product_attention's math path)\n"
    "           --qk-norm (a LayerNorm over each head's q and k)  --z-loss W (W * mean(log Z^2) added to the loss)\n"
    "           --logit-softcap S (attention logits S * tanh(logit / S); manual attention only)\n"
    "autocast:  --policy cpu|cuda  (CUDA's lists: softmax in float32)\n"
    "optimizer: AdamW (weight decay on the linears' weights only)  --lr 5e-4  --beta1 0.9  --beta2 0.95\n"
    "           --eps 1e-8  --weight-decay 0.1  --clip 1.0 (clip_grad_norm_; 0: none)\n"
    "run:       --batch 64  --steps 2000  --seed 0 (torch.manual_seed)  --torch-cpu this|avx512|no-avx512\n"
    "lanes:     --lanes cpu:f32,cpu:bf16,cpu:f16+scaler  (cpu:f32, cpu:bf16, cpu:f16, each with +scaler or not)\n"
    "output:    --every N  --json FILE|-  (the per-step losses and the evaluation; docs/CLI.md)\n"
    "           --no-stats  (no per-head attention, residual stream, log Z or update figures in the JSON)\n");

struct GptRunOptions {
    GptConfig config;
    GptTrainSettings train;
    std::vector<Lane> lanes;
    std::int64_t steps = 2000, every = 200;
    std::string task;  // "sort", "add:2", or "" for .npy data
    TokenData trainData, evalData;
};

// Token ids and targets from two .npy files of integers (N, T); an error names the file.
TokenData readTokens(const std::string& idsPath, const std::string& targetsPath) {
    const NpyArray x = readNpy(idsPath), y = readNpy(targetsPath);
    if (x.isFloat() || y.isFloat()) throw Error(idsPath + ", " + targetsPath + ": token ids and targets are integers");
    if (x.shape.size() != 2) throw Error(idsPath + ": token ids have shape " + npyShapeText(x.shape) + ", not (N, T)");
    if (y.shape != x.shape)
        throw Error(targetsPath + ": targets have shape " + npyShapeText(y.shape) + ", the ids " + npyShapeText(x.shape));
    if (x.shape[0] < 1 || x.shape[1] < 1) throw Error(idsPath + ": no sequences");
    TokenData d;
    d.rows = x.shape[0];
    d.tokens = x.shape[1];
    for (const double v : x.values) {
        if (v < 0 || v > 1e6) throw Error(idsPath + ": token id " + shortestNumber(v) + " is not a vocabulary index");
        d.ids.push_back(static_cast<std::int32_t>(v));
    }
    for (const double v : y.values) {
        if (v < -1 || v > 1e6) throw Error(targetsPath + ": target " + shortestNumber(v) + " is neither -1 nor a token id");
        d.targets.push_back(static_cast<std::int32_t>(v));
    }
    return d;
}

int largestToken(const TokenData& d) {
    int v = 0;
    for (const std::int32_t i : d.ids) v = std::max(v, i);
    for (const std::int32_t i : d.targets) v = std::max(v, i);
    return v;
}

GptRunOptions optionsFrom(const ParsedArgs& a) {
    GptRunOptions o;
    const std::uint64_t dataSeed = a.seed("data-seed", 7);
    if (a.has("data") != a.has("targets")) throw UsageError("--data and --targets go together");
    if (a.has("eval-data") != a.has("eval-targets")) throw UsageError("--eval-data and --eval-targets go together");
    if (a.has("data") && a.has("task")) throw UsageError("--task: not with --data (the data are the task)");
    if (a.has("eval-data") && !a.has("data")) throw UsageError("--eval-data: only with --data");
    try {
        if (a.has("data")) {
            o.trainData = readTokens(a.text("data", ""), a.text("targets", ""));
            if (a.has("eval-data")) o.evalData = readTokens(a.text("eval-data", ""), a.text("eval-targets", ""));
            o.config.vocab = static_cast<int>(a.integer("vocab", largestToken(o.trainData) + 1, 2, 65536));
        } else {
            o.config.vocab = static_cast<int>(a.integer("vocab", a.text("task", "sort") == "sort" ? 3 : 10, 2, 65536));
            const TokenTask task = parseTokenTask(a.text("task", "sort"), o.config.vocab);
            if (task.kind == TokenTask::Kind::Add && o.config.vocab != 10) throw UsageError("--vocab: the adder's vocabulary is 10 digits");
            o.task = task.name();
            o.trainData = makeTokenData(task, a.integer("samples", 2000, 1, 10000000), dataSeed, false);
            o.evalData = makeTokenData(task, a.integer("eval-samples", 500, 0, 1000000), dataSeed, true);
        }
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    GptConfig& c = o.config;
    c.layers = static_cast<int>(a.integer("layers", 3, 1, 64));
    c.heads = static_cast<int>(a.integer("heads", 3, 1, 64));
    c.embd = static_cast<int>(a.integer("embd", 48, 1, 4096));
    c.block = static_cast<int>(a.integer("block", o.trainData.tokens, 1, 4096));
    c.seed = a.seed("seed", 0);
    const std::string attention = a.text("attention", "manual");
    if (attention == "manual") c.attention = AttentionPath::Manual;
    else if (attention == "sdpa-math") c.attention = AttentionPath::SdpaMath;
    else throw UsageError("--attention: unknown path '" + attention + "' (manual, sdpa-math)");
    c.qkNorm = a.has("qk-norm");
    c.zLoss = a.real("z-loss", 0, 0, 1e6);
    c.softcap = a.real("logit-softcap", 0, 0, 1e30);
    if (c.softcap > 0 && c.attention != AttentionPath::Manual)
        throw UsageError("--logit-softcap: only with --attention manual (scaled_dot_product_attention takes no soft-cap)");
    if (a.has("torch-cpu")) {
        const auto cpu = parseTorchCpu(a.text("torch-cpu", ""));
        if (!cpu) throw UsageError("--torch-cpu: unknown value '" + a.text("torch-cpu", "") + "' (this, avx512, no-avx512)");
        c.torchCpu = *cpu;
    }
    GptTrainSettings& t = o.train;
    t.lr = a.real("lr", 5e-4, 0, 1e3);
    t.beta1 = a.real("beta1", 0.9, 0, 0.999999);
    t.beta2 = a.real("beta2", 0.95, 0, 0.999999);
    t.eps = a.real("eps", 1e-8, 0, 1);
    t.weightDecay = a.real("weight-decay", 0.1, 0, 1e3);
    t.clip = a.real("clip", 1.0, 0, 1e30);
    t.batch = a.integer("batch", 64, 1, 1000000);
    t.stats = !a.has("no-stats");
    const std::string policy = a.text("policy", "cpu");
    if (policy == "cuda") t.policy = AutocastPolicy::cuda();
    else if (policy != "cpu") throw UsageError("--policy: unknown policy '" + policy + "' (cpu, cuda)");
    o.steps = a.integer("steps", 2000, 1, 100000000);
    o.every = a.integer("every", std::max<std::int64_t>(1, o.steps / 10), 1, 100000000);
    try {
        for (const std::string& l : a.list("lanes", "cpu:f32,cpu:bf16,cpu:f16+scaler")) o.lanes.push_back(parseLane(l));
        checkGptLanes(o.lanes);
        checkGptShapes(c, o.trainData, a.has("data") ? a.text("data", "") : "the task");
        if (o.evalData.rows > 0) checkGptShapes(c, o.evalData, a.has("eval-data") ? a.text("eval-data", "") : "the task");
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    // With --json every step's record is kept until the end: about 64 bytes, and with the statistics 48 per
    // head, 24 per block and 8 per matrix.
    const std::uint64_t perRecord = 64 + (t.stats ? static_cast<std::uint64_t>(c.layers) * (48 * c.heads + 24 + 8 * 4) : 0);
    const std::uint64_t bytes = gptMemoryEstimate(c, t.batch, o.trainData.tokens, o.evalData.rows, o.lanes.size()) +
                                (a.has("json") ? static_cast<std::uint64_t>(o.steps) * o.lanes.size() * perRecord : 0);
    const std::optional<std::uint64_t> available = availableMemory();
    if (available && bytes > *available)
        throw UsageError("the run needs about " + std::to_string(bytes >> 20) + " MiB and " + std::to_string(*available >> 20) +
                         " MiB are available; use a smaller --batch, --embd or --layers, fewer --lanes, --eval-samples or"
                         " --steps (with --json), or --no-stats");
    if (o.evalData.rows > 0 && o.evalData.tokens != o.trainData.tokens)
        throw UsageError("--eval-data: sequences of " + std::to_string(o.evalData.tokens) + " tokens, the training data's " +
                         std::to_string(o.trainData.tokens));
    return o;
}

struct LaneResult {
    std::vector<GptStep> steps;  // every step with --json; otherwise the last one only
    std::int64_t done = 0;
    GptEvaluation eval;
    double seconds = 0;
    std::int64_t skipped = 0;
    std::optional<GptFault> fault;  // the first non-finite pass, named
};

// The NaN doctor's line: where the first inf or NaN came from, and what helps there.
std::string faultText(const GptFault& f) {
    const double max = traits(f.format).max;
    const std::string name(traits(f.format).name);
    const bool past = std::isfinite(f.value) && std::fabs(f.value) > max;
    const std::string what = shortestNumber(f.value) + (past ? " > " + shortestNumber(max) : "") + " in " + name;
    const bool attention = f.op.rfind("attention logits", 0) == 0;
    return "first inf/NaN at step " + std::to_string(f.step) + ", " + f.op + ": " + what +
           (attention ? " (try: the logits in float32 with --attention sdpa-math, bf16, --qk-norm, a lower --lr)"
                      : " (try: a loss scaler (+scaler), bf16, a lower --lr)");
}

// One step's statistics (GptStep): attention per layer and head, the residual stream per block, log Z, the
// update ratio per decayed matrix.
void writeStepStats(JsonWriter& j, const GptStep& s, int heads, const std::vector<std::string>& decayed) {
    j.field("log_z", s.logZ);
    j.key("attention").beginArray();
    for (std::size_t i = 0; i < s.heads.size(); ++i) {
        const ops::HeadStats& h = s.heads[i];
        j.beginObject().field("layer", static_cast<int>(i) / heads).field("head", static_cast<int>(i) % heads)
            .field("max_logit", h.maxLogit).field("entropy", h.entropy).field("max_prob", h.maxProb)
            .field("underflow_share", h.seen ? static_cast<double>(h.underflowed) / static_cast<double>(h.seen) : 0.0)
            .field("nonfinite", h.nonFinite).endObject();
    }
    j.endArray();
    j.key("residual").beginArray();
    for (std::size_t b = 0; b < s.residual.size(); ++b)
        j.beginObject().field("block", static_cast<int>(b)).field("amax", s.residual[b].amax)
            .field("rms", s.residual[b].rms).field("kurtosis", s.residual[b].kurtosis).endObject();
    j.endArray();
    j.key("update_ratio").beginObject();
    for (std::size_t i = 0; i < s.updateRatio.size() && i < decayed.size(); ++i) j.field(decayed[i], s.updateRatio[i]);
    j.endObject();
}

void writeJson(std::ostream& out, const GptRunOptions& o, GptRun& run, const std::vector<LaneResult>& results,
               bool stopped) {
    JsonWriter j(out);
    j.beginObject().field("model", "gpt");
    j.key("scenario").beginObject();
    j.field("task", o.task.empty() ? std::string("npy") : o.task).field("layers", o.config.layers)
        .field("heads", o.config.heads).field("embd", o.config.embd).field("block", o.config.block)
        .field("vocab", o.config.vocab)
        .field("attention", o.config.attention == AttentionPath::Manual ? "manual" : "sdpa-math")
        .field("policy", o.train.policy == AutocastPolicy::cuda() ? "cuda" : "cpu")
        .field("qk_norm", o.config.qkNorm).field("z_loss", o.config.zLoss).field("logit_softcap", o.config.softcap)
        .field("batch", static_cast<std::int64_t>(o.train.batch)).field("steps", o.steps)
        .field("lr", o.train.lr).field("beta1", o.train.beta1).field("beta2", o.train.beta2).field("eps", o.train.eps)
        .field("weight_decay", o.train.weightDecay).field("clip", o.train.clip)
        .field("train_sequences", static_cast<std::int64_t>(o.trainData.rows))
        .field("eval_sequences", static_cast<std::int64_t>(o.evalData.rows));
    j.key("seed").seed(o.config.seed);
    j.endObject();
    j.field("stopped", stopped);
    j.key("lanes").beginArray();
    for (int l = 0; l < run.lanes(); ++l) {
        const LaneResult& r = results[static_cast<std::size_t>(l)];
        j.beginObject().field("lane", run.lane(l).label());
        j.key("first_nonfinite");
        if (r.fault)
            j.beginObject().field("step", r.fault->step).field("op", r.fault->op).field("value", r.fault->value)
                .field("format", std::string(traits(r.fault->format).name))
                .field("format_max", traits(r.fault->format).max).endObject();
        else
            j.null();
        j.key("records").beginArray();
        for (std::size_t k = 0; k < r.steps.size(); ++k) {
            const GptStep& s = r.steps[k];
            j.beginObject().field("step", static_cast<std::int64_t>(k)).field("loss", s.loss).field("scale", s.scale)
                .field("grad_norm", s.gradNorm).field("skipped", s.skipped);
            if (o.train.stats) writeStepStats(j, s, o.config.heads, run.decayedNames());
            j.endObject();
        }
        j.endArray();
        j.key("final").beginObject();
        j.field("loss", r.steps.empty() ? 0.0 : static_cast<double>(r.steps.back().loss));
        if (o.evalData.rows > 0) j.field("eval_loss", r.eval.loss).field("eval_accuracy", r.eval.accuracy);
        else j.key("eval_loss").null().key("eval_accuracy").null();
        j.field("skipped_steps", r.skipped);
        j.field("steps_per_second", r.seconds > 0 ? static_cast<double>(r.done) / r.seconds : 0.0);
        j.endObject().endObject();
    }
    j.endArray().endObject();
    out << '\n';
}

}  // namespace

int runTrainGpt(CommandArgs args, std::ostream& out, std::ostream& err) {
    const ParsedArgs a = parseArgs(args, kGptOptions);
    if (a.has("help")) {
        out << trCli(kGptHelp);
        return 0;
    }
    if (!a.positionals().empty()) throw UsageError("unexpected argument '" + a.positionals().front() + "'");
    const std::string jsonPath = a.text("json", "");
    if (a.has("json") && jsonPath.empty()) throw UsageError("--json: empty file name (use '-' for standard output)");
    GptRunOptions o = optionsFrom(a);
    const StopSignals stopSignals;
    std::unique_ptr<services::AtomicFile> jsonFile;
    if (!jsonPath.empty() && jsonPath != "-") jsonFile = std::make_unique<services::AtomicFile>(jsonPath, "--json");
    const bool text = jsonPath != "-";
    GptRun run(o.config, o.train, o.lanes, o.trainData, o.evalData);
    std::vector<LaneResult> results(static_cast<std::size_t>(run.lanes()));
    if (text) {
        out << "model gpt: " << o.config.layers << " layers, " << o.config.heads << " heads, embd " << o.config.embd
            << ", block " << o.config.block << ", vocab " << o.config.vocab << ", attention "
            << (o.config.attention == AttentionPath::Manual ? "manual" : "sdpa-math") << "; "
            << (o.task.empty() ? std::string("npy data") : "task " + o.task) << ": " << o.trainData.rows
            << " training and " << o.evalData.rows << " held-out sequences of " << o.trainData.tokens << " tokens\n";
        out << std::setw(8) << "step";
        for (int l = 0; l < run.lanes(); ++l) out << "  " << std::setw(18) << run.lane(l).label();
        out << '\n';
    }
    using Clock = std::chrono::steady_clock;
    const bool keepSteps = !jsonPath.empty();
    bool stopped = false;
    for (std::int64_t k = 0; k < o.steps; ++k) {
        if (StopSignals::stopFlag().load()) {
            stopped = true;
            break;
        }
        for (int l = 0; l < run.lanes(); ++l) {
            LaneResult& r = results[static_cast<std::size_t>(l)];
            const auto t0 = Clock::now();
            if (!keepSteps) r.steps.clear();  // the table needs the last step only
            r.steps.push_back(run.step(l));
            ++r.done;
            if (r.steps.back().fault) r.fault = r.steps.back().fault;
            r.seconds += std::chrono::duration<double>(Clock::now() - t0).count();
            r.skipped += r.steps.back().skipped;
        }
        if (text && (k % o.every == 0 || k + 1 == o.steps)) {
            out << std::setw(8) << k;
            for (const LaneResult& r : results) out << "  " << std::setw(18) << fmtNum(r.steps.back().loss, "%.5g");
            out << '\n';
            out.flush();
        }
    }
    for (int l = 0; l < run.lanes(); ++l) results[static_cast<std::size_t>(l)].eval = run.evaluate(l);
    if (text)
        for (int l = 0; l < run.lanes(); ++l)
            if (results[static_cast<std::size_t>(l)].fault)
                out << run.lane(l).label() << ": " << faultText(*results[static_cast<std::size_t>(l)].fault) << '\n';
    if (text && o.evalData.rows == 0) out << (stopped ? "stopped early; " : "") << "no held-out sequences to evaluate\n";
    if (text && o.evalData.rows > 0) {
        out << (stopped ? "stopped early; " : "") << "held-out evaluation (" << o.evalData.rows << " sequences):\n";
        for (int l = 0; l < run.lanes(); ++l) {
            const LaneResult& r = results[static_cast<std::size_t>(l)];
            out << "  " << std::setw(18) << std::left << run.lane(l).label() << std::right << "  loss "
                << std::setw(9) << fmtNum(r.eval.loss, "%.5g") << "  sequences right " << std::setw(6)
                << fmtNum(100.0 * r.eval.accuracy, "%.1f") << "%  skipped steps " << r.skipped << "  steps/s "
                << fmtNum(r.seconds > 0 ? static_cast<double>(r.done) / r.seconds : 0.0, "%.5g") << '\n';
        }
    }
    if (jsonPath == "-") writeJson(out, o, run, results, stopped);
    if (jsonFile) {
        writeJson(jsonFile->stream(), o, run, results, stopped);
        jsonFile->commit();
    }
    if (stopped) {
        err << "presisi: stopped by a signal after " << results.front().done << " steps; the evaluation is of those\n";
        return 128 + StopSignals::signal();
    }
    return 0;
}

}  // namespace presisi::cli
