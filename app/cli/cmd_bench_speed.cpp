// `presisi bench memory|sweep|breakdown`: the Speed lab's memory plan, batch-size sweep and step
// breakdown on a training scenario (a preset or train's setup options), as tables or JSON.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "../../engine/error.h"
#include "../../engine/speed/batch_sweep.h"
#include "../../engine/speed/memory_plan.h"
#include "../../engine/speed/step_breakdown.h"
#include "../../engine/training/memory_estimate.h"
#include "../../engine/training/scenario.h"
#include "args.h"
#include "services/atomic_file.h"
#include "cli_text.h"
#include "commands.h"
#include "json_writer.h"
#include "service_names.h"

namespace presisi::cli {

namespace {

const char* kSpeedHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi bench memory    [--preset NAME | train's setup options] [--batch B] [--budget BYTES] [--json FILE|-]\n"
    "       (each also takes --device cpu|gpu|all)\n"
    "       presisi bench sweep     [--preset NAME | train's setup options] [--budget BYTES] [--batches 1,8,64]\n"
    "                               [--max-batch 16384] [--steps 1] [--repeats 5] [--json FILE|-]\n"
    "       presisi bench breakdown [--preset NAME | train's setup options] [--batch B] [--loader-ms MS]\n"
    "                               [--steps 30] [--json FILE|-]\n\n"
    "memory:    bytes per lane (weights, f32 master weights, gradients, activations kept for backward,\n"
    "           optimizer state) at the batch, and the largest batch that fits the budget\n"
    "sweep:     training samples/s against batch size per lane up to the memory limit; the knee is the\n"
    "           smallest batch reaching 90% of the lane's best. Each point is --repeats rounds (default 5),\n"
    "           the lanes' rounds interleaved; a round lasts at least 20 ms and --steps steps (default 1):\n"
    "           samples/s from the median round, spread = (slowest - fastest round) / median\n"
    "breakdown: one step split into data, transfer, forward, backward, optimizer (medians of --steps);\n"
    "           --loader-ms is the built-in loader's cost per batch; the largest part is named\n"
    "--budget:  bytes, or with K/M/G/T (powers of 1024), e.g. 512M, 2G; default: the host's MemAvailable\n"
    "           (GPU lanes: the device's free memory)\n"
    "--device cpu|gpu|all: the scenario's lanes on that device (moved there when none is); all: both, each so\n");

// This command's own options; everything else is train's setup and goes to trainScenarioFromArgs.
const OptionSpec kOwn[] = {{"budget", true}, {"loader-ms", true}, {"json", true},      {"steps", true}, {"repeats", true},
                           {"batches", true}, {"max-batch", true}, {"device", true},    {"help", false}};

struct SplitArgs {
    ParsedArgs own;
    Scenario scenario;
};

// --device cpu|gpu: the scenario's lanes on that device, or, where none is, the same lanes moved there;
// all: every lane on both devices (formats and options kept, duplicates dropped).
void applyDevice(Scenario& s, const std::string& which) {
    std::vector<Device> devices;
    if (which == "all") devices = {Device::Cpu, Device::Gpu};
    else if (const auto d = parseDevice(which)) devices = {*d};
    else throw UsageError("--device: unknown device '" + which + "' (cpu, gpu or all)");
    std::vector<LaneSpec> lanes;
    for (Device d : devices) {
        const bool any = std::any_of(s.lanes.begin(), s.lanes.end(), [d](const LaneSpec& l) { return l.device == d; });
        for (LaneSpec l : s.lanes) {
            if (any && l.device != d) continue;
            l.device = d;
            if (std::find(lanes.begin(), lanes.end(), l) == lanes.end()) lanes.push_back(l);
        }
    }
    s.lanes = lanes;
}

SplitArgs splitArgs(CommandArgs args) {
    std::vector<std::string> own, setup;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const std::string name = a.rfind("--", 0) == 0 ? a.substr(2, a.find('=') == std::string::npos ? std::string::npos : a.find('=') - 2) : "";
        const OptionSpec* spec = nullptr;
        for (const auto& s : kOwn)
            if (s.name == name) spec = &s;
        if (name == "csv" || name == "every") throw UsageError("--" + name + ": the speed benchmarks write no table series or CSV; use --json");
        if (!spec) {
            setup.push_back(a);
            continue;
        }
        own.push_back(a);
        if (spec->takesValue && a.find('=') == std::string::npos && i + 1 < args.size()) own.push_back(args[++i]);
    }
    SplitArgs out{parseArgs(own, kOwn), {}};
    if (!out.own.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(out.own.positionals().front()))));
    if (!out.own.has("help")) out.scenario = trainScenarioFromArgs(setup);
    if (out.own.has("device")) applyDevice(out.scenario, out.own.text("device", ""));
    // A file that cannot be written is named before a sweep spends minutes.
    if (const std::string path = out.own.text("json", "-"); path != "-") {
        if (const std::string why = outputPathProblem(path); !why.empty())
            throw UsageError("--json: cannot write '" + path + "': " + why);
    }
    return out;
}

double parseBudget(const ParsedArgs& a) {
    if (!a.has("budget")) return 0;
    std::string t = a.text("budget", "");
    double mult = 1;
    const std::string units = "KMGT";
    std::string suffix;
    while (!t.empty() && std::isalpha(static_cast<unsigned char>(t.back()))) {
        suffix.insert(suffix.begin(), static_cast<char>(std::toupper(static_cast<unsigned char>(t.back()))));
        t.pop_back();
    }
    if (suffix == "B") suffix.clear();
    if (!suffix.empty()) {
        const auto u = units.find(suffix[0]);
        if (u == std::string::npos || (suffix.size() > 1 && suffix.substr(1) != "B" && suffix.substr(1) != "IB"))
            throw UsageError("--budget: unknown unit in '" + a.text("budget", "") + "' (bytes, or K, M, G, T)");
        mult = std::pow(1024.0, static_cast<double>(u + 1));
    }
    const auto v = parseReal(t);
    if (!v || !std::isfinite(*v) || *v <= 0)
        throw UsageError("--budget: '" + a.text("budget", "") + "' is not a positive number of bytes");
    return *v * mult;
}

// Writes the JSON to stdout ("-") or to a file that appears whole; true when the table is not wanted.
template <typename Fn>
bool writeJson(const ParsedArgs& a, std::ostream& out, Fn&& body) {
    if (!a.has("json")) return false;
    const std::string path = a.text("json", "-");
    if (path == "-") {
        JsonWriter j(out);
        body(j);
        out << '\n';
        return true;
    }
    AtomicFile f(path, "--json");
    JsonWriter j(f.stream());
    body(j);
    f.stream() << '\n';
    f.commit();
    return false;
}

// Progress goes to a terminal only: a log or a test's stream gets the result alone.
std::function<void(int, int)> progressLine(std::ostream& err, const char* what) {
    if (&err != &std::cerr || !isatty(STDERR_FILENO)) return {};
    return [&err, what](int done, int total) {
        err << '\r' << what << ": " << done << '/' << total << std::flush;
        if (done == total) err << '\n';
    };
}

std::string modelText(const Scenario& s) {
    std::string m;
    for (std::size_t i = 0; i < s.sizes.size(); ++i) {
        if (i) m += '-';
        m += std::to_string(s.sizes[i]);
    }
    return m;
}

std::string cell(double v, const char* f = "%10s") {
    char b[64];
    std::snprintf(b, sizeof b, f, formatBytes(v).c_str());
    return b;
}

int memoryCmd(const SplitArgs& sa, std::ostream& out) {
    const ParsedArgs& a = sa.own;
    if (a.has("loader-ms") || a.has("steps") || a.has("repeats") || a.has("batches") || a.has("max-batch"))
        throw UsageError("bench memory takes --batch, --budget and --json besides the setup (it times nothing)");
    const Scenario& s = sa.scenario;
    int batch = s.batch;
    if (batch == 0) {
        if (s.data.kind == DatasetKind::Npy) throw UsageError("--batch: a full batch of .npy data needs a batch size here");
        batch = s.data.samples;
    }
    const double setBudget = parseBudget(a);
    std::vector<LaneMemory> rows;
    std::vector<std::int64_t> limits;
    std::vector<double> budgets;
    std::string source = "set";
    try {
        validate(s);
        rows = laneMemory(s, batch);
        for (std::size_t l = 0; l < s.lanes.size(); ++l) {
            budgets.push_back(setBudget > 0 ? setBudget : defaultBudget(s.lanes[l], &source));
            limits.push_back(largestBatch(s, static_cast<int>(l), budgets.back()));
        }
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    const bool tableOff = writeJson(a, out, [&](JsonWriter& j) {
        j.beginObject().field("model", modelText(s)).field("batch", batch).key("lanes").beginArray();
        for (std::size_t l = 0; l < rows.size(); ++l)
            j.beginObject().field("lane", rows[l].lane).field("weights", rows[l].weights)
                .field("master_weights", rows[l].masterWeights).field("gradients", rows[l].gradients)
                .field("activations", rows[l].activations).field("optimizer_state", rows[l].optimizerState)
                .field("total", rows[l].total()).field("budget", budgets[l]).field("limit_batch", limits[l]).endObject();
        j.endArray().field("budget_source", source).endObject();
    });
    if (tableOff) return 0;
    out << "memory per lane, model " << modelText(s) << ", batch " << batch << ", "
        << optimizerName(s.optimizer.kind) << (s.optimizer.kind == OptimizerSpec::Kind::Sgd && s.optimizer.momentum != 0 ? " with momentum" : "")
        << " (bytes of the formats; the CPU lanes emulate bf16/f16 in float32 storage)\n";
    int laneWidth = 16;  // the longest label and two spaces ("cpu:bf16+naive-stats")
    for (const LaneMemory& r : rows) laneWidth = std::max(laneWidth, static_cast<int>(r.lane.size()) + 2);
    char head[256];
    std::snprintf(head, sizeof head, "  %-*s%10s%10s%10s%12s%10s%11s   %s\n", laneWidth, "lane", "weights", "master", "gradients",
                  "activations", "optimizer", "total", "largest batch (budget)");
    out << head;
    for (std::size_t l = 0; l < rows.size(); ++l) {
        const LaneMemory& r = rows[l];
        char line[256];
        std::snprintf(line, sizeof line, "  %-*s%s%s%s%s%s%s   %lld (%s %s)\n", laneWidth, r.lane.c_str(), cell(r.weights).c_str(),
                      cell(r.masterWeights).c_str(), cell(r.gradients).c_str(), cell(r.activations, "%12s").c_str(),
                      cell(r.optimizerState).c_str(), cell(r.total(), "%11s").c_str(), static_cast<long long>(limits[l]),
                      formatBytes(budgets[l]).c_str(), source.c_str());
        out << line;
    }
    return 0;
}

int sweepCmd(const SplitArgs& sa, std::ostream& out, std::ostream& err) {
    const ParsedArgs& a = sa.own;
    if (a.has("loader-ms")) throw UsageError("--loader-ms applies to bench breakdown");
    SweepSettings set;
    set.budgetBytes = parseBudget(a);
    set.stepsPerPoint = static_cast<int>(a.integer("steps", 1, 1, 100000));
    set.repeats = static_cast<int>(a.integer("repeats", 5, 1, 1000));
    set.maxBatch = a.integer("max-batch", 16384, 1, 1 << 24);
    for (const auto& v : a.has("batches") ? a.list("batches", "") : std::vector<std::string>{}) {
        const auto b = parseReal(v);
        if (!b || *b < 1 || *b > (1 << 24) || *b != std::floor(*b)) throw UsageError("--batches: '" + v + "' must be an integer from 1 to 16777216");
        set.batches.push_back(static_cast<std::int64_t>(*b));
    }
    const Scenario& s = sa.scenario;
    SweepReport r;
    std::atomic<bool> cancel{false};
    try {
        r = runBatchSweep(s, set, progressLine(err, "sweep points"), cancel);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    const bool tableOff = writeJson(a, out, [&](JsonWriter& j) {
        j.beginObject().field("model", modelText(s)).field("knee_fraction", kKneeFraction).key("lanes").beginArray();
        for (std::size_t l = 0; l < s.lanes.size(); ++l)
            j.beginObject().field("lane", s.lanes[l].label()).field("knee_batch", r.kneeBatch[l])
                .field("limit_batch", r.limitBatch[l]).field("budget", r.budgetBytes[l]).endObject();
        j.endArray().key("points").beginArray();
        for (const auto& p : r.points)
            j.beginObject().field("lane", s.lanes[static_cast<std::size_t>(p.lane)].label()).field("batch", p.batch)
                .field("samples_per_second", p.samplesPerSecond).field("spread", p.spread).field("rounds", p.rounds)
                .field("steps", p.steps).field("seconds", p.seconds).field("bytes", p.bytes).endObject();
        j.endArray().key("knee_batch").beginArray();
        for (auto k : r.kneeBatch) j.value(k);
        j.endArray().key("limit_batch").beginArray();
        for (auto k : r.limitBatch) j.value(k);
        j.endArray().field("note", r.note).endObject();
    });
    if (tableOff) return 0;
    out << "training samples/s against batch size, model " << modelText(s) << ", one thread\n";
    for (std::size_t l = 0; l < s.lanes.size(); ++l) {
        out << "  " << s.lanes[l].label() << "  (limit " << r.limitBatch[l] << " in " << formatBytes(r.budgetBytes[l]) << ")\n";
        for (const auto& p : r.points) {
            if (p.lane != static_cast<int>(l)) continue;
            char line[200];
            std::snprintf(line, sizeof line, "    batch %8lld  %12.0f samples/s  spread %5.1f%%  %10s%s%s\n",
                          static_cast<long long>(p.batch), p.samplesPerSecond, 100.0 * p.spread,
                          formatBytes(p.bytes).c_str(), p.batch == r.kneeBatch[l] ? "  <- knee" : "",
                          p.batch == r.limitBatch[l] ? "  <- memory limit" : "");
            out << line;
        }
    }
    out << "note: " << r.note << '\n';
    return 0;
}

int breakdownCmd(const SplitArgs& sa, std::ostream& out, std::ostream& err) {
    const ParsedArgs& a = sa.own;
    if (a.has("budget") || a.has("batches") || a.has("max-batch") || a.has("repeats"))
        throw UsageError("bench breakdown takes --batch, --loader-ms, --steps and --json besides the setup");
    BreakdownSettings set;
    set.steps = static_cast<int>(a.integer("steps", 30, 1, 100000));
    set.loaderSecondsPerBatch = a.real("loader-ms", 0, 0, 60000) / 1000.0;
    const Scenario& s = sa.scenario;
    BreakdownReport r;
    std::atomic<bool> cancel{false};
    try {
        r = runStepBreakdown(s, set, progressLine(err, "breakdown steps"), cancel);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    const bool tableOff = writeJson(a, out, [&](JsonWriter& j) {
        j.beginObject().field("model", modelText(s)).field("batch", s.batch).field("steps", set.steps)
            .field("loader_seconds_per_batch", set.loaderSecondsPerBatch).key("lanes").beginArray();
        for (std::size_t l = 0; l < r.lanes.size(); ++l) {
            const StepParts& p = r.lanes[l];
            j.beginObject().field("lane", s.lanes[l].label()).field("data", p.data).field("transfer", p.transfer)
                .field("forward", p.forward).field("backward", p.backward).field("optimizer", p.optimizer)
                .field("total", p.total()).field("bottleneck", bottleneckName(r.bottleneck[l]))
                .field("sentence", r.sentence[l]).endObject();
        }
        j.endArray().field("note", r.note).endObject();
    });
    if (tableOff) return 0;
    out << "one training step per lane, model " << modelText(s) << ", batch " << s.batch
        << (s.gradAccum > 1 ? " (a measured step is one of " + std::to_string(s.gradAccum) + " micro-batches)" : std::string())
        << ", loader "
        << set.loaderSecondsPerBatch * 1000 << " ms per batch (ms per step, medians of " << set.steps << ")\n";
    int laneWidth = 16;  // the longest label and two spaces
    for (const LaneSpec& lane : s.lanes) laneWidth = std::max(laneWidth, static_cast<int>(lane.label().size()) + 2);
    char head[256];
    std::snprintf(head, sizeof head, "  %-*s%9s %9s %9s %9s %9s %9s   %s\n", laneWidth, "lane", "data", "transfer", "forward",
                  "backward", "optimizer", "total", "the largest part");
    out << head;
    for (std::size_t l = 0; l < r.lanes.size(); ++l) {
        const StepParts& p = r.lanes[l];
        char line[256];
        std::snprintf(line, sizeof line, "  %-*s%9.3f %9.3f %9.3f %9.3f %9.3f %9.3f   %s\n", laneWidth, s.lanes[l].label().c_str(),
                      p.data * 1e3, p.transfer * 1e3, p.forward * 1e3, p.backward * 1e3, p.optimizer * 1e3, p.total() * 1e3,
                      r.sentence[l].c_str());
        out << line;
    }
    out << "note: " << r.note << '\n';
    return 0;
}

}  // namespace

int benchSpeedCmd(const std::string& which, CommandArgs args, std::ostream& out, std::ostream& err) {
    const SplitArgs sa = splitArgs(args);
    if (sa.own.has("help")) {
        out << trCli(kSpeedHelp);
        return 0;
    }
    if (which == "memory") return memoryCmd(sa, out);
    if (which == "sweep") return sweepCmd(sa, out, err);
    if (which == "breakdown") return breakdownCmd(sa, out, err);
    throw UsageError("unknown speed benchmark '" + which + "'");
}

}  // namespace presisi::cli
