// Scaled formats (engine/numerics/scaled_format.h) bit for bit against torchao 0.18 (tests/data/quantize,
// made by scripts/make_quantize_reference.py), FP8.md's worked blocks, statistics against float64, and
// `presisi quantize` in-process: text, JSON, --out, one-line errors.
#include <QtTest>

#include <QTemporaryDir>

#include <algorithm>
#include <bit>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "app/cli/cli.h"
#include "engine/error.h"
#include "engine/numerics/scaled_format.h"
#include "engine/training/npy.h"

using namespace presisi;

namespace {

std::string dataPath(const std::string& name) { return std::string(PRESISI_TEST_DATA_DIR) + "/quantize/" + name; }

NpyArray load(const std::string& name) { return readNpy(dataPath(name)); }

std::vector<float> floats(const NpyArray& a, std::size_t from = 0, std::size_t count = SIZE_MAX) {
    count = std::min(count, a.values.size() - from);
    std::vector<float> v(count);
    for (std::size_t i = 0; i < count; ++i) v[i] = static_cast<float>(a.values[from + i]);
    return v;
}

// Equal as float32 bit patterns; any NaN equals any NaN.
bool sameFloat(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

QString where(std::int64_t i, std::int64_t cols) { return QStringLiteral("[%1, %2]").arg(i / cols).arg(i % cols); }

ScaledFormat mxFormatOf(const QString& element) {
    if (element == QLatin1String("e4m3")) return ScaledFormat::Mxfp8;
    if (element == QLatin1String("e5m2")) return ScaledFormat::Mxfp8E5m2;
    if (element == QLatin1String("e2m3")) return ScaledFormat::Mxfp6E2m3;
    if (element == QLatin1String("e3m2")) return ScaledFormat::Mxfp6E3m2;
    return ScaledFormat::Mxfp4;
}

struct Outcome {
    int status;
    std::string out, err;
};

Outcome runCli(std::vector<std::string> args) {
    std::ostringstream out, err;
    const int status = cli::run(args, out, err);
    return {status, out.str(), err.str()};
}

QJsonObject parse(const std::string& text) {
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson(QByteArray::fromStdString(text), &e);
    return e.error == QJsonParseError::NoError ? d.object() : QJsonObject{};
}

void writeNpy(const std::string& path, const std::string& bytes) {
    std::ofstream f(path, std::ios::binary);
    f << bytes;
}

}  // namespace

class TestQuantize : public QObject {
    Q_OBJECT
private slots:
    void traitsAndNames();
    void mxMatchesTorchao_data();
    void mxMatchesTorchao();
    void nvfp4MatchesTorchao();
    void tensorwiseMatchesTorchao_data();
    void tensorwiseMatchesTorchao();
    void workedExamples();
    void statisticsAgainstFloat64_data();
    void statisticsAgainstFloat64();
    void errors();
    void speed256();
    void cliText();
    void cliJsonAndOut();
    void cliCapsTheBlockTable();
    void cliAmaxAndSaturate();
    void cliErrors_data();
    void cliErrors();
};

void TestQuantize::traitsAndNames() {
    for (ScaledFormat f : kAllScaledFormats) {
        const ScaledFormatTraits& t = traits(f);
        QCOMPARE(t.format, f);
        QVERIFY(parseScaledFormat(t.name) == f);
    }
    QCOMPARE(traits(ScaledFormat::Mxfp8).blockSize, 32);
    QCOMPARE(traits(ScaledFormat::Mxfp4).element, Format::E2M1);
    QCOMPARE(traits(ScaledFormat::Nvfp4).blockSize, 16);
    QCOMPARE(traits(ScaledFormat::Nvfp4).scale, Format::E4M3);
    QCOMPARE(traits(ScaledFormat::E5M2).blockSize, 0);
    QVERIFY(!parseScaledFormat("mxfp3"));
    for (ScaleMode m : {ScaleMode::Floor, ScaleMode::Ceil, ScaleMode::Even, ScaleMode::Rceil})
        QVERIFY(parseScaleMode(scaleModeName(m)) == m);
    QCOMPARE(scaleModeName(ScaleMode::Rceil), std::string_view("rceil"));
    QVERIFY(!parseScaleMode("nearest"));
}

void TestQuantize::mxMatchesTorchao_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("element");
    QTest::addColumn<int>("modeIndex");
    for (const char* input : {"main", "special"})
        for (const char* element : {"e4m3", "e5m2", "e2m3", "e3m2", "e2m1"})
            for (int m = 0; m < 4; ++m)
                QTest::addRow("%s/%s/%s", input, element, std::string(scaleModeName(static_cast<ScaleMode>(m))).c_str())
                    << QString::fromLatin1(input) << QString::fromLatin1(element) << m;
}

// torchao's to_mx codes and e8m0 scales and to_dtype's dequantised values, bit for bit. The one
// documented difference: an element that is NaN after scaling (a NaN input; under RCEIL every element of
// a NaN block) takes ml_dtypes' NaN code here and torch's (e5m2) or torchao's bit trick's (FP6/FP4) there.
void TestQuantize::mxMatchesTorchao() {
    QFETCH(QString, input);
    QFETCH(QString, element);
    QFETCH(int, modeIndex);
    const ScaleMode mode = static_cast<ScaleMode>(modeIndex);
    const std::string prefix = input.toStdString() + "_mx_" + element.toStdString();
    const NpyArray x = load(input.toStdString() + "_input.npy");
    const NpyArray codes = load(prefix + "_codes.npy"), scales = load(prefix + "_scales.npy"),
                   deq = load(prefix + "_dequantised.npy");
    const std::int64_t rows = x.shape[0], cols = x.shape[1], n = rows * cols, blocksPerRow = cols / 32;
    QCOMPARE(codes.shape, (std::vector<std::int64_t>{4, rows, cols}));
    QCOMPARE(scales.shape, (std::vector<std::int64_t>{4, rows, blocksPerRow}));

    const std::vector<float> in = floats(x);
    const ScaledFormat f = mxFormatOf(element);
    const QuantizedTensor q = quantize(f, in, rows, cols, {mode});
    QCOMPARE(q.blocks.size(), std::size_t(rows * blocksPerRow));
    const Format elem = traits(f).element;
    for (std::int64_t b = 0; b < rows * blocksPerRow; ++b) {
        const auto want = static_cast<std::uint8_t>(scales.values[std::size_t(modeIndex * rows * blocksPerRow + b)]);
        if (q.blocks[std::size_t(b)].scaleCode != want)
            QFAIL(qPrintable(QStringLiteral("block %1: scale code %2, torchao %3").arg(b).arg(uint(q.blocks[std::size_t(b)].scaleCode)).arg(uint(want))));
        QVERIFY(sameFloat(q.blocks[std::size_t(b)].scale, decode(Format::E8M0, want)));
    }
    int nanElements = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        const auto want = static_cast<std::uint8_t>(codes.values[std::size_t(modeIndex * n + i)]);
        const float wantDeq = static_cast<float>(deq.values[std::size_t(modeIndex * n + i)]);
        const BlockInfo& block = q.blocks[std::size_t(i / 32)];
        const bool nanAfterScaling = block.scaleCode == 255 && (std::isnan(in[std::size_t(i)]) || mode == ScaleMode::Rceil);
        if (nanAfterScaling) {
            ++nanElements;
            QCOMPARE(q.codes[std::size_t(i)], encode(elem, std::numeric_limits<float>::quiet_NaN()));
            if (elem == Format::E4M3 || elem == Format::E5M2) QVERIFY(std::isnan(decode(elem, want)));
        } else if (q.codes[std::size_t(i)] != want) {
            QFAIL(qPrintable(QStringLiteral("element %1 (x = %2): code 0x%3, torchao 0x%4")
                                 .arg(where(i, cols)).arg(double(in[std::size_t(i)]), 0, 'g', 9)
                                 .arg(uint(q.codes[std::size_t(i)]), 2, 16, QLatin1Char('0')).arg(uint(want), 2, 16, QLatin1Char('0'))));
        }
        if (!sameFloat(q.dequantised[std::size_t(i)], wantDeq))
            QFAIL(qPrintable(QStringLiteral("element %1: dequantised %2, torchao %3").arg(where(i, cols))
                                 .arg(double(q.dequantised[std::size_t(i)]), 0, 'g', 9).arg(double(wantDeq), 0, 'g', 9)));
    }
    // Only the special tensor's NaN block (row 0, block 0) is NaN after scaling: its NaN under FLOOR,
    // CEIL and EVEN, all 32 elements under RCEIL.
    const int expectedNan = input == QLatin1String("special") ? (mode == ScaleMode::Rceil ? 32 : 1) : 0;
    QCOMPARE(nanElements, expectedNan);
}

void TestQuantize::nvfp4MatchesTorchao() {
    const NpyArray x = load("main_input.npy");
    const std::int64_t rows = x.shape[0], cols = x.shape[1];
    const std::vector<float> in = floats(x);
    const QuantizedTensor q = quantize(ScaledFormat::Nvfp4, in, rows, cols);
    const float pts = static_cast<float>(load("main_nvfp4_tensor_scale.npy").values.at(0));
    QVERIFY(sameFloat(q.tensorScale, pts));
    const NpyArray scales = load("main_nvfp4_scales.npy"), codes = load("main_nvfp4_codes.npy"), deq = load("main_nvfp4_dequantised.npy");
    QCOMPARE(q.blocks.size(), scales.values.size());
    for (std::size_t b = 0; b < q.blocks.size(); ++b) {
        QCOMPARE(int(q.blocks[b].scaleCode), int(scales.values[b]));
        QVERIFY(sameFloat(q.blocks[b].scale, pts * decode(Format::E4M3, q.blocks[b].scaleCode)));
    }
    int distinctScales = 0;
    for (std::size_t b = 0; b < q.blocks.size(); ++b) distinctScales += q.blocks[b].scaleCode != 8;
    QVERIFY(distinctScales > 10);  // the input exercises more than the bottom clamp
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (q.codes[i] != static_cast<std::uint8_t>(codes.values[i]))
            QFAIL(qPrintable(QStringLiteral("element %1: code %2, torchao %3").arg(where(std::int64_t(i), cols)).arg(uint(q.codes[i])).arg(codes.values[i])));
        if (!sameFloat(q.dequantised[i], static_cast<float>(deq.values[i])))
            QFAIL(qPrintable(QStringLiteral("element %1: dequantised %2, torchao %3").arg(where(std::int64_t(i), cols))
                                 .arg(double(q.dequantised[i]), 0, 'g', 9).arg(deq.values[i], 0, 'g', 9)));
    }
}

void TestQuantize::tensorwiseMatchesTorchao_data() {
    QTest::addColumn<QString>("element");
    QTest::addColumn<int>("row");
    QTest::addColumn<bool>("saturate");
    for (const char* e : {"e4m3", "e5m2"}) {
        QTest::addRow("%s/own-amax", e) << QString::fromLatin1(e) << 0 << true;
        QTest::addRow("%s/own-amax-ocp", e) << QString::fromLatin1(e) << 0 << false;  // nothing overflows: the same
        QTest::addRow("%s/stale-amax-saturate", e) << QString::fromLatin1(e) << 1 << true;
        QTest::addRow("%s/stale-amax-ocp", e) << QString::fromLatin1(e) << 2 << false;
    }
}

// Rows 0 and 1 are torchao's (amax_to_scale, hp_tensor_and_scale_to_float8, to_original_precision), row 2
// ml_dtypes' non-saturating cast of x·scale.
void TestQuantize::tensorwiseMatchesTorchao() {
    QFETCH(QString, element);
    QFETCH(int, row);
    QFETCH(bool, saturate);
    const NpyArray x = load("main_input.npy");
    const std::int64_t rows = x.shape[0], cols = x.shape[1], n = rows * cols;
    const std::vector<float> in = floats(x);
    const std::string prefix = "main_tensorwise_" + element.toStdString();
    const NpyArray codes = load(prefix + "_codes.npy"), deq = load(prefix + "_dequantised.npy"), scales = load(prefix + "_scales.npy");
    const NpyArray amaxes = load("main_tensorwise_amax.npy");
    QuantizeOptions o;
    o.overflow = saturate ? Overflow::Saturate : Overflow::Ocp;
    if (row > 0) o.amax = static_cast<float>(amaxes.values[1]);
    const ScaledFormat f = element == QLatin1String("e4m3") ? ScaledFormat::E4M3 : ScaledFormat::E5M2;
    const QuantizedTensor q = quantize(f, in, rows, cols, o);
    QVERIFY(sameFloat(q.tensorScale, static_cast<float>(scales.values[std::size_t(row)])));
    QVERIFY(sameFloat(q.tensorAmax, static_cast<float>(amaxes.values[0])));
    QCOMPARE(q.blocks.size(), std::size_t(1));
    int overflowed = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        const auto want = static_cast<std::uint8_t>(codes.values[std::size_t(row * n + i)]);
        if (q.codes[std::size_t(i)] != want)
            QFAIL(qPrintable(QStringLiteral("element %1: code 0x%2, reference 0x%3").arg(where(i, cols))
                                 .arg(uint(q.codes[std::size_t(i)]), 2, 16, QLatin1Char('0')).arg(uint(want), 2, 16, QLatin1Char('0'))));
        QVERIFY2(sameFloat(q.dequantised[std::size_t(i)], static_cast<float>(deq.values[std::size_t(row * n + i)])), qPrintable(where(i, cols)));
        overflowed += !std::isfinite(q.dequantised[std::size_t(i)]);
    }
    // The stale amax overflows 13 elements: NaN (e4m3) or ±inf (e5m2) under the OCP conversion.
    QCOMPARE(overflowed, row == 2 ? 13 : 0);
    QCOMPARE(q.stats.saturatedShare * double(n), row == 0 ? 0.0 : 13.0);
}

// /work/shared/FP8.md's worked blocks.
void TestQuantize::workedExamples() {
    auto block = [](std::initializer_list<float> head) {
        std::vector<float> b(32, 0.0f);
        std::copy(head.begin(), head.end(), b.begin());
        return b;
    };
    {  // e4m3, amax 500: FLOOR 2^0 (500 saturates to 448), RCEIL 2^1 (500 -> 250 -> 256 -> 512)
        const std::vector<float> b = block({500.0f, 1.0f});
        const QuantizedTensor fl = quantize(ScaledFormat::Mxfp8, b, 1, 32, {ScaleMode::Floor});
        const QuantizedTensor rc = quantize(ScaledFormat::Mxfp8, b, 1, 32, {ScaleMode::Rceil});
        QCOMPARE(fl.blocks[0].scale, 1.0f);
        QCOMPARE(fl.blocks[0].scaleCode, std::uint8_t(127));
        QCOMPARE(fl.dequantised[0], 448.0f);
        QCOMPARE(fl.blocks[0].stats.saturatedShare, 1.0 / 32);
        QCOMPARE(rc.blocks[0].scale, 2.0f);
        QCOMPARE(rc.dequantised[0], 512.0f);
        QCOMPARE(rc.blocks[0].stats.saturatedShare, 0.0);
    }
    {  // e4m3, amax 255: FLOOR 2^-1 (510 clamps to 448, dequantised 224), RCEIL 2^0
        const std::vector<float> b = block({-255.0f, 3.0f});
        const QuantizedTensor fl = quantize(ScaledFormat::Mxfp8, b, 1, 32, {ScaleMode::Floor});
        const QuantizedTensor rc = quantize(ScaledFormat::Mxfp8, b, 1, 32, {ScaleMode::Rceil});
        QCOMPARE(fl.blocks[0].scale, 0.5f);
        QCOMPARE(fl.dequantised[0], -224.0f);
        QCOMPARE(rc.blocks[0].scale, 1.0f);
        QCOMPARE(rc.dequantised[0], -256.0f);
    }
    {  // fp4 [5, 7, 0.25, 0.75, 3]: FLOOR -> [4, 6, 0, 1, 3], RCEIL -> [4, 8, 0, 1, 3]
        const std::vector<float> b = block({5, 7, 0.25f, 0.75f, 3});
        const QuantizedTensor fl = quantize(ScaledFormat::Mxfp4, b, 1, 32, {ScaleMode::Floor});
        const QuantizedTensor rc = quantize(ScaledFormat::Mxfp4, b, 1, 32, {ScaleMode::Rceil});
        const std::vector<float> wantFloor{4, 6, 0, 1, 3}, wantRceil{4, 8, 0, 1, 3};
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(fl.dequantised[std::size_t(i)], wantFloor[std::size_t(i)]);
            QCOMPARE(rc.dequantised[std::size_t(i)], wantRceil[std::size_t(i)]);
        }
        QCOMPARE(fl.blocks[0].scale, 1.0f);
        QCOMPARE(rc.blocks[0].scale, 2.0f);
        // 0.25 became zero under both: 1 of 5 non-zero inputs.
        QCOMPARE(fl.blocks[0].stats.underflowShare, 0.2);
        QCOMPARE(rc.blocks[0].stats.underflowShare, 0.2);
        QCOMPARE(fl.blocks[0].stats.saturatedShare, 1.0 / 32);  // 7 > 6
    }
    {  // RCEIL takes log2 in float32 (torch.log2): amax = 14336·(1 + 2^-23/1.75) gives amax/448 = 32·(1 + 2^-23),
       // whose log2, 5 + 1.7e-7, rounds to 5. torch's code is 132 (2^5), not the exact ceiling's 133, and the
       // element lands above max (448.00003) but rounds to 448: a rounding, not a clip.
        const std::vector<float> b = block({std::nextafter(14336.0f, 1e9f)});
        const QuantizedTensor rc = quantize(ScaledFormat::Mxfp8, b, 1, 32, {ScaleMode::Rceil});
        QCOMPARE(int(rc.blocks[0].scaleCode), 132);
        QCOMPARE(rc.dequantised[0], 14336.0f);
        QCOMPARE(rc.blocks[0].stats.saturatedShare, 0.0);
    }
    {  // a zero block: scale code 0 (2^-127), every element zero, no error, SQNR +inf
        const std::vector<float> z(32, 0.0f);
        for (ScaleMode m : {ScaleMode::Floor, ScaleMode::Ceil, ScaleMode::Even, ScaleMode::Rceil}) {
            const QuantizedTensor q = quantize(ScaledFormat::Mxfp8, z, 1, 32, {m});
            QCOMPARE(q.blocks[0].scaleCode, std::uint8_t(0));
            QCOMPARE(q.stats.mse, 0.0);
            QVERIFY(std::isinf(q.stats.sqnrDb) && q.stats.sqnrDb > 0);
        }
    }
}

void TestQuantize::statisticsAgainstFloat64_data() {
    QTest::addColumn<int>("format");
    for (ScaledFormat f : kAllScaledFormats) QTest::addRow("%s", std::string(traits(f).name).c_str()) << static_cast<int>(f);
}

// The statistics recomputed here in double from the input and the dequantised values; saturation from
// the scale (MX FLOOR: x / 2^(code-127); NVFP4: x · (1/pts)/s; per tensor: x · scale): a scaled value
// clips where it lies beyond the element format's overflow threshold, or on it when the tie rounds up
// (max's code odd: every format here but e4m3, whose 464 rounds to 448).
void TestQuantize::statisticsAgainstFloat64() {
    QFETCH(int, format);
    const ScaledFormat f = static_cast<ScaledFormat>(format);
    const NpyArray x = load("main_input.npy");
    const std::int64_t rows = x.shape[0], cols = x.shape[1];
    const std::vector<float> in = floats(x);
    QuantizeOptions o;
    if (traits(f).blockSize == 0) o.amax = static_cast<float>(load("main_tensorwise_amax.npy").values[1]), o.overflow = Overflow::Saturate;
    const QuantizedTensor q = quantize(f, in, rows, cols, o);
    const std::int64_t block = traits(f).blockSize > 0 ? traits(f).blockSize : rows * cols;
    const Format element = traits(f).element;
    const double threshold = traits(element).overflowThreshold;
    const bool tieUp = (encode(element, static_cast<float>(traits(element).max)) & 1u) != 0;
    double tErr = 0, tSig = 0, tMax = 0;
    std::int64_t tSat = 0, tNonZero = 0, tUnder = 0;
    for (std::size_t b = 0; b < q.blocks.size(); ++b) {
        double err = 0, sig = 0, mx = 0;
        std::int64_t sat = 0, nonZero = 0, under = 0;
        const BlockInfo& bi = q.blocks[b];
        for (std::int64_t i = 0; i < block; ++i) {
            const std::size_t at = b * std::size_t(block) + std::size_t(i);
            const double xv = in[at], d = q.dequantised[at];
            err += (d - xv) * (d - xv);
            sig += xv * xv;
            mx = std::max(mx, std::fabs(d - xv));
            double scaled;
            if (f == ScaledFormat::Nvfp4) scaled = double(in[at] * ((1.0f / q.tensorScale) / decode(Format::E4M3, bi.scaleCode)));
            else if (traits(f).blockSize == 0) scaled = double(in[at] * q.tensorScale);
            else scaled = xv / std::max(std::ldexp(1.0, int(bi.scaleCode) - 127), std::ldexp(1.0, -126));
            sat += std::fabs(scaled) > threshold || (tieUp && std::fabs(scaled) == threshold);
            if (xv != 0) {
                ++nonZero;
                under += decode(traits(f).element, q.codes[at]) == 0.0f;
            }
        }
        const CastStats& s = bi.stats;
        QCOMPARE(s.elements, block);
        QCOMPARE(s.mse, err / double(block));
        QCOMPARE(s.maxAbsError, mx);
        if (err > 0) QCOMPARE(s.sqnrDb, 10 * std::log10(sig / err));
        QCOMPARE(s.saturatedShare, double(sat) / double(block));
        QCOMPARE(s.underflowShare, nonZero ? double(under) / double(nonZero) : 0.0);
        tErr += err, tSig += sig, tMax = std::max(tMax, mx), tSat += sat, tNonZero += nonZero, tUnder += under;
    }
    const double n = double(rows * cols);
    QCOMPARE(q.stats.elements, rows * cols);
    QCOMPARE(q.stats.mse, tErr / n);
    QCOMPARE(q.stats.sqnrDb, 10 * std::log10(tSig / tErr));
    QCOMPARE(q.stats.maxAbsError, tMax);
    QCOMPARE(q.stats.saturatedShare, double(tSat) / n);
    QCOMPARE(q.stats.underflowShare, double(tUnder) / double(tNonZero));
    // Eight decades in one block and subnormal inputs: something underflows in every format but mxfp8-e5m2
    // (2^31 between its max and its smallest subnormal, each block scaled on its own).
    QCOMPARE(tUnder > 0, f != ScaledFormat::Mxfp8E5m2);
}

void TestQuantize::errors() {
    const std::vector<float> v(30, 1.0f);
    auto message = [&](ScaledFormat f, std::int64_t rows, std::int64_t cols, QuantizeOptions o = {}) -> std::string {
        try {
            quantize(f, v, rows, cols, o);
        } catch (const Error& e) {
            return e.what();
        }
        return "no error";
    };
    QCOMPARE(message(ScaledFormat::Mxfp8, 1, 30), std::string("the tensor has 30 values per row; mxfp8 blocks hold 32"));
    QCOMPARE(message(ScaledFormat::Nvfp4, 2, 15), std::string("the tensor has 15 values per row; nvfp4 blocks hold 16"));
    QVERIFY(message(ScaledFormat::E4M3, 4, 8).find("30 values do not make a (4, 8) tensor") != std::string::npos);
    QuantizeOptions o;
    o.amax = 1.0f;
    const std::vector<float> w(32, 1.0f);
    try {
        quantize(ScaledFormat::Mxfp4, w, 1, 32, o);
        QFAIL("an amax for a block format was accepted");
    } catch (const Error& e) {
        QVERIFY(std::string(e.what()).find("per-tensor") != std::string::npos);
    }
    QCOMPARE(message(ScaledFormat::E4M3, 1, 30), std::string("no error"));  // per tensor: any length
}

void TestQuantize::speed256() {
    std::vector<float> m(256 * 256);
    for (std::size_t i = 0; i < m.size(); ++i) m[i] = std::sin(float(i)) * std::exp2(float(int(i % 37) - 18));
    QuantizedTensor q;
    QBENCHMARK_ONCE { q = quantize(ScaledFormat::Mxfp4, m, 256, 256, {ScaleMode::Rceil}); }
    QCOMPARE(q.dequantised.size(), m.size());
    QCOMPARE(q.blocks.size(), std::size_t(256 * 8));
}

void TestQuantize::cliText() {
    const Outcome o = runCli({"quantize", dataPath("main_input.npy"), "--format", "mxfp8", "--scale-mode", "rceil"});
    QCOMPARE(o.status, 0);
    QVERIFY2(o.err.empty(), o.err.c_str());
    QVERIFY(o.out.find("format mxfp8 | elements e4m3 | block 32 | scale e8m0 | scale mode rceil | overflow saturate") != std::string::npos);
    QVERIFY(o.out.find("(8, 64)") != std::string::npos);
    QVERIFY(o.out.find("tensor: MSE ") != std::string::npos);
    QVERIFY(o.out.find("SQNR dB") != std::string::npos);
    // 16 block rows and no "more blocks" line.
    QCOMPARE(int(std::count(o.out.begin(), o.out.end(), '\n')), 3 + 1 + 16);
    QVERIFY(o.out.find("more blocks") == std::string::npos);
    // The zero block (row 3, block 0) has scale code 0x00.
    QVERIFY2(o.out.find("     3      0             0   5.87747e-39  0x00") != std::string::npos, o.out.c_str());

    const Outcome t = runCli({"quantize", dataPath("main_input.npy"), "--format", "e4m3"});
    QCOMPARE(t.status, 0);
    QVERIFY(t.out.find("block whole tensor | scale f32 | scale mode - | overflow ocp") != std::string::npos);
    QVERIFY2(t.out.find("tensor scale 0.00746666687 = max / amax, from amax 60000") != std::string::npos, t.out.c_str());

    // An all-zero tensor in nvfp4: torchao's cast (NaN block scales) kept, and said to differ from the training recipe.
    QTemporaryDir dir;
    const std::string zeros = dir.filePath("zeros.npy").toStdString();
    writeNpy(zeros, npyBytesF32({2, 32}, std::vector<float>(64, 0.0f)));
    const Outcome z = runCli({"quantize", zeros, "--format", "nvfp4"});
    QCOMPARE(z.status, 0);
    QVERIFY2(z.out.find("note: a tensor scale of 0 makes every block scale 0/0 = NaN, as torchao's nvfp4 cast gives; "
                        "Transformer Engine's recipe (and the training lanes) scales such a tensor by 1") != std::string::npos,
             z.out.c_str());
    QVERIFY(o.out.find("note:") == std::string::npos);
}

void TestQuantize::cliJsonAndOut() {
    QTemporaryDir dir;
    const std::string outNpy = dir.filePath("q.npy").toStdString(), jsonFile = dir.filePath("q.json").toStdString();
    const Outcome o = runCli({"quantize", dataPath("main_input.npy"), "--format", "nvfp4", "--out", outNpy, "--json", jsonFile});
    QCOMPARE(o.status, 0);
    QVERIFY(o.out.find("format nvfp4") != std::string::npos);  // text still on standard output
    std::ifstream jf(jsonFile);
    std::stringstream js;
    js << jf.rdbuf();
    const QJsonObject j = parse(js.str());
    QVERIFY(!j.isEmpty());
    for (const char* k : {"input", "shape", "format", "element_format", "block_size", "scale_format", "scale_mode", "overflow", "amax",
                          "amax_given", "tensor_scale", "stats", "blocks"})
        QVERIFY2(j.contains(QLatin1String(k)), k);
    QCOMPARE(j["format"].toString(), QStringLiteral("nvfp4"));
    QCOMPARE(j["block_size"].toInt(), 16);
    QVERIFY(j["scale_mode"].isNull());
    QCOMPARE(float(j["tensor_scale"].toDouble()), float(load("main_nvfp4_tensor_scale.npy").values[0]));
    const QJsonArray blocks = j["blocks"].toArray();
    QCOMPARE(blocks.size(), 32);
    const QJsonObject b = blocks[6 * 4].toObject();  // row 6, block 0
    QCOMPARE(b["row"].toInt(), 6);
    QCOMPARE(b["block"].toInt(), 0);
    QCOMPARE(b["scale_code"].toInt(), int(load("main_nvfp4_scales.npy").values[6 * 4]));
    for (const char* k : {"mse", "sqnr_db", "max_abs_error", "saturated_share", "underflow_share", "elements"})
        QVERIFY2(b["stats"].toObject().contains(QLatin1String(k)), k);

    // --out: the dequantised values as float32 .npy of the input's shape, bit for bit torchao's.
    const NpyArray back = readNpy(outNpy);
    QCOMPARE(back.dtype, NpyArray::DType::F32);
    QCOMPARE(back.shape, (std::vector<std::int64_t>{8, 64}));
    const NpyArray deq = load("main_nvfp4_dequantised.npy");
    for (std::size_t i = 0; i < deq.values.size(); ++i) QVERIFY(sameFloat(float(back.values[i]), float(deq.values[i])));

    // --json -: JSON instead of the text; a 1-D input is one row and keeps its shape.
    const std::string oneD = dir.filePath("row.npy").toStdString();
    writeNpy(oneD, npyBytesF32({64}, floats(load("main_input.npy"), 5 * 64, 64)));
    const Outcome s = runCli({"quantize", oneD, "--format", "mxfp4", "--json", "-", "--out", outNpy});
    QCOMPARE(s.status, 0);
    const QJsonObject sj = parse(s.out);
    QCOMPARE(sj["shape"].toArray().size(), 1);
    QCOMPARE(sj["scale_mode"].toString(), QStringLiteral("floor"));
    QCOMPARE(sj["blocks"].toArray().size(), 2);
    QCOMPARE(readNpy(outNpy).shape, (std::vector<std::int64_t>{64}));
    QCOMPARE(float(readNpy(outNpy).values[33]), 6.0f);  // FP8.md's block: 7 -> 6 under FLOOR
}

void TestQuantize::cliCapsTheBlockTable() {
    QTemporaryDir dir;
    const std::string big = dir.filePath("big.npy").toStdString();
    std::vector<float> v(100 * 64);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::cos(float(i));
    writeNpy(big, npyBytesF32({100, 64}, v));
    const Outcome o = runCli({"quantize", big, "--format", "mxfp8"});
    QCOMPARE(o.status, 0);
    QVERIFY2(o.out.find("... 136 more blocks not shown (--json has every block)") != std::string::npos, o.out.c_str());
    const Outcome j = runCli({"quantize", big, "--format", "mxfp8", "--json", "-"});
    QCOMPARE(parse(j.out)["blocks"].toArray().size(), 200);
}

void TestQuantize::cliAmaxAndSaturate() {
    const std::string amax = "15000";  // a quarter of the tensor's amax: 13 elements overflow
    const Outcome ocp = runCli({"quantize", dataPath("main_input.npy"), "--format", "e4m3", "--amax", amax, "--json", "-"});
    const Outcome sat = runCli({"quantize", dataPath("main_input.npy"), "--format", "e4m3", "--amax", amax, "--saturate", "--json", "-"});
    QCOMPARE(ocp.status, 0);
    QCOMPARE(sat.status, 0);
    const QJsonObject a = parse(ocp.out), b = parse(sat.out);
    QCOMPARE(a["overflow"].toString(), QStringLiteral("ocp"));
    QCOMPARE(b["overflow"].toString(), QStringLiteral("saturate"));
    QCOMPARE(a["amax_given"].toDouble(), 15000.0);
    QCOMPARE(a["stats"].toObject()["mse"].toString(), QStringLiteral("nan"));  // NaN elements
    QVERIFY(b["stats"].toObject()["mse"].isDouble());
    QCOMPARE(b["stats"].toObject()["saturated_share"].toDouble(), 13.0 / 512);
    const Outcome text = runCli({"quantize", dataPath("main_input.npy"), "--format", "e4m3", "--amax", amax, "--saturate"});
    QVERIFY(text.out.find("from given amax 15000 (the tensor's: 60000)") != std::string::npos);
}

void TestQuantize::cliErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString in = QString::fromStdString(dataPath("main_input.npy"));
    QTest::addRow("no-file") << QStringList{"--format", "mxfp8"} << "presisi quantize: give the .npy file to quantize";
    QTest::addRow("no-format") << QStringList{in} << "presisi quantize: --format: give a format (e4m3, e5m2, mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4, nvfp4)";
    QTest::addRow("bad-format") << QStringList{in, "--format", "fp8"} << "presisi quantize: --format: unknown format 'fp8' (known: e4m3, e5m2, mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4, nvfp4)";
    QTest::addRow("bad-mode") << QStringList{in, "--format", "mxfp8", "--scale-mode", "up"} << "presisi quantize: --scale-mode: unknown value 'up' (floor, ceil, even, rceil)";
    QTest::addRow("mode-per-tensor") << QStringList{in, "--format", "e4m3", "--scale-mode", "rceil"} << "presisi quantize: --scale-mode: applies to the MX formats' e8m0 scales; e4m3 has none";
    QTest::addRow("amax-mx") << QStringList{in, "--format", "mxfp8", "--amax", "3"} << "presisi quantize: --amax: applies to the per-tensor formats (e4m3, e5m2); mxfp8 scales each block from its own amax";
    QTest::addRow("two-files") << QStringList{in, in, "--format", "e4m3"} << QStringLiteral("presisi quantize: unexpected argument '%1'").arg(in);
    QTest::addRow("missing") << QStringList{"/nonexistent/x.npy", "--format", "e4m3"} << "presisi quantize: /nonexistent/x.npy: ";
    QTest::addRow("30-per-row") << QStringList{"@30", "--format", "mxfp8"} << "presisi quantize: @30 has 30 values per row; mxfp8 blocks hold 32";
    QTest::addRow("nvfp4-row") << QStringList{"@30", "--format", "nvfp4"} << "presisi quantize: @30 has 30 values per row; nvfp4 blocks hold 16";
    QTest::addRow("3-d") << QStringList{"@3d", "--format", "e4m3"} << "presisi quantize: @3d: must have 1 or 2 dimensions (a row, or rows x columns), got shape (2, 2, 2)";
    QTest::addRow("float64") << QStringList{"@f64", "--format", "e4m3"} << "presisi quantize: @f64: must be float32, got float64";
    QTest::addRow("empty") << QStringList{"@empty", "--format", "e4m3"} << "presisi quantize: @empty: has no values (shape (0, 4))";
}

// One line on standard error, naming the problem, exit status 2. "@name" stands for a file made here.
void TestQuantize::cliErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir dir;
    std::map<std::string, std::string> files;
    files["@30"] = dir.filePath("thirty.npy").toStdString();
    writeNpy(files["@30"], npyBytesF32({2, 30}, std::vector<float>(60, 1.0f)));
    files["@3d"] = dir.filePath("cube.npy").toStdString();
    writeNpy(files["@3d"], npyBytesF32({2, 2, 2}, std::vector<float>(8, 1.0f)));
    files["@empty"] = dir.filePath("empty.npy").toStdString();
    writeNpy(files["@empty"], npyBytesF32({0, 4}, {}));
    files["@f64"] = dir.filePath("f64.npy").toStdString();
    {
        // float64 (2, 32): NumPy's header, written by hand.
        std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 32), }";
        header.append(128 - 10 - header.size() - 1, ' ');
        header += '\n';
        std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
        bytes += char(header.size() & 0xff);
        bytes += char(header.size() >> 8);
        bytes += header;
        bytes.append(64 * 8, '\0');
        writeNpy(files["@f64"], bytes);
    }
    std::vector<std::string> argv{"quantize"};
    for (const QString& a : args) argv.push_back(files.count(a.toStdString()) ? files[a.toStdString()] : a.toStdString());
    std::string want = message.toStdString();
    for (const auto& [k, v] : files)
        for (std::size_t at; (at = want.find(k + " ")) != std::string::npos || (at = want.find(k + ":")) != std::string::npos;)
            want.replace(at, k.size(), v);
    const Outcome o = runCli(argv);
    QCOMPARE(o.status, 2);
    QVERIFY(o.out.empty());
    QCOMPARE(int(std::count(o.err.begin(), o.err.end(), '\n')), 1);
    QVERIFY2(o.err.rfind(want, 0) == 0, qPrintable(QString::fromStdString(o.err + " does not start with " + want)));
}

QTEST_GUILESS_MAIN(TestQuantize)
#include "tst_quantize.moc"
