// GPU-versus-CPU agreement checks (see gpu_checks.h): the criteria live here once, for the Qt suites
// and the device check tool alike. No Qt here.
#include "gpu_checks.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numbers>
#include <random>

#include "engine/device.h"
#include "engine/error.h"
#include "engine/format.h"
#include "engine/training/lane_backend.h"
#include "engine/training/runner.h"
#ifdef PRESISI_HAVE_CUDA
#include "engine/cuda/cuda_lane.h"
#include "engine/cuda/cuda_linear.h"
#include "engine/cuda/cuda_training.h"
#endif

namespace presisi::gpucheck {

namespace {

std::string fmt(const char* f, double a) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, a);
    return buf;
}

std::string shapeName(const LinearConfig& c) {
    return std::to_string(c.in) + "x" + std::to_string(c.out) + " b" + std::to_string(c.batch) + " s" +
           std::to_string(c.seed);
}

bool sameValue(float a, float b) { return a == b || (std::isnan(a) && std::isnan(b)); }
bool sameBits(float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b) || (std::isnan(a) && std::isnan(b));
}
bool oneUnitApart(Format f, float a, float b) { return b == nextUp(f, a) || b == nextDown(f, a); }

// At most 1% of the elements may differ by one unit (at least one element, so that a tiny tensor
// with one tie broken the other way passes as a large one does).
std::int64_t allowedMismatches(std::int64_t count) { return std::max<std::int64_t>(1, count / 100); }

Check skipped(std::string name) { return {std::move(name), Outcome::Skip, cudaStatus().reason}; }

// Runs `body` when a device is usable; a presisi::Error becomes a failure naming it.
Check guarded(const std::string& name, const std::function<Check()>& body) {
    if (!cudaStatus().available) return skipped(name);
    try {
        Check c = body();
        c.name = name;
        return c;
    } catch (const std::exception& e) {
        return {name, Outcome::Fail, std::string("threw: ") + e.what()};
    }
}

// Counts, for two tensors of one format: bitwise-different elements and those more than one unit
// apart. `orderBound` (optional, per element) is how far two float32 accumulation orders may move
// the unrounded value: near zero, where the format's unit is smaller than that, an element may
// differ by more than one unit and still be only accumulation-order noise; it is counted as
// differing, not as beyond.
struct UnitDiff {
    std::int64_t count = 0, differing = 0, beyond = 0;
    std::string worst;  // the first element beyond, for the message
};
double unitAt(Format f, float v) {
    return std::max(std::fabs(static_cast<double>(nextUp(f, v)) - v), std::fabs(v - static_cast<double>(nextDown(f, v))));
}
UnitDiff unitDiff(Format f, std::span<const float> gpu, std::span<const float> cpu,
                  std::span<const double> orderBound = {}) {
    UnitDiff d;
    d.count = static_cast<std::int64_t>(cpu.size());
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        if (sameValue(gpu[i], cpu[i])) continue;
        ++d.differing;
        if (oneUnitApart(f, cpu[i], gpu[i])) continue;
        const double diff = std::fabs(static_cast<double>(gpu[i]) - cpu[i]);
        if (!orderBound.empty() && diff <= orderBound[i] + unitAt(f, cpu[i])) continue;
        if (d.beyond == 0)
            d.worst = "element " + std::to_string(i) + ": gpu " + fmt("%.9g", gpu[i]) + ", cpu " + fmt("%.9g", cpu[i]);
        ++d.beyond;
    }
    return d;
}

Check judgeUnits(const std::string& what, const UnitDiff& d) {
    const std::string counts = std::to_string(d.differing) + " of " + std::to_string(d.count) +
                               " elements one unit apart (allowed " + std::to_string(allowedMismatches(d.count)) + ")";
    if (d.beyond > 0)
        return {what, Outcome::Fail, std::to_string(d.beyond) + " elements more than one unit apart, first " + d.worst};
    if (d.differing > allowedMismatches(d.count)) return {what, Outcome::Fail, counts};
    return {what, Outcome::Pass, counts};
}

// |a - b| <= allowed[i] for every element; reports the worst as a fraction of what is allowed.
Check judgeBound(const std::string& what, std::span<const float> gpu, std::span<const float> cpu,
                 std::span<const double> allowed) {
    double worst = 0;
    std::size_t at = 0;
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        const double d = std::fabs(static_cast<double>(gpu[i]) - cpu[i]);
        const double frac = d / std::max(allowed[i], 1e-300);
        if (!(frac <= worst)) {
            worst = frac;
            at = i;
        }
    }
    const std::string detail = "worst element " + std::to_string(at) + " at " + fmt("%.3g", worst) + " of its bound";
    return {what, worst <= 1.0 ? Outcome::Pass : Outcome::Fail, detail};
}

std::span<const float> spanOf(const Matrix& m) { return {m.data(), static_cast<std::size_t>(m.size())}; }

}  // namespace

std::string_view outcomeName(Outcome o) {
    switch (o) {
    case Outcome::Pass: return "PASS";
    case Outcome::Fail: return "FAIL";
    case Outcome::Skip: return "skip";
    default: return "info";
    }
}

// ---- linear ---------------------------------------------------------------------------------------

std::vector<LinearConfig> linearCheckConfigs() {
    return {{256, 256, 64, 0}, {37, 11, 5, 1}, {1024, 64, 8, 7}, {512, 128, 16, 42}, {4096, 1024, 128, 3}};
}

std::vector<LinearLane> linearCheckLanes() {
    std::vector<LinearLane> lanes;
    auto add = [&](Format f, bool tf32, Accumulation acc, Subnormals sub) {
        LinearLane l;
        l.device = Device::Gpu;
        l.format = f;
        l.tf32 = tf32;
        l.accumulation = acc;
        l.subnormals = sub;
        lanes.push_back(l);
    };
    add(Format::F32, false, Accumulation::F32, Subnormals::Keep);
    add(Format::F32, true, Accumulation::F32, Subnormals::Keep);
    add(Format::BF16, false, Accumulation::F32, Subnormals::Keep);
    add(Format::F16, false, Accumulation::F32, Subnormals::Keep);
    add(Format::BF16, false, Accumulation::F32, Subnormals::Flush);
    add(Format::F16, false, Accumulation::F32, Subnormals::Flush);
    add(Format::F16, false, Accumulation::Storage, Subnormals::Keep);
    return lanes;
}

namespace {
// The CPU lane a GPU lane is compared with: same format and options; tf32 against plain f32.
LinearLane cpuTwin(const LinearLane& gpu) {
    LinearLane c = gpu;
    c.device = Device::Cpu;
    c.tf32 = false;
    return c;
}
bool plainF32(const LinearLane& l) {
    return l.format == Format::F32 && !l.tf32 && l.subnormals == Subnormals::Keep && l.accumulation == Accumulation::F32;
}
}  // namespace

LinearAgreement compareLinear(const LinearConfig& config, const LinearLane& gpuLane) {
    if (!cudaStatus().available) throw Error("compareLinear: " + cudaStatus().reason);
    const LinearLane cpuLane = cpuTwin(gpuLane);
    std::vector<LinearLane> lanes{LinearLane{Device::Cpu}, LinearLane{Device::Gpu}};
    const bool cpuIsRef = plainF32(cpuLane), gpuIsRef = plainF32(gpuLane);
    if (!cpuIsRef) lanes.push_back(cpuLane);
    if (!gpuIsRef) lanes.push_back(gpuLane);
    const LinearResult r = runLinear(config, lanes);
    if (r.lanes.size() != lanes.size())
        throw Error("compareLinear: " + std::to_string(r.lanes.size()) + " of " + std::to_string(lanes.size()) +
                    " lanes ran" + (r.notes.empty() ? "" : ": " + r.notes.front()));
    const LinearLaneResult& cpu = r.lanes[cpuIsRef ? 0 : 2];
    const LinearLaneResult& gpu = r.lanes[gpuIsRef ? 1 : lanes.size() - 1];

    // Two float32 accumulation orders over K terms each stay within K u S of the exact sum,
    // S = |x| |W|^T + |b| (u = 2^-24); TF32 adds the rounding of both inputs (at most 2^-10 each in
    // relative terms, truncation included).
    const LinearInputs& in = r.inputs;
    Eigen::MatrixXd S = in.x.cast<double>().cwiseAbs() * in.weight.cast<double>().cwiseAbs().transpose();
    S.rowwise() += in.bias.cast<double>().cwiseAbs().transpose();
    const double rel = 2.0 * static_cast<double>(config.in + 1) * std::ldexp(1.0, -24) +
                       (gpuLane.tf32 ? 2.0 * std::ldexp(1.0, -10) : 0.0);
    std::vector<double> bound(static_cast<std::size_t>(S.size()));
    for (Index i = 0; i < gpu.output.rows(); ++i)
        for (Index j = 0; j < gpu.output.cols(); ++j)
            bound[static_cast<std::size_t>(i * gpu.output.cols() + j)] = rel * S(i, j) + 1e-30;

    LinearAgreement a;
    a.gpuLabel = gpuLane.label();
    a.cpuLabel = cpuLane.label();
    const UnitDiff d = unitDiff(gpuLane.format, spanOf(gpu.output), spanOf(cpu.output), bound);
    a.count = d.count;
    a.differing = d.differing;
    a.beyondOneUnit = d.beyond;
    a.meanErrGpu = gpu.metrics.meanAbsError;
    a.meanErrCpu = cpu.metrics.meanAbsError;
    a.correlationGpu = gpu.metrics.correlation;
    if (gpuLane.format == Format::F32) {
        double worst = 0;
        for (std::size_t i = 0; i < bound.size(); ++i) {
            const double diff = std::fabs(static_cast<double>(gpu.output.data()[i]) - cpu.output.data()[i]);
            worst = std::max(worst, diff / bound[i]);
            if (std::isnan(diff)) worst = INFINITY;
        }
        a.worstBoundFraction = worst;
    }
    return a;
}

Check judgeLinear(const LinearConfig& config, const LinearLane& gpuLane, const LinearAgreement& a) {
    const std::string name = "linear " + shapeName(config) + " " + a.gpuLabel + " vs " + a.cpuLabel;
    const std::string means = "mean |err| gpu " + fmt("%.6g", a.meanErrGpu) + ", cpu " + fmt("%.6g", a.meanErrCpu);
    if (gpuLane.format == Format::F32) {
        const std::string detail = "worst |gpu - cpu| at " + fmt("%.3g", a.worstBoundFraction) +
                                   " of the accumulation-order bound; " + std::to_string(a.differing) + " of " +
                                   std::to_string(a.count) + " differ" + (gpuLane.tf32 ? "; " + means : "");
        return {name, a.worstBoundFraction <= 1.0 ? Outcome::Pass : Outcome::Fail, detail};
    }
    const std::string units = std::to_string(a.differing) + " of " + std::to_string(a.count) + " one unit apart";
    if (gpuLane.accumulation == Accumulation::Storage)
        return {name, Outcome::Info,
                "16F accumulation (order not promised by cuBLAS): " + std::to_string(a.differing) + " of " +
                    std::to_string(a.count) + " differ; " + means};
    if (a.beyondOneUnit > 0)
        return {name, Outcome::Fail,
                std::to_string(a.beyondOneUnit) + " elements more than one unit apart beyond accumulation-order noise; " +
                    means};
    if (a.differing > allowedMismatches(a.count))
        return {name, Outcome::Fail, units + " (allowed " + std::to_string(allowedMismatches(a.count)) + "); " + means};
    const double relMean = a.meanErrCpu > 0 ? std::fabs(a.meanErrGpu - a.meanErrCpu) / a.meanErrCpu : 0.0;
    if (relMean > 0.01)
        return {name, Outcome::Fail, means + " differ by " + fmt("%.3g", relMean * 100) + "% (allowed 1%)"};
    return {name, Outcome::Pass, units + "; " + means};
}

std::vector<CheckCase> linearCases() {
    std::vector<CheckCase> cases;
    for (const LinearConfig& c : linearCheckConfigs())
        for (const LinearLane& l : linearCheckLanes()) {
            const std::string name = "linear " + shapeName(c) + " " + l.label();
            cases.push_back({name, [c, l, name] {
                                 return guarded(name, [&] { return judgeLinear(c, l, compareLinear(c, l)); });
                             }});
        }
    return cases;
}

namespace {

std::vector<float> readF32(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw Error("cannot open " + path);
    f.seekg(0, std::ios::end);
    const auto bytes = static_cast<std::size_t>(f.tellg());
    f.seekg(0);
    std::vector<float> v(bytes / sizeof(float));
    f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(float)));
    if (!f) throw Error("cannot read " + path);
    return v;
}

Check tutorialCheck() {
    LinearLane bf16;
    bf16.device = Device::Gpu;
    bf16.format = Format::BF16;
    const LinearResult r = runLinear({256, 256, 64, 0}, {LinearLane{Device::Gpu}, bf16});
    if (r.lanes.size() != 2) throw Error("tutorial example: GPU lanes did not run");
    const ErrorMetrics& m = r.lanes[1].metrics;
    const std::string detail =
        "mean |diff| " + fmt("%.6f", m.meanAbsError) + " (tutorial 0.001253), correlation " + fmt("%.4f", m.correlation);
    const bool ok = std::fabs(m.meanAbsError - 0.001253) < 5e-7 && std::round(m.correlation * 1e4) == 1e4;
    return {"", ok ? Outcome::Pass : Outcome::Fail, detail};
}

Check torchReferenceCheck(const std::string& dataDir) {
#ifdef PRESISI_HAVE_CUDA
    const std::string base = dataDir + "/torch/linear_s0_256x256_b64_";
    const std::vector<float> x = readF32(base + "x.f32"), w = readF32(base + "weight.f32"),
                             b = readF32(base + "bias.f32"), y = readF32(base + "y_bf16.f32");
    if (x.size() != 64 * 256 || w.size() != 256 * 256 || b.size() != 256 || y.size() != 64 * 256)
        throw Error("torch reference " + base + "*: unexpected sizes");
    const Matrix X = Eigen::Map<const Matrix>(x.data(), 64, 256);
    const Matrix W = Eigen::Map<const Matrix>(w.data(), 256, 256);
    const Vector B = Eigen::Map<const Vector>(b.data(), 256);
    LinearLane lane;
    lane.device = Device::Gpu;
    lane.format = Format::BF16;
    const Matrix out = linearForwardCuda(lane, X, W, B);
    Eigen::MatrixXd S = X.cast<double>().cwiseAbs() * W.cast<double>().cwiseAbs().transpose();
    S.rowwise() += B.cast<double>().cwiseAbs().transpose();
    std::vector<double> bound(static_cast<std::size_t>(S.size()));
    for (Index i = 0; i < S.rows(); ++i)
        for (Index j = 0; j < S.cols(); ++j)
            bound[static_cast<std::size_t>(i * S.cols() + j)] = 2.0 * 257 * std::ldexp(1.0, -24) * S(i, j);
    return judgeUnits("", unitDiff(Format::BF16, spanOf(out), y, bound));
#else
    (void)dataDir;
    return {"", Outcome::Skip, cudaStatus().reason};
#endif
}

Check memoryPredictionCheck() {
#ifdef PRESISI_HAVE_CUDA
    // A model that cannot fit: nine widths of 4096 and a batch of 2^22 rows need far more than any GPU has.
    Scenario s;
    s.sizes.assign(9, 4096);
    LaneSpec lane;
    lane.device = Device::Gpu;
    lane.format = Format::BF16;
    try {
        auto backend = makeCudaLane(s, lane, Index{1} << 22);
        return {"", Outcome::Fail, "a lane of sizes 4096 x 9 and batch 2^22 was accepted"};
    } catch (const Error& e) {
        const std::string msg = e.what();
        const bool ok = msg.find("device memory") != std::string::npos && msg.find("free of") != std::string::npos &&
                        msg.find("4096") != std::string::npos;
        return {"", ok ? Outcome::Pass : Outcome::Fail, msg};
    }
#else
    return {"", Outcome::Skip, cudaStatus().reason};
#endif
}

}  // namespace

std::vector<CheckCase> linearExtraCases(const std::string& dataDir) {
    return {
        {"tutorial example on the GPU: bf16 mean |diff| 0.001253",
         [] { return guarded("tutorial example on the GPU: bf16 mean |diff| 0.001253", tutorialCheck); }},
        {"gpu:bf16 vs PyTorch's bf16 output (seed 0, 256x256, batch 64)",
         [dataDir] {
             return guarded("gpu:bf16 vs PyTorch's bf16 output (seed 0, 256x256, batch 64)",
                            [&] { return torchReferenceCheck(dataDir); });
         }},
        {"device memory predicted before allocation",
         [] { return guarded("device memory predicted before allocation", memoryPredictionCheck); }},
    };
}

// ---- training kernels -----------------------------------------------------------------------------

#ifdef PRESISI_HAVE_CUDA
namespace {

using cuda::DeviceArray;

std::vector<float> randomNormal(std::size_t n, float scale, std::uint32_t seed) {
    std::mt19937 gen(seed);
    std::normal_distribution<float> d(0.0f, scale);
    std::vector<float> v(n);
    for (float& x : v) x = d(gen);
    return v;
}

std::vector<float> roundedCopy(std::vector<float> v, Format f, bool flush = false) {
    for (float& x : v) x = roundTo(f, x, flush ? Subnormals::Flush : Subnormals::Keep);
    return v;
}

DeviceArray onDevice(const std::vector<float>& v) {
    DeviceArray d;
    d.upload(v);
    return d;
}

// Every bf16 pattern in the upper half-word with low half-words at and around the ties, plus
// specials: covers bf16 ties, f16's whole range with its subnormals and the overflow threshold.
std::vector<float> roundingInputs() {
    std::vector<float> v;
    std::mt19937 gen(7);
    for (std::uint32_t hi = 0; hi < 65536; ++hi)
        for (std::uint32_t lo : {0u, 0x7FFFu, 0x8000u, 0x8001u, 0xFFFFu, static_cast<std::uint32_t>(gen() & 0xFFFFu)})
            v.push_back(std::bit_cast<float>((hi << 16) | lo));
    for (float x : {65504.0f, 65519.99f, 65520.0f, std::ldexp(1.0f, -24), std::ldexp(1.0f, -25),
                    std::ldexp(3.0f, -26), std::ldexp(1.0f, -14), std::ldexp(1.0f, -126), std::ldexp(1.0f, -149)})
        for (float s : {1.0f, -1.0f}) v.push_back(s * x);
    return v;
}

Check roundingCheck(Format f, bool flush) {
    const std::vector<float> in = roundingInputs();
    DeviceArray d = onDevice(in);
    cuda::roundInPlace(d.data(), d.size(), f, flush);
    const std::vector<float> out = d.download();
    std::int64_t bad = 0;
    std::string first;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const float want = roundTo(f, in[i], flush ? Subnormals::Flush : Subnormals::Keep);
        if (!sameBits(out[i], want)) {
            if (!bad) first = "input " + fmt("%a", in[i]) + ": gpu " + fmt("%a", out[i]) + ", cpu " + fmt("%a", want);
            ++bad;
        }
    }
    return {"", bad ? Outcome::Fail : Outcome::Pass,
            bad ? std::to_string(bad) + " of " + std::to_string(in.size()) + " differ, first " + first
                : std::to_string(in.size()) + " inputs bit for bit"};
}

Check gemmCheck(bool ta, bool tb, Format f) {
    const int M = 33, N = 17, K = 300;
    const std::vector<float> A = randomNormal(static_cast<std::size_t>(M) * K, 1.0f, 11),
                             B = randomNormal(static_cast<std::size_t>(K) * N, 1.0f, 12);
    DeviceArray dA = onDevice(A), dB = onDevice(B), dC(static_cast<std::size_t>(M) * N, "gemm check");
    cuda::gemm(ta, tb, M, N, K, dA.data(), dB.data(), dC.data(), f, false);
    const std::vector<float> C = dC.download();
    const std::vector<float> Ar = roundedCopy(A, f), Br = roundedCopy(B, f);
    auto a = [&](int i, int k) { return ta ? Ar[static_cast<std::size_t>(k) * M + i] : Ar[static_cast<std::size_t>(i) * K + k]; };
    auto b = [&](int k, int j) { return tb ? Br[static_cast<std::size_t>(j) * K + k] : Br[static_cast<std::size_t>(k) * N + j]; };
    std::vector<float> ref(C.size());
    std::vector<double> allowed(C.size());
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
            double s = 0, sa = 0;
            for (int k = 0; k < K; ++k) {
                s += static_cast<double>(a(i, k)) * b(k, j);
                sa += std::fabs(static_cast<double>(a(i, k)) * b(k, j));
            }
            ref[static_cast<std::size_t>(i) * N + j] = static_cast<float>(s);
            allowed[static_cast<std::size_t>(i) * N + j] = (K + 1) * std::ldexp(1.0, -24) * sa + 1e-30;
        }
    return judgeBound("", C, ref, allowed);
}

float actHost(Activation act, float z) {
    switch (act) {
    case Activation::Relu: return z > 0.0f || z != z ? z : 0.0f;
    case Activation::Tanh: return std::tanh(z);
    case Activation::Sigmoid: return 1.0f / (1.0f + std::exp(-z));
    default: return z * 0.5f * (1.0f + std::erf(z * static_cast<float>(std::numbers::sqrt2 / 2)));
    }
}
float actBackHost(Activation act, float z, float a, float g) {
    switch (act) {
    case Activation::Relu: return a <= 0.0f ? 0.0f : g;
    case Activation::Tanh: return g * (1.0f - a * a);
    case Activation::Sigmoid: return g * (1.0f - a) * a;
    default: {
        const float kAlpha = static_cast<float>(std::numbers::sqrt2 / 2);
        const float kBeta = static_cast<float>(2 / std::sqrt(std::numbers::pi) * (std::numbers::sqrt2 / 2) * 0.5);
        const float cdf = 0.5f * (1.0f + std::erf(z * kAlpha));
        const float pdf = kBeta * std::exp(z * z * -0.5f);
        return g * (cdf + z * pdf);
    }
    }
}

// An element-wise kernel against the host: within 8 units of float32 of the host's value plus
// `extra` (the absolute error a libm call can add where the formula cancels, e.g. 1 + erf(z) in
// GELU's tail), plus one unit of the format for low formats (the two float32 values may round to
// neighbours). CUDA's tanhf/expf/logf/erff are within 2 ulp, glibc's within 1.
Check judgeElementwise(Format f, const std::vector<float>& gpu, const std::vector<float>& cpu,
                       const std::vector<double>& extra = {}) {
    std::vector<double> allowed(cpu.size());
    const double u = std::ldexp(1.0, -24);
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        allowed[i] = 8 * u * std::fabs(cpu[i]) + (extra.empty() ? 0.0 : extra[i]) + 1e-37;
        if (f != Format::F32) allowed[i] += unitAt(f, cpu[i]);
    }
    Check c = judgeBound("", gpu, cpu, allowed);
    const UnitDiff d = unitDiff(f, gpu, cpu);
    c.detail += "; " + std::to_string(d.differing) + " of " + std::to_string(d.count) + " differ";
    return c;
}

Check activationCheck(Activation act, Format f, bool backward) {
    const std::size_t n = 1 << 16;
    const std::vector<float> z = roundedCopy(randomNormal(n, 3.0f, 21), f);
    std::vector<float> a(n), want(n);
    for (std::size_t i = 0; i < n; ++i) a[i] = roundTo(f, actHost(act, z[i]));
    DeviceArray dz = onDevice(z), out(n, "activation check");
    std::vector<double> extra(n, 0.0);
    const double u = std::ldexp(1.0, -24);
    if (!backward) {
        for (std::size_t i = 0; i < n; ++i) want[i] = a[i];
        // GELU: 0.5 z (1 + erf): an error of a few ulp of 1 in erf, times 0.5 |z|.
        if (act == Activation::Gelu)
            for (std::size_t i = 0; i < n; ++i) extra[i] = 4 * u * std::fabs(z[i]);
        cuda::activationForward(act, dz.data(), out.data(), n, f, false);
    } else {
        const std::vector<float> g = roundedCopy(randomNormal(n, 1.0f, 22), f);
        for (std::size_t i = 0; i < n; ++i) want[i] = roundTo(f, actBackHost(act, z[i], a[i], g[i]));
        if (act == Activation::Gelu)
            for (std::size_t i = 0; i < n; ++i) extra[i] = 8 * u * std::fabs(g[i]) * (1 + std::fabs(z[i]));
        DeviceArray da = onDevice(a), dg = onDevice(g);
        cuda::activationBackward(act, dz.data(), da.data(), dg.data(), out.data(), n, f, false);
    }
    return judgeElementwise(f, out.download(), want, extra);
}

Check crossEntropyCheck(Format logitsFormat) {
    const int B = 64, C = 10;
    const std::vector<float> z = roundedCopy(randomNormal(static_cast<std::size_t>(B) * C, 3.0f, 31), logitsFormat);
    std::vector<int> labels(B);
    for (int i = 0; i < B; ++i) labels[static_cast<std::size_t>(i)] = (i * 7 + 3) % C;
    const float scale = 1024.0f;
    // Host reference in double for the loss; the gradient as the CPU lane forms it, in float32.
    double sum = 0;
    std::int64_t right = 0;
    std::vector<float> dz(z.size());
    const float g = -(scale / static_cast<float>(B));
    for (int i = 0; i < B; ++i) {
        const float* zi = z.data() + static_cast<std::size_t>(i) * C;
        int best = 0;
        for (int j = 1; j < C; ++j)
            if (zi[j] > zi[best]) best = j;
        if (best == labels[static_cast<std::size_t>(i)]) ++right;
        double m = zi[0];
        for (int j = 1; j < C; ++j) m = std::max(m, static_cast<double>(zi[j]));
        double s = 0;
        for (int j = 0; j < C; ++j) s += std::exp(zi[j] - m);
        sum += -(zi[labels[static_cast<std::size_t>(i)]] - m - std::log(s));
        float mf = zi[0];
        for (int j = 1; j < C; ++j) mf = std::max(mf, zi[j]);
        float sf = 0;
        for (int j = 0; j < C; ++j) sf += std::exp(zi[j] - mf);
        const float lse = std::log(sf);
        for (int j = 0; j < C; ++j) {
            const float v = (j == labels[static_cast<std::size_t>(i)] ? g : 0.0f) - std::exp((zi[j] - mf) - lse) * g;
            dz[static_cast<std::size_t>(i) * C + j] = roundTo(logitsFormat, v);
        }
    }
    const double want = sum / B;
    DeviceArray dZ = onDevice(z), dD(z.size(), "cross-entropy check");
    cuda::DeviceLabels dl;
    dl.upload(labels);
    cuda::LossFormats lf;
    lf.logits = logitsFormat;
    const cuda::LossResult r = cuda::crossEntropy(dZ.data(), dl.data(), B, C, dD.data(), scale, lf);
    const double rel = std::fabs(r.loss - want) / want;
    if (rel > 1e-6 || r.correct != right)
        return {"", Outcome::Fail, "loss " + fmt("%.9g", r.loss) + " vs " + fmt("%.9g", want) + ", correct " +
                                       std::to_string(r.correct) + " vs " + std::to_string(right)};
    // The gradient's exp(log p) * g carries expf's error: a few ulp of |g|.
    const std::vector<double> extra(dz.size(), 8 * std::ldexp(1.0, -24) * std::fabs(g));
    Check c = judgeElementwise(logitsFormat, dD.download(), dz, extra);
    c.detail = "loss rel. diff " + fmt("%.2g", rel) + "; gradient: " + c.detail;
    return c;
}

Check softmaxCheck(bool logSoftmax) {
    const int R = 50, C = 7;
    const std::vector<float> z = randomNormal(static_cast<std::size_t>(R) * C, 4.0f, 35);
    std::vector<float> want(z.size());
    std::vector<double> extra(z.size());
    for (int r = 0; r < R; ++r) {
        const float* zr = z.data() + static_cast<std::size_t>(r) * C;
        float m = zr[0];
        for (int j = 1; j < C; ++j) m = std::max(m, zr[j]);
        float s = 0;
        for (int j = 0; j < C; ++j) s += std::exp(zr[j] - m);
        const float lse = std::log(s);
        for (int j = 0; j < C; ++j) {
            const float lp = zr[j] - m - lse;
            want[static_cast<std::size_t>(r) * C + j] = logSoftmax ? lp : std::exp(lp);
            // log(sum) carries a few ulp of |lse|; exp of it a few ulp of the result.
            extra[static_cast<std::size_t>(r) * C + j] = 8 * std::ldexp(1.0, -24) * (std::fabs(lse) + 1.0);
        }
    }
    DeviceArray dz = onDevice(z), dp(z.size(), "softmax check");
    cuda::softmax(dz.data(), dp.data(), R, C, logSoftmax, Format::F32, false);
    return judgeElementwise(Format::F32, dp.download(), want, extra);
}

Check mseCheck(Format f) {
    const int B = 48, O = 3;
    const std::vector<float> y = roundedCopy(randomNormal(static_cast<std::size_t>(B) * O, 1.0f, 41), f),
                             t = randomNormal(static_cast<std::size_t>(B) * O, 1.0f, 42);
    const float scale = 256.0f;
    const std::size_t n = y.size();
    cuda::LossFormats lf;
    lf.logits = f;
    lf.softmax = lf.loss = f;  // mse under a low loss policy: every step in f
    double sum = 0;
    std::vector<float> dy(n);
    const float alpha = roundTo(f, static_cast<float>(2.0 / static_cast<double>(n)));
    const float dL = roundTo(f, scale);
    for (std::size_t i = 0; i < n; ++i) {
        const float d = roundTo(f, roundTo(f, y[i]) - roundTo(f, t[i]));
        sum += roundTo(f, d * d);
        dy[i] = roundTo(f, roundTo(f, alpha * d) * dL);
    }
    const float want = roundTo(f, static_cast<float>(sum) / static_cast<float>(n));
    DeviceArray dY = onDevice(y), dT = onDevice(t), dD(n, "mse check");
    const cuda::LossResult r = cuda::mse(dY.data(), dT.data(), B, O, dD.data(), scale, lf);
    const UnitDiff d = unitDiff(f, dD.download(), dy);
    const bool ok = r.loss == want && d.differing == 0;
    return {"", ok ? Outcome::Pass : Outcome::Fail,
            "loss " + fmt("%.9g", r.loss) + " vs " + fmt("%.9g", want) + "; " + std::to_string(d.differing) +
                " gradient elements differ (exact expected)"};
}

Check biasCheck(Format f) {
    const int R = 70, C = 45;
    const std::vector<float> dy = roundedCopy(randomNormal(static_cast<std::size_t>(R) * C, 1.0f, 51), f),
                             bias = randomNormal(C, 1.0f, 52);
    std::vector<float> db(C), y = dy;
    for (int c = 0; c < C; ++c) {
        float acc = 0;
        for (int r = 0; r < R; ++r) acc += dy[static_cast<std::size_t>(r) * C + c];
        db[static_cast<std::size_t>(c)] = roundTo(f, acc);
    }
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = roundTo(f, y[i] + roundTo(f, bias[i % C]));
    DeviceArray dDy = onDevice(dy), dDb(C, "bias check"), dB = onDevice(bias);
    cuda::columnSumsRound(dDy.data(), dDb.data(), R, C, f, false);
    cuda::addBiasRound(dDy.data(), dB.data(), R, C, f, false);
    const UnitDiff a = unitDiff(f, dDb.download(), db), b = unitDiff(f, dDy.download(), y);
    const bool ok = a.differing == 0 && b.differing == 0;
    return {"", ok ? Outcome::Pass : Outcome::Fail,
            std::to_string(a.differing) + " column sums and " + std::to_string(b.differing) +
                " biased outputs differ (exact expected: same order, same roundings)"};
}

Check gradCountsCheck(Format f) {
    std::vector<float> lane = randomNormal(10000, 1e-3f, 61), shadow = lane;
    for (std::size_t i = 0; i < lane.size(); i += 7) lane[i] = 0.0f;                     // underflowed
    for (std::size_t i = 3; i < lane.size(); i += 11) lane[i] = shadow[i] = 0.0f;        // zero in both
    for (std::size_t i = 5; i < lane.size(); i += 13) lane[i] = std::ldexp(1.0f, -130);  // subnormal in f32/bf16
    for (std::size_t i = 9; i < lane.size(); i += 17) lane[i] = std::ldexp(1.0f, -20);   // subnormal in f16
    lane[1] = INFINITY;
    lane[2] = NAN;
    cuda::GradCounts want;
    want.count = static_cast<std::int64_t>(lane.size());
    const float minNormal = static_cast<float>(traits(f).minNormal);
    for (std::size_t i = 0; i < lane.size(); ++i) {
        if (lane[i] == 0.0f && shadow[i] != 0.0f) ++want.underflowed;
        if (!std::isfinite(lane[i])) ++want.nonFinite;
        else if (lane[i] != 0.0f && std::fabs(lane[i]) < minNormal) ++want.subnormal;
    }
    DeviceArray dl = onDevice(lane), ds = onDevice(shadow);
    const cuda::GradCounts got = cuda::gradientCounts(dl.data(), ds.data(), lane.size(), f);
    const bool ok = got.count == want.count && got.underflowed == want.underflowed && got.subnormal == want.subnormal &&
                    got.nonFinite == want.nonFinite;
    return {"", ok ? Outcome::Pass : Outcome::Fail,
            "underflowed " + std::to_string(got.underflowed) + "/" + std::to_string(want.underflowed) + ", subnormal " +
                std::to_string(got.subnormal) + "/" + std::to_string(want.subnormal) + ", non-finite " +
                std::to_string(got.nonFinite) + "/" + std::to_string(want.nonFinite) + " (gpu/cpu)"};
}

Check unscaleCheck() {
    const float inv = static_cast<float>(1.0 / 65536.0 / 3.0);
    std::vector<float> g = randomNormal(5000, 100.0f, 71);
    DeviceArray dg = onDevice(g), dm(g.size(), "unscale check");
    const bool found = cuda::unscaleAndCheck(dg.data(), dm.data(), g.size(), inv);
    const std::vector<float> m = dm.download();
    std::int64_t bad = 0;
    for (std::size_t i = 0; i < g.size(); ++i) bad += !sameBits(m[i], g[i] * inv);
    const bool foundOne = cuda::unscaleAndCheck(dg.data(), dm.data(), g.size(), 1.0f);
    const std::vector<float> copy = dm.download();
    for (std::size_t i = 0; i < g.size(); ++i) bad += !sameBits(copy[i], g[i]);
    g[4321] = NAN;
    dg.upload(g);
    const bool foundNan = cuda::unscaleAndCheck(dg.data(), dm.data(), g.size(), inv);
    g[4321] = 3e38f;
    dg.upload(g);
    const bool foundOverflowAfter = cuda::unscaleAndCheck(dg.data(), dm.data(), g.size(), 4.0f);
    const bool ok = !found && !foundOne && foundNan && foundOverflowAfter && bad == 0;
    return {"", ok ? Outcome::Pass : Outcome::Fail,
            std::to_string(bad) + " values differ; inf/NaN found: clean " + (found ? "yes" : "no") + ", NaN " +
                (foundNan ? "yes" : "no") + ", overflow after unscaling " + (foundOverflowAfter ? "yes" : "no")};
}

// Three optimizer steps on the device and on the host (the CPU lane's formulas), bit for bit.
Check optimizerCheck(OptimizerSpec::Kind kind, double momentum, double weightDecay) {
    OptimizerSpec o;
    o.kind = kind;
    o.lr = kind == OptimizerSpec::Kind::Adam ? 1e-3 : 0.1;
    o.momentum = momentum;
    o.weightDecay = weightDecay;
    const std::size_t n = 3000;
    std::vector<float> p = randomNormal(n, 0.5f, 81), m(n, 0.0f), v(n, 0.0f);
    DeviceArray dp = onDevice(p), dm = onDevice(m), dv = onDevice(v), dg;
    const float lr = static_cast<float>(o.lr), wd = static_cast<float>(o.weightDecay);
    for (int step = 1; step <= 3; ++step) {
        std::vector<float> g = randomNormal(n, 0.01f, 90 + static_cast<std::uint32_t>(step));
        dg.upload(g);
        if (kind == OptimizerSpec::Kind::Adam) cuda::adamStep(dp.data(), dg.data(), dm.data(), dv.data(), n, o, step);
        else cuda::sgdStep(dp.data(), dg.data(), dm.data(), n, o, step == 1);
        const float b1 = static_cast<float>(o.beta1), b2 = static_cast<float>(o.beta2);
        const float c1 = static_cast<float>(1 - o.beta1), c2 = static_cast<float>(1 - o.beta2);
        const double bc1 = 1 - std::pow(o.beta1, static_cast<double>(step));
        const double bc2 = 1 - std::pow(o.beta2, static_cast<double>(step));
        const float stepSize = static_cast<float>(-(o.lr / bc1));
        const float bc2Sqrt = static_cast<float>(std::sqrt(bc2));
        const float eps = static_cast<float>(o.eps), mom = static_cast<float>(o.momentum);
        for (std::size_t i = 0; i < n; ++i) {
            float gi = g[i];
            if (o.weightDecay != 0) gi = std::fma(p[i], wd, gi);
            if (kind == OptimizerSpec::Kind::Sgd) {
                if (o.momentum != 0) {
                    m[i] = step == 1 ? gi : m[i] * mom + gi;
                    gi = m[i];
                }
                p[i] = std::fma(gi, -lr, p[i]);
            } else {
                m[i] = std::fma(gi, c1, m[i] * b1);
                v[i] = v[i] * b2 + c2 * gi * gi;
                const float denom = std::sqrt(v[i]) / bc2Sqrt + eps;
                p[i] = p[i] + stepSize * (m[i] / denom);
            }
        }
    }
    const std::vector<float> got = dp.download();
    std::int64_t bad = 0;
    for (std::size_t i = 0; i < n; ++i) bad += !sameBits(got[i], p[i]);
    return {"", bad ? Outcome::Fail : Outcome::Pass,
            std::to_string(bad) + " of " + std::to_string(n) + " parameters differ after 3 steps (exact expected)"};
}

}  // namespace
#endif

std::vector<CheckCase> trainingKernelCases() {
    std::vector<CheckCase> cases;
    auto add = [&](std::string name, std::function<Check()> body) {
        cases.push_back({name, [name, body] { return guarded(name, body); }});
    };
#ifdef PRESISI_HAVE_CUDA
    for (Format f : kAllFormats)
        for (bool flush : {false, true})
            add("kernel round " + std::string(traits(f).name) + (flush ? "+ftz" : ""),
                [f, flush] { return roundingCheck(f, flush); });
    for (Format f : kAllFormats)
        for (bool ta : {false, true})
            for (bool tb : {false, true})
                add("kernel gemm " + std::string(traits(f).name) + (ta ? " A^T" : " A") + (tb ? " B^T" : " B"),
                    [f, ta, tb] { return gemmCheck(ta, tb, f); });
    for (Activation a : {Activation::Relu, Activation::Tanh, Activation::Gelu, Activation::Sigmoid})
        for (Format f : kAllFormats)
            for (bool back : {false, true})
                add("kernel " + std::string(activationName(a)) + (back ? " backward " : " forward ") +
                        std::string(traits(f).name),
                    [a, f, back] { return activationCheck(a, f, back); });
    for (Format f : kAllFormats) {
        add("kernel cross-entropy, logits " + std::string(traits(f).name), [f] { return crossEntropyCheck(f); });
        add("kernel mse " + std::string(traits(f).name), [f] { return mseCheck(f); });
        if (f == Format::F32) {
            add("kernel softmax f32", [] { return softmaxCheck(false); });
            add("kernel log-softmax f32", [] { return softmaxCheck(true); });
        }
        add("kernel bias and bias gradient " + std::string(traits(f).name), [f] { return biasCheck(f); });
        add("kernel gradient counts " + std::string(traits(f).name), [f] { return gradCountsCheck(f); });
    }
    add("kernel unscale and inf/NaN check", unscaleCheck);
    add("kernel sgd", [] { return optimizerCheck(OptimizerSpec::Kind::Sgd, 0.0, 0.0); });
    add("kernel sgd momentum 0.9, weight decay 1e-4",
        [] { return optimizerCheck(OptimizerSpec::Kind::Sgd, 0.9, 1e-4); });
    add("kernel adam", [] { return optimizerCheck(OptimizerSpec::Kind::Adam, 0.0, 0.0); });
    add("kernel adam weight decay 1e-2", [] { return optimizerCheck(OptimizerSpec::Kind::Adam, 0.0, 1e-2); });
#else
    add("training kernels", [] { return Check{"", Outcome::Skip, cudaStatus().reason}; });
#endif
    return cases;
}

// ---- training runs --------------------------------------------------------------------------------

namespace {

LaneSpec laneOf(Device d, Format f, bool scaler) {
    LaneSpec l;
    l.device = d;
    l.format = f;
    l.scaler = scaler;
    return l;
}

// Runs the scenario with each listed lane on the CPU and on the GPU; compares per-step losses and
// (for scaler lanes) skipped steps and scales.
Check compareRuns(Scenario s, const std::vector<std::pair<LaneSpec, double>>& lanes, bool scalerExact) {
    s.lanes.clear();
    for (const auto& [lane, tol] : lanes) {
        LaneSpec cpu = lane, gpu = lane;
        cpu.device = Device::Cpu;
        gpu.device = Device::Gpu;
        s.lanes.push_back(cpu);
        s.lanes.push_back(gpu);
    }
    Runner runner(s);
    std::vector<std::vector<StepRecord>> rec(s.lanes.size());
    std::int64_t histograms = 0;
    const RunCallback countHistograms = [&](const RunEvent& e) { histograms += e.kind == RunEventKind::Histogram; };
    for (int i = 0; i < s.steps; ++i) {
        const std::vector<StepRecord> r = runner.step(countHistograms);
        for (std::size_t j = 0; j < r.size(); ++j) rec[j].push_back(r[j]);
    }
    std::string detail;
    bool ok = true;
    for (std::size_t k = 0; k < lanes.size(); ++k) {
        const double tol = lanes[k].second;
        const auto& c = rec[2 * k];
        const auto& g = rec[2 * k + 1];
        double worst = 0, underflowDiff = 0;
        std::int64_t worstStep = 0, skipDiff = 0, scaleDiff = 0, skipped = 0;
        for (std::size_t i = 0; i < c.size(); ++i) {
            if (std::isfinite(c[i].weightGradUnderflow) && std::isfinite(g[i].weightGradUnderflow))
                underflowDiff = std::max({underflowDiff, std::fabs(c[i].weightGradUnderflow - g[i].weightGradUnderflow),
                                          std::fabs(c[i].actGradUnderflow - g[i].actGradUnderflow)});
            const double rel = std::fabs(g[i].loss - c[i].loss) / std::max(std::fabs(c[i].loss), 1e-30);
            if (!(rel <= worst)) {
                worst = rel;
                worstStep = c[i].step;
            }
            skipDiff += c[i].skipped != g[i].skipped;
            scaleDiff += c[i].scale != g[i].scale;
            skipped += c[i].skipped;
        }
        const bool laneOk = worst <= tol && (!scalerExact || (skipDiff == 0 && scaleDiff == 0));
        ok = ok && laneOk;
        if (!detail.empty()) detail += "; ";
        detail += s.lanes[2 * k].label().substr(4) + ": worst loss rel. diff " + fmt("%.2g", worst) + " at step " +
                  std::to_string(worstStep) + " (allowed " + fmt("%.2g", tol) + ")";
        if (lanes[k].first.format != Format::F32) detail += ", underflow shares within " + fmt("%.2g", underflowDiff);
        if (lanes[k].first.scaler)
            detail += ", skipped " + std::to_string(skipped) + ", steps with different skip/scale " +
                      std::to_string(skipDiff) + "/" + std::to_string(scaleDiff);
    }
    if (histograms > 0) detail += "; " + std::to_string(histograms) + " gradient histograms";
    return {"", ok ? Outcome::Pass : Outcome::Fail, detail};
}

Scenario baseScenario() {
    Scenario s;
    s.steps = 200;
    s.seed = 0;
    s.histogramInterval = 0;
    return s;
}

}  // namespace

std::vector<CheckCase> trainingRunCases() {
    std::vector<CheckCase> cases;
    auto add = [&](std::string name, std::function<Check()> body) {
        cases.push_back({name, [name, body] { return guarded(name, body); }});
    };
    const std::vector<std::pair<LaneSpec, double>> standard = {
        {laneOf(Device::Gpu, Format::F32, false), 1e-4},
        {laneOf(Device::Gpu, Format::BF16, false), 0.02},
        {laneOf(Device::Gpu, Format::F16, true), 0.02},
    };
    add("training spiral 2,64,64,3 relu sgd momentum 0.9, 200 steps", [standard] {
        Scenario s = baseScenario();
        s.optimizer.momentum = 0.9;
        s.optimizer.lr = 0.05;
        s.histogramInterval = 50;
        return compareRuns(s, standard, false);
    });
    add("training moons 2,32,32,2 tanh adam, 200 steps", [standard] {
        Scenario s = baseScenario();
        s.data.kind = DatasetKind::Moons;
        s.sizes = {2, 32, 32, 2};
        s.activation = Activation::Tanh;
        s.optimizer.kind = OptimizerSpec::Kind::Adam;
        s.optimizer.lr = 1e-2;
        return compareRuns(s, standard, false);
    });
    add("training sine 1,32,32,1 sigmoid mse sgd, 200 steps", [standard] {
        Scenario s = baseScenario();
        s.data.kind = DatasetKind::Sine;
        s.sizes = {1, 32, 32, 1};
        s.activation = Activation::Sigmoid;
        s.loss = LossKind::Mse;
        s.optimizer.lr = 0.1;
        return compareRuns(s, standard, false);
    });
    add("training scaler growth: f16+scaler skips and scale changes identical", [] {
        // Starts far too high (overflow, back-offs) and grows every 10 clean steps.
        Scenario s = baseScenario();
        s.scaler.initScale = std::ldexp(1.0, 24);
        s.scaler.growthInterval = 10;
        return compareRuns(s, {{laneOf(Device::Gpu, Format::F16, true), 0.02}}, true);
    });
    return cases;
}

std::vector<CheckCase> allCases(const std::string& dataDir) {
    std::vector<CheckCase> all;
    for (std::vector<CheckCase> part : {linearCases(), linearExtraCases(dataDir), trainingKernelCases(), trainingRunCases()})
        for (CheckCase& c : part) all.push_back(std::move(c));
    return all;
}

std::vector<LinearBenchRow> gpuLinearBenchmark(int repeats) {
#ifdef PRESISI_HAVE_CUDA
    if (!cudaStatus().available) return {};
    std::vector<LinearLane> lanes = linearCheckLanes();
    lanes.erase(std::remove_if(lanes.begin(), lanes.end(),
                               [](const LinearLane& l) { return l.subnormals == Subnormals::Flush; }),
                lanes.end());
    return benchLinearCuda({4096, 4096, 1024, 0}, lanes, repeats);
#else
    (void)repeats;
    return {};
#endif
}

}  // namespace presisi::gpucheck
