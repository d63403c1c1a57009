// The presets of the normalisation layers and gradient accumulation, claim by claim (as tst_presets.cpp):
// norm-statistics and grad-accumulation. Every quoted sentence is checked to still stand in the preset's
// text and asserted on the records.
#include "presets_support.h"

#include "engine/training/nonfinite.h"

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
    CLAIM(s, "the normalised output is NaN from step 0; the NaN doctor names the normalisation and its negative variance");
    QVERIFY(!run.rec[naive].front().finite);
    Runner r(s);
    r.step();
    const FirstNonFinite* fault = r.firstNonFinite(naive);
    QVERIFY(fault);
    QCOMPARE(fault->step, std::int64_t{0});
    QCOMPARE(fault->op, FaultOp::Norm);
    QVERIFY2(fault->value < 0, qPrintable(QString::number(fault->value)));
    const std::string sentence = describeNonFinite(*fault);
    QVERIFY2(sentence.find("variance + eps came out -") != std::string::npos, sentence.c_str());
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
    const int f32 = laneIndex(s, "cpu:f32"), bf16 = laneIndex(s, "cpu:bf16"), low = laneIndex(s, "cpu:bf16+accum-low");
    QVERIFY(f32 >= 0 && bf16 >= 0 && low >= 0);
    CLAIM(s, "Each step runs 4,096 micro-batches of one sample");
    QCOMPARE(s.gradAccum, 4096);
    QCOMPARE(s.batch, 1);
    // The full batch: one batch of the same 4,096 rows per step.
    Scenario full = s;
    full.gradAccum = 1;
    full.batch = 4096;
    full.lanes = {parseLane("cpu:f32")};
    full.statistics = false;
    const Run one = runSteps(full);
    CLAIM(s, "the f32 lane's losses match a one-batch run's within 0.01%, the bf16 lane ends within 1% of it");
    double worst = 0;
    for (int k = 0; k < s.steps; ++k)
        worst = std::max(worst, std::fabs(run.rec[f32][k].loss - one.rec[0][k].loss) / std::fabs(one.rec[0][k].loss));
    QVERIFY2(worst <= 1e-4, qPrintable(QString("worst relative difference %1").arg(worst)));
    const double end32 = run.rec[f32].back().loss;
    QVERIFY2(std::fabs(run.rec[bf16].back().loss - end32) <= 0.01 * end32,
             qPrintable(QString("bf16 %1 vs f32 %2").arg(run.rec[bf16].back().loss).arg(end32)));
    CLAIM(s, "Its first summed gradient has less than a third of the true norm (grad norm at step 0)");
    QVERIFY2(run.rec[low].front().gradNorm < run.rec[f32].front().gradNorm / 3,
             qPrintable(QString("%1 vs %2").arg(run.rec[low].front().gradNorm).arg(run.rec[f32].front().gradNorm)));
    CLAIM(s, "its loss stays behind the f32 lane's all run, at least 10% higher at the end");
    for (int k = 1; k < s.steps; ++k)
        QVERIFY2(run.rec[low][k].loss > run.rec[f32][k].loss,
                 qPrintable(QString("step %1: %2 vs %3").arg(k).arg(run.rec[low][k].loss).arg(run.rec[f32][k].loss)));
    QVERIFY2(run.rec[low].back().loss >= 1.1 * end32, qPrintable(QString("%1 vs %2").arg(run.rec[low].back().loss).arg(end32)));
    qInfo("grad-accumulation: f32 vs full batch %.2g; step-0 |grad| %.3g vs %.3g; final loss %.4f vs %.4f (bf16 %.4f)",
          worst, run.rec[low].front().gradNorm, run.rec[f32].front().gradNorm, run.rec[low].back().loss, end32,
          run.rec[bf16].back().loss);
}

QTEST_GUILESS_MAIN(TestPresetsNorms)
#include "tst_presets_norms.moc"
