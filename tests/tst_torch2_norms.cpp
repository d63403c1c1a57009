// PyTorch 2.x's normalisation layers and gradient accumulation, loss for loss: nn.LayerNorm, nn.RMSNorm and
// nn.BatchNorm1d after every hidden layer, in float32 and under CPU bf16 autocast, small-variance inputs
// included, and K micro-batches with loss / K and a GradScaler (scripts/make_torch2_norm_reference.py,
// tests/data/torch2-norm, torch 2.15 on an AVX-512 CPU, one thread).
#include <QtTest>

#include <cmath>
#include <vector>

#include "engine/error.h"
#include "engine/training/runner.h"
#include "torch_reference.h"

using namespace presisi;

namespace {

const char* kRuns = "torch2-norm/runs.json";

// The reference case as a scenario: its model with its normalisation, its accumulation, the lanes given.
Scenario normScenario(const QJsonObject& c, const std::vector<std::string>& lanes) {
    Scenario s = testdata::referenceScenario(c, QString());
    s.norm = *parseNorm(c["norm"].toString().toStdString());
    s.gradAccum = c["grad_accum"].toInt(1);
    s.dispatch = Dispatch::Torch;
    s.torchCpu = TorchCpu::Avx512;
    s.torchVersion = TorchVersion::V2;
    s.lanes.clear();
    for (const std::string& l : lanes) s.lanes.push_back(parseLane(l));
    return s;
}

std::string presisiLane(const QString& torchLane) { return "cpu:" + torchLane.toStdString(); }

double squaredNorm(const std::vector<float>& v) {
    double n = 0;
    for (const float x : v) n += static_cast<double>(x) * x;
    return n;
}

// The L2 distance of a from the reference b, relative to the larger of b's norm and `scale`'s.
double relativeL2(const float* a, const std::vector<float>& b, const std::vector<float>& scale = {}) {
    double d = 0;
    for (std::size_t i = 0; i < b.size(); ++i) d += (static_cast<double>(a[i]) - b[i]) * (static_cast<double>(a[i]) - b[i]);
    return std::sqrt(d / std::max({squaredNorm(b), squaredNorm(scale), 1e-300}));
}

}  // namespace

class TestTorch2Norms : public QObject {
    Q_OBJECT

private slots:
    void trainingMatchesTorch2_data();
    void trainingMatchesTorch2();
    void firstGradientsMatchTorch2_data();
    void firstGradientsMatchTorch2();
    void accumulationMatchesTheFullBatch();
    void refusesWhatTorchRefuses();
};

void TestTorch2Norms::trainingMatchesTorch2_data() {
    QTest::addColumn<QJsonObject>("c");
    QTest::addColumn<QString>("lane");
    const QJsonObject ref = testdata::loadJson(kRuns);
    QVERIFY2(!ref.isEmpty(), "tests/data/torch2-norm/runs.json is missing");
    for (const auto v : ref["cases"].toArray()) {
        const QJsonObject c = v.toObject();
        for (const QString& lane : c["lanes"].toObject().keys())
            QTest::addRow("%s %s", qPrintable(c["name"].toString()), qPrintable(lane)) << c << lane;
    }
}

// f32: every step within 1e-5 (or torch's own float32 noise where that is larger); bf16: steps 0-1 within
// 2e-6, each of steps 0-4 within 2e-5 or torch's own bf16 noise (one float32 ulp on every initial
// parameter; noise.json), as tst_torch2 holds the models without normalisation.
void TestTorch2Norms::trainingMatchesTorch2() {
    QFETCH(QJsonObject, c);
    QFETCH(QString, lane);
    Scenario s = normScenario(c, {presisiLane(lane)});
    s.statistics = false;
    Runner runner(s);
    const QJsonObject ref = c["lanes"].toObject()[lane].toObject();
    const QJsonArray losses = ref["losses"].toArray();
    const QJsonArray scales = ref["scales"].toArray();
    QCOMPARE(losses.size(), s.steps);
    const QJsonObject noiseDoc = testdata::loadJson("torch2-norm/noise.json");
    const bool f32 = lane == "f32";
    const QJsonArray noise = noiseDoc[f32 ? "cases_f32" : "cases"].toObject()[c["name"].toString()].toArray();
    QCOMPARE(noise.size(), 5);
    double worst = 0;
    for (int k = 0; k < s.steps; ++k) {
        const StepRecord r = runner.step().front();
        if (!scales.isEmpty()) QCOMPARE(static_cast<double>(r.scale), scales[k].toDouble());
        const double e = testdata::relativeError(r.loss, losses[k].toDouble());
        worst = std::max(worst, e);
        if (f32) {
            const double allowed = std::max(1e-5, k < 5 ? noise[k].toDouble() : 0.0);
            QVERIFY2(e <= allowed, qPrintable(QString("f32 step %1: %2 vs %3, relative %4").arg(k).arg(r.loss, 0, 'g', 9)
                                                  .arg(losses[k].toDouble(), 0, 'g', 9).arg(e)));
        } else if (k < 5) {
            const double allowed = k < 2 ? std::max(2e-6, noise[k].toDouble()) : std::max(2e-5, noise[k].toDouble());
            QVERIFY2(e <= allowed, qPrintable(QString("bf16 step %1: %2 vs %3, relative %4, allowed %5").arg(k)
                                                  .arg(r.loss, 0, 'g', 9).arg(losses[k].toDouble(), 0, 'g', 9).arg(e).arg(allowed)));
        }
    }
    qInfo("%s %s: worst relative loss error over %d steps %.2g", qPrintable(c["name"].toString()), qPrintable(lane),
          s.steps, worst);
}

void TestTorch2Norms::firstGradientsMatchTorch2_data() {
    QTest::addColumn<QJsonObject>("c");
    QTest::addColumn<QString>("lane");
    for (const auto v : testdata::loadJson(kRuns)["cases"].toArray()) {
        const QJsonObject c = v.toObject();
        for (const QString& lane : {QString("f32"), QString("bf16")})
            if (c["lanes"].toObject()[lane].toObject().contains("grads0"))
                QTest::addRow("%s %s", qPrintable(c["name"].toString()), qPrintable(lane)) << c << lane;
    }
}

// Step 0's linear weight and bias gradients (after all K backward passes), relative L2: float32 within
// 1e-5, bf16 within 2e-3 (a few bf16 roundings), or torch's own spread where that is larger.
void TestTorch2Norms::firstGradientsMatchTorch2() {
    QFETCH(QJsonObject, c);
    QFETCH(QString, lane);
    Scenario s = normScenario(c, {presisiLane(lane)});
    s.statistics = false;
    s.optimizer.lr = 0;  // the gradients of step 0 only
    Runner runner(s);
    runner.step();
    const std::vector<LayerWeights> g = runner.gradients(0);
    const QJsonArray files = c["lanes"].toObject()[lane].toObject()["grads0"].toArray();
    // nn.Module order: Linear (weight, bias), then the norm's weight (and bias) after every hidden Linear.
    const int perHidden = s.norm == NormKind::None ? 2 : s.norm == NormKind::Rms ? 3 : 4;
    // Torch's own spread: how far its step-0 gradients move when every initial parameter moves by one
    // float32 ulp (noise.json; BatchNorm over 16 rows of bf16 makes the first layer's gradient chaotic).
    const QJsonArray noise = testdata::loadJson("torch2-norm/noise.json")["grads0"].toObject()[c["name"].toString()]
                                 .toObject()[lane].toArray();
    QVERIFY(!noise.isEmpty());
    int index = 0;
    for (std::size_t l = 0; l < g.size(); ++l) {
        const std::vector<float> w = testdata::loadArray(files[index].toObject());
        const std::vector<float> b = testdata::loadArray(files[index + 1].toObject());
        QCOMPARE(static_cast<qsizetype>(w.size()), static_cast<qsizetype>(g[l].weight.size()));
        // A linear bias before BatchNorm has no gradient (the norm removes the mean): its torch value is
        // rounding noise, measured against the layer's weight gradient.
        const double ew = relativeL2(g[l].weight.data(), w), eb = relativeL2(g[l].bias.data(), b, w);
        const double floor = lane == "f32" ? 1e-5 : 2e-3;
        const double allowW = std::max(floor, noise[index].toDouble()), allowB = std::max(floor, noise[index + 1].toDouble());
        QVERIFY2(ew <= allowW && eb <= allowB, qPrintable(QString("layer %1: weight %2 (allowed %3), bias %4 (allowed %5)")
                                                              .arg(l).arg(ew).arg(allowW).arg(eb).arg(allowB)));
        index += l + 1 < g.size() ? perHidden : 2;
    }
}

// K micro-batches of B rows accumulated in float32 give the gradient of one batch of K·B rows: the f32 run
// of accum4_relu_sgd_b8 against full_b32_relu_sgd, step for step (torch's own pair differs by 1e-7).
void TestTorch2Norms::accumulationMatchesTheFullBatch() {
    QJsonObject accum, full;
    for (const auto v : testdata::loadJson(kRuns)["cases"].toArray()) {
        if (v.toObject()["name"] == "accum4_relu_sgd_b8") accum = v.toObject();
        if (v.toObject()["name"] == "full_b32_relu_sgd") full = v.toObject();
    }
    QVERIFY(!accum.isEmpty() && !full.isEmpty());
    Scenario a = normScenario(accum, {"cpu:f32", "cpu:bf16", "cpu:bf16+accum-low"});
    Scenario f = normScenario(full, {"cpu:f32"});
    Runner ra(a), rf(f);
    for (int k = 0; k < a.steps; ++k) {
        const auto x = ra.step();
        const auto y = rf.step();
        QVERIFY2(testdata::relativeError(x[0].loss, y[0].loss) <= 1e-6,
                 qPrintable(QString("step %1: %2 vs %3").arg(k).arg(x[0].loss, 0, 'g', 9).arg(y[0].loss, 0, 'g', 9)));
    }
}

void TestTorch2Norms::refusesWhatTorchRefuses() {
    Scenario s;
    s.norm = NormKind::Batch;
    s.batch = 1;
    QVERIFY_THROWS_EXCEPTION(Error, Runner{s});
    s.batch = 0;
    s.norm = NormKind::Layer;
    s.sizes = {2, 3};
    QVERIFY_THROWS_EXCEPTION(Error, validate(s));
    s.sizes = {2, 8, 3};
    s.lanes = {parseLane("cpu:bf16+naive-stats")};
    validate(s);
    s.norm = NormKind::None;
    QVERIFY_THROWS_EXCEPTION(Error, validate(s));
    s.lanes = {parseLane("cpu:bf16+accum-low")};
    QVERIFY_THROWS_EXCEPTION(Error, validate(s));
    s.gradAccum = 4;
    validate(s);
    s.gradAccum = 0;
    QVERIFY_THROWS_EXCEPTION(Error, validate(s));
}

QTEST_GUILESS_MAIN(TestTorch2Norms)
#include "tst_torch2_norms.moc"
