// The presets' explanations, claim by claim, checked on the runs they describe. Every sentence that states a
// number or an event is quoted (CLAIM checks the quote still stands in the preset's text word for word) and
// asserted on the records; each band says where it comes from. This file: accumulation, overflow-nan,
// scaler-growth; sensitive-ops and underflow are in tst_presets_ops.cpp.
#include "presets_support.h"

using namespace presisi;
using namespace presisi::presetcheck;

class TestPresets : public QObject {
    Q_OBJECT
private slots:
    void everyPresetIsCovered();
    void accumulation();
    void overflowNan();
    void scalerGrowth();
};

void TestPresets::everyPresetIsCovered() {
    // A new preset needs its own slot here or in tst_presets_ops.cpp (or its own suite: norms, stagnation, fp8).
    std::set<std::string> names;
    for (const auto& p : services::listPresets()) names.insert(p.name);
    QCOMPARE(names, (std::set<std::string>{"accumulation", "amax-spike", "bf16-stagnation", "e4m3-gradients", "grad-accumulation", "fp4-limits", "mx-scale-mode", "norm-statistics", "overflow-nan",
                                          "scaler-growth", "sensitive-ops", "underflow"}));
}

void TestPresets::accumulation() {
    const Scenario s = services::loadPreset("accumulation");
    const Run run = runSteps(s);
    const auto& f32 = run.rec[static_cast<std::size_t>(laneIndex(s, "cpu:f32"))];
    const auto& bf16 = run.rec[static_cast<std::size_t>(laneIndex(s, "cpu:bf16"))];
    const auto& f16 = run.rec[static_cast<std::size_t>(laneIndex(s, "cpu:f16"))];
    QCOMPARE(f32.size(), std::size_t(s.steps));

    // "10,000 values of torch.rand summed one by one, the running sum held in each lane's format."
    CLAIM(s, "10,000 values of torch.rand summed one by one, the running sum held in each lane's format.");
    QCOMPARE(s.accumulationValues, 10000);
    QCOMPARE(s.steps * s.batch, 10000);  // every value is added, none twice
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        for (const StepRecord& r : run.rec[i])
            QCOMPARE(roundTo(s.lanes[i].format, static_cast<float>(r.loss)), static_cast<float>(r.loss));

    // "In float32 the sum reaches about 5,000."
    // Band: "about 5,000" is two significant figures, so the sum rounds to 5.0 thousand: [4950, 5050).
    CLAIM(s, "In float32 the sum reaches about 5,000.");
    qInfo("accumulation: f32 %.2f, bf16 %.2f, f16 %.2f", f32.back().loss, bf16.back().loss, f16.back().loss);
    QVERIFY(f32.back().loss >= 4950 && f32.back().loss < 5050);

    // Where a lane's sum last changed: from then on it "stops growing".
    const auto stallStep = [](const std::vector<StepRecord>& rec) {
        std::size_t k = rec.size() - 1;
        while (k > 0 && rec[k - 1].loss == rec.back().loss) --k;
        return k;
    };

    // "In bfloat16 (8 significant bits) the sum stops growing near 256: there the spacing of bfloat16 values is 2,
    // so adding a value below 1 rounds back to the same number."
    // Band: "near 256" = within one bf16 spacing (2) of 256. "Stops growing": constant for at least a tenth of the
    // values (1,000) while float32 keeps growing at every one of those steps.
    CLAIM(s, "In bfloat16 (8 significant bits) the sum stops growing near 256: there the spacing of bfloat16 values is 2, "
             "so adding a value below 1 rounds back to the same number.");
    QCOMPARE(traits(Format::BF16).mantissaBits + 1, 8);
    QVERIFY(std::fabs(bf16.back().loss - 256) <= spacingAt(Format::BF16, 256));
    QCOMPARE(spacingAt(Format::BF16, 256), 2.0);
    const float belowOne = std::nextafter(1.0f, 0.0f);
    QCOMPARE(roundTo(Format::BF16, 256.0f + belowOne), 256.0f);  // and every smaller value, rounding being monotonic
    const std::size_t bfStall = stallStep(bf16);
    qInfo("accumulation: bf16 constant from step %zu, f16 from step %zu of %d", bfStall, stallStep(f16), s.steps);
    QVERIFY(static_cast<int>(bf16.size() - bfStall - 1) * s.batch >= 1000);  // values added after it got there
    for (std::size_t k = bfStall; k < f32.size(); ++k) QVERIFY(f32[k].loss > (k ? f32[k - 1].loss : 0.0));

    // "float16 (11 bits) stalls near 2048 for the same reason."
    // Band: within one f16 spacing (2) of 2048; stalled for at least 1,000 values as above.
    CLAIM(s, "float16 (11 bits) stalls near 2048 for the same reason.");
    QCOMPARE(traits(Format::F16).mantissaBits + 1, 11);
    QCOMPARE(spacingAt(Format::F16, 2048), 2.0);
    QCOMPARE(roundTo(Format::F16, 2048.0f + belowOne), 2048.0f);
    QVERIFY(std::fabs(f16.back().loss - 2048) <= spacingAt(Format::F16, 2048));
    const std::size_t hStall = stallStep(f16);
    QVERIFY(static_cast<int>(f16.size() - hStall - 1) * s.batch >= 1000);
    for (std::size_t k = hStall; k < f32.size(); ++k) QVERIFY(f32[k].loss > (k ? f32[k - 1].loss : 0.0));
}

void TestPresets::overflowNan() {
    const Scenario s = services::loadPreset("overflow-nan");
    const int f32 = laneIndex(s, "cpu:f32"), bf16 = laneIndex(s, "cpu:bf16"), f16 = laneIndex(s, "cpu:f16"),
              sc = laneIndex(s, "cpu:f16+scaler");
    QVERIFY(f32 >= 0 && bf16 >= 0 && f16 >= 0 && sc >= 0);

    Runner data(s);
    // "Inputs of a few hundred and targets in the thousands"
    // Bands: "a few hundred" = largest |input| in [100, 1000); "in the thousands" = largest |target| in [1000, 10000).
    CLAIM(s, "Inputs of a few hundred and targets in the thousands");
    const double xMax = data.dataset().x.cwiseAbs().maxCoeff(), tMax = data.dataset().targets.cwiseAbs().maxCoeff();
    qInfo("overflow-nan: largest |input| %.1f, largest |target| %.1f", xMax, tMax);
    QVERIFY(xMax >= 100 && xMax < 1000);
    QVERIFY(tMax >= 1000 && tMax < 10000);

    std::vector<LayerWeights> initialScaler = data.weights(sc);
    double f32Grad0 = 0, f16Grad0 = 0;
    std::int64_t f16NanWeights = 0, f16InfWeights = 0;
    bool scalerUntouched = false;
    const Run run = runSteps(s, [&](const Runner& r, int step) {
        if (step != 0) return;
        f32Grad0 = maxAbs(r.gradients(f32));
        f16Grad0 = maxAbs(r.gradients(f16));
        for (const LayerWeights& l : r.weights(f16)) {
            for (Index i = 0; i < l.weight.size(); ++i) {
                f16NanWeights += std::isnan(l.weight.data()[i]);
                f16InfWeights += std::isinf(l.weight.data()[i]);
            }
        }
        scalerUntouched = sameWeights(r.weights(sc), initialScaler);
    });
    const auto& rf16 = run.rec[static_cast<std::size_t>(f16)];
    const auto& rsc = run.rec[static_cast<std::size_t>(sc)];

    // "the gradients exceed float16's largest value 65504 and become inf in the first backward pass"
    // The float32 lane's gradients of the same initial weights and batch are the unrounded values.
    CLAIM(s, "the gradients exceed float16's largest value 65504 and become inf in the first backward pass");
    qInfo("overflow-nan: step 0 largest |gradient| f32 %.0f, f16 %g; f16 weights after it: %lld NaN, %lld inf", f32Grad0,
          f16Grad0, static_cast<long long>(f16NanWeights), static_cast<long long>(f16InfWeights));
    QCOMPARE(traits(Format::F16).max, 65504.0);
    QVERIFY(f32Grad0 > 65504);
    QVERIFY(std::isinf(f16Grad0));
    QVERIFY(rf16[0].overflows > 0);

    // "the update writes NaN into the weights and the next loss is NaN"
    CLAIM(s, "the update writes NaN into the weights and the next loss is NaN");
    QVERIFY(f16NanWeights > 0);
    QVERIFY(std::isnan(rf16[1].loss));

    // "bfloat16 keeps float32's range and trains."
    // "Trains" = reaches the noise floor as float32 does: the final training loss within 25% of the targets' noise
    // variance (noise * target_scale)^2, the smallest mean squared error any model can expect; 25% leaves room for
    // 200 steps not being fully converged. The same band holds for the float32 lane.
    CLAIM(s, "bfloat16 keeps float32's range and trains.");
    QCOMPARE(traits(Format::BF16).exponentBits, traits(Format::F32).exponentBits);
    QCOMPARE(traits(Format::BF16).minNormal, traits(Format::F32).minNormal);
    for (const StepRecord& r : run.rec[static_cast<std::size_t>(bf16)])
        QVERIFY2(r.finite, qPrintable(QString("bf16 step %1").arg(r.step)));
    const double floor = std::pow(s.data.noise * s.data.targetScale, 2);
    const double lf32 = run.rec[static_cast<std::size_t>(f32)].back().loss;
    const double lbf = run.rec[static_cast<std::size_t>(bf16)].back().loss;
    const double lsc = rsc.back().loss;
    qInfo("overflow-nan: final loss f32 %.1f, bf16 %.1f, f16+scaler %.1f; noise floor %.0f", lf32, lbf, lsc, floor);
    QVERIFY(lf32 <= 1.25 * floor);
    QVERIFY(lbf <= 1.25 * floor);

    // "With the loss scaler the inf is caught: the step is skipped (weights untouched) and the scale is halved."
    CLAIM(s, "With the loss scaler the inf is caught: the step is skipped (weights untouched) and the scale is halved.");
    QVERIFY(rsc[0].skipped);
    QVERIFY(scalerUntouched);
    QCOMPARE(rsc[1].scale, rsc[0].scale * 0.5);

    // "These gradients exceed 65504 even unscaled, so the first 17 steps are skipped and the scale falls from 2^16
    // to 0.5 (GradScaler has no lower bound) before the scaled gradients fit and training proceeds."
    // "Training proceeds" = the same noise-floor band as float32 above.
    CLAIM(s, "These gradients exceed 65504 even unscaled, so the first 17 steps are skipped and the scale falls from 2^16 "
             "to 0.5 (GradScaler has no lower bound) before the scaled gradients fit and training proceeds.");
    int firstRun = 0;
    while (firstRun < s.steps && rsc[static_cast<std::size_t>(firstRun)].skipped) ++firstRun;
    int later = 0;
    for (std::size_t k = static_cast<std::size_t>(firstRun); k < rsc.size(); ++k) later += rsc[k].skipped;
    qInfo("overflow-nan: f16+scaler skipped steps 0..%d, then %d more; scale at the end %g", firstRun - 1, later,
          rsc.back().scale);
    QCOMPARE(rsc[0].scale, 65536.0);
    QCOMPARE(firstRun, 17);
    QCOMPARE(rsc[17].scale, 0.5);
    QVERIFY(!rsc[17].skipped);
    QVERIFY(rsc.back().finite);
    QVERIFY(lsc <= 1.25 * floor);
}

void TestPresets::scalerGrowth() {
    const Scenario s = services::loadPreset("scaler-growth");
    const int f32 = laneIndex(s, "cpu:f32"), sc = laneIndex(s, "cpu:f16+scaler");
    QVERIFY(f32 >= 0 && sc >= 0);
    std::vector<double> scaledMax;  // per step: largest |weight gradient| of the f16 lane as it stood, scaled
    const Run run = runSteps(s, [&](const Runner& r, int) {
        scaledMax.push_back(maxAbs(r.gradients(sc)) * r.lastRecords()[static_cast<std::size_t>(sc)].scale);
    });
    const auto& rec = run.rec[static_cast<std::size_t>(sc)];
    const std::size_t n = rec.size();

    // "GradScaler doubles its scale after growth_interval clean steps (2000 by default; 50 here) and halves it
    // whenever a scaled gradient overflows float16, skipping that step."
    CLAIM(s, "GradScaler doubles its scale after growth_interval clean steps (2000 by default; 50 here) and halves it "
             "whenever a scaled gradient overflows float16, skipping that step.");
    QCOMPARE(ScalerSettings{}.growthInterval, 2000);
    QCOMPARE(s.scaler.growthInterval, 50);
    QCOMPARE(s.scaler.growthFactor, 2.0);
    QCOMPARE(s.scaler.backoffFactor, 0.5);
    std::string events;
    for (std::size_t k = 0; k < n; ++k) {
        const bool overflowed = !std::isfinite(scaledMax[k]);
        QVERIFY2(rec[k].skipped == overflowed,
                 qPrintable(QString("step %1: skipped %2, overflowed %3").arg(k).arg(rec[k].skipped).arg(overflowed)));
        if (!overflowed) QVERIFY(scaledMax[k] <= traits(Format::F16).max);
        if (k + 1 == n) break;
        const bool grows = !rec[k].skipped && rec[k].growthTracker + 1 == s.scaler.growthInterval;
        const double next = rec[k].skipped ? rec[k].scale * 0.5 : grows ? rec[k].scale * 2 : rec[k].scale;
        QCOMPARE(rec[k + 1].scale, next);
        if (rec[k + 1].scale != rec[k].scale)
            events += QString(" %1:%2").arg(k + 1).arg(rec[k + 1].scale > rec[k].scale ? "x2" : "/2").toStdString() +
                      "=2^" + std::to_string(static_cast<int>(std::log2(rec[k + 1].scale)));
    }
    qInfo("scaler-growth: scale changes (step:event=new scale):%s", events.c_str());

    // "The spiral's inputs are multiplied by 30, so the first gradients are large: starting from 2^16 the first steps
    // overflow and the scale backs off to 2^14."
    // "The first steps": every skip before the first growth lies within the first 5 steps (a tenth of the interval).
    CLAIM(s, "The spiral's inputs are multiplied by 30, so the first gradients are large: starting from 2^16 the first "
             "steps overflow and the scale backs off to 2^14.");
    QCOMPARE(s.data.inputScale, 30.0);
    QCOMPARE(rec[0].scale, 65536.0);
    QVERIFY(rec[0].skipped);
    std::size_t firstGrowth = 1;
    while (firstGrowth < n && rec[firstGrowth].scale <= rec[firstGrowth - 1].scale) ++firstGrowth;
    QVERIFY(firstGrowth < n);
    for (std::size_t k = 5; k < firstGrowth; ++k) QVERIFY2(!rec[k].skipped, qPrintable(QString("skip at step %1").arg(k)));
    QCOMPARE(rec[firstGrowth - 1].scale, 16384.0);

    // "Then it climbs in steps of 2 until it overflows again and backs off: a sawtooth between 2^14 and 2^17"
    // Each change after the start is a doubling or a halving (checked above); the scale keeps within [2^14, 2^17]
    // and reaches both ends at least twice after the start (two teeth at least), climbing by two or more doublings
    // in a row before the overflow each time it starts from 2^14.
    CLAIM(s, "Then it climbs in steps of 2 until it overflows again and backs off: a sawtooth between 2^14 and 2^17");
    int bottoms = 0, tops = 0;
    for (std::size_t k = std::max<std::size_t>(firstGrowth - 1, 1); k < n; ++k) {
        QVERIFY(rec[k].scale >= 16384 && rec[k].scale <= 131072);
        const bool arrived = rec[k].scale != rec[k - 1].scale;
        bottoms += arrived && rec[k].scale == 16384;
        tops += arrived && rec[k].scale == 131072;
    }
    qInfo("scaler-growth: the scale arrives at 2^14 %d times and at 2^17 %d times", bottoms, tops);
    QVERIFY(bottoms >= 2 && tops >= 2);
    for (std::size_t k = std::max<std::size_t>(firstGrowth - 1, 1); k + 1 < n; ++k) {
        if (rec[k].scale != 16384 || rec[k - 1].scale == 16384) continue;
        int doublings = 0;
        std::size_t j = k + 1;
        for (; j < n && !rec[j - 1].skipped; ++j) doublings += rec[j].scale > rec[j - 1].scale;
        if (j < n)
            QVERIFY2(doublings >= 2,
                     qPrintable(QString("from 2^14 at step %1: %2 doublings before the overflow").arg(k).arg(doublings)));
    }

    // "(between two back-offs the largest scaled weight gradient comes within a factor of 2 of 65504)"
    // Every stretch of clean steps that ends in a back-off reaches 65504 / 2 at least once.
    CLAIM(s, "(between two back-offs the largest scaled weight gradient comes within a factor of 2 of 65504)");
    std::size_t from = 0;
    for (std::size_t k = 0; k < n; ++k) {
        if (!rec[k].skipped) continue;
        if (k > from) {
            double top = 0;
            for (std::size_t j = from; j < k; ++j) top = std::max(top, scaledMax[j]);
            QVERIFY2(top >= traits(Format::F16).max / 2,
                     qPrintable(QString("steps %1..%2: largest scaled gradient %3").arg(from).arg(k - 1).arg(top)));
        }
        from = k + 1;
    }

    // "the loss follows the float32 lane (final evaluation accuracy within 2 points)"
    // Band as stated: 2 points of the 384-sample evaluation set, about two binomial standard errors at 96%.
    CLAIM(s, "the loss follows the float32 lane (final evaluation accuracy within 2 points)");
    const double a32 = run.finals[static_cast<std::size_t>(f32)].evalAccuracy;
    const double asc = run.finals[static_cast<std::size_t>(sc)].evalAccuracy;
    qInfo("scaler-growth: final evaluation accuracy f32 %.4f, f16+scaler %.4f", a32, asc);
    QVERIFY(std::fabs(a32 - asc) <= 0.02);
}

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
