// Experiment files (.presisi.json, docs/EXPERIMENT_FILES.md): every field of a scenario round-trips,
// errors name the file and the key, .npy paths follow the file, and a run started in the window,
// exported and rerun with `presisi train --scenario` gives the same records bit for bit.
// Expected values: the scenario itself (a round trip is the identity), and the window's own run (the
// command line must reproduce it exactly; only "seconds", wall time, may differ).
#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

#include "app_support.h"
#include "experiment_files.h"
#include "engine/training/npy.h"
#include "cli/commands.h"
#include "services/scenario_file.h"

#include <sys/stat.h>

using namespace presisi;
using namespace presisi::apptest;

namespace {

// One change per field of Scenario (nested ones field by field), each away from the default.
const std::vector<std::pair<const char*, std::function<void(Scenario&)>>> kChanges = {
    {"preset", [](Scenario& s) { s.preset = "underflow"; }},
    {"title", [](Scenario& s) { s.title = "A title"; }},
    {"explanation", [](Scenario& s) { s.explanation = "What to look at, with \"quotes\" and ünïcode."; }},
    {"workload", [](Scenario& s) { s.workload = Workload::Accumulation; }},
    {"sizes", [](Scenario& s) { s.sizes = {5, 17, 9, 4}; }},
    {"activation", [](Scenario& s) { s.activation = Activation::Gelu; }},
    {"loss", [](Scenario& s) { s.loss = LossKind::Mse; }},
    {"data.kind", [](Scenario& s) { s.data.kind = DatasetKind::Npy; }},
    {"data.samples", [](Scenario& s) { s.data.samples = 777; }},
    {"data.evalSamples", [](Scenario& s) { s.data.evalSamples = 33; }},
    {"data.noise", [](Scenario& s) { s.data.noise = 0.1 + 0.2; }},  // 0.30000000000000004: needs 17 digits
    {"data.inputScale", [](Scenario& s) { s.data.inputScale = 1e5; }},
    {"data.targetScale", [](Scenario& s) { s.data.targetScale = 3.0e-7; }},
    {"data.seed", [](Scenario& s) { s.data.seed = (std::uint64_t{1} << 63) + 5; }},  // beyond int64
    {"data.xPath", [](Scenario& s) { s.data.xPath = "/data/x.npy"; }},
    {"data.yPath", [](Scenario& s) { s.data.yPath = "/data/y.npy"; }},
    {"data.evalXPath", [](Scenario& s) { s.data.evalXPath = "/data/ex.npy"; }},
    {"data.evalYPath", [](Scenario& s) { s.data.evalYPath = "/data/ey.npy"; }},
    {"optimizer.kind", [](Scenario& s) { s.optimizer.kind = OptimizerSpec::Kind::Adam; }},
    {"optimizer.lr", [](Scenario& s) { s.optimizer.lr = 1.0 / 3.0; }},
    {"optimizer.momentum", [](Scenario& s) { s.optimizer.momentum = 0.9; }},
    {"optimizer.weightDecay", [](Scenario& s) { s.optimizer.weightDecay = 1e-4; }},
    {"optimizer.beta1", [](Scenario& s) { s.optimizer.beta1 = 0.8; }},
    {"optimizer.beta2", [](Scenario& s) { s.optimizer.beta2 = 0.99; }},
    {"optimizer.eps", [](Scenario& s) { s.optimizer.eps = 1e-6; }},
    {"batch", [](Scenario& s) { s.batch = 0; }},
    {"gradAccum", [](Scenario& s) { s.gradAccum = 8; }},
    {"norm", [](Scenario& s) { s.norm = NormKind::Rms; }},
    {"steps", [](Scenario& s) { s.steps = 1234; }},
    {"seed", [](Scenario& s) { s.seed = ~std::uint64_t{0}; }},  // 2^64 - 1
    {"shuffle", [](Scenario& s) { s.shuffle = true; }},
    {"lanes", [](Scenario& s) { s.lanes = {parseLane("cpu:f32"), parseLane("cpu:f16+scaler+ftz"), parseLane("gpu:bf16"),
                                           parseLane("cpu:bf16+pure+kahan"), parseLane("cpu:bf16+naive-stats+accum-low")}; }},
    {"scaler.initScale", [](Scenario& s) { s.scaler.initScale = 1024; }},
    {"scaler.growthFactor", [](Scenario& s) { s.scaler.growthFactor = 4; }},
    {"scaler.backoffFactor", [](Scenario& s) { s.scaler.backoffFactor = 0.25; }},
    {"scaler.growthInterval", [](Scenario& s) { s.scaler.growthInterval = 7; }},
    {"policyBase", [](Scenario& s) { s.policyBase = PolicyBase::Cuda; }},
    {"opOverrides", [](Scenario& s) { s.opOverrides = {{OpKind::Linear, OpPolicy::F32}, {OpKind::Softmax, OpPolicy::Low}, {OpKind::Reduction, OpPolicy::AsInput}, {OpKind::Norm, OpPolicy::F32}}; }},
    {"backwardAccumulation", [](Scenario& s) { s.backwardAccumulation = BackwardAccumulation::Storage; }},
    {"dispatch", [](Scenario& s) { s.dispatch = Dispatch::Torch; }},
    {"torchCpu", [](Scenario& s) { s.torchCpu = TorchCpu::NoAvx512; }},
    {"torchVersion", [](Scenario& s) { s.torchVersion = TorchVersion::V1_13; }},
    {"histogramInterval", [](Scenario& s) { s.histogramInterval = 0; }},
    {"statistics", [](Scenario& s) { s.statistics = false; }},
    {"rangeInterval", [](Scenario& s) { s.rangeInterval = 3; }},
    {"accumulationValues", [](Scenario& s) { s.accumulationValues = 555; }},
    {"pace", [](Scenario& s) { s.pace = 12.5; }},
};

// Through the file's text: the contract's writer, then Qt's JSON reader.
Scenario throughText(const Scenario& s) {
    return services::experimentFromJson(services::experimentJson(s, "/nowhere/e.presisi.json"), "round trip");
}

// Each lane's records with "seconds" (wall time) taken out; everything else exactly as written.
QJsonArray recordsOf(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read " + path.toStdString());
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    QJsonArray out;
    for (const QJsonValue& lane : doc["lanes"].toArray()) {
        QJsonArray records;
        for (QJsonValue r : lane.toObject()["records"].toArray()) {
            QJsonObject o = r.toObject();
            o.remove("seconds");
            records.append(o);
        }
        out.append(QJsonObject{{"lane", lane.toObject()["lane"]}, {"records", records}});
    }
    return out;
}

QJsonObject documentOf(const QString& path) {
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Runs the window's Training lab to its step count.
bool runToEnd(MainWindow& w) {
    w.trainingPage()->run();
    RunController* rc = w.controller();
    return waitFor([rc] { rc->waitForIdle(); return rc->state() == RunState::Finished; }, 120000);
}

// `presisi train --scenario FILE --json OUT` from `cwd`; the exit status.
int cliRun(const QString& file, const QString& out, const QString& cwd) {
    QProcess p;
    p.setWorkingDirectory(cwd);
    p.start(PRESISI_EXE, {"train", "--scenario", file, "--json", out});
    if (!p.waitForFinished(120000)) return -1;
    if (p.exitCode() != 0) qWarning().noquote() << p.readAllStandardError();
    return p.exitCode();
}

void writeFile(const QString& path, const std::string& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes.data(), static_cast<qint64>(bytes.size()));
}

}  // namespace

class TstExperiments : public QObject {
    Q_OBJECT
private slots:
    void everyPresetRoundTrips() {
        for (const auto& p : services::listPresets()) {
            const Scenario s = services::loadPreset(p.name);
            QVERIFY2(services::scenarioFromJson(services::scenarioToJson(s), "rt") == s, p.name.c_str());
            QVERIFY2(throughText(s) == s, p.name.c_str());
        }
    }

    void everyFieldRoundTrips() {
        Scenario changed;
        for (const auto& [name, change] : kChanges) {
            Scenario one;
            change(one);
            QVERIFY2(!(one == Scenario{}), name);  // the change is a change
            // That field alone survives the file.
            QVERIFY2(throughText(one) == one, name);
            change(changed);
        }
        QVERIFY(throughText(changed) == changed);
        QCOMPARE(services::scenarioToJson(throughText(changed)), services::scenarioToJson(changed));
    }

    // A file written before torch_version existed followed PyTorch 1.13 and reruns as it did; a new one
    // says which it follows. AdamW without a weight decay takes torch's default.
    void filesWithoutATorchVersionFollow113() {
        QCOMPARE(services::scenarioFromJson(QJsonObject{}, "old").torchVersion, TorchVersion::V1_13);
        QCOMPARE(services::scenarioFromJson(QJsonObject{{"torch_version", "2"}}, "new").torchVersion, TorchVersion::V2);
        QCOMPARE(services::scenarioToJson(Scenario{})["torch_version"].toString(), QString("2"));
        // The built-in presets say which they follow: 2.x, but scaler-growth, whose text narrates a
        // sawtooth measured under 1.13's Adam (under 2.x's lerp the scale reaches 2^18 at step 465).
        for (const auto& p : services::listPresets())
            QCOMPARE(services::loadPreset(p.name).torchVersion,
                     p.name == "scaler-growth" ? TorchVersion::V1_13 : TorchVersion::V2);
        const Scenario adamw = services::scenarioFromJson(QJsonObject{{"optimizer", QJsonObject{{"name", "adamw"}}}}, "w");
        QCOMPARE(adamw.optimizer.weightDecay, kAdamWDefaultWeightDecay);
        const Scenario none = services::scenarioFromJson(
            QJsonObject{{"optimizer", QJsonObject{{"name", "adamw"}, {"weight_decay", 0}}}}, "w");
        QCOMPARE(none.optimizer.weightDecay, 0.0);
    }

    void errorsNameTheFileAndTheKey_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::addRow("json") << QByteArray("{\"presisi_experiment\": 1,") << "e.json: invalid JSON at offset";
        QTest::addRow("array") << QByteArray("[1]") << "e.json: expected a JSON object";
        QTest::addRow("no version") << QByteArray("{\"scenario\": {}}") << "e.json: not a Presisi experiment file";
        QTest::addRow("version") << QByteArray("{\"presisi_experiment\": 2, \"scenario\": {}}")
                                 << "e.json: presisi_experiment: version 2 is not supported (this program reads version 1)";
        QTest::addRow("no scenario") << QByteArray("{\"presisi_experiment\": 1}") << "e.json: scenario: expected an object";
        QTest::addRow("torch version") << QByteArray(R"({"presisi_experiment": 1, "scenario": {"torch_version": "3"}})")
                                       << "e.json: torch_version: unknown value '3' (2, 1.13)";
        QTest::addRow("key") << QByteArray("{\"presisi_experiment\": 1, \"scenario\": {\"optimizer\": {\"lr\": \"x\"}}}")
                             << "e.json: optimizer.lr: expected a number";
        // Each named once, the range given, control bytes shown (before: the key twice, "expected an
        // integer", "version ? is not supported", messages cut at the NUL).
        QTest::addRow("lane not a string") << QByteArray(R"({"presisi_experiment": 1, "scenario": {"lanes": [1]}})")
                                           << "e.json: lanes[0]: expected a string";
        QTest::addRow("string version") << QByteArray(R"({"presisi_experiment": "1", "scenario": {}})")
                                        << "e.json: presisi_experiment: expected the number 1, not a string";
        QTest::addRow("batch 10^12") << QByteArray(R"({"presisi_experiment": 1, "scenario": {"batch": 1e12}})")
                                     << "e.json: batch: 1000000000000 is out of range (0 .. 1000000)";
        QTest::addRow("NUL in a key") << QByteArray("{\"presisi_experiment\": 1, \"scenario\": {\"a\\u0000b\": 1}}")
                                      << "e.json: a\\x00b: unknown key";
        QTest::addRow("key twice") << QByteArray(R"({"presisi_experiment": 1, "scenario": {"optimizer": {"lr": 0.1, "lr": 5}}})")
                                   << "e.json: optimizer.lr: given twice (a JSON reader would keep only one of them)";
        QTest::addRow("top key twice") << QByteArray(R"({"presisi_experiment": 1, "presisi_experiment": 1, "scenario": {}})")
                                       << "e.json: presisi_experiment: given twice";
        QTest::addRow("title of 100,000") << ("{\"presisi_experiment\": 1, \"scenario\": {\"title\": \"" + QByteArray(100000, 'x') + "\"}}")
                                          << "e.json: title: 100000 characters, more than the 200 it may have";
        QTest::addRow("name of two lines") << QByteArray("{\"presisi_experiment\": 1, \"scenario\": {\"name\": \"a\\nb\"}}")
                                           << "e.json: name: must be one line (a line break at character 2)";
        QTest::addRow("lane of 1 MB") << ("{\"presisi_experiment\": 1, \"scenario\": {\"lanes\": [\"cpu:" + QByteArray(1 << 20, 'f') + "\"]}}")
                                      << "e.json: lanes[0]: 1048580 characters, more than the 128 it may have";
        QTest::addRow("NUL in a value") << QByteArray("{\"presisi_experiment\": 1, \"scenario\": {\"dispatch\": \"x\\u0000y\"}}")
                                        << "e.json: dispatch: unknown value 'x\\x00y' (presisi, torch)";
    }
    void errorsNameTheFileAndTheKey() {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        try {
            services::experimentFromJson(text, "e.json");
            QFAIL("no error");
        } catch (const Error& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.startsWith(message), qPrintable(what));
            QVERIFY(!what.contains('\n'));
        }
    }

    // accumulation_values is held to its range whatever the workload (before: 0 passed in a training file).
    void accumulationValuesCheckedInEveryWorkload() {
        QTemporaryDir dir;
        for (const char* workload : {"training", "accumulation"}) {
            const QString file = dir.filePath(QString("acc-%1.presisi.json").arg(workload));
            {
                QFile f(file);
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write(QByteArray("{\"presisi_experiment\": 1, \"scenario\": {\"workload\": \"") + workload +
                        "\", \"accumulation_values\": 0}}");
            }
            try {
                services::readExperimentFile(file.toStdString());
                QFAIL(qPrintable(QString("accepted in %1").arg(workload)));
            } catch (const Error& e) {
                QVERIFY2(QString::fromUtf8(e.what()).contains("accumulation_values"), e.what());
            }
        }
    }

    void missingFileIsOneLine() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("none.presisi.json").toStdString();
        QVERIFY_THROWS_EXCEPTION(Error, services::readExperimentFile(path));
        try {
            services::readExperimentFile(path);
        } catch (const Error& e) {
            QCOMPARE(QString::fromUtf8(e.what()), QString::fromStdString(path + ": cannot open file: no such file"));
        }
    }

    void npyPathsFollowTheFile() {
        QTemporaryDir dir;
        Scenario s;
        s.data.kind = DatasetKind::Npy;
        s.data.xPath = dir.filePath("data/x.npy").toStdString();
        s.data.yPath = "/elsewhere/y.npy";
        const Scenario inFile = services::scenarioForFile(s, dir.filePath("e.presisi.json").toStdString());
        QCOMPARE(inFile.data.xPath, std::string("data/x.npy"));  // beside the file: relative
        QCOMPARE(inFile.data.yPath, std::string("/elsewhere/y.npy"));  // elsewhere: absolute
        services::writeExperimentFile(dir.filePath("e.presisi.json").toStdString(), s);
        QVERIFY(documentOf(dir.filePath("e.presisi.json"))["scenario"].toObject()["data"].toObject()["x"] == "data/x.npy");
        QCOMPARE(services::readExperimentFile(dir.filePath("e.presisi.json").toStdString()), s);
    }

    // The issue's test: the window's run, its Export data JSON, and the command line's rerun.
    void windowRunRerunsBitForBit() {
        QTemporaryDir dir;
        MainWindow w(false);
        QVERIFY(w.loadPreset("underflow", false));
        Scenario s = loadPresetScenario("underflow");
        s.steps = 25;
        s.pace = 0;
        w.trainingPage()->setScenario(s);
        QVERIFY(runToEnd(w));
        const QString exported = dir.filePath("run.json");
        QVERIFY(w.trainingPage()->exportJson(exported));
        const QJsonObject doc = documentOf(exported);
        QCOMPARE(doc["preset"].toString(), QString("underflow"));
        QCOMPARE(doc["presisi_experiment"].toInt(), 1);
        QCOMPARE(doc["scenario"].toObject()["name"].toString(), QString("underflow"));
        QCOMPARE(cliRun(exported, dir.filePath("cli.json"), dir.path()), 0);
        const QJsonArray window = recordsOf(exported), cli = recordsOf(dir.filePath("cli.json"));
        QCOMPARE(window.size(), static_cast<qsizetype>(s.lanes.size()));
        QCOMPARE(window[0].toObject()["records"].toArray().size(), 25);
        QCOMPARE(cli, window);
    }

    // File > Load data reads and checks the files on the engine worker: the window answers meanwhile,
    // dataLoaded() follows with the same outcome as loadData(); Esc drops a check on its way.
    void loadDataInTheBackground() {
        QTemporaryDir dir;
        writeFile(dir.filePath("x.npy"), npyBytesF32({6, 3}, {0, 1, 2, 1, 0, 2, 2, 1, 0, -1, 0, 1, 0, -1, 1, 1, 1, -1}));
        writeFile(dir.filePath("y.npy"), npyBytesI64({6}, {0, 1, 2, 0, 1, 2}));
        writeFile(dir.filePath("y5.npy"), npyBytesI64({5}, {0, 1, 2, 0, 1}));
        writeFile(dir.filePath("x2.npy"), npyBytesF32({4, 2}, {0, 1, 1, 0, 2, 1, 0, 2}));
        writeFile(dir.filePath("y2.npy"), npyBytesI64({4}, {0, 1, 0, 1}));
        MainWindow w(false);
        QSignalSpy done(w.experiments(), &ExperimentFiles::dataLoaded);
        // Refused as loadData refuses, with the command line's message.
        w.experiments()->loadDataInBackground(dir.filePath("x.npy"), dir.filePath("y5.npy"));
        QVERIFY(w.experiments()->backgroundPending());
        QVERIFY2(w.statusBar()->currentMessage().startsWith("Checking data x.npy and y5.npy"), qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(done.wait(600000));
        QCOMPARE(done.takeFirst().at(0).toBool(), false);
        QVERIFY2(w.statusBar()->currentMessage().contains("targets have shape (5,) but X has 6 rows"),
                 qPrintable(w.statusBar()->currentMessage()));
        // Esc drops a check on its way: only the next one's answer arrives. (Shown now: a refusal in a shown
        // window is a message box.)
        w.resize(1280, 800);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.experiments()->loadDataInBackground(dir.filePath("x.npy"), dir.filePath("y.npy"));
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!w.experiments()->backgroundPending());
        QVERIFY2(w.statusBar()->currentMessage().startsWith("Cancelled"), qPrintable(w.statusBar()->currentMessage()));
        w.experiments()->loadDataInBackground(dir.filePath("x2.npy"), dir.filePath("y2.npy"));
        QVERIFY(done.wait(600000));
        QCOMPARE(done.size(), 1);
        QCOMPARE(done.takeFirst().at(0).toBool(), true);
        const Scenario s = w.trainingPage()->scenarioFromControls();
        QCOMPARE(s.sizes.front(), 2);
        QCOMPARE(QString::fromStdString(s.title), QString("Your data: x2.npy and y2.npy"));
        QVERIFY(!w.experiments()->backgroundPending());

        // Files of more than one block: the status line says how far the reading has come, file by file.
        const std::int64_t rows = 1100000;  // X 8.8 MB: two blocks
        std::vector<float> xs(static_cast<std::size_t>(rows * 2)), ys(static_cast<std::size_t>(rows));
        for (std::size_t i = 0; i < xs.size(); ++i) xs[i] = static_cast<float>(i % 7);
        writeFile(dir.filePath("xl.npy"), npyBytesF32({rows, 2}, xs));
        writeFile(dir.filePath("yl.npy"), npyBytesF32({rows}, ys));
        QSignalSpy said(w.statusBar(), &QStatusBar::messageChanged);
        w.experiments()->loadDataInBackground(dir.filePath("xl.npy"), dir.filePath("yl.npy"));
        QVERIFY(done.wait(600000));
        QCOMPARE(done.takeFirst().at(0).toBool(), true);
        QStringList lines;
        for (const QList<QVariant>& m : said) lines << m.at(0).toString();
        QVERIFY2(lines.contains("Checking data: reading xl.npy, 95% of 8.4 MiB… (Esc cancels)") &&
                     lines.contains("Checking data: reading xl.npy, 100% of 8.4 MiB… (Esc cancels)") &&
                     lines.contains("Checking data: reading yl.npy, 100% of 4.2 MiB… (Esc cancels)"),
                 qPrintable(lines.join("\n")));
    }

    // Regression: Load data read the files whole before anything said the run could not fit (512 MiB files took
    // 1.8 GiB of the window's memory; `presisi train` refuses the same data from its headers). The window now
    // refuses from the headers too, as the command line does, and so does Run for a built-in set.
    void dataThatCannotFitIsRefusedFromItsHeaders() {
        QTemporaryDir dir;
        // 40 million rows in each header (within the reader's limit) and no data behind them: had the data been
        // read, they would be refused as truncated, not for the memory a full batch of them needs in a model of
        // width 1024 (about 40e6 x 1024 x 4 bytes for each activation).
        writeFile(dir.filePath("x.npy"), npyBytesF32({40000000, 3}, {}));
        writeFile(dir.filePath("y.npy"), npyBytesF32({40000000, 1}, {}));
        MainWindow w(false);
        Scenario wide = w.trainingPage()->scenarioFromControls();
        wide.sizes = {2, 1024, 1024, 2};
        wide.batch = 0;
        QString error;
        QVERIFY2(w.trainingPage()->openScenario(wide, &error), qPrintable(error));
        QSignalSpy done(w.experiments(), &ExperimentFiles::dataLoaded);
        w.experiments()->loadDataInBackground(dir.filePath("x.npy"), dir.filePath("y.npy"));
        QVERIFY(done.wait(600000));
        QCOMPARE(done.takeFirst().at(0).toBool(), false);
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains("the run needs about") && said.contains("is available (MemAvailable in /proc/meminfo)") &&
                     said.contains("use a smaller batch or model, or fewer lanes") && !said.contains("truncated"),
                 qPrintable(said));
        QVERIFY(!w.experiments()->loadData(dir.filePath("x.npy"), dir.filePath("y.npy")));
        QVERIFY2(w.statusBar()->currentMessage().contains("the run needs about"), qPrintable(w.statusBar()->currentMessage()));

        // Run: a built-in set too large for any machine is refused before a byte is allocated.
        Scenario big = w.trainingPage()->scenarioFromControls();
        big.data.kind = DatasetKind::Teacher;
        big.sizes = {4096, 4096, 4096, 4096, 4096, 4096, 4096, 4096, 1};
        big.loss = LossKind::Mse;
        big.data.samples = 1000000;
        big.batch = 1000000;
        big.preset.clear();
        QVERIFY2(w.trainingPage()->openScenario(big, &error), qPrintable(error));
        w.trainingPage()->run();
        QVERIFY(!w.controller()->busy());
        QVERIFY2(w.trainingPage()->failureText().contains("the run needs about"), qPrintable(w.trainingPage()->failureText()));
    }

    // Load data…, Save experiment, the file opened in another window, and both run the same.
    void npyExperimentRoundTrips() {
        QTemporaryDir dir;
        // 6 points, 3 inputs, labels 0..2 (the model gets 3 inputs and 3 outputs from the data).
        writeFile(dir.filePath("x.npy"), npyBytesF32({6, 3}, {0, 1, 2, 1, 0, 2, 2, 1, 0, -1, 0, 1, 0, -1, 1, 1, 1, -1}));
        writeFile(dir.filePath("y.npy"), npyBytesI64({6}, {0, 1, 2, 0, 1, 2}));
        writeFile(dir.filePath("y5.npy"), npyBytesI64({5}, {0, 1, 2, 0, 1}));
        MainWindow w(false);
        // The command line's check and message: five targets for six rows.
        QVERIFY(!w.experiments()->loadData(dir.filePath("x.npy"), dir.filePath("y5.npy")));
        QVERIFY2(w.statusBar()->currentMessage().contains("targets have shape (5,) but X has 6 rows"),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(w.experiments()->loadData(dir.filePath("x.npy"), dir.filePath("y.npy")));
        Scenario s = w.trainingPage()->scenarioFromControls();
        // The experiment is about this data now: no preset's name or story, the built-in set's fields off.
        QVERIFY(s.preset.empty());
        QVERIFY(w.trainingPage()->loadedPreset().isEmpty());
        QCOMPARE(QString::fromStdString(s.title), QString("Your data: x.npy and y.npy"));
        QVERIFY2(!w.trainingPage()->explanation().contains("Preset:"), qPrintable(w.trainingPage()->explanation()));
        QVERIFY(w.trainingPage()->explanation().contains("Your data: x.npy and y.npy"));
        int unused = 0;  // samples and noise
        for (QWidget* c : w.trainingPage()->findChildren<QWidget*>())
            if (c->toolTip().startsWith("Not used: the data comes from .npy files")) {
                QVERIFY(!c->isEnabled());
                ++unused;
            }
        QCOMPARE(unused, 2);
        QCOMPARE(s.sizes.front(), 3);
        QCOMPARE(s.sizes.back(), 3);
        QCOMPARE(s.batch, 0);  // larger than the data: the full batch
        s.steps = 15;
        s.pace = 0;
        w.trainingPage()->setScenario(s);
        const QString file = dir.filePath("npy.presisi.json");
        QVERIFY(w.experiments()->save(file));
        QCOMPARE(documentOf(file)["scenario"].toObject()["data"].toObject()["x"].toString(), QString("x.npy"));
        QVERIFY2(documentOf(file)["preset"].toString().isEmpty(), "a preset's name on an experiment about other data");
        QVERIFY(runToEnd(w));
        QVERIFY(w.trainingPage()->exportJson(dir.filePath("window.json")));

        MainWindow other(false);
        QVERIFY(other.experiments()->open(file));
        QVERIFY(other.windowTitle().startsWith("npy.presisi.json"));
        QCOMPARE(other.experiments()->recent(), QStringList{QFileInfo(file).absoluteFilePath()});
        Scenario back = other.trainingPage()->scenarioFromControls();
        QCOMPARE(back, s);
        // From another directory: the paths in the file are the file's, not the current directory's.
        QVERIFY(QDir(dir.path()).mkdir("elsewhere"));
        QCOMPARE(cliRun(file, dir.filePath("cli.json"), dir.filePath("elsewhere")), 0);
        QCOMPARE(recordsOf(dir.filePath("cli.json")), recordsOf(dir.filePath("window.json")));
    }

    void openingStopsARunAndRecentFilesArePruned() {
        QTemporaryDir dir;
        Scenario s = fourLanes(15);
        QStringList files;
        for (int i = 0; i < 9; ++i) {
            s.seed = static_cast<std::uint64_t>(i);
            files << dir.filePath(QString("e%1.presisi.json").arg(i));
            services::writeExperimentFile(files.last().toStdString(), s);
        }
        MainWindow w(false);
        Scenario endless = fourLanes(100000000);
        endless.pace = 0;
        w.trainingPage()->setScenario(endless);
        w.trainingPage()->run();
        QVERIFY(waitFor([&w] { return w.trainingPage()->lastStepShown() >= 2; }, 60000));
        for (const QString& f : files) QVERIFY(w.experiments()->open(f));
        QVERIFY(!w.controller()->busy());
        QCOMPARE(w.controller()->state(), RunState::Idle);
        QCOMPARE(w.trainingPage()->scenarioFromControls().seed, std::uint64_t{8});
        QCOMPARE(w.experiments()->recent().size(), 8);  // at most 8, the newest first
        QCOMPARE(w.experiments()->recent().first(), files[8]);
        QVERIFY(!w.experiments()->recent().contains(files[0]));
        QVERIFY(QFile::remove(files[5]));
        QMenu* recent = nullptr;
        for (QMenu* m : w.menuBar()->findChildren<QMenu*>())
            if (m->title() == QObject::tr("Open &recent")) recent = m;
        QVERIFY(recent);
        emit recent->aboutToShow();
        QCOMPARE(w.experiments()->recent().size(), 7);
        QVERIFY(w.statusBar()->currentMessage().contains("e5.presisi.json"));
        // A bad file leaves the window as it was.
        QVERIFY(!w.experiments()->open(files[5]));
        QCOMPARE(w.trainingPage()->scenarioFromControls().seed, std::uint64_t{8});
    }

    // The command line: a file's problems are one line and exit status 2; options override the file.
    void commandLine() {
        QTemporaryDir dir;
        const QString file = dir.filePath("e.presisi.json");
        services::writeExperimentFile(file.toStdString(), fourLanes(40));
        auto run = [&](const QStringList& args, QString* err) {
            QProcess p;
            p.setWorkingDirectory(dir.path());
            p.start(PRESISI_EXE, args);
            p.waitForFinished(120000);
            *err = QString::fromUtf8(p.readAllStandardError());
            return p.exitCode();
        };
        QString err;
        QCOMPARE(run({"train", "--scenario", "none.presisi.json"}, &err), 2);
        QCOMPARE(err, QString("presisi train: --scenario: none.presisi.json: cannot open file: no such file\n"));
        QCOMPARE(run({"none.presisi.json"}, &err), 2);  // the window is not opened for a file it cannot read
        QCOMPARE(err.count('\n'), 1);
        QVERIFY2(err.contains("none.presisi.json: cannot open file"), qPrintable(err));
        QCOMPARE(run({"train", "--scenario", file, "--steps", "3", "--lanes", "cpu:f32", "--json", "o.json"}, &err), 0);
        const QJsonObject o = documentOf(dir.filePath("o.json"));
        QCOMPARE(o["lanes"].toArray().size(), 1);
        QCOMPARE(o["lanes"].toArray()[0].toObject()["records"].toArray().size(), 3);
        QCOMPARE(o["scenario"].toObject()["batch"].toInt(), 64);  // from the file
    }

    // One validation for every way a scenario arrives (limits:: in engine/training/scenario.h). Before:
    // `train --scenario` ran lr 1e30, noise 1e7, growth_factor 1e308 and growth_interval 2e9 that `--lr
    // 1e30` refuses, trained a lane given twice, and the window clamped them silently (1e30 -> 1e9).
    void filesAgreeWithTheCommandLine_data() {
        QTest::addColumn<QByteArray>("scenario");
        QTest::addColumn<QStringList>("option");
        QTest::addColumn<QString>("message");
        QTest::addRow("lr") << QByteArray(R"({"optimizer": {"lr": 1e30}})") << QStringList{"--lr", "1e30"} << "lr = 1e+30";
        QTest::addRow("noise") << QByteArray(R"({"data": {"noise": 1e7}})") << QStringList{"--noise", "1e7"} << "noise = 1e+07";
        QTest::addRow("growth_factor") << QByteArray(R"({"scaler": {"growth_factor": 1e308}})") << QStringList{"--growth-factor", "1e308"}
                                       << "growth_factor = 1e+308";
        QTest::addRow("growth_interval") << QByteArray(R"({"scaler": {"growth_interval": 2000000000}})")
                                         << QStringList{"--growth-interval", "2000000000"} << "growth_interval = 2000000000";
        QTest::addRow("lane twice") << QByteArray(R"({"lanes": ["cpu:f32", "cpu:f32"]})") << QStringList{"--lanes", "cpu:f32,cpu:f32"}
                                    << "given twice";
        QTest::addRow("steps") << QByteArray(R"({"steps": 1000000000})") << QStringList{"--steps", "1000000000"} << "steps = 1000000000";
        QTest::addRow("no lanes") << QByteArray(R"({"lanes": []})") << QStringList{"--lanes", ""} << "lanes";
    }
    void filesAgreeWithTheCommandLine() {
        QFETCH(QByteArray, scenario);
        QFETCH(QStringList, option);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString file = dir.filePath("bad.presisi.json");
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"presisi_experiment\": 1, \"scenario\": " + scenario + "}");
        }
        // The file reader, the option and the window refuse it alike.
        try {
            services::readExperimentFile(file.toStdString());
            QFAIL("the file was accepted");
        } catch (const Error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
        }
        std::vector<std::string> args;
        for (const QString& a : option) args.push_back(a.toStdString());
        bool refused = false;
        try {
            validate(cli::trainScenarioFromArgs(args));
        } catch (const std::exception&) {
            refused = true;
        }
        QVERIFY(refused);
        {
            MainWindow w(false);
            QVERIFY(!w.experiments()->open(file));
            QVERIFY2(w.statusBar()->currentMessage().contains("Cannot open"), qPrintable(w.statusBar()->currentMessage()));
        }
        // `presisi FILE` opens no window for it: one line, status 2.
        QProcess p;
        p.start(PRESISI_EXE, {file});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.count('\n') == 1 && err.contains(message.toUtf8()), err.constData());
    }

    void seedsAreExactUpToTwoToThe64() {
        // `--seed 18446744073709551615` is taken; the file reader refused it (QJsonDocument rounds the
        // literal to 2^64).
        const QByteArray text = R"({"presisi_experiment": 1, "scenario": {"seed": 18446744073709551615,
                                   "data": {"seed": 18446744073709551614}}})";
        const Scenario s = services::experimentFromJson(text, "e.json");
        QCOMPARE(s.seed, std::uint64_t{18446744073709551615u});
        QCOMPARE(*s.data.seed, std::uint64_t{18446744073709551614u});
        const Scenario negative = services::experimentFromJson(R"({"presisi_experiment": 1, "scenario": {"seed": -1}})", "e.json");
        QCOMPARE(negative.seed, std::uint64_t{18446744073709551615u});  // seed - 2^64, as the contract writes it
        QVERIFY_THROWS_EXCEPTION(Error, services::experimentFromJson(R"({"presisi_experiment": 1, "scenario": {"seed": 1.5}})", "e.json"));
    }

    // A FIFO named as an experiment: refused at once, in the background and at once, and the window
    // quits (before: Play stayed at "starting", later presets never started, Ctrl+Q froze the window).
    void fifoExperimentIsRefusedAndTheWindowQuits() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("f.presisi.json");
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        MainWindow w(false);
        w.show();
        QElapsedTimer clock;
        clock.start();
        QVERIFY(!w.experiments()->open(fifo));
        QSignalSpy opened(w.experiments(), &ExperimentFiles::opened);
        w.experiments()->openInBackground(fifo);
        QVERIFY(opened.wait(5000));
        QCOMPARE(opened.front().at(1).toBool(), false);
        QVERIFY2(w.statusBar()->currentMessage().contains("FIFO"), qPrintable(w.statusBar()->currentMessage()));
        // File > Load data… with FIFOs: refused at once (before, the GUI thread itself blocked).
        QVERIFY(!w.experiments()->loadData(fifo, fifo));
        QVERIFY2(w.statusBar()->currentMessage().contains("FIFO"), qPrintable(w.statusBar()->currentMessage()));
        // A run's data a FIFO: Run refuses it with the reason instead of hanging at "starting" (its headers are
        // read for the memory check before the run starts).
        Scenario s = w.trainingPage()->scenarioFromControls();
        s.data.kind = DatasetKind::Npy;
        s.data.xPath = s.data.yPath = dir.filePath("f.presisi.json").toStdString();
        QString error;
        QVERIFY(w.trainingPage()->openScenario(s, &error));
        w.trainingPage()->run();
        QVERIFY(!w.controller()->busy());
        QVERIFY2(w.trainingPage()->failureText().contains("FIFO"), qPrintable(w.trainingPage()->failureText()));
        QVERIFY(w.close());
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
    }

    void saveProposalNeverLeavesItsFolder() {
        // A preset name taken from a file ("../../../../../elsewhere/pwn") named Save's proposal and
        // opened the dialog in that folder.
        const QString p = ExperimentFiles::proposedPath("/home/me/runs", "../../../../../elsewhere/pwn");
        QCOMPARE(QFileInfo(p).absolutePath(), QString("/home/me/runs"));
        QVERIFY2(!QFileInfo(p).fileName().contains('/') && p.endsWith(".presisi.json"), qPrintable(p));
        QCOMPARE(ExperimentFiles::proposedPath("/d", "underflow"), QString("/d/underflow.presisi.json"));
        QCOMPARE(ExperimentFiles::proposedPath("/d", ""), QString("/d/experiment.presisi.json"));
    }

    void resetToPresetUndoesChanges() {
        MainWindow w(false);
        QVERIFY(!w.experiments()->resetToPreset());  // none loaded yet
        QVERIFY(w.loadPreset("underflow", false));
        Scenario changed = loadPresetScenario("underflow");
        changed.optimizer.lr = 0.5;
        w.trainingPage()->setScenario(changed);
        QTemporaryDir dir;
        QVERIFY(w.experiments()->save(dir.filePath("changed.presisi.json")));
        QVERIFY(w.windowTitle().startsWith("changed.presisi.json"));
        QVERIFY(w.experiments()->resetToPreset());
        QVERIFY(!w.windowTitle().contains(".presisi.json"));
        Scenario back = w.trainingPage()->scenarioFromControls();
        QCOMPARE(back.optimizer.lr, loadPresetScenario("underflow").optimizer.lr);
        QCOMPARE(back.preset, std::string("underflow"));
    }
};

QTEST_MAIN(TstExperiments)
#include "tst_experiments.moc"
