// `presisi check`: the honest convergence check headless: K model seeds of every lane on identical data,
// each lane's evaluation loss (float32, no gradients) against the float32 lane's seed spread, as a table
// or JSON.
#include <algorithm>
#include <atomic>
#include <csignal>
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <thread>

#include "../../engine/error.h"
#include "../../engine/training/convergence.h"
#include "args.h"
#include "services/atomic_file.h"
#include "cli_text.h"
#include "commands.h"
#include "json_writer.h"
#include "train_args.h"
#include "service_names.h"
#include "stop_signals.h"

namespace presisi::cli {

namespace {

const char* kCheckHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi check [--preset NAME | setup options as for train] [--seeds K] [--first-seed S]\n"
    "                     [--threads N] [--json FILE|-]\n\n"
    "The convergence check: trains every lane from K model seeds (default 5: seeds S..S+K-1, S = 0) on\n"
    "identical data, evaluates each run in float32 without gradients, and judges every lane against the\n"
    "float32 lane: \"safe\" when its mean evaluation loss is within twice the larger of the float32\n"
    "lane's seed spread and its evaluation noise (each verdict names which one decided), \"audit\" when\n"
    "the shift is larger or a run went non-finite. A seed whose float32 run is an outlier (a run that\n"
    "did not learn) is left out of every lane and named. The rule is printed with the table.\n"
    "Seeds run in parallel (--threads, default: every core).\n\n"
    "setup:     the options of `presisi train` (--preset, --sizes, --lanes, --lr, --steps, ...;\n"
    "           see presisi train --help). Statistics are off: they change no result, only the time.\n"
    "output:    --json FILE|-  (lanes with lane, mean, spread, verdict, reason; the rule, threshold and\n"
    "           threshold_from (seed_spread or evaluation_noise); excluded_seeds; every seed's run)\n"
    "Ctrl+C (SIGINT), SIGTERM or SIGHUP stops the check within a step: nothing is written, the exit status\n"
    "is 130, 143 or 129.\n"
    "Exit status: 0 done (whatever the verdicts), 1 a failure while running or writing, 2 a bad argument.\n");

std::string num(double v, const char* f = "%.5g") { return std::isnan(v) ? std::string("-") : fmtNum(v, f); }

void writeJson(std::ostream& os, const Scenario& s, const ConvergenceSettings& c, const ConvergenceReport& r,
               double seconds) {
    JsonWriter j(os);
    j.beginObject();
    j.key("preset");
    if (s.preset.empty()) j.null();
    else j.value(s.preset);
    j.field("setup", describe(s)).field("steps", s.steps).field("seeds", c.seeds).key("first_seed").seed(c.firstSeed);
    j.field("metric", "eval_loss").field("rule", r.rule).field("threshold", r.threshold);
    j.key("threshold_from");
    if (r.referenceLane < 0) j.null();
    else j.value(thresholdSourceName(r.thresholdFrom));
    j.field("reference_spread", r.referenceSpread).field("evaluation_noise", r.evaluationNoise);
    j.key("excluded_seeds").beginArray();
    for (std::uint64_t seed : r.excludedSeeds) j.seed(seed);
    j.endArray();
    j.key("reference_lane");
    if (r.referenceLane < 0) j.null();
    else j.value(s.lanes[static_cast<std::size_t>(r.referenceLane)].label());
    j.key("lanes").beginArray();
    for (const LaneVerdict& v : r.lanes)
        j.beginObject().field("lane", v.label).field("mean", v.mean).field("spread", v.spread).field("shift", v.shift)
            .field("mean_accuracy", v.meanAccuracy).field("spread_accuracy", v.spreadAccuracy)
            .field("verdict", verdictName(v.verdict)).field("reason", v.reason).endObject();
    j.endArray();
    j.key("runs").beginArray();
    for (const SeedResult& x : r.runs)
        j.beginObject().field("lane", s.lanes[static_cast<std::size_t>(x.lane)].label()).key("seed").seed(x.seed)
            .field("eval_loss", x.evalLoss).field("eval_accuracy", x.evalAccuracy)
            .field("eval_loss_std_error", x.evalLossStdError).field("finite", x.finite).field("outlier", x.outlier)
            .endObject();
    j.endArray();
    j.field("seconds", seconds).endObject();
    os << '\n';
}

void writeTable(std::ostream& out, const Scenario& s, const ConvergenceSettings& c, const ConvergenceReport& r,
                double seconds, int threads) {
    if (!s.preset.empty()) out << "preset " << s.preset << (s.title.empty() ? "" : ": " + presetText(s.title)) << '\n';
    out << describe(s) << '\n';
    out << u8(QCoreApplication::translate("cli", "convergence check: %1 seeds x %2 lanes, evaluation loss in float32")
                  .arg(c.seeds)
                  .arg(s.lanes.size()))
        << '\n';
    out << wrap("rule: " + r.rule, 96, "  ") << '\n';
    const bool acc = std::any_of(r.lanes.begin(), r.lanes.end(), [](const LaneVerdict& v) { return !std::isnan(v.meanAccuracy); });
    std::vector<std::vector<std::string>> rows = {{"lane", "mean", "spread", "shift"}};
    if (acc) rows[0].push_back("eval acc");
    rows[0].push_back("verdict");
    for (const LaneVerdict& v : r.lanes) {
        rows.push_back({v.label, num(v.mean), num(v.spread, "%.3g"), v.verdict == Verdict::Reference ? "-" : num(v.shift, "%+.3g")});
        if (acc) rows.back().push_back(num(v.meanAccuracy, "%.3f") + " +- " + num(v.spreadAccuracy, "%.3f"));
        rows.back().push_back(std::string(verdictName(v.verdict)));
    }
    std::vector<std::size_t> width(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t k = 0; k < row.size(); ++k) width[k] = std::max(width[k], row[k].size() + 2);
    for (const auto& row : rows) {
        out << "  " << pad(row[0], width[0], true);
        for (std::size_t k = 1; k + 1 < row.size(); ++k) out << pad(row[k], width[k]);
        out << "  " << row.back() << '\n';
    }
    out << '\n';
    for (const LaneVerdict& v : r.lanes) out << "  " << pad(v.label, width[0], true) << v.reason << '\n';
    out << '\n' << u8(QCoreApplication::translate("cli", "evaluation loss per seed:")) << '\n';
    for (const LaneVerdict& v : r.lanes) {
        out << "  " << pad(v.label, width[0], true);
        for (const SeedResult& x : r.runs)
            if (x.lane == v.lane) out << pad(x.finite ? num(x.evalLoss) + (x.outlier ? "*" : "") : "non-finite", 12);
        out << '\n';
    }
    if (!r.excludedSeeds.empty())
        out << u8(QCoreApplication::translate("cli", "  * left out of every lane: the seed's float32 run is an outlier"))
            << '\n';
    out << '\n'
        << u8(threads == 1 ? QCoreApplication::translate("cli", "%1 s on 1 thread").arg(qs(fmtNum(seconds, "%.1f")))
                           : QCoreApplication::translate("cli", "%1 s on %2 threads").arg(qs(fmtNum(seconds, "%.1f"))).arg(threads))
        << '\n';
}

}  // namespace

int cmdCheck(CommandArgs args, std::ostream& out, std::ostream& err) {
    std::vector<OptionSpec> specs = scenarioOptionSpecs();
    for (const char* name : {"seeds", "first-seed", "threads", "json"}) specs.push_back({name, true});
    specs.push_back({"help", false});
    const ParsedArgs a = parseArgs(args, specs);
    if (a.has("help")) {
        out << trCli(kCheckHelp);
        return 0;
    }
    if (!a.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(a.positionals().front()))));
    const std::string jsonPath = a.text("json", "");
    if (a.has("json") && jsonPath.empty()) throw UsageError("--json: " + u8(QCoreApplication::translate("cli", "empty file name (use '-' for standard output)")));
    Scenario s = scenarioFromParsedArgs(a);
    if (s.workload != Workload::Training) throw UsageError(u8(QCoreApplication::translate("cli", "the convergence check needs a training setup, not '%1'").arg(qs(s.preset))));
    try {
        validate(s);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    ConvergenceSettings c;
    c.seeds = static_cast<int>(a.integer("seeds", c.seeds, 1, 1000));
    c.firstSeed = a.has("first-seed") ? a.seed("first-seed", 0) : s.seed;
    c.threads = static_cast<int>(a.integer("threads", 0, 0, 1024));
    const int threads = std::clamp(c.threads > 0 ? c.threads : static_cast<int>(std::thread::hardware_concurrency()), 1, c.seeds);
    std::unique_ptr<AtomicFile> jsonFile;
    if (!jsonPath.empty() && jsonPath != "-") jsonFile = std::make_unique<AtomicFile>(jsonPath, "--json");
    const StopSignals stopSignals;  // not "signals": a Qt keyword macro once QCoreApplication is included
    const auto t0 = std::chrono::steady_clock::now();
    ConvergenceReport r;
    try {
        r = runConvergenceCheck(s, c, {}, StopSignals::stopFlag());
    } catch (const Cancelled&) {
        return StopSignals::nothingWritten(err, "check");
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (jsonPath == "-") {
        writeJson(out, s, c, r, seconds);
    } else {
        writeTable(out, s, c, r, seconds, threads);
    }
    if (jsonFile) {
        writeJson(jsonFile->stream(), s, c, r, seconds);
        jsonFile->commit();
    }
    out.flush();
    if (!out) throw std::runtime_error("cannot write to standard output");
    return 0;
}

}  // namespace presisi::cli
