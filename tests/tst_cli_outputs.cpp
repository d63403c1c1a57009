// The pieces behind the command line's outputs: files written whole or not at all (AtomicFile), the
// streamed training records (TrainingSpool gives the same bytes as the whole-run writer), the memory
// estimate, numbers as a person writes them, exact seeds, and the loss scaler's floor in the runner.
#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <sys/stat.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "app/cli/args.h"
#include "app/services/atomic_file.h"
#include "app/cli/cli.h"
#include "app/cli/json_writer.h"
#include "app/services/training_export.h"
#include "engine/training/memory_estimate.h"
#include "engine/training/runner.h"

using namespace presisi;

namespace {

std::string readFile(const QString& path) {
    std::ifstream f(path.toStdString(), std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

void writeFile(const QString& path, const std::string& bytes) {
    std::ofstream f(path.toStdString(), std::ios::binary);
    f << bytes;
}

int fileCount(const QTemporaryDir& d) { return int(QDir(d.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).size()); }

}  // namespace

class TestCliOutputs : public QObject {
    Q_OBJECT
private slots:
    void atomicFileReplacesOnlyWhenComplete();
    void atomicFileKeepsModeAndFollowsSymlinks();
    void atomicFileRefusesBadPaths_data();
    void atomicFileRefusesBadPaths();
    void spoolMatchesTheWholeRunWriter();
    void memoryEstimate();
    void availableMemoryFromMeminfo();
    void trainRefusesRunsBeyondMemory();
    void shortestNumber_data();
    void shortestNumber();
    void seedsAsInt64();
    void runnerHoldsTheScaleAtTheFloor();
    void trainJsonNamesTheDispatch();
};

void TestCliOutputs::atomicFileReplacesOnlyWhenComplete() {
    QTemporaryDir dir;
    const QString path = dir.filePath("out.json");
    writeFile(path, "old\n");
    {
        services::AtomicFile f(path.toStdString(), "--json");
        f.stream() << "new, half written";
        QCOMPARE(readFile(path), std::string("old\n"));  // the target is untouched while writing
        QCOMPARE(fileCount(dir), 2);                     // the temporary beside it
    }  // destroyed without commit: an error or an exception on the way
    QCOMPARE(readFile(path), std::string("old\n"));
    QCOMPARE(fileCount(dir), 1);
    {
        services::AtomicFile f(path.toStdString(), "--json");
        f.stream() << "new\n";
        f.commit();
    }
    QCOMPARE(readFile(path), std::string("new\n"));
    QCOMPARE(fileCount(dir), 1);
}

void TestCliOutputs::atomicFileKeepsModeAndFollowsSymlinks() {
    QTemporaryDir dir;
    const QString real = dir.filePath("real.csv"), link = dir.filePath("link.csv");
    writeFile(real, "old\n");
    QVERIFY(::chmod(real.toLocal8Bit().constData(), 0640) == 0);
    QVERIFY(QFile::link(real, link));
    services::AtomicFile f(link.toStdString(), "--csv");
    f.stream() << "new\n";
    f.commit();
    QVERIFY(QFileInfo(link).isSymLink());  // the link stays; the file it names is replaced
    QCOMPARE(readFile(real), std::string("new\n"));
    struct stat st {};
    QVERIFY(::stat(real.toLocal8Bit().constData(), &st) == 0);
    QCOMPARE(st.st_mode & 07777, mode_t{0640});
}

void TestCliOutputs::atomicFileRefusesBadPaths_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("why");
    QTest::addRow("directory") << "/" << "is a directory";
    QTest::addRow("missing directory") << "/no/such/dir/x.json" << "directory '/no/such/dir' does not exist";
    QTest::addRow("file as directory") << "/dev/null/x.json" << "'/dev/null' is not a directory";
    QTest::addRow("empty") << "" << "empty file name";
}

void TestCliOutputs::atomicFileRefusesBadPaths() {
    QFETCH(QString, path);
    QFETCH(QString, why);
    try {
        services::AtomicFile f(path.toStdString(), "--json");
        QFAIL("accepted");
    } catch (const cli::UsageError& e) {
        QVERIFY2(QString(e.what()).startsWith("--json: cannot write '" + path + "': " + why), e.what());
    }
}

void TestCliOutputs::spoolMatchesTheWholeRunWriter() {
    Scenario s;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:f16+scaler")};
    s.steps = 3;
    std::vector<StepRecord> records;
    for (int step = 0; step < 3; ++step)
        for (int lane = 0; lane < 2; ++lane) {
            StepRecord r;
            r.lane = lane;
            r.step = step;
            r.loss = step == 1 && lane == 1 ? NAN : 0.5 / (step + 1);
            r.scale = lane ? 65536.0 / (1 << step) : 1;
            r.skipped = lane == 1 && step == 1;
            r.scaleFloored = lane == 1 && step == 2;
            r.seconds = 1e-4 * (step + 1);
            records.push_back(r);
        }
    const std::vector<LaneFinal> finals{{0, 0.1, 0.9, 0.2, 0.8}};  // lane 1 without one: null
    services::TrainingSpool spool(s, true, true);
    for (const StepRecord& r : records) spool.add(r);
    std::ostringstream wholeJson, wholeCsv, spooledJson, spooledCsv;
    services::writeTrainingJson(wholeJson, s, records, finals);
    services::writeTrainingCsv(wholeCsv, s, records);
    spool.writeJson(spooledJson, finals);
    spool.writeCsv(spooledCsv);
    QCOMPARE(spooledJson.str(), wholeJson.str());
    QCOMPARE(spooledCsv.str(), wholeCsv.str());
    const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(spooledJson.str())).object();
    QCOMPARE(j["lanes"].toArray()[0].toObject()["records"].toArray().size(), 3);
    QVERIFY(!j["lanes"].toArray()[0].toObject().contains("scale_floor_steps"));  // only where the floor was reached
    QCOMPARE(j["lanes"].toArray()[1].toObject()["scale_floor_steps"].toInt(), 1);
    QVERIFY(j["lanes"].toArray()[1].toObject()["final"].isNull());
}

void TestCliOutputs::memoryEstimate() {
    Scenario s;  // 2-64-64-3, batch 256
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16"), parseLane("cpu:f16+scaler")};
    const MemoryEstimate small = estimateTrainingMemory(s, 512, 256);
    QVERIFY(small.bytes > 64.0 * 1024 * 1024 && small.bytes < 256.0 * 1024 * 1024);
    // Activations grow with batch x widths, weights with the widths squared, the total with lanes.
    s.sizes = {2, 4096, 4096, 3};
    s.batch = 1000000;
    const MemoryEstimate big = estimateTrainingMemory(s, 1000000, 0);
    QVERIFY(big.bytes > 4 * 2 * 1e6 * 4096 * 4);  // at least the activations of 4 lanes and their shadows
    s.lanes.resize(1);
    QVERIFY(estimateTrainingMemory(s, 1000000, 0).bytes < big.bytes / 3);
    // The batch never counts beyond the data; Adam keeps two moments per weight.
    s.batch = 0;
    QCOMPARE(estimateTrainingMemory(s, 100, 0).bytes, (s.batch = 100, estimateTrainingMemory(s, 100, 0).bytes));
    const double sgd = estimateTrainingMemory(s, 100, 0).bytes;
    s.optimizer.kind = OptimizerSpec::Kind::Adam;
    QVERIFY(estimateTrainingMemory(s, 100, 0).bytes > sgd);
    QVERIFY2(QString::fromStdString(big.summary).startsWith("4 lanes ") && QString::fromStdString(big.summary).contains("the largest"),
             big.summary.c_str());
    // Scaled lanes hold their casts beside a bf16 lane's buffers: per-tensor FP8 least, delayed scaling, MX
    // and NVFP4 more; the largest lane is named.
    auto one = [&](const char* lane) {
        s.lanes = {parseLane(lane)};
        return estimateTrainingMemory(s, 100, 0).bytes;
    };
    QVERIFY(one("cpu:bf16") < one("cpu:fp8"));
    QVERIFY(one("cpu:fp8") < one("cpu:mxfp8") && one("cpu:mxfp8") < one("cpu:nvfp4") && one("cpu:nvfp4") < one("cpu:fp8+delayed"));
    QCOMPARE(one("cpu:bf16+pure"), one("cpu:bf16"));
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:nvfp4"), parseLane("cpu:bf16")};
    QCOMPARE(estimateTrainingMemory(s, 100, 0).largestLane, std::string("cpu:nvfp4"));
    QCOMPARE(formatBytes(512), std::string("512 B"));
    QCOMPARE(formatBytes(3.5 * 1024 * 1024 * 1024), std::string("3.5 GiB"));
}

void TestCliOutputs::availableMemoryFromMeminfo() {
    QTemporaryDir dir;
    const QString file = dir.filePath("meminfo");
    writeFile(file, "MemTotal:       16000000 kB\nMemFree:         1000000 kB\nMemAvailable:    8000000 kB\n");
    QCOMPARE(availableMemory(file.toStdString()).value_or(0), std::uint64_t{8000000} * 1024);
    writeFile(file, "MemTotal:       16000000 kB\n");
    QVERIFY(!availableMemory(file.toStdString()));
    QVERIFY(!availableMemory(dir.filePath("absent").toStdString()));
}

void TestCliOutputs::trainRefusesRunsBeyondMemory() {
    // About 1.6 TB: refused with both figures before any data is made.
    const std::vector<std::string> args{"train", "--sizes", "2,4096,4096,4096,3", "--samples", "1000000",
                                        "--batch", "1000000", "--steps", "1"};
    const auto available = availableMemory();
    if (!available || *available > std::uint64_t{1} << 40) QSKIP("MemAvailable unknown or above 1 TiB here");
    std::ostringstream out, err;
    QCOMPARE(cli::run(args, out, err), 2);
    QVERIFY2(err.str().find("the run needs about ") != std::string::npos && err.str().find("TiB") != std::string::npos &&
                 err.str().find("is available (MemAvailable in /proc/meminfo)") != std::string::npos,
             err.str().c_str());
    const std::string message = err.str();
    QCOMPARE(std::count(message.begin(), message.end(), '\n'), std::ptrdiff_t{1});
}

void TestCliOutputs::shortestNumber_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::addRow("1e-300") << 1e-300 << "1e-300";
    QTest::addRow("3.4e38") << 3.4e38 << "3.4e38";
    QTest::addRow("0.999999") << 0.999999 << "0.999999";
    QTest::addRow("65536") << 65536.0 << "65536";
    QTest::addRow("0") << 0.0 << "0";
    QTest::addRow("1.0000001") << 1.0000001 << "1.0000001";
    QTest::addRow("2^-126") << double(kMinLossScale) << "1.1754943508222875e-38";
    QTest::addRow("-2.5e-5") << -2.5e-5 << "-2.5e-5";
    QTest::addRow("1e6") << 1e6 << "1e6";
}

void TestCliOutputs::shortestNumber() {
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(cli::shortestNumber(value)), text);
    QCOMPARE(std::strtod(cli::shortestNumber(value).c_str(), nullptr), value);
}

void TestCliOutputs::seedsAsInt64() {
    std::ostringstream o;
    cli::JsonWriter j(o);
    j.beginArray().seed(0).seed(9007199254740993u).seed(9223372036854775807u).seed(9223372036854775808u).seed(~std::uint64_t{0})
        .endArray();
    QCOMPARE(o.str(), std::string("[0,9007199254740993,9223372036854775807,-9223372036854775808,-1]"));
}

void TestCliOutputs::runnerHoldsTheScaleAtTheFloor() {
    // A lane whose scaled gradients always overflow: the scale backs off every step and stops at
    // 2^-126 instead of going subnormal and then to 0.
    Scenario s;
    s.loss = LossKind::Mse;
    s.data.kind = DatasetKind::Sine;
    s.data.samples = 64;
    s.data.inputScale = 1e6;  // f16 forward overflows
    s.batch = 0;
    s.lanes = {parseLane("cpu:f16+scaler")};
    s.scaler.initScale = 1e-37;
    s.steps = 8;
    s.sizes = {1, 8, 1};
    Runner r(s);
    std::vector<StepRecord> all;
    for (int i = 0; i < s.steps; ++i) all.push_back(r.step().front());
    int floored = 0;
    for (const StepRecord& rec : all) {
        QVERIFY(rec.skipped);
        QVERIFY2(rec.scale >= double(kMinLossScale), qPrintable(QString::number(rec.scale)));
        floored += rec.scaleFloored;
    }
    QCOMPARE(all.back().scale, double(kMinLossScale));
    QCOMPARE(floored, 5);  // 1e-37 / 2^4 is below the floor: the backoffs after steps 3..7
}

// train --json says how the products were computed: the --dispatch and --torch-cpu given (docs/CLI.md's
// contract), and the defaults "presisi" and "this" without them.
void TestCliOutputs::trainJsonNamesTheDispatch() {
    for (const bool torch : {false, true}) {
        std::vector<std::string> args{"train", "--sizes", "2,8,3", "--samples", "32", "--batch", "0", "--eval-samples", "0",
                                      "--steps", "1", "--lanes", "cpu:bf16", "--json", "-"};
        if (torch) args.insert(args.end(), {"--dispatch", "torch", "--torch-cpu", "no-avx512"});
        std::ostringstream out, err;
        QVERIFY2(cli::run(args, out, err) == 0, err.str().c_str());
        const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object();
        QCOMPARE(j["dispatch"].toString(), QString(torch ? "torch" : "presisi"));
        QCOMPARE(j["torch_cpu"].toString(), QString(torch ? "no-avx512" : "this"));
    }
}

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "tst_cli_outputs.moc"
