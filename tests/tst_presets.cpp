// The presets' explanations, claim by claim, checked on the runs they describe. Every sentence that states a
// number or an event is quoted (CLAIM checks the quote still stands in the preset's text word for word) and
// asserted on the records; each band says where it comes from.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "app/cli/scenario_json.h"
#include "engine/format.h"
#include "engine/training/runner.h"

using namespace presisi;

// The quoted words must stand in the preset's explanation, so a text that changes without its test fails here.
#define CLAIM(scenario, words)                                                                                  \
    QVERIFY2((scenario).explanation.find(words) != std::string::npos,                                          \
             qPrintable(QString("preset %1 no longer says: %2").arg(QString::fromStdString((scenario).preset), \
                                                                    QString::fromUtf8(words))))

namespace {

struct Run {
    std::vector<std::vector<StepRecord>> rec;  // rec[lane][step]
    std::vector<LaneFinal> finals;             // per lane, after the last step
};

// Runs the scenario step by step; `after(runner, step)` sees the runner after each step (weights, gradients).
Run runSteps(const Scenario& s, const std::function<void(const Runner&, int)>& after = {}) {
    Runner r(s);
    Run out;
    out.rec.resize(s.lanes.size());
    for (int k = 0; k < s.steps; ++k) {
        for (const StepRecord& rec : r.step()) out.rec[static_cast<std::size_t>(rec.lane)].push_back(rec);
        if (after) after(r, k);
    }
    for (int i = 0; i < r.laneCount(); ++i) out.finals.push_back(r.evaluate(i));
    return out;
}

int laneIndex(const Scenario& s, const char* label) {
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        if (s.lanes[i].label() == label) return static_cast<int>(i);
    return -1;
}

// Largest |g| over every weight and bias gradient (inf if any is inf or NaN).
double maxAbs(const std::vector<LayerWeights>& layers) {
    double m = 0;
    for (const LayerWeights& l : layers) {
        for (Index i = 0; i < l.weight.size(); ++i) {
            const float v = l.weight.data()[i];
            if (!std::isfinite(v)) return std::numeric_limits<double>::infinity();
            m = std::max(m, static_cast<double>(std::fabs(v)));
        }
        for (Index i = 0; i < l.bias.size(); ++i) {
            const float v = l.bias.data()[i];
            if (!std::isfinite(v)) return std::numeric_limits<double>::infinity();
            m = std::max(m, static_cast<double>(std::fabs(v)));
        }
    }
    return m;
}

bool sameWeights(const std::vector<LayerWeights>& a, const std::vector<LayerWeights>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t l = 0; l < a.size(); ++l)
        if (std::memcmp(a[l].weight.data(), b[l].weight.data(),
                        sizeof(float) * static_cast<std::size_t>(a[l].weight.size())) != 0 ||
            std::memcmp(a[l].bias.data(), b[l].bias.data(), sizeof(float) * static_cast<std::size_t>(a[l].bias.size())) != 0)
            return false;
    return true;
}

// Distance from x to the next value of the format above it: the spacing there.
double spacingAt(Format f, float x) { return static_cast<double>(nextUp(f, x)) - static_cast<double>(x); }

// The words after "presisi " in the text, split at spaces: the command a preset tells people to run.
std::vector<std::string> commandIn(const std::string& text) {
    const auto at = text.find("presisi train ");
    if (at == std::string::npos) return {};
    std::istringstream in(text.substr(at + std::string("presisi ").size()));
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

}  // namespace

class TestPresets : public QObject {
    Q_OBJECT
private slots:
    void everyPresetIsCovered();
    void accumulation();
    void overflowNan();
    void scalerGrowth();
    void sensitiveOps();
    void sensitiveOpsDefaultPolicyCommand();
    void underflow();
};

void TestPresets::everyPresetIsCovered() {
    // A new preset needs its own slot here.
    std::set<std::string> names;
    for (const auto& p : cli::listPresets()) names.insert(p.name);
    QCOMPARE(names, (std::set<std::string>{"accumulation", "overflow-nan", "scaler-growth", "sensitive-ops", "underflow"}));
}

void TestPresets::accumulation() {
    const Scenario s = cli::loadPreset("accumulation");
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
    const Scenario s = cli::loadPreset("overflow-nan");
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
    const Scenario s = cli::loadPreset("scaler-growth");
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

namespace {

// The truth the low-format sum is measured against: the same lanes with only the batch mean accumulated in float32
// (reduction as-input). The loss value feeds nothing back (the backward starts from the scale), so both runs take
// the same steps; the test checks that on the accuracies.
Run sensitiveOpsTruth(Scenario s, int steps) {
    s.opOverrides.emplace_back(OpKind::Reduction, OpPolicy::AsInput);
    s.lanes = {parseLane("cpu:bf16"), parseLane("cpu:f16")};
    s.statistics = false;
    s.steps = steps;
    return runSteps(s);
}

}  // namespace

void TestPresets::sensitiveOps() {
    const Scenario s = cli::loadPreset("sensitive-ops");
    const int f32 = laneIndex(s, "cpu:f32"), bf16 = laneIndex(s, "cpu:bf16"), f16 = laneIndex(s, "cpu:f16"),
              sc = laneIndex(s, "cpu:f16+scaler");
    QVERIFY(f32 >= 0 && bf16 >= 0 && f16 >= 0 && sc >= 0);

    // "Autocast keeps losses (and on CUDA softmax) in float32 for a reason."
    CLAIM(s, "Autocast keeps losses (and on CUDA softmax) in float32 for a reason.");
    QCOMPARE(AutocastPolicy::cpu().loss, OpPolicy::F32);
    QCOMPARE(AutocastPolicy::cuda().loss, OpPolicy::F32);
    QCOMPARE(AutocastPolicy::cuda().softmax, OpPolicy::F32);

    // "Here the policy is overridden: log_softmax, the loss and its batch mean run in the lane's format."
    CLAIM(s, "Here the policy is overridden: log_softmax, the loss and its batch mean run in the lane's format.");
    for (const LaneSpec& lane : s.lanes) {
        const AutocastPolicy p = s.policyFor(lane);
        QCOMPARE(p.softmax, OpPolicy::Low);
        QCOMPARE(p.loss, OpPolicy::Low);
        QCOMPARE(p.reduction, OpPolicy::Low);
    }

    // "At the start the 2048 per-sample losses all lie between 1 and 2, near ln 5 = 1.6."
    // Per-sample cross entropy of the initial weights (the same in every lane) on the full batch, in double.
    // "Near 1.6" = their mean rounds to 1.6: [1.55, 1.65). Between 1 and 2 is what the stall below needs.
    CLAIM(s, "At the start the 2048 per-sample losses all lie between 1 and 2, near ln 5 = 1.6.");
    QCOMPARE(s.batch, 2048);
    QCOMPARE(s.sizes.back(), 5);
    double lo = 1e9, hi = 0, mean = 0;
    {
        const Runner r(s);
        const Dataset& d = r.dataset();
        QCOMPARE(d.size(), Index{2048});  // the batch is the whole set, in order, every step
        const Matrix z = r.predict(f32, d.x);
        for (Index i = 0; i < z.rows(); ++i) {
            double m = z.row(i).maxCoeff(), e = 0;
            for (Index j = 0; j < z.cols(); ++j) e += std::exp(static_cast<double>(z(i, j)) - m);
            const double l = m + std::log(e) - z(i, d.labels[static_cast<std::size_t>(i)]);
            lo = std::min(lo, l);
            hi = std::max(hi, l);
            mean += l / static_cast<double>(z.rows());
        }
    }
    qInfo("sensitive-ops: initial per-sample losses %.3f .. %.3f, mean %.4f (ln 5 = %.4f)", lo, hi, mean, std::log(5.0));
    QVERIFY(lo > 1 && hi < 2);
    QVERIFY(mean >= 1.55 && mean < 1.65);
    QVERIFY(std::log(5.0) >= 1.55 && std::log(5.0) < 1.65);

    const Run run = runSteps(s);
    const Run truth = sensitiveOpsTruth(s, s.steps);
    const auto& rb = run.rec[static_cast<std::size_t>(bf16)];
    const auto& rh = run.rec[static_cast<std::size_t>(f16)];
    const auto& tb = truth.rec[0];
    const auto& th = truth.rec[1];
    for (std::size_t k = 0; k < rb.size(); ++k) {
        QCOMPARE(tb[k].accuracy, rb[k].accuracy);
        QCOMPARE(th[k].accuracy, rh[k].accuracy);
    }

    // "Summed in bfloat16 the sum climbs to 512 and stalls: there the spacing is 4, so adding 1.6 rounds back."
    // Between 256 and 512 the spacing is 2 and any loss in (1, 2) adds 2; at 512 any loss below 2 rounds back.
    CLAIM(s, "Summed in bfloat16 the sum climbs to 512 and stalls: there the spacing is 4, so adding 1.6 rounds back.");
    QCOMPARE(spacingAt(Format::BF16, 256), 2.0);
    QCOMPARE(spacingAt(Format::BF16, 512), 4.0);
    QCOMPARE(roundTo(Format::BF16, 512.0f + 1.6f), 512.0f);
    QCOMPARE(roundTo(Format::BF16, 512.0f + std::nextafter(2.0f, 0.0f)), 512.0f);

    // "The bf16 lane reports 512 / 2048 = 0.25 instead of 1.6 and stays far below the truth all run."
    // "Far below" = less than half of the truth at every step of the run.
    CLAIM(s, "The bf16 lane reports 512 / 2048 = 0.25 instead of 1.6 and stays far below the truth all run.");
    qInfo("sensitive-ops: step 0 reported/truth bf16 %.4f/%.4f, f16 %.4f/%.4f; last step bf16 %.4f/%.4f, f16 %.4f/%.4f",
          rb[0].loss, tb[0].loss, rh[0].loss, th[0].loss, rb.back().loss, tb.back().loss, rh.back().loss, th.back().loss);
    QCOMPARE(rb[0].loss, 0.25);
    QVERIFY(tb[0].loss >= 1.55 && tb[0].loss < 1.65);
    for (std::size_t k = 0; k < rb.size(); ++k)
        QVERIFY2(rb[k].loss < 0.5 * tb[k].loss,
                 qPrintable(QString("step %1: bf16 reports %2, truth %3").arg(k).arg(rb[k].loss).arg(tb[k].loss)));

    // "float16 (11 bits) spaces its values 1 apart up to 2048 and 2 apart above, where every 1.6 rounds up to 2:
    // the f16 lane starts about 15% high, less damage."
    // "About 15%" = rounds to 15% at the nearest 5%: [12.5%, 17.5%). "Less damage" = a smaller relative error than
    // the bf16 lane's at every step.
    CLAIM(s, "float16 (11 bits) spaces its values 1 apart up to 2048 and 2 apart above, where every 1.6 rounds up to 2: "
             "the f16 lane starts about 15% high, less damage.");
    QCOMPARE(traits(Format::F16).mantissaBits + 1, 11);
    QCOMPARE(spacingAt(Format::F16, 1024), 1.0);
    QCOMPARE(spacingAt(Format::F16, nextDown(Format::F16, 2048)), 1.0);
    QCOMPARE(spacingAt(Format::F16, 2048), 2.0);
    QCOMPARE(roundTo(Format::F16, 2048.0f + 1.6f), 2050.0f);
    const double high = rh[0].loss / th[0].loss - 1;
    qInfo("sensitive-ops: f16 starts %.1f%% high", 100 * high);
    QVERIFY(high >= 0.125 && high < 0.175);
    for (std::size_t k = 0; k < rb.size(); ++k)
        QVERIFY2(std::fabs(rh[k].loss - th[k].loss) / th[k].loss < std::fabs(rb[k].loss - tb[k].loss) / tb[k].loss,
                 qPrintable(QString("step %1").arg(k)));

    // "With a loss scaler in float16 the loss gradient itself, 65536 in float16, is already inf: the first step is
    // skipped and the scale backs off to 32768."
    CLAIM(s, "With a loss scaler in float16 the loss gradient itself, 65536 in float16, is already inf: the first step "
             "is skipped and the scale backs off to 32768.");
    const auto& rs = run.rec[static_cast<std::size_t>(sc)];
    QCOMPARE(rs[0].scale, 65536.0);
    QVERIFY(std::isinf(roundTo(Format::F16, 65536.0f)));
    QVERIFY(rs[0].skipped);
    QCOMPARE(rs[1].scale, 32768.0);
    QVERIFY(!rs[1].skipped);
}

void TestPresets::sensitiveOpsDefaultPolicyCommand() {
    const Scenario preset = cli::loadPreset("sensitive-ops");
    // "Compare with the default policy:
    //  presisi train --preset sensitive-ops --op softmax=as-input,loss=f32,reduction=as-input"
    // The command as the text spells it, read by the command line's own parser.
    CLAIM(preset, "Compare with the default policy: presisi train --preset sensitive-ops --op "
                  "softmax=as-input,loss=f32,reduction=as-input");
    std::vector<std::string> words = commandIn(preset.explanation);
    QVERIFY(words.size() > 1);
    QCOMPARE(words.front(), std::string("train"));
    words.erase(words.begin());
    Scenario s = cli::trainScenarioFromArgs(words);
    validate(s);
    QCOMPARE(s.preset, std::string("sensitive-ops"));
    for (const LaneSpec& lane : s.lanes) QVERIFY(s.policyFor(lane) == AutocastPolicy::cpu());  // the CPU default

    // What the comparison shows, on the first 10 steps: no skipped step (the loss gradient stays in float32), and
    // each low lane reports its true loss. Band: the truth rounds each per-sample loss and their mean to the lane's
    // format (half an epsilon each), the default policy neither, so they agree within one epsilon of the format.
    const int steps = 10;
    s.steps = steps;
    const Run run = runSteps(s);
    const Run truth = sensitiveOpsTruth(preset, steps);
    const int bf16 = laneIndex(s, "cpu:bf16"), f16 = laneIndex(s, "cpu:f16"), sc = laneIndex(s, "cpu:f16+scaler");
    for (int k = 0; k < steps; ++k) {
        const StepRecord& b = run.rec[static_cast<std::size_t>(bf16)][static_cast<std::size_t>(k)];
        const StepRecord& h = run.rec[static_cast<std::size_t>(f16)][static_cast<std::size_t>(k)];
        const StepRecord& c = run.rec[static_cast<std::size_t>(sc)][static_cast<std::size_t>(k)];
        QVERIFY(!c.skipped);
        QCOMPARE(c.scale, 65536.0);
        QVERIFY2(std::fabs(b.loss / truth.rec[0][static_cast<std::size_t>(k)].loss - 1) <= traits(Format::BF16).epsilon,
                 qPrintable(QString("step %1: bf16 %2, truth %3").arg(k).arg(b.loss).arg(truth.rec[0][static_cast<std::size_t>(k)].loss)));
        QVERIFY2(std::fabs(h.loss / truth.rec[1][static_cast<std::size_t>(k)].loss - 1) <= traits(Format::F16).epsilon,
                 qPrintable(QString("step %1: f16 %2, truth %3").arg(k).arg(h.loss).arg(truth.rec[1][static_cast<std::size_t>(k)].loss)));
    }
}

void TestPresets::underflow() {
    const Scenario s = cli::loadPreset("underflow");
    const int f32 = laneIndex(s, "cpu:f32"), bf16 = laneIndex(s, "cpu:bf16"), f16 = laneIndex(s, "cpu:f16"),
              sc = laneIndex(s, "cpu:f16+scaler");
    QVERIFY(f32 >= 0 && bf16 >= 0 && f16 >= 0 && sc >= 0);
    double f16Residual = 0, f16Grad = -1, outputSpacing = 0;
    Matrix x, t;
    const Run run = runSteps(s, [&](const Runner& r, int step) {
        if (step + 1 != s.steps) return;
        // The f16 lane's fit after its last step, its master weights evaluated in float32 on the (full) batch.
        x = r.dataset().x;
        t = r.dataset().targets;
        const Matrix z = r.predict(f16, x);
        f16Residual = (z - t).cwiseAbs().maxCoeff();
        outputSpacing = spacingAt(Format::F16, z.cwiseAbs().maxCoeff()) + spacingAt(Format::F16, t.cwiseAbs().maxCoeff());
        f16Grad = maxAbs(r.gradients(f16));
    });
    const auto& r32 = run.rec[static_cast<std::size_t>(f32)];
    const auto& r16 = run.rec[static_cast<std::size_t>(f16)];
    const auto& rsc = run.rec[static_cast<std::size_t>(sc)];
    const auto& rbf = run.rec[static_cast<std::size_t>(bf16)];

    // "A regression with 256 small outputs (about 0.006 root mean square) averaged over a batch of 256: the loss
    // gradient at each output is 2 (y - t) / 65536."
    // "About 0.006" = the targets' root mean square rounds to 0.006 at one significant figure: [0.0055, 0.0065).
    CLAIM(s, "A regression with 256 small outputs (about 0.006 root mean square) averaged over a batch of 256: the loss "
             "gradient at each output is 2 (y - t) / 65536.");
    QCOMPARE(s.sizes.back(), 256);
    QCOMPARE(s.batch, 0);  // the full batch
    QCOMPARE(x.rows(), Index{256});
    const double rmsTarget = std::sqrt(t.cast<double>().squaredNorm() / static_cast<double>(t.size()));
    qInfo("underflow: targets: root mean square %.5f, mean magnitude %.5f", rmsTarget, t.cwiseAbs().mean());
    QVERIFY(rmsTarget >= 0.0055 && rmsTarget < 0.0065);
    QCOMPARE(x.rows() * t.cols(), Index{65536});  // mse's mean over every element: alpha = 2 / 65536

    // "Once the fit is within about 1e-3, that is below half of float16's smallest subnormal (2^-24, 6e-8) and rounds
    // to zero, and every gradient behind it is then an exact zero."
    // The exact threshold is |y - t| = 2^-10 (2 * 2^-10 / 65536 = 2^-25, a tie that rounds to even, zero): "about 1e-3"
    // = within 5% of 1e-3. At the end of the run every residual of the f16 lane lies below it (within the f16 spacing
    // of its outputs and targets, as the lane rounds both), every output gradient is zero, and so is every weight and
    // bias gradient, exactly.
    CLAIM(s, "Once the fit is within about 1e-3, that is below half of float16's smallest subnormal (2^-24, 6e-8) and "
             "rounds to zero, and every gradient behind it is then an exact zero.");
    const double threshold = std::ldexp(1.0, -10);
    QVERIFY(std::fabs(threshold - 1e-3) <= 0.05e-3);
    QCOMPARE(traits(Format::F16).minSubnormal, std::ldexp(1.0, -24));
    QVERIFY(traits(Format::F16).minSubnormal >= 5.5e-8 && traits(Format::F16).minSubnormal < 6.5e-8);
    QCOMPARE(roundTo(Format::F16, static_cast<float>(2 * threshold / 65536)), 0.0f);
    QVERIFY(roundTo(Format::F16, static_cast<float>(2 * 1.01e-3 / 65536)) > 0.0f);
    qInfo("underflow: f16 lane at the end: largest |y - t| %.3g (threshold %.3g), largest |gradient| %g, underflow act %.3f weight %.3f",
          f16Residual, threshold, f16Grad, r16.back().actGradUnderflow, r16.back().weightGradUnderflow);
    QVERIFY(f16Residual < threshold + outputSpacing);
    QCOMPARE(r16.back().actGradUnderflow, 1.0);
    QCOMPARE(r16.back().weightGradUnderflow, 1.0);
    QCOMPARE(f16Grad, 0.0);

    // "Watch the weight-gradient underflow of cpu:f16 jump and its loss flatten while cpu:f32 goes on to the noise floor."
    // "Jump": from under 5% to 100% within a quarter of the run. "Flatten": the loss does not change at all from the
    // step every gradient is zero. "Noise floor": least squares with 17 parameters per output (16 weights, a bias) on
    // 256 samples leaves sigma^2 (1 - 17/256), sigma = noise * target_scale; the band, 2%, is three and a half
    // standard errors of a mean of 65536 squared noise values (sqrt(2 / 65536) = 0.55%).
    CLAIM(s, "Watch the weight-gradient underflow of cpu:f16 jump and its loss flatten while cpu:f32 goes on to the noise floor.");
    std::size_t rise = 0, full = 0;
    while (rise < r16.size() && r16[rise].weightGradUnderflow < 0.05) ++rise;
    while (full < r16.size() && r16[full].weightGradUnderflow < 1.0) ++full;
    qInfo("underflow: f16 weight-gradient underflow reaches 5%% at step %zu, 100%% at step %zu", rise, full);
    QVERIFY(full < r16.size());
    QVERIFY(full - rise <= static_cast<std::size_t>(s.steps / 4));
    for (std::size_t k = full + 1; k < r16.size(); ++k) QCOMPARE(r16[k].loss, r16[full + 1].loss);
    const double sigma = s.data.noise * s.data.targetScale;
    const double floor = sigma * sigma * (1.0 - 17.0 / 256.0);
    qInfo("underflow: final loss f32 %.5g, bf16 %.5g, f16 %.5g, f16+scaler %.5g; noise floor %.5g", r32.back().loss,
          rbf.back().loss, r16.back().loss, rsc.back().loss, floor);
    QVERIFY(std::fabs(r32.back().loss / floor - 1) <= 0.02);
    QVERIFY(r16.back().loss > 1.02 * floor);

    // "The loss scaler multiplies the loss by 65536 before the backward pass and the gradients fit again:
    // cpu:f16+scaler trains like f32."
    // "Fit again": weight-gradient underflow at most 1% at every step (cpu:f16 reaches 100%). "Like f32": the same
    // noise-floor band as the f32 lane.
    CLAIM(s, "The loss scaler multiplies the loss by 65536 before the backward pass and the gradients fit again: "
             "cpu:f16+scaler trains like f32.");
    double worstSc = 0, worstBf = 0;
    for (const StepRecord& r : rsc) {
        QCOMPARE(r.scale, 65536.0);
        QVERIFY(!r.skipped);
        worstSc = std::max(worstSc, r.weightGradUnderflow);
    }
    for (const StepRecord& r : rbf) worstBf = std::max(worstBf, r.weightGradUnderflow);
    qInfo("underflow: worst weight-gradient underflow f16+scaler %.4f, bf16 %.4f", worstSc, worstBf);
    QVERIFY(worstSc <= 0.01);
    QVERIFY(std::fabs(rsc.back().loss / floor - 1) <= 0.02);

    // "bfloat16 has float32's exponent range and needs no scaler."
    // Same bands as the scaler lane: underflow at most 1% at every step, the noise floor within 2%.
    CLAIM(s, "bfloat16 has float32's exponent range and needs no scaler.");
    QCOMPARE(traits(Format::BF16).exponentBits, traits(Format::F32).exponentBits);
    QVERIFY(worstBf <= 0.01);
    QVERIFY(std::fabs(rbf.back().loss / floor - 1) <= 0.02);
}

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
