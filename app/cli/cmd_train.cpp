// `presisi train`, `presisi presets` and `presisi bench train`: the training lab headless, as a table,
// JSON (the stable contract) or CSV.
#include <algorithm>
#include <atomic>
#include <csignal>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sys/stat.h>
#include <sstream>

#include "../../engine/error.h"
#include "../../engine/training/bench_train.h"
#include "../../engine/training/runner.h"
#include "args.h"
#include "services/atomic_file.h"
#include "cli_text.h"
#include "services/printable_text.h"
#include "commands.h"
#include "json_writer.h"
#include "services/scenario_file.h"
#include "services/training_data.h"
#include "train_args.h"
#include "service_names.h"
#include "stop_signals.h"

namespace presisi::cli {

namespace {

const OptionSpec kTrainOptions[] = {
    {"model", true},         {"preset", true},        {"scenario", true},       {"sizes", true},          {"activation", true},      {"loss", true},
    {"dataset", true},       {"data", true},           {"targets", true},         {"eval-data", true},
    {"eval-targets", true},  {"samples", true},        {"eval-samples", true},    {"noise", true},
    {"input-scale", true},   {"target-scale", true},   {"outlier", true},   {"data-seed", true},       {"optimizer", true},
    {"lr", true},            {"momentum", true},       {"weight-decay", true},    {"beta1", true},
    {"beta2", true},         {"eps", true},            {"batch", true},           {"steps", true},
    {"seed", true},          {"shuffle", false},       {"lanes", true},           {"init-scale", true},
    {"growth-factor", true}, {"backoff-factor", true}, {"growth-interval", true}, {"policy", true},
    {"op", true},            {"backward-acc", true},   {"dispatch", true},        {"torch-cpu", true},
    {"torch-version", true}, {"histogram-interval", true}, {"no-stats", false}, {"norm", true}, {"grad-accum", true},
    {"amax-history", true}, {"fp8-margin", true},
    {"range-interval", true}, {"json", true},          {"csv", true},            {"every", true},           {"help", false},
};

const char* kTrainHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi train [--preset NAME | --scenario FILE] [options]\n\n"
    "Trains a small MLP in several lanes side by side (same data, same initial weights) and prints a\n"
    "per-lane table every so many steps and a final summary.\n\n"
    "setup:     --preset NAME (presisi presets lists them)  --scenario FILE (an experiment file saved by the\n"
    "           window, FILE.presisi.json, or a results file written by --json: its whole scenario; the\n"
    "           options below, when given, override the file's values; docs/EXPERIMENT_FILES.md)\n"
    "model:     --sizes 2,64,64,3  --activation relu|tanh|gelu|sigmoid  --loss cross_entropy|mse\n"
    "           --norm none|layer|rms|batch  (nn.LayerNorm, nn.RMSNorm or nn.BatchNorm1d after every hidden\n"
    "           linear layer, before its activation; lane option +naive-stats: one-pass statistics in the format)\n"
    "data:      --dataset spiral|circles|xor|gaussians|moons|sine|plane|teacher  --samples N\n"
    "           --eval-samples N  --noise S  --input-scale F  --target-scale F  --data-seed S\n"
    "           --outlier F  (the last training sample's inputs times F: an outlier every samples/batch steps)\n"
    "           --data X.npy --targets Y.npy [--eval-data X.npy --eval-targets Y.npy]\n"
    "           (X float32 (N, in); Y integer labels (N) for cross_entropy or float32 (N, out) for mse)\n"
    "optimizer: --optimizer sgd|adam|adamw  --lr 0.1  --momentum M  --weight-decay W  --beta1 --beta2 --eps\n"
    "run:       --batch B (0 = full batch)  --steps N  --seed S  --shuffle\n"
    "           --grad-accum K  (K micro-batches of B rows per optimizer step, loss / K each; gradients summed\n"
    "           in float32, or in the lane's format with the lane option +accum-low)\n"
    "lanes:     --lanes cpu:f32,cpu:bf16,cpu:f16,cpu:f16+scaler   (device:format[+scaler][+ftz][+naive-stats]\n"
    "           [+accum-low]; cpu:bf16+pure[+sr|+kahan]: bf16 weights without a float32 master copy, the update\n"
    "           rounded to nearest, stochastically or with Kahan compensation)\n"
    "           8 bits and below: cpu:fp8 (torchao's Float8Linear: e4m3 input and weight, e5m2 output gradient,\n"
    "           a scale per tensor from its amax), cpu:e4m3, cpu:e5m2 (every operand in one format),\n"
    "           cpu:mxfp8, cpu:mxfp4 (32-element blocks, +rceil); options +sat (clamp instead of NaN/inf),\n"
    "           +delayed [+most-recent] (Transformer Engine's delayed scaling: --amax-history 1024 --fp8-margin 0)\n"
    "           cpu:nvfp4 (Transformer Engine's NVFP4 recipe: e2m1 in 16-element blocks, stochastically rounded\n"
    "           gradients, 16x16 weight blocks, a Hadamard transform for the weight gradient; +no-sr, +no-2d,\n"
    "           +no-rht switch each off)\n"
    "scaler:    --init-scale 65536  --growth-factor 2  --backoff-factor 0.5  --growth-interval 2000\n"
    "autocast:  --policy cpu|cuda|device  --op softmax=low,loss=low  (linear, activation, softmax, loss,\n"
    "           reduction, norm = low|f32|as-input)\n"
    "           --backward-acc f32|storage  (storage: low-format backward products accumulate in the\n"
    "           format, as ATen's reference GEMM does; f32: one rounding, as cuBLAS does)\n"
    "           --dispatch presisi|torch [--torch-cpu this|avx512|no-avx512]  (torch: each low-format product\n"
    "           and GELU computed as PyTorch's CPU dispatch does)\n"
    "           --torch-version 2|1.13  (the PyTorch followed, default 2: its optimizers and GELU, and with\n"
    "           --dispatch torch its products. 2: every bf16 product accumulates in f32, GELU in f32 with one\n"
    "           rounding, Adam with lerp. 1.13: with AVX-512, oneDNN only for products with m*n*k > 4096 and\n"
    "           bf16 GELU; otherwise ATen's reference. Experiment files without it are 1.13)\n"
    "output:    --every N (table interval)  --histogram-interval K  --range-interval K (per-layer ranges\n"
    "           every K steps, 0 = none)  --no-stats (no statistics: no underflow, histograms or ranges)\n"
    "           --json FILE|-  (the JSON contract; '-' prints it instead of the table)  --csv FILE|-\n"
    "           Files appear whole or not at all (written beside the name, then renamed); an existing file\n"
    "           is replaced only by a complete one. Memory: a run that would not fit in MemAvailable is refused.\n\n"
    "Ctrl+C (SIGINT), SIGTERM or SIGHUP (a closed terminal) stops between steps: the files get the steps done\n"
    "(\"final\": null), stderr says so, and the exit status is 130 (SIGINT), 143 (SIGTERM) or 129 (SIGHUP).\n"
    "A second signal ends at once.\n"
    "Exit status: 0 done, 1 a failure while running or writing, 2 a bad argument or a run refused.\n\n"
    "Presets: 'presisi presets' lists them.\n");


// Whether two output names are one file: the same name, or (for files that exist) the same inode, as
// a symlink or a hard link would make them.
bool sameFile(const std::string& a, const std::string& b) {
    std::error_code ea, eb;
    const auto ca = std::filesystem::weakly_canonical(a, ea), cb = std::filesystem::weakly_canonical(b, eb);
    if (!ea && !eb && ca == cb) return true;
    struct stat sa {}, sb {};
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

// A table cell right-aligned in `width`, always with at least one space before it: a value wider
// than its column pushes the row out instead of running into its neighbour.
std::string cell(const std::string& s, std::size_t width) { return s.size() >= width ? " " + s : pad(s, width); }

void checkMemory(const Scenario& s) {
    try {
        services::checkTrainingMemory(s, "; use a smaller --batch or --sizes, or fewer --lanes");
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
}

// What the summary needs of each lane's records, kept as the records stream past.
struct LaneTally {
    double underflowSum = 0;
    double lastLoss = kNotMeasured, lastAccuracy = kNotMeasured;  // for a run stopped before evaluation
    std::int64_t underflowCount = 0, skipped = 0, nonFinite = 0, floored = 0, firstFloored = -1;
};

int runTrain(CommandArgs args, std::ostream& out, std::ostream& err) {
    // --model gpt takes its own options (cmd_train_gpt.cpp).
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--model" && args[i + 1] == "gpt") return runTrainGpt(args, out, err);
    const ParsedArgs a = parseArgs(args, kTrainOptions);
    if (a.has("model") && a.text("model", "") != "mlp")
        throw UsageError("--model: unknown model '" + a.text("model", "") + "' (mlp, gpt)");
    if (a.has("help")) {
        out << trCli(kTrainHelp)
            << trCli(QT_TRANSLATE_NOOP("cli", "The tiny transformer: presisi train --model gpt --help\n"));
        return 0;
    }
    if (!a.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(a.positionals().front()))));
    const std::string jsonPath = a.text("json", "");
    if (a.has("json") && jsonPath.empty()) throw UsageError("--json: " + u8(QCoreApplication::translate("cli", "empty file name (use '-' for standard output)")));
    const std::string csvPath = a.text("csv", "");
    if (a.has("csv") && csvPath.empty()) throw UsageError("--csv: " + u8(QCoreApplication::translate("cli", "empty file name (use '-' for standard output)")));
    if (a.has("json") && a.has("csv") && (jsonPath == "-") == (csvPath == "-") &&
        (jsonPath == "-" || sameFile(jsonPath, csvPath)))
        throw UsageError("--csv: " + u8(QCoreApplication::translate("cli", "'%1' is where --json writes too: give the two outputs different files")
                                            .arg(qs(csvPath == "-" ? std::string("standard output") : csvPath))));
    const Scenario scenario = scenarioFromParsedArgs(a);
    const std::int64_t every = a.integer("every", std::max(1, scenario.steps / 10), 1, 100000000);
    try {
        validate(scenario);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    checkMemory(scenario);
    std::unique_ptr<Runner> runner;
    try {
        runner = std::make_unique<Runner>(scenario);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    const Scenario& s = runner->scenario();
    const bool accumulation = s.workload == Workload::Accumulation;
    if (!accumulation && s.batch > runner->dataset().size())
        throw UsageError("--batch: " + std::to_string(s.batch) + " is larger than the training set (" +
                         std::to_string(runner->dataset().size()) + " samples); use --batch 0 for the full batch" +
                         (s.data.kind == DatasetKind::Npy ? "" : " or more --samples"));
    const bool jsonToStdout = jsonPath == "-";
    const bool csvToStdout = csvPath == "-";
    const bool text = !jsonToStdout && !csvToStdout;  // '-' prints that output instead of the table
    // From here on a signal stops the run between steps, and the outputs are still written.
    const StopSignals stopSignals;  // a signal raises StopSignals::stopFlag(); the outputs still get written
    // Created now, so an unwritable path is refused before the run; filled and renamed into place at the end.
    std::unique_ptr<AtomicFile> jsonFile, csvFile;
    if (!jsonPath.empty() && !jsonToStdout) jsonFile = std::make_unique<AtomicFile>(jsonPath, "--json");
    if (a.has("csv") && !csvToStdout) csvFile = std::make_unique<AtomicFile>(csvPath, "--csv");
    // The JSON's "scenario" names the .npy files as seen from where the JSON goes (standard output:
    // from the current directory), so `--scenario` on that file finds them.
    const Scenario exported = services::scenarioForFile(s, jsonToStdout || jsonPath.empty() ? "-" : jsonPath);
    TrainingSpool spool(exported, !jsonPath.empty(), a.has("csv"));

    // Column widths from what the columns can hold: the step count, the longest lane label, and
    // the longest text of each number format ("-1.2346e+38", "1.17549e-38").
    std::size_t laneWidth = 4;
    for (const LaneSpec& l : s.lanes) laneWidth = std::max(laneWidth, l.label().size());
    laneWidth += 2;
    const std::size_t stepWidth = std::max<std::size_t>(6, std::to_string(std::max(s.steps, 1) - 1).size());
    if (text) {
        if (!s.preset.empty())  // a file's names, shown and never obeyed by the terminal
            out << "preset " << services::printableText(s.preset) << (s.title.empty() ? "" : ": " + services::printableText(presetText(s.title))) << '\n';
        out << describe(s) << '\n';
        if (!s.explanation.empty()) out << wrap(presetText(s.explanation), 96, "  ");
        out << '\n';
        if (accumulation)
            out << pad("step", stepWidth) << "  " << pad("lane", laneWidth, true) << pad("sum", 14) << '\n';
        else
            out << pad("step", stepWidth) << "  " << pad("lane", laneWidth, true) << pad("loss", 12) << pad("acc", 7)
                << pad("|grad|", 11) << pad("act-uf", 8) << pad("w-uf", 8) << pad("subn", 8) << pad("scale", 13)
                << pad("skip", 5) << '\n';
    }
    std::vector<LaneTally> tally(s.lanes.size());
    auto pct = [](double v) { return std::isnan(v) ? std::string("-") : fmtNum(100 * v, "%.1f%%"); };
    // With statistics on, a NaN gradient norm is a measurement (the gradients hold NaN); "-" only
    // when nothing was measured.
    auto gradNorm = [&](double v) { return s.statistics ? fmtNum(v, "%.3g") : std::string("-"); };
    bool outputFailed = false;
    runner->run(
        [&](const RunEvent& e) {
            if (e.kind == RunEventKind::Range) spool.addRange(e.range);
            if (e.kind == RunEventKind::Casts) spool.addCasts(e.casts);
            if (e.kind == RunEventKind::NonFinite) {
                spool.setFault(e.nonFinite);
                if (text) out << "  " << s.lanes[static_cast<std::size_t>(e.nonFinite.lane)].label() << ": "
                              << e.nonFinite.sentence << '\n';
            }
            if (e.kind == RunEventKind::ScalerWarning && text)
                out << "  " << s.lanes[static_cast<std::size_t>(e.scalerWarning.lane)].label() << ": "
                    << e.scalerWarning.text << '\n';
            if (e.kind != RunEventKind::Step) return;
            const StepRecord& r = e.record;
            spool.add(r);
            LaneTally& t = tally[static_cast<std::size_t>(r.lane)];
            if (!std::isnan(r.weightGradUnderflow)) {
                t.underflowSum += r.weightGradUnderflow;
                ++t.underflowCount;
            }
            t.skipped += r.skipped;
            t.nonFinite += !r.finite;
            t.lastLoss = r.loss;
            t.lastAccuracy = r.accuracy;
            if (r.scaleFloored) {
                if (t.firstFloored < 0) t.firstFloored = r.step;
                ++t.floored;
            }
            if (!text || (r.step % every != 0 && r.step + 1 != s.steps)) return;
            const std::string lane = s.lanes[static_cast<std::size_t>(r.lane)].label();
            if (accumulation) {
                out << cell(std::to_string(r.step), stepWidth) << "  " << pad(lane, laneWidth, true)
                    << cell(fmtNum(r.loss, "%.2f"), 14) << '\n';
            } else {
                out << cell(std::to_string(r.step), stepWidth) << "  " << pad(lane, laneWidth, true)
                    << cell(fmtNum(r.loss, "%.5g"), 12) << cell(std::isnan(r.accuracy) ? "-" : fmtNum(r.accuracy, "%.3f"), 7)
                    << cell(gradNorm(r.gradNorm), 11) << cell(pct(r.actGradUnderflow), 8) << cell(pct(r.weightGradUnderflow), 8)
                    << cell(pct(r.gradSubnormal), 8) << cell(fmtNum(r.scale, "%.6g"), 13) << cell(r.skipped ? "yes" : "", 5)
                    << '\n';
            }
            out.flush();  // progress shows in a pipe or a file as it happens (a row every --every steps)
            if (!out) {  // standard output is gone (a closed pipe, a full disk): stop, report below
                outputFailed = true;
                StopSignals::stopFlag().store(true);
            }
        },
        StopSignals::stopFlag());
    const std::int64_t done = runner->stepsDone();
    const int signal = StopSignals::signal();
    const bool interrupted = signal != 0 && done < s.steps;
    if (outputFailed) throw std::runtime_error(u8(QCoreApplication::translate("cli", "cannot write to standard output: %1").arg(qs(errnoText(errno)))));
    std::vector<LaneFinal> finals;  // none for an interrupted run: its lanes' "final" are null
    if (!interrupted)
        for (int i = 0; i < runner->laneCount(); ++i) finals.push_back(runner->evaluate(i));

    if (text) {
        if (interrupted)
            out << '\n' << u8(QCoreApplication::translate("cli", "interrupted after %1 of %2 steps").arg(done).arg(s.steps)) << '\n';
        else
            out << '\n' << u8(QCoreApplication::translate("cli", "final after %1 steps").arg(s.steps)) << '\n';
        if (accumulation) {
            for (std::size_t i = 0; i < finals.size(); ++i)
                out << "  " << pad(s.lanes[i].label(), 16, true) << " sum " << fmtNum(finals[i].loss, "%.2f") << '\n';
        } else {
            // Widths from the content: the longest cell of each column plus two spaces.
            std::vector<std::vector<std::string>> rows = {
                {"lane", "loss", "acc", "eval loss", "eval acc", "mean w-uf", "skipped", "non-finite"}};
            for (std::size_t i = 0; i < s.lanes.size(); ++i) {
                const LaneTally& t = tally[i];
                const LaneFinal* f = i < finals.size() ? &finals[i] : nullptr;
                auto num = [&](double v, const char* fmt) { return f && !std::isnan(v) ? fmtNum(v, fmt) : std::string("-"); };
                const double loss = f ? f->loss : t.lastLoss, accuracy = f ? f->accuracy : t.lastAccuracy;
                rows.push_back({s.lanes[i].label(), std::isnan(loss) && !f ? "-" : fmtNum(loss, "%.5g"),
                                std::isnan(accuracy) ? "-" : fmtNum(accuracy, "%.3f"),
                                f ? fmtNum(f->evalLoss, "%.5g") : "-", num(f ? f->evalAccuracy : 0, "%.3f"),
                                t.underflowCount ? pct(t.underflowSum / static_cast<double>(t.underflowCount)) : "-",
                                std::to_string(t.skipped), std::to_string(t.nonFinite)});
            }
            std::vector<std::size_t> width(rows.front().size(), 0);
            for (const auto& row : rows)
                for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size() + 2);
            for (const auto& row : rows) {
                out << "  " << pad(row[0], width[0], true);
                for (std::size_t c = 1; c < row.size(); ++c) out << pad(row[c], width[c]);
                out << '\n';
            }
            for (int i = 0; i < runner->laneCount(); ++i)
                if (const FirstNonFinite* f = runner->firstNonFinite(i))
                    out << "  " << s.lanes[static_cast<std::size_t>(i)].label() << ": first non-finite: " << f->sentence << '\n';
            for (std::size_t i = 0; i < s.lanes.size(); ++i)
                if (tally[i].floored > 0)
                    out << "  " << s.lanes[i].label() << ": the loss scale reached its floor 2^-126 (the smallest normal float32) at "
                        << tally[i].floored << (tally[i].floored == 1 ? " step" : " steps") << ", first at step "
                        << tally[i].firstFloored << "; it is held there instead of sinking to a subnormal or 0\n";
        }
    }
    // The preset's key moments, the steps its explanation is about (the window pauses there).
    if (text && !spool.moments().empty()) {
        out << '\n' << u8(QCoreApplication::translate("cli", "key moments")) << '\n';
        for (const Moment& m : spool.moments()) out << "  " << m.text << '\n';
    }
    // Standard output first: when it has failed, no file is replaced.
    errno = 0;
    out.flush();
    if (!out) throw std::runtime_error(u8(QCoreApplication::translate("cli", "cannot write to standard output: %1").arg(qs(errnoText(errno)))));
    if (jsonToStdout) spool.writeJson(out, finals);
    if (jsonFile) {
        spool.writeJson(jsonFile->stream(), finals);
        jsonFile->commit();
    }
    if (csvToStdout) spool.writeCsv(out);
    if (csvFile) {
        spool.writeCsv(csvFile->stream());
        csvFile->commit();
    }
    if (interrupted) {
        out.flush();
        std::string wrote;
        if (jsonFile) wrote += " " + jsonFile->path();
        if (csvFile) wrote += std::string(wrote.empty() ? " " : " and ") + csvFile->path();
        if (jsonToStdout) wrote += std::string(wrote.empty() ? " " : " and ") + "the JSON";
        if (csvToStdout) wrote += std::string(wrote.empty() ? " " : " and ") + "the CSV";
        err << "presisi train: interrupted (" << StopSignals::name(signal) << ") after " << done << " of "
            << s.steps << " steps" << (wrote.empty() ? std::string() : "; wrote" + services::printableText(wrote) + " with the steps done (final: null)")
            << '\n';
        return 128 + signal;
    }
    return 0;
}

}  // namespace

Scenario trainScenarioFromArgs(CommandArgs args) { return scenarioFromParsedArgs(parseArgs(args, kTrainOptions)); }

int cmdTrain(CommandArgs args, std::ostream& out, std::ostream& err) { return runTrain(args, out, err); }

int cmdPresets(CommandArgs args, std::ostream& out, std::ostream&) {
    const OptionSpec opts[] = {{"json", false}, {"help", false}};
    const ParsedArgs a = parseArgs(args, opts);
    if (a.has("help")) {
        out << u8(QCoreApplication::translate("cli", "usage: presisi presets [NAME] [--json]\n  lists the training presets; with NAME, prints that preset\n"));
        return 0;
    }
    if (a.positionals().size() > 1) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(a.positionals()[1]))));
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
        out << s.preset << ": " << presetText(s.title) << '\n' << describe(s) << '\n' << wrap(presetText(s.explanation), 96, "  ");
        out << u8(QCoreApplication::translate("cli", "run: %1").arg(qs("presisi train --preset " + s.preset))) << '\n';
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
        out << p.name << "  " << presetText(p.title) << '\n' << wrap(presetText(p.explanation), 96, "    ") << '\n';
    }
    out << u8(QCoreApplication::translate("cli", "run one: %1").arg(QStringLiteral("presisi train --preset NAME"))) << '\n';
    return 0;
}

int benchTrainCmd(CommandArgs args, std::ostream& out) {
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--model" && args[i + 1] == "gpt") return benchTrainGptCmd(args, out);
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
    int laneWidth = 16;  // the longest label
    for (const auto& r : rows) laneWidth = std::max(laneWidth, static_cast<int>(r.lane.size()));
    for (const auto& r : rows) {
        char line[240];
        std::snprintf(line, sizeof line, "  %-*s %9.0f steps/s  %6.1f GFLOP/s   with statistics %8.0f steps/s (+%.0f%% time)\n",
                      laneWidth, r.lane.c_str(), r.stepsPerSecond, r.gflops, r.stepsPerSecondWithStatistics, 100 * r.statisticsOverhead);
        out << line;
    }
    return 0;
}

}  // namespace presisi::cli
