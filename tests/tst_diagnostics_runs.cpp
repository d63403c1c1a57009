// The training diagnostics over whole runs: no fault on a finite run, range snapshots every K steps,
// `presisi train --json`'s doctor keys, the lead-up against the statistics pass, an optimizer fault, and
// the range interval in the scenario JSON.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <sstream>

#include "app/cli/commands.h"
#include "app/services/scenario_file.h"
#include "diagnostics_support.h"
#include "engine/error.h"
#include "engine/training/doctor.h"
#include "engine/training/nonfinite.h"
#include "engine/training/npy.h"
#include "engine/training/runner.h"

using namespace presisi;
using testsupport::Collected;
using testsupport::laneIndex;
using testsupport::runCollect;

class TestDiagnosticsRuns : public QObject {
    Q_OBJECT
private slots:
    void finiteRunHasNoFault();
    void rangeIntervalZeroSendsNone();
    void trainJsonKeys();
    void leadUpMatchesRanges();
    void optimizerFault();
    void rangeIntervalInScenarioJson();
};

void TestDiagnosticsRuns::finiteRunHasNoFault() {
    Scenario s = services::loadPreset("underflow");
    s.steps = 50;
    Runner runner(s);
    const Collected c = runCollect(runner);
    QVERIFY(c.faults.empty());
    for (int i = 0; i < runner.laneCount(); ++i) QVERIFY(runner.firstNonFinite(i) == nullptr);
    // After reset a run's fault is forgotten.
    Runner nan(services::loadPreset("overflow-nan"));
    runCollect(nan, 3);
    QVERIFY(nan.firstNonFinite(laneIndex(nan.scenario(), "cpu:f16")) != nullptr);
    nan.reset();
    QVERIFY(nan.firstNonFinite(laneIndex(nan.scenario(), "cpu:f16")) == nullptr);
}

void TestDiagnosticsRuns::rangeIntervalZeroSendsNone() {
    Scenario s = services::loadPreset("underflow");
    s.steps = 30;
    s.rangeInterval = 0;
    Runner a(s);
    QVERIFY(runCollect(a).ranges.empty());
    s.rangeInterval = 10;
    s.statistics = false;  // ranges need the statistics pass
    Runner b(s);
    QVERIFY(runCollect(b).ranges.empty());
    s.statistics = true;
    Runner d(s);
    QCOMPARE(runCollect(d).ranges.size(), std::size_t{3 * 4});
    s.rangeInterval = -1;
    QVERIFY_THROWS_EXCEPTION(Error, validate(s));
}

// `presisi train --json -`: per lane "first_nonfinite" (null when none) and "ranges" every K steps.
void TestDiagnosticsRuns::trainJsonKeys() {
    const std::vector<std::string> args = {"--preset", "overflow-nan", "--steps", "12", "--range-interval", "5", "--json", "-"};
    std::ostringstream out, err;
    QCOMPARE(cli::cmdTrain(args, out, err), 0);
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()));
    QVERIFY(doc.isObject());
    const QJsonArray lanes = doc.object()["lanes"].toArray();
    QCOMPARE(lanes.size(), 4);
    for (const auto& v : lanes) {
        const QJsonObject lane = v.toObject();
        QVERIFY(lane.contains("first_nonfinite"));
        const QJsonArray ranges = lane["ranges"].toArray();
        QCOMPARE(ranges.size(), 3);  // steps 0, 5, 10
        QCOMPARE(ranges[1].toObject()["step"].toInt(), 5);
        const QJsonArray tensors = ranges[0].toObject()["tensors"].toArray();
        QCOMPARE(tensors.size(), 3 * 3);  // three layers, three kinds
        for (const char* key : {"layer", "kind", "elements", "abs_max", "abs_min_nonzero", "binades", "underflow_share",
                                "subnormal_share", "overflow_share", "shadow_abs_max", "shadow_abs_min_nonzero"})
            QVERIFY2(tensors[0].toObject().contains(key), key);
        const QString label = lane["lane"].toString();
        if (label == "cpu:f16") {
            const QJsonObject f = lane["first_nonfinite"].toObject();
            QCOMPARE(f["step"].toInt(), 0);
            QCOMPARE(f["layer"].toInt(), 2);
            QCOMPARE(f["op"].toString(), QString("backward_product"));
            QCOMPARE(f["tensor"].toString(), QString("weight_gradient"));
            QVERIFY(std::fabs(f["value"].toDouble()) > 65504);
            QVERIFY(f["sentence"].toString().contains("layer 3"));
            QCOMPARE(f["lead_up"].toArray().size(), 1);
        } else {
            QVERIFY2(lane["first_nonfinite"].isNull(), qPrintable(label));
        }
    }
    // The table says it in words.
    std::ostringstream table;
    QCOMPARE(cli::cmdTrain(std::vector<std::string>{"--preset", "overflow-nan", "--steps", "12"}, table, err), 0);
    QVERIFY(table.str().find("cpu:f16: f16 weight gradient overflowed") != std::string::npos);
    QVERIFY(table.str().find("cpu:f16+scaler: the scaler skipped 11 steps in a row") != std::string::npos);
    // The warning ends when its condition does: once the scaler has trained ten steps in a row without a
    // skip, from the step after its last skip, at the scale it settled on.
    Scenario s = services::loadPreset("overflow-nan");
    s.steps = 60;
    Runner runner(s);
    const Collected c = runCollect(runner);
    const int lane = laneIndex(s, "cpu:f16+scaler");
    std::int64_t lastSkip = -1, since = -1;
    double scale = 0;
    int clean = 0;
    for (const StepRecord& r : c.records[static_cast<std::size_t>(lane)]) {
        clean = r.skipped ? 0 : clean + 1;
        if (r.skipped) lastSkip = r.step;
        if (clean == kScalerRecoveredSteps && since < 0) since = lastSkip + 1, scale = r.scale;
    }
    QVERIFY(since > 0);
    std::vector<ScalerWarning> laneWarnings;
    for (const ScalerWarning& w : c.warnings)
        if (w.lane == lane) laneWarnings.push_back(w);
    QCOMPARE(laneWarnings.size(), std::size_t{2});
    QCOMPARE(laneWarnings[0].why, ScalerWarning::Why::Skips);
    QCOMPARE(laneWarnings[1].why, ScalerWarning::Why::Recovered);
    QCOMPARE(laneWarnings[1].since, since);
    QCOMPARE(static_cast<double>(laneWarnings[1].scale), scale);
    std::ostringstream longer;
    QCOMPARE(cli::cmdTrain(std::vector<std::string>{"--preset", "overflow-nan", "--steps", "60"}, longer, err), 0);
    const std::string recovered = "cpu:f16+scaler: since step " + std::to_string(since) + " the scaler trains again: 10 steps";
    QVERIFY2(longer.str().find(recovered) != std::string::npos, longer.str().c_str());
}

// `presisi train`'s default spiral classifier in f16 with SGD at lr 40 diverges and goes non-finite at step 4: its
// lead-up holds the five steps up to the fault, whose abs max / smallest non-zero equal the statistics
// pass's ranges of the same steps (a different path: the shadow pass's accumulator on the lane's own
// buffers, against the doctor's replays of remembered weights and batches).
void TestDiagnosticsRuns::leadUpMatchesRanges() {
    Scenario s = cli::trainScenarioFromArgs(std::vector<std::string>{"--lanes", "cpu:f16", "--lr", "40", "--steps", "20"});
    s.rangeInterval = 1;
    Runner runner(s);
    const Collected c = runCollect(runner);
    QCOMPARE(c.faults.size(), std::size_t{1});
    const FirstNonFinite& f = c.faults[0];
    qInfo("lr 40: %s", f.sentence.c_str());
    QVERIFY(f.step >= 4);
    QCOMPARE(f.leadUp.size(), std::size_t{5});
    for (std::size_t k = 0; k < 5; ++k) {
        const RangeSnapshot& lead = f.leadUp[k];
        QCOMPARE(lead.step, f.step - 4 + static_cast<std::int64_t>(k));
        const RangeSnapshot* stat = nullptr;
        for (const RangeSnapshot& r : c.ranges)
            if (r.step == lead.step) stat = &r;
        QVERIFY(stat);
        QCOMPARE(lead.scale, stat->scale);
        QCOMPARE(lead.tensors.size(), stat->tensors.size());
        if (k == 4) continue;  // the fault step holds inf/NaN: compared by its overflow share only
        for (std::size_t t = 0; t < lead.tensors.size(); ++t) {
            QCOMPARE(lead.tensors[t].absMax, stat->tensors[t].absMax);
            QCOMPARE(lead.tensors[t].absMinNonZero, stat->tensors[t].absMinNonZero);
        }
    }
    double over = 0;
    for (const TensorRange& t : f.leadUp.back().tensors) over += t.overflowShare;
    QVERIFY(over > 0);
}

// A float32 lane whose update overflows: one sample x = (1e35, 1e35) of class 0, SGD at lr 1e9. The
// initial model scores class 1 higher by about 1e34 (loss 1.2e34), so the logits' gradient p - onehot
// is (-1, 1) and every gradient is finite (the first layer's weight gradient is about 1e34..1e35, below
// float32's 3.4e38), but w - 1e9 * g is about 1e44: inf. The doctor names the optimizer on step 0, layer 1 (0-based 0), from the
// non-finite weights step 1 runs on.
void TestDiagnosticsRuns::optimizerFault() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string xPath = (dir.path() + "/x.npy").toStdString(), yPath = (dir.path() + "/y.npy").toStdString();
    auto write = testsupport::writeFile;
    write(xPath, npyBytesF32({1, 2}, {1e35f, 1e35f}));
    write(yPath, npyBytesI64({1}, {0}));
    Scenario s;
    s.sizes = {2, 4, 2};
    s.data.kind = DatasetKind::Npy;
    s.data.xPath = xPath;
    s.data.yPath = yPath;
    s.batch = 0;
    s.steps = 3;
    s.optimizer.lr = 1e9;
    s.lanes = {parseLane("cpu:f32")};
    Runner runner(s);
    const Collected c = runCollect(runner);
    for (const StepRecord& r : c.records[0]) qInfo("step %lld loss %g", static_cast<long long>(r.step), r.loss);
    QCOMPARE(c.faults.size(), std::size_t{1});
    const FirstNonFinite& f = c.faults[0];
    qInfo("optimizer: %s", f.sentence.c_str());
    QVERIFY(c.records[0][0].finite);  // the step that wrote inf had a finite loss and gradients
    QCOMPARE(faultOpName(f.op), std::string_view("optimizer"));
    QCOMPARE(f.step, std::int64_t{0});
    QCOMPARE(f.layer, 0);
    QVERIFY(!std::isfinite(f.value));
    QCOMPARE(f.leadUp.size(), std::size_t{1});
    QCOMPARE(f.leadUp[0].step, std::int64_t{0});
}

void TestDiagnosticsRuns::rangeIntervalInScenarioJson() {
    Scenario s = services::loadPreset("underflow");
    s.rangeInterval = 7;
    QCOMPARE(services::scenarioFromJson(services::scenarioToJson(s), "test").rangeInterval, 7);
    QCOMPARE(services::loadPreset("underflow").rangeInterval, 10);  // the default when a file says nothing
}

QTEST_GUILESS_MAIN(TestDiagnosticsRuns)
#include "tst_diagnostics_runs.moc"
