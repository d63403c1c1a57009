// The convergence check: verdicts on `underflow` (bf16 and f16+scaler safe, f16 audit), on a setup where
// every lane trains well (all safe), the rule's arithmetic on hand-made seed results, identical data
// across seeds, cancellation, and the `check` command's table and JSON keys.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <cmath>
#include <sstream>

#include "app/cli/args.h"
#include "app/cli/commands.h"
#include "app/services/scenario_file.h"
#include "engine/error.h"
#include "engine/training/convergence.h"
#include "engine/training/runner.h"

using namespace presisi;

namespace {

const LaneVerdict& laneOf(const ConvergenceReport& r, const char* label) {
    for (const LaneVerdict& v : r.lanes)
        if (v.label == label) return v;
    throw Error(std::string("no lane ") + label);
}

void show(const char* what, const ConvergenceReport& r) {
    for (const LaneVerdict& v : r.lanes)
        qInfo("%s %-15s mean %.6g spread %.3g shift %+.3g -> %s", what, v.label.c_str(), v.mean, v.spread, v.shift,
              std::string(verdictName(v.verdict)).c_str());
    qInfo("%s threshold %.3g (seed spread %.3g, evaluation noise %.3g)", what, r.threshold, r.referenceSpread,
          r.evaluationNoise);
}

// Every lane trains well: the default 2-64-64-3 spiral classifier with Adam (lr 0.01, 300 steps) in f32,
// bf16, f16 and f16+scaler: no gradient leaves f16's range there (gradients of a cross entropy with
// three classes stay within about 1e-6..1 unscaled) and rounding moves the result by less than a seed does.
Scenario allGood() {
    Scenario s;
    s.optimizer.kind = OptimizerSpec::Kind::Adam;
    s.optimizer.lr = 0.01;
    s.steps = 300;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16"), parseLane("cpu:f16+scaler")};
    return s;
}

}  // namespace

class TestConvergence : public QObject {
    Q_OBJECT
private slots:
    void underflowVerdicts();
    void everyLaneSafeWhenAllTrainWell();
    void ruleArithmetic();
    void verdictNamesTheTermThatDecided();
    void outlierSeedLeftOutAndNamed();
    void identicalDataAcrossSeeds();
    void cancels();
    void badSettings();
    void checkCommandTableAndJson();
};

void TestConvergence::underflowVerdicts() {
    const Scenario s = services::loadPreset("underflow");
    const std::atomic<bool> cancel{false};
    int calls = 0, last = 0, total = 0;
    const ConvergenceReport r = runConvergenceCheck(s, {}, [&](int d, int t) { ++calls; last = d; total = t; }, cancel);
    show("underflow", r);
    QCOMPARE(r.runs.size(), std::size_t{5 * 4});
    QCOMPARE(r.referenceLane, 0);
    QCOMPARE(laneOf(r, "cpu:f32").verdict, Verdict::Reference);
    QCOMPARE(laneOf(r, "cpu:bf16").verdict, Verdict::Safe);
    QCOMPARE(laneOf(r, "cpu:f16+scaler").verdict, Verdict::Safe);
    QCOMPARE(laneOf(r, "cpu:f16").verdict, Verdict::Audit);
    QVERIFY(!r.rule.empty());
    QVERIFY(calls > 0);
    QCOMPARE(total, 5 * s.steps);
    QCOMPARE(last, total);
}

void TestConvergence::everyLaneSafeWhenAllTrainWell() {
    const std::atomic<bool> cancel{false};
    const ConvergenceReport r = runConvergenceCheck(allGood(), {}, {}, cancel);
    show("all-good", r);
    for (const LaneVerdict& v : r.lanes) {
        QVERIFY2(v.verdict != Verdict::Audit, qPrintable(QString::fromStdString(v.label + ": " + v.reason)));
        QVERIFY(std::isfinite(v.meanAccuracy));
    }
}

// Hand-made seed results: reference mean 1.0 with sample sd 0.1 (values 0.9, 1.0, 1.1), evaluation noise
// 0.01: threshold 2 * max(0.1, 0.01) = 0.2. A lane at mean 1.15 is safe, one at 1.3 audit, one with a
// non-finite run audit whatever its mean; without an f32 lane everything is audit.
void TestConvergence::ruleArithmetic() {
    Scenario s;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16"), parseLane("cpu:f16+scaler")};
    std::vector<SeedResult> runs;
    auto add = [&](int lane, std::initializer_list<double> losses, bool finite = true) {
        std::uint64_t seed = 0;
        for (double l : losses) runs.push_back({lane, seed++, l, kNotMeasured, 0.01, finite});
    };
    add(0, {0.9, 1.0, 1.1});
    add(1, {1.14, 1.15, 1.16});
    add(2, {1.29, 1.30, 1.31});
    add(3, {1.0, 1.0, 1.0}, false);
    const ConvergenceReport r = judgeConvergence(s, runs);
    QCOMPARE(r.threshold, 0.2);
    QCOMPARE(r.lanes[0].verdict, Verdict::Reference);
    QVERIFY(std::fabs(r.lanes[0].spread - 0.1) < 1e-12);
    QCOMPARE(r.lanes[1].verdict, Verdict::Safe);
    QVERIFY(std::fabs(r.lanes[1].shift - 0.15) < 1e-12);
    QCOMPARE(r.lanes[2].verdict, Verdict::Audit);
    QCOMPARE(r.lanes[3].verdict, Verdict::Audit);
    // The evaluation noise as the floor when the seeds agree exactly.
    std::vector<SeedResult> flat = {{0, 0, 1.0, kNotMeasured, 0.05, true}, {0, 1, 1.0, kNotMeasured, 0.05, true},
                                    {1, 0, 1.09, kNotMeasured, 0.05, true}, {1, 1, 1.09, kNotMeasured, 0.05, true}};
    Scenario two;
    two.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16")};
    const ConvergenceReport rf = judgeConvergence(two, flat);
    QCOMPARE(rf.threshold, 0.1);
    QCOMPARE(rf.lanes[1].verdict, Verdict::Safe);
    Scenario none;
    none.lanes = {parseLane("cpu:bf16"), parseLane("cpu:f16")};
    const ConvergenceReport rn = judgeConvergence(none, {{0, 0, 1.0, kNotMeasured, 0.0, true}, {1, 0, 1.0, kNotMeasured, 0.0, true}});
    QCOMPARE(rn.referenceLane, -1);
    for (const LaneVerdict& v : rn.lanes) QCOMPARE(v.verdict, Verdict::Audit);
}

// The underflow preset's shape: the f32 seeds agree to 1e-15 while the evaluation noise is 1e-10, so the
// noise sets the threshold; a verdict must say so, not "within the seed spread" (26,000x the spread).
void TestConvergence::verdictNamesTheTermThatDecided() {
    Scenario s;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16")};
    std::vector<SeedResult> runs;
    for (std::uint64_t k = 0; k < 5; ++k) {
        runs.push_back({0, k, 1e-8 + static_cast<double>(k) * 1e-15, kNotMeasured, 2.65e-10, true});
        runs.push_back({1, k, 1e-8 + 6.5e-11 + static_cast<double>(k) * 1e-15, kNotMeasured, 2.65e-10, true});
    }
    const ConvergenceReport r = judgeConvergence(s, runs);
    QCOMPARE(r.thresholdFrom, ThresholdSource::EvaluationNoise);
    QCOMPARE(thresholdSourceName(r.thresholdFrom), std::string_view("evaluation_noise"));
    QVERIFY(std::fabs(r.threshold - 5.3e-10) < 1e-22);
    QCOMPARE(r.lanes[1].verdict, Verdict::Safe);
    const std::string& why = r.lanes[1].reason;
    QVERIFY2(why.find("evaluation noise") != std::string::npos, why.c_str());
    QVERIFY2(why.find("seed spread 1.581e-15 is smaller") != std::string::npos, why.c_str());
    QVERIFY2(why.find("within the seed spread") == std::string::npos, why.c_str());
    // When the seeds scatter more than the evaluation is noisy, the spread decides and is named.
    std::vector<SeedResult> wide = {{0, 0, 0.9, kNotMeasured, 0.01, true}, {0, 1, 1.1, kNotMeasured, 0.01, true},
                                    {1, 0, 1.05, kNotMeasured, 0.01, true}, {1, 1, 1.25, kNotMeasured, 0.01, true}};
    const ConvergenceReport rw = judgeConvergence(s, wide);
    QCOMPARE(rw.thresholdFrom, ThresholdSource::SeedSpread);
    QVERIFY2(rw.lanes[1].reason.find("2 x the f32 seed spread") != std::string::npos, rw.lanes[1].reason.c_str());
}

// scaler-growth's shape: one seed is a dead ReLU net (eval loss ln 3) in every lane. It must not widen the
// band until "safe" judges nothing: it is left out of every lane and named.
void TestConvergence::outlierSeedLeftOutAndNamed() {
    Scenario s;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:f16+scaler")};
    const double dead = std::log(3.0);
    const std::vector<double> f32 = {0.020, 0.030, dead, 0.025, 0.028};
    const std::vector<double> f16 = {0.060, 0.070, dead, 0.065, 0.068};
    std::vector<SeedResult> runs;
    for (std::uint64_t k = 0; k < 5; ++k) runs.push_back({0, k, f32[k], kNotMeasured, 0.001, true});
    for (std::uint64_t k = 0; k < 5; ++k) runs.push_back({1, k, f16[k], kNotMeasured, 0.001, true});
    const ConvergenceReport r = judgeConvergence(s, runs);
    QCOMPARE(r.excludedSeeds, std::vector<std::uint64_t>{2});
    for (const SeedResult& x : r.runs) QCOMPARE(x.outlier, x.seed == 2);
    // The band comes from the four seeds that learned: f16+scaler's 0.04 shift is far outside it.
    QVERIFY(r.lanes[0].spread < 0.005);
    QVERIFY(std::fabs(r.lanes[0].mean - 0.02575) < 1e-12);
    QCOMPARE(r.lanes[1].verdict, Verdict::Audit);
    QVERIFY2(r.lanes[1].reason.find("seed 2 left out") != std::string::npos, r.lanes[1].reason.c_str());
    // Seeds that agree to the last bits of a converged loss are not outliers of each other.
    std::vector<SeedResult> tight;
    for (std::uint64_t k = 0; k < 5; ++k) tight.push_back({0, k, 1e-8 + (k == 3 ? 1e-13 : 0.0), kNotMeasured, 2.6e-10, true});
    for (std::uint64_t k = 0; k < 5; ++k) tight.push_back({1, k, 1e-8, kNotMeasured, 2.6e-10, true});
    QVERIFY(judgeConvergence(s, tight).excludedSeeds.empty());
}

// Seeds change the model only: the data each seed trains on is the scenario's (data seed pinned), so two
// Runners with different model seeds and the pinned data seed see the same training set.
void TestConvergence::identicalDataAcrossSeeds() {
    Scenario s = allGood();
    s.steps = 2;
    ConvergenceSettings c;
    c.seeds = 2;
    c.firstSeed = 7;
    const std::atomic<bool> cancel{false};
    const ConvergenceReport r = runConvergenceCheck(s, c, {}, cancel);
    QCOMPARE(r.runs.size(), std::size_t{2 * 4});
    QCOMPARE(r.runs[0].seed, std::uint64_t{7});
    QCOMPARE(r.runs[1].seed, std::uint64_t{8});
    // What runConvergenceCheck pins: the data seed to the scenario's default (seed + 1).
    Scenario a = s, b = s;
    a.data.seed = b.data.seed = s.seed + 1;
    a.seed = 7;
    b.seed = 8;
    Runner ra(a), rb(b);
    QVERIFY(ra.dataset().x == rb.dataset().x);
    QVERIFY(ra.weights(0)[0].weight != rb.weights(0)[0].weight);
    // Seed 7 of lane 0 equals a plain run of that scenario evaluated the same way.
    ra.run({}, cancel);
    QCOMPARE(r.runs[0].evalLoss, ra.evaluate(0).evalLoss);
    // The check's seeds share one copy of the data (a .npy file read once, not once per seed): runners handed
    // it use it, not a copy, and train as a runner that made its own.
    const auto data = std::make_shared<const DataPair>(makeData(a.data, a.sizes, a.loss, a.seed));
    Runner sa(a, data), sb(b, data);
    QCOMPARE(&sa.dataset(), &data->train);
    QCOMPARE(&sb.dataset(), &data->train);
    sa.run({}, cancel);
    QCOMPARE(sa.evaluate(0).evalLoss, ra.evaluate(0).evalLoss);
}

void TestConvergence::cancels() {
    std::atomic<bool> cancel{false};
    Scenario s = allGood();
    s.steps = 100000;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runConvergenceCheck(s, {}, [&](int d, int) { if (d >= 50) cancel = true; }, cancel));
}

void TestConvergence::badSettings() {
    const std::atomic<bool> cancel{false};
    ConvergenceSettings c;
    c.seeds = 0;
    QVERIFY_THROWS_EXCEPTION(Error, runConvergenceCheck(allGood(), c, {}, cancel));
    QVERIFY_THROWS_EXCEPTION(Error, runConvergenceCheck(services::loadPreset("accumulation"), {}, {}, cancel));
}

void TestConvergence::checkCommandTableAndJson() {
    const std::vector<std::string> args = {"--preset", "underflow", "--seeds", "3", "--steps", "200", "--json", "-"};
    std::ostringstream out, err;
    QCOMPARE(cli::cmdCheck(args, out, err), 0);
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()));
    QVERIFY(doc.isObject());
    const QJsonObject o = doc.object();
    QVERIFY(o["rule"].isString() && !o["rule"].toString().isEmpty());
    QCOMPARE(o["seeds"].toInt(), 3);
    QCOMPARE(o["reference_lane"].toString(), QString("cpu:f32"));
    // The threshold names the term that set it, and is twice that term.
    const QString from = o["threshold_from"].toString();
    QVERIFY2(from == "seed_spread" || from == "evaluation_noise", qPrintable(from));
    const double term = from == "seed_spread" ? o["reference_spread"].toDouble() : o["evaluation_noise"].toDouble();
    QCOMPARE(o["threshold"].toDouble(), 2 * term);
    QVERIFY(o["excluded_seeds"].isArray());
    const QJsonArray lanes = o["lanes"].toArray();
    QCOMPARE(lanes.size(), 4);
    QStringList verdicts;
    for (const auto& v : lanes) {
        const QJsonObject l = v.toObject();
        for (const char* key : {"lane", "mean", "spread", "verdict", "shift", "reason"}) QVERIFY2(l.contains(key), key);
        verdicts << l["lane"].toString() + "=" + l["verdict"].toString();
    }
    QCOMPARE(verdicts.join(' '), QString("cpu:f32=reference cpu:bf16=safe cpu:f16=audit cpu:f16+scaler=safe"));
    const QJsonArray runs = o["runs"].toArray();
    QCOMPARE(runs.size(), 12);
    for (const char* key : {"lane", "seed", "eval_loss", "finite"}) QVERIFY2(runs[0].toObject().contains(key), key);
    // The table states the rule and every verdict.
    std::ostringstream table;
    QCOMPARE(cli::cmdCheck(std::vector<std::string>{"--preset", "underflow", "--seeds", "2", "--steps", "50"}, table, err), 0);
    const std::string t = table.str();
    QVERIFY(t.find("rule: safe when") != std::string::npos);
    QVERIFY(t.find("reference") != std::string::npos);
    QVERIFY(t.find("audit") != std::string::npos);
    // Bad arguments: one line naming them.
    QVERIFY_THROWS_EXCEPTION(cli::UsageError, cli::cmdCheck(std::vector<std::string>{"--seeds", "0"}, out, err));
    QVERIFY_THROWS_EXCEPTION(cli::UsageError, cli::cmdCheck(std::vector<std::string>{"--every", "3"}, out, err));
}

QTEST_GUILESS_MAIN(TestConvergence)
#include "tst_convergence.moc"
