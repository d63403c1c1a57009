// `presisi bench …`: the engine's benchmarks with same-run baselines, as text or JSON.
#include <cstdio>

#include "../../engine/benchmarks.h"
#include "../../engine/native/native_gemm.h"
#include "args.h"
#include "cli_text.h"
#include "commands.h"
#include "json_writer.h"

namespace presisi::cli {

namespace {

const char* kBenchHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi bench rounding [--elements N] [--repeats R] [--json]   (also e4m3/e5m2 encoding)\n"
    "       presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--json FILE|-]\n"
    "       presisi bench linear [--batch 1024] [--in 4096] [--out 4096] [--repeats R] [--device cpu|gpu|all] [--json]\n"
    "       presisi bench train [--sizes 2,64,64,3] [--batch 256] [--steps 2000] [--threads 1] [--lanes …] [--json]\n"
    "       presisi bench memory|sweep|breakdown [--preset NAME | train's setup options] [--batch B]\n"
    "                            [--budget BYTES] [--loader-ms MS] [--json FILE|-]   (--help: their options)\n");

int benchRoundingCmd(CommandArgs args, std::ostream& out) {
    const OptionSpec opts[] = {{"elements", true}, {"repeats", true}, {"json", false}};
    const ParsedArgs a = parseArgs(args, opts);
    if (!a.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(a.positionals().front()))));
    const auto rows = benchRounding(static_cast<std::size_t>(a.integer("elements", 1 << 24, 1024, 1 << 28)),
                                    static_cast<int>(a.integer("repeats", 7, 1, 1000)));
    if (a.has("json")) {
        JsonWriter j(out);
        j.beginObject().field("best_kernel", kernelName(bestKernel())).key("rows").beginArray();
        for (const auto& r : rows)
            j.beginObject().field("operation", r.operation).field("kernel", r.kernel).field("format", r.format)
                .field("gigabytes_per_second", r.gigabytesPerSecond).field("ratio_to_memcpy", r.ratioToMemcpy)
                .endObject();
        j.endArray().endObject();
        out << '\n';
        return 0;
    }
    out << "bulk rounding, bytes read + written per second (best of repeats); kernel in use: "
        << kernelName(bestKernel()) << '\n';
    bool encodeHeading = false;
    for (const auto& r : rows) {
        if (r.operation == "encode" && !encodeHeading) {
            out << "encoding to 8-bit codes (encodeSpan), float32 bytes read per second, memcpy counted the same:\n";
            encodeHeading = true;
        }
        char line[160];
        std::snprintf(line, sizeof line, "  %-10s %-5s %8.2f GB/s  %5.2f x memcpy\n", r.kernel.c_str(),
                      r.format.c_str(), r.gigabytesPerSecond, r.ratioToMemcpy);
        out << line;
    }
    return 0;
}

int benchLinearCmd(CommandArgs args, std::ostream& out, std::ostream& err) {
    const OptionSpec opts[] = {{"batch", true}, {"in", true}, {"out", true}, {"repeats", true},
                               {"device", true}, {"json", false}};
    const ParsedArgs a = parseArgs(args, opts);
    if (!a.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(a.positionals().front()))));
    LinearConfig c;
    c.batch = a.integer("batch", 1024, 1, 16384);
    c.in = a.integer("in", 4096, 1, 16384);
    c.out = a.integer("out", 4096, 1, 16384);
    const std::string device = a.text("device", "cpu");
    if (device != "cpu" && device != "gpu" && device != "cuda" && device != "all")
        throw UsageError("--device: " + u8(QCoreApplication::translate("cli", "expected cpu, gpu or all, got '%1'").arg(qs(device))));
    if (device != "cpu" && !cudaStatus().available) {
        err << "presisi bench linear: --device " << device << ": " << cudaStatus().reason << '\n';
        return 1;
    }
    // Each lane is timed on its own device (engine/linear_backend.h): CPU wall time, GPU device time.
    std::vector<LinearLane> lanes;
    if (device == "cpu" || device == "all") {
        for (Format f : kAllFormats) lanes.push_back({Device::Cpu, f, Accumulation::F32, Subnormals::Keep});
        // Beside the emulated lanes, the native ones this CPU has (oneDNN; engine/native).
        for (Format f : {Format::BF16, Format::F16})
            if (native::available(f)) {
                LinearLane l{Device::Cpu, f, Accumulation::F32, Subnormals::Keep};
                l.native = true;
                lanes.push_back(l);
            }
    }
    if (device != "cpu") {
        for (Format f : kAllFormats) lanes.push_back({Device::Gpu, f, Accumulation::F32, Subnormals::Keep});
        LinearLane tf32{Device::Gpu, Format::F32, Accumulation::F32, Subnormals::Keep};
        tf32.tf32 = true;
        lanes.push_back(tf32);
    }
    const auto rows = benchLinear(c, lanes, static_cast<int>(a.integer("repeats", 5, 1, 1000)));
    if (a.has("json")) {
        JsonWriter j(out);
        j.beginObject().field("batch", static_cast<std::int64_t>(c.batch)).field("in", static_cast<std::int64_t>(c.in))
            .field("out", static_cast<std::int64_t>(c.out)).key("lanes").beginArray();
        for (const auto& r : rows)
            j.beginObject().field("lane", r.lane).field("seconds", r.seconds).field("gflops", r.gflops)
                .field("ratio_to_f32", r.ratioToF32).endObject();
        j.endArray().endObject();
        out << '\n';
        return 0;
    }
    out << "linear forward, batch " << c.batch << ", " << c.in << " -> " << c.out
        << (device == "cpu" ? ", one thread (median)\n" : ", CPU lanes on one thread, GPU lanes in device time (median)\n");
    for (const auto& r : rows) {
        char line[160];
        std::snprintf(line, sizeof line, "  %-15s %9.4f s  %7.1f GFLOP/s  %5.3f x f32\n", r.lane.c_str(), r.seconds,
                      r.gflops, r.ratioToF32);
        out << line;
    }
    return 0;
}

}  // namespace

int cmdBench(CommandArgs args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args[0] == "--help") {
        out << trCli(kBenchHelp);
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "rounding") return benchRoundingCmd(args.subspan(1), out);
    if (args[0] == "linear") return benchLinearCmd(args.subspan(1), out, err);
    if (args[0] == "train") return benchTrainCmd(args.subspan(1), out);
    if (args[0] == "gemm") return benchGemmCmd(args.subspan(1), out, err);
    if (args[0] == "memory" || args[0] == "sweep" || args[0] == "breakdown")
        return benchSpeedCmd(args[0], args.subspan(1), out, err);
    throw UsageError(u8(QCoreApplication::translate("cli", "unknown benchmark '%1' (known: %2)")
                             .arg(qs(args[0]), QStringLiteral("rounding, gemm, linear, train, memory, sweep, breakdown"))));
}

}  // namespace presisi::cli
