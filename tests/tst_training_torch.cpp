// The training lab against PyTorch 1.13 (scripts/make_torch_training_reference.py; --torch-version 1.13): initial weights bit
// for bit, the first step's gradients, and the loss at every step in float32 and under CPU bf16 autocast,
// with storage accumulation and with --dispatch torch --torch-cpu no-avx512 (a CPU without AVX-512); and
// --dispatch torch --torch-cpu avx512 against runs made on a CPU with AVX-512 BF16 (tests/data/torch-avx512-bf16).
#include <QtTest>

#include <cmath>

#include "engine/numerics/torch_dispatch.h"
#include "engine/training/runner.h"
#include "torch_reference.h"

using namespace presisi;

namespace {

// How a row runs the bf16 lane: the scenario's storage accumulation, or torch's dispatch for a CPU class.
enum class Mode { Storage, TorchNoAvx512 };

Scenario scenarioFor(const QJsonObject& c, Mode mode = Mode::Storage) {
    Scenario s = testdata::referenceScenario(c, "training");
    s.torchVersion = TorchVersion::V1_13;  // made with torch 1.13 (tests/tst_torch2.cpp has 2.x's)
    // The reference was made on a CPU without AVX-512, where torch 1.13's bf16 backward GEMMs accumulate
    // in bf16 (see BackwardAccumulation).
    s.backwardAccumulation = BackwardAccumulation::Storage;
    if (mode == Mode::TorchNoAvx512) {
        // The same numerics chosen by torch's dispatch rule (every product on the reference path there).
        s.backwardAccumulation = BackwardAccumulation::F32;
        s.dispatch = Dispatch::Torch;
        s.torchCpu = TorchCpu::NoAvx512;
    }
    return s;
}


// Worst |a - b| over all elements, as a fraction of tol * max(|b|, floor).
double worstFraction(std::span<const float> a, const std::vector<float>& b, double tol, double floor) {
    double worst = 0;
    for (std::size_t i = 0; i < b.size(); ++i)
        worst = std::max(worst, std::fabs(double(a[i]) - double(b[i])) / (tol * std::max(std::fabs(double(b[i])), floor)));
    return worst;
}

}  // namespace

class TestTrainingTorch : public QObject {
    Q_OBJECT
private slots:
    void cases_data();
    void cases();
    void statisticsDoNotChangeTheRun();
    void avx512_data();
    void avx512();
    void dispatchRule();
};

void TestTrainingTorch::cases_data() {
    QTest::addColumn<QJsonObject>("c");
    QTest::addColumn<int>("mode");
    const QJsonObject ref = testdata::loadJson("training/torch_training.json");
    QVERIFY2(!ref.isEmpty(), "tests/data/training/torch_training.json is missing");
    for (const auto v : ref["cases"].toArray()) {
        const QJsonObject c = v.toObject();
        const QByteArray name = c["name"].toString().toUtf8();
        QTest::addRow("%s storage", name.constData()) << c << int(Mode::Storage);
        QTest::addRow("%s torch-no-avx512", name.constData()) << c << int(Mode::TorchNoAvx512);
    }
}

void TestTrainingTorch::cases() {
    QFETCH(QJsonObject, c);
    QFETCH(int, mode);
    const Scenario s = scenarioFor(c, Mode(mode));
    Runner runner(s);

    // torch.manual_seed(seed); nn.Sequential(...): every initial parameter bit for bit.
    const auto init = c["init"].toArray();
    const auto w0 = runner.weights(0);
    for (int i = 0; i < init.size(); ++i) {
        const auto ref = testdata::loadArray(init[i].toObject());
        const auto& layer = w0[static_cast<std::size_t>(i / 2)];
        const std::span<const float> mine = i % 2 == 0 ? std::span<const float>(layer.weight.data(), layer.weight.size())
                                                       : std::span<const float>(layer.bias.data(), layer.bias.size());
        QCOMPARE(mine.size(), ref.size());
        for (std::size_t k = 0; k < ref.size(); ++k)
            QVERIFY2(mine[k] == ref[k], qPrintable(QString("init param %1 element %2: %3 vs torch %4").arg(i).arg(k).arg(mine[k]).arg(ref[k])));
    }

    const QJsonObject lanes = c["lanes"].toObject();
    const QJsonArray f32 = lanes["f32"].toObject()["losses"].toArray();
    const QJsonArray bf16 = lanes["bf16"].toObject()["losses"].toArray();
    const bool adam = c["optimizer"].toObject()["name"].toString() == "adam";
    // Adam divides by sqrt(v): one float32 ulp in an early step moves later losses more than SGD does.
    const double f32Tol = adam ? 1e-4 : 1e-5;
    double worstF32 = 0, worstBf16Early = 0, worstBf16 = 0;
    for (int k = 0; k < s.steps; ++k) {
        const auto rec = runner.step();
        if (k == 0) {
            // The first step's float32 master gradients, f32 and bf16 lanes.
            for (int lane = 0; lane < 2; ++lane) {
                const auto grads = runner.gradients(lane);
                const auto refs = lanes[lane == 0 ? "f32" : "bf16"].toObject()["grads0"].toArray();
                for (int i = 0; i < refs.size(); ++i) {
                    const auto ref = testdata::loadArray(refs[i].toObject());
                    const auto& layer = grads[static_cast<std::size_t>(i / 2)];
                    const std::span<const float> mine = i % 2 == 0
                        ? std::span<const float>(layer.weight.data(), layer.weight.size())
                        : std::span<const float>(layer.bias.data(), layer.bias.size());
                    // f32: accumulation order only. bf16: one bf16 unit where an f32 sum lands near a tie.
                    const double tol = lane == 0 ? 1e-4 : 1.0 / 128;
                    double norm = 0;
                    for (float r : ref) norm = std::max(norm, std::fabs(double(r)));
                    const double w = worstFraction(mine, ref, tol, std::max(norm * 1e-2, 1e-12));
                    if (w > 1.0) {
                        QString detail;
                        for (std::size_t k = 0; k < std::min<std::size_t>(ref.size(), 12); ++k)
                            detail += QString(" [%1] %2/%3").arg(k).arg(mine[k], 0, 'g', 9).arg(ref[k], 0, 'g', 9);
                        QFAIL(qPrintable(QString("lane %1 grad %2: worst element at %3 of the allowed; mine/torch:%4")
                                             .arg(lane).arg(i).arg(w).arg(detail)));
                    }
                }
            }
        }
        const double e32 = testdata::relativeError(rec[0].loss, f32[k].toDouble());
        const double e16 = testdata::relativeError(rec[1].loss, bf16[k].toDouble());
        worstF32 = std::max(worstF32, e32);
        if (k < 5) worstBf16Early = std::max(worstBf16Early, e16);
        if (k < 50) worstBf16 = std::max(worstBf16, e16);
        QVERIFY2(e32 <= f32Tol, qPrintable(QString("f32 loss at step %1: %2 vs torch %3 (rel %4)")
                                              .arg(k).arg(rec[0].loss, 0, 'g', 9).arg(f32[k].toDouble(), 0, 'g', 9).arg(e32)));
        if (k < 5)
            QVERIFY2(e16 <= 1e-5, qPrintable(QString("bf16 loss at step %1: %2 vs torch %3 (rel %4)")
                                                .arg(k).arg(rec[1].loss, 0, 'g', 9).arg(bf16[k].toDouble(), 0, 'g', 9).arg(e16)));
        if (k < 50)
            QVERIFY2(e16 <= 0.05, qPrintable(QString("bf16 loss at step %1: rel %2 from torch").arg(k).arg(e16)));
    }
    qInfo("worst relative loss error: f32 %.3g (all steps), bf16 %.3g (5 steps), %.3g (50 steps)", worstF32,
          worstBf16Early, worstBf16);
}

void TestTrainingTorch::statisticsDoNotChangeTheRun() {
    const QJsonObject ref = testdata::loadJson("training/torch_training.json");
    Scenario s = scenarioFor(ref["cases"].toArray()[0].toObject());
    s.steps = 10;
    Runner a(s);
    s.statistics = true;
    s.histogramInterval = 3;
    Runner b(s);
    for (int k = 0; k < s.steps; ++k) {
        const auto ra = a.step();
        const auto rb = b.step();
        for (std::size_t l = 0; l < ra.size(); ++l) QCOMPARE(ra[l].loss, rb[l].loss);
    }
}

void TestTrainingTorch::avx512_data() {
    QTest::addColumn<QJsonObject>("c");
    const QJsonObject ref = testdata::loadJson("torch-avx512-bf16/runs.json");
    QVERIFY2(!ref.isEmpty(), "tests/data/torch-avx512-bf16/runs.json is missing");
    for (const auto v : ref["cases"].toArray()) {
        const QJsonObject c = v.toObject();
        QTest::newRow(c["name"].toString().toUtf8().constData()) << c;
    }
}

// torch 1.13 on a CPU with AVX-512 BF16 (tests/data/torch-avx512-bf16/README.md): 4-32-32-5 with batch 32
// has one layer at m*n*k = 4096 (reference product, bf16 accumulation) and two above (oneDNN), so neither
// storage nor f32 accumulation alone matches; --dispatch torch --torch-cpu avx512 must, for 5 steps.
void TestTrainingTorch::avx512() {
    QFETCH(QJsonObject, c);
    Scenario s;
    s.data.kind = DatasetKind::Npy;
    s.data.xPath = testdata::dataPath("torch-avx512-bf16/X.npy").toStdString();
    s.data.yPath = testdata::dataPath("torch-avx512-bf16/Y.npy").toStdString();
    s.sizes.clear();
    for (const auto v : c["sizes"].toArray()) s.sizes.push_back(v.toInt());
    s.activation = *parseActivation(c["activation"].toString().toStdString());
    s.loss = *parseLoss(c["loss"].toString().toStdString());
    s.optimizer.kind = *parseOptimizer(c["optimizer"].toString().toStdString());
    s.optimizer.lr = c["lr"].toDouble();
    s.batch = c["batch"].toInt();
    s.steps = 5;
    s.seed = static_cast<std::uint64_t>(c["seed"].toInt());
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16")};
    s.statistics = false;
    s.dispatch = Dispatch::Torch;
    s.torchCpu = TorchCpu::Avx512;
    s.torchVersion = TorchVersion::V1_13;
    Runner runner(s);
    const QJsonArray f32 = c["f32"].toArray();
    const QJsonArray bf16 = c["bf16_autocast"].toArray();
    QVERIFY(bf16.size() >= s.steps);
    for (int k = 0; k < s.steps; ++k) {
        const auto rec = runner.step();
        const double e32 = testdata::relativeError(rec[0].loss, f32[k].toDouble());
        const double e16 = testdata::relativeError(rec[1].loss, bf16[k].toDouble());
        QVERIFY2(e32 <= 1e-5, qPrintable(QString("f32 loss at step %1: rel %2 from torch").arg(k).arg(e32)));
        QVERIFY2(e16 <= 1e-5, qPrintable(QString("bf16 loss at step %1: %2 vs torch %3 (rel %4)")
                                            .arg(k).arg(rec[1].loss, 0, 'g', 9).arg(bf16[k].toDouble(), 0, 'g', 9).arg(e16)));
    }
}

// The rule itself, by hand from ATen 1.13: the device check wants avx512bw, avx512vl and avx512dq; oneDNN
// takes a bf16 product only when m*n*k > 16*16*16; f16 never.
void TestTrainingTorch::dispatchRule() {
    using namespace numerics;
    QVERIFY(torchHasAvx512Bf16Path(" fpu avx2 avx512f avx512dq avx512bw avx512vl avx512_bf16"));
    QVERIFY(!torchHasAvx512Bf16Path(" fpu avx2 avx512f avx512dq avx512bw"));
    QVERIFY(!torchHasAvx512Bf16Path(" fpu avx2 fma"));
    QVERIFY(!torchUsesOneDnn(true, Format::BF16, 16, 16, 16));
    QVERIFY(torchUsesOneDnn(true, Format::BF16, 16, 16, 17));
    QVERIFY(torchUsesOneDnn(true, Format::BF16, 32, 32, 5));
    QVERIFY(!torchUsesOneDnn(true, Format::F16, 64, 64, 64));
    QVERIFY(!torchUsesOneDnn(false, Format::BF16, 64, 64, 64));
    Scenario s;
    s.dispatch = Dispatch::Torch;
    s.torchCpu = TorchCpu::Avx512;
    s.torchVersion = TorchVersion::V1_13;
    const ProductDispatch d = productDispatch(s);
    QCOMPARE(d.backward(Format::BF16, 32, 4, 32), BackwardAccumulation::Storage);
    QCOMPARE(d.backward(Format::BF16, 32, 32, 32), BackwardAccumulation::F32);
    QCOMPARE(d.gelu(Format::BF16).path, GeluPath::OneDnn2);
    QCOMPARE(d.gelu(Format::F32).path, GeluPath::OneDnn2);
    QCOMPARE(d.gelu(Format::F16).path, GeluPath::RoundEachOp);
    s.torchCpu = TorchCpu::NoAvx512;
    QCOMPARE(productDispatch(s).backward(Format::BF16, 64, 64, 64), BackwardAccumulation::Storage);
    QCOMPARE(productDispatch(s).gelu(Format::BF16).path, GeluPath::RoundEachOp);
    // PyTorch 2.x: every low-format product accumulates in float32, whatever its size or the CPU; GELU
    // goes to oneDNN (bf16 and f32) with AVX-512, else to ATen's float32 kernel.
    s.torchVersion = TorchVersion::V2;
    QCOMPARE(productDispatch(s).backward(Format::BF16, 2, 2, 2), BackwardAccumulation::F32);
    QCOMPARE(productDispatch(s).backward(Format::F16, 2, 2, 2), BackwardAccumulation::F32);
    QCOMPARE(productDispatch(s).gelu(Format::BF16).path, GeluPath::AtenVec);
    s.torchCpu = TorchCpu::Avx512;
    QCOMPARE(productDispatch(s).backward(Format::BF16, 2, 2, 2), BackwardAccumulation::F32);
    QCOMPARE(productDispatch(s).gelu(Format::BF16).path, GeluPath::OneDnn3);
    QCOMPARE(productDispatch(s).gelu(Format::F32).path, GeluPath::OneDnn3);
    QCOMPARE(productDispatch(s).gelu(Format::F16).path, GeluPath::AtenVec);
    s.dispatch = Dispatch::Presisi;  // the scenario's own choice, whatever the CPU
    QCOMPARE(productDispatch(s).backward(Format::BF16, 2, 2, 2), BackwardAccumulation::F32);
    QCOMPARE(productDispatch(s).gelu(Format::BF16).path, GeluPath::F32Erf);
    s.torchVersion = TorchVersion::V1_13;
    QCOMPARE(productDispatch(s).gelu(Format::BF16).path, GeluPath::RoundEachOp);
}

QTEST_GUILESS_MAIN(TestTrainingTorch)
#include "tst_training_torch.moc"
