// GEMM throughput: every CPU lane (the lanes' f32 product, Eigen f32, oneDNN f32, native bf16/f16, emulated
// bf16/f16) and every GPU lane (cuBLAS), warm-up, interleaved repeats, medians, speed-ups over f32 and the
// CPU's estimated peak. No Qt.
#include "gemm_bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <random>
#include <span>

#include "../error.h"
#include "../format.h"
#include "../native/native_gemm.h"
#include "../tensor.h"
#include "../training/memory_estimate.h"
#include "cpu_peak.h"
#include "step_harness.h"  // median: the speed lab's one (the mean of the middle two when even)
#ifdef PRESISI_HAVE_CUDA
#include "../cuda/cuda_gemm_bench.h"
#endif

namespace presisi {

namespace {

constexpr double kBatchSeconds = 0.02;  // a CPU timing repeats a small product until it lasts this long
constexpr double kGpuBatchSeconds = 0.005;

struct Shape { std::int64_t m, n, k; };
Shape shapeFor(std::int64_t size, bool square) {
    // Layer-shaped: a linear layer's forward at batch 256, in = out = size (x (256, in) times W^T (in, out)).
    return square ? Shape{size, size, size} : Shape{256, size, size};
}

// Random values in [-1, 1), never zero (a zero operand could take a shortcut in no kernel we know of,
// but the contract says never zeros, and it keeps every product's value meaningful).
Matrix randomMatrix(Index rows, Index cols, std::mt19937& gen) {
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    Matrix m(rows, cols);
    for (Index i = 0; i < m.size(); ++i) {
        float v = dist(gen);
        m.data()[i] = v == 0.0f ? 0.5f : v;
    }
    return m;
}


// The CPU operands of one shape in every form the lanes read: float32, rounded float32 storage (the
// emulated lanes) and 16-bit encodings (the native lanes), so no lane pays for another's conversion.
struct CpuOperands {
    Matrix a, b, c;
    // Indexed by Format: rounded copies for BF16/F16 (the lane formats; the formats of 8 bits and below
    // follow them in the enum and never index these).
    static constexpr std::size_t kSlots = std::size(kAllFormats);
    static_assert(static_cast<std::size_t>(Format::BF16) < kSlots && static_cast<std::size_t>(Format::F16) < kSlots);
    Matrix aR[kSlots], bR[kSlots];
    std::vector<std::uint16_t> aBits[kSlots], bBits[kSlots];
};

// Host bytes of one shape's operands: A and B in float32, rounded to bf16 and f16 (float32 storage) and as
// 16-bit encodings of both; C in float32. Checked against MemAvailable before anything is allocated.
double operandBytes(const Shape& s) {
    const double ab = static_cast<double>(s.m) * static_cast<double>(s.k) + static_cast<double>(s.k) * static_cast<double>(s.n);
    return ab * (4 + 2 * 4 + 2 * 2) + 4.0 * static_cast<double>(s.m) * static_cast<double>(s.n);
}

std::string memoryProblem(const Shape& s) {
    if (const auto avail = availableMemory(); avail && operandBytes(s) > 0.8 * static_cast<double>(*avail))
        return "GEMM size " + std::to_string(s.k) + " needs " + formatBytes(operandBytes(s)) + " of host memory, " +
               formatBytes(static_cast<double>(*avail)) + " available";
    return {};
}

CpuOperands makeOperands(const Shape& s, std::mt19937& gen) {
    if (const std::string why = memoryProblem(s); !why.empty()) throw Error(why);
    CpuOperands o;
    o.a = randomMatrix(s.m, s.k, gen);
    o.b = randomMatrix(s.k, s.n, gen);
    o.c.resize(s.m, s.n);
    for (Format f : {Format::BF16, Format::F16}) {
        const int i = static_cast<int>(f);
        o.aR[i].resize(s.m, s.k);
        o.bR[i].resize(s.k, s.n);
        roundSpan(f, span(o.a), span(o.aR[i]));
        roundSpan(f, span(o.b), span(o.bR[i]));
        if (native::available(f)) {
            o.aBits[i].resize(static_cast<std::size_t>(o.a.size()));
            o.bBits[i].resize(static_cast<std::size_t>(o.b.size()));
            native::toBits(f, o.aR[i].data(), o.aBits[i].data(), o.a.size());
            native::toBits(f, o.bR[i].data(), o.bBits[i].data(), o.b.size());
        }
    }
    return o;
}

// The float32 product the training lanes run (engine/training/ops/product.h, multiply()): oneDNN's AVX-512
// kernel where native::f32Product takes it, else Eigen's.
void lanesF32Product(Matrix& c, const Matrix& a, const Matrix& b) {
    if (!native::f32Product(c, a, b)) c.noalias() = a * b;
}

// One product of `lane` on the operands. A low lane's result is rounded to its format (the lanes'
// policy): native and emulated lanes both pay that m x n rounding, neither pays for converting inputs.
void runCpuLane(const GemmLane& lane, CpuOperands& o) {
    const Index m = o.a.rows(), k = o.a.cols(), n = o.b.cols();
    if (lane.name == "f32") {
        lanesF32Product(o.c, o.a, o.b);
        return;
    }
    if (lane.name == "f32 eigen") {
        o.c.noalias() = o.a * o.b;
        return;
    }
    if (lane.name == "f32 onednn") {
        native::matmulF32(o.a.data(), o.b.data(), o.c.data(), m, n, k);
        return;
    }
    const Format f = lane.name.rfind("bf16", 0) == 0 ? Format::BF16 : Format::F16;
    const int i = static_cast<int>(f);
    if (lane.native) native::matmulBits(f, o.aBits[i].data(), o.bBits[i].data(), o.c.data(), m, n, k);
    else lanesF32Product(o.c, o.aR[i], o.bR[i]);  // float32 accumulation of exact products
    roundSpan(f, span(o.c), span(o.c));
}

double secondsOf(const std::function<void()>& run, int iters) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < iters; ++i) run();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / iters;
}

int itersFor(double oneRun, double target) {
    return static_cast<int>(std::clamp(std::ceil(target / std::max(oneRun, 1e-9)), 1.0, 10000.0));
}

struct Progress {
    const std::function<void(int, int)>& report;
    const std::atomic<bool>& cancel;
    int done = 0, total = 0;
    void check() const {
        if (cancel.load()) throw Cancelled();
    }
    void step() {
        ++done;
        if (report) report(done, total);
        check();
    }
};

void benchCpuSize(const std::vector<GemmLane>& lanes, const Shape& s, int repeats, std::mt19937& gen,
                  Progress& progress, GemmBenchReport& report) {
    CpuOperands o = makeOperands(s, gen);
    std::vector<int> iters(lanes.size());
    std::vector<std::vector<double>> times(lanes.size());
    // Warm-up: builds oneDNN's primitives, touches every page and sizes each lane's batch.
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        progress.check();
        iters[l] = itersFor(secondsOf([&] { runCpuLane(lanes[l], o); }, 1), kBatchSeconds);
    }
    for (int r = 0; r < repeats; ++r)
        for (std::size_t l = 0; l < lanes.size(); ++l) {
            times[l].push_back(secondsOf([&] { runCpuLane(lanes[l], o); }, iters[l]));
            progress.step();
        }
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        const double sec = median(times[l]);
        report.rows.push_back({lanes[l].name, Device::Cpu, s.m, s.n, s.k, sec,
                               2.0 * static_cast<double>(s.m) * static_cast<double>(s.n) * static_cast<double>(s.k) / sec / 1e12});
    }
}

#ifdef PRESISI_HAVE_CUDA
cuda::GemmKind kindOf(const GemmLane& lane) {
    for (cuda::GemmKind k : cuda::kAllGemmKinds)
        if (lane.name == cuda::gemmKindName(k)) return k;
    return cuda::GemmKind::F32;
}

void benchGpuSize(const std::vector<GemmLane>& lanes, const Shape& s, int repeats, Progress& progress,
                  GemmBenchReport& report) {
    cuda::GemmBuffers buf(s.m, s.n, s.k);
    std::vector<int> iters(lanes.size());
    std::vector<std::vector<double>> times(lanes.size());
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        progress.check();
        buf.seconds(kindOf(lanes[l]), 1);  // cuBLAS picks and loads its kernel
        iters[l] = itersFor(buf.seconds(kindOf(lanes[l]), 1), kGpuBatchSeconds);
    }
    for (int r = 0; r < repeats; ++r)
        for (std::size_t l = 0; l < lanes.size(); ++l) {
            times[l].push_back(buf.seconds(kindOf(lanes[l]), iters[l]));
            progress.step();
        }
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        const double sec = median(times[l]);
        report.rows.push_back({lanes[l].name, Device::Gpu, s.m, s.n, s.k, sec,
                               2.0 * static_cast<double>(s.m) * static_cast<double>(s.n) * static_cast<double>(s.k) / sec / 1e12});
    }
}
#endif

void addSpeedups(GemmBenchReport& r) {
    for (Device d : {Device::Cpu, Device::Gpu}) {
        std::int64_t largest = 0;
        for (const GemmRow& row : r.rows)
            if (row.device == d) largest = std::max(largest, row.k);
        const std::string base = d == Device::Cpu ? "f32" : "gpu:f32";
        const GemmRow* f32 = nullptr;
        for (const GemmRow& row : r.rows)
            if (row.device == d && row.k == largest && row.lane == base) f32 = &row;
        if (!f32) continue;
        for (const GemmRow& row : r.rows)
            if (row.device == d && row.k == largest)
                r.speedups.push_back({row.lane, d, largest, row.tflops / f32->tflops});
    }
}

}  // namespace

std::string gemmMemoryProblem(const GemmBenchSettings& settings) {
    for (std::int64_t size : settings.sizes)
        if (const std::string why = memoryProblem(shapeFor(size, settings.square)); !why.empty()) return why;
    return {};
}

std::vector<GemmLane> availableGemmLanes(Device device) {
    std::vector<GemmLane> lanes;
    if (device == Device::Gpu) {
#ifdef PRESISI_HAVE_CUDA
        if (!cudaStatus().available) return lanes;
        for (cuda::GemmKind k : cuda::kAllGemmKinds)
            lanes.push_back({Device::Gpu, cuda::gemmKindName(k), k != cuda::GemmKind::F32, false});
#endif
        return lanes;
    }
    lanes.push_back({Device::Cpu, "f32", false, false});
    // Where "f32" can go to oneDNN, Eigen's product (its fallback) is shown beside it.
    if (native::f32Available()) lanes.push_back({Device::Cpu, "f32 eigen", false, false});
    if (native::support().built && !native::support().f32Kernel.empty())
        lanes.push_back({Device::Cpu, "f32 onednn", false, false});
    for (Format f : {Format::BF16, Format::F16}) {
        const std::string name(traits(f).name);
        if (native::available(f)) lanes.push_back({Device::Cpu, name + " native", true, false});
    }
    for (Format f : {Format::BF16, Format::F16}) {
        const std::string name(traits(f).name);
        // Where the format has no native kernel the emulated lane is all there is: its label says so.
        lanes.push_back({Device::Cpu, native::available(f) ? name + " emulated" : name + " emulated (no native " + name + " here)",
                         false, true});
    }
    return lanes;
}

GemmBenchReport benchGemm(const GemmBenchSettings& settings, const std::function<void(int done, int total)>& progressFn,
                          const std::atomic<bool>& cancel) {
    if (settings.sizes.empty()) throw Error("GEMM bench: no sizes given");
    for (std::int64_t s : settings.sizes)
        if (s < 1 || s > 65536) throw Error("GEMM size " + std::to_string(s) + " out of range (1..65536)");
    if (settings.repeats < 1 || settings.repeats > 1000)
        throw Error("GEMM bench: repeats " + std::to_string(settings.repeats) + " out of range (1..1000)");
    const bool cpu = settings.allDevices || settings.device == Device::Cpu;
    const bool gpu = settings.allDevices || settings.device == Device::Gpu;

    GemmBenchReport report;
    const CpuPeak peak = estimateCpuPeak();
    report.cpuName = peak.cpuName;
    report.cpuPeakTflopsF32 = peak.tflopsF32;
    report.cpuPeakHow = peak.how;

    const std::vector<GemmLane> cpuLanes = cpu ? availableGemmLanes(Device::Cpu) : std::vector<GemmLane>{};
    const std::vector<GemmLane> gpuLanes = gpu ? availableGemmLanes(Device::Gpu) : std::vector<GemmLane>{};
    if (cpu) {
        for (Format f : {Format::BF16, Format::F16}) {
            if (!native::available(f)) report.notes.push_back(native::fallbackMessage(f));
            if (const std::string s = native::subnormalNote(f); !s.empty()) report.notes.push_back(s);
        }
        if (native::support().built)
            report.notes.push_back(native::support().version + ", CPU ISA " + native::support().isa +
                                   "; one thread for every CPU lane (Eigen and oneDNN alike)");
    }
    if (gpu) {
        if (!builtWithCuda()) report.notes.push_back("GPU lanes absent: this build has no CUDA backend");
        else if (!cudaStatus().available) report.notes.push_back("GPU lanes absent: " + cudaStatus().reason);
        else report.gpuName = cudaStatus().name;
    }

    Progress progress{progressFn, cancel};
    const int n = static_cast<int>(settings.sizes.size());
    progress.total = n * settings.repeats * static_cast<int>(cpuLanes.size() + gpuLanes.size());
    std::mt19937 gen(12);
    for (std::int64_t size : settings.sizes) {
        const Shape s = shapeFor(size, settings.square);
        if (!cpuLanes.empty()) benchCpuSize(cpuLanes, s, settings.repeats, gen, progress, report);
#ifdef PRESISI_HAVE_CUDA
        if (!gpuLanes.empty()) {
            try {
                benchGpuSize(gpuLanes, s, settings.repeats, progress, report);
            } catch (const Cancelled&) {
                throw;
            } catch (const Error& e) {
                report.notes.push_back("GPU size " + std::to_string(size) + " left out: " + e.what());
                progress.done += settings.repeats * static_cast<int>(gpuLanes.size());
            }
        }
#endif
    }
    addSpeedups(report);
    return report;
}

}  // namespace presisi
