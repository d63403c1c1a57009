// The device check's f16-accumulation rows rehearsed on the CPU (no `gpu` label: runs everywhere):
// the 16F lane judged against the f16 accumulator's order bound, and its 4096-ones known answer,
// each fed constructed GPU outputs that must pass (f16 accumulation in chunks, one product at a
// time) and broken ones that must fail (tools/device_check/judge.h).
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "../engine/format.h"
#include "../engine/linear_lab.h"
#include "../tools/device_check/judge.h"

using namespace presisi;
using namespace presisi::gpucheck;

namespace {

LinearLane acc16Lane(Device d = Device::Gpu) {
    LinearLane l;
    l.device = d;
    l.format = Format::F16;
    l.accumulation = Accumulation::Storage;
    return l;
}

// A device that accumulates in f16: chunks of `chunk` exact products (double), each added into an
// f16 accumulator with round to nearest even; then the f16 bias added in float32, rounded to f16.
Matrix f16Accumulated(const LinearInputs& in, int chunk) {
    const Index B = in.x.rows(), N = in.weight.rows(), K = in.x.cols();
    Matrix y(B, N);
    for (Index r = 0; r < B; ++r)
        for (Index c = 0; c < N; ++c) {
            float acc = 0;
            for (Index k0 = 0; k0 < K; k0 += chunk) {
                double part = 0;
                for (Index k = k0; k < std::min(K, k0 + chunk); ++k)
                    part += static_cast<double>(roundTo(Format::F16, in.x(r, k))) * roundTo(Format::F16, in.weight(c, k));
                acc = roundFromDouble(Format::F16, static_cast<double>(acc) + part);
            }
            y(r, c) = roundTo(Format::F16, acc + roundTo(Format::F16, in.bias(c)));
        }
    return y;
}

Check judgeAcc16(const LinearConfig& c, const Matrix& gpu) {
    const LinearInputs in = makeLinearInputs(c);
    const Matrix cpu = linearForwardCpu(acc16Lane(Device::Cpu), in.x, in.weight, in.bias);
    const Matrix cpuF32 = linearForwardCpu(LinearLane{}, in.x, in.weight, in.bias);
    const LinearLane lane = acc16Lane();
    return judgeLinear(c, lane, agreementOf(lane, in, gpu, cpu, cpuF32, cpuF32));
}

QByteArray describe(const Check& c) { return QByteArray::fromStdString(c.name + ": " + c.detail); }

}  // namespace

class TestDeviceAcc16 : public QObject {
    Q_OBJECT

private slots:
    // Every f16 accumulation order is within the bound: chunks of 1 (the CPU's own order), 8 and 32.
    void acc16WithinTheBoundPasses_data() {
        QTest::addColumn<int>("chunk");
        QTest::newRow("one product at a time") << 1;
        QTest::newRow("chunks of 8") << 8;
        QTest::newRow("chunks of 32") << 32;
    }
    void acc16WithinTheBoundPasses() {
        QFETCH(int, chunk);
        for (const LinearConfig& c : {LinearConfig{256, 256, 64, 0}, LinearConfig{37, 11, 5, 1}, LinearConfig{512, 128, 16, 42}}) {
            const Check k = judgeAcc16(c, f16Accumulated(makeLinearInputs(c), chunk));
            QVERIFY2(k.outcome == Outcome::Pass, describe(k).constData());
        }
    }

    // Broken outputs fail: the weight read transposed, and one element moved by half its value.
    void acc16BrokenFails() {
        const LinearConfig c{256, 256, 64, 0};
        const LinearInputs in = makeLinearInputs(c);
        const Check transposed = judgeAcc16(c, emulateGpuLinear(acc16Lane(), in.x, in.weight, in.bias,
                                                                 GpuModel::TransposedWeight));
        QVERIFY2(transposed.outcome == Outcome::Fail, describe(transposed).constData());
        // One element set past its bound (exact sum + 2 bounds, from the judge's own exact sum in double).
        Matrix moved = f16Accumulated(in, 8);
        const ExactLinear e = exactLinear(acc16Lane(Device::Cpu), in.x, in.weight, in.bias, kF16AccumulatorUnit);
        const std::size_t i = 3 * 256 + 7;
        moved.data()[i] = roundFromDouble(Format::F16, e.exact[i] + 2 * e.bound[i] + 1.0);
        const Check k = judgeAcc16(c, moved);
        QVERIFY2(k.outcome == Outcome::Fail, describe(k).constData());
        QVERIFY2(k.detail.find("element 775") != std::string::npos, describe(k).constData());
    }

    // At K = 1024 the bound (1024 * 2^-10 = 1) says nothing: the row stays a measurement.
    void acc16LargeKIsInfo() {
        const LinearConfig c{1024, 64, 8, 7};
        const Check k = judgeAcc16(c, f16Accumulated(makeLinearInputs(c), 8));
        QVERIFY2(k.outcome == Outcome::Info, describe(k).constData());
    }

    // The 4096-ones known answer (hand computation, judge.h): 2048 one product at a time, 4096 in even chunks.
    void onesSum_data() {
        QTest::addColumn<bool>("acc16");
        QTest::addColumn<float>("first");
        QTest::addColumn<float>("second");
        QTest::addColumn<bool>("pass");
        QTest::newRow("acc16 2048 2048") << true << 2048.0f << 2048.0f << true;
        QTest::newRow("acc16 4096 4096") << true << 4096.0f << 4096.0f << true;
        QTest::newRow("acc16 2048 4096") << true << 2048.0f << 4096.0f << true;
        QTest::newRow("acc16 4094") << true << 4096.0f << 4094.0f << false;
        QTest::newRow("acc16 2050") << true << 2050.0f << 2048.0f << false;
        QTest::newRow("acc16 0") << true << 0.0f << 0.0f << false;
        QTest::newRow("acc16 NaN") << true << NAN << 4096.0f << false;
        QTest::newRow("f32 accumulation 4096") << false << 4096.0f << 4096.0f << true;
        QTest::newRow("f32 accumulation 2048") << false << 2048.0f << 4096.0f << false;
    }
    void onesSum() {
        QFETCH(bool, acc16);
        QFETCH(float, first);
        QFETCH(float, second);
        QFETCH(bool, pass);
        LinearLane lane = acc16Lane();
        if (!acc16) lane.accumulation = Accumulation::F32;
        LinearLane cpuLane = lane;
        cpuLane.device = Device::Cpu;
        const LinearInputs in = onesInputs();
        const Matrix cpu = linearForwardCpu(cpuLane, in.x, in.weight, in.bias);
        Matrix got(1, 2);
        got << first, second;
        const Check k = judgeOnesSum(lane, got, cpu);
        QVERIFY2((k.outcome == Outcome::Pass) == pass, describe(k).constData());
    }

    // The reference side: the CPU's acc16 lane adds one product at a time and sticks at 2048 (2048 + 1
    // is a tie, rounded to even); its f32-accumulating f16 lane gives 4096. A wrong CPU side fails.
    void onesSumCpuSide() {
        const LinearInputs in = onesInputs();
        const Matrix cpu16 = linearForwardCpu(acc16Lane(Device::Cpu), in.x, in.weight, in.bias);
        QCOMPARE(cpu16(0, 0), 2048.0f);
        QCOMPARE(cpu16(0, 1), 2048.0f);
        LinearLane f16 = acc16Lane(Device::Cpu);
        f16.accumulation = Accumulation::F32;
        const Matrix cpu32 = linearForwardCpu(f16, in.x, in.weight, in.bias);
        QCOMPARE(cpu32(0, 0), 4096.0f);
        Matrix got(1, 2);
        got << 4096.0f, 4096.0f;
        const Check k = judgeOnesSum(acc16Lane(), got, cpu32);  // the acc16 row given an f32 CPU side
        QVERIFY2(k.outcome == Outcome::Fail && k.detail.find("reference side") != std::string::npos,
                 describe(k).constData());
    }
};

QTEST_GUILESS_MAIN(TestDeviceAcc16)
#include "tst_device_acc16.moc"
