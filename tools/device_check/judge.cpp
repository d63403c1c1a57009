// The device check's linear-lane tolerances: the order bound, exact sums, the midpoint judge and the
// known answers (see judge.h); the emulations are in judge_emulate.cpp, the runs in judge_runs.cpp.
// No CUDA, no Qt here.
#include "judge.h"
#include "judge_support.h"

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

namespace detail {

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

}  // namespace detail

using namespace detail;

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
    if (gpuLane.accumulation == Accumulation::Storage) {
        // f16 accumulation on both sides (the CPU one product at a time, cuBLAS in an order it does not
        // promise): each within the f16 accumulator's order bound of the exact sum, plus half an f16
        // subnormal spacing (2^-25, 2^-24 truncating) per addition below f16's smallest normal.
        const std::int64_t additions = in.x.cols();
        if (static_cast<double>(additions) * kF16AccumulatorUnit >= 1.0) return a;  // the bound says nothing
        ExactLinear e = exactLinear(cpuLane, in.x, in.weight, in.bias, kF16AccumulatorUnit);
        for (double& b : e.bound) b += static_cast<double>(e.terms) * 0x1p-24;
        const MidpointVerdict v = judgeMidpoints(e, spanOf(gpu), spanOf(cpu));
        a.acc16Bounded = true;
        a.unexplained = v.unexplained;
        a.flippable = v.flippable;
        a.firstUnexplained = v.first;
        return a;
    }
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
    if (gpuLane.accumulation == Accumulation::Storage) {
        const std::string counts = std::to_string(a.differing) + " of " + std::to_string(a.count) + " differ; " + means;
        if (!a.acc16Bounded)
            return {name, Outcome::Info,
                    "measurement, no check (K >= 1024: the f16 accumulator's order bound exceeds the sum; the known "
                    "answer is the 4096-ones row): " + counts};
        if (a.unexplained > 0)
            return {name, Outcome::Fail,
                    std::to_string(a.unexplained) + " elements outside the f16 accumulator's order bound, first " +
                        a.firstUnexplained + "; " + counts};
        return {name, Outcome::Pass, "every element within the f16 accumulator's order bound; " + counts};
    }
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

LinearInputs onesInputs() {
    LinearInputs in;
    in.x = Matrix::Ones(1, kOnesTerms);
    in.weight = Matrix::Ones(2, kOnesTerms);
    in.bias = Vector::Zero(2);
    return in;
}

Check judgeOnesSum(const LinearLane& lane, const Matrix& got, const Matrix& cpu) {
    const bool acc16 = lane.format == Format::F16 && lane.accumulation == Accumulation::Storage;
    const float cpuWant = acc16 ? 2048.0f : static_cast<float>(kOnesTerms);
    std::int64_t sticks = 0, exact = 0, bad = 0, cpuBad = 0;
    std::string first;
    for (Index i = 0; i < got.size(); ++i) {
        const float v = got.data()[i];
        cpuBad += cpu.size() != got.size() || !sameValue(cpu.data()[i], cpuWant);
        if (v == static_cast<float>(kOnesTerms)) ++exact;
        else if (acc16 && v == 2048.0f) ++sticks;
        else if (!bad++) first = ", first element " + std::to_string(i) + " is " + fmt("%.9g", v);
    }
    const std::string n = std::to_string(got.size());
    std::string detail;
    if (acc16)
        detail = std::to_string(sticks) + " of " + n + " at 2048 (one product at a time), " + std::to_string(exact) +
                 " at 4096 (even chunks summed exactly)";
    else
        detail = std::to_string(exact) + " of " + n + " at 4096 (float32 accumulation)";
    if (bad) detail += "; " + std::to_string(bad) + " wrong" + first;
    if (cpuBad) detail += "; the CPU lane differs from " + fmt("%.0f", cpuWant) + " (reference side wrong)";
    return {"", bad == 0 && cpuBad == 0 && got.size() > 0 ? Outcome::Pass : Outcome::Fail, detail};
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

}  // namespace presisi::gpucheck
