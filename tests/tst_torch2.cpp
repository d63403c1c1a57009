// PyTorch 2.x (and 1.13's oneDNN GELU), number for number: torch.optim's Adam and AdamW element for
// element (scripts/make_torch2_optimizer_reference.py, tests/data/torch2-optim); bf16 GELU forward and
// backward on every finite bf16 input, along the path torch's dispatch takes for each CPU class
// (scripts/make_gelu_reference.py, tests/data/gelu).
#include <QtTest>

#include <QFile>

#include <bit>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/format.h"
#include "engine/linear_lab.h"
#include "engine/numerics/aten_reduced_gemm.h"
#include "engine/numerics/optimizer.h"
#include "engine/numerics/torch_dispatch.h"
#include "engine/training/runner.h"
#include "torch_reference.h"

using namespace presisi;

namespace {

// Units in the last place between two finite float32 values of the same sign.
std::int64_t ulpsApart(float a, float b) {
    return std::llabs(static_cast<std::int64_t>(std::bit_cast<std::int32_t>(a)) -
                      static_cast<std::int64_t>(std::bit_cast<std::int32_t>(b)));
}

}  // namespace

class TestTorch2 : public QObject {
    Q_OBJECT
private slots:
    void optimizerMatchesTorch2_data() { testdata::addReferenceRows("torch2-optim/optim.json", "cases"); }
    void optimizerMatchesTorch2();
    void optimizerFollowsTheVersion();
    void trainingMatchesTorch2_data();
    void trainingMatchesTorch2();
    void tutorialF16MatchesTorch2();
    void linearKernelRule();
    void geluOnEveryBf16Input_data();
    void geluOnEveryBf16Input();
    void geluVectorPathEqualsScalar();
};

// Each step starts from torch's parameters of the step before (so one differing element does not carry
// on) and keeps its own moments. Equal bit for bit, except where torch's float32 sqrt is not correctly
// rounded: PyPI's torch takes sqrt from MKL's VML (vsSqrt, high-accuracy mode, faithful but not always
// correctly rounded), Presisi from std::sqrt (correctly rounded). One ulp in the denominator moves the
// update by at most one ulp of the parameter, and that happens to about one update in 10^4.
void TestTorch2::optimizerMatchesTorch2() {
    QFETCH(QJsonObject, entry);
    const auto n = static_cast<std::size_t>(entry["n"].toInt());
    const int steps = entry["steps"].toInt();
    const std::vector<float> data = testdata::loadArray(entry);
    QCOMPARE(data.size(), n * static_cast<std::size_t>(1 + 2 * steps));
    OptimizerSpec o;
    o.kind = *parseOptimizer(entry["optimizer"].toString().toStdString());
    o.lr = entry["lr"].toDouble();
    o.weightDecay = entry["weight_decay"].toDouble();
    std::vector<float> p(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(n)), m(n, 0.0f), v(n, 0.0f);
    std::int64_t differing = 0, worst = 0;
    for (int t = 1; t <= steps; ++t) {
        const float* grad = data.data() + n * static_cast<std::size_t>(2 * t - 1);
        const float* torch = data.data() + n * static_cast<std::size_t>(2 * t);
        numerics::adamStep(p.data(), grad, m.data(), v.data(), n, o, t, TorchVersion::V2);
        for (std::size_t i = 0; i < n; ++i) {
            if (p[i] == torch[i]) continue;
            ++differing;
            worst = std::max(worst, ulpsApart(p[i], torch[i]));
            p[i] = torch[i];
        }
    }
    qInfo("%lld of %lld updates differ from torch, by at most %lld ulp", static_cast<long long>(differing),
          static_cast<long long>(n) * steps, static_cast<long long>(worst));
    QVERIFY2(worst <= 1, qPrintable(QString("an update differs by %1 ulp").arg(worst)));
    QVERIFY2(differing * 1000 <= static_cast<std::int64_t>(n) * steps,
             qPrintable(QString("%1 updates differ: more than torch's sqrt explains").arg(differing)));
}

// The 1.13 formula is a different computation: on the same data it departs from torch 2.x's updates in
// many places (the lerp form rounds differently), which is why the version is a setting.
void TestTorch2::optimizerFollowsTheVersion() {
    const QJsonObject ref = testdata::loadJson("torch2-optim/optim.json");
    const QJsonObject entry = ref["cases"].toArray()[0].toObject();
    const auto n = static_cast<std::size_t>(entry["n"].toInt());
    const std::vector<float> data = testdata::loadArray(entry);
    QVERIFY(!data.empty());
    OptimizerSpec o;
    o.kind = OptimizerSpec::Kind::Adam;
    o.lr = entry["lr"].toDouble();
    std::vector<float> p2(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(n)), p1 = p2;
    std::vector<float> m2(n, 0.0f), v2(n, 0.0f), m1(n, 0.0f), v1(n, 0.0f);
    std::size_t differ = 0;
    for (int t = 1; t <= 5; ++t) {
        const float* grad = data.data() + n * static_cast<std::size_t>(2 * t - 1);
        numerics::adamStep(p2.data(), grad, m2.data(), v2.data(), n, o, t, TorchVersion::V2);
        numerics::adamStep(p1.data(), grad, m1.data(), v1.data(), n, o, t, TorchVersion::V1_13);
    }
    for (std::size_t i = 0; i < n; ++i) differ += p1[i] != p2[i];
    QVERIFY2(differ > n / 100, qPrintable(QString("only %1 of %2 differ").arg(differ).arg(n)));
}

// Training runs of torch 2.15 (scripts/make_torch2_training_reference.py, tests/data/torch2): relu, gelu and
// tanh; SGD, momentum, Adam and AdamW; products below and above oneDNN's threshold; cross-entropy and MSE;
// minibatch and full batch — on this CPU's AVX-512 path and on the AVX2 path (oneDNN limited to AVX2,
// ATen's AVX2 kernels), each with `--dispatch torch --torch-version 2` and the matching CPU class.
void TestTorch2::trainingMatchesTorch2_data() {
    QTest::addColumn<QJsonObject>("c");
    QTest::addColumn<int>("cpu");
    QTest::addColumn<QString>("noiseFile");
    for (const auto& [file, cpu] : {std::pair{"torch2/runs_avx512.json", TorchCpu::Avx512},
                                     std::pair{"torch2/runs_avx2.json", TorchCpu::NoAvx512}}) {
        const QJsonObject ref = testdata::loadJson(file);
        QVERIFY2(!ref.isEmpty(), qPrintable(QString("tests/data/%1 is missing").arg(file)));
        for (const auto v : ref["cases"].toArray()) {
            const QJsonObject c = v.toObject();
            QTest::addRow("%s %s", ref["path"].toString().toUtf8().constData(), c["name"].toString().toUtf8().constData())
                << c << int(cpu) << "torch2/noise_" + ref["path"].toString() + ".json";
        }
    }
}

void TestTorch2::trainingMatchesTorch2() {
    QFETCH(QJsonObject, c);
    QFETCH(int, cpu);
    QFETCH(QString, noiseFile);
    Scenario s = testdata::referenceScenario(c, QString());
    s.dispatch = Dispatch::Torch;
    s.torchCpu = static_cast<TorchCpu>(cpu);
    s.torchVersion = TorchVersion::V2;
    Runner runner(s);
    const QJsonObject lanes = c["lanes"].toObject();
    const QJsonArray f32 = lanes["f32"].toObject()["losses"].toArray();
    const QJsonArray bf16 = lanes["bf16"].toObject()["losses"].toArray();
    QCOMPARE(bf16.size(), s.steps);
    double worst[2][3] = {};  // lane, {steps 0-1, steps 0-4, all}
    double bf16Error[5] = {};
    const QJsonArray noise = testdata::loadJson(noiseFile)["cases"].toObject()[c["name"].toString()].toArray();
    QCOMPARE(noise.size(), 5);
    for (int k = 0; k < s.steps; ++k) {
        const auto rec = runner.step();
        for (int lane = 0; lane < 2; ++lane) {
            const double e = testdata::relativeError(rec[static_cast<std::size_t>(lane)].loss, (lane == 0 ? f32 : bf16)[k].toDouble());
            if (lane == 1 && k < 5) bf16Error[k] = e;
            if (k < 2) worst[lane][0] = std::max(worst[lane][0], e);
            if (k < 5) worst[lane][1] = std::max(worst[lane][1], e);
            worst[lane][2] = std::max(worst[lane][2], e);
        }
    }
    qInfo("relative loss error  f32: %.2g (steps 0-1) %.2g (0-4) %.2g (all)  bf16: %.2g %.2g %.2g", worst[0][0],
          worst[0][1], worst[0][2], worst[1][0], worst[1][1], worst[1][2]);
    // bf16: steps 0-1 within 2e-6; each of steps 0-4 within 2e-5, or within torch's own float32 noise where
    // that is larger: how far torch's bf16 loss moves when its initial weights move by one float32 ulp
    // (noise_<path>.json; Adam on a full batch of 512 turns near-zero gradients' signs into whole steps).
    // f32: float32's elementwise functions differ by an ulp (torch's vectorised tanh, exp, log against
    // libm) and an MSE near zero magnifies that; 1e-5 over steps 0-4.
    QVERIFY2(worst[0][1] <= 1e-5, qPrintable(QString("f32, steps 0-4: %1").arg(worst[0][1])));
    QVERIFY2(worst[1][0] <= 2e-6, qPrintable(QString("bf16, steps 0-1: %1").arg(worst[1][0])));
    for (int k = 0; k < 5; ++k) {
        const double allowed = std::max(2e-5, noise[k].toDouble());
        QVERIFY2(bf16Error[k] <= allowed, qPrintable(QString("bf16 step %1: %2, allowed %3 (torch's own float32 noise %4)")
                                                         .arg(k).arg(bf16Error[k]).arg(allowed).arg(noise[k].toDouble())));
    }
}

// The tutorial's example (nn.Linear(256, 256), x = randn(64, 256), seed 0) under torch 2.x's CPU float16
// autocast, on both of torch's kernels: oneDNN (CPUs with AVX512-FP16: a sequential float32 sum over k, the
// bias added last; tutorial_f16_avx512) and ATen's own GEMM (every other x86 CPU: tutorial_f16_avx2, and
// tutorial_f16_aten_avx512, the same AVX2 code under ATen's AVX512 capability). Each bit for bit; the
// Linear lab's f16 lane takes the kernel torch takes on this CPU and equals that run. The two kernels
// differ in 24 of the 16,384 outputs, by up to two f16 units.
void TestTorch2::tutorialF16MatchesTorch2() {
    const LinearInputs in = makeLinearInputs({});
    const auto rounded = [](const Matrix& m) {
        Matrix r = m;
        for (Index i = 0; i < r.size(); ++i) r.data()[i] = roundTo(Format::F16, r.data()[i]);
        return r;
    };
    const Matrix x = rounded(in.x), w = rounded(in.weight);
    const Matrix b = rounded(in.bias.transpose());
    const auto differing = [](const Matrix& y, const QString& file) {
        const std::vector<float> torch = testdata::loadF32("torch2/" + file);
        if (torch.size() != std::size_t(y.size())) return -1;
        int n = 0;
        for (std::size_t i = 0; i < torch.size(); ++i) n += y.data()[i] != torch[i];
        return n;
    };
    // oneDNN's order: for each output, a float32 sum over k in order, then the bias.
    Matrix sequential(x.rows(), w.rows());
    for (Index i = 0; i < x.rows(); ++i)
        for (Index o = 0; o < w.rows(); ++o) {
            float sum = 0;
            for (Index k = 0; k < x.cols(); ++k) sum = std::fma(x(i, k), w(o, k), sum);
            sequential(i, o) = roundTo(Format::F16, sum + b(0, o));
        }
    QCOMPARE(differing(sequential, "tutorial_f16_avx512.f32"), 0);
    Matrix aten(x.rows(), w.rows());
    numerics::atenReducedLinear(x.data(), w.data(), b.data(), aten.data(), x.rows(), x.cols(), w.rows(), Format::F16);
    aten = rounded(aten);
    QCOMPARE(differing(aten, "tutorial_f16_avx2.f32"), 0);
    QCOMPARE(differing(aten, "tutorial_f16_aten_avx512.f32"), 0);
    QCOMPARE(differing(aten, "tutorial_f16_avx512.f32"), 24);
    // The lane, on this CPU.
    const bool oneDnn = numerics::torch2LinearKernel(Format::F16, 64, 256, 256, numerics::thisCpuOneDnnFormats()) ==
                        numerics::TorchLinearKernel::OneDnn;
    const Matrix lane = linearForwardCpu({Device::Cpu, Format::F16}, in.x, in.weight, in.bias);
    QCOMPARE(differing(lane, oneDnn ? "tutorial_f16_avx512.f32" : "tutorial_f16_avx2.f32"), 0);
}

// Which kernel torch 2.x's CPU Linear takes (CPUBlas.cpp, mkldnn/Matmul.cpp), by hand from the source.
void TestTorch2::linearKernelRule() {
    using numerics::TorchLinearKernel;
    const auto fp16 = numerics::torchOneDnnFormats(" avx2 fma avx512f avx512bw avx512vl avx512dq avx512_bf16 avx512_fp16");
    const auto avx512 = numerics::torchOneDnnFormats(" avx2 fma avx512f avx512bw avx512vl avx512dq");
    const auto avx2 = numerics::torchOneDnnFormats(" avx2 fma f16c");
    QVERIFY(fp16.f16 && fp16.bf16 && !avx512.f16 && avx512.bf16 && !avx2.f16 && !avx2.bf16);
    QCOMPARE(numerics::torch2LinearKernel(Format::F16, 64, 256, 256, fp16), TorchLinearKernel::OneDnn);
    QCOMPARE(numerics::torch2LinearKernel(Format::F16, 16, 16, 16, fp16), TorchLinearKernel::Aten);   // 4096
    QCOMPARE(numerics::torch2LinearKernel(Format::F16, 1, 4096, 4096, fp16), TorchLinearKernel::Aten);  // batch 1
    QCOMPARE(numerics::torch2LinearKernel(Format::F16, 64, 256, 256, avx512), TorchLinearKernel::Aten);
    QCOMPARE(numerics::torch2LinearKernel(Format::BF16, 1, 4096, 4096, avx512), TorchLinearKernel::OneDnn);
    QCOMPARE(numerics::torch2LinearKernel(Format::BF16, 64, 256, 256, avx2), TorchLinearKernel::Aten);
}

// Each reference run (tests/data/gelu/README.md) against the GELU rule Presisi's dispatch chooses for the
// matching scenario, on one contiguous tensor of the 65,280 finite bf16 values. `flush`: oneDNN on a CPU
// with AVX512_BF16 stores through vcvtneps2bf16, which reads a float32 denormal as zero.
void TestTorch2::geluOnEveryBf16Input_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("cpu");
    QTest::addColumn<int>("version");
    QTest::addColumn<bool>("flush");
    QTest::newRow("torch 2.x, AVX-512 BF16 CPU") << "torch2_avx512" << int(TorchCpu::Avx512) << int(TorchVersion::V2) << true;
    QTest::newRow("torch 2.x, ATen on AVX2") << "torch2_aten_avx2" << int(TorchCpu::Avx512) << int(TorchVersion::V2) << true;
    QTest::newRow("torch 2.x, AVX-512 without BF16") << "torch2_avx512core" << int(TorchCpu::Avx512) << int(TorchVersion::V2) << false;
    QTest::newRow("torch 2.x, AVX2-only CPU") << "torch2_avx2only" << int(TorchCpu::NoAvx512) << int(TorchVersion::V2) << false;
    QTest::newRow("torch 1.13, AVX-512 BF16 CPU") << "torch113" << int(TorchCpu::Avx512) << int(TorchVersion::V1_13) << true;
}

void TestTorch2::geluOnEveryBf16Input() {
    QFETCH(QString, name);
    QFETCH(int, cpu);
    QFETCH(int, version);
    QFETCH(bool, flush);
    Scenario s;
    s.dispatch = Dispatch::Torch;
    s.torchCpu = static_cast<TorchCpu>(cpu);
    s.torchVersion = static_cast<TorchVersion>(version);
    const numerics::GeluRule rule = numerics::productDispatch(s).gelu(Format::BF16);
    std::vector<float> x;
    for (std::uint32_t b = 0; b < 0x10000; ++b)
        if ((b & 0x7f80u) != 0x7f80u) x.push_back(fromBf16Bits(static_cast<std::uint16_t>(b)));
    QCOMPARE(x.size(), std::size_t(65280));
    const std::vector<std::uint16_t> gradBits = testdata::loadRaw<std::uint16_t>("gelu/grad_rand.bin");
    QCOMPARE(gradBits.size(), x.size());
    std::vector<float> ones(x.size(), 1.0f), grad(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) grad[i] = fromBf16Bits(gradBits[i]);
    // torch rounds each float32 result to bf16 once: Presisi's rounding, or the flushing store.
    const auto toBf16 = [flush](float v) {
        return flush ? numerics::torchBf16Round(v, true) : static_cast<std::uint16_t>(bitsOf(Format::BF16, roundTo(Format::BF16, v)));
    };
    const auto compare = [&](const std::vector<float>& mine, const QString& file) {
        const std::vector<std::uint16_t> torch = testdata::loadRaw<std::uint16_t>("gelu/" + file);
        QCOMPARE(torch.size(), mine.size());
        std::size_t differ = 0, first = 0;
        for (std::size_t i = 0; i < mine.size(); ++i)
            if (toBf16(mine[i]) != torch[i] && differ++ == 0) first = i;
        QVERIFY2(differ == 0, qPrintable(QString("%1: %2 of 65280 differ, the first at x = %3")
                                             .arg(file).arg(differ).arg(double(x[first]), 0, 'g', 9)));
    };
    std::vector<float> y(x.size());
    numerics::torchGeluForward(rule, x.data(), y.data(), x.size());
    compare(y, name + "_fwd.bin");
    numerics::torchGeluBackward(rule, x.data(), ones.data(), ones.size());
    compare(ones, name + "_bwd_ones.bin");
    numerics::torchGeluBackward(rule, x.data(), grad.data(), grad.size());
    compare(grad, name + "_bwd_rand.bin");
}

// oneDNN's GELU paths and ATen's vector body run eight floats at a time where the build has AVX2: each lane equals the scalar
// emulation (one element at a time takes the scalar code) bit for bit, forward and backward, over float32
// values spread across every binade, zeros, infinities and NaN.
void TestTorch2::geluVectorPathEqualsScalar() {
    std::vector<float> x;
    for (std::uint32_t b = 0; b < 0xffffffffu - 40009; b += 40009) x.push_back(std::bit_cast<float>(b));
    for (const float v : {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f, 5.6f, -5.6f}) x.push_back(v);
    x.resize(x.size() - x.size() % 8);
    std::vector<float> g(x.size());
    for (std::size_t i = 0; i < g.size(); ++i) g[i] = 0.75f + static_cast<float>(i % 13) * 0.125f;
    // ATen's vector body (AtenVec) too: a block of 8 puts every element in the body, one element alone (block 1)
    // takes the scalar emulation of the body.
    for (const numerics::TorchGelu k :
         {numerics::TorchGelu::OneDnn2, numerics::TorchGelu::OneDnn3, numerics::TorchGelu::AtenVec}) {
        std::vector<float> vector(x.size()), scalar(x.size()), dVector(g), dScalar(g);
        numerics::torchGeluForward(k, x.data(), vector.data(), x.size(), 8);
        numerics::torchGeluBackward(k, x.data(), g.data(), dVector.data(), x.size(), 8);
        for (std::size_t i = 0; i < x.size(); ++i) {
            numerics::torchGeluForward(k, &x[i], &scalar[i], 1, 1);
            numerics::torchGeluBackward(k, &x[i], &g[i], &dScalar[i], 1, 1);
        }
        for (std::size_t i = 0; i < x.size(); ++i) {
            const auto same = [](float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b) || (a != a && b != b); };
            QVERIFY2(same(vector[i], scalar[i]), qPrintable(QString("forward at %1: %2 vs %3").arg(double(x[i])).arg(double(vector[i])).arg(double(scalar[i]))));
            QVERIFY2(same(dVector[i], dScalar[i]), qPrintable(QString("backward at %1: %2 vs %3").arg(double(x[i])).arg(double(dVector[i])).arg(double(dScalar[i]))));
        }
    }
}

QTEST_GUILESS_MAIN(TestTorch2)
#include "tst_torch2.moc"
