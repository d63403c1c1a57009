// Formats of 8 bits and below (e4m3, e5m2, e3m2, e2m3, e2m1, e8m0): every code against ml_dtypes' decoding,
// a million float32 inputs against ml_dtypes' casts and torch's saturating casts (tests/data/mini-formats,
// made by scripts/make_mini_format_reference.py), and every float32 bit pattern through every encoding
// kernel, in both overflow modes, against a step function built from ml_dtypes' code table alone
// (nearest value, ties to the even code), which shares nothing with engine/format.cpp.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>
#include <vector>

#include "engine/format.h"

using namespace presisi;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr std::size_t kInputs = 1'000'000;
constexpr std::uint64_t kSeed = 20261201;
// Column of each format in codes.zbin (the script's order), then the two torch columns.
constexpr int kColumns = 8;
constexpr int kTorchE4m3 = 6;
constexpr int kTorchE5m2 = 7;

std::uint32_t bitsF(float x) { return std::bit_cast<std::uint32_t>(x); }

bool sameValue(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return bitsF(a) == bitsF(b);  // also tells -0 from +0
}

int column(Format f) { return static_cast<int>(f) - static_cast<int>(Format::E4M3); }

QByteArray readData(const QString& relative) {
    QFile file(QStringLiteral(PRESISI_TEST_DATA_DIR "/mini-formats/") + relative);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

std::vector<float> readFloats(const QString& relative) {
    const QByteArray raw = readData(relative);
    std::vector<float> v(raw.size() / sizeof(float));
    std::memcpy(v.data(), raw.constData(), v.size() * sizeof(float));  // little-endian files, x86/ARM hosts
    return v;
}

// splitmix64 (Steele, Lea and Flood 2014), as the script's vectorised copy computes it.
std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The reference inputs: structured.f32, then the random ones the script describes.
std::vector<float> referenceInputs() {
    std::vector<float> x = readFloats("structured.f32");
    if (x.empty() || x.size() >= kInputs) return {};
    const std::size_t n = kInputs - x.size();
    const std::size_t half = n / 2;
    std::uint64_t state = kSeed;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t r = splitmix64(state);
        std::uint32_t bits;
        if (i < half) {
            bits = static_cast<std::uint32_t>(r);
        } else {
            const auto exponent = static_cast<std::uint32_t>(((r >> 32) & 0x7fffffffu) % 51) - 30 + 127;
            bits = static_cast<std::uint32_t>(r >> 63) << 31 | exponent << 23 | static_cast<std::uint32_t>(r & 0x7fffff);
        }
        x.push_back(std::bit_cast<float>(bits));
    }
    return x;
}

struct Reference {
    std::vector<float> inputs;
    QByteArray codes;  // kInputs rows of kColumns bytes
    std::uint8_t code(std::size_t i, int col) const { return static_cast<std::uint8_t>(codes[i * kColumns + col]); }
};

const Reference& mlReference() {
    static const Reference r = [] {
        Reference ref;
        ref.inputs = referenceInputs();
        ref.codes = qUncompress(readData("codes.zbin"));
        return ref;
    }();
    return r;
}

// ml_dtypes' value of every code (decoded-<fmt>.f32).
std::vector<float> mlDtypesTable(Format f) {
    return readFloats(QString("decoded-%1.f32").arg(traits(f).name.data()));
}

// Facts from the OCP specs as FP8.md states them: the code of NaN for a positive and a negative NaN
// input, and the code past the largest finite one under each overflow rule (positive side).
struct CodeFacts {
    std::uint8_t positiveNaN, negativeNaN, ocpOverflow, saturated, signBit;
};
CodeFacts codeFacts(Format f) {
    switch (f) {
    case Format::E4M3: return {0x7f, 0xff, 0x7f, 0x7e, 0x80};  // NaN S.1111.111; max 0x7e = 448
    case Format::E5M2: return {0x7e, 0xfe, 0x7c, 0x7b, 0x80};  // inf 0x7c; max 0x7b = 57344
    case Format::E3M2: return {0x20, 0x00, 0x1f, 0x1f, 0x20};  // no NaN: -NaN → +0, NaN → -0
    case Format::E2M3: return {0x20, 0x00, 0x1f, 0x1f, 0x20};
    case Format::E2M1: return {0x08, 0x00, 0x07, 0x07, 0x08};
    case Format::E8M0: return {0xff, 0xff, 0xff, 0xfe, 0x00};  // no sign; 0xfe = 2^127
    default: return {};
    }
}

// The cast as a step function of the float32 bit pattern of |x| (monotone in the bits): steps[i].from is
// the first magnitude pattern that gets steps[i].code. Built from ml_dtypes' table: the finite
// non-negative values in increasing order, one more value beyond max at the same spacing (the first
// value of the next binade, whose code is the max code + 1), and between neighbours the tie point, which
// goes to the even code (e8m0, whose "code" is an exponent: to the larger). Everything past max's tie
// is the overflow code; above the inf pattern, NaN.
struct Step {
    std::uint32_t from;
    std::uint8_t code;
};

std::vector<Step> buildSteps(Format f, const std::vector<float>& table, Overflow overflow) {
    const CodeFacts facts = codeFacts(f);
    const bool e8m0 = f == Format::E8M0;
    std::vector<std::pair<double, int>> values;  // (value, code), non-negative finite
    for (int c = 0; c < int(table.size()); ++c) {
        const float v = table[c];
        if (std::isfinite(v) && v >= 0.0f && !std::signbit(v)) values.emplace_back(v, c);
    }
    std::sort(values.begin(), values.end());
    // The value past max: the next binade's first value (max and the one below share a binade), or for
    // e8m0, whose values are the binades, the next power of two.
    const double max = values.back().first, belowMax = values[values.size() - 2].first;
    values.emplace_back(e8m0 ? 2 * max : max + (max - belowMax), values.back().second + 1);
    const int pastMax = values.back().second;
    const std::uint8_t overflowCode = overflow == Overflow::Saturate ? facts.saturated : facts.ocpOverflow;
    const auto codeOf = [&](int c) { return std::uint8_t(c == pastMax ? overflowCode : c); };

    std::vector<Step> steps;
    if (e8m0) steps.push_back({0, 0xff});  // zero has no code
    steps.push_back({e8m0 ? 1u : 0u, codeOf(values[0].second)});
    for (std::size_t k = 0; k + 1 < values.size(); ++k) {
        const double mid = (values[k].first + values[k + 1].first) / 2;
        const auto midF = static_cast<float>(mid);
        if (double(midF) != mid) return {};  // every tie of these formats is a float32
        const int lower = values[k].second, upper = values[k + 1].second;
        const bool tieGoesUp = e8m0 || (upper % 2 == 0);
        steps.push_back({bitsF(midF) + (tieGoesUp ? 0u : 1u), codeOf(upper)});
    }
    steps.push_back({0x7f800001u, facts.positiveNaN});
    return steps;
}

// Expected codes for the 2^16 inputs (hi << 16) | lo, lo = 0 .. 0xffff.
void fillExpected(Format f, const std::vector<Step>& steps, std::uint32_t hi, std::uint8_t* out) {
    const std::uint32_t first = (hi & 0x7fffu) << 16;
    auto it = std::upper_bound(steps.begin(), steps.end(), first, [](std::uint32_t b, const Step& s) { return b < s.from; });
    --it;  // the step that holds `first`
    std::uint32_t lo = 0;
    while (lo < 0x10000u) {
        const auto next = it + 1;
        const std::uint32_t end =
            next == steps.end() ? 0x10000u : std::min<std::uint64_t>(0x10000u, next->from > first ? next->from - first : 0);
        std::memset(out + lo, it->code, end - lo);
        lo = end;
        it = next;
    }
    if (hi & 0x8000u) {
        // Negative: sign-magnitude codes flip their sign bit (NaN's too: e4m3 0x7f → 0xff, FP4's -0 → +0);
        // e8m0 has no negative values at all.
        const CodeFacts facts = codeFacts(f);
        for (std::uint32_t i = 0; i < 0x10000u; ++i) out[i] = f == Format::E8M0 ? 0xff : out[i] ^ facts.signBit;
    }
}

// The expected code of one input.
std::uint8_t expectedCode(Format f, const std::vector<Step>& steps, std::uint32_t bits) {
    const auto it = std::upper_bound(steps.begin(), steps.end(), bits & 0x7fffffffu,
                                     [](std::uint32_t b, const Step& s) { return b < s.from; });
    const std::uint8_t code = (it - 1)->code;
    if (!(bits & 0x80000000u)) return code;
    return f == Format::E8M0 ? 0xff : code ^ codeFacts(f).signBit;
}

const std::vector<RoundingKernel> kKernels = {RoundingKernel::Portable, RoundingKernel::Avx2, RoundingKernel::Avx512};

}  // namespace

class TestMiniFormats : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void traitsAgainstTheFacts_data();
    void traitsAgainstTheFacts();
    void everyCodeDecodesAsMlDtypes_data();
    void everyCodeDecodesAsMlDtypes();
    void millionInputsEncodeAsMlDtypes_data();
    void millionInputsEncodeAsMlDtypes();
    void saturatingEncodeAsTorch_data();
    void saturatingEncodeAsTorch();
    void everyFloat32ThroughEveryKernel_data();
    void everyFloat32ThroughEveryKernel();
    void scalarEncodeAgainstSteps_data();
    void scalarEncodeAgainstSteps();
    void knownAnswers_data();
    void knownAnswers();
    void roundToAndRoundSpanAreEncodeThenDecode_data();
    void roundToAndRoundSpanAreEncodeThenDecode();
    void roundFromDoubleRoundsOnce();
    void bitsClassAndNeighbours_data();
    void bitsClassAndNeighbours();
};

void TestMiniFormats::initTestCase() {
    const Reference& r = mlReference();
    QCOMPARE(r.inputs.size(), kInputs);
    QCOMPARE(std::size_t(r.codes.size()), kInputs * kColumns);
    // The random inputs are regenerated here: pin both halves' ends against the script's output.
    const std::size_t firstRandom = readFloats("structured.f32").size();
    QCOMPARE(bitsF(r.inputs[firstRandom]), 0x0a6de00au);
    QCOMPARE(bitsF(r.inputs[firstRandom + 1]), 0x204c4d72u);
    QCOMPARE(bitsF(r.inputs[kInputs - 1]), 0x3c525088u);
    for (Format f : kMiniFormats) QCOMPARE(mlDtypesTable(f).size(), std::size_t(1) << traits(f).bits);
}

void TestMiniFormats::traitsAgainstTheFacts_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("bias");
    QTest::addColumn<double>("max");
    QTest::addColumn<double>("minNormal");
    QTest::addColumn<double>("minSubnormal");
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<bool>("hasInf");
    QTest::addColumn<bool>("hasNaN");
    QTest::addColumn<bool>("hasSign");
    // FP8.md's table (OCP OFP8 and MX v1.0, checked against ml_dtypes 0.7).
    QTest::addRow("e4m3") << int(Format::E4M3) << 8 << 7 << 448.0 << 0x1p-6 << 0x1p-9 << 0x1p-3 << false << true << true;
    QTest::addRow("e5m2") << int(Format::E5M2) << 8 << 15 << 57344.0 << 0x1p-14 << 0x1p-16 << 0x1p-2 << true << true << true;
    QTest::addRow("e3m2") << int(Format::E3M2) << 6 << 3 << 28.0 << 0.25 << 0.0625 << 0.25 << false << false << true;
    QTest::addRow("e2m3") << int(Format::E2M3) << 6 << 1 << 7.5 << 1.0 << 0.125 << 0.125 << false << false << true;
    QTest::addRow("e2m1") << int(Format::E2M1) << 4 << 1 << 6.0 << 1.0 << 0.5 << 0.5 << false << false << true;
    QTest::addRow("e8m0") << int(Format::E8M0) << 8 << 127 << 0x1p127 << 0x1p-127 << 0x1p-127 << 1.0 << false << true << false;
}

void TestMiniFormats::traitsAgainstTheFacts() {
    QFETCH(int, format);
    QFETCH(int, bits);
    QFETCH(int, bias);
    QFETCH(double, max);
    QFETCH(double, minNormal);
    QFETCH(double, minSubnormal);
    QFETCH(double, epsilon);
    QFETCH(bool, hasInf);
    QFETCH(bool, hasNaN);
    QFETCH(bool, hasSign);
    const Format f = Format(format);
    const FormatTraits& t = traits(f);
    QVERIFY(isMiniFormat(f));
    QCOMPARE(t.bits, bits);
    QCOMPARE(t.bits, int(hasSign) + t.exponentBits + t.mantissaBits);
    QCOMPARE(t.bias, bias);
    QCOMPARE(t.minExponent, hasSign ? 1 - bias : -bias);  // e8m0's code 0 is 2^-127: no subnormals
    QCOMPARE(t.max, max);
    QCOMPARE(t.minNormal, minNormal);
    QCOMPARE(t.minSubnormal, minSubnormal);
    QCOMPARE(t.epsilon, epsilon);
    QCOMPARE(t.unitRoundoff, epsilon / 2);
    QCOMPARE(t.hasInf, hasInf);
    QCOMPARE(t.hasNaN, hasNaN);
    QCOMPARE(t.hasSign, hasSign);
    QCOMPARE(parseFormat(t.name), std::optional<Format>(f));
    QCOMPARE(parseFormat(t.dtypeName), std::optional<Format>(f));
    // The table against ml_dtypes' decoding: max, the smallest positive values, 1 and its successor.
    const std::vector<float> table = mlDtypesTable(f);
    double tableMax = 0, tableMinPositive = kInf;
    for (float v : table)
        if (std::isfinite(v) && v > 0) tableMax = std::max(tableMax, double(v)), tableMinPositive = std::min(tableMinPositive, double(v));
    QCOMPARE(tableMax, max);
    QCOMPARE(tableMinPositive, minSubnormal);
    double aboveOne = kInf;
    for (float v : table)
        if (std::isfinite(v) && v > 1.0f) aboveOne = std::min(aboveOne, double(v));
    QCOMPARE(aboveOne - 1.0, epsilon);
    // The overflow threshold is the tie between max and the value one step beyond it (e8m0: 2·max).
    double belowMax = 0;
    for (float v : table)
        if (std::isfinite(v) && v < max) belowMax = std::max(belowMax, double(v));
    QCOMPARE(t.overflowThreshold, f == Format::E8M0 ? 1.5 * max : max + (max - belowMax) / 2);
}

void TestMiniFormats::everyCodeDecodesAsMlDtypes_data() {
    QTest::addColumn<int>("format");
    for (Format f : kMiniFormats) QTest::addRow("%s", traits(f).name.data()) << int(f);
}

void TestMiniFormats::everyCodeDecodesAsMlDtypes() {
    QFETCH(int, format);
    const Format f = Format(format);
    const std::vector<float> table = mlDtypesTable(f);
    std::vector<std::uint8_t> codes(table.size());
    for (std::size_t c = 0; c < codes.size(); ++c) codes[c] = std::uint8_t(c);
    std::vector<float> spanOut(codes.size());
    decodeSpan(f, codes, spanOut);
    for (std::size_t c = 0; c < table.size(); ++c) {
        const QByteArray what = QString("code 0x%1: ml_dtypes %2, decode %3")
                                    .arg(c, 2, 16, QChar('0'))
                                    .arg(double(table[c]), 0, 'g', 9)
                                    .arg(double(decode(f, std::uint8_t(c))), 0, 'g', 9)
                                    .toUtf8();
        QVERIFY2(sameValue(decode(f, std::uint8_t(c)), table[c]), what.constData());
        QVERIFY2(sameValue(fromBits(f, std::uint32_t(c)), table[c]), what.constData());
        QVERIFY2(sameValue(spanOut[c], table[c]), what.constData());
        // Bits above the format's width are ignored.
        if (traits(f).bits < 8) QVERIFY2(sameValue(decode(f, std::uint8_t(c | (0xffu << traits(f).bits))), table[c]), what.constData());
    }
}

void TestMiniFormats::millionInputsEncodeAsMlDtypes_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("kernel");  // -1: the scalar encode()
    for (Format f : kMiniFormats) {
        QTest::addRow("%s/encode", traits(f).name.data()) << int(f) << -1;
        for (RoundingKernel k : kKernels)
            QTest::addRow("%s/%s", traits(f).name.data(), kernelName(k).data()) << int(f) << int(k);
    }
}

// Exact codes, NaN inputs included: ml_dtypes gives one NaN code per sign (0x7f/0xff in e4m3, 0x7e/0xfe
// in e5m2, 0xff in e8m0) whatever the payload, and so must we.
void TestMiniFormats::millionInputsEncodeAsMlDtypes() {
    QFETCH(int, format);
    QFETCH(int, kernel);
    const Format f = Format(format);
    if (kernel >= 0 && !kernelSupported(RoundingKernel(kernel))) QSKIP("this CPU lacks the kernel");
    const Reference& r = mlReference();
    std::vector<std::uint8_t> ours(kInputs);
    if (kernel < 0) {
        for (std::size_t i = 0; i < kInputs; ++i) ours[i] = encode(f, r.inputs[i]);
    } else {
        encodeSpanWith(RoundingKernel(kernel), f, r.inputs, ours);
    }
    std::size_t bad = 0, first = 0;
    for (std::size_t i = 0; i < kInputs; ++i)
        if (ours[i] != r.code(i, column(f)) && bad++ == 0) first = i;
    QVERIFY2(bad == 0, qPrintable(QString("%1 of %2 differ; first input #%3 0x%4 (%5): ours 0x%6, ml_dtypes 0x%7")
                                      .arg(bad)
                                      .arg(kInputs)
                                      .arg(first)
                                      .arg(bitsF(r.inputs[first]), 8, 16, QChar('0'))
                                      .arg(double(r.inputs[first]), 0, 'g', 9)
                                      .arg(ours[first], 2, 16, QChar('0'))
                                      .arg(r.code(first, column(f)), 2, 16, QChar('0'))));
}

void TestMiniFormats::saturatingEncodeAsTorch_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("kernel");  // -1: the scalar encode()
    for (Format f : {Format::E4M3, Format::E5M2}) {
        QTest::addRow("%s/encode", traits(f).name.data()) << int(f) << -1;
        for (RoundingKernel k : kKernels)
            QTest::addRow("%s/%s", traits(f).name.data(), kernelName(k).data()) << int(f) << int(k);
    }
}

// e4m3 against torch's eager cast, which saturates; e5m2 against torchao's clamp-then-cast. torch's e5m2
// NaN is 0x7f/0xff where ml_dtypes (and we) give 0x7e/0xfe: for NaN inputs only NaN-ness is compared
// there. Everything else, e4m3's NaN codes included, must be equal.
void TestMiniFormats::saturatingEncodeAsTorch() {
    QFETCH(int, format);
    QFETCH(int, kernel);
    const Format f = Format(format);
    if (kernel >= 0 && !kernelSupported(RoundingKernel(kernel))) QSKIP("this CPU lacks the kernel");
    const Reference& r = mlReference();
    const int col = f == Format::E4M3 ? kTorchE4m3 : kTorchE5m2;
    std::vector<std::uint8_t> ours(kInputs);
    if (kernel < 0) {
        for (std::size_t i = 0; i < kInputs; ++i) ours[i] = encode(f, r.inputs[i], Overflow::Saturate);
    } else {
        encodeSpanWith(RoundingKernel(kernel), f, r.inputs, ours, Overflow::Saturate);
    }
    std::size_t bad = 0, first = 0, nanInputs = 0, saturated = 0;
    for (std::size_t i = 0; i < kInputs; ++i) {
        const std::uint8_t torch = r.code(i, col);
        bool same = ours[i] == torch;
        if (std::isnan(r.inputs[i])) {
            ++nanInputs;
            same = f == Format::E5M2 ? std::isnan(decode(f, ours[i])) && std::isnan(decode(f, torch)) : same;
        }
        if ((torch & 0x7f) == (f == Format::E4M3 ? 0x7e : 0x7b) && std::fabs(r.inputs[i]) > traits(f).max) ++saturated;
        if (!same && bad++ == 0) first = i;
    }
    QVERIFY(nanInputs > 1000 && saturated > 100000);  // the comparison covers both
    QVERIFY2(bad == 0, qPrintable(QString("%1 of %2 differ; first input #%3 0x%4 (%5): ours 0x%6, torch 0x%7")
                                      .arg(bad)
                                      .arg(kInputs)
                                      .arg(first)
                                      .arg(bitsF(r.inputs[first]), 8, 16, QChar('0'))
                                      .arg(double(r.inputs[first]), 0, 'g', 9)
                                      .arg(ours[first], 2, 16, QChar('0'))
                                      .arg(r.code(first, col), 2, 16, QChar('0'))));
}

void TestMiniFormats::everyFloat32ThroughEveryKernel_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("kernel");
    QTest::addColumn<int>("overflow");
    for (RoundingKernel k : kKernels)
        for (Format f : kMiniFormats)
            for (Overflow o : {Overflow::Ocp, Overflow::Saturate})
                QTest::addRow("%s/%s/%s", kernelName(k).data(), traits(f).name.data(), o == Overflow::Ocp ? "ocp" : "saturate")
                    << int(f) << int(k) << int(o);
}

// All 2^32 float32 bit patterns, in blocks of 2^16 split across the cores, against the step function.
void TestMiniFormats::everyFloat32ThroughEveryKernel() {
    QFETCH(int, format);
    QFETCH(int, kernel);
    QFETCH(int, overflow);
    const Format f = Format(format);
    const RoundingKernel k = RoundingKernel(kernel);
    if (!kernelSupported(k)) QSKIP(qPrintable(QString("this CPU lacks the %1 kernel").arg(kernelName(k).data())));
    const std::vector<Step> steps = buildSteps(f, mlDtypesTable(f), Overflow(overflow));
    QVERIFY(steps.size() > 4);
    // The portable kernel is the fallback of the vector ones (their tails run through it): where a vector
    // kernel exists it is checked on every 16th block (every sign and exponent) to keep the run short.
    // The sanitizer build checks memory and UB, not arithmetic: every 61st block there.
    std::uint32_t stride = k == RoundingKernel::Portable && bestKernel() != RoundingKernel::Portable ? 16 : 1;
    if (qEnvironmentVariableIsSet("PRESISI_SANITIZED")) stride = 61;
    std::atomic<std::uint64_t> mismatches{0};
    std::atomic<std::uint32_t> firstBad{0};
    std::atomic<std::uint32_t> firstGot{0};  // the kernel's code there (a lone input would run the scalar tail)
    const unsigned threads = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
    auto work = [&](unsigned t) {
        std::vector<float> in(1 << 16);
        std::vector<std::uint8_t> out(1 << 16), expected(1 << 16);
        for (std::uint32_t hi = t * stride; hi < (1u << 16); hi += threads * stride) {
            for (std::uint32_t lo = 0; lo < (1u << 16); ++lo) in[lo] = std::bit_cast<float>((hi << 16) | lo);
            encodeSpanWith(k, f, in, out, Overflow(overflow));
            fillExpected(f, steps, hi, expected.data());
            if (std::memcmp(out.data(), expected.data(), out.size()) == 0) continue;
            for (std::uint32_t lo = 0; lo < (1u << 16); ++lo)
                if (out[lo] != expected[lo] && mismatches.fetch_add(1) == 0) firstBad = (hi << 16) | lo, firstGot = out[lo];
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
    if (mismatches != 0) {
        const float x = std::bit_cast<float>(firstBad.load());
        std::vector<std::uint8_t> expected(1 << 16);
        fillExpected(f, steps, firstBad.load() >> 16, expected.data());
        const auto got = static_cast<std::uint8_t>(firstGot.load());
        QFAIL(qPrintable(QString("%1 mismatches; first input 0x%2 (%3): kernel 0x%4, reference 0x%5")
                             .arg(mismatches.load())
                             .arg(firstBad.load(), 8, 16, QChar('0'))
                             .arg(double(x), 0, 'g', 9)
                             .arg(got, 2, 16, QChar('0'))
                             .arg(expected[firstBad.load() & 0xffff], 2, 16, QChar('0'))));
    }
}

void TestMiniFormats::scalarEncodeAgainstSteps_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("overflow");
    for (Format f : kMiniFormats)
        for (Overflow o : {Overflow::Ocp, Overflow::Saturate})
            QTest::addRow("%s/%s", traits(f).name.data(), o == Overflow::Ocp ? "ocp" : "saturate") << int(f) << int(o);
}

// The scalar encode() (double arithmetic, the definition): every step of the reference (each tie, the
// overflow edge, the inf/NaN edge) with 16 patterns either side, and every 4099th float32 pattern, both
// signs. (All 2^32 at ~20 ns each would take minutes; the million inputs above cover it too.)
void TestMiniFormats::scalarEncodeAgainstSteps() {
    QFETCH(int, format);
    QFETCH(int, overflow);
    const Format f = Format(format);
    const std::vector<Step> steps = buildSteps(f, mlDtypesTable(f), Overflow(overflow));
    QVERIFY(steps.size() > 4);
    std::vector<std::uint32_t> patterns;
    for (const Step& s : steps)
        for (std::int64_t d = -16; d <= 16; ++d)
            if (std::int64_t(s.from) + d >= 0 && std::int64_t(s.from) + d <= 0x7fffffff) patterns.push_back(std::uint32_t(s.from + d));
    for (std::uint64_t b = 0; b <= 0x7fffffffu; b += 4099) patterns.push_back(std::uint32_t(b));
    std::size_t checked = 0;
    for (std::uint32_t magnitude : patterns) {
        for (std::uint32_t sign : {0u, 0x80000000u}) {
            const std::uint32_t bits = magnitude | sign;
            const float x = std::bit_cast<float>(bits);
            const std::uint8_t got = encode(f, x, Overflow(overflow));
            const std::uint8_t want = expectedCode(f, steps, bits);
            ++checked;
            if (got != want)
                QFAIL(qPrintable(QString("input 0x%1 (%2): encode 0x%3, reference 0x%4")
                                     .arg(bits, 8, 16, QChar('0'))
                                     .arg(double(x), 0, 'g', 9)
                                     .arg(got, 2, 16, QChar('0'))
                                     .arg(want, 2, 16, QChar('0'))));
        }
    }
    QVERIFY(checked > 1'000'000);
}

void TestMiniFormats::knownAnswers_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<float>("input");
    QTest::addColumn<float>("ocp");
    QTest::addColumn<float>("saturate");
    // FP8.md's rows, checked against ml_dtypes 0.7 and torch 2.15.
    QTest::addRow("e4m3 449 -> 448") << int(Format::E4M3) << 449.0f << 448.0f << 448.0f;
    QTest::addRow("e4m3 464 -> 448 (tie to even)") << int(Format::E4M3) << 464.0f << 448.0f << 448.0f;
    QTest::addRow("e4m3 464.01 -> NaN") << int(Format::E4M3) << 464.01f << kNaN << 448.0f;
    QTest::addRow("e4m3 1e9 -> NaN") << int(Format::E4M3) << 1e9f << kNaN << 448.0f;
    QTest::addRow("e4m3 -inf -> NaN") << int(Format::E4M3) << -kInf << kNaN << -448.0f;
    QTest::addRow("e4m3 2^-10 -> 0 (tie)") << int(Format::E4M3) << 0x1p-10f << 0.0f << 0.0f;
    QTest::addRow("e4m3 -3*2^-11 -> -2^-9") << int(Format::E4M3) << -0x3p-11f << -0x1p-9f << -0x1p-9f;
    QTest::addRow("e4m3 1+2^-4 -> 1 (tie)") << int(Format::E4M3) << 1.0625f << 1.0f << 1.0f;
    QTest::addRow("e5m2 61439 -> 57344") << int(Format::E5M2) << 61439.0f << 57344.0f << 57344.0f;
    QTest::addRow("e5m2 61440 -> inf (tie)") << int(Format::E5M2) << 61440.0f << kInf << 57344.0f;
    QTest::addRow("e5m2 -inf") << int(Format::E5M2) << -kInf << -kInf << -57344.0f;
    QTest::addRow("e5m2 2^-17 -> 0 (tie)") << int(Format::E5M2) << 0x1p-17f << 0.0f << 0.0f;
    QTest::addRow("e3m2 30 -> 28") << int(Format::E3M2) << 30.0f << 28.0f << 28.0f;
    QTest::addRow("e3m2 inf -> 28") << int(Format::E3M2) << kInf << 28.0f << 28.0f;
    QTest::addRow("e2m3 7.75 -> 7.5") << int(Format::E2M3) << 7.75f << 7.5f << 7.5f;
    QTest::addRow("e2m1 5 -> 4 (tie)") << int(Format::E2M1) << 5.0f << 4.0f << 4.0f;
    QTest::addRow("e2m1 7 -> 6") << int(Format::E2M1) << 7.0f << 6.0f << 6.0f;
    QTest::addRow("e2m1 0.25 -> 0 (tie)") << int(Format::E2M1) << 0.25f << 0.0f << 0.0f;
    QTest::addRow("e2m1 0.75 -> 1 (tie)") << int(Format::E2M1) << 0.75f << 1.0f << 1.0f;
    QTest::addRow("e2m1 -2.5 -> -2 (tie)") << int(Format::E2M1) << -2.5f << -2.0f << -2.0f;
    QTest::addRow("e2m1 NaN -> -0") << int(Format::E2M1) << kNaN << -0.0f << -0.0f;
    QTest::addRow("e2m1 -NaN -> +0") << int(Format::E2M1) << -kNaN << 0.0f << 0.0f;
    QTest::addRow("e8m0 3 -> 4 (ties up)") << int(Format::E8M0) << 3.0f << 4.0f << 4.0f;
    QTest::addRow("e8m0 12 -> 16") << int(Format::E8M0) << 12.0f << 16.0f << 16.0f;
    QTest::addRow("e8m0 0.75 -> 1") << int(Format::E8M0) << 0.75f << 1.0f << 1.0f;
    QTest::addRow("e8m0 2.9 -> 2") << int(Format::E8M0) << 2.9f << 2.0f << 2.0f;
    QTest::addRow("e8m0 0 -> NaN") << int(Format::E8M0) << 0.0f << kNaN << kNaN;
    QTest::addRow("e8m0 -1 -> NaN") << int(Format::E8M0) << -1.0f << kNaN << kNaN;
    QTest::addRow("e8m0 2^-149 -> 2^-127") << int(Format::E8M0) << 0x1p-149f << 0x1p-127f << 0x1p-127f;
    QTest::addRow("e8m0 1.5*2^-127 -> 2^-126") << int(Format::E8M0) << 0x3p-128f << 0x1p-126f << 0x1p-126f;
    QTest::addRow("e8m0 1.5*2^127 -> NaN") << int(Format::E8M0) << 0x3p126f << kNaN << 0x1p127f;
    QTest::addRow("e8m0 inf") << int(Format::E8M0) << kInf << kNaN << 0x1p127f;
}

void TestMiniFormats::knownAnswers() {
    QFETCH(int, format);
    QFETCH(float, input);
    QFETCH(float, ocp);
    QFETCH(float, saturate);
    const Format f = Format(format);
    for (Overflow o : {Overflow::Ocp, Overflow::Saturate}) {
        const float expected = o == Overflow::Ocp ? ocp : saturate;
        const char* mode = o == Overflow::Ocp ? "ocp" : "saturate";
        QVERIFY2(sameValue(roundTo(f, input, Subnormals::Keep, o), expected), mode);
        QVERIFY2(sameValue(decode(f, encode(f, input, o)), expected), mode);
        QVERIFY2(sameValue(roundFromDouble(f, double(input), Subnormals::Keep, o), expected), mode);
        for (RoundingKernel k : kKernels) {
            if (!kernelSupported(k)) continue;
            std::vector<float> in(37, input);  // the vector body and the tail
            std::vector<std::uint8_t> codes(37);
            encodeSpanWith(k, f, in, codes, o);
            for (std::uint8_t c : codes) QVERIFY2(sameValue(decode(f, c), expected), kernelName(k).data());
        }
    }
}

void TestMiniFormats::roundToAndRoundSpanAreEncodeThenDecode_data() {
    QTest::addColumn<int>("format");
    for (Format f : kMiniFormats) QTest::addRow("%s", traits(f).name.data()) << int(f);
}

// roundTo and roundSpan against ml_dtypes' codes decoded by ml_dtypes' table, both overflow modes, both
// subnormal rules (Flush: a result below the smallest normal becomes a zero of its sign).
void TestMiniFormats::roundToAndRoundSpanAreEncodeThenDecode() {
    QFETCH(int, format);
    const Format f = Format(format);
    const Reference& r = mlReference();
    const std::vector<float> table = mlDtypesTable(f);
    const float minNormal = float(traits(f).minNormal);
    std::vector<float> spanOut(kInputs);
    for (Subnormals sub : {Subnormals::Keep, Subnormals::Flush}) {
        roundSpan(f, r.inputs, spanOut, sub, Overflow::Ocp);
        for (std::size_t i = 0; i < kInputs; ++i) {
            float expected = table[r.code(i, column(f))];
            if (sub == Subnormals::Flush && std::fabs(expected) < minNormal) expected = std::copysign(0.0f, expected);
            const float x = r.inputs[i];
            if (!sameValue(roundTo(f, x, sub, Overflow::Ocp), expected) || !sameValue(spanOut[i], expected))
                QFAIL(qPrintable(QString("input 0x%1 (%2): roundTo %3, roundSpan %4, ml_dtypes %5")
                                     .arg(bitsF(x), 8, 16, QChar('0'))
                                     .arg(double(x), 0, 'g', 9)
                                     .arg(double(roundTo(f, x, sub, Overflow::Ocp)), 0, 'g', 9)
                                     .arg(double(spanOut[i]), 0, 'g', 9)
                                     .arg(double(expected), 0, 'g', 9)));
        }
    }
    // Saturate: roundSpan in place (in and out the same span) equals roundTo.
    std::vector<float> inPlace = r.inputs;
    roundSpan(f, inPlace, inPlace, Subnormals::Keep, Overflow::Saturate);
    for (std::size_t i = 0; i < kInputs; ++i) {
        const float one = roundTo(f, r.inputs[i], Subnormals::Keep, Overflow::Saturate);
        if (!sameValue(inPlace[i], one) || std::isinf(one))
            QFAIL(qPrintable(QString("input 0x%1: roundSpan %2, roundTo %3").arg(bitsF(r.inputs[i]), 8, 16, QChar('0')).arg(inPlace[i]).arg(one)));
    }
}

// A person's typed value goes straight from double to the format: one rounding, where the float32 on the
// way would round twice.
void TestMiniFormats::roundFromDoubleRoundsOnce() {
    // 464 + 2^-30 is above e4m3's tie; as a float32 it is the tie itself, 464, which rounds to 448.
    QVERIFY(std::isnan(roundFromDouble(Format::E4M3, 464.0 + 0x1p-30)));
    QCOMPARE(bitsF(roundTo(Format::E4M3, float(464.0 + 0x1p-30))), bitsF(448.0f));
    QCOMPARE(bitsF(roundFromDouble(Format::E4M3, 464.0 + 0x1p-30, Subnormals::Keep, Overflow::Saturate)), bitsF(448.0f));
    QCOMPARE(bitsF(roundFromDouble(Format::E2M1, 5.0 + 0x1p-40)), bitsF(6.0f));
    QCOMPARE(bitsF(roundTo(Format::E2M1, float(5.0 + 0x1p-40))), bitsF(4.0f));
    QCOMPARE(bitsF(roundFromDouble(Format::E5M2, -61440.0 + 0x1p-30)), bitsF(-57344.0f));
    QCOMPARE(bitsF(roundFromDouble(Format::E5M2, 1e300)), bitsF(kInf));
    QCOMPARE(bitsF(roundFromDouble(Format::E5M2, 1e300, Subnormals::Keep, Overflow::Saturate)), bitsF(57344.0f));
    QCOMPARE(bitsF(roundFromDouble(Format::E3M2, -1e300)), bitsF(-28.0f));
    // e8m0: ties upwards in double as in float; below 2^-127 everything positive is 2^-127.
    QCOMPARE(bitsF(roundFromDouble(Format::E8M0, 3.0)), bitsF(4.0f));
    QCOMPARE(bitsF(roundFromDouble(Format::E8M0, 3.0 - 0x1p-40)), bitsF(2.0f));
    QCOMPARE(bitsF(roundFromDouble(Format::E8M0, 1e-300)), bitsF(0x1p-127f));
    QVERIFY(std::isnan(roundFromDouble(Format::E8M0, 0.0)));
    QVERIFY(std::isnan(roundFromDouble(Format::E8M0, 1e300)));
    QCOMPARE(bitsF(roundFromDouble(Format::E8M0, 1e300, Subnormals::Keep, Overflow::Saturate)), bitsF(0x1p127f));
    // Subnormals: kept, or flushed to a zero of the same sign.
    QCOMPARE(bitsF(roundFromDouble(Format::E4M3, -0x1p-8)), bitsF(-0x1p-8f));
    QCOMPARE(bitsF(roundFromDouble(Format::E4M3, -0x1p-8, Subnormals::Flush)), bitsF(-0.0f));
    // NaN: as roundTo (ml_dtypes) gives it.
    QVERIFY(std::isnan(roundFromDouble(Format::E4M3, std::nan(""))));
    QCOMPARE(bitsF(roundFromDouble(Format::E2M3, std::nan(""))), bitsF(roundTo(Format::E2M3, kNaN)));
    // Every float32 reference input (a float32 is a double exactly): one rounding is the same rounding.
    const Reference& r = mlReference();
    for (Format f : kMiniFormats)
        for (std::size_t i = 0; i < kInputs; i += 7)
            for (Overflow o : {Overflow::Ocp, Overflow::Saturate})
                if (!sameValue(roundFromDouble(f, double(r.inputs[i]), Subnormals::Keep, o), roundTo(f, r.inputs[i], Subnormals::Keep, o)))
                    QFAIL(qPrintable(QString("%1: input 0x%2").arg(traits(f).name.data()).arg(bitsF(r.inputs[i]), 8, 16, QChar('0'))));
}

void TestMiniFormats::bitsClassAndNeighbours_data() {
    QTest::addColumn<int>("format");
    for (Format f : kMiniFormats) QTest::addRow("%s", traits(f).name.data()) << int(f);
}

// For every code: bitsOf/fromBits round trip, the class from the code's own fields, and nextUp/nextDown
// against the sorted table of all values (inf counts as a value where the format has it; NaN where
// there is no neighbour).
void TestMiniFormats::bitsClassAndNeighbours() {
    QFETCH(int, format);
    const Format f = Format(format);
    const FormatTraits& t = traits(f);
    const std::vector<float> table = mlDtypesTable(f);
    std::vector<float> sorted;
    for (float v : table)
        if (!std::isnan(v) && v != 0.0f) sorted.push_back(v);
    if (f != Format::E8M0) sorted.push_back(0.0f);
    std::sort(sorted.begin(), sorted.end());
    const int bits = t.bits;
    for (int c = 0; c < (1 << bits); ++c) {
        const float v = table[c];
        const QByteArray what = QString("code 0x%1 (%2)").arg(c, 2, 16, QChar('0')).arg(double(v), 0, 'g', 9).toUtf8();
        if (std::isnan(v)) {
            QCOMPARE(classify(f, v), ValueClass::NaN);
            continue;
        }
        QVERIFY2(bitsOf(f, v) == std::uint32_t(c), what.constData());
        QVERIFY2(sameValue(fromBits(f, bitsOf(f, v)), v), what.constData());
        // Class from the fields: exponent field 0 is zero or subnormal (not in e8m0, whose code 0 is
        // 2^-127, a normal value).
        const int magnitude = c & ((1 << (bits - (t.hasSign ? 1 : 0))) - 1);
        const int exponentField = magnitude >> t.mantissaBits;
        ValueClass expected = ValueClass::Normal;
        if (std::isinf(v)) expected = ValueClass::Inf;
        else if (magnitude == 0 && t.hasSign) expected = ValueClass::Zero;
        else if (exponentField == 0 && t.hasSign) expected = ValueClass::Subnormal;
        QVERIFY2(classify(f, v) == expected, what.constData());
        // Neighbours.
        const auto above = std::upper_bound(sorted.begin(), sorted.end(), v);
        const auto below = std::lower_bound(sorted.begin(), sorted.end(), v);
        const float up = above == sorted.end() ? kNaN : *above;
        const float down = below == sorted.begin() ? kNaN : *(below - 1);
        if (std::isinf(v)) {  // IEEE's nextUp(inf) = inf, nextDown(-inf) = -inf
            if (v > 0) QVERIFY2(sameValue(nextUp(f, v), v) && sameValue(nextDown(f, v), float(t.max)), what.constData());
            else QVERIFY2(sameValue(nextDown(f, v), v) && sameValue(nextUp(f, v), -float(t.max)), what.constData());
            continue;
        }
        // Next to a zero either zero will do (the table holds one).
        QVERIFY2(sameValue(nextUp(f, v), up) || (up == 0.0f && nextUp(f, v) == 0.0f), what.constData());
        QVERIFY2(sameValue(nextDown(f, v), down) || (down == 0.0f && nextDown(f, v) == 0.0f), what.constData());
    }
    // Beyond the values: none above a format's max without inf, none below e8m0's smallest.
    QVERIFY(std::isnan(nextUp(f, float(t.max))) == !t.hasInf);
    if (f == Format::E8M0) QVERIFY(std::isnan(nextDown(f, 0x1p-127f)));
}

QTEST_GUILESS_MAIN(TestMiniFormats)
#include "tst_mini_formats.moc"
