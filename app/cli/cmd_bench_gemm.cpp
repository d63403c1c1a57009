// `presisi bench gemm`: GEMM throughput per device and format (engine/speed/gemm_bench.h) as a table
// and as JSON with a `rows` list, the notes, the CPU's estimated peak and each lane's speed-up over f32.
#include <charconv>
#include <atomic>
#include <cstdio>

#include "../../engine/speed/gemm_bench.h"
#include "args.h"
#include "services/atomic_file.h"
#include "cli_text.h"
#include "commands.h"
#include "json_writer.h"
#include "service_names.h"

namespace presisi::cli {

namespace {

const char* kGemmHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--repeats 5]\n"
    "                          [--json FILE|-]\n"
    "  Achieved TFLOP/s of C = A B per lane: CPU f32 (the lanes' product: oneDNN with AVX-512, else Eigen;\n"
    "  one thread), f32 eigen, f32 oneDNN,\n"
    "  bf16/f16 native (oneDNN, where this CPU has the instructions), bf16/f16 emulated; GPU f32, tf32, bf16,\n"
    "  f16, f16+acc16 (cuBLAS, CUDA events). Square m = n = k = size, or --layer: batch 256 x size -> size.\n"
    "  Warm-up, then the median of interleaved repeats; random inputs in [-1, 1).\n"
    "  PRESISI_FORCE_EMULATED=1 simulates a CPU without native bf16/f16.\n");

void writeJson(JsonWriter& j, const GemmBenchSettings& s, const GemmBenchReport& r) {
    j.beginObject().field("shape", s.square ? "square" : "layer").field("repeats", s.repeats);
    j.field("cpu", r.cpuName).field("cpu_peak_tflops_f32_estimate", r.cpuPeakTflopsF32).field("cpu_peak_how", r.cpuPeakHow);
    if (!r.gpuName.empty()) j.field("gpu", r.gpuName);
    j.key("rows").beginArray();
    for (const GemmRow& row : r.rows) {
        j.beginObject().field("lane", row.lane).field("device", deviceName(row.device)).field("m", row.m)
            .field("n", row.n).field("k", row.k).field("seconds", row.seconds).field("tflops", row.tflops);
        if (row.device == Device::Cpu && r.cpuPeakTflopsF32 > 0)
            j.field("fraction_of_cpu_f32_peak", row.tflops / r.cpuPeakTflopsF32);
        j.endObject();
    }
    j.endArray().key("speedups").beginArray();
    for (const auto& sp : r.speedups)
        j.beginObject().field("lane", sp.lane).field("device", deviceName(sp.device)).field("size", sp.size)
            .field("over_f32", sp.overF32).endObject();
    j.endArray().key("notes").beginArray();
    for (const std::string& n : r.notes) j.value(n);
    j.endArray().endObject();
}

void writeTable(std::ostream& out, const GemmBenchSettings& s, const GemmBenchReport& r) {
    out << "GEMM throughput, " << (s.square ? "square m = n = k" : "layer-shaped m = 256, n = k = size")
        << ", median of " << s.repeats << " interleaved repeats\n";
    out << "CPU: " << r.cpuName << "; f32 peak " << r.cpuPeakTflopsF32 * 1e3 << " GFLOP/s (" << r.cpuPeakHow << ")\n";
    if (!r.gpuName.empty()) out << "GPU: " << r.gpuName << '\n';
    char line[240];
    std::snprintf(line, sizeof line, "  %-36s %6s %6s %6s %11s %9s %9s\n", "lane", "m", "n", "k", "seconds", "TFLOP/s",
                  "/f32 peak");
    out << line;
    for (const GemmRow& row : r.rows) {
        char frac[16] = "-";
        if (row.device == Device::Cpu && r.cpuPeakTflopsF32 > 0)
            std::snprintf(frac, sizeof frac, "%.2f", row.tflops / r.cpuPeakTflopsF32);
        std::snprintf(line, sizeof line, "  %-36s %6lld %6lld %6lld %11.6f %9.4f %9s\n", row.lane.c_str(),
                      static_cast<long long>(row.m), static_cast<long long>(row.n), static_cast<long long>(row.k),
                      row.seconds, row.tflops, frac);
        out << line;
    }
    if (!r.speedups.empty()) out << "speed-up over f32 at the largest size (CPU: the lanes' f32 product)\n";
    for (const auto& sp : r.speedups) {
        std::snprintf(line, sizeof line, "  %-36s %6lld  %5.2f x\n", sp.lane.c_str(), static_cast<long long>(sp.size),
                      sp.overF32);
        out << line;
    }
    for (const std::string& n : r.notes) out << "note: " << n << '\n';
}

}  // namespace

int benchGemmCmd(CommandArgs args, std::ostream& out, std::ostream& err) {
    const OptionSpec opts[] = {{"device", true}, {"sizes", true}, {"layer", false}, {"repeats", true},
                               {"json", true}, {"help", false}};
    const ParsedArgs a = parseArgs(args, opts);
    if (a.has("help")) {
        out << trCli(kGemmHelp);
        return 0;
    }
    if (!a.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "unexpected argument '%1'").arg(qs(a.positionals().front()))));
    GemmBenchSettings s;
    const std::string dev = a.text("device", "cpu");
    if (dev == "all") s.allDevices = true;
    else if (const auto d = parseDevice(dev)) s.device = *d;
    else throw UsageError("--device: unknown device '" + dev + "' (cpu, gpu or all)");
    if (a.has("sizes")) {
        s.sizes.clear();
        for (const std::string& v : a.list("sizes", "")) {
            // Decimal digits only: "0x10", "1e3" and "1.0" are refused, not read as 16, 1000 and 1.
            std::int64_t n = 0;
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
            if (v.empty() || ec != std::errc() || end != v.data() + v.size() || n < 1 || n > 65536)
                throw UsageError("--sizes: '" + v + "' must be an integer from 1 to 65536");
            s.sizes.push_back(n);
        }
        if (s.sizes.empty()) throw UsageError("--sizes: " + u8(QCoreApplication::translate("cli", "give at least one size")));
    }
    s.square = !a.has("layer");
    s.repeats = static_cast<int>(a.integer("repeats", 5, 1, 1000));
    if (const std::string why = gemmMemoryProblem(s); !why.empty()) throw UsageError("--sizes: " + why);
    std::atomic<bool> cancel{false};
    // Progress on stderr, so that --json - on stdout stays clean. Engine errors (presisi::Error) reach
    // cli.cpp's handler: one line, non-zero exit.
    const GemmBenchReport r =
        benchGemm(s, [&](int done, int total) { err << "\rbench gemm: " << done << "/" << total << std::flush; }, cancel);
    err << '\n';
    if (a.has("json")) {
        const std::string path = a.text("json", "-");
        if (path == "-") {
            JsonWriter j(out);
            writeJson(j, s, r);
            out << '\n';
            return 0;
        }
        AtomicFile f(path, "--json");
        JsonWriter j(f.stream());
        writeJson(j, s, r);
        f.stream() << '\n';
        f.commit();
    }
    writeTable(out, s, r);
    return 0;
}

}  // namespace presisi::cli
