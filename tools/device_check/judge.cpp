// The device check's tolerances and the CPU emulations of GPU results (see judge.h). No CUDA, no Qt here.
#include "judge.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <random>

#include "engine/format.h"
#include "engine/metrics.h"
#include "engine/torch_rng.h"
#include "engine/training/dataset.h"
#include "engine/training/runner.h"

namespace presisi::gpucheck {

std::string fmt(const char* f, double a) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, a);
    return buf;
}

std::string_view outcomeName(Outcome o) {
    switch (o) {
    case Outcome::Pass: return "PASS";
    case Outcome::Fail: return "FAIL";
    case Outcome::Skip: return "skip";
    default: return "info";
    }
}

std::string shapeName(const LinearConfig& c) {
    return std::to_string(c.in) + "x" + std::to_string(c.out) + " b" + std::to_string(c.batch) + " s" +
           std::to_string(c.seed);
}

namespace {

bool sameValue(float a, float b) { return a == b || (std::isnan(a) && std::isnan(b)); }
std::span<const float> spanOf(const Matrix& m) { return {m.data(), static_cast<std::size_t>(m.size())}; }

Matrix roundedForLane(const LinearLane& lane, const Matrix& m) {
    if (lane.format == Format::F32 && lane.subnormals == Subnormals::Keep) return m;
    Matrix r(m.rows(), m.cols());
    roundSpan(lane.format, spanOf(m), {r.data(), static_cast<std::size_t>(r.size())}, lane.subnormals);
    return r;
}

// One rounding of a real value v to the lane's format as either path may take it: straight from the
// double, or first to float32 (the epilogue's fl32(acc + b)) and then to the format. The two differ
// only where float32 lands on a midpoint; both are reachable.
std::pair<float, float> roundBoth(const LinearLane& lane, double v) {
    const float direct = roundFromDouble(lane.format, v, lane.subnormals);
    const float twice = roundTo(lane.format, static_cast<float>(v), lane.subnormals);
    return {std::min(direct, twice), std::max(direct, twice)};
}

// Round toward zero to the format: the nearest-even result, stepped back toward zero when it rounded away.
float roundTowardZero(const LinearLane& lane, float v) {
    const float r = roundTo(lane.format, v, lane.subnormals);
    if (!std::isfinite(v) || std::fabs(r) <= std::fabs(v)) return r;
    const float t = r > 0 ? nextDown(lane.format, r) : nextUp(lane.format, r);
    return roundTo(lane.format, t, lane.subnormals);
}

// A double rounded to float32 toward zero (the truncating accumulator's add).
float truncateToF32(double v) {
    float f = static_cast<float>(v);
    if (std::isfinite(f) && std::fabs(static_cast<double>(f)) > std::fabs(v))
        f = std::nextafter(f, 0.0f);
    return f;
}

}  // namespace

double orderBound(std::int64_t terms, double magnitude, double accumulatorUnit) {
    const double n = static_cast<double>(std::max<std::int64_t>(terms - 1, 1));
    const double gamma = n * accumulatorUnit / (1.0 - n * accumulatorUnit);  // Higham's gamma_{n}
    const double exactSumError = n * 0x1p-53;                                // the double reference's own gamma_{n}
    return (gamma + exactSumError) * magnitude;
}

ExactLinear exactLinear(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                        double accumulatorUnit) {
    // Products of two float32 values are exact in double (24 + 24 significant bits < 53).
    const Matrix xr = roundedForLane(lane, x), wr = roundedForLane(lane, weight);
    Vector br(bias.size());
    if (lane.format == Format::F32 && lane.subnormals == Subnormals::Keep) br = bias;
    else
        roundSpan(lane.format, {bias.data(), static_cast<std::size_t>(bias.size())},
                  {br.data(), static_cast<std::size_t>(br.size())}, lane.subnormals);
    const MatrixD xd = xr.cast<double>(), wd = wr.cast<double>();
    MatrixD exact = xd * wd.transpose();
    MatrixD mag = xd.cwiseAbs() * wd.cwiseAbs().transpose();
    exact.rowwise() += br.cast<double>().transpose();
    mag.rowwise() += br.cast<double>().cwiseAbs().transpose();
    ExactLinear e;
    e.lane = lane;
    e.rows = x.rows();
    e.cols = weight.rows();
    e.terms = x.cols() + 1;
    e.accumulatorUnit = accumulatorUnit;
    const std::size_t n = static_cast<std::size_t>(exact.size());
    e.exact.assign(exact.data(), exact.data() + n);
    e.magnitude.assign(mag.data(), mag.data() + n);
    e.bound.resize(n);
    // Under flush-to-zero a partial sum below the smallest normal float32 may also be flushed: at most
    // 2^-126 per addition.
    const double flushSlack = lane.subnormals == Subnormals::Flush ? static_cast<double>(e.terms) * 0x1p-126 : 0.0;
    for (std::size_t i = 0; i < n; ++i) e.bound[i] = orderBound(e.terms, e.magnitude[i], accumulatorUnit) + flushSlack;
    return e;
}

Reachable reachable(const ExactLinear& e, std::size_t i) {
    const auto lo = roundBoth(e.lane, e.exact[i] - e.bound[i]);
    const auto hi = roundBoth(e.lane, e.exact[i] + e.bound[i]);
    return {lo.first, hi.second};
}

MidpointVerdict judgeMidpoints(const ExactLinear& e, std::span<const float> gpu, std::span<const float> cpu) {
    MidpointVerdict v;
    v.count = static_cast<std::int64_t>(cpu.size());
    const double minNormal = traits(e.lane.format).minNormal;
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        const Reachable r = reachable(e, i);
        v.flippable += r.lo != r.hi;
        if (sameValue(gpu[i], cpu[i])) continue;
        ++v.differing;
        const double d = std::fabs(static_cast<double>(gpu[i]) - cpu[i]);
        if (std::isfinite(d)) v.flipSum += d;
        auto inRange = [&](float y) {
            const bool subnormalUnderFlush =
                e.lane.subnormals == Subnormals::Flush && y != 0.0f && std::fabs(y) < minNormal;
            return r.lo <= y && y <= r.hi && !subnormalUnderFlush;
        };
        if (inRange(gpu[i]) && inRange(cpu[i])) continue;
        if (v.unexplained == 0)
            v.first = "element " + std::to_string(i) + ": gpu " + fmt("%.9g", gpu[i]) + ", cpu " + fmt("%.9g", cpu[i]) +
                      ", exact " + fmt("%.12g", e.exact[i]) + " +- " + fmt("%.3g", e.bound[i]) + " reaches [" +
                      fmt("%.9g", r.lo) + ", " + fmt("%.9g", r.hi) + "]";
        ++v.unexplained;
    }
    return v;
}

LinearAgreement agreementOf(const LinearLane& gpuLane, const LinearInputs& in, const Matrix& gpu, const Matrix& cpu,
                            const Matrix& gpuF32, const Matrix& cpuF32) {
    LinearLane cpuLane = gpuLane;
    cpuLane.device = Device::Cpu;
    cpuLane.tf32 = false;
    LinearAgreement a;
    a.gpuLabel = gpuLane.label();
    a.cpuLabel = cpuLane.label();
    const ErrorMetrics mg = compareToReference(gpuLane.format, spanOf(gpu), spanOf(gpuF32));
    const ErrorMetrics mc = compareToReference(gpuLane.format, spanOf(cpu), spanOf(cpuF32));
    a.meanErrGpu = mg.meanAbsError;
    a.meanErrCpu = mc.meanAbsError;
    a.correlationGpu = mg.correlation;
    a.count = static_cast<std::int64_t>(cpu.size());
    for (Index i = 0; i < cpu.size(); ++i) a.differing += !sameValue(gpu.data()[i], cpu.data()[i]);

    if (gpuLane.format == Format::F32) {
        // Both sides sum float32 in some order with round-to-nearest (cuBLAS pedantic f32, or TF32
        // tensor cores with a truncating adder: 2^-23), each within its order bound of the exact
        // value; TF32 also rounds both inputs to 10 fraction bits, a relative 2^-10 each when
        // truncated (product: 2 2^-10 + 2^-20).
        LinearLane exactLane = cpuLane;
        const ExactLinear e = exactLinear(exactLane, in.x, in.weight, in.bias, kNearestF32Unit);
        const double gpuUnit = gpuLane.tf32 ? kTruncatingF32Unit : kNearestF32Unit;
        const double tf32Inputs = gpuLane.tf32 ? 2 * 0x1p-10 + 0x1p-20 : 0.0;
        double worst = 0;
        for (std::size_t i = 0; i < e.exact.size(); ++i) {
            const double allowed = e.bound[i] + orderBound(e.terms, e.magnitude[i], gpuUnit) +
                                   tf32Inputs * e.magnitude[i] + 1e-30;
            const double diff = std::fabs(static_cast<double>(gpu.data()[i]) - cpu.data()[i]);
            worst = std::isnan(diff) ? INFINITY : std::max(worst, diff / allowed);
        }
        a.worstBoundFraction = worst;
        return a;
    }
    if (gpuLane.accumulation == Accumulation::Storage) return a;  // a measurement only
    const ExactLinear e = exactLinear(cpuLane, in.x, in.weight, in.bias);
    const MidpointVerdict v = judgeMidpoints(e, spanOf(gpu), spanOf(cpu));
    a.unexplained = v.unexplained;
    a.flippable = v.flippable;
    a.flipMeanShift = v.count ? v.flipSum / static_cast<double>(v.count) : 0.0;
    a.firstUnexplained = v.first;
    // The two f32 references may differ by their two order bounds; their mean moves by at most the mean of those.
    const ExactLinear ef = exactLinear(LinearLane{Device::Cpu}, in.x, in.weight, in.bias, kNearestF32Unit);
    double refShift = 0;
    for (double b : ef.bound) refShift += 2 * b;
    a.flipMeanShift += ef.bound.empty() ? 0.0 : refShift / static_cast<double>(ef.bound.size());
    return a;
}

Check judgeLinear(const LinearConfig& config, const LinearLane& gpuLane, const LinearAgreement& a) {
    const std::string name = "linear " + shapeName(config) + " " + a.gpuLabel + " vs " + a.cpuLabel;
    const std::string means = "mean |err| gpu " + fmt("%.6g", a.meanErrGpu) + ", cpu " + fmt("%.6g", a.meanErrCpu);
    if (gpuLane.format == Format::F32) {
        const std::string detail = "worst |gpu - cpu| at " + fmt("%.3g", a.worstBoundFraction) +
                                   " of the order bound; " + std::to_string(a.differing) + " of " +
                                   std::to_string(a.count) + " differ" + (gpuLane.tf32 ? "; " + means : "");
        return {name, a.worstBoundFraction <= 1.0 ? Outcome::Pass : Outcome::Fail, detail};
    }
    if (gpuLane.accumulation == Accumulation::Storage)
        return {name, Outcome::Info,
                "measurement, no check (cuBLAS promises no 16F summation order): " + std::to_string(a.differing) +
                    " of " + std::to_string(a.count) + " differ; " + means};
    const std::string counts = std::to_string(a.differing) + " of " + std::to_string(a.count) + " differ, " +
                               std::to_string(a.flippable) + " within the order bound of a midpoint";
    if (a.unexplained > 0)
        return {name, Outcome::Fail,
                std::to_string(a.unexplained) + " differences no summation order explains, first " +
                    a.firstUnexplained + "; " + counts};
    // The mean errors may differ by the accepted flips and the two f32 references' order bounds.
    const double shift = std::fabs(a.meanErrGpu - a.meanErrCpu);
    if (!(shift <= a.flipMeanShift))
        return {name, Outcome::Fail,
                means + " differ by " + fmt("%.3g", shift) + " (the flips and f32 orders allow " +
                    fmt("%.3g", a.flipMeanShift) + "); " + counts};
    return {name, Outcome::Pass, counts + "; " + means};
}

Check judgeTutorial(const LinearInputs& in, const Matrix& gpuBf16, const Matrix& gpuF32, const Matrix& cpuBf16,
                    const Matrix& cpuF32) {
    const ErrorMetrics gm = compareToReference(Format::BF16, spanOf(gpuBf16), spanOf(gpuF32));
    const ErrorMetrics cm = compareToReference(Format::BF16, spanOf(cpuBf16), spanOf(cpuF32));
    LinearLane bf16;
    bf16.format = Format::BF16;
    const ExactLinear e = exactLinear(bf16, in.x, in.weight, in.bias);
    const ExactLinear ef = exactLinear(LinearLane{}, in.x, in.weight, in.bias, kNearestF32Unit);
    // Each bf16 element must be explained (judge.h); then the mean may move by the flips taken plus
    // the two f32 references' order bounds (mean |a - c| - mean |b - d| <= mean |a - b| + mean |c - d|).
    // Before the run, the order model's worst case is every flippable element moved across its range.
    const MidpointVerdict v = judgeMidpoints(e, spanOf(gpuBf16), spanOf(cpuBf16));
    const double n = static_cast<double>(e.exact.size());
    double refs = 0, worstCase = 0;
    for (std::size_t i = 0; i < e.exact.size(); ++i) {
        const Reachable r = reachable(e, i);
        refs += 2 * ef.bound[i];
        worstCase += static_cast<double>(r.hi) - r.lo;
    }
    const double allowed = (v.flipSum + refs) / n;
    const std::string cpuPrinted = fmt("%.6f", cm.meanAbsError), gpuPrinted = fmt("%.6f", gm.meanAbsError);
    const double shift = std::fabs(gm.meanAbsError - cm.meanAbsError);
    const bool ok = cpuPrinted == "0.001253" && v.unexplained == 0 && shift <= allowed &&
                    std::round(gm.correlation * 1e4) == 1e4;
    return {"", ok ? Outcome::Pass : Outcome::Fail,
            "mean |diff| gpu " + fmt("%.7f", gm.meanAbsError) + " (prints " + gpuPrinted + "), cpu " +
                fmt("%.7f", cm.meanAbsError) + " (prints " + cpuPrinted + ", tutorial 0.001253); " +
                std::to_string(v.differing) + " elements differ, " + std::to_string(v.unexplained) +
                " unexplained; |gpu - cpu| " + fmt("%.2g", shift) + ", allowed by the flips taken and f32 orders " +
                fmt("%.2g", allowed) + " (order model's worst case " + fmt("%.2g", (worstCase + refs) / n) +
                "); correlation " + fmt("%.4f", gm.correlation)};
}

// ---- known answers ------------------------------------------------------------------------------------

LinearInputs knownAnswerInputs(Format f) {
    const double eps = traits(f).epsilon;
    // s: a subnormal of the format (an f32-normal one for f16), flushed on the way in under ftz and
    // kept otherwise (a GPU whose tensor cores flush subnormal bf16 inputs fails here: a real
    // difference between the lanes, which claim to keep them);
    // t: f16's smallest normal, whose product with 0.5 is an f16 subnormal output, flushed on the way
    // out under ftz (elsewhere an ordinary normal value: f32-subnormal sums would leave the known
    // answers to the tensor cores' subnormal handling).
    const float s = f == Format::F16 ? 0x1p-20f : 0x1p-130f;
    const float t = f == Format::F16 ? 0x1p-14f : 0x1p-100f;
    LinearInputs in;
    in.x.resize(5, 2);
    in.x << 1, 1, -1, -1, s, 0, 2, 4, t, 0;
    // Rows (1 + n eps, f eps): the exact sum 1 + (n + f) eps sits a quarter, three quarters or half a
    // unit above a value of the format; with x = (2, 4) the same columns land on ties in [2, 4).
    const double nf[][2] = {{0, 0.25}, {0, 0.75}, {0, 0.5}, {1, 0.5}, {2, 0.5}, {3, 0.75}};
    in.weight.resize(8, 2);
    for (int o = 0; o < 6; ++o) {
        in.weight(o, 0) = static_cast<float>(1 + nf[o][0] * eps);
        in.weight(o, 1) = static_cast<float>(nf[o][1] * eps);
    }
    in.weight.row(6) << 1, 1;
    in.weight.row(7) << 0.5f, 0.25f;
    in.bias = Vector::Zero(8);
    return in;
}

Matrix knownAnswers(const LinearLane& lane, const LinearInputs& in) {
    // Every input is representable in the format (or is a subnormal the lane may flush), every product
    // and sum exact in double and in float32: the answer is one rounding of the exact value.
    const ExactLinear e = exactLinear(lane, in.x, in.weight, in.bias);
    Matrix y(e.rows, e.cols);
    for (std::size_t i = 0; i < e.exact.size(); ++i)
        y.data()[i] = roundFromDouble(lane.format, e.exact[i], lane.subnormals);
    return y;
}

Check judgeKnownAnswers(const LinearLane& lane, const Matrix& got, const Matrix& cpu) {
    const Matrix want = knownAnswers(lane, knownAnswerInputs(lane.format));
    std::int64_t bad = 0, cpuBad = 0;
    std::string first;
    for (Index i = 0; i < want.size(); ++i) {
        cpuBad += !sameValue(cpu.data()[i], want.data()[i]);
        if (sameValue(got.data()[i], want.data()[i])) continue;
        if (!bad)
            first = ", first (" + std::to_string(i / want.cols()) + ", " + std::to_string(i % want.cols()) + "): got " +
                    fmt("%a", got.data()[i]) + ", want " + fmt("%a", want.data()[i]);
        ++bad;
    }
    const bool ok = bad == 0 && cpuBad == 0;
    return {"", ok ? Outcome::Pass : Outcome::Fail,
            std::to_string(bad) + " of " + std::to_string(want.size()) + " differ from the known answers" + first +
                (cpuBad ? "; the CPU lane differs at " + std::to_string(cpuBad) + " (reference side wrong)" : "") +
                " (ties to even, quarter units, subnormal inputs and outputs; exact expected)"};
}

std::vector<float> f16NormalRangeTies() {
    std::vector<float> v;
    for (std::uint32_t hi = 0; hi < 65536; ++hi) {
        const float x = std::bit_cast<float>(hi << 16);
        if (!(std::fabs(x) >= 0x1p-14f && std::fabs(x) < 65504.0f)) continue;
        for (std::uint32_t lo : {0x1000u, 0x3000u, 0x0FFFu, 0x1001u}) v.push_back(std::bit_cast<float>((hi << 16) | lo));
    }
    return v;
}

// ---- emulations ---------------------------------------------------------------------------------

std::string_view modelName(GpuModel m) {
    switch (m) {
    case GpuModel::TensorCoreTruncating: return "tensor-core chunks, truncating f32 accumulator";
    case GpuModel::PlusMinusOneUlp: return "cpu f32 sum +-1 ulp";
    case GpuModel::EveryAllowedFlip: return "every flip the order bound allows";
    case GpuModel::TransposedWeight: return "broken: weight read transposed";
    case GpuModel::RoundTowardZero: return "broken: output rounded toward zero";
    }
    return "?";
}

Matrix emulateGpuLinear(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias, GpuModel m,
                        const ModelOptions& o) {
    LinearLane cpuLane = lane;
    cpuLane.device = Device::Cpu;
    cpuLane.tf32 = false;
    if (m == GpuModel::EveryAllowedFlip) {
        Matrix y = linearForwardCpu(cpuLane, x, weight, bias);
        const ExactLinear e = exactLinear(cpuLane, x, weight, bias);
        const double minNormal = traits(lane.format).minNormal;
        for (std::size_t i = 0; i < e.exact.size(); ++i) {
            const Reachable r = reachable(e, i);
            float& v = y.data()[i];
            for (float n : {nextUp(lane.format, v), nextDown(lane.format, v)}) {
                const bool flushed = lane.subnormals == Subnormals::Flush && n != 0.0f && std::fabs(n) < minNormal;
                if (r.lo <= n && n <= r.hi && !flushed) {
                    v = n;
                    break;
                }
            }
        }
        return y;
    }
    Matrix w = roundedForLane(cpuLane, weight);
    if (m == GpuModel::TransposedWeight) {
        // The same memory read as (in, out) and transposed back to (out, in).
        const Eigen::Map<const Matrix> asIn(w.data(), weight.cols(), weight.rows());
        w = Matrix(asIn.transpose());
    }
    const Matrix xr = roundedForLane(cpuLane, x);
    Vector br(bias.size());
    for (Index j = 0; j < bias.size(); ++j) br(j) = roundTo(lane.format, bias(j), lane.subnormals);
    const Index B = x.rows(), N = weight.rows(), K = x.cols();
    Matrix y(B, N);
    std::mt19937_64 gen(o.seed);
    const int chunk = std::max(1, o.chunk), slices = std::max(1, o.splitK);
    const Index sliceLen = (K + slices - 1) / slices;
    for (Index r = 0; r < B; ++r)
        for (Index c = 0; c < N; ++c) {
            const float* xp = xr.data() + r * K;
            const float* wp = w.data() + c * K;
            float acc = 0;
            if (m == GpuModel::PlusMinusOneUlp) {
                for (Index k = 0; k < K; ++k) acc = std::fma(xp[k], wp[k], acc);  // exact product, one rounding
                acc = std::nextafter(acc, (gen() & 1) ? INFINITY : -INFINITY);
            } else if (lane.format == Format::F32) {
                for (Index k = K; k-- > 0;) acc += xp[k] * wp[k];  // another order, round to nearest
            } else {
                for (Index s0 = 0; s0 < K; s0 += sliceLen) {
                    float part = 0;
                    const Index s1 = std::min(K, s0 + sliceLen);
                    for (Index k0 = s0; k0 < s1; k0 += chunk) {
                        double chunkSum = 0;  // exact: at most a few dozen products of 8- or 11-bit significands
                        for (Index k = k0; k < std::min(s1, k0 + chunk); ++k)
                            chunkSum += static_cast<double>(xp[k]) * wp[k];
                        part = truncateToF32(static_cast<double>(part) + chunkSum);
                    }
                    acc += part;
                }
            }
            const float v = acc + br(c);
            y(r, c) = m == GpuModel::RoundTowardZero ? roundTowardZero(cpuLane, v)
                                                     : roundTo(lane.format, v, lane.subnormals);
        }
    return y;
}

// ---- training runs --------------------------------------------------------------------------------

Check judgeRun(const std::string& what, const std::vector<StepRecord>& cpu, const std::vector<StepRecord>& other,
               const RunTolerance& tol, bool scalerExact) {
    if (cpu.size() != other.size() || cpu.empty())
        return {what, Outcome::Fail, std::to_string(cpu.size()) + " and " + std::to_string(other.size()) + " steps"};
    const double floor = tol.floor * std::fabs(cpu.front().loss);
    double worst = 0, worstRel = 0;
    std::int64_t worstStep = 0, skipDiff = 0, scaleDiff = 0, skipped = 0;
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        const double d = std::fabs(other[i].loss - cpu[i].loss);
        const double allowed = std::max(tol.relative * std::fabs(cpu[i].loss), floor);
        const double frac = d / std::max(allowed, 1e-300);
        if (!(frac <= worst)) {
            worst = frac;
            worstStep = cpu[i].step;
            worstRel = d / std::max(std::fabs(cpu[i].loss), 1e-30);
        }
        skipDiff += cpu[i].skipped != other[i].skipped;
        scaleDiff += cpu[i].scale != other[i].scale;
        skipped += cpu[i].skipped;
    }
    const bool ok = worst <= 1.0 && (!scalerExact || (skipDiff == 0 && scaleDiff == 0));
    std::string detail = "worst step " + std::to_string(worstStep) + " at " + fmt("%.2g", worst) +
                         " of max(" + fmt("%.2g", tol.relative) + " |loss|, " + fmt("%.2g", tol.floor) +
                         " |loss0|) (rel. diff " + fmt("%.2g", worstRel) + ", final loss " +
                         fmt("%.4g", cpu.back().loss) + ")";
    if (scalerExact)
        detail += ", skipped " + std::to_string(skipped) + ", steps with different skip/scale " +
                  std::to_string(skipDiff) + "/" + std::to_string(scaleDiff);
    return {what, ok ? Outcome::Pass : Outcome::Fail, detail};
}

namespace {

LaneSpec lane(Format f, bool scaler = false, bool ftz = false) {
    LaneSpec l;
    l.format = f;
    l.scaler = scaler;
    l.ftz = ftz;
    return l;
}

Scenario runScenario() {
    Scenario s;
    s.steps = 200;
    s.seed = 0;
    s.histogramInterval = 0;
    return s;
}

}  // namespace

// Tolerances of the training runs: per step, max(relative |loss|, floor |loss at step 0|) (judgeRun).
// Both numbers of each pair come from CPU-against-perturbed-CPU runs of these very scenarios
// (runPerturbed; tests/tst_device_rehearsal.cpp prints them and asserts a margin of at least two):
//  f32:  largest spread 2.2e-5 of the loss (spiral, step 199) -> 1e-4 relative; floor 1e-5 of the
//        initial loss, which only matters as a run nears zero loss.
//  bf16, f16(+scaler): largest relative spread 1.2% (sine, bf16, step 40), largest spread against the
//        initial loss 0.24% -> 2% relative, floor 1% of the initial loss: four times the spread. The
//        floor is what lets moons (final loss 0.0047) pass with one-unit noise alone.
namespace {
constexpr RunTolerance kF32Tol{1e-4, 1e-5};
constexpr RunTolerance kLowTol{0.02, 0.01};
}  // namespace

std::vector<RunCase> runCases() {
    const std::vector<RunLane> standard = {{lane(Format::F32), kF32Tol},
                                           {lane(Format::BF16), kLowTol},
                                           {lane(Format::F16, true), kLowTol}};
    std::vector<RunCase> cases;
    {
        Scenario s = runScenario();
        s.optimizer.momentum = 0.9;
        s.optimizer.lr = 0.05;
        s.histogramInterval = 50;
        cases.push_back({"training spiral 2,64,64,3 relu sgd momentum 0.9, 200 steps", s, standard, false});
    }
    {
        Scenario s = runScenario();
        s.data.kind = DatasetKind::Moons;
        s.sizes = {2, 32, 32, 2};
        s.activation = Activation::Tanh;
        s.optimizer.kind = OptimizerSpec::Kind::Adam;
        s.optimizer.lr = 1e-2;
        cases.push_back({"training moons 2,32,32,2 tanh adam, 200 steps", s, standard, false});
    }
    {
        Scenario s = runScenario();
        s.data.kind = DatasetKind::Sine;
        s.sizes = {1, 32, 32, 1};
        s.activation = Activation::Sigmoid;
        s.loss = LossKind::Mse;
        s.optimizer.lr = 0.1;
        cases.push_back({"training sine 1,32,32,1 sigmoid mse sgd, 200 steps", s, standard, false});
    }
    {
        Scenario s = runScenario();
        s.activation = Activation::Gelu;
        s.optimizer.kind = OptimizerSpec::Kind::Adam;
        s.optimizer.lr = 5e-3;
        cases.push_back({"training spiral 2,64,64,3 gelu adam, 200 steps", s, standard, false});
    }
    {
        Scenario s = runScenario();
        s.optimizer.momentum = 0.9;
        s.optimizer.lr = 0.05;
        s.optimizer.weightDecay = 1e-2;
        s.histogramInterval = 25;
        cases.push_back({"training ftz lanes: spiral relu sgd momentum 0.9, weight decay 1e-2, 200 steps", s,
                         {{lane(Format::F32, false, true), kF32Tol},
                          {lane(Format::BF16, false, true), kLowTol},
                          {lane(Format::F16, true, true), kLowTol}},
                         false});
    }
    {
        // Starts far too high (overflow, back-offs) and grows every 10 clean steps.
        Scenario s = runScenario();
        s.scaler.initScale = std::ldexp(1.0, 24);
        s.scaler.growthInterval = 10;
        cases.push_back({"training scaler spiral: f16+scaler from 2^24, growth every 10, skips and scales identical", s,
                         {{lane(Format::F16, true), kLowTol}}, true});
    }
    {
        Scenario s = runScenario();
        s.data.kind = DatasetKind::Moons;
        s.sizes = {2, 32, 32, 2};
        s.activation = Activation::Tanh;
        s.optimizer.kind = OptimizerSpec::Kind::Adam;
        s.optimizer.lr = 1e-2;
        s.scaler.initScale = std::ldexp(1.0, 30);
        s.scaler.growthInterval = 5;
        cases.push_back({"training scaler moons: f16+scaler and +ftz from 2^30, growth every 5, skips and scales identical",
                         s, {{lane(Format::F16, true), kLowTol}, {lane(Format::F16, true, true), kLowTol}}, true});
    }
    {
        Scenario s = runScenario();
        s.data.kind = DatasetKind::Sine;
        s.sizes = {1, 32, 32, 1};
        s.activation = Activation::Sigmoid;
        s.loss = LossKind::Mse;
        s.optimizer.lr = 0.1;
        s.scaler.initScale = std::ldexp(1.0, 40);
        s.scaler.growthInterval = 20;
        cases.push_back({"training scaler sine mse: f16+scaler and bf16+scaler from 2^40, growth every 20, skips and "
                         "scales identical",
                         s, {{lane(Format::F16, true), kLowTol}, {lane(Format::BF16, true), kLowTol}}, true});
    }
    return cases;
}

std::vector<std::vector<StepRecord>> runOn(const RunCase& c, Device device, double inputScale) {
    Scenario s = c.scenario;
    s.data.inputScale *= inputScale;
    s.lanes.clear();
    for (const RunLane& l : c.lanes) {
        LaneSpec spec = l.lane;
        spec.device = device;
        s.lanes.push_back(spec);
    }
    Runner runner(s);
    std::vector<std::vector<StepRecord>> rec(s.lanes.size());
    for (int i = 0; i < s.steps; ++i) {
        const std::vector<StepRecord> r = runner.step();
        for (std::size_t j = 0; j < r.size(); ++j) rec[j].push_back(r[j]);
    }
    return rec;
}

double perturbedInputScale(Format f) {
    switch (f) {
    case Format::BF16: return 1 + 0x1p-10;
    case Format::F16: return 1 + 0x1p-13;
    default: return 1 + 0x1p-20;
    }
}

std::vector<std::vector<StepRecord>> runPerturbed(const RunCase& c) {
    std::vector<std::vector<StepRecord>> out(c.lanes.size());
    for (Format f : kAllFormats) {
        RunCase only = c;  // the lanes of format f alone (lanes do not interact)
        std::vector<std::size_t> where;
        only.lanes.clear();
        for (std::size_t k = 0; k < c.lanes.size(); ++k)
            if (c.lanes[k].lane.format == f) {
                only.lanes.push_back(c.lanes[k]);
                where.push_back(k);
            }
        if (where.empty()) continue;
        auto rec = runOn(only, Device::Cpu, perturbedInputScale(f));
        for (std::size_t j = 0; j < where.size(); ++j) out[where[j]] = std::move(rec[j]);
    }
    return out;
}

Check judgeRunCase(const RunCase& c, const std::vector<std::vector<StepRecord>>& cpu,
                   const std::vector<std::vector<StepRecord>>& other) {
    bool ok = true;
    std::string detail;
    for (std::size_t k = 0; k < c.lanes.size(); ++k) {
        const Check one = judgeRun("", cpu[k], other[k], c.lanes[k].tol, c.scalerExact && c.lanes[k].lane.scaler);
        ok = ok && one.outcome == Outcome::Pass;
        LaneSpec l = c.lanes[k].lane;
        l.device = Device::Cpu;
        detail += (detail.empty() ? "" : "; ") + l.label().substr(4) + ": " + one.detail;
    }
    return {c.name, ok ? Outcome::Pass : Outcome::Fail, detail};
}

GradientMoves gradientMoves(const std::vector<LayerWeights>& a, const std::vector<LayerWeights>& b) {
    // The bins of LayerHistogram: zero, non-finite, or floor(log2 |v|) clamped to [-150, 128].
    const auto bin = [](float v) {
        if (v == 0.0f) return 1000;
        if (!std::isfinite(v)) return 2000;
        return std::clamp(std::ilogb(v), -150, 128);
    };
    GradientMoves m;
    const auto add = [&](const float* x, const float* y, Index n) {
        for (Index i = 0; i < n; ++i) {
            ++m.count;
            m.differing += !sameValue(x[i], y[i]);
            m.binMoved += bin(x[i]) != bin(y[i]);
            m.zeroMoved += (x[i] == 0.0f) != (y[i] == 0.0f);
        }
    };
    for (std::size_t l = 0; l < a.size() && l < b.size(); ++l) {
        add(a[l].weight.data(), b[l].weight.data(), a[l].weight.size());
        add(a[l].bias.data(), b[l].bias.data(), a[l].bias.size());
    }
    return m;
}

Check judgeStatistics(const GradHistogram& cpu, const GradHistogram& other, const StepRecord& cpuRecord,
                      const StepRecord& otherRecord, const GradientMoves& moves) {
    if (cpu.layers.empty() || cpu.layers.size() != other.layers.size())
        return {"", Outcome::Fail, "histograms missing: " + std::to_string(cpu.layers.size()) + " and " +
                                       std::to_string(other.layers.size()) + " layers"};
    std::int64_t weightL1 = 0, actL1 = 0, shadowZeros = 0, weightCount = 0, nonFiniteDiff = 0;
    for (std::size_t k = 0; k < cpu.layers.size(); ++k) {
        const LayerHistogram &a = cpu.layers[k], &b = other.layers[k];
        std::int64_t l1 = std::abs(a.zeros - b.zeros);
        for (std::size_t i = 0; i < std::max(a.counts.size(), b.counts.size()); ++i)
            l1 += std::abs((i < a.counts.size() ? a.counts[i] : 0) - (i < b.counts.size() ? b.counts[i] : 0));
        nonFiniteDiff += std::abs(a.nonFinite - b.nonFinite);
        if (a.weight) {
            weightL1 += l1;
            shadowZeros += std::abs(a.f32Zeros - b.f32Zeros);
            weightCount += a.zeros + a.nonFinite;
            for (std::int64_t c : a.counts) weightCount += c;
        } else {
            actL1 += l1;
        }
    }
    const double underflowMoved =
        std::fabs(cpuRecord.weightGradUnderflow - otherRecord.weightGradUnderflow) * static_cast<double>(weightCount);
    const std::int64_t allowedL1 = 2 * moves.binMoved, allowedUnderflow = moves.zeroMoved + shadowZeros;
    const bool ok = weightL1 <= allowedL1 && underflowMoved <= static_cast<double>(allowedUnderflow) + 0.5 &&
                    nonFiniteDiff == 0 && moves.count == weightCount;
    return {"", ok ? Outcome::Pass : Outcome::Fail,
            std::to_string(moves.differing) + " of " + std::to_string(moves.count) + " weight gradients differ, " +
                std::to_string(moves.binMoved) + " change bin (histograms count " + std::to_string(weightCount) +
                "); weight histograms L1 " + std::to_string(weightL1) + " (allowed " + std::to_string(allowedL1) +
                "), underflow count moved " + fmt("%.0f", underflowMoved) + " (allowed " +
                std::to_string(allowedUnderflow) +
                "), non-finite counts differ by " + std::to_string(nonFiniteDiff) +
                "; measured: activation-gradient histograms L1 " + std::to_string(actL1) + ", underflow shares act " +
                fmt("%.4g", cpuRecord.actGradUnderflow) + "/" + fmt("%.4g", otherRecord.actGradUnderflow)};
}

Check judgePredict(const std::vector<LayerWeights>& w, Activation act, const Matrix& x, const Matrix& cpu,
                   const Matrix& other) {
    const double slope = act == Activation::Sigmoid ? 0.25 : act == Activation::Gelu ? 1.13 : 1.0;
    // a: a bound on |layer input|; e: on one side's distance from the exact value of it.
    MatrixD a = x.cast<double>().cwiseAbs(), e = MatrixD::Zero(x.rows(), x.cols());
    for (std::size_t l = 0; l < w.size(); ++l) {
        const MatrixD Wa = w[l].weight.cast<double>().cwiseAbs();
        MatrixD mag = (a + e) * Wa.transpose();  // bounds |z| and the sum of its terms' magnitudes
        mag.rowwise() += w[l].bias.cast<double>().cwiseAbs().transpose();
        MatrixD en = e * Wa.transpose();
        for (Index i = 0; i < en.size(); ++i)
            en.data()[i] += orderBound(w[l].weight.cols() + 1, mag.data()[i], kNearestF32Unit);
        if (l + 1 < w.size()) {
            const MatrixD an = (mag.array() + 1.0).matrix();  // |act(z)| <= |z| + 1 for all four
            en = (en * slope).eval();
            for (Index i = 0; i < en.size(); ++i) en.data()[i] += 8 * 0x1p-24 * (an.data()[i] + mag.data()[i]);
            a = an;
        } else {
            a = mag;
        }
        e = en;
    }
    double worst = 0;
    Index at = 0;
    for (Index i = 0; i < cpu.size(); ++i) {
        const double frac = std::fabs(static_cast<double>(other.data()[i]) - cpu.data()[i]) /
                            std::max(2 * e.data()[i], 1e-300);
        if (!(frac <= worst)) {
            worst = frac;
            at = i;
        }
    }
    return {"", worst <= 1.0 ? Outcome::Pass : Outcome::Fail,
            "worst output " + std::to_string(at) + " at " + fmt("%.3g", worst) + " of twice the carried order bound (" +
                std::to_string(cpu.size()) + " outputs, float32 evaluation)"};
}

Check decayLeavesGradients(LaneBackend& lane, const Scenario& s) {
    const DataPair data = makeData(s.data, s.sizes, s.loss, s.seed);
    TorchGenerator gen(s.seed);
    std::vector<LayerWeights> init;
    for (std::size_t l = 0; l + 1 < s.sizes.size(); ++l) {
        LinearParams p = linearInit(gen, s.sizes[l], s.sizes[l + 1]);
        init.push_back({std::move(p.weight), std::move(p.bias)});
    }
    lane.setWeights(init);
    const Index rows = std::min<Index>(s.batch, data.train.size());
    const Matrix x = data.train.x.topRows(rows);
    const Matrix targets = data.train.classification() ? Matrix() : Matrix(data.train.targets.topRows(rows));
    Batch batch;
    batch.x = &x;
    if (data.train.classification()) batch.labels = std::span<const int>(data.train.labels.data(), static_cast<std::size_t>(rows));
    else batch.targets = &targets;
    lane.forwardBackward(batch, 1.0f);
    lane.unscale(1.0f);
    const std::vector<LayerWeights> before = lane.gradients();
    lane.optimizerStep();
    const std::vector<LayerWeights> after = lane.gradients();
    std::int64_t changed = 0, count = 0;
    for (std::size_t l = 0; l < before.size(); ++l) {
        count += before[l].weight.size() + before[l].bias.size();
        changed += (before[l].weight.array() != after[l].weight.array()).count();
        changed += (before[l].bias.array() != after[l].bias.array()).count();
    }
    return {"", changed ? Outcome::Fail : Outcome::Pass,
            std::to_string(changed) + " of " + std::to_string(count) +
                " gradient elements changed by the optimizer step (weight decay " + fmt("%g", s.optimizer.weightDecay) +
                "; none expected)"};
}

}  // namespace presisi::gpucheck
