// The device check's kernel rows: each training kernel of cuda_training.cu against its CPU
// reference (rounding, products, activations, losses, bias, gradient counts, unscale, SGD, Adam).
// No Qt here.
#include <cmath>
#include <random>

#include "check_support.h"
#include "engine/error.h"
#include "engine/numerics/activation.h"
#include "engine/numerics/loss.h"
#include "engine/numerics/optimizer.h"
#ifdef PRESISI_HAVE_CUDA
#include "engine/cuda/cuda_training.h"
#endif

namespace presisi::gpucheck {

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
// f16 keeps 10 of float32's 23 fraction bits, so its ties in the normal range sit at low 13 bits
// 0x1000: low half-words 0x1000 (tie, even or odd by bit 13 of the upper half), 0x3000 (tie, bit
// 13 set), 0x0FFF and 0x1001 (just below and above).
std::vector<float> roundingInputs() {
    std::vector<float> v;
    std::mt19937 gen(7);
    for (std::uint32_t hi = 0; hi < 65536; ++hi)
        for (std::uint32_t lo : {0u, 0x7FFFu, 0x8000u, 0x8001u, 0xFFFFu, 0x1000u, 0x3000u, 0x0FFFu, 0x1001u,
                                 static_cast<std::uint32_t>(gen() & 0xFFFFu)})
            v.push_back(std::bit_cast<float>((hi << 16) | lo));
    for (float x : {65504.0f, 65519.99f, 65520.0f, std::ldexp(1.0f, -24), std::ldexp(1.0f, -25),
                    std::ldexp(3.0f, -26), std::ldexp(1.0f, -14), std::ldexp(1.0f, -126), std::ldexp(1.0f, -149)})
        for (float s : {1.0f, -1.0f}) v.push_back(s * x);
    return v;
}

Check roundingCheck(Format f, bool flush, const std::vector<float>& in = roundingInputs()) {
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

// With flush, rows 0 and 5 of op(A) hold only subnormals of the format (f16: 2^-20 (1 + k/8); bf16
// and f32: 2^-130 (1 + k/8)) that the product must see as zeros: those rows of C are exactly 0, and
// unflushed they would be about 2^-130 * 240 (f16: 2^-20 * 240), far above the bound's absolute
// term, so the flush path (the f32 copy-flush of cuda_training.cu, the 16-bit packs) decides them.
Check gemmCheck(bool ta, bool tb, Format f, bool flush = false) {
    const int M = 33, N = 17, K = 300;
    std::vector<float> A = randomNormal(static_cast<std::size_t>(M) * K, 1.0f, 11),
                       B = randomNormal(static_cast<std::size_t>(K) * N, 1.0f, 12);
    if (flush)
        for (int i : {0, 5})
            for (int k = 0; k < K; ++k)
                A[ta ? static_cast<std::size_t>(k) * M + i : static_cast<std::size_t>(i) * K + k] =
                    std::ldexp(1.0f + static_cast<float>(k % 8) / 8, f == Format::F16 ? -20 : -130);
    DeviceArray dA = onDevice(A), dB = onDevice(B), dC(static_cast<std::size_t>(M) * N, "gemm check");
    cuda::gemm(ta, tb, M, N, K, dA.data(), dB.data(), dC.data(), f, flush);
    const std::vector<float> C = dC.download();
    const std::vector<float> Ar = roundedCopy(A, f, flush), Br = roundedCopy(B, f, flush);
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
            // The order bound with a truncating accumulator (judge.h; tensor cores for bf16/f16), the
            // reference's own rounding to float32 (2^-24 of it), and K 2^-149: a product or partial
            // sum in float32's subnormal range rounds to a multiple of 2^-149.
            allowed[static_cast<std::size_t>(i) * N + j] =
                orderBound(K, sa) + std::ldexp(std::fabs(s), -24) + K * std::ldexp(1.0, -149);
        }
    return judgeBound("", C, ref, allowed);
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
    for (std::size_t i = 0; i < n; ++i) a[i] = roundTo(f, numerics::activationF32(act, z[i]));
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
        for (std::size_t i = 0; i < n; ++i) want[i] = roundTo(f, numerics::activationBackwardF32(act, z[i], a[i], g[i]));
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
    // Host reference in double for the loss (apart from the lanes' float32 formula, on purpose); the
    // accuracy and the gradient as the CPU lane forms them (engine/numerics/loss.h), in float32.
    double sum = 0;
    std::int64_t right = 0;
    std::vector<float> dz(z.size()), lsm(static_cast<std::size_t>(C));
    const numerics::NoFormatRounding f32;
    const float g = numerics::crossEntropyGradScale(scale, B, Format::F32, Format::F32, f32);
    for (int i = 0; i < B; ++i) {
        const float* zi = z.data() + static_cast<std::size_t>(i) * C;
        const int label = labels[static_cast<std::size_t>(i)];
        if (numerics::predictsLabel(zi, static_cast<std::size_t>(C), label)) ++right;
        double m = zi[0];
        for (int j = 1; j < C; ++j) m = std::max(m, static_cast<double>(zi[j]));
        double s = 0;
        for (int j = 0; j < C; ++j) s += std::exp(zi[j] - m);
        sum += -(zi[label] - m - std::log(s));
        float* di = dz.data() + static_cast<std::size_t>(i) * C;
        numerics::logSoftmaxRow(zi, lsm.data(), static_cast<std::size_t>(C), false, Format::F32, f32);
        numerics::crossEntropyGradRow(lsm.data(), label, g, di, static_cast<std::size_t>(C), Format::F32, f32);
        for (int j = 0; j < C; ++j) di[j] = roundTo(logitsFormat, di[j]);
    }
    const double want = sum / B;
    DeviceArray dZ = onDevice(z), dD(z.size(), "cross-entropy check");
    cuda::DeviceLabels dl;
    dl.upload(labels);
    cuda::LossFormats lf;
    lf.logits = logitsFormat;
    const cuda::LossResult r = cuda::crossEntropy(dZ.data(), dl.data(), B, C, dD.data(), scale, lf);
    const double rel = std::fabs(r.loss - want) / want;
    // 1e-6, about 17 float32 units: the kernel's float32 log-softmax (a few units of 2^-24 per row)
    // and its rounding of the mean, against the host's double.
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
        // log_softmax as the lanes compute it (engine/numerics/loss.h), in float32.
        float* wr = want.data() + static_cast<std::size_t>(r) * C;
        const float lse = numerics::logSoftmaxRow(zr, wr, static_cast<std::size_t>(C), false, Format::F32,
                                                  numerics::NoFormatRounding{});
        for (int j = 0; j < C; ++j) {
            const float lp = wr[j];
            wr[j] = logSoftmax ? lp : std::exp(lp);
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
    // The reference: engine/numerics/loss.h, as the CPU lane computes mse.
    const auto round = [](Format g, float v) { return roundTo(g, v); };
    numerics::LossSum sum;
    std::vector<float> dy(n);
    const numerics::MseScalars k = numerics::mseScalars(static_cast<std::int64_t>(n), scale, f, round);
    for (std::size_t i = 0; i < n; ++i) {
        float sq = 0;
        dy[i] = numerics::mseElement(y[i], t[i], k, f, round, sq);
        sum.add(sq, round);
    }
    const float want = numerics::meanLoss(sum.total(), static_cast<std::int64_t>(n), f, round);
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

// Three optimizer steps on the device and on the host (the CPU lane's own updates), bit for bit.
Check optimizerCheck(OptimizerSpec::Kind kind, double momentum, double weightDecay,
                     TorchVersion version = TorchVersion::V2) {
    OptimizerSpec o;
    o.kind = kind;
    o.lr = o.keepsTwoMoments() ? 1e-3 : 0.1;
    o.momentum = momentum;
    o.weightDecay = weightDecay;
    const std::size_t n = 3000;
    std::vector<float> p = randomNormal(n, 0.5f, 81), m(n, 0.0f), v(n, 0.0f);
    DeviceArray dp = onDevice(p), dm = onDevice(m), dv = onDevice(v), dg;
    for (int step = 1; step <= 3; ++step) {
        std::vector<float> g = randomNormal(n, 0.01f, 90 + static_cast<std::uint32_t>(step));
        dg.upload(g);
        if (o.keepsTwoMoments()) cuda::adamStep(dp.data(), dg.data(), dm.data(), dv.data(), n, o, step, version);
        else cuda::sgdStep(dp.data(), dg.data(), dm.data(), n, o, step == 1);
        // The host side: the engine's own updates (engine/numerics), which the CPU lane runs.
        if (o.keepsTwoMoments()) numerics::adamStep(p.data(), g.data(), m.data(), v.data(), n, o, step, version);
        else numerics::sgdStep(p.data(), g.data(), m.data(), n, o, step == 1);
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
    for (bool flush : {false, true})
        add(std::string("kernel round f16") + (flush ? "+ftz" : "") +
                ": ties in the normal range (low half-words 0x1000, 0x3000, 0x0FFF, 0x1001)",
            [flush] { return roundingCheck(Format::F16, flush, f16NormalRangeTies()); });
    for (Format f : kAllFormats)
        for (bool ta : {false, true})
            for (bool tb : {false, true})
                for (bool flush : {false, true})
                    add("kernel gemm " + std::string(traits(f).name) + (flush ? "+ftz" : "") + (ta ? " A^T" : " A") +
                            (tb ? " B^T" : " B"),
                        [f, ta, tb, flush] { return gemmCheck(ta, tb, f, flush); });
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
    add("kernel adam as torch 1.13", [] {
        return optimizerCheck(OptimizerSpec::Kind::Adam, 0.0, 1e-2, TorchVersion::V1_13);
    });
    add("kernel adamw weight decay 1e-2", [] { return optimizerCheck(OptimizerSpec::Kind::AdamW, 0.0, 1e-2); });
#else
    add("training kernels", [] { return Check{"", Outcome::Skip, cudaStatus().reason}; });
#endif
    return cases;
}

}  // namespace presisi::gpucheck
