// `presisi quantize X.npy --format F`: a float32 tensor in a scaled format of 8 bits and below (per-tensor
// FP8, MX, NVFP4) as torchao computes it, with the error per tensor and per block; the dequantised
// values optionally written back as .npy.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "../../engine/error.h"
#include "../../engine/numerics/scaled_format.h"
#include "../../engine/training/npy.h"
#include "args.h"
#include "cli_text.h"
#include "commands.h"
#include "json_writer.h"
#include "service_names.h"
#include "services/atomic_file.h"
#include "services/linear_json.h"
#include "services/printable_text.h"
#include "stop_signals.h"

namespace presisi::cli {

namespace {

const OptionSpec kQuantizeOptions[] = {{"format", true}, {"scale-mode", true}, {"saturate", false}, {"amax", true},
                                       {"out", true},    {"json", true},       {"help", false}};

// Block rows printed in the text table; --json always has every block.
constexpr std::size_t kMaxPrintedBlocks = 64;

const char* kQuantizeHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi quantize X.npy --format F [--scale-mode floor|ceil|even|rceil] [--saturate]\n"
    "                        [--amax A] [--out Q.npy] [--json FILE|-]\n\n"
    "Quantises a float32 tensor (1-D: one row; 2-D: rows x columns) along its last axis, as torchao\n"
    "computes it, and reports the error against the input per tensor and per block: mean squared error,\n"
    "SQNR in dB, max absolute error, the share of elements beyond the element format's max after\n"
    "scaling (saturated) and the share of non-zero inputs that became zero (underflow).\n"
    "  --format      e4m3, e5m2         one float32 scale per tensor, max/amax (torchao float8 tensorwise)\n"
    "                mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4\n"
    "                                   32-element blocks, an e8m0 scale each (OCP MX, torchao to_mx)\n"
    "                nvfp4              16-element e2m1 blocks, an e4m3 scale each, and a float32 tensor\n"
    "                                   scale amax/(448*6) (torchao nvfp4_quantize)\n"
    "  --scale-mode  MX formats: floor (the OCP rule, default), ceil, even, rceil (Transformer Engine's)\n"
    "  --amax A      per-tensor formats: compute the scale from A instead of the tensor's own amax (a\n"
    "                delayed-scaling history's stale amax); values beyond it then overflow\n"
    "  --saturate    per-tensor formats: overflowing elements become +-max; without it they follow the\n"
    "                OCP conversion (ml_dtypes): e4m3 NaN, e5m2 inf. MX and NVFP4 elements always\n"
    "                saturate (OCP MX, torchao, Transformer Engine), so the option changes nothing there.\n"
    "  --out Q.npy   write the dequantised values (float32, the input's shape); '-': the .npy to standard\n"
    "                output instead of the text (not to a terminal)\n"
    "  --json FILE   write every number as JSON to FILE ('-': to standard output instead of the text)\n"
    "The text table shows the first 64 blocks; the JSON has all of them. The outputs are checked before\n"
    "the input is read. Ctrl+C, SIGTERM or SIGHUP stops it with nothing written (status 130, 143, 129).\n");

std::string knownFormats() {
    std::string s;
    for (ScaledFormat f : kAllScaledFormats) s += (s.empty() ? "" : ", ") + std::string(traits(f).name);
    return s;
}

std::string num(double v, const char* spec = "%.6g") {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, spec, v);
    return buf;
}

std::string percent(double share) { return num(share * 100.0, "%.2f") + "%"; }

std::string hexCode(std::uint8_t c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", c);
    return buf;
}

// The input: float32, 1-D (one row) or 2-D (rows x columns), as `train --data` reads X.
struct Input {
    std::vector<std::int64_t> shape;
    std::int64_t rows = 0, cols = 0;
    std::vector<float> values;
};

Input readInput(const std::string& path, const ScaledFormatTraits& t) {
    NpyArray a;
    try {
        a = readNpy(path);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    if (a.dtype != NpyArray::DType::F32)
        throw UsageError(path + ": " + u8(QCoreApplication::translate("cli", "must be float32, got %1").arg(qs(npyDTypeName(a.dtype)))));
    if (a.shape.size() != 1 && a.shape.size() != 2)
        throw UsageError(path + ": " + u8(QCoreApplication::translate("cli", "must have 1 or 2 dimensions (a row, or rows x columns), got shape %1")
                                              .arg(qs(npyShapeText(a.shape)))));
    Input in;
    in.shape = a.shape;
    in.rows = a.shape.size() == 2 ? a.shape[0] : 1;
    in.cols = a.shape.back();
    if (a.size() == 0) throw UsageError(path + ": " + u8(QCoreApplication::translate("cli", "has no values (shape %1)").arg(qs(npyShapeText(a.shape)))));
    if (t.blockSize > 0 && in.cols % t.blockSize != 0)
        throw UsageError(path + " " + u8(QCoreApplication::translate("cli", "has %1 values per row; %2 blocks hold %3")
                                             .arg(in.cols)
                                             .arg(qs(std::string(t.name)))
                                             .arg(t.blockSize)));
    in.values.resize(a.values.size());
    for (std::size_t i = 0; i < a.values.size(); ++i) in.values[i] = static_cast<float>(a.values[i]);  // exact: float32 data
    return in;
}

void writeJson(std::ostream& out, const std::string& path, const Input& in, const QuantizedTensor& q,
               const std::optional<float>& givenAmax) {
    const ScaledFormatTraits& t = traits(q.format);
    JsonWriter j(out);
    j.beginObject();
    j.field("input", path);
    j.key("shape").beginArray();
    for (std::int64_t d : in.shape) j.value(d);
    j.endArray();
    j.field("format", t.name).field("element_format", traits(t.element).name).field("block_size", t.blockSize);
    j.field("scale_format", traits(t.scale).name);
    j.key("scale_mode");
    if (t.scale == Format::E8M0) j.value(scaleModeName(q.scaleMode));
    else j.null();
    j.field("overflow", q.overflow == Overflow::Saturate ? "saturate" : "ocp");
    j.field("amax", q.tensorAmax);
    j.key("amax_given");
    if (givenAmax) j.value(*givenAmax);
    else j.null();
    j.key("tensor_scale");
    if (t.scale == Format::E8M0) j.null();
    else j.value(q.tensorScale);
    j.key("stats");
    services::writeCastStats(j, q.stats);
    const std::int64_t perRow = t.blockSize > 0 ? q.cols / t.blockSize : 1;
    j.key("blocks").beginArray();
    for (std::size_t b = 0; b < q.blocks.size(); ++b) {
        // A large tensor's blocks take seconds to write: a signal stops it here, its file never renamed into place.
        if (b % 4096 == 0 && StopSignals::stopFlag().load()) throw Cancelled();
        const BlockInfo& bi = q.blocks[b];
        j.beginObject();
        j.field("row", t.blockSize > 0 ? static_cast<std::int64_t>(b) / perRow : std::int64_t{-1});
        j.field("block", t.blockSize > 0 ? static_cast<std::int64_t>(b) % perRow : std::int64_t{0});
        j.field("amax", bi.amax).field("scale", bi.scale);
        j.key("scale_code");
        if (t.blockSize > 0) j.value(static_cast<std::int64_t>(bi.scaleCode));
        else j.null();
        j.key("stats");
        services::writeCastStats(j, bi.stats);
        j.endObject();
    }
    j.endArray();
    j.endObject();
    out << '\n';
}

void writeText(std::ostream& out, const std::string& path, const Input& in, const QuantizedTensor& q,
               const std::optional<float>& givenAmax) {
    const ScaledFormatTraits& t = traits(q.format);
    const std::string overflow = q.overflow == Overflow::Saturate ? "saturate" : "ocp";
    const std::string block = t.blockSize > 0 ? std::to_string(t.blockSize) : u8(QCoreApplication::translate("cli", "whole tensor"));
    const std::string mode = t.scale == Format::E8M0 ? std::string(scaleModeName(q.scaleMode)) : std::string("-");
    out << u8(QCoreApplication::translate("cli", "%1 %2: format %3 | elements %4 | block %5 | scale %6 | scale mode %7 | overflow %8")
                  .arg(qs(services::printableText(path)), qs(npyShapeText(in.shape)), qs(std::string(t.name)), qs(std::string(traits(t.element).name)),
                       qs(block), qs(std::string(traits(t.scale).name)), qs(mode), qs(overflow)))
        << '\n';
    if (t.blockSize == 0) {
        const std::string from = givenAmax ? u8(QCoreApplication::translate("cli", "given amax %1 (the tensor's: %2)").arg(qs(num(*givenAmax)), qs(num(q.tensorAmax))))
                                           : u8(QCoreApplication::translate("cli", "amax %1").arg(qs(num(q.tensorAmax))));
        out << u8(QCoreApplication::translate("cli", "tensor scale %1 = max / amax, from %2").arg(qs(num(q.tensorScale, "%.9g")), qs(from))) << '\n';
    } else if (q.format == ScaledFormat::Nvfp4) {
        out << u8(QCoreApplication::translate("cli", "tensor scale %1 = amax / (448*6), amax %2").arg(qs(num(q.tensorScale, "%.9g")), qs(num(q.tensorAmax))))
            << '\n';
        if (q.tensorScale == 0.0f)
            out << u8(QCoreApplication::translate("cli", "note: a tensor scale of 0 makes every block scale 0/0 = NaN, as torchao's nvfp4 cast "
                                                         "gives; Transformer Engine's recipe (and the training lanes) scales such a tensor by 1 "
                                                         "and keeps its zeros"))
                << '\n';
    }
    const CastStats& s = q.stats;
    out << u8(QCoreApplication::translate("cli", "tensor: MSE %1 | SQNR %2 dB | max abs error %3 | saturated %4 | underflow %5 | %6 elements")
                  .arg(qs(num(s.mse, "%.4g")), qs(num(s.sqnrDb, "%.2f")), qs(num(s.maxAbsError, "%.4g")), qs(percent(s.saturatedShare)),
                       qs(percent(s.underflowShare)))
                  .arg(s.elements))
        << '\n';
    if (t.blockSize == 0) return;  // one scale: the tensor line is the block
    const std::int64_t perRow = q.cols / t.blockSize;
    char line[256];
    std::snprintf(line, sizeof line, "%6s %6s %13s %13s %5s %11s %9s %11s %9s %9s", "row", "block", "amax", "scale", "code", "MSE",
                  "SQNR dB", "max abs err", "saturated", "underflow");
    out << '\n' << line << '\n';
    const std::size_t shown = std::min(q.blocks.size(), kMaxPrintedBlocks);
    for (std::size_t b = 0; b < shown; ++b) {
        const BlockInfo& bi = q.blocks[b];
        std::snprintf(line, sizeof line, "%6lld %6lld %13s %13s %5s %11s %9s %11s %9s %9s", static_cast<long long>(b / perRow),
                      static_cast<long long>(b % perRow), num(bi.amax).c_str(), num(bi.scale).c_str(), hexCode(bi.scaleCode).c_str(),
                      num(bi.stats.mse, "%.4g").c_str(), num(bi.stats.sqnrDb, "%.2f").c_str(), num(bi.stats.maxAbsError, "%.4g").c_str(),
                      percent(bi.stats.saturatedShare).c_str(), percent(bi.stats.underflowShare).c_str());
        out << line << '\n';
    }
    if (shown < q.blocks.size())
        out << u8(QCoreApplication::translate("cli", "... %1 more blocks not shown (--json has every block)").arg(static_cast<qlonglong>(q.blocks.size() - shown)))
            << '\n';
}

}  // namespace

int cmdQuantize(CommandArgs args, std::ostream& out, std::ostream& err) {
    const ParsedArgs a = parseArgs(args, kQuantizeOptions);
    if (a.has("help")) {
        out << trCli(kQuantizeHelp);
        return 0;
    }
    if (a.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "give the .npy file to quantize")));
    if (a.positionals().size() > 1) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(a.positionals()[1]))));
    const std::string path = a.positionals().front();

    if (!a.has("format")) throw UsageError("--format: " + u8(QCoreApplication::translate("cli", "give a format (%1)").arg(qs(knownFormats()))));
    const std::string formatName = a.text("format", "");
    const auto format = parseScaledFormat(formatName);
    if (!format)
        throw UsageError("--format: " + u8(QCoreApplication::translate("cli", "unknown format '%1' (known: %2)").arg(qs(formatName), qs(knownFormats()))));
    const ScaledFormatTraits& t = traits(*format);

    QuantizeOptions options;
    if (a.has("scale-mode")) {
        const std::string name = a.text("scale-mode", "");
        const auto mode = parseScaleMode(name);
        if (!mode)
            throw UsageError("--scale-mode: " + u8(QCoreApplication::translate("cli", "unknown value '%1' (%2)").arg(qs(name), QStringLiteral("floor, ceil, even, rceil"))));
        if (t.scale != Format::E8M0)
            throw UsageError("--scale-mode: " + u8(QCoreApplication::translate("cli", "applies to the MX formats' e8m0 scales; %1 has none").arg(qs(std::string(t.name)))));
        options.scaleMode = *mode;
    }
    options.overflow = a.has("saturate") ? Overflow::Saturate : Overflow::Ocp;
    if (a.has("amax")) {
        if (t.blockSize > 0)
            throw UsageError("--amax: " + u8(QCoreApplication::translate("cli", "applies to the per-tensor formats (e4m3, e5m2); %1 scales each block from its own amax")
                                                  .arg(qs(std::string(t.name)))));
        const double v = a.real("amax", 0, 0, 3.4028234663852886e38);
        options.amax = static_cast<float>(v);
    }
    const std::string outPath = a.text("out", "");
    if (a.has("out") && outPath.empty()) throw UsageError("--out: " + u8(QCoreApplication::translate("cli", "empty file name")));
    const std::string jsonPath = a.text("json", "");
    if (a.has("json") && jsonPath.empty()) throw UsageError("--json: " + u8(QCoreApplication::translate("cli", "empty file name (use '-' for standard output)")));
    if (!outPath.empty() && outPath == jsonPath)
        throw UsageError("--out: " + u8(QCoreApplication::translate("cli", "'%1' is where --json writes too: give the two outputs different files").arg(qs(outPath))));

    // '-' is standard output: the .npy's bytes there instead of the text, never onto a terminal (nor beside --json -,
    // refused above as one file for two outputs).
    const bool outToStdout = outPath == "-";
    if (outToStdout && ::isatty(STDOUT_FILENO))
        throw UsageError("--out: " + u8(QCoreApplication::translate("cli", "'-' writes a binary .npy to standard output, which is a terminal here: redirect it or give a file")));
    // The outputs before the input: a directory or a missing folder is refused before 512 MiB are read.
    for (const auto& [option, file] : {std::pair{"--out", outPath}, std::pair{"--json", jsonPath}})
        if (!file.empty() && file != "-")
            if (const std::string why = services::outputPathProblem(file); !why.empty())
                throw UsageError(std::string(option) + ": " + u8(QCoreApplication::translate("cli", "cannot write '%1': %2").arg(qs(file), qs(why))));

    const StopSignals stopSignals;  // Ctrl+C, SIGTERM or SIGHUP: nothing written (a temporary is removed)
    try {
        const Input in = readInput(path, t);
        QuantizedTensor q;
        try {
            q = quantize(*format, in.values, in.rows, in.cols, options);
        } catch (const Error& e) {
            throw UsageError(e.what());
        }
        if (StopSignals::stopFlag().load()) throw Cancelled();

        // Files are created only once the computation has succeeded; each appears whole or not at all.
        std::unique_ptr<AtomicFile> outFile, jsonFile;
        if (!outPath.empty() && !outToStdout) outFile = std::make_unique<AtomicFile>(outPath, "--out");
        if (!jsonPath.empty() && jsonPath != "-") jsonFile = std::make_unique<AtomicFile>(jsonPath, "--json");
        if (outToStdout) out << npyBytesF32(in.shape, q.dequantised);
        else if (jsonPath == "-") writeJson(out, path, in, q, options.amax);
        else writeText(out, path, in, q, options.amax);
        if (jsonFile) {
            writeJson(jsonFile->stream(), path, in, q, options.amax);
            if (StopSignals::stopFlag().load()) throw Cancelled();
            jsonFile->commit();
        }
        if (outFile) {
            outFile->stream() << npyBytesF32(in.shape, q.dequantised);
            if (StopSignals::stopFlag().load()) throw Cancelled();
            outFile->commit();
        }
    } catch (const Cancelled&) {
        return StopSignals::nothingWritten(err, "quantize");
    }
    return 0;
}

}  // namespace presisi::cli
