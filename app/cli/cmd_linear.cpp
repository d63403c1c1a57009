// `presisi linear`: the tutorial's nn.Linear(256, 256) example in several lanes, as text or JSON.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "../../engine/linear_lab.h"
#include "args.h"
#include "cli_text.h"
#include "commands.h"
#include "services/linear_json.h"

namespace presisi::cli {

namespace {

const OptionSpec kLinearOptions[] = {
    {"in", true}, {"out", true}, {"batch", true}, {"seed", true}, {"formats", true},
    {"device", true}, {"json", false}, {"acc16", false}, {"ftz", false}, {"native", false}, {"help", false},
};

constexpr std::int64_t kMaxElements = std::int64_t{1} << 27;  // 512 MiB of float32 per tensor

const char* kLinearHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi linear [--in N] [--out M] [--batch B] [--seed S] [--formats f32,tf32,bf16,f16]\n"
    "                      [--device cpu|gpu|all] [--acc16] [--ftz] [--native] [--json]\n\n"
    "Runs torch.manual_seed(S); lin = nn.Linear(N, M); x = torch.randn(B, N) and the layer's output\n"
    "in each format: the low formats round x, W and b, accumulate in float32 and round the output\n"
    "(autocast). Defaults are the tutorial's: 256, 256, 64, seed 0.\n"
    "  --acc16  accumulate in the storage format instead (a demonstration of why nobody does)\n"
    "  --ftz    flush subnormal results to zero\n"
    "  --native beside each CPU bf16/f16 lane, the same product on the CPU's native low-precision\n"
    "           instructions (oneDNN, float32 accumulation); where the CPU has none it runs emulated and says so\n"
    "  tf32     (GPU lanes only) f32 products on tensor cores with inputs rounded to TF32\n");

std::string scientific(double v) {
    if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

}  // namespace

int cmdLinear(CommandArgs args, std::ostream& out, std::ostream& err) {
    const ParsedArgs a = parseArgs(args, kLinearOptions);
    if (a.has("help")) {
        out << trCli(kLinearHelp);
        return 0;
    }
    if (!a.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(a.positionals().front()))));

    LinearConfig config;
    config.in = a.integer("in", 256, 1, 65536);
    config.out = a.integer("out", 256, 1, 65536);
    config.batch = a.integer("batch", 64, 1, 1 << 20);
    config.seed = a.seed("seed", 0);
    if (config.in * config.out > kMaxElements || config.batch * config.in > kMaxElements ||
        config.batch * config.out > kMaxElements)
        throw UsageError("--in/--out/--batch: a tensor of more than 2^27 elements is too large for the lab");

    // tf32 is not a storage format but a GPU math mode of f32 products: an f32 lane with tf32 set.
    struct FormatChoice {
        Format format;
        bool tf32;
    };
    std::vector<FormatChoice> formats;
    std::vector<std::string> seen;
    for (const std::string& f : a.list("formats", "f32,bf16,f16")) {
        if (std::find(seen.begin(), seen.end(), f) != seen.end()) throw UsageError("--formats: " + u8(QCoreApplication::translate("cli", "'%1' given twice").arg(qs(f))));
        seen.push_back(f);
        if (f == "tf32") {
            formats.push_back({Format::F32, true});
            continue;
        }
        const auto fmt = parseFormat(f);
        if (!fmt) throw UsageError("--formats: " + u8(QCoreApplication::translate("cli", "unknown format '%1' (known: %2)").arg(qs(f), QStringLiteral("f32, tf32, bf16, f16"))));
        formats.push_back({*fmt, false});
    }
    const std::string device = a.text("device", "cpu");
    std::vector<Device> devices;
    if (device == "cpu") devices = {Device::Cpu};
    else if (device == "gpu" || device == "cuda") devices = {Device::Gpu};
    else if (device == "all") devices = {Device::Cpu, Device::Gpu};
    else throw UsageError("--device: " + u8(QCoreApplication::translate("cli", "expected cpu, gpu or all, got '%1'").arg(qs(device))));
    if (device == "cpu" && std::any_of(formats.begin(), formats.end(), [](const FormatChoice& f) { return f.tf32; }))
        throw UsageError("--formats: tf32 runs on GPU lanes only (use --device gpu or all)");
    if (device != "all" && devices.front() == Device::Gpu && !cudaStatus().available) {
        err << "presisi linear: --device gpu: " << cudaStatus().reason << '\n';
        return 1;
    }

    if (a.has("native") && a.has("acc16"))
        throw UsageError("--native: native products accumulate in float32; it cannot be combined with --acc16");
    std::vector<LinearLane> lanes;
    for (Device d : devices) {
        for (const FormatChoice& f : formats) {
            if (f.tf32 && d != Device::Gpu) continue;
            LinearLane lane;
            lane.device = d;
            lane.format = f.format;
            lane.tf32 = f.tf32;
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

    const LinearResult result = runLinear(config, lanes);

    if (a.has("json")) {
        services::writeLinearJson(out, result);
        return 0;
    }

    out << u8(QCoreApplication::translate("cli", "nn.Linear(%1, %2) on x = randn(%3, %2), seed %4")
                  .arg(config.in)
                  .arg(config.out)
                  .arg(config.batch)
                  .arg(config.seed))
        << '\n';
    // The labels of a lane's block, padded to the widest so the colons line up in every language (the
    // Indonesian ones are the tutorial's: "presisi keluaran autocast", "selisih rata-rata", "korelasi arah").
    const QString dtypeLabel = QCoreApplication::translate("cli", "output dtype");
    const QString meanLabel = QCoreApplication::translate("cli", "mean absolute difference");
    const QString corrLabel = QCoreApplication::translate("cli", "correlation");
    const QString maxLabel = QCoreApplication::translate("cli", "max absolute difference");
    const QString l2Label = QCoreApplication::translate("cli", "relative L2 error");
    int width = 0;
    for (const QString& label : {dtypeLabel, meanLabel, corrLabel, maxLabel, l2Label})
        width = std::max(width, static_cast<int>(label.size()));
    const auto label = [width](const QString& text) { return "  " + padLabel(text, width) + ": "; };
    for (const auto& l : result.lanes) {
        const ErrorMetrics& m = l.metrics;
        out << '\n' << displayLabel(l.lane) << '\n';
        out << label(dtypeLabel) << traits(l.lane.format).dtypeName << '\n';
        if (l.lane.format == Format::F32 && !l.lane.tf32 && l.lane.accumulation == Accumulation::F32 &&
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
    return 0;
}

}  // namespace presisi::cli
