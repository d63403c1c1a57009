// The command line in-process: the tutorial's text, the JSON contracts, and one-line errors with exit 2.
#include <QtTest>

#include <sstream>

#include "app/cli/cli.h"
#include "engine/device.h"

using namespace presisi;

namespace {

struct Outcome {
    int status;
    std::string out, err;
};

Outcome runCli(std::initializer_list<std::string> args) {
    std::vector<std::string> v(args);
    std::ostringstream out, err;
    const int status = cli::run(v, out, err);
    return {status, out.str(), err.str()};
}

QJsonObject parse(const std::string& text) {
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson(QByteArray::fromStdString(text), &e);
    return e.error == QJsonParseError::NoError ? d.object() : QJsonObject{};
}

int lineCount(const std::string& s) { return int(std::count(s.begin(), s.end(), '\n')); }

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void linearMirrorsTheTutorial();
    void linearJsonContract();
    void linearDeviceAllExplainsMissingGpu();
    void inspectJsonContract();
    void inspectTakesNegativeValues();
    void badArguments_data();
    void badArguments();
    void help();
};

void TestCli::linearMirrorsTheTutorial() {
    const Outcome o = runCli({"linear"});
    QCOMPARE(o.status, 0);
    const QString out = QString::fromStdString(o.out);
    const int bf = out.indexOf("cpu:bf16");
    QVERIFY(bf >= 0);
    const QString lane = out.mid(bf, out.indexOf("cpu:f16") - bf);
    QVERIFY2(lane.contains("output dtype            : bfloat16"), qPrintable(lane));
    QVERIFY2(lane.contains("mean absolute difference: 0.001253\n"), qPrintable(lane));
    QVERIFY2(lane.contains("correlation             : 1.0\n"), qPrintable(lane));
    QVERIFY(lane.contains("zeros / subnormals / inf / NaN: 0 / 0 / 0 / 0 of 16384"));
}

void TestCli::linearJsonContract() {
    const Outcome o = runCli({"linear", "--json"});
    QCOMPARE(o.status, 0);
    const QJsonObject j = parse(o.out);
    QCOMPARE(j["in"].toInt(), 256);
    QCOMPARE(j["out"].toInt(), 256);
    QCOMPARE(j["batch"].toInt(), 64);
    QCOMPARE(j["seed"].toInt(), 0);
    const QJsonObject s = j["samples"].toObject();
    QCOMPARE(s["x"].toArray().size(), 4);
    QCOMPARE(float(s["x"].toArray()[0].toDouble()), -0.5346039f);
    QCOMPARE(s["weight"].toArray().size(), 4);
    QCOMPARE(s["bias"].toArray().size(), 4);
    const QJsonArray lanes = j["lanes"].toArray();
    QCOMPARE(lanes.size(), 3);
    QCOMPARE(lanes[0].toObject()["format"].toString(), QString("f32"));
    QCOMPARE(lanes[0].toObject()["output_dtype"].toString(), QString("float32"));
    const QJsonObject bf = lanes[1].toObject();
    QCOMPARE(bf["device"].toString(), QString("cpu"));
    QCOMPARE(bf["format"].toString(), QString("bf16"));
    QCOMPARE(bf["output_dtype"].toString(), QString("bfloat16"));
    QVERIFY(std::fabs(bf["mean_abs_error"].toDouble() / 0.0012527621584013104 - 1) < 5e-6);
    QVERIFY(std::fabs(bf["max_abs_error"].toDouble() / 0.007747650146484375 - 1) < 5e-6);
    for (const char* key : {"rel_l2_error", "correlation", "zeros", "subnormals", "infs", "nans"})
        QVERIFY2(bf.contains(key), key);
    QCOMPARE(lanes[2].toObject()["output_dtype"].toString(), QString("float16"));
    // Full precision: 17 significant digits in the text itself.
    QVERIFY(o.out.find("0.0012527640463204648") != std::string::npos ||
            o.out.find("\"mean_abs_error\":0.00125276") != std::string::npos);
}

void TestCli::linearDeviceAllExplainsMissingGpu() {
    const Outcome o = runCli({"linear", "--device", "all", "--in", "16", "--out", "8", "--batch", "4"});
    QCOMPARE(o.status, 0);
    QVERIFY(o.out.find("cpu:bf16") != std::string::npos);
    if (!cudaStatus().available) {
        QVERIFY(o.out.find("GPU lanes absent: no CUDA device: ") != std::string::npos);
        QVERIFY(o.out.find("gpu:bf16") == std::string::npos);
    }
}

void TestCli::inspectJsonContract() {
    const Outcome o = runCli({"inspect", "65520", "--json"});
    QCOMPARE(o.status, 0);
    const QJsonObject j = parse(o.out);
    const QJsonObject v = j["values"].toArray()[0].toObject();
    QCOMPARE(v["input"].toString(), QString("65520"));
    const QJsonArray formats = v["formats"].toArray();
    QCOMPARE(formats.size(), 3);
    QJsonObject f16;
    for (const auto& f : formats)
        if (f.toObject()["format"].toString() == "f16") f16 = f.toObject();
    QCOMPARE(f16["value"].toString(), QString("inf"));
    QCOMPARE(f16["bits"].toString(), QString("0x7c00"));
    QCOMPARE(f16["class"].toString(), QString("inf"));
    QCOMPARE(f16["abs_error"].toString(), QString("inf"));
    QCOMPARE(f16["next_down"].toDouble(), 65504.0);
    QCOMPARE(f16["next_up"].toString(), QString("inf"));
    const QJsonObject f32 = formats[0].toObject();
    QCOMPARE(f32["value"].toDouble(), 65520.0);
    QCOMPARE(f32["bits"].toString(), QString("0x477ff000"));
    QCOMPARE(f32["class"].toString(), QString("normal"));
    QCOMPARE(f32["abs_error"].toDouble(), 0.0);
}

void TestCli::inspectTakesNegativeValues() {
    const Outcome o = runCli({"inspect", "-0.1", "-0", "--formats", "f16", "--json"});
    QCOMPARE(o.status, 0);
    const QJsonArray values = parse(o.out)["values"].toArray();
    QCOMPARE(values.size(), 2);
    const QJsonObject a = values[0].toObject()["formats"].toArray()[0].toObject();
    QCOMPARE(a["bits"].toString(), QString("0xae66"));
    QCOMPARE(a["value"].toDouble(), -0.0999755859375);
    QVERIFY(std::fabs(a["rel_error"].toDouble() - 0.000244140625) < 1e-6);
    const QJsonObject z = values[1].toObject()["formats"].toArray()[0].toObject();
    QCOMPARE(z["bits"].toString(), QString("0x8000"));
    QCOMPARE(z["class"].toString(), QString("zero"));
    const Outcome text = runCli({"inspect", "-0.1"});
    QCOMPARE(text.status, 0);
    QVERIFY(text.out.find("1 01011 1001100110") != std::string::npos);  // f16 sign/exponent/mantissa
}

void TestCli::badArguments_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("unknown command") << QStringList{"frobnicate"} << "frobnicate";
    QTest::addRow("unknown option") << QStringList{"linear", "--bogus"} << "--bogus";
    QTest::addRow("zero width") << QStringList{"linear", "--in", "0"} << "--in";
    QTest::addRow("not a number") << QStringList{"linear", "--batch", "abc"} << "--batch";
    QTest::addRow("negative size") << QStringList{"linear", "--out", "-5"} << "--out";
    QTest::addRow("huge") << QStringList{"linear", "--in", "65536", "--out", "65536"} << "2^27";
    QTest::addRow("missing value") << QStringList{"linear", "--seed"} << "--seed";
    QTest::addRow("bad seed") << QStringList{"linear", "--seed", "1.5"} << "--seed";
    QTest::addRow("bad format") << QStringList{"linear", "--formats", "f32,f8"} << "f8";
    QTest::addRow("bad device") << QStringList{"linear", "--device", "tpu"} << "--device";
    QTest::addRow("stray argument") << QStringList{"linear", "extra"} << "extra";
    QTest::addRow("repeated option") << QStringList{"linear", "--in", "4", "--in", "8"} << "--in";
    QTest::addRow("inspect nothing") << QStringList{"inspect"} << "VALUE";
    QTest::addRow("inspect word") << QStringList{"inspect", "1", "abc"} << "abc";
    QTest::addRow("inspect short option") << QStringList{"inspect", "-x"} << "-x";
    QTest::addRow("bench unknown") << QStringList{"bench", "nothing"} << "nothing";
}

void TestCli::badArguments() {
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    std::vector<std::string> v;
    for (const QString& a : args) v.push_back(a.toStdString());
    std::ostringstream out, err;
    const int status = cli::run(v, out, err);
    QCOMPARE(status, 2);
    QCOMPARE(lineCount(err.str()), 1);
    QVERIFY2(QString::fromStdString(err.str()).contains(mentions), err.str().c_str());
}

void TestCli::help() {
    const Outcome o = runCli({"--help"});
    QCOMPARE(o.status, 0);
    QVERIFY(o.out.find("linear") != std::string::npos);
    QCOMPARE(runCli({"linear", "--help"}).status, 0);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
