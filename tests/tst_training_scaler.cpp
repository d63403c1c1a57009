// The loss scaler (GradScaler): its rule checked on the records step by step, the finite guard, skipped
// steps, the scaler-growth preset, and the growth product rounded once as torch's _amp_update_scale_ does.
#include <QtTest>

#include <atomic>
#include <cmath>

#include "app/services/scenario_file.h"
#include "engine/numerics/loss_scale.h"
#include "engine/training/runner.h"

using namespace presisi;

namespace {

std::vector<std::vector<StepRecord>> runAll(const Scenario& s) {
    Runner r(s);
    std::vector<std::vector<StepRecord>> out(s.lanes.size());
    const std::atomic<bool> cancel{false};
    r.run([&](const RunEvent& e) {
        if (e.kind == RunEventKind::Step) out[static_cast<std::size_t>(e.record.lane)].push_back(e.record);
    }, cancel);
    return out;
}

// A float32 lane with a scaler that never overflows and never moves its weights (lr 0): the scale
// follows the growth rule alone.
Scenario quietScalerScenario() {
    Scenario s;
    s.sizes = {2, 4, 2};
    s.data.kind = DatasetKind::Xor;
    s.data.samples = 64;
    s.batch = 64;
    s.optimizer.lr = 0.0;
    s.lanes = {parseLane("cpu:f32+scaler")};
    return s;
}

int laneIndex(const Scenario& s, const char* label) {
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        if (s.lanes[i].label() == label) return static_cast<int>(i);
    return -1;
}

// GradScaler's rule, checked from one record to the next (the records hold the values in force).
void checkScalerRule(const std::vector<StepRecord>& rec, const ScalerSettings& c, int& growths, int& backoffs,
                     int& guarded) {
    for (std::size_t k = 0; k + 1 < rec.size(); ++k) {
        const StepRecord& a = rec[k];
        const StepRecord& b = rec[k + 1];
        const float s = static_cast<float>(a.scale);
        // torch's _amp_update_scale_: float scale times double factor, rounded once to float32.
        float expectScale;
        std::int64_t expectTracker;
        if (a.skipped) {
            expectScale = static_cast<float>(static_cast<double>(s) * c.backoffFactor);
            expectTracker = 0;
            ++backoffs;
        } else if (a.growthTracker + 1 == c.growthInterval) {
            const float grown = static_cast<float>(static_cast<double>(s) * c.growthFactor);
            expectScale = std::isfinite(grown) ? grown : s;
            expectTracker = 0;
            if (std::isfinite(grown)) ++growths;
            else ++guarded;
        } else {
            expectScale = s;
            expectTracker = a.growthTracker + 1;
        }
        QVERIFY2(static_cast<float>(b.scale) == expectScale,
                 qPrintable(QString("step %1: scale %2 -> %3, rule says %4").arg(a.step).arg(a.scale).arg(b.scale).arg(expectScale)));
        QVERIFY2(b.growthTracker == expectTracker,
                 qPrintable(QString("step %1: tracker %2 -> %3, rule says %4").arg(a.step).arg(a.growthTracker).arg(b.growthTracker).arg(expectTracker)));
    }
}

}  // namespace

class TestTrainingScaler : public QObject {
    Q_OBJECT
private slots:
    void scalerRuleOnRecords();
    void scalerFiniteGuard();
    void skippedStepLeavesWeightsUntouched();
    void presetScalerGrowth();
    void growthRoundsOnceLikeTorch();
    void backoffRoundsOnce();
};

void TestTrainingScaler::scalerRuleOnRecords() {
    // A float16 lane with a scaler: the initial scale of 2^24 overflows (backoffs, skipped steps), then a
    // growth interval of 8 makes it climb until it overflows again.
    Scenario s = services::loadPreset("scaler-growth");
    s.lanes = {parseLane("cpu:f16+scaler"), parseLane("cpu:bf16+scaler")};
    s.scaler.initScale = 16777216.0;
    s.scaler.growthInterval = 8;
    s.steps = 160;
    const auto rec = runAll(s);
    int growths = 0, backoffs = 0, guarded = 0;
    checkScalerRule(rec[0], s.scaler, growths, backoffs, guarded);
    QCOMPARE(rec[0].front().scale, 16777216.0);
    QCOMPARE(rec[0].front().growthTracker, std::int64_t{0});
    QVERIFY2(growths >= 2 && backoffs >= 2, qPrintable(QString("growths %1, backoffs %2").arg(growths).arg(backoffs)));
    // bfloat16's range: the same scale never overflows, so it only grows.
    int g2 = 0, b2 = 0, guarded2 = 0;
    checkScalerRule(rec[1], s.scaler, g2, b2, guarded2);
    QCOMPARE(b2, 0);
    QVERIFY(g2 >= 10);
    // Lanes without a scaler report scale 1, tracker 0.
    s.lanes = {parseLane("cpu:f16")};
    s.steps = 3;
    const auto plain = runAll(s);
    for (const auto& r : plain[0]) {
        QCOMPARE(r.scale, 1.0);
        QCOMPARE(r.growthTracker, std::int64_t{0});
        QVERIFY(!r.skipped);
    }
}

void TestTrainingScaler::scalerFiniteGuard() {
    // Growing 2^125 by 16 would overflow float32: the scale stays and the tracker resets.
    Scenario s = quietScalerScenario();
    s.scaler.initScale = std::ldexp(1.0, 125);
    s.scaler.growthFactor = 16;
    s.scaler.growthInterval = 2;
    s.steps = 12;
    const auto rec = runAll(s)[0];
    int growths = 0, backoffs = 0, guarded = 0;
    checkScalerRule(rec, s.scaler, growths, backoffs, guarded);
    QVERIFY2(guarded >= 2, qPrintable(QString("guarded %1, growths %2, backoffs %3").arg(guarded).arg(growths).arg(backoffs)));
    QCOMPARE(backoffs, 0);
    for (const auto& r : rec) QCOMPARE(r.scale, std::ldexp(1.0, 125));
}

void TestTrainingScaler::skippedStepLeavesWeightsUntouched() {
    Scenario s = services::loadPreset("overflow-nan");
    s.lanes = {parseLane("cpu:f16+scaler")};
    Runner r(s);
    const auto before = r.weights(0);
    const auto rec = r.step();
    QVERIFY(rec[0].skipped);
    const auto after = r.weights(0);
    for (std::size_t l = 0; l < before.size(); ++l) {
        QVERIFY(before[l].weight == after[l].weight);
        QVERIFY(before[l].bias == after[l].bias);
    }
    // A clean step does move them.
    while (r.step()[0].skipped) {}
    QVERIFY(r.weights(0)[0].weight != before[0].weight);
}

void TestTrainingScaler::presetScalerGrowth() {
    Scenario s = services::loadPreset("scaler-growth");
    s.steps = 500;
    const auto rec = runAll(s);
    const int sc = laneIndex(s, "cpu:f16+scaler");
    int growths = 0, backoffs = 0, guarded = 0;
    checkScalerRule(rec[sc], s.scaler, growths, backoffs, guarded);
    qInfo("scaler-growth: %d growths, %d backoffs in %d steps", growths, backoffs, s.steps);
    QVERIFY(growths >= 2);
    QVERIFY(backoffs >= 2);
}

// Growth 1.1 every step: the expected scale is computed here independently, step by step, as torch's
// kernel does it: float(double(scale) * 1.1). Multiplying by float(1.1) instead drifts by a float32 step
// from step 7 (checked below, so the test tells the two apart).
void TestTrainingScaler::growthRoundsOnceLikeTorch() {
    Scenario s = quietScalerScenario();
    s.scaler.initScale = 65536.0;
    s.scaler.growthFactor = 1.1;
    s.scaler.growthInterval = 1;
    s.steps = 40;
    const auto rec = runAll(s)[0];
    QCOMPARE(int(rec.size()), s.steps);
    float torchScale = 65536.0f, floatFactor = 65536.0f;
    bool differs = false;
    for (const StepRecord& r : rec) {
        QVERIFY2(static_cast<float>(r.scale) == torchScale,
                 qPrintable(QString("step %1: scale %2, torch %3").arg(r.step).arg(r.scale, 0, 'g', 9).arg(torchScale, 0, 'g', 9)));
        torchScale = static_cast<float>(static_cast<double>(torchScale) * 1.1);
        floatFactor = floatFactor * 1.1f;
        differs |= floatFactor != torchScale;
    }
    QVERIFY2(differs, "float(1.1) and double 1.1 never differ here: the check would not tell them apart");
}

// Backoff 0.3 (not a power of two): float(double(scale) * 0.3), through the engine's update directly.
void TestTrainingScaler::backoffRoundsOnce() {
    ScalerSettings c;
    c.backoffFactor = 0.3;
    numerics::LossScaleState st{65536.0f, 5, false};
    float expect = 65536.0f;
    for (int k = 0; k < 100; ++k) {
        st = numerics::updateLossScale(st, true, c);
        expect = std::max(static_cast<float>(static_cast<double>(expect) * 0.3), kMinLossScale);
        QCOMPARE(st.scale, expect);
        QCOMPARE(st.tracker, 0);
    }
    QVERIFY(st.floored);  // 65536 * 0.3^100 is far below 2^-126: held at the floor
    QCOMPARE(st.scale, kMinLossScale);
}

QTEST_GUILESS_MAIN(TestTrainingScaler)
#include "tst_training_scaler.moc"
