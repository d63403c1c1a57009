// Key moments (engine/training/moments.h) on the presets' own runs: each preset's moments are found at the
// steps and lanes its run gives, with the numbers its sentence quotes, the same on a second run; the
// training JSON lists them ("moments") for presets only.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <map>
#include <sstream>

#include "app/cli/commands.h"
#include "app/services/training_export.h"
#include "app/services/scenario_file.h"
#include "engine/training/moments.h"
#include "engine/training/runner.h"

using namespace presisi;

namespace {

std::vector<StepRecord> runPresetAfresh(const std::string& name) {
    const Scenario s = services::loadPreset(name);
    Runner runner(s);
    std::vector<StepRecord> out;
    for (int k = 0; k < s.steps; ++k)
        for (const StepRecord& r : runner.step()) out.push_back(r);
    return out;
}

// Each preset's run once per test process (a preset's 200 steps with statistics take seconds, many
// more under the sanitizers).
const std::vector<StepRecord>& runPreset(const std::string& name) {
    static std::map<std::string, std::vector<StepRecord>> runs;
    auto it = runs.find(name);
    if (it == runs.end()) it = runs.emplace(name, runPresetAfresh(name)).first;
    return it->second;
}

QString describe(const std::vector<Moment>& moments) {
    QStringList out;
    for (const Moment& m : moments)
        out << QString("%1 %2 %3").arg(QString::fromUtf8(momentKindName(m.kind).data()), QString::fromStdString(m.laneLabel))
                   .arg(m.step);
    return out.join("; ");
}

}  // namespace

class TestMoments : public QObject {
    Q_OBJECT
private slots:
    void eachPresetsMomentsAreFoundOnItsRun_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("expected");  // kind lane step; in the order found
        QTest::addColumn<QString>("sentence");  // the first moment's, as the command line prints it
        // The f16 lane's weight gradients: a few percent underflowed until the fit nears the floor, then
        // more than half within ten steps (the preset's "jump").
        QTest::newRow("underflow") << "underflow" << "underflow_jump cpu:f16 31"
                                   << "step 31: cpu:f16's weight gradients jumped from 3.5 % zeros (step 21) to 57 %: "
                                      "they underflowed, float32 has them non-zero";
        // f16 overflows in the first backward pass; the scaler lane skips 17 steps, its scale halving from
        // 65536 to 0.5, then trains (the preset's "the first 17 steps are skipped").
        QTest::newRow("overflow-nan") << "overflow-nan"
                                      << "first_nonfinite cpu:f16 0; first_skip cpu:f16+scaler 0; recovery cpu:f16+scaler 17"
                                      << "step 0: 1 of cpu:f16's activations and gradients overflowed to inf/NaN; the "
                                         "loss (1.09424e+06) is still finite, the update writes them into the weights";
        // Backs off from 2^16 to 2^14, then doubles after 50 clean steps.
        QTest::newRow("scaler-growth") << "scaler-growth" << "first_skip cpu:f16+scaler 0; scale_growth cpu:f16+scaler 53"
                                       << "step 0: cpu:f16+scaler's scaled gradients overflow at scale 65536: the scaler "
                                          "skips the step (weights untouched) and halves the scale to 32768";
        QTest::newRow("sensitive-ops") << "sensitive-ops" << "first_skip cpu:f16+scaler 0"
                                       << "step 0: cpu:f16+scaler's scaled gradients overflow at scale 65536: the scaler "
                                          "skips the step (weights untouched) and halves the scale to 32768";
        // 100 values a step: bf16 holds 256 from step 6 on, f16 2048 from step 42.
        QTest::newRow("accumulation") << "accumulation" << "sum_stall cpu:bf16 6; sum_stall cpu:f16 42"
                                      << "step 6: cpu:bf16's running sum stops growing at 256 (exact sum 348.765): what "
                                         "is added rounds back to the same number";
    }
    void eachPresetsMomentsAreFoundOnItsRun() {
        QFETCH(QString, preset);
        QFETCH(QString, expected);
        QFETCH(QString, sentence);
        const Scenario s = services::loadPreset(preset.toStdString());
        const std::vector<StepRecord>& records = runPreset(preset.toStdString());
        const std::vector<Moment> moments = detectMoments(s, records);
        QCOMPARE(describe(moments), expected);
        QCOMPARE(QString::fromStdString(moments.front().text), sentence);
        // As the records arrive (the window's worker, the command line's spool): the same moments, each
        // reported by the record that completes it.
        MomentDetector live(s);
        std::size_t reported = 0;
        for (const StepRecord& r : records)
            for (const Moment& m : live.add(r)) {
                QCOMPARE(m.step, r.step);
                QCOMPARE(m.lane, r.lane);
                ++reported;
            }
        QCOMPARE(reported, moments.size());
    }

    // The same run again: the same moments (the window's second run of a preset pauses where the first did).
    void aSecondRunFindsTheSameMoments() {
        const Scenario s = services::loadPreset("overflow-nan");
        QCOMPARE(describe(detectMoments(s, runPresetAfresh("overflow-nan"))), describe(detectMoments(s, runPreset("overflow-nan"))));
    }

    // The underflow jump's numbers are the records' own shares.
    void theUnderflowJumpQuotesTheRecords() {
        const Scenario s = services::loadPreset("underflow");
        const std::vector<StepRecord>& records = runPreset("underflow");
        const Moment m = detectMoments(s, records).at(0);
        for (const StepRecord& r : records) {
            if (r.lane != m.lane) continue;
            if (r.step == m.since) QCOMPARE(m.before, r.weightGradUnderflow);
            if (r.step == m.step) QCOMPARE(m.after, r.weightGradUnderflow);
            // Before the moment the share never reached the threshold.
            if (r.step < m.step) QVERIFY(r.weightGradUnderflow < kUnderflowJumpShare);
        }
        QCOMPARE(m.since, m.step - kUnderflowJumpSpan);
    }

    // `presisi train --json` (and the window's JSON export): a "moments" array for a preset with moments,
    // none for a scenario of one's own.
    void theTrainingJsonListsThePresetsMoments() {
        Scenario s = services::loadPreset("scaler-growth");
        s.steps = 60;
        Runner runner(s);
        std::vector<StepRecord> records;
        services::TrainingSpool spool(s, true, false);
        for (int k = 0; k < s.steps; ++k)
            for (const StepRecord& r : runner.step()) {
                records.push_back(r);
                spool.add(r);
            }
        std::ostringstream whole, spooled;
        services::writeTrainingJson(whole, s, records, {});
        spool.writeJson(spooled, {});
        QCOMPARE(whole.str(), spooled.str());
        const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(whole.str())).object();
        const QJsonArray moments = doc.value("moments").toArray();
        QCOMPARE(moments.size(), 2);
        QCOMPARE(moments[1].toObject().value("kind").toString(), QString("scale_growth"));
        QCOMPARE(moments[1].toObject().value("lane").toString(), QString("cpu:f16+scaler"));
        QCOMPARE(moments[1].toObject().value("step").toInteger(), 53);
        QCOMPARE(moments[1].toObject().value("before").toDouble(), 16384.0);
        QCOMPARE(moments[1].toObject().value("after").toDouble(), 32768.0);
        QVERIFY(moments[1].toObject().value("sentence").toString().startsWith("step 53: "));
        s.preset.clear();  // no preset: no moments, and the document keeps its shape
        std::ostringstream own;
        services::writeTrainingJson(own, s, records, {});
        QVERIFY(!QJsonDocument::fromJson(QByteArray::fromStdString(own.str())).object().contains("moments"));
    }
};

QTEST_GUILESS_MAIN(TestMoments)
#include "tst_moments.moc"
