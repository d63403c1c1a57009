// The linear-layer lab against PyTorch 1.13 (inputs bit for bit, outputs and metrics) and against
// float64 references of the autocast definition.
#include <QtTest>

#include <bit>
#include <cmath>

#include "app/cli/commands.h"
#include "engine/error.h"
#include "engine/linear_backend.h"
#include "engine/linear_lab.h"
#include "engine/training/scenario.h"
#include "torch_reference.h"

using namespace presisi;

namespace {

// y = round(sum_k round(x) round(w) + round(b)) with the sum taken exactly in double: the
// autocast definition with no accumulation error at all.
Matrix exactLinear(Format f, const Matrix& x, const Matrix& w, const Vector& b) {
    Matrix y(x.rows(), w.rows());
    for (Index r = 0; r < x.rows(); ++r)
        for (Index o = 0; o < w.rows(); ++o) {
            double acc = roundTo(f, b(o));
            for (Index k = 0; k < x.cols(); ++k)
                acc += double(roundTo(f, x(r, k))) * double(roundTo(f, w(o, k)));
            y(r, o) = roundFromDouble(f, acc);
        }
    return y;
}

// Units in the last place of `format` between a and b (both representable in it).
double ulpsApart(Format f, float a, float b) {
    if (a == b) return 0;
    const double spacing = std::ldexp(1.0, std::max(std::ilogb(std::max(std::fabs(a), std::fabs(b))),
                                                    traits(f).minExponent) - traits(f).mantissaBits);
    return std::fabs(double(a) - double(b)) / spacing;
}

bool bitsEqual(std::span<const float> a, std::span<const float> b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::bit_cast<std::uint32_t>(a[i]) != std::bit_cast<std::uint32_t>(b[i])) return false;
    return true;
}

std::span<const float> spanOf(const Matrix& m) { return {m.data(), std::size_t(m.size())}; }

}  // namespace

class TestLinearLab : public QObject {
    Q_OBJECT
private slots:
    void tutorialNumbers();
    void againstPyTorch_data();
    void againstPyTorch();
    void f16AgainstFloat64Reference();
    void metricsKnownAnswers();
    void flushCountsAndClasses();
    void badSizesThrow();
    void benchTimesEachLaneOnItsDevice();
    void laneLabels();
};

void TestLinearLab::tutorialNumbers() {
    const LinearResult r = runLinear({}, {{Device::Cpu, Format::F32}, {Device::Cpu, Format::BF16}});
    QCOMPARE(r.lanes.size(), std::size_t(2));
    const ErrorMetrics& m = r.lanes[1].metrics;
    QCOMPARE(traits(r.lanes[1].lane.format).dtypeName, std::string_view("bfloat16"));
    QCOMPARE(cli::pythonRound(m.meanAbsError, 6), std::string("0.001253"));
    QCOMPARE(cli::pythonRound(m.correlation, 4), std::string("1.0"));
    // PyTorch: 0.0012527621584013104 and 0.007747650146484375; six significant digits at least.
    QVERIFY(std::fabs(m.meanAbsError / 0.0012527621584013104 - 1) < 5e-6);
    QVERIFY(std::fabs(m.maxAbsError / 0.007747650146484375 - 1) < 5e-6);
}

void TestLinearLab::againstPyTorch_data() {
    QTest::addColumn<QJsonObject>("entry");
    const QJsonObject doc = testdata::loadJson("torch_reference.json");
    QVERIFY2(!doc.isEmpty(), "tests/data/torch_reference.json is missing");
    for (const auto& c : doc["linear"].toArray()) {
        const QJsonObject o = c.toObject();
        QTest::addRow("%s", qPrintable(o["name"].toString())) << o;
    }
}

void TestLinearLab::againstPyTorch() {
    QFETCH(QJsonObject, entry);
    LinearConfig c;
    c.seed = std::uint64_t(entry["seed"].toInteger());
    c.in = entry["in"].toInt();
    c.out = entry["out"].toInt();
    c.batch = entry["batch"].toInt();
    const QJsonObject arrays = entry["arrays"].toObject();
    const LinearResult r = runLinear(c, {{Device::Cpu, Format::F32}, {Device::Cpu, Format::BF16}});

    // Inputs: bit for bit, including randn tails (5 x 37 = 185) and the path under 16 elements.
    const LinearInputs& in = r.inputs;
    QVERIFY(bitsEqual(spanOf(in.x), testdata::loadArray(arrays["x"].toObject())));
    QVERIFY(bitsEqual(spanOf(in.weight), testdata::loadArray(arrays["weight"].toObject())));
    QVERIFY(bitsEqual({in.bias.data(), std::size_t(in.bias.size())}, testdata::loadArray(arrays["bias"].toObject())));

    // f32: a different summation order than PyTorch's BLAS; both within the float32 dot-product
    // bound gamma_n * sum |x||w| of the exact result. refDiff bounds |ours - PyTorch's| per element.
    const std::vector<float> y32Torch = testdata::loadArray(arrays["y_f32"].toObject());
    const Matrix& y32 = r.lanes[0].output;
    const double gamma = double(c.in + 1) * traits(Format::F32).unitRoundoff;
    std::vector<double> refDiff(y32Torch.size());
    for (Index i = 0; i < y32.rows(); ++i)
        for (Index o = 0; o < y32.cols(); ++o) {
            double exact = in.bias(o), magnitude = std::fabs(in.bias(o));
            for (Index k = 0; k < c.in; ++k) {
                exact += double(in.x(i, k)) * in.weight(o, k);
                magnitude += std::fabs(double(in.x(i, k)) * in.weight(o, k));
            }
            const std::size_t at = std::size_t(i * c.out + o);
            QVERIFY(std::fabs(y32(i, o) - exact) <= gamma * magnitude);
            QVERIFY(std::fabs(y32Torch[at] - exact) <= gamma * magnitude);
            refDiff[at] = 2 * gamma * magnitude;
        }

    // bf16: against the exact-sum definition and against PyTorch, at most 1% of elements one unit
    // apart (float32 accumulation order); for the tutorial's example exactly none from the exact sum.
    const std::vector<float> ybfTorch = testdata::loadArray(arrays["y_bf16"].toObject());
    const Matrix exact = exactLinear(Format::BF16, in.x, in.weight, in.bias);
    const Matrix& ybf = r.lanes[1].output;
    if (c.seed == 0 && c.in == 256 && c.out == 256 && c.batch == 64)
        QVERIFY2(bitsEqual(spanOf(exact), ybfTorch), "exact-sum bf16 output differs from PyTorch's");
    std::size_t apart = 0, exactApart = 0;
    std::vector<double> laneDiff(ybfTorch.size());
    for (std::size_t i = 0; i < ybfTorch.size(); ++i) {
        const double u = ulpsApart(Format::BF16, ybf.data()[i], ybfTorch[i]);
        QVERIFY2(u <= 1, qPrintable(QString("element %1 is %2 bf16 units from PyTorch's").arg(i).arg(u)));
        apart += u > 0;
        laneDiff[i] = std::fabs(double(ybf.data()[i]) - ybfTorch[i]);
        const double ue = ulpsApart(Format::BF16, exact.data()[i], ybfTorch[i]);
        QVERIFY(ue <= 1);
        exactApart += ue > 0;
    }
    QVERIFY2(apart <= ybfTorch.size() / 100, qPrintable(QString("%1 elements one unit apart").arg(apart)));
    QVERIFY2(exactApart <= ybfTorch.size() / 100, qPrintable(QString("%1 elements from exact").arg(exactApart)));

    // The metrics code on PyTorch's own outputs equals the float64 metrics the script computed.
    const QJsonObject f64 = entry["f64"].toObject();
    const ErrorMetrics onTorch = compareToReference(Format::BF16, ybfTorch, y32Torch);
    QVERIFY(std::fabs(onTorch.meanAbsError / f64["mean_abs_error"].toDouble() - 1) < 1e-12);
    QCOMPARE(onTorch.maxAbsError, f64["max_abs_error"].toDouble());
    QVERIFY(std::fabs(onTorch.relL2Error / f64["rel_l2_error"].toDouble() - 1) < 1e-12);
    QVERIFY(std::fabs(onTorch.correlation - f64["correlation"].toDouble()) < 1e-12);

    // Our lane's metrics against PyTorch's: they may differ only by what the f32 reference and the
    // one-unit elements move. Bounds: mean by the mean of both moves, max by the largest move, and
    // correlation through 1 - r ~ relL2^2 / 2 by 2 relL2 * ||moves|| / ||ref - mean||.
    const ErrorMetrics& m = r.lanes[1].metrics;
    double sumMove = 0, maxMove = 0, sqMove = 0;
    for (std::size_t i = 0; i < laneDiff.size(); ++i) {
        const double move = laneDiff[i] + refDiff[i];
        sumMove += move;
        maxMove = std::max(maxMove, move);
        sqMove += move * move;
    }
    const double n = double(laneDiff.size());
    QVERIFY2(std::fabs(m.meanAbsError - f64["mean_abs_error"].toDouble()) <= sumMove / n,
             qPrintable(QString::number(m.meanAbsError, 'g', 17)));
    QVERIFY(std::fabs(m.maxAbsError - f64["max_abs_error"].toDouble()) <= maxMove);
    const Eigen::Map<const Eigen::VectorXf> ref(y32Torch.data(), Index(y32Torch.size()));
    const double centred = (ref.cast<double>().array() - ref.cast<double>().mean()).matrix().norm();
    QVERIFY(std::fabs(m.correlation - f64["correlation"].toDouble()) <=
            2 * (m.relL2Error + std::sqrt(sqMove) / centred) * std::sqrt(sqMove) / centred + 1e-12);
    QCOMPARE(QString(traits(Format::BF16).dtypeName.data()), entry["bf16_dtype"].toString());
}

void TestLinearLab::f16AgainstFloat64Reference() {
    for (std::uint64_t seed : {0u, 9u}) {
        LinearConfig c;
        c.seed = seed;
        c.in = 300;
        c.out = 40;
        c.batch = 20;
        const LinearInputs in = makeLinearInputs(c);
        const Matrix y = linearForwardCpu({Device::Cpu, Format::F16}, in.x, in.weight, in.bias);
        const Matrix exact = exactLinear(Format::F16, in.x, in.weight, in.bias);
        std::size_t apart = 0;
        for (Index i = 0; i < y.size(); ++i) {
            const double u = ulpsApart(Format::F16, y.data()[i], exact.data()[i]);
            QVERIFY(u <= 1);
            apart += u > 0;
        }
        QVERIFY(apart <= std::size_t(y.size()) / 100);
    }
}

void TestLinearLab::metricsKnownAnswers() {
    const std::vector<float> ref = {1, 2, 3, 4};
    const std::vector<float> lane = {1, 2, 3, 5};
    const ErrorMetrics m = compareToReference(Format::F32, lane, ref);
    QCOMPARE(m.meanAbsError, 0.25);
    QCOMPARE(m.maxAbsError, 1.0);
    QCOMPARE(m.relL2Error, 1.0 / std::sqrt(30.0));
    // Pearson r of (1,2,3,5) and (1,2,3,4): sxy 6.5, sxx 8.75, syy 5.
    const double r = 6.5 / std::sqrt(5.0 * 8.75);
    QVERIFY(std::fabs(m.correlation - r) < 1e-15);
    const float inf = std::numeric_limits<float>::infinity();
    const std::vector<float> bad = {0, 0x1p-20f, inf, std::nanf("")};
    const ErrorMetrics b = compareToReference(Format::F16, bad, ref);
    QCOMPARE(b.zeros, 1);
    QCOMPARE(b.subnormals, 1);
    QCOMPARE(b.infs, 1);
    QCOMPARE(b.nans, 1);
    QVERIFY(std::isnan(b.maxAbsError));
}

void TestLinearLab::flushCountsAndClasses() {
    // Tiny inputs: products near 2^-20 are f16 subnormals; flushing turns them into zeros.
    Matrix x = Matrix::Constant(2, 4, 0x1p-11f), w = Matrix::Constant(3, 4, 0x1p-11f);
    Vector b = Vector::Zero(3);
    const Matrix keep = linearForwardCpu({Device::Cpu, Format::F16}, x, w, b);
    const Matrix flush = linearForwardCpu({Device::Cpu, Format::F16, Accumulation::F32, Subnormals::Flush}, x, w, b);
    const Matrix ref = linearForwardCpu({Device::Cpu, Format::F32}, x, w, b);
    QCOMPARE(keep(0, 0), 0x1p-20f);
    const ErrorMetrics mk = compareToReference(Format::F16, spanOf(keep), spanOf(ref));
    const ErrorMetrics mf = compareToReference(Format::F16, spanOf(flush), spanOf(ref));
    QCOMPARE(mk.subnormals, 6);
    QCOMPARE(mf.zeros, 6);
    QCOMPARE(mf.meanAbsError, double(0x1p-20f));
}

void TestLinearLab::badSizesThrow() {
    LinearConfig c;
    c.in = 0;
    QVERIFY_THROWS_EXCEPTION(presisi::Error, makeLinearInputs(c));
}

// bench linear times a lane on its own device's backend: a gpu: lane is never CPU code under a GPU
// label. Expected: the CPU rows in order with the f32 lane as the ratio's base (ratio exactly 1); a
// GPU lane either a gpu: row (with a usable device) or an Error naming the lane and cudaStatus's reason.
void TestLinearLab::benchTimesEachLaneOnItsDevice() {
    QCOMPARE(linearBackend(Device::Gpu) != nullptr, builtWithCuda());
    QVERIFY(linearBackend(Device::Cpu) != nullptr);
    const LinearConfig c{8, 8, 4, 0};
    const LinearLane cpuF32{Device::Cpu, Format::F32, Accumulation::F32, Subnormals::Keep};
    const LinearLane cpuBf16{Device::Cpu, Format::BF16, Accumulation::F32, Subnormals::Keep};
    const LinearLane gpuF32{Device::Gpu, Format::F32, Accumulation::F32, Subnormals::Keep};
    const auto cpuRows = benchLinear(c, {cpuF32, cpuBf16}, 1);
    QCOMPARE(cpuRows.size(), std::size_t{2});
    QCOMPARE(cpuRows[0].lane, std::string("cpu:f32"));
    QCOMPARE(cpuRows[1].lane, std::string("cpu:bf16"));
    QCOMPARE(cpuRows[0].ratioToF32, 1.0);
    if (!cudaStatus().available) {
        try {
            benchLinear(c, {cpuF32, gpuF32}, 1);
            QFAIL("a gpu: lane was timed without a usable GPU");
        } catch (const presisi::Error& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("gpu:f32") != std::string::npos, e.what());
            QVERIFY2(what.find(cudaStatus().reason) != std::string::npos, e.what());
        }
    } else {
        const auto rows = benchLinear(c, {gpuF32, cpuF32}, 1);
        QCOMPARE(rows.size(), std::size_t{2});
        QCOMPARE(rows[0].lane, std::string("cpu:f32"));
        QCOMPARE(rows[1].lane, std::string("gpu:f32"));
    }
}

// The one lane type's labels, written out by hand from docs/CLI.md's lane grammar; for lanes the
// training lab has too, the same text as its LaneSpec (parseLane(text).label() == text).
void TestLinearLab::laneLabels() {
    QCOMPARE(Lane{}.label(), std::string("cpu:f32"));
    QCOMPARE((Lane{Device::Gpu, Format::BF16}).label(), std::string("gpu:bf16"));
    Lane tf32{Device::Gpu, Format::F32};
    tf32.tf32 = true;
    QCOMPARE(tf32.label(), std::string("gpu:tf32"));
    QCOMPARE((Lane{Device::Cpu, Format::F16, Accumulation::Storage, Subnormals::Flush}).label(),
             std::string("cpu:f16+acc16+ftz"));
    Lane scaled{Device::Gpu, Format::F16, Accumulation::F32, Subnormals::Flush};
    scaled.scaler = true;
    QCOMPARE(scaled.label(), std::string("gpu:f16+scaler+ftz"));
    QCOMPARE(scaled.label(), parseLane("gpu:f16+scaler+ftz").label());
    QCOMPARE((Lane{Device::Cpu, Format::BF16}).label(), parseLane("cpu:bf16").label());
}

QTEST_GUILESS_MAIN(TestLinearLab)
#include "tst_linear_lab.moc"
