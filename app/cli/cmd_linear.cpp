// `presisi linear`: the tutorial's nn.Linear(256, 256) example in several lanes, as text or JSON.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "../../engine/error.h"
#include "../../engine/linear_lab.h"
#include "../../engine/training/npy.h"
#include "args.h"
#include "cli_text.h"
#include "commands.h"
#include "services/linear_json.h"
#include "services/linear_save.h"
#include "services/printable_text.h"
#include "stop_signals.h"

namespace presisi::cli {

namespace {

const OptionSpec kLinearOptions[] = {
    {"in", true}, {"out", true}, {"batch", true}, {"seed", true}, {"formats", true}, {"lanes", true},
    {"device", true}, {"json", false}, {"acc16", false}, {"ftz", false}, {"native", false}, {"help", false},
    {"x", true}, {"weight", true}, {"bias", true}, {"save", true}, {"save-inputs", false},
};

const char* kLinearHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi linear [--in N] [--out M] [--batch B] [--seed S] [--formats f32,tf32,bf16,f16,mxfp8,…]\n"
    "                      [--device cpu|gpu|all] [--acc16] [--ftz] [--native] [--json]\n"
    "       presisi linear [--in N] [--out M] [--batch B] [--seed S] --lanes cpu:f32,cpu:bf16,cpu:mxfp8+rceil,…\n"
    "       presisi linear --x X.npy [--weight W.npy] [--bias B.npy] [--formats …|--lanes …] [--save DIR [--save-inputs]]\n\n"
    "Runs torch.manual_seed(S); lin = nn.Linear(N, M); x = torch.randn(B, N) and the layer's output\n"
    "in each format: the low formats round x, W and b, accumulate in float32 and round the output\n"
    "(autocast). Defaults are the tutorial's: 256, 256, 64, seed 0.\n"
    "  --x X.npy       your own x, shape (..., in): its leading dimensions are the batch, as F.linear takes it\n"
    "  --weight W.npy  your own W, shape (out, in) as nn.Linear stores it; without --bias no bias is added\n"
    "  --bias B.npy    your own b, shape (out,)\n"
    "                  .npy files in float32 ('<f4'), float16 ('<f2') or bfloat16 bits as uint16 ('<u2':\n"
    "                  t.view(torch.int16).numpy().view(np.uint16)); a tensor not given is the seeded one\n"
    "  --save DIR      every lane's output as DIR/<lane>.npy (float32, e.g. cpu_bf16.npy) and DIR/manifest.json;\n"
    "                  DIR appears whole or not at all (a new or empty directory, or one an earlier --save wrote)\n"
    "  --save-inputs   also the x, W and b each lane multiplied (<lane>.x.npy, .weight.npy, .bias.npy)\n"
    "  --acc16  accumulate in the storage format instead (a demonstration of why nobody does)\n"
    "  --ftz    flush subnormal results to zero\n"
    "  --native beside each CPU bf16/f16 lane, the same product on the CPU's native low-precision\n"
    "           instructions (oneDNN, float32 accumulation); where the CPU has none it runs emulated and says so\n"
    "  tf32     (GPU lanes only) f32 products on tensor cores with inputs rounded to TF32\n"
    "  --lanes  the lanes themselves, instead of --formats, --device and the options above: device:format\n"
    "           with options (cpu:f16+ftz, gpu:tf32, cpu:bf16+native, cpu:mxfp4+rceil, cpu:e4m3+sat)\n\n"
    "Lanes of 8 bits and below (CPU only): x and W are quantised along `in` (the reduction dimension),\n"
    "the dequantised values multiplied with float32 accumulation, the bias added and the output kept in\n"
    "float32; bias and output are not quantised.\n"
    "  e4m3, e5m2      one float32 scale per tensor, max/amax (torchao's tensorwise recipe);\n"
    "                  +sat clamps to ±max instead of the OCP overflow (NaN in e4m3, inf in e5m2)\n"
    "  mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4\n"
    "                  blocks of 32 sharing an e8m0 scale; the scale mode +floor (default, OCP), +ceil,\n"
    "                  +even or +rceil (Transformer Engine); elements saturate\n"
    "  nvfp4           e2m1 in blocks of 16 with an e4m3 scale, and a float32 tensor scale\n"
    "  `in` must be a multiple of the block size (32; nvfp4 16).\n");

std::string scientific(double v) {
    if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

// How a scaled lane stores x and W: "mxfp8 · floor (e4m3 in blocks of 32 along in, e8m0 scales)".
std::string scaledDescription(const LinearLane& lane) {
    const ScaledFormatTraits& t = traits(*lane.scaled);
    const QString name = qs(std::string(t.name)), element = qs(std::string(traits(t.element).name));
    if (isPerTensor(*lane.scaled))
        return u8(QCoreApplication::translate("cli", "%1 · per-tensor%2 (%3, one float32 scale max/amax)")
                      .arg(name,
                           lane.overflow == Overflow::Saturate ? QCoreApplication::translate("cli", " · saturating")
                                                               : QString(),
                           element));
    if (isMx(*lane.scaled))
        return u8(QCoreApplication::translate("cli", "%1 · %2 (%3 in blocks of %4 along in, e8m0 scales)")
                      .arg(name, qs(std::string(scaleModeName(lane.scaleMode))), element)
                      .arg(t.blockSize));
    return u8(QCoreApplication::translate("cli", "%1 (%2 in blocks of %3 along in, e4m3 scales, a float32 tensor scale)")
                  .arg(name, element)
                  .arg(t.blockSize));
}

// A scaled lane of 8 bits and below runs on the CPU, on blocks that divide `in`: refused here by name
// rather than left out with a note, as a bad argument is.
void checkScaledLane(const LinearLane& lane, Index in, const std::string& option) {
    if (lane.device != Device::Cpu)
        throw UsageError(option + ": " + lane.label() + ": " + u8(QCoreApplication::translate("cli", "FP8/MX lanes run on the CPU")));
    if (const std::string why = scaledLaneProblem(lane, in); !why.empty())
        throw UsageError(option + ": " + lane.label() + ": " + why);
}

// --lanes: the lanes as labels. False (the reason written to err) when a GPU lane has no device.
bool lanesFromList(const ParsedArgs& a, const LinearConfig& config, std::ostream& err, std::vector<LinearLane>& lanes) {
    for (const char* other : {"formats", "device", "acc16", "ftz", "native"})
        if (a.has(other))
            throw UsageError("--lanes: " + u8(QCoreApplication::translate("cli", "give the lanes with their options (cpu:f16+ftz), not with --%1")
                                                 .arg(QString::fromLatin1(other))));
    for (const std::string& l : a.list("lanes", "")) {
        LinearLane lane;
        try {
            lane = parseLane(l);
        } catch (const Error& e) {
            throw UsageError("--lanes: " + std::string(e.what()));
        }
        // The training lanes' options have nothing to act on in one forward product: refused, not ignored.
        if (lane.scaler || lane.pure || lane.stochasticWeights || lane.kahanWeights || lane.lowGradAccum || lane.naiveStats)
            throw UsageError("--lanes: " + u8(QCoreApplication::translate("cli", "%1: +scaler, +pure, +sr, +kahan, +accum-low and +naive-stats are options of the training lanes; the linear lab computes one forward product")
                                                 .arg(qs(services::printableText(l)))));
        if (std::find(lanes.begin(), lanes.end(), lane) != lanes.end())
            throw UsageError("--lanes: " + u8(QCoreApplication::translate("cli", "'%1' given twice").arg(qs(l))));
        if (lane.tf32 && lane.device != Device::Gpu)
            throw UsageError("--lanes: " + u8(QCoreApplication::translate("cli", "%1: tf32 runs on GPU lanes only").arg(qs(l))));
        if (lane.scaled) checkScaledLane(lane, config.in, "--lanes");
        if (lane.device == Device::Gpu && !cudaStatus().available) {
            err << "presisi linear: --lanes: " << lane.label() << ": " << cudaStatus().reason << '\n';
            return false;
        }
        lanes.push_back(lane);
    }
    if (lanes.empty()) throw UsageError("--lanes: " + u8(QCoreApplication::translate("cli", "no lane given")));
    return true;
}

// --formats, --device and the flags: each format on each device. False (the reason written to err) when
// the GPU was asked for and is absent.
bool lanesFromFormats(const ParsedArgs& a, const LinearConfig& config, std::ostream& err, std::vector<LinearLane>& lanes) {
    // tf32 is not a storage format but a GPU math mode of f32 products: an f32 lane with tf32 set. A scaled
    // format of 8 bits and below is a CPU lane of its own (cpu:mxfp8), beside the others.
    struct FormatChoice {
        Format format;
        bool tf32;
        std::optional<ScaledFormat> scaled;
    };
    std::vector<FormatChoice> formats;
    std::vector<std::string> seen;
    for (const std::string& f : a.list("formats", "f32,bf16,f16")) {
        if (std::find(seen.begin(), seen.end(), f) != seen.end()) throw UsageError("--formats: " + u8(QCoreApplication::translate("cli", "'%1' given twice").arg(qs(f))));
        seen.push_back(f);
        if (f == "tf32") {
            formats.push_back({Format::F32, true, std::nullopt});
            continue;
        }
        if (const auto sf = parseScaledFormat(f)) {
            LinearLane lane;
            lane.scaled = *sf;
            checkScaledLane(lane, config.in, "--formats");
            formats.push_back({Format::F32, false, sf});
            continue;
        }
        const auto fmt = parseFormat(f);
        if (fmt && isMiniFormat(*fmt)) {
            try {
                parseLane(f);  // refuses an element format with the lanes that store it
            } catch (const Error& e) {
                throw UsageError("--formats: " + std::string(e.what()));
            }
        }
        if (!fmt) throw UsageError("--formats: " + u8(QCoreApplication::translate("cli", "unknown format '%1' (known: %2)").arg(qs(f), QStringLiteral("f32, tf32, bf16, f16, e4m3, e5m2, mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4, nvfp4"))));
        formats.push_back({*fmt, false, std::nullopt});
    }
    const std::string device = a.text("device", "cpu");
    std::vector<Device> devices;
    if (device == "cpu") devices = {Device::Cpu};
    else if (device == "gpu" || device == "cuda") devices = {Device::Gpu};
    else if (device == "all") devices = {Device::Cpu, Device::Gpu};
    else throw UsageError("--device: " + u8(QCoreApplication::translate("cli", "expected cpu, gpu or all, got '%1'").arg(qs(device))));
    if (device == "cpu" && std::any_of(formats.begin(), formats.end(), [](const FormatChoice& f) { return f.tf32; }))
        throw UsageError("--formats: tf32 runs on GPU lanes only (use --device gpu or all)");
    if (device != "cpu" && device != "all" && std::any_of(formats.begin(), formats.end(), [](const FormatChoice& f) { return f.scaled.has_value(); }))
        throw UsageError("--formats: " + u8(QCoreApplication::translate("cli", "FP8/MX lanes run on the CPU (use --device cpu or all)")));
    if (device != "all" && devices.front() == Device::Gpu && !cudaStatus().available) {
        err << "presisi linear: --device gpu: " << cudaStatus().reason << '\n';
        return false;
    }

    if (a.has("native") && a.has("acc16"))
        throw UsageError("--native: native products accumulate in float32; it cannot be combined with --acc16");
    for (Device d : devices) {
        for (const FormatChoice& f : formats) {
            if (f.tf32 && d != Device::Gpu) continue;
            if (f.scaled && d != Device::Cpu) continue;
            LinearLane lane;
            lane.device = d;
            lane.format = f.format;
            lane.tf32 = f.tf32;
            lane.scaled = f.scaled;
            if (f.scaled) {  // its own options only (--lanes cpu:mxfp8+rceil); --acc16/--ftz/--native have no say
                lanes.push_back(lane);
                continue;
            }
            if (f.format != Format::F32 && a.has("acc16")) lane.accumulation = Accumulation::Storage;
            if (a.has("ftz")) lane.subnormals = Subnormals::Flush;
            lanes.push_back(lane);
            // The native lane sits beside its emulated twin, so the two can be compared value for value.
            if (a.has("native") && d == Device::Cpu && f.format != Format::F32) {
                lane.native = true;
                lanes.push_back(lane);
            }
        }
    }
    return true;
}

// The first line: the seeded example, or the files read ("F.linear(x, W, b): x X.npy (2, 3, 40) float16, …").
std::string inputsLine(const LinearResult& result) {
    const LinearConfig& c = result.config;
    const LinearSources& s = result.sources;
    if (!s.anyFile())
        return u8(QCoreApplication::translate("cli", "nn.Linear(%1, %2) on x = randn(%3, %1), seed %4").arg(c.in).arg(c.out).arg(c.batch).arg(c.seed));
    const auto one = [&](const char* name, const std::optional<LinearTensorFile>& f) {
        if (!f) return QString::fromLatin1(name) + QCoreApplication::translate("cli", " seeded (%1)").arg(c.seed);
        return QStringLiteral("%1 %2 %3 %4").arg(QString::fromLatin1(name), qs(services::printableText(f->path)), qs(npyShapeText(f->shape)),
                                                 qs(std::string(tensorFileDTypeName(f->dtype))));
    };
    QString line = (s.hasBias() ? QStringLiteral("F.linear(x, W, b): ") : QStringLiteral("F.linear(x, W): ")) + one("x", s.x) +
                   QStringLiteral(", ") + one("W", s.weight);
    if (s.hasBias()) line += QStringLiteral(", ") + one("b", s.bias);
    return u8(line);
}

}  // namespace

int cmdLinear(CommandArgs args, std::ostream& out, std::ostream& err) {
    const ParsedArgs a = parseArgs(args, kLinearOptions);
    if (a.has("help")) {
        out << trCli(kLinearHelp);
        return 0;
    }
    if (!a.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(a.positionals().front()))));

    // Outputs first: a --save that cannot be written is refused before any file is read or product computed.
    const std::string saveDir = a.text("save", "");
    if (a.has("save") && saveDir.empty()) throw UsageError("--save: " + u8(QCoreApplication::translate("cli", "needs a directory")));
    if (a.has("save-inputs") && !a.has("save"))
        throw UsageError("--save-inputs: " + u8(QCoreApplication::translate("cli", "saves beside --save DIR; give --save too")));
    if (!saveDir.empty())
        if (const std::string why = services::linearSaveProblem(saveDir); !why.empty()) throw UsageError("--save: " + why);

    LinearSizes sizes;
    if (a.has("in")) sizes.in = a.integer("in", 256, 1, 65536);
    if (a.has("out")) sizes.out = a.integer("out", 256, 1, 65536);
    if (a.has("batch")) sizes.batch = a.integer("batch", 64, 1, 1 << 20);
    sizes.seed = a.seed("seed", 0);
    const LinearFileNames files{a.text("x", ""), a.text("weight", ""), a.text("bias", "")};
    for (const char* option : {"x", "weight", "bias"})
        if (a.has(option) && a.text(option, "").empty())
            throw UsageError(std::string("--") + option + ": " + u8(QCoreApplication::translate("cli", "needs a .npy file")));
    LinearConfig config;
    config.in = sizes.in.value_or(256);
    config.out = sizes.out.value_or(256);
    config.batch = sizes.batch.value_or(64);
    config.seed = sizes.seed;
    if (config.in * config.out > kLinearMaxElements || config.batch * config.in > kLinearMaxElements ||
        config.batch * config.out > kLinearMaxElements)
        throw UsageError("--in/--out/--batch: a tensor of more than 2^27 elements is too large for the lab");
    LinearFileInputs given;
    if (files.any()) {
        try {
            given = loadLinearInputs(files, sizes);  // every header checked before any data is read
        } catch (const Error& e) {
            throw UsageError(e.what());
        }
        config.in = given.in;
        config.out = given.out;
        config.batch = given.batch;
    }

    std::vector<LinearLane> lanes;
    if (!(a.has("lanes") ? lanesFromList(a, config, err, lanes) : lanesFromFormats(a, config, err, lanes))) return 1;

    const StopSignals stopSignals;  // Ctrl+C, SIGTERM or SIGHUP: nothing written, the directory untouched
    const LinearProgress goOn = [](double) { return !StopSignals::stopFlag().load(); };
    LinearResult result;
    std::vector<std::string> saved;
    try {
        result = files.any() ? runLinear(std::move(given), sizes.seed, lanes, goOn) : runLinear(config, lanes, goOn);
        if (!saveDir.empty()) {
            services::LinearSaveOptions options;
            options.inputs = a.has("save-inputs");
            options.stop = &StopSignals::stopFlag();
            saved = services::saveLinearOutputs(result, saveDir, options);
        }
    } catch (const Cancelled&) {
        return StopSignals::nothingWritten(err, "linear");
    }

    if (a.has("json")) {
        services::writeLinearJson(out, result);
        return 0;
    }

    out << inputsLine(result) << '\n';
    // The labels of a lane's block, padded to the widest so the colons line up in every language (the
    // Indonesian ones are the tutorial's: "presisi keluaran autocast", "selisih rata-rata", "korelasi arah").
    const QString dtypeLabel = QCoreApplication::translate("cli", "output dtype");
    const QString meanLabel = QCoreApplication::translate("cli", "mean absolute difference");
    const QString corrLabel = QCoreApplication::translate("cli", "correlation");
    const QString maxLabel = QCoreApplication::translate("cli", "max absolute difference");
    const QString l2Label = QCoreApplication::translate("cli", "relative L2 error");
    const QString storedLabel = QCoreApplication::translate("cli", "x and W stored as");
    const QString sqnrLabel = QCoreApplication::translate("cli", "SQNR of x / W");
    const QString saturatedLabel = QCoreApplication::translate("cli", "saturated, x / W");
    const QString zeroedLabel = QCoreApplication::translate("cli", "non-zero to zero, x / W");
    // Only the labels that are printed count: without a scaled lane the block is the tutorial's, aligned as
    // it prints it.
    const bool anyScaled = std::any_of(result.lanes.begin(), result.lanes.end(),
                                       [](const LinearLaneResult& l) { return l.lane.scaled.has_value(); });
    QStringList printed = {dtypeLabel, meanLabel, corrLabel, maxLabel, l2Label};
    if (anyScaled) printed << storedLabel << sqnrLabel << saturatedLabel << zeroedLabel;
    int width = 0;
    for (const QString& label : printed) width = std::max(width, static_cast<int>(label.size()));
    const auto label = [width](const QString& text) { return "  " + padLabel(text, width) + ": "; };
    for (const auto& l : result.lanes) {
        const ErrorMetrics& m = l.metrics;
        out << '\n' << displayLabel(l.lane) << '\n';
        out << label(dtypeLabel) << traits(l.lane.format).dtypeName << '\n';
        if (l.lane.scaled) out << label(storedLabel) << scaledDescription(l.lane) << '\n';
        if (l.lane.format == Format::F32 && !l.lane.tf32 && !l.lane.scaled && l.lane.accumulation == Accumulation::F32 &&
            l.lane.subnormals == Subnormals::Keep) {
            out << "  "
                << u8(QCoreApplication::translate("cli", "(the reference the other lanes on %1 are compared with)")
                          .arg(qs(std::string(deviceName(l.lane.device)))))
                << '\n';
        } else {
            out << label(meanLabel) << pythonRound(m.meanAbsError, 6) << '\n';
            out << label(corrLabel) << pythonRound(m.correlation, 4) << '\n';
            out << label(maxLabel) << scientific(m.maxAbsError) << '\n';
            out << label(l2Label) << scientific(m.relL2Error) << '\n';
        }
        if (l.quantization) {
            const CastStats& x = l.quantization->x;
            const CastStats& w = l.quantization->weight;
            const auto percent = [](double share) { return scientific(100.0 * share) + " %"; };
            out << label(sqnrLabel) << scientific(x.sqnrDb) << " / " << scientific(w.sqnrDb) << " dB\n";
            out << label(saturatedLabel) << percent(x.saturatedShare) << " / " << percent(w.saturatedShare) << '\n';
            out << label(zeroedLabel) << percent(x.underflowShare) << " / " << percent(w.underflowShare) << '\n';
        }
        out << "  "
            << u8(QCoreApplication::translate("cli", "zeros / subnormals / inf / NaN: %1 / %2 / %3 / %4 of %5")
                      .arg(m.zeros)
                      .arg(m.subnormals)
                      .arg(m.infs)
                      .arg(m.nans)
                      .arg(m.count))
            << '\n';
    }
    for (const auto& n : result.notes) out << '\n' << n << '\n';
    if (!saved.empty())
        out << '\n'
            << u8(QCoreApplication::translate("cli", "saved %1 files in %2 (manifest.json lists them)")
                      .arg(static_cast<int>(saved.size()))
                      .arg(qs(services::printableText(saveDir))))
            << '\n';
    return 0;
}

}  // namespace presisi::cli
