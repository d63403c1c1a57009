// The presets of the normalisation layers and gradient accumulation, claim by claim (as tst_presets.cpp):
// norm-statistics and grad-accumulation. Every quoted sentence is checked to still stand in the preset's
// text and asserted on the records.
#include "presets_support.h"

using namespace presisi;
using namespace presisi::presetcheck;

class TestPresetsNorms : public QObject {
    Q_OBJECT
private slots:
    void normStatistics();
    void gradAccumulation();
};

void TestPresetsNorms::normStatistics() {
    Scenario s = services::loadPreset("norm-statistics");
    QCOMPARE(s.norm, NormKind::Batch);
    s.statistics = false;
    const Run run = runSteps(s);
    const int f32 = laneIndex(s, "cpu:f32"), bf16 = laneIndex(s, "cpu:bf16");
    const int naive = laneIndex(s, "cpu:bf16+naive-stats"), naive32 = laneIndex(s, "cpu:f32+naive-stats");
    QVERIFY(f32 >= 0 && bf16 >= 0 && naive >= 0 && naive32 >= 0);
    const double last32 = run.rec[f32].back().loss;
    CLAIM(s, "the bf16 lane trains like float32 (final loss within 10%)");
    QVERIFY2(std::fabs(run.rec[bf16].back().loss - last32) <= 0.1 * last32,
             qPrintable(QString("bf16 %1 vs f32 %2").arg(run.rec[bf16].back().loss).arg(last32)));
    CLAIM(s, "the normalised output is NaN from step 0; the NaN doctor names the normalisation");
    QVERIFY(!run.rec[naive].front().finite);
    Runner r(s);
    r.step();
    const FirstNonFinite* fault = r.firstNonFinite(naive);
    QVERIFY(fault);
    QCOMPARE(fault->step, std::int64_t{0});
    QCOMPARE(fault->op, FaultOp::Norm);
    QVERIFY(std::isnan(fault->value));
    CLAIM(s, "The same one-pass formula in float32 (f32+naive-stats) trains normally");
    QVERIFY2(std::fabs(run.rec[naive32].back().loss - last32) <= 0.1 * last32,
             qPrintable(QString("f32+naive-stats %1 vs f32 %2").arg(run.rec[naive32].back().loss).arg(last32)));
    for (const StepRecord& rec : run.rec[naive32]) QVERIFY(rec.finite);
    CLAIM(s, "the spiral's inputs are scaled to ±0.2");
    QCOMPARE(s.data.inputScale, 0.2);
    CLAIM(s, "the batch of 128");
    QCOMPARE(s.batch, 128);
    qInfo("norm-statistics: final loss f32 %.4f, bf16 %.4f, f32+naive-stats %.4f", last32, run.rec[bf16].back().loss,
          run.rec[naive32].back().loss);
}

void TestPresetsNorms::gradAccumulation() {
    Scenario s = services::loadPreset("grad-accumulation");
    s.statistics = true;
    const Run run = runSteps(s);
    const int f32 = laneIndex(s, "cpu:f32"), low = laneIndex(s, "cpu:bf16+accum-low");
    QVERIFY(f32 >= 0 && low >= 0);
    CLAIM(s, "Each step runs 1,024 micro-batches of one sample");
    QCOMPARE(s.gradAccum, 1024);
    QCOMPARE(s.batch, 1);
    // The full batch: one batch of the same 1,024 rows per step.
    Scenario full = s;
    full.gradAccum = 1;
    full.batch = 1024;
    full.lanes = {parseLane("cpu:f32")};
    full.statistics = false;
    const Run one = runSteps(full);
    CLAIM(s, "the f32 lane's losses match a one-batch run's within 0.01%");
    double worst = 0;
    for (int k = 0; k < s.steps; ++k)
        worst = std::max(worst, std::fabs(run.rec[f32][k].loss - one.rec[0][k].loss) / std::fabs(one.rec[0][k].loss));
    QVERIFY2(worst <= 1e-4, qPrintable(QString("worst relative difference %1").arg(worst)));
    CLAIM(s, "at the last step its gradient norm is more than five times the f32 lane's, and its final loss is at least 30% higher");
    const StepRecord& a = run.rec[low].back();
    const StepRecord& b = run.rec[f32].back();
    QVERIFY2(a.gradNorm > 5 * b.gradNorm, qPrintable(QString("grad norm %1 vs %2").arg(a.gradNorm).arg(b.gradNorm)));
    QVERIFY2(a.loss >= 1.3 * b.loss, qPrintable(QString("loss %1 vs %2").arg(a.loss).arg(b.loss)));
    qInfo("grad-accumulation: f32 vs full batch %.2g; last step |grad| %.3g vs %.3g, loss %.4f vs %.4f", worst,
          a.gradNorm, b.gradNorm, a.loss, b.loss);
}

QTEST_GUILESS_MAIN(TestPresetsNorms)
#include "tst_presets_norms.moc"
