// The presisi executable as a process: interrupted runs (SIGINT, SIGTERM) still write complete files,
// a full disk on standard output or on an output file is an error, screenshots and
// --measure-responsiveness check their outputs, and /dev/zero as a .npy is refused at once.
#include <QtTest>

#include <QProcess>
#include <QTemporaryDir>

#include <csignal>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

// PRESISI_TEST_EXE runs the suite against another build (e.g. an older one, to see a test fail there).
const QString kExe = qEnvironmentVariable("PRESISI_TEST_EXE", PRESISI_EXE);

struct Finished {
    int status = -1;
    bool crashed = false;
    QByteArray out, err;
};

// Runs presisi to the end (30 s at most: the cases here take well under a second or two).
Finished run(const QStringList& args, const QString& stdoutFile = {}) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    p.setProcessEnvironment(env);
    if (!stdoutFile.isEmpty()) p.setStandardOutputFile(stdoutFile);
    p.start(kExe, args);
    Finished f;
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished();
        f.crashed = true;
        f.err = "did not finish within 30 s";
        return f;
    }
    f.status = p.exitCode();
    f.crashed = p.exitStatus() == QProcess::CrashExit;
    if (stdoutFile.isEmpty()) f.out = p.readAllStandardOutput();
    f.err = p.readAllStandardError();
    return f;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

bool hasFullDevice() { return QFileInfo("/dev/full").exists(); }

}  // namespace

class TestCliProcess : public QObject {
    Q_OBJECT
private slots:
    void interruptedRunWritesWhatItHas_data();
    void interruptedRunWritesWhatItHas();
    void fullStandardOutputIsAnError_data();
    void fullStandardOutputIsAnError();
    void fullOutputFileIsAnError_data();
    void fullOutputFileIsAnError();
    void screenshotChecksItsOutput();
    void responsivenessChecksItsJson();
    void devZeroIsRefusedAtOnce();
    void npyHeaderIsCheckedBeforeTheData();

private:
    QTemporaryDir m_dir;
};

void TestCliProcess::interruptedRunWritesWhatItHas_data() {
    QTest::addColumn<int>("signal");
    QTest::addColumn<int>("status");
    QTest::addRow("SIGINT") << int(SIGINT) << 130;
    QTest::addRow("SIGTERM") << int(SIGTERM) << 143;
}

void TestCliProcess::interruptedRunWritesWhatItHas() {
    QFETCH(int, signal);
    QFETCH(int, status);
    const QString json = m_dir.filePath("run.json"), csv = m_dir.filePath("run.csv");
    writeAll(json, "the old file\n");
    QProcess p;
    p.start(kExe, {"train", "--steps", "100000000", "--every", "1000000", "--json", json, "--csv", csv});
    QVERIFY(p.waitForStarted());
    // The first table row (step 0, printed and flushed as it comes) says the run is stepping.
    QByteArray out;
    while (!out.contains("cpu:f16+scaler") && p.state() == QProcess::Running && p.waitForReadyRead(10000))
        out += p.readAllStandardOutput();
    QVERIFY2(out.contains("cpu:f16+scaler"), out.constData());
    ::kill(static_cast<pid_t>(p.processId()), signal);
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), status);
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.contains("interrupted") && err.count('\n') == 1, err.constData());

    QJsonParseError e;
    const QJsonObject j = QJsonDocument::fromJson(readAll(json), &e).object();
    QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
    const QJsonArray lanes = j["lanes"].toArray();
    QCOMPARE(lanes.size(), 4);
    const qsizetype steps = lanes[0].toObject()["records"].toArray().size();
    QVERIFY(steps >= 1);
    for (const auto& l : lanes) {
        QCOMPARE(l.toObject()["records"].toArray().size(), steps);  // every lane stopped after the same step
        QVERIFY(l.toObject()["final"].isNull());
    }
    QCOMPARE(readAll(csv).count('\n'), 1 + 4 * steps);
    QVERIFY2(err.contains(QByteArray::number(steps) + " of 100000000 steps"), err.constData());
    // No temporary left beside the files.
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
}

void TestCliProcess::fullStandardOutputIsAnError_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addRow("linear") << QStringList{"linear"};
    QTest::addRow("linear --json") << QStringList{"linear", "--json"};
    QTest::addRow("inspect") << QStringList{"inspect", "1"};
    QTest::addRow("presets") << QStringList{"presets"};
    QTest::addRow("train table") << QStringList{"train", "--steps", "2"};
    QTest::addRow("train --json -") << QStringList{"train", "--steps", "2", "--json", "-"};
    QTest::addRow("help") << QStringList{"--help"};
}

void TestCliProcess::fullStandardOutputIsAnError() {
    if (!hasFullDevice()) QSKIP("no /dev/full here");
    QFETCH(QStringList, args);
    const Finished f = run(args, "/dev/full");
    QVERIFY(!f.crashed);
    QCOMPARE(f.status, 1);
    QVERIFY2(f.err.contains("cannot write to standard output") && f.err.count('\n') == 1, f.err.constData());
}

void TestCliProcess::fullOutputFileIsAnError_data() {
    QTest::addColumn<QString>("option");
    QTest::addRow("--json") << "--json";
    QTest::addRow("--csv") << "--csv";
}

void TestCliProcess::fullOutputFileIsAnError() {
    if (!hasFullDevice()) QSKIP("no /dev/full here");
    QFETCH(QString, option);
    const Finished f = run({"train", "--steps", "2", option, "/dev/full"});
    QVERIFY(!f.crashed);
    QCOMPARE(f.status, 1);
    QVERIFY2(f.err.contains(option.toUtf8() + ": cannot write '/dev/full'") && f.err.count('\n') == 1, f.err.constData());
}

void TestCliProcess::screenshotChecksItsOutput() {
    const QString jpg = m_dir.filePath("shot.jpg");
    Finished f = run({"--screenshot", jpg, "--size", "640x480"});
    QCOMPARE(f.status, 2);
    QVERIFY2(f.err.contains(".png") && f.err.count('\n') == 1, f.err.constData());
    QVERIFY(!QFileInfo::exists(jpg));

    f = run({"--screenshot", m_dir.path() + "/nothere/shot.png"});
    QCOMPARE(f.status, 2);
    QVERIFY2(f.err.contains("does not exist"), f.err.constData());
    QDir(m_dir.path()).mkdir("dir.png");
    f = run({"--screenshot", m_dir.filePath("dir.png")});
    QCOMPARE(f.status, 2);
    QVERIFY2(f.err.contains("is a directory"), f.err.constData());

    if (!hasFullDevice()) return;
    f = run({"--screenshot", m_dir.filePath("shot.png"), "--size", "640x480"}, "/dev/full");
    QCOMPARE(f.status, 1);
    QVERIFY2(f.err.contains("cannot write to standard output"), f.err.constData());
}

void TestCliProcess::responsivenessChecksItsJson() {
    // Refused before measuring: a directory, an empty name.
    Finished f = run({"--measure-responsiveness", "--seconds", "1", "--json", m_dir.path()});
    QCOMPARE(f.status, 2);
    QVERIFY2(f.err.contains("is a directory") && f.err.count('\n') == 1, f.err.constData());
    f = run({"--measure-responsiveness", "--seconds", "1", "--json", ""});
    QCOMPARE(f.status, 2);
    if (!hasFullDevice()) return;
    f = run({"--measure-responsiveness", "--seconds", "1", "--json", "/dev/full"});
    QCOMPARE(f.status, 1);
    QVERIFY2(f.err.contains("--json: cannot write '/dev/full'"), f.err.constData());
}

void TestCliProcess::devZeroIsRefusedAtOnce() {
    // The header is read first: no reading (and allocating) until the end of an endless file.
    const Finished f = run({"train", "--sizes", "2,4,2", "--data", "/dev/zero", "--targets", "/dev/zero"});
    QVERIFY2(!f.crashed, f.err.constData());
    QCOMPARE(f.status, 2);
    QVERIFY2(f.err.contains("/dev/zero: not a .npy file"), f.err.constData());
}

void TestCliProcess::npyHeaderIsCheckedBeforeTheData() {
    // A pipe that delivers a header announcing 2^20 x 2^20 floats and then stays open: a reader that
    // reads to the end first would wait for ever; the header alone is enough to refuse it.
    const QString fifo = m_dir.filePath("endless.npy");
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (1048576, 1048576), }";
    while ((10 + dict.size() + 1) % 64 != 0) dict += ' ';
    dict += '\n';
    std::string header("\x93NUMPY\x01\x00", 8);
    header += static_cast<char>(dict.size() & 0xff);
    header += static_cast<char>(dict.size() >> 8);
    header += dict;
    QProcess p;
    p.start(kExe, {"train", "--sizes", "2,4,2", "--data", fifo, "--targets", fifo});
    QVERIFY(p.waitForStarted());
    const int fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY);  // waits for presisi to open it
    QVERIFY(fd >= 0);
    QCOMPARE(::write(fd, header.data(), header.size()), static_cast<ssize_t>(header.size()));
    const bool finished = p.waitForFinished(10000);
    ::close(fd);
    if (!finished) {
        p.kill();
        p.waitForFinished();
        QFAIL("presisi still reading the pipe 10 s after its header");
    }
    QCOMPARE(p.exitCode(), 2);
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.contains("too large") && err.count('\n') == 1, err.constData());
}

QTEST_GUILESS_MAIN(TestCliProcess)
#include "tst_cli_process.moc"
