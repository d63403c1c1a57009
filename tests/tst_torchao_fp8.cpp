// The FP8 training lanes against torchao: Float8Linear (tensorwise current scaling, emulate=True, CPU) loss for
// loss over 20 steps, and the amax and scale of every cast of step 0 (scripts/make_torchao_fp8_reference.py,
// tests/data/torchao-fp8, torchao 0.18 on torch 2.15, one thread); Transformer Engine's delayed scaling on a
// fixed amax sequence; the casts' statistics against quantize().
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

#include "engine/error.h"
#include "engine/numerics/fp8_recipe.h"
#include "engine/training/doctor.h"
#include "engine/training/runner.h"
#include "app/services/scenario_file.h"
#include "torch_reference.h"

using namespace presisi;

namespace {

const char* kRuns = "torchao-fp8/runs.json";

Scenario fp8Scenario(const QJsonObject& c, const QString& lane) {
    Scenario s = testdata::referenceScenario(c, QString());
    s.lanes = {parseLane("cpu:" + lane.toStdString())};
    s.statistics = false;
    return s;
}

}  // namespace

class TestTorchaoFp8 : public QObject {
    Q_OBJECT

private slots:
    void trainingMatchesTorchao_data();
    void trainingMatchesTorchao();
    void firstStepCastsMatchTorchao_data();
    void firstStepCastsMatchTorchao();
    void delayedScalingFollowsTransformerEngine();
    void delayedScalingMostRecentAndMargin();
    void delayedLaneUsesTheHistorysScale();
    void castsAreQuantizesValues();
    void lanesParseAndValidate();
    void doctorNamesTheCastAndItsRemedies();
};

void TestTorchaoFp8::trainingMatchesTorchao_data() {
    QTest::addColumn<QJsonObject>("c");
    QTest::addColumn<QString>("lane");
    const QJsonObject ref = testdata::loadJson(kRuns);
    QVERIFY2(!ref.isEmpty(), "tests/data/torchao-fp8/runs.json is missing");
    for (const auto v : ref["cases"].toArray()) {
        const QJsonObject c = v.toObject();
        for (const QString& lane : c["lanes"].toObject().keys())
            QTest::addRow("%s %s", qPrintable(c["name"].toString()), qPrintable(lane)) << c << lane;
    }
}

// Step 0 within 2e-5 relative, steps 0-4 within 2e-4, every later step within torch's own spread under
// one-ulp moves of the initial parameters (the largest seen at that step or before, at least 2e-4).
void TestTorchaoFp8::trainingMatchesTorchao() {
    QFETCH(QJsonObject, c);
    QFETCH(QString, lane);
    Scenario s = fp8Scenario(c, lane);
    Runner runner(s);
    const QJsonObject ref = c["lanes"].toObject()[lane].toObject();
    const QJsonArray losses = ref["losses"].toArray();
    const QJsonArray noise = ref["noise"].toArray();
    QCOMPARE(losses.size(), s.steps);
    double spread = 0, worst = 0;
    for (int k = 0; k < s.steps; ++k) {
        const double loss = runner.step().front().loss;
        const double e = testdata::relativeError(loss, losses[k].toDouble());
        spread = std::max(spread, noise[k].toDouble());
        const double allowed = k == 0 ? 2e-5 : k < 5 ? 2e-4 : std::max(2e-4, spread);
        worst = std::max(worst, e);
        QVERIFY2(e <= allowed, qPrintable(QString("step %1: %2 vs torchao %3, relative %4, allowed %5").arg(k)
                                              .arg(loss, 0, 'g', 9).arg(losses[k].toDouble(), 0, 'g', 9).arg(e).arg(allowed)));
    }
    qInfo("%s %s: worst relative loss error over %d steps %.2g (torch's own spread up to %.2g)",
          qPrintable(c["name"].toString()), qPrintable(lane), s.steps, worst, spread);
}

void TestTorchaoFp8::firstStepCastsMatchTorchao_data() {
    QTest::addColumn<QJsonObject>("c");
    QTest::addColumn<QString>("lane");
    for (const auto v : testdata::loadJson(kRuns)["cases"].toArray()) {
        const QJsonObject c = v.toObject();
        for (const QString& lane : c["lanes"].toObject().keys())
            if (!c["lanes"].toObject()[lane].toObject()["casts0"].toArray().isEmpty())  // the per-tensor lanes
                QTest::addRow("%s %s", qPrintable(c["name"].toString()), qPrintable(lane)) << c << lane;
    }
}

// torchao's casts of step 0 in call order: the forward's (input, weight) per layer, then per layer from the
// last the backward's (grad_output, weight, grad_output, input). Input and weight amaxes and scales are
// computed from the same float32 values: equal. The output gradient's come out of float32 products in
// another summation order: amax within 1e-5, the scale with it.
void TestTorchaoFp8::firstStepCastsMatchTorchao() {
    QFETCH(QJsonObject, c);
    QFETCH(QString, lane);
    Scenario s = fp8Scenario(c, lane);
    std::vector<CastRecord> casts;
    Runner runner(s);
    runner.step([&](const RunEvent& e) {
        if (e.kind == RunEventKind::Casts) casts = e.casts.casts;
    });
    const QJsonArray ref = c["lanes"].toObject()[lane].toObject()["casts0"].toArray();
    const int L = static_cast<int>(s.sizes.size()) - 1;
    QCOMPARE(static_cast<int>(casts.size()), 3 * L);
    QCOMPARE(ref.size(), 2 * L + 4 * L);
    for (int l = 0; l < L; ++l) {
        const QJsonObject in = ref[2 * l].toObject(), w = ref[2 * l + 1].toObject();
        const QJsonObject go = ref[2 * L + 4 * (L - 1 - l)].toObject();
        QCOMPARE(in["role"].toString(), QString("input"));
        QCOMPARE(go["role"].toString(), QString("grad_output"));
        const CastRecord& ci = casts[static_cast<std::size_t>(3 * l)];
        const CastRecord& cw = casts[static_cast<std::size_t>(3 * l + 1)];
        const CastRecord& cg = casts[static_cast<std::size_t>(3 * l + 2)];
        QCOMPARE(ci.amax, in["amax"].toDouble());
        QCOMPARE(ci.scale, in["scale"].toDouble());
        QCOMPARE(cw.amax, w["amax"].toDouble());
        QCOMPARE(cw.scale, w["scale"].toDouble());
        QCOMPARE(QString::fromLatin1(traits(cg.format).name), go["dtype"].toString() == "float8_e5m2" ? QString("e5m2") : QString("e4m3"));
        QVERIFY2(testdata::relativeError(cg.amax, go["amax"].toDouble()) <= 1e-5,
                 qPrintable(QString("layer %1 grad_output amax %2 vs %3").arg(l).arg(cg.amax).arg(go["amax"].toDouble())));
        QVERIFY(testdata::relativeError(cg.scale, go["scale"].toDouble()) <= 1e-5);
        QCOMPARE(ci.scaleAmax, ci.amax);  // current scaling: the scale comes from the tensor itself
    }
}

// Transformer Engine's amax_and_scale_update on a committed amax sequence, computed by hand from
// delayed_scaling.cu: history length 4, algorithm max, e4m3 (448).
void TestTorchaoFp8::delayedScalingFollowsTransformerEngine() {
    numerics::DelayedScalingSettings d;
    d.historyLength = 4;
    numerics::AmaxHistory h(d, 448.0);
    QCOMPARE(h.scale(), 1.0f);  // the first pass casts with scale 1
    QVERIFY(std::isnan(h.scaleAmax()));
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    // amax recorded in each pass, then the scale in force for the next pass. The window holds the last four
    // passes' amaxes (rows 1-3 and the new row 0; the roll zeroes the oldest).
    const std::vector<std::pair<float, float>> steps = {
        {2.0f, 448.0f / 2.0f},       // pass 0
        {8.0f, 448.0f / 8.0f},       // 1
        {1.0f, 448.0f / 8.0f},       // 2
        {0.5f, 448.0f / 8.0f},       // 3: passes 0-3
        {0.25f, 448.0f / 8.0f},      // 4: passes 1-4, 8 still in
        {0.25f, 448.0f / 1.0f},      // 5: passes 2-5, 8 has left
        {0.0f, 448.0f / 1.0f},       // 6: an amax of 0: not rolled, no new amax, the scale kept
        {nan, 448.0f / 0.5f},        // 7: NaN ignored by fmaxf: max of passes 3-5 (0.5), then rolled
        {inf, 448.0f / 0.5f},        // 8: inf in the window is not finite: the previous scale kept
        {0.125f, 448.0f / 0.5f},     // 9
        {0.125f, 448.0f / 0.5f},     // 10
        {0.125f, 448.0f / 0.5f},     // 11: inf still in the window
        {0.125f, 448.0f / 0.125f},   // 12: inf has left
        {1e-38f, 448.0f / 0.125f},   // 13
    };
    for (std::size_t k = 0; k < steps.size(); ++k) {
        h.record(steps[k].first);
        h.update();
        QVERIFY2(h.scale() == steps[k].second,
                 qPrintable(QString("after pass %1 (amax %2): scale %3, expected %4").arg(k).arg(steps[k].first)
                                .arg(h.scale(), 0, 'g', 9).arg(steps[k].second, 0, 'g', 9)));
    }
    // A tiny amax gives an infinite float32 quotient: FLT_MAX instead.
    numerics::AmaxHistory tiny(d, 448.0);
    tiny.record(1e-45f);
    tiny.update();
    QCOMPARE(tiny.scale(), std::numeric_limits<float>::max());
    QCOMPARE(tiny.scaleAmax(), 1e-45f);
}

void TestTorchaoFp8::delayedScalingMostRecentAndMargin() {
    numerics::DelayedScalingSettings d;
    d.historyLength = 1024;
    d.algo = numerics::AmaxAlgo::MostRecent;
    d.margin = 2;
    numerics::AmaxHistory h(d, 57344.0);  // e5m2
    h.record(100.0f);
    h.update();
    QCOMPARE(h.scale(), 57344.0f / 4.0f / 100.0f);
    h.record(3.0f);
    h.update();
    QCOMPARE(h.scale(), 57344.0f / 4.0f / 3.0f);  // the newest, not the largest
    QCOMPARE(h.row(1023), 3.0f);                  // the newest amax sits in the last row after the roll
    QCOMPARE(h.row(1022), 100.0f);
    QCOMPARE(h.row(0), 0.0f);
}

// A +delayed lane's first pass casts with scale 1 (the tensor's own amax does not set it), later passes with
// the history's; a current-scaling lane's scale always comes from the tensor.
void TestTorchaoFp8::delayedLaneUsesTheHistorysScale() {
    Scenario s;
    s.sizes = {2, 16, 3};
    s.steps = 3;
    s.lanes = {parseLane("cpu:fp8+delayed+sat"), parseLane("cpu:fp8")};
    s.statistics = false;
    Runner runner(s);
    std::vector<std::vector<CastRecord>> delayed;
    for (int k = 0; k < 3; ++k)
        runner.step([&](const RunEvent& e) {
            if (e.kind == RunEventKind::Casts && e.casts.lane == 0) delayed.push_back(e.casts.casts);
        });
    QCOMPARE(delayed.size(), std::size_t{3});
    QCOMPARE(delayed[0][0].scale, 1.0);
    QVERIFY(std::isnan(delayed[0][0].scaleAmax));
    // Step 1's input scale: 448 over the largest input amax seen (step 0's), in float32.
    QCOMPARE(delayed[1][0].scaleAmax, delayed[0][0].amax);
    QCOMPARE(delayed[1][0].scale, static_cast<double>(448.0f / static_cast<float>(delayed[0][0].amax)));
    // The output gradient in e5m2: 57344 over its amax.
    QCOMPARE(delayed[2][2].scale, static_cast<double>(57344.0f / static_cast<float>(std::max(delayed[0][2].amax, delayed[1][2].amax))));
}

// The training cast (dequantizeInto) gives quantize()'s dequantised values bit for bit, whole blocks, and a
// short last block as if zero-padded.
void TestTorchaoFp8::castsAreQuantizesValues() {
    std::vector<float> x(8 * 40);
    std::uint32_t state = 12345;
    for (float& v : x) {
        state = state * 1664525u + 1013904223u;
        v = std::ldexp(static_cast<float>(state >> 8) / 16777216.0f - 0.5f, static_cast<int>(state % 9) - 4);
    }
    for (const ScaledFormat f : kAllScaledFormats) {
        const int block = traits(f).blockSize;
        const int cols = block == 0 ? 40 : 32;
        std::vector<float> in(x.begin(), x.begin() + 8 * cols), out(in.size());
        const QuantizedTensor q = quantize(f, in, 8, cols);
        const CastSummary c = dequantizeInto(f, in, 8, cols, out);
        for (std::size_t i = 0; i < in.size(); ++i) QCOMPARE(out[i], q.dequantised[i]);
        QCOMPARE(c.stats.mse, q.stats.mse);
        QCOMPARE(c.stats.underflowShare, q.stats.underflowShare);
        if (block == 0) {
            QCOMPARE(c.scale, q.tensorScale);
            continue;
        }
        // 20 values per row: one short block, equal to the first 20 of a zero-padded row of 32.
        std::vector<float> shortIn(8 * 20), shortOut(8 * 20), padded(8 * 32, 0.0f);
        for (int r = 0; r < 8; ++r)
            for (int i = 0; i < 20; ++i) shortIn[r * 20 + i] = padded[r * 32 + i] = x[r * 40 + i];
        dequantizeInto(f, shortIn, 8, 20, shortOut);
        const QuantizedTensor p = quantize(f, padded, 8, 32);
        for (int r = 0; r < 8; ++r)
            for (int i = 0; i < 20; ++i) QCOMPARE(shortOut[r * 20 + i], p.dequantised[r * 32 + i]);
    }
}

void TestTorchaoFp8::lanesParseAndValidate() {
    const Lane fp8 = parseLane("cpu:fp8+delayed+most-recent+sat");
    QVERIFY(fp8.hybrid && fp8.delayed && fp8.mostRecent && fp8.overflow == Overflow::Saturate);
    QCOMPARE(fp8.label(), std::string("cpu:fp8+delayed+most-recent+sat"));
    QCOMPARE(parseLane(fp8.label()), fp8);
    QVERIFY_THROWS_EXCEPTION(Error, parseLane("cpu:fp8+most-recent"));
    QVERIFY_THROWS_EXCEPTION(Error, parseLane("cpu:mxfp8+delayed"));
    QVERIFY_THROWS_EXCEPTION(Error, parseLane("cpu:fp8+scaler"));
    Scenario s;
    s.lanes = {parseLane("cpu:fp8"), parseLane("cpu:mxfp8+rceil"), parseLane("cpu:e5m2+delayed")};
    validate(s);
    s.lanes = {parseLane("gpu:fp8")};
    QVERIFY_THROWS_EXCEPTION(Error, validate(s));
    s.lanes = {parseLane("gpu:nvfp4")};
    QVERIFY_THROWS_EXCEPTION(Error, validate(s));
    s.lanes = {parseLane("cpu:fp8")};
    s.amaxHistory = 0;
    QVERIFY_THROWS_EXCEPTION(Error, validate(s));
}

// Delayed scaling without +sat on amax-spike: an input grows past the history's amax and its e4m3 cast is NaN
// (the OCP conversion). The doctor names the cast, in e4m3 against 448; the remedies drop the casts (bf16, f32
// linear) and train, and no loss scaler is put on the lane.
void TestTorchaoFp8::doctorNamesTheCastAndItsRemedies() {
    Scenario s = services::loadPreset("amax-spike");
    s.lanes = {parseLane("cpu:fp8+delayed")};
    s.steps = 40;
    s.statistics = false;
    Runner runner(s);
    runner.run({}, std::atomic<bool>(false));
    const FirstNonFinite* f = runner.firstNonFinite(0);
    QVERIFY(f);
    QCOMPARE(f->format, std::string("e4m3"));
    QCOMPARE(f->formatMax, 448.0);
    QCOMPARE(f->op, FaultOp::ForwardLinear);
    QVERIFY2(std::fabs(f->value) > 464, qPrintable(QString::number(f->value)));  // beyond what rounds to 448
    QVERIFY2(f->sentence.find("e4m3 activation overflowed") == 0, f->sentence.c_str());
    const Scenario bf16 = remedyScenario(s, *f, Remedy::SwitchToBf16);
    QCOMPARE(bf16.lanes.front().label(), std::string("cpu:bf16"));
    QCOMPARE(remedyDescription(Remedy::SwitchToBf16, s, *f), std::string("fp8+delayed -> bf16"));
    const Scenario f32 = remedyScenario(s, *f, Remedy::KeepOpInF32);
    QCOMPARE(f32.lanes.front().label(), std::string("cpu:f32"));
    const Scenario scaler = remedyScenario(s, *f, Remedy::EnableLossScaler);
    QCOMPARE(scaler.lanes.front(), s.lanes.front());
    for (const Scenario& fix : {bf16, f32}) {
        validate(fix);
        Runner r(fix);
        r.run({}, std::atomic<bool>(false));
        QVERIFY(!r.firstNonFinite(0));
    }
}

QTEST_GUILESS_MAIN(TestTorchaoFp8)
#include "tst_torchao_fp8.moc"
