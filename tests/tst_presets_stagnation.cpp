// The bf16-stagnation preset, claim by claim (as tst_presets.cpp), and the pure-bf16 weights' rounding:
// torchao's stochastic rounding rule on every kind of input, its mean over 10^6 seeded casts, reruns bit for bit.
#include "presets_support.h"

#include <bit>

#include "engine/error.h"
#include "engine/numerics/bf16_weights.h"

using namespace presisi;
using namespace presisi::presetcheck;

class TestPresetsStagnation : public QObject {
    Q_OBJECT
private slots:
    void stochasticRoundingRule();
    void stochasticRoundingIsUnbiased();
    void kahanKeepsWhatNearestLoses();
    void bf16Stagnation();
    void pureLanesAreCheckedAndRerunBitForBit();
};

// _fp32_to_bf16_sr: (bits + r) & 0xFFFF0000 for r in [0, 2^16): up exactly when r >= 2^16 - low16.
void TestPresetsStagnation::stochasticRoundingRule() {
    const float x = std::bit_cast<float>(0x3F80'2000u);  // 1 + 2^-10: low half 0x2000, up for 1/8 of r
    int up = 0;
    for (std::uint32_t r = 0; r < 65536; ++r) {
        const float y = numerics::bf16Stochastic(x, r);
        QVERIFY(y == 1.0f || y == 1.0078125f);
        up += y != 1.0f;
        QCOMPARE(y != 1.0f, r >= 65536u - 0x2000u);
    }
    QCOMPARE(up, 8192);
    QCOMPARE(numerics::bf16Stochastic(-x, 65535), -1.0078125f);  // away from zero for negatives too
    QCOMPARE(numerics::bf16Stochastic(1.0f, 65535), 1.0f);        // a bf16 value never moves
    QVERIFY(std::isnan(numerics::bf16Stochastic(std::numeric_limits<float>::quiet_NaN(), 0)));
    QCOMPARE(numerics::bf16Stochastic(std::numeric_limits<float>::infinity(), 65535), std::numeric_limits<float>::infinity());
}

// The mean of 10^6 seeded casts lies within 3 standard errors of the input; the same seed gives the same bits.
void TestPresetsStagnation::stochasticRoundingIsUnbiased() {
    constexpr std::size_t n = 1000000;
    const float x = 0.1f;  // between two bf16 values, not halfway
    const double lo = 0.099609375, hi = 0.10009765625;  // the bf16 neighbours of 0.1
    const double p = (static_cast<double>(x) - lo) / (hi - lo);
    std::vector<float> before(n, 0.0f), after(n, x), again(n, x);
    numerics::Bf16Weights a(numerics::WeightRounding::Stochastic), b(numerics::WeightRounding::Stochastic);
    a.reset(7, n);
    b.reset(7, n);
    a.round(before.data(), after.data(), n);
    b.round(before.data(), again.data(), n);
    QVERIFY(std::memcmp(after.data(), again.data(), n * sizeof(float)) == 0);
    double sum = 0;
    for (const float v : after) {
        QVERIFY(v == static_cast<float>(lo) || v == static_cast<float>(hi));
        sum += v;
    }
    const double mean = sum / n;
    const double se = (hi - lo) * std::sqrt(p * (1 - p) / n);
    qInfo("stochastic rounding of %.9g: mean of %zu casts %.9g, standard error %.3g, %.2f SE off", double(x), n, mean,
          se, std::fabs(mean - x) / se);
    QVERIFY(std::fabs(mean - x) <= 3 * se);
}

// 1000 updates of 1e-3 to a weight of 1: nearest rounding loses every one, Kahan's compensation keeps them.
void TestPresetsStagnation::kahanKeepsWhatNearestLoses() {
    for (const auto rounding : {numerics::WeightRounding::Nearest, numerics::WeightRounding::Kahan}) {
        numerics::Bf16Weights w(rounding);
        w.reset(1, 1);
        float weight = 1.0f;
        for (int k = 0; k < 1000; ++k) {
            const float before = weight;
            float after = weight + 1e-3f;
            w.round(&before, &after, 1);
            weight = after;
        }
        qInfo("1 + 1000 x 1e-3 with %s rounding: %g", rounding == numerics::WeightRounding::Nearest ? "nearest" : "Kahan",
              double(weight));
        if (rounding == numerics::WeightRounding::Nearest) QCOMPARE(weight, 1.0f);
        else QVERIFY(std::fabs(weight - 2.0f) <= 0.0078125f);  // within one bf16 ulp of 2
    }
}

void TestPresetsStagnation::bf16Stagnation() {
    Scenario s = services::loadPreset("bf16-stagnation");
    s.statistics = false;
    const int f32 = laneIndex(s, "cpu:f32"), master = laneIndex(s, "cpu:bf16"), pure = laneIndex(s, "cpu:bf16+pure");
    const int sr = laneIndex(s, "cpu:bf16+pure+sr"), kahan = laneIndex(s, "cpu:bf16+pure+kahan");
    QVERIFY(f32 >= 0 && master >= 0 && pure >= 0 && sr >= 0 && kahan >= 0);
    // Per step, the share of the pure lane's hidden weights (layer 2, 64 x 64) that did not move, and at step 300
    // their median magnitude and the median move of the f32-master lane's same weights in that step.
    std::vector<LayerWeights> last, masterBefore;
    std::vector<double> unchanged;
    double medianWeight = 0, medianUpdate = 0;
    const auto median = [](std::vector<double> v) {
        std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
        return v[v.size() / 2];
    };
    const Run run = runSteps(s, [&](const Runner& r, int k) {
        const std::vector<LayerWeights> w = r.weights(pure);
        if (!last.empty()) {
            std::int64_t same = 0;
            for (Index i = 0; i < w[1].weight.size(); ++i) same += w[1].weight.data()[i] == last[1].weight.data()[i];
            unchanged.push_back(static_cast<double>(same) / static_cast<double>(w[1].weight.size()));
        }
        last = w;
        if (k == 299) masterBefore = r.weights(master);
        if (k == 300) {
            // The f32-master lane's step 300 moved its (float32) hidden weights by this much.
            std::vector<double> mags, ups;
            const std::vector<LayerWeights> m = r.weights(master);
            for (Index i = 0; i < w[1].weight.size(); ++i) {
                mags.push_back(std::fabs(w[1].weight.data()[i]));
                ups.push_back(std::fabs(static_cast<double>(m[1].weight.data()[i]) - masterBefore[1].weight.data()[i]));
            }
            medianWeight = median(mags);
            medianUpdate = median(ups);
        }
    });
    const double end32 = run.rec[f32].back().loss;
    double lateUnchanged = 0;
    for (std::size_t k = 300; k < unchanged.size(); ++k) lateUnchanged += unchanged[k];
    lateUnchanged /= static_cast<double>(unchanged.size() - 300);
    CLAIM(s, "At step 300 the hidden layer's weights are about 0.06 (median), where bfloat16 values lie 2^-12 (0.00024) apart");
    QVERIFY2(medianWeight >= 0.05 && medianWeight <= 0.07, qPrintable(QString::number(medianWeight)));
    QVERIFY(medianWeight >= 0.03125 && medianWeight < 0.0625);  // [2^-5, 2^-4): bf16 spacing 2^-5 x 2^-7 = 2^-12
    CLAIM(s, "moves them by about 0.000004 per step: far below half that spacing");
    QVERIFY2(medianUpdate >= 2e-6 && medianUpdate <= 8e-6, qPrintable(QString::number(medianUpdate)));
    CLAIM(s, "after step 300 more than 90% of the pure lane's hidden weights stay unchanged from one step to the next, and "
             "its loss ends about twice float32's");
    QVERIFY2(lateUnchanged > 0.9, qPrintable(QString::number(lateUnchanged)));
    const double ratio = run.rec[pure].back().loss / end32;
    QVERIFY2(ratio >= 1.6 && ratio <= 2.4, qPrintable(QString::number(ratio)));
    CLAIM(s, "both end within 1% of float32, as does the bf16 lane with float32 master weights");
    for (const int lane : {sr, kahan, master})
        QVERIFY2(std::fabs(run.rec[lane].back().loss - end32) <= 0.01 * end32,
                 qPrintable(QString("lane %1: %2 vs %3").arg(lane).arg(run.rec[lane].back().loss).arg(end32)));
    qInfo("bf16-stagnation: final loss f32 %.5f, bf16 %.5f, pure %.5f, sr %.5f, kahan %.5f; pure's hidden weights unchanged "
          "per step after 300: %.1f%%; at step 300 median |w| %.4g, median |update| %.3g",
          end32, run.rec[master].back().loss, run.rec[pure].back().loss, run.rec[sr].back().loss,
          run.rec[kahan].back().loss, 100 * lateUnchanged, medianWeight, medianUpdate);
}

// The lane options read back, are refused where they mean nothing, and a +sr run reruns bit for bit.
void TestPresetsStagnation::pureLanesAreCheckedAndRerunBitForBit() {
    for (const char* label : {"cpu:bf16+pure", "cpu:bf16+pure+sr", "cpu:bf16+pure+kahan"})
        QCOMPARE(parseLane(label).label(), std::string(label));
    Scenario s = services::loadPreset("bf16-stagnation");
    for (const char* bad : {"cpu:f16+pure", "cpu:f32+pure", "cpu:bf16+sr", "cpu:bf16+kahan", "cpu:bf16+pure+sr+kahan",
                            "gpu:bf16+pure"}) {
        Scenario t = s;
        t.lanes = {parseLane(bad)};
        QVERIFY_THROWS_EXCEPTION(Error, validate(t));
    }
    s.steps = 30;
    s.lanes = {parseLane("cpu:bf16+pure+sr")};
    const Run a = runSteps(s), b = runSteps(s);
    for (int k = 0; k < s.steps; ++k) QCOMPARE(a.rec[0][k].loss, b.rec[0][k].loss);
    s.seed = 1;  // another seed, other random bits (and another model)
    const Run c = runSteps(s);
    QVERIFY(c.rec[0].back().loss != a.rec[0].back().loss);
}

QTEST_GUILESS_MAIN(TestPresetsStagnation)
#include "tst_presets_stagnation.moc"
