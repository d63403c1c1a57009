// Formats: the traits table and known-answer rounding rows (values by hand from the IEEE layouts), and
// every float32 input through every bulk-rounding kernel against reference::roundTo, the definition in
// float64 arithmetic (scale by the quantum, round with the 2^52 addition) that shares no code with them.
#include <QtTest>

#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

#include "engine/format.h"
#include "engine/linear_lab.h"

using namespace presisi;

namespace {

std::uint32_t bitsF(float x) { return std::bit_cast<std::uint32_t>(x); }

bool sameValue(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return bitsF(a) == bitsF(b);  // also tells -0 from +0
}

}  // namespace

class TestFormats : public QObject {
    Q_OBJECT
private slots:
    void traitsMatchTheBitPatterns_data();
    void traitsMatchTheBitPatterns();
    void knownAnswers_data();
    void knownAnswers();
    void flushToZero();
    void nanAndSignedZero();
    void neighbours();
    void exhaustiveKernelsAgreeWithReference_data();
    void exhaustiveKernelsAgreeWithReference();
    void roundFromDoubleHasNoDoubleRounding();
    void storageAccumulationOfOnes();
};

void TestFormats::traitsMatchTheBitPatterns_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<quint32>("maxBits");
    QTest::addColumn<quint32>("minNormalBits");
    QTest::addColumn<quint32>("oneBits");
    // By hand from the IEEE layouts (1 + 8 + 23, 1 + 8 + 7, 1 + 5 + 10 bits): max (2 - 2^-m) 2^emax,
    // smallest normal 2^(1 - bias), smallest subnormal 2^(1 - bias - m), epsilon 2^-m.
    QTest::addColumn<double>("max");
    QTest::addColumn<double>("minNormal");
    QTest::addColumn<double>("minSubnormal");
    QTest::addColumn<double>("epsilon");
    QTest::addRow("f32") << int(Format::F32) << 0x7f7fffffu << 0x00800000u << 0x3f800000u
                         << std::ldexp(2.0 - 0x1p-23, 127) << 0x1p-126 << 0x1p-149 << 0x1p-23;
    QTest::addRow("bf16") << int(Format::BF16) << 0x7f7fu << 0x0080u << 0x3f80u
                          << std::ldexp(2.0 - 0x1p-7, 127) << 0x1p-126 << 0x1p-133 << 0x1p-7;
    QTest::addRow("f16") << int(Format::F16) << 0x7bffu << 0x0400u << 0x3c00u << 65504.0 << 0x1p-14 << 0x1p-24
                         << 0x1p-10;
}

void TestFormats::traitsMatchTheBitPatterns() {
    QFETCH(int, format);
    QFETCH(quint32, maxBits);
    QFETCH(quint32, minNormalBits);
    QFETCH(quint32, oneBits);
    QFETCH(double, max);
    QFETCH(double, minNormal);
    QFETCH(double, minSubnormal);
    QFETCH(double, epsilon);
    const Format f = Format(format);
    const FormatTraits& t = traits(f);
    QCOMPARE(t.max, max);
    QCOMPARE(t.minNormal, minNormal);
    QCOMPARE(t.minSubnormal, minSubnormal);
    QCOMPARE(t.epsilon, epsilon);
    QCOMPARE(double(fromBits(f, maxBits)), t.max);
    QCOMPARE(double(fromBits(f, minNormalBits)), t.minNormal);
    QCOMPARE(double(fromBits(f, 1)), t.minSubnormal);
    QCOMPARE(double(fromBits(f, oneBits + 1)) - 1.0, t.epsilon);
    QCOMPARE(t.unitRoundoff, t.epsilon / 2);
    QCOMPARE(t.bits, 1 + t.exponentBits + t.mantissaBits);
    QCOMPARE(t.minExponent, 1 - t.bias);
    QCOMPARE(t.minSubnormal, std::ldexp(1.0, t.minExponent - t.mantissaBits));
    // The overflow threshold is halfway between max and the next power of two's first value.
    QCOMPARE(t.overflowThreshold, t.max + std::ldexp(1.0, std::ilogb(t.max) - t.mantissaBits - 1));
    QCOMPARE(parseFormat(t.name), std::optional<Format>(f));
    QCOMPARE(parseFormat(t.dtypeName), std::optional<Format>(f));
}

void TestFormats::knownAnswers_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<float>("input");
    QTest::addColumn<float>("expected");
    const float inf = std::numeric_limits<float>::infinity();
    QTest::addRow("f16 max 65504 stays") << int(Format::F16) << 65504.0f << 65504.0f;
    QTest::addRow("f16 65519.996 -> 65504") << int(Format::F16) << 65519.996f << 65504.0f;
    QTest::addRow("f16 65520 -> inf") << int(Format::F16) << 65520.0f << inf;
    QTest::addRow("f16 -65520 -> -inf") << int(Format::F16) << -65520.0f << -inf;
    QTest::addRow("f16 2^-24 stays") << int(Format::F16) << 0x1p-24f << 0x1p-24f;
    QTest::addRow("f16 2^-25 -> 0 (tie to even)") << int(Format::F16) << 0x1p-25f << 0.0f;
    QTest::addRow("f16 3*2^-26 -> 2^-24") << int(Format::F16) << 0x3p-26f << 0x1p-24f;
    QTest::addRow("f16 3*2^-25 -> 2^-23 (tie to even)") << int(Format::F16) << 0x3p-25f << 0x1p-23f;
    QTest::addRow("f16 2^-14 smallest normal") << int(Format::F16) << 0x1p-14f << 0x1p-14f;
    QTest::addRow("f16 1+2^-11 -> 1 (tie to even)") << int(Format::F16) << (1.0f + 0x1p-11f) << 1.0f;
    QTest::addRow("f16 0.1") << int(Format::F16) << 0.1f << 0.0999755859375f;
    QTest::addRow("bf16 1+2^-8 -> 1 (tie to even)") << int(Format::BF16) << (1.0f + 0x1p-8f) << 1.0f;
    QTest::addRow("bf16 1+3*2^-8 -> 1+2^-6 (tie to even)") << int(Format::BF16) << (1.0f + 0x3p-8f)
                                                             << (1.0f + 0x1p-6f);
    QTest::addRow("bf16 1+2^-8+2^-20 -> 1+2^-7") << int(Format::BF16) << (1.0f + 0x1p-8f + 0x1p-20f)
                                                   << (1.0f + 0x1p-7f);
    QTest::addRow("bf16 65520 -> 65536") << int(Format::BF16) << 65520.0f << 65536.0f;
    QTest::addRow("bf16 float max -> inf") << int(Format::BF16) << 3.4028235e38f << inf;
    QTest::addRow("bf16 just below overflow") << int(Format::BF16) << std::nextafter(0x1.ffp127f, 0.0f)
                                              << 0x1.fep127f;
    QTest::addRow("bf16 overflow threshold -> inf") << int(Format::BF16) << 0x1.ffp127f << inf;
    QTest::addRow("bf16 2^-133 subnormal") << int(Format::BF16) << 0x1p-133f << 0x1p-133f;
    QTest::addRow("bf16 2^-134 -> 0 (tie to even)") << int(Format::BF16) << 0x1p-134f << 0.0f;
    QTest::addRow("f32 identity") << int(Format::F32) << 0.1f << 0.1f;
}

void TestFormats::knownAnswers() {
    QFETCH(int, format);
    QFETCH(float, input);
    QFETCH(float, expected);
    const Format f = Format(format);
    QVERIFY2(sameValue(roundTo(f, input), expected), qPrintable(QString::number(roundTo(f, input), 'g', 9)));
    QVERIFY(sameValue(reference::roundTo(f, input), expected));
    for (RoundingKernel k : {RoundingKernel::Portable, RoundingKernel::Avx2, RoundingKernel::Avx512}) {
        if (!kernelSupported(k)) continue;
        std::vector<float> in(37, input), out(37);  // long enough for the vector body and the tail
        roundSpanWith(k, f, in, out, Subnormals::Keep);
        for (float v : out) QVERIFY2(sameValue(v, expected), kernelName(k).data());
    }
}

void TestFormats::flushToZero() {
    QVERIFY(sameValue(roundTo(Format::F16, 0x1p-20f, Subnormals::Flush), 0.0f));
    QVERIFY(sameValue(roundTo(Format::F16, -0x1p-20f, Subnormals::Flush), -0.0f));
    QVERIFY(sameValue(roundTo(Format::F16, 0x1p-14f, Subnormals::Flush), 0x1p-14f));
    // A value just below the smallest normal that rounds up to it is normal, not flushed.
    QVERIFY(sameValue(roundTo(Format::F16, 0x1.fffp-15f, Subnormals::Flush), 0x1p-14f));
    QVERIFY(sameValue(roundTo(Format::BF16, 0x1p-130f, Subnormals::Flush), 0.0f));
    QVERIFY(sameValue(roundTo(Format::F32, 0x1p-140f, Subnormals::Flush), 0.0f));
    QVERIFY(sameValue(roundTo(Format::F32, 0x1p-140f, Subnormals::Keep), 0x1p-140f));
}

void TestFormats::nanAndSignedZero() {
    const float qnan = std::numeric_limits<float>::quiet_NaN();
    const float snan = std::bit_cast<float>(0x7f800001u);  // would carry into inf without the NaN check
    const float negNan = std::bit_cast<float>(0xffffffffu);
    for (Format f : {Format::BF16, Format::F16}) {
        QVERIFY(std::isnan(roundTo(f, qnan)));
        QVERIFY(std::isnan(roundTo(f, snan)));
        QVERIFY(std::isnan(roundTo(f, negNan)));
        QVERIFY(std::signbit(roundTo(f, -0.0f)) && roundTo(f, -0.0f) == 0.0f);
        QVERIFY(!std::signbit(roundTo(f, 0.0f)));
        QCOMPARE(classify(f, qnan), ValueClass::NaN);
    }
    QCOMPARE(toBf16Bits(-0.0f), std::uint16_t(0x8000));
    QCOMPARE(toF16Bits(-0.0f), std::uint16_t(0x8000));
    QCOMPARE(toF16Bits(65520.0f), std::uint16_t(0x7c00));
    QCOMPARE(toF16Bits(std::numeric_limits<float>::infinity()), std::uint16_t(0x7c00));
}

// Bit for bit: QCOMPARE on floats is fuzzy (1e-5 relative) and would take 1 for 1 + 2^-23.
void TestFormats::neighbours() {
    QCOMPARE(bitsF(nextUp(Format::F16, 65504.0f)), bitsF(std::numeric_limits<float>::infinity()));
    QCOMPARE(bitsF(nextDown(Format::F16, std::numeric_limits<float>::infinity())), bitsF(65504.0f));
    QCOMPARE(bitsF(nextUp(Format::F16, 1.0f)), bitsF(1.0f + 0x1p-10f));
    QCOMPARE(bitsF(nextDown(Format::F16, 1.0f)), bitsF(1.0f - 0x1p-11f));
    QCOMPARE(bitsF(nextUp(Format::F16, 0.0f)), bitsF(0x1p-24f));
    QCOMPARE(bitsF(nextUp(Format::F16, -0.0f)), bitsF(0x1p-24f));
    QCOMPARE(bitsF(nextDown(Format::F16, 0.0f)), bitsF(-0x1p-24f));
    QCOMPARE(bitsF(nextUp(Format::BF16, -1.0f)), bitsF(-1.0f + 0x1p-8f));
    QCOMPARE(bitsF(nextUp(Format::BF16, 1.0f)), bitsF(1.0f + 0x1p-7f));
    QCOMPARE(bitsF(nextUp(Format::F32, 1.0f)), bitsF(1.0f + 0x1p-23f));
    QCOMPARE(classify(Format::F16, 0x1p-15f), ValueClass::Subnormal);
    QCOMPARE(classify(Format::BF16, 0x1p-15f), ValueClass::Normal);
}

void TestFormats::exhaustiveKernelsAgreeWithReference_data() {
    QTest::addColumn<int>("kernel");
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("subnormals");
    for (RoundingKernel k : {RoundingKernel::Avx512, RoundingKernel::Avx2, RoundingKernel::Portable}) {
        for (Format f : {Format::BF16, Format::F16}) {
            const QString name = QString("%1/%2").arg(kernelName(k).data(), traits(f).name.data());
            QTest::addRow("%s/keep", qPrintable(name)) << int(k) << int(f) << int(Subnormals::Keep);
            QTest::addRow("%s/flush", qPrintable(name)) << int(k) << int(f) << int(Subnormals::Flush);
        }
    }
}

// All 2^32 float32 inputs, in blocks of 2^16, split across the machine's cores.
void TestFormats::exhaustiveKernelsAgreeWithReference() {
    QFETCH(int, kernel);
    QFETCH(int, format);
    QFETCH(int, subnormals);
    const RoundingKernel k = RoundingKernel(kernel);
    if (!kernelSupported(k)) QSKIP(qPrintable(QString("this CPU lacks the %1 kernel").arg(kernelName(k).data())));
    const Format f = Format(format);
    const Subnormals sub = Subnormals(subnormals);

    // The sanitizer build (PRESISI_SANITIZED set by scripts/test.sh --sanitize) checks memory and UB,
    // not arithmetic: there every 17th block of 2^16 inputs (all signs and exponents) suffices.
    const std::uint32_t stride = qEnvironmentVariableIsSet("PRESISI_SANITIZED") ? 17 : 1;
    std::atomic<std::uint64_t> mismatches{0};
    std::atomic<std::uint32_t> firstBad{0};
    const unsigned threads = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
    auto work = [&](unsigned t) {
        std::vector<float> in(1 << 16), out(1 << 16), ref(1 << 16);
        for (std::uint32_t hi = t * stride; hi < (1u << 16); hi += threads * stride) {
            for (std::uint32_t lo = 0; lo < (1u << 16); ++lo) in[lo] = std::bit_cast<float>((hi << 16) | lo);
            roundSpanWith(k, f, in, out, sub);
            reference::roundSpan(f, in, ref, sub);
            // Equal bits, or both NaN (payloads may differ): a branch-free pass first, the slow
            // check only on a block that has a difference.
            std::uint32_t diff = 0;
            for (std::uint32_t lo = 0; lo < (1u << 16); ++lo)
                diff |= std::bit_cast<std::uint32_t>(out[lo]) ^ std::bit_cast<std::uint32_t>(ref[lo]);
            if (diff == 0) continue;
            for (std::uint32_t lo = 0; lo < (1u << 16); ++lo) {
                if (!sameValue(out[lo], ref[lo])) {
                    if (mismatches.fetch_add(1) == 0) firstBad = (hi << 16) | lo;
                }
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
    if (mismatches != 0) {
        const float x = std::bit_cast<float>(firstBad.load());
        QFAIL(qPrintable(QString("%1 mismatches; first input 0x%2 (%3): kernel %4, reference %5")
                             .arg(mismatches.load())
                             .arg(firstBad.load(), 8, 16, QChar('0'))
                             .arg(double(x), 0, 'g', 9)
                             .arg(double(roundTo(f, x, sub)), 0, 'g', 9)
                             .arg(double(reference::roundTo(f, x, sub)), 0, 'g', 9)));
    }
}

void TestFormats::roundFromDoubleHasNoDoubleRounding() {
    // 65519.9999 is below the f16 overflow threshold 65520 but rounds up to 65520 in float32.
    QCOMPARE(bitsF(roundFromDouble(Format::F16, 65519.9999)), bitsF(65504.0f));
    QCOMPARE(bitsF(roundTo(Format::F16, float(65519.9999))), bitsF(std::numeric_limits<float>::infinity()));
    // Just above 1 + 2^-8 (the bf16 tie) rounds up directly, but through float32 lands on the tie.
    QCOMPARE(bitsF(roundFromDouble(Format::BF16, 1.0 + 0x1p-8 + 0x1p-40)), bitsF(1.0f + 0x1p-7f));
    QCOMPARE(bitsF(roundFromDouble(Format::F32, 0.1)), bitsF(0.1f));
    QCOMPARE(bitsF(roundFromDouble(Format::F16, -1e9)), bitsF(-std::numeric_limits<float>::infinity()));
}

void TestFormats::storageAccumulationOfOnes() {
    // A dot product of 4096 ones: 256 when every partial sum is rounded to bf16 (256 + 1 rounds
    // back to 256), 2048 in f16, and 4096 with float32 accumulation.
    Matrix x = Matrix::Ones(1, 4096), w = Matrix::Ones(1, 4096);
    Vector b = Vector::Zero(1);
    auto y = [&](Format f, Accumulation a) {
        return linearForwardCpu({Device::Cpu, f, a, Subnormals::Keep}, x, w, b)(0, 0);
    };
    QCOMPARE(bitsF(y(Format::BF16, Accumulation::Storage)), bitsF(256.0f));
    QCOMPARE(bitsF(y(Format::F16, Accumulation::Storage)), bitsF(2048.0f));
    QCOMPARE(bitsF(y(Format::BF16, Accumulation::F32)), bitsF(4096.0f));
    QCOMPARE(bitsF(y(Format::F16, Accumulation::F32)), bitsF(4096.0f));
}

QTEST_GUILESS_MAIN(TestFormats)
#include "tst_formats.moc"
