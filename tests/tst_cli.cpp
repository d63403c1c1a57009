// The command line in-process: the tutorial's text, the JSON contracts, and one-line errors with exit 2.
#include <QtTest>

#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "app/cli/cli.h"
#include "app/services/scenario_file.h"
#include "engine/device.h"
#include "torch_reference.h"

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

// The number text after the n-th (0-based) occurrence of `key` in raw JSON, up to ',', '}' or ']'.
std::string numberTextAfter(const std::string& json, const std::string& key, int n) {
    std::size_t at = std::string::npos, from = 0;
    for (int i = 0; i <= n; ++i) {
        at = json.find(key, from);
        if (at == std::string::npos) return {};
        from = at + key.size();
    }
    return json.substr(from, json.find_first_of(",}]", from) - from);
}

// Significant digits of a decimal number's text: the mantissa's digits from the first non-zero one.
int significantDigits(const std::string& text) {
    int digits = 0;
    bool started = false;
    for (char c : text) {
        if (c == 'e' || c == 'E') break;
        if (c < '0' || c > '9') continue;
        started = started || c != '0';
        if (started) ++digits;
    }
    return digits;
}

int lineCount(const std::string& s) { return int(std::count(s.begin(), s.end(), '\n')); }

// A standard output whose every write fails, as a full disk or a closed pipe does.
class FailingBuffer : public std::streambuf {
protected:
    int_type overflow(int_type) override { return traits_type::eof(); }
    std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
};

Outcome runCliFailingOutput(std::initializer_list<std::string> args) {
    std::vector<std::string> v(args);
    FailingBuffer buffer;
    std::ostream out(&buffer);
    std::ostringstream err;
    const int status = cli::run(v, out, err);
    return {status, "", err.str()};
}

std::string readFile(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

void writeFile(const std::string& path, const std::string& bytes) {
    std::ofstream f(path, std::ios::binary);
    f << bytes;
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void linearMirrorsTheTutorial();
    void linearJsonContract();
    void linearDeviceAllExplainsMissingGpu();
    void benchLinearGpuNeedsADevice();
    void linearNativeBesideEmulated();
    void linearScaledLanesText();
    void linearScaledLanesJson();
    void linearScaledLanesRefused_data();
    void linearScaledLanesRefused();
    void inspectJsonContract();
    void inspectTakesNegativeValues();
    void inspectFromFloat32();
    void inspectMiniFormatsJson();
    void inspectMiniFormatsSaturate();
    void inspectMiniFormatsText();
    void trainNamesTheTorchVersion();
    void inspectNamesADecimalBeyondFloat64();
    void echoedValuesArePrintable_data();
    void echoedValuesArePrintable();
    void badArguments_data();
    void badArguments();
    void help();
    void failedOutputIsAnError_data();
    void failedOutputIsAnError();
    void failedCommandLeavesFilesUntouched();
    void limitsAsWritten_data();
    void limitsAsWritten();
    void seedsExactInJson();
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
    // Full precision: the bf16 lane's mean_abs_error is printed with 17 significant digits, the text
    // reads back (strtod) as a double that prints as the same text, and it is PyTorch's value to six
    // digits (tests/data/torch_reference.json, linear_s0_256x256_b64, bf16_mean_abs_error: torch 1.13
    // CPU autocast, scripts/make_torch_reference.py).
    const std::string text = numberTextAfter(o.out, "\"mean_abs_error\":", 1);
    QCOMPARE(significantDigits(text), 17);
    const double readBack = std::strtod(text.c_str(), nullptr);
    char again[40];
    std::snprintf(again, sizeof again, "%.17g", readBack);
    QCOMPARE(std::string(again), text);
    QCOMPARE(readBack, bf["mean_abs_error"].toDouble());
    const QJsonArray torchLinear = testdata::loadJson("torch_reference.json")["linear"].toArray();
    QVERIFY2(!torchLinear.isEmpty(), "tests/data/torch_reference.json has no linear runs");
    const double torchMean = torchLinear[0].toObject()["bf16_mean_abs_error"].toDouble();
    QCOMPARE(torchLinear[0].toObject()["name"].toString(), QString("linear_s0_256x256_b64"));
    QVERIFY2(std::fabs(readBack / torchMean - 1) < 5e-6, text.c_str());
}

// --native puts a native lane beside each CPU low-precision lane. Its mean |diff| against f32 is PyTorch's
// (torch 1.13 CPU autocast, the tutorial's 0.0012527621584013104) up to summation order: the native kernel
// accumulates in float32 like the emulated lane, so only outputs near a bf16 rounding boundary may move by
// one bf16 step (2^-8 relative), and a handful of the 16384 outputs cannot move the mean by 2%.
void TestCli::linearNativeBesideEmulated() {
    const Outcome o = runCli({"linear", "--native", "--formats", "f32,bf16", "--json"});
    QCOMPARE(o.status, 0);
    const QJsonArray lanes = parse(o.out)["lanes"].toArray();
    QCOMPARE(lanes.size(), 3);
    QCOMPARE(lanes[1].toObject()["native"].toBool(), false);
    const QJsonObject n = lanes[2].toObject();
    QVERIFY(n["native"].toBool());
    QVERIFY2(n["lane"].toString().startsWith("cpu:bf16+native"), qPrintable(n["lane"].toString()));
    QCOMPARE(n["output_dtype"].toString(), QString("bfloat16"));
    QVERIFY(std::fabs(n["mean_abs_error"].toDouble() / 0.0012527621584013104 - 1) < 0.02);
    QVERIFY(n["correlation"].toDouble() > 0.9999);
}

// `linear --lanes` with the lanes of 8 bits and below: each lane's block names its storage, scale mode
// and saturation, the usual metrics, and what quantising x and W cost.
void TestCli::linearScaledLanesText() {
    const Outcome o = runCli({"linear", "--lanes", "cpu:f32,cpu:bf16,cpu:mxfp8,cpu:mxfp4+rceil,cpu:e4m3+sat,cpu:nvfp4"});
    QCOMPARE(o.status, 0);
    QVERIFY2(o.err.empty(), o.err.c_str());
    const QString t = QString::fromStdString(o.out);
    for (const char* want : {"\ncpu:mxfp8\n", "mxfp8 · floor (e4m3 in blocks of 32 along in, e8m0 scales)",
                             "\ncpu:mxfp4+rceil\n", "mxfp4 · rceil (e2m1 in blocks of 32 along in, e8m0 scales)",
                             "\ncpu:e4m3+sat\n", "e4m3 · per-tensor · saturating (e4m3, one float32 scale max/amax)",
                             "\ncpu:nvfp4\n", "nvfp4 (e2m1 in blocks of 16 along in, e4m3 scales, a float32 tensor scale)",
                             "SQNR of x / W", "saturated, x / W"})
        QVERIFY2(t.contains(QString::fromUtf8(want)), want);
    // Every scaled lane has the metrics of the others, and its output stays float32.
    QCOMPARE(int(t.count("mean absolute difference")), 5);
    QCOMPARE(int(t.count("SQNR of x / W")), 4);
    QCOMPARE(int(t.count("float32\n")), 1 + 4);  // the dtype lines of f32 and the four scaled lanes
    // --formats takes the scaled names too (CPU lanes), and the same numbers come out.
    const Outcome f = runCli({"linear", "--formats", "f32,mxfp8"});
    QCOMPARE(f.status, 0);
    QVERIFY(f.out.find("\ncpu:mxfp8\n") != std::string::npos);
    const auto meanOf = [](const std::string& text, const std::string& lane) {
        const std::size_t at = text.find("\n" + lane + "\n");
        const std::size_t m = text.find("mean absolute difference", at);
        return text.substr(text.find(':', m) + 2, text.find('\n', m) - text.find(':', m) - 2);
    };
    QCOMPARE(meanOf(f.out, "cpu:mxfp8"), meanOf(o.out, "cpu:mxfp8"));
}

void TestCli::linearScaledLanesJson() {
    const Outcome o = runCli({"linear", "--json", "--lanes", "cpu:f32,cpu:bf16,cpu:mxfp8,cpu:mxfp4,cpu:e4m3+sat"});
    QCOMPARE(o.status, 0);
    const QJsonArray lanes = parse(o.out)["lanes"].toArray();
    QCOMPARE(lanes.size(), 5);
    QVERIFY(lanes[1].toObject()["scaled"].isNull());
    const QJsonObject mx = lanes[2].toObject();
    QCOMPARE(mx["lane"].toString(), QString("cpu:mxfp8"));
    QCOMPARE(mx["format"].toString(), QString("mxfp8"));
    QCOMPARE(mx["output_dtype"].toString(), QString("float32"));
    const QJsonObject q = mx["scaled"].toObject();
    QCOMPARE(q["format"].toString(), QString("mxfp8"));
    QCOMPARE(q["element_format"].toString(), QString("e4m3"));
    QCOMPARE(q["block_size"].toInt(), 32);
    QCOMPARE(q["scale_format"].toString(), QString("e8m0"));
    QCOMPARE(q["scale_mode"].toString(), QString("floor"));
    QCOMPARE(q["saturate"].toBool(), false);
    for (const char* operand : {"x", "weight"}) {
        const QJsonObject c = q[operand].toObject();
        QVERIFY2(c["sqnr_db"].toDouble() > 25 && c["sqnr_db"].toDouble() < 45, operand);  // ~6 dB per bit
        QVERIFY(c["mse"].toDouble() > 0);
        for (const char* key : {"max_abs_error", "saturated_share", "underflow_share"}) QVERIFY2(c.contains(key), key);
    }
    QCOMPARE(q["x"].toObject()["elements"].toInt(), 64 * 256);
    QCOMPARE(q["weight"].toObject()["elements"].toInt(), 256 * 256);
    const QJsonObject e4 = lanes[4].toObject()["scaled"].toObject();
    QVERIFY(e4["scale_mode"].isNull());
    QCOMPARE(e4["saturate"].toBool(), true);
    QCOMPARE(e4["block_size"].toInt(), 0);
    QCOMPARE(e4["scale_format"].toString(), QString("f32"));
    // Fewer bits, more error: mxfp4 > mxfp8 > bf16 on the tutorial's example.
    const double bf16 = lanes[1].toObject()["mean_abs_error"].toDouble();
    const double mxfp8 = mx["mean_abs_error"].toDouble();
    const double mxfp4 = lanes[3].toObject()["mean_abs_error"].toDouble();
    QVERIFY2(bf16 > 0 && mxfp8 > 4 * bf16 && mxfp4 > 2 * mxfp8, o.out.c_str());
}

void TestCli::linearScaledLanesRefused_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("gpu lane") << QStringList{"linear", "--lanes", "cpu:f32,gpu:mxfp8"}
                              << "--lanes: gpu:mxfp8: FP8/MX lanes run on the CPU";
    QTest::addRow("gpu formats") << QStringList{"linear", "--formats", "f32,mxfp4", "--device", "gpu"}
                                 << "FP8/MX lanes run on the CPU";
    QTest::addRow("element format") << QStringList{"linear", "--lanes", "cpu:e2m1"} << "'e2m1' is an element format";
    QTest::addRow("element as --formats") << QStringList{"linear", "--formats", "f32,e3m2"} << "mxfp6-e3m2";
    QTest::addRow("blocks") << QStringList{"linear", "--in", "100", "--lanes", "cpu:mxfp8"}
                            << "cpu:mxfp8: in = 100 is not a multiple of mxfp8's 32-element blocks";
    QTest::addRow("lanes and formats") << QStringList{"linear", "--lanes", "cpu:mxfp8", "--formats", "f32"} << "--lanes";
    QTest::addRow("sat on mx") << QStringList{"linear", "--lanes", "cpu:mxfp8+sat"} << "+sat";
    QTest::addRow("lane twice") << QStringList{"linear", "--lanes", "cpu:mxfp8,cpu:mxfp8+floor"} << "given twice";
}

// Refused lanes: one line on stderr naming the lane, exit 2; and training refuses a GPU lane of 8 bits and below.
void TestCli::linearScaledLanesRefused() {
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    std::vector<std::string> v;
    for (const QString& a : args) v.push_back(a.toStdString());
    std::ostringstream out, err;
    QCOMPARE(cli::run(v, out, err), 2);
    QCOMPARE(lineCount(err.str()), 1);
    QVERIFY2(QString::fromStdString(err.str()).contains(mentions), err.str().c_str());
    QVERIFY(out.str().empty());
    const Outcome train = runCli({"train", "--steps", "1", "--lanes", "cpu:f32,gpu:mxfp8"});
    QVERIFY(train.status != 0);
    QCOMPARE(lineCount(train.err), 1);
    QVERIFY2(train.err.find("lanes of 8 bits and below train on the CPU (cpu:mxfp8)") != std::string::npos,
             train.err.c_str());
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

// `bench linear --device gpu` times GPU lanes on the GPU or stops with the reason (exit 1, one line).
void TestCli::benchLinearGpuNeedsADevice() {
    const Outcome o = runCli({"bench", "linear", "--device", "gpu", "--batch", "2", "--in", "4", "--out", "3",
                              "--repeats", "1"});
    if (!cudaStatus().available) {
        QCOMPARE(o.status, 1);
        QCOMPARE(o.err, "presisi bench linear: --device gpu: " + cudaStatus().reason + "\n");
        QVERIFY(o.out.empty());
    } else {
        QCOMPARE(o.status, 0);
        QVERIFY2(o.out.find("gpu:tf32") != std::string::npos, o.out.c_str());
        QVERIFY2(o.out.find("cpu:") == std::string::npos, o.out.c_str());
    }
    const Outcome bad = runCli({"bench", "linear", "--device", "tpu"});
    QCOMPARE(bad.status, 2);
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

// 1 + 2^-8 + 9e-10 lies just above a bf16 tie: read as a decimal it rounds up to 1.0078125; rounded to
// float32 first it becomes the tie 1 + 2^-8 exactly, which bf16 rounds to even, 1.
void TestCli::inspectFromFloat32() {
    const auto bf16 = [](const Outcome& o) {
        return parse(o.out)["values"].toArray()[0].toObject()["formats"].toArray()[0].toObject();
    };
    const Outcome decimal = runCli({"inspect", "1.0039062509", "--formats", "bf16", "--json"});
    QCOMPARE(decimal.status, 0);
    QCOMPARE(parse(decimal.out)["from"].toString(), QString("decimal"));
    QCOMPARE(bf16(decimal)["value"].toDouble(), 1.0078125);
    const Outcome f32 = runCli({"inspect", "1.0039062509", "--formats", "bf16", "--from", "f32", "--json"});
    QCOMPARE(f32.status, 0);
    QCOMPARE(parse(f32.out)["from"].toString(), QString("f32"));
    QCOMPARE(bf16(f32)["value"].toDouble(), 1.0);
    QVERIFY(std::fabs(bf16(f32)["abs_error"].toDouble() - 0.0039062509) < 1e-12);  // against the decimal
}

// The formats of 8 bits and below: 449 in each (values, codes and fields by hand from the OCP layouts).
void TestCli::inspectMiniFormatsJson() {
    const Outcome o = runCli({"inspect", "449", "--formats", "e4m3,e5m2,e3m2,e2m3,float4_e2m1fn,e8m0", "--json"});
    QCOMPARE(o.status, 0);
    const QJsonObject j = parse(o.out);
    QCOMPARE(j["saturate"].toBool(), false);
    const QJsonArray formats = j["values"].toArray()[0].toObject()["formats"].toArray();
    QCOMPARE(formats.size(), 6);
    struct Row {
        const char *format, *bits, *sign, *exponent, *mantissa, *cls;
        double value, down, up;  // NaN: no neighbour (JSON null)
    };
    const double none = std::nan("");
    const Row rows[] = {
        // e4m3: 449 rounds to max 448 = 1.110 x 2^8 (0x7e); above it only the NaN code, no neighbour.
        {"e4m3", "0x7e", "0", "1111", "110", "normal", 448, 416, none},
        // e5m2: 448 = 1.11 x 2^8 exactly (0x5f).
        {"e5m2", "0x5f", "0", "10111", "11", "normal", 448, 384, 512},
        // FP6/FP4 saturate: max 28 (0x1f), 7.5 (0x1f), 6 (0x7); nothing above.
        {"e3m2", "0x1f", "0", "111", "11", "normal", 28, 24, none},
        {"e2m3", "0x1f", "0", "11", "111", "normal", 7.5, 7, none},
        {"e2m1", "0x07", "0", "11", "1", "normal", 6, 4, none},
        // e8m0: 449 >= 1.5 x 256 rounds to 512 = 2^(136 - 127); no sign, no mantissa.
        {"e8m0", "0x88", "", "10001000", "", "normal", 512, 256, 1024},
    };
    for (int i = 0; i < 6; ++i) {
        const QJsonObject f = formats[i].toObject();
        const Row& r = rows[i];
        QCOMPARE(f["format"].toString(), QString(r.format));
        QCOMPARE(f["value"].toDouble(), r.value);
        QCOMPARE(f["bits"].toString(), QString(r.bits));
        QCOMPARE(f["sign"].toString(), QString(r.sign));
        QCOMPARE(f["exponent"].toString(), QString(r.exponent));
        QCOMPARE(f["mantissa"].toString(), QString(r.mantissa));
        QCOMPARE(f["class"].toString(), QString(r.cls));
        QCOMPARE(f["abs_error"].toDouble(), std::fabs(r.value - 449));
        QCOMPARE(f["next_down"].toDouble(), r.down);
        if (std::isnan(r.up)) QVERIFY2(f["next_up"].isNull(), r.format);
        else QCOMPARE(f["next_up"].toDouble(), r.up);
    }
}

// Beyond max: the OCP conversion (ml_dtypes) by default, +-max with --saturate.
void TestCli::inspectMiniFormatsSaturate() {
    const auto first = [](const Outcome& o, int k) {
        return parse(o.out)["values"].toArray()[0].toObject()["formats"].toArray()[k].toObject();
    };
    const Outcome ocp = runCli({"inspect", "-500", "--formats", "e4m3,e5m2,e2m1", "--json"});
    QCOMPARE(ocp.status, 0);
    QCOMPARE(first(ocp, 0)["value"].toString(), QString("nan"));  // e4m3: no inf, -500 is NaN
    QCOMPARE(first(ocp, 0)["bits"].toString(), QString("0xff"));
    QCOMPARE(first(ocp, 0)["class"].toString(), QString("nan"));
    QVERIFY(first(ocp, 0)["next_up"].isNull() && first(ocp, 0)["next_down"].isNull());
    QCOMPARE(first(ocp, 1)["value"].toDouble(), -512.0);
    QCOMPARE(first(ocp, 2)["value"].toDouble(), -6.0);
    QCOMPARE(first(ocp, 2)["bits"].toString(), QString("0x0f"));
    const Outcome sat = runCli({"inspect", "-500", "1e300", "--formats", "e4m3,e5m2", "--saturate", "--json"});
    QCOMPARE(sat.status, 0);
    QCOMPARE(parse(sat.out)["saturate"].toBool(), true);
    QCOMPARE(first(sat, 0)["value"].toDouble(), -448.0);
    QCOMPARE(first(sat, 0)["bits"].toString(), QString("0xfe"));
    const QJsonArray big = parse(sat.out)["values"].toArray()[1].toObject()["formats"].toArray();
    QCOMPARE(big[1].toObject()["value"].toDouble(), 57344.0);
    QCOMPARE(big[1].toObject()["bits"].toString(), QString("0x7b"));
    const Outcome inf = runCli({"inspect", "1e300", "--formats", "e5m2", "--json"});
    QCOMPARE(first(inf, 0)["value"].toString(), QString("inf"));
    QCOMPARE(first(inf, 0)["bits"].toString(), QString("0x7c"));
    // -inf saturated: an infinite error, no relative error (not "-nan").
    const Outcome negInf = runCli({"inspect", "-inf", "--formats", "f16,e5m2", "--saturate"});
    QCOMPARE(negInf.status, 0);
    QVERIFY2(negInf.out.find("e5m2  -57344           0xfb       1 11110 11  normal     error inf (rel nan)") != std::string::npos,
             negInf.out.c_str());
    QVERIFY2(negInf.out.find("f16   -65504") != std::string::npos && negInf.out.find("-nan") == std::string::npos, negInf.out.c_str());
}

void TestCli::inspectMiniFormatsText() {
    const Outcome o = runCli({"inspect", "0", "0.75", "--formats", "e2m1,e8m0"});
    QCOMPARE(o.status, 0);
    // 0 in e2m1: code 0x00; in e8m0 (no zero) NaN, with no neighbours.
    QVERIFY2(o.out.find("e2m1  0                0x00       0 00 0  zero") != std::string::npos, o.out.c_str());
    QVERIFY2(o.out.find("e8m0  nan              0xff         11111111   nan") != std::string::npos, o.out.c_str());
    QVERIFY2(o.out.find("neighbours none .. none") != std::string::npos, o.out.c_str());
    // 0.75: a tie in e2m1 (0.5 | 1) to the even code 0x2 = 1; e8m0 rounds ties upwards, to 1 as well.
    QVERIFY2(o.out.find("e2m1  1                0x02       0 01 0  normal") != std::string::npos, o.out.c_str());
    QVERIFY2(o.out.find("e8m0  1                0x7f         01111111   normal") != std::string::npos, o.out.c_str());
    QCOMPARE(runCli({"inspect", "--help"}).out.find("--saturate") != std::string::npos, true);
}

// train --json names the PyTorch it followed; --optimizer adamw without --weight-decay takes torch's 0.01.
void TestCli::trainNamesTheTorchVersion() {
    const Outcome two = runCli({"train", "--steps", "1", "--optimizer", "adamw", "--json", "-"});
    QCOMPARE(two.status, 0);
    const QJsonObject j = parse(two.out);
    QCOMPARE(j["torch_version"].toString(), QString("2"));
    QCOMPARE(j["scenario"].toObject()["torch_version"].toString(), QString("2"));
    QCOMPARE(j["scenario"].toObject()["optimizer"].toObject()["name"].toString(), QString("adamw"));
    QCOMPARE(j["scenario"].toObject()["optimizer"].toObject()["weight_decay"].toDouble(), 0.01);
    const Outcome old = runCli({"train", "--steps", "1", "--torch-version", "1.13", "--optimizer", "adamw",
                                "--weight-decay", "0", "--json", "-"});
    QCOMPARE(old.status, 0);
    QCOMPARE(parse(old.out)["torch_version"].toString(), QString("1.13"));
    QCOMPARE(parse(old.out)["scenario"].toObject()["optimizer"].toObject()["weight_decay"].toDouble(), 0.0);
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
    QTest::addRow("native with acc16") << QStringList{"linear", "--native", "--acc16"} << "--native";
    QTest::addRow("stray argument") << QStringList{"linear", "extra"} << "extra";
    QTest::addRow("repeated option") << QStringList{"linear", "--in", "4", "--in", "8"} << "--in";
    QTest::addRow("inspect nothing") << QStringList{"inspect"} << "VALUE";
    QTest::addRow("inspect word") << QStringList{"inspect", "1", "abc"} << "abc";
    QTest::addRow("inspect short option") << QStringList{"inspect", "-x"} << "-x";
    QTest::addRow("inspect from") << QStringList{"inspect", "1", "--from", "f64"} << "--from: unknown value 'f64'";
    QTest::addRow("inspect format") << QStringList{"inspect", "1", "--formats", "e4m4"} << "'e4m4' (known: f32, bf16, f16, e4m3, e5m2, e3m2, e2m3, e2m1, e8m0)";
    QTest::addRow("torch version") << QStringList{"train", "--torch-version", "3"} << "--torch-version: unknown value '3' (2, 1.13)";
    QTest::addRow("optimizer") << QStringList{"train", "--optimizer", "lion"} << "(sgd, adam, adamw)";
    QTest::addRow("bench unknown") << QStringList{"bench", "nothing"} << "nothing";
    QTest::addRow("format twice") << QStringList{"linear", "--formats", "f32,bf16,f16,bf16"} << "'bf16' given twice";
    QTest::addRow("lane twice") << QStringList{"train", "--lanes", "cpu:f32,cpu:f16,cpu:f16"} << "'cpu:f16' given twice";
    QTest::addRow("option twice") << QStringList{"linear", "--lanes", "cpu:e4m3+sat+sat"} << "'+sat' given twice in 'cpu:e4m3+sat+sat'";
    QTest::addRow("training option in linear") << QStringList{"linear", "--lanes", "cpu:f32,cpu:bf16+scaler"}
                                               << "cpu:bf16+scaler: +scaler, +pure, +sr, +kahan, +accum-low and +naive-stats are options of the training lanes";
    QTest::addRow("pure in linear") << QStringList{"linear", "--lanes", "cpu:bf16+pure"} << "options of the training lanes";
    QTest::addRow("op twice") << QStringList{"train", "--op", "softmax=low,loss=f32,softmax=f32"} << "'softmax' given twice";
    QTest::addRow("json empty") << QStringList{"train", "--steps", "1", "--json", ""} << "--json: empty file name";
    QTest::addRow("csv empty") << QStringList{"train", "--steps", "1", "--csv", ""} << "--csv: empty file name";
    QTest::addRow("json directory") << QStringList{"train", "--steps", "1", "--json", "/"} << "is a directory";
    QTest::addRow("json no directory") << QStringList{"train", "--steps", "1", "--json", "/dev/null/run.json"} << "not a directory";
    // A lane's text is bounded as a file's is: the message stays a line, not a page.
    QTest::addRow("lane too long") << QStringList{"train", "--lanes", "cpu:f32," + QString(5000, QLatin1Char('b'))}
                                   << "a lane of 5000 characters, more than the 128 a lane may have ('bbbbbbbbbbbbbbbbbbbbbbbb…')";
    // Paths a scenario file could not hold: it refuses a line break in a path.
    QTest::addRow("data path two lines") << QStringList{"train", "--data", "x.npy", "--targets", "y\r.npy"}
                                         << "targets = a path: must be one line (a line break at byte 2)";
    QTest::addRow("batch beyond data") << QStringList{"train", "--samples", "100", "--steps", "1"} << "--batch: 256 is larger than the training set (100 samples)";

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

void TestCli::failedOutputIsAnError_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addRow("linear") << QStringList{"linear", "--in", "8", "--out", "8", "--batch", "2"};
    QTest::addRow("linear --json") << QStringList{"linear", "--in", "8", "--out", "8", "--batch", "2", "--json"};
    QTest::addRow("inspect") << QStringList{"inspect", "0.1"};
    QTest::addRow("presets --json") << QStringList{"presets", "--json"};
    QTest::addRow("train") << QStringList{"train", "--steps", "2"};
    QTest::addRow("train --json -") << QStringList{"train", "--steps", "2", "--json", "-"};
    QTest::addRow("--help") << QStringList{"--help"};
}

void TestCli::failedOutputIsAnError() {
    QFETCH(QStringList, args);
    std::vector<std::string> v;
    for (const QString& a : args) v.push_back(a.toStdString());
    FailingBuffer buffer;
    std::ostream out(&buffer);
    std::ostringstream err;
    QCOMPARE(cli::run(v, out, err), 1);
    QCOMPARE(lineCount(err.str()), 1);
    QVERIFY2(err.str().find("cannot write to standard output") != std::string::npos, err.str().c_str());
}

void TestCli::failedCommandLeavesFilesUntouched() {
    QTemporaryDir dir;
    const std::string json = dir.filePath("run.json").toStdString(), csv = dir.filePath("run.csv").toStdString();
    writeFile(json, "keep me\n");
    writeFile(csv, "keep me too\n");
    // The CSV path cannot be created: the JSON file, named first, must not have been emptied.
    Outcome o = runCli({"train", "--steps", "2", "--json", json, "--csv", dir.filePath("no/such/dir.csv").toStdString()});
    QCOMPARE(o.status, 2);
    QCOMPARE(readFile(json), std::string("keep me\n"));
    // Standard output fails: neither file is replaced.
    o = runCliFailingOutput({"train", "--steps", "2", "--json", json, "--csv", csv});
    QCOMPARE(o.status, 1);
    QCOMPARE(readFile(json), std::string("keep me\n"));
    QCOMPARE(readFile(csv), std::string("keep me too\n"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);  // no temporary left behind
    // A run that completes replaces both with complete files.
    o = runCli({"train", "--steps", "2", "--json", json, "--csv", csv});
    QCOMPARE(o.status, 0);
    QCOMPARE(parse(readFile(json))["steps"].toInt(), 2);
    QCOMPARE(lineCount(readFile(csv)), 1 + 4 * 2);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
}

void TestCli::limitsAsWritten_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("eps") << QStringList{"--eps", "0"} << "from 1e-300 to 1,";
    QTest::addRow("init scale") << QStringList{"--init-scale", "1e39"} << "to 3.4e38,";
    QTest::addRow("input scale") << QStringList{"--input-scale", "0"} << "from 1e-30 to 1e30,";
    QTest::addRow("momentum") << QStringList{"--momentum", "1"} << "from 0 to 0.999999,";
    QTest::addRow("growth factor") << QStringList{"--growth-factor", "1"} << "from 1.0000001 to 1e6,";
}

void TestCli::limitsAsWritten() {
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    std::vector<std::string> v{"train", "--steps", "1"};
    for (const QString& a : args) v.push_back(a.toStdString());
    std::ostringstream out, err;
    QCOMPARE(cli::run(v, out, err), 2);
    QVERIFY2(QString::fromStdString(err.str()).contains(mentions), err.str().c_str());
}

void TestCli::seedsExactInJson() {
    // 2^53 + 1 is not a double; 2^64 - 1 is written as -1 (the same 64 bits, torch.manual_seed(-1)).
    const Outcome lin = runCli({"linear", "--in", "4", "--out", "4", "--batch", "2", "--seed", "9007199254740993", "--json"});
    QCOMPARE(lin.status, 0);
    QVERIFY2(lin.out.find("\"seed\":9007199254740993,") != std::string::npos, lin.out.c_str());
    const Outcome big = runCli({"linear", "--in", "4", "--out", "4", "--batch", "2", "--seed", "18446744073709551615", "--json"});
    QVERIFY2(big.out.find("\"seed\":-1,") != std::string::npos, big.out.c_str());
    const Outcome train = runCli({"train", "--steps", "1", "--seed", "9007199254740993", "--json", "-"});
    QCOMPARE(train.status, 0);
    QVERIFY2(train.out.find("\"seed\":9007199254740993,") != std::string::npos, train.out.substr(0, 300).c_str());
    // The experiment/preset JSON (Qt's writer and reader) keeps them too.
    for (const std::uint64_t seed : {std::uint64_t{9007199254740993u}, std::uint64_t{9223372036854775813u}, ~std::uint64_t{0}}) {
        Scenario sc;
        sc.seed = seed;
        sc.data.seed = seed - 1;
        const QByteArray text = QJsonDocument(services::scenarioToJson(sc)).toJson(QJsonDocument::Compact);
        const Scenario back = services::scenarioFromJson(QJsonDocument::fromJson(text).object(), "round trip");
        QVERIFY2(back.seed == seed, text.constData());
        QVERIFY2(back.data.seed && *back.data.seed == seed - 1, text.constData());
    }
}

// 1e400 and 1e-400 are not float64 numbers: inspect says the decimal itself overflows or underflows instead of
// reporting "error 0" as if inf and 0 were what was typed; "inf" and 2.5e-308 are what they say.
void TestCli::inspectNamesADecimalBeyondFloat64() {
    std::ostringstream out, err;
    QCOMPARE(cli::run(std::vector<std::string>{"inspect", "1e400", "-1e400", "1e-400", "inf", "2.5e-308", "--formats", "bf16"}, out, err), 0);
    const std::string o = out.str();
    QVERIFY2(o.find("1e400\n  (this decimal is beyond float64's range, which ends at 1.7976931348623157e308: it is read as inf") != std::string::npos, o.c_str());
    QVERIFY(o.find("-1e400\n  (this decimal is beyond float64's range, which ends at 1.7976931348623157e308: it is read as -inf") != std::string::npos);
    QVERIFY(o.find("1e-400\n  (this decimal is below float64's smallest normal 2.2250738585072014e-308: it is read as 0") != std::string::npos);
    QVERIFY(o.find("inf\n  (this") == std::string::npos && o.find("2.5e-308\n  (this") == std::string::npos);
    std::ostringstream json, jerr;
    QCOMPARE(cli::run(std::vector<std::string>{"inspect", "1e400", "1e-310", "0", "--json"}, json, jerr), 0);
    const QJsonArray values = QJsonDocument::fromJson(QByteArray::fromStdString(json.str())).object()["values"].toArray();
    QCOMPARE(values[0].toObject()["input_range"].toString(), QStringLiteral("overflow"));
    QCOMPARE(values[1].toObject()["input_range"].toString(), QStringLiteral("underflow"));
    QCOMPARE(values[2].toObject()["input_range"].toString(), QStringLiteral("within"));
}

// Every value Presisi echoes from an argument or a file is shown, never obeyed: a newline, ESC, BEL, DEL, a C1 CSI
// or a byte that is not UTF-8 in an option's value comes out as \xNN, in one line, while Indonesian text passes.
void TestCli::echoedValuesArePrintable_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("shown");
    const QString clear = QString::fromLatin1("x\n\x1b[2Jy");
    QTest::newRow("train --norm") << QStringList{"train", "--norm", clear} << "'x\\x0a\\x1b[2Jy'";
    QTest::newRow("inspect") << QStringList{"inspect", QString::fromLatin1("1e-7\n")} << "'1e-7\\x0a'";
    QTest::newRow("linear --formats") << QStringList{"linear", "--formats", QString::fromLatin1("f32,\x07" "bf16")} << "\\x07bf16";
    QTest::newRow("quantize --format") << QStringList{"quantize", "x.npy", "--format", QString::fromLatin1("e4m3\x7f")} << "e4m3\\x7f";
    QTest::newRow("check --lanes") << QStringList{"check", "--lanes", QString::fromUtf8("cpu:f32,cpu:\u009b" "2J")} << "cpu:\\xc2\\x9b2J";
    QTest::newRow("unknown command") << QStringList{QString::fromLatin1("tra\x1b]0;title\x07in")} << "tra\\x1b]0;title\\x07in";
    QTest::newRow("--lang") << QStringList{"--lang", QString::fromLatin1("i\rd"), "linear"} << "i\\x0dd";
    QTest::newRow("Indonesian passes") << QStringList{"train", "--norm", QString::fromUtf8("lapisan·…")} << QString::fromUtf8("'lapisan·…'");
}

void TestCli::echoedValuesArePrintable() {
    QFETCH(QStringList, args);
    QFETCH(QString, shown);
    std::vector<std::string> v;
    for (const QString& a : args) v.push_back(a.toStdString());
    std::ostringstream out, err;
    QCOMPARE(cli::run(v, out, err), 2);
    const std::string e = err.str();
    QVERIFY2(e.find(shown.toStdString()) != std::string::npos, e.c_str());
    QCOMPARE(std::count(e.begin(), e.end(), '\n'), std::ptrdiff_t(1));
    for (std::size_t i = 0; i + 1 < e.size(); ++i) {
        const auto c = static_cast<unsigned char>(e[i]);
        QVERIFY2(c >= 0x20 && c != 0x7f, qPrintable(QString("byte 0x%1 at %2").arg(c, 2, 16, QChar('0')).arg(i)));
        QVERIFY(!(c == 0xc2 && static_cast<unsigned char>(e[i + 1]) >= 0x80 && static_cast<unsigned char>(e[i + 1]) < 0xa0));
    }
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
