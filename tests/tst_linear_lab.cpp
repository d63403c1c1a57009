// The linear-layer lab against PyTorch 1.13 (inputs bit for bit, outputs and metrics) and against
// float64 references of the autocast definition.
#include <QtTest>

#include <algorithm>
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

// Every lane of 8 bits and below with each option it can take (its label set), on the CPU.
std::vector<Lane> everyScaledLane() {
    std::vector<Lane> lanes;
    for (ScaledFormat f : kAllScaledFormats) {
        Lane l;
        l.scaled = f;
        lanes.push_back(l);
        if (isPerTensor(f)) {
            l.overflow = Overflow::Saturate;
            lanes.push_back(l);
        }
        if (isMx(f))
            for (ScaleMode m : {ScaleMode::Ceil, ScaleMode::Even, ScaleMode::Rceil}) {
                l.scaleMode = m;
                lanes.push_back(l);
            }
    }
    return lanes;
}

// y = x W^T + b in double from float32 operands: the exact sum (every product of two float32 values is
// exact in double and 256 of them stay far inside double's 53 bits for these magnitudes, up to one
// rounding per addition at 2^-53, negligible against the float32 bound below), and the bound
// Σ|x_k w_k| + |b| that a float32 evaluation's error is measured against.
struct DoubleLinear {
    MatrixD y, magnitude;
};
DoubleLinear doubleLinear(const Matrix& x, const Matrix& w, const Vector& b) {
    DoubleLinear r{MatrixD(x.rows(), w.rows()), MatrixD(x.rows(), w.rows())};
    for (Index i = 0; i < x.rows(); ++i)
        for (Index o = 0; o < w.rows(); ++o) {
            double acc = b(o), mag = std::fabs(double(b(o)));
            for (Index k = 0; k < x.cols(); ++k) {
                acc += double(x(i, k)) * double(w(o, k));
                mag += std::fabs(double(x(i, k)) * double(w(o, k)));
            }
            r.y(i, o) = acc;
            r.magnitude(i, o) = mag;
        }
    return r;
}

// The quantised operand as a (rows, cols) float32 matrix of its dequantised values.
Matrix dequantised(const QuantizedTensor& q) {
    Matrix m(q.rows, q.cols);
    std::copy(q.dequantised.begin(), q.dequantised.end(), m.data());
    return m;
}

// OCP MX with the FLOOR rule, written from FP8.md's definition with roundTo (format.h) and no code of
// quantize(): per row, per block of 32 along the last axis, scale 2^(floor(log2 amax) - emax_elem)
// (the biased exponent of amax's float32 bits, clamped to [-127, 127] here, as randn data never reaches
// the ends), elements clamped to ±max and rounded to nearest-even, dequantised as element · scale.
Matrix mxFloorReference(Format element, int emaxElem, const Matrix& m) {
    const double maxElem = traits(element).max;
    Matrix out(m.rows(), m.cols());
    for (Index r = 0; r < m.rows(); ++r)
        for (Index b0 = 0; b0 < m.cols(); b0 += 32) {
            float amax = 0;
            for (Index k = b0; k < b0 + 32; ++k) amax = std::max(amax, std::fabs(m(r, k)));
            const int e = std::clamp(int((std::bit_cast<std::uint32_t>(amax) >> 23) & 0xFF) - 127 - emaxElem, -127, 127);
            const float scale = std::ldexp(1.0f, std::max(e, -126));
            for (Index k = b0; k < b0 + 32; ++k) {
                const float scaled = std::clamp(m(r, k) / scale, float(-maxElem), float(maxElem));
                out(r, k) = roundTo(element, scaled) * scale;
            }
        }
    return out;
}

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
    void scaledLaneLabelsRoundTrip();
    void scaledLaneRefusals_data();
    void scaledLaneRefusals();
    void scaledLanesAreTheProductOfQuantisedOperands_data();
    void scaledLanesAreTheProductOfQuantisedOperands();
    void mxFloorLanesMatchAnIndependentQuantiser_data();
    void mxFloorLanesMatchAnIndependentQuantiser();
    void fewerBitsCostMoreOnTheTutorialExample();
    void scaledLanesAreRefusedWhereTheyCannotRun();
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

// Every scaled lane's label reads back as the same lane; the spellings are the documented ones, floor
// (the MX default) is not written, and the lane computes in float32.
void TestLinearLab::scaledLaneLabelsRoundTrip() {
    const std::vector<Lane> lanes = everyScaledLane();
    QCOMPARE(lanes.size(), std::size_t(2 * 2 + 5 * 4 + 1));
    for (Lane l : lanes) {
        for (Device d : {Device::Cpu, Device::Gpu}) {
            l.device = d;
            QCOMPARE(parseLane(l.label()), l);
            QCOMPARE(l.format, Format::F32);
        }
    }
    Lane mx;
    mx.scaled = ScaledFormat::Mxfp8;
    QCOMPARE(mx.label(), std::string("cpu:mxfp8"));
    QCOMPARE(parseLane("cpu:mxfp8+floor"), mx);
    QCOMPARE(parseLane("mxfp8"), mx);
    mx.scaleMode = ScaleMode::Rceil;
    QCOMPARE(mx.label(), std::string("cpu:mxfp8+rceil"));
    Lane e4m3;
    e4m3.scaled = ScaledFormat::E4M3;
    e4m3.overflow = Overflow::Saturate;
    QCOMPARE(e4m3.label(), std::string("cpu:e4m3+sat"));
    for (const char* text : {"cpu:e4m3", "cpu:e5m2+sat", "cpu:mxfp8-e5m2+ceil", "cpu:mxfp6-e2m3+even",
                             "cpu:mxfp6-e3m2", "cpu:mxfp4+rceil", "cpu:nvfp4"})
        QCOMPARE(parseLane(text).label(), std::string(text));
    QCOMPARE(parseLane("cpu:nvfp4").scaled, std::optional<ScaledFormat>(ScaledFormat::Nvfp4));
}

void TestLinearLab::scaledLaneRefusals_data() {
    QTest::addColumn<QString>("label");
    QTest::addColumn<QStringList>("mentions");
    QTest::addRow("fp4 element") << "cpu:e2m1" << QStringList{"element format", "mxfp4", "nvfp4"};
    QTest::addRow("fp6 element") << "cpu:e3m2" << QStringList{"element format", "mxfp6-e3m2"};
    QTest::addRow("scale format") << "cpu:e8m0" << QStringList{"scale", "mxfp8"};
    QTest::addRow("sat on mx") << "cpu:mxfp8+sat" << QStringList{"+sat", "e4m3, e5m2", "always saturate"};
    QTest::addRow("sat on bf16") << "cpu:bf16+sat" << QStringList{"+sat"};
    QTest::addRow("mode on per-tensor") << "cpu:e4m3+rceil" << QStringList{"+rceil", "MX"};
    QTest::addRow("mode on nvfp4") << "cpu:nvfp4+floor" << QStringList{"+floor", "MX"};
    QTest::addRow("mode on f16") << "cpu:f16+ceil" << QStringList{"+ceil"};
    QTest::addRow("two modes") << "cpu:mxfp4+floor+rceil" << QStringList{"two scale modes"};
    QTest::addRow("ftz on mx") << "cpu:mxfp8+ftz" << QStringList{"+ftz", "mxfp8", "+rceil"};
    QTest::addRow("acc16 on e4m3") << "cpu:e4m3+acc16" << QStringList{"+acc16", "+sat"};
    QTest::addRow("unknown") << "cpu:fp6" << QStringList{"unknown lane format 'fp6'", "fp8", "mxfp4", "nvfp4"};
}

void TestLinearLab::scaledLaneRefusals() {
    QFETCH(QString, label);
    QFETCH(QStringList, mentions);
    try {
        parseLane(label.toStdString());
        QFAIL(qPrintable(label + " was accepted"));
    } catch (const presisi::Error& e) {
        const QString what = QString::fromUtf8(e.what());
        for (const QString& m : mentions) QVERIFY2(what.contains(m), qPrintable(what + "  (wanted: " + m + ")"));
        QVERIFY2(what.contains(label), qPrintable(what));
    }
}

void TestLinearLab::scaledLanesAreTheProductOfQuantisedOperands_data() {
    QTest::addColumn<QString>("lane");
    for (const Lane& l : everyScaledLane()) QTest::newRow(l.label().c_str()) << QString::fromStdString(l.label());
}

// A scaled lane's output is deq(Q(x)) · deq(Q(W))^T + b with both operands quantised along in by
// quantize(): (1) bit for bit the float32 product of quantize()'s dequantised values (Eigen, as the f32
// lane), and (2) within the float32 accumulation bound of the exact (double) product of the same
// operands: |y − y_exact| ≤ γ_(in+1) · (Σ_k |x_k w_k| + |b|), γ_n = n·u / (1 − n·u), u = 2^-24 (in
// products and additions, then the bias: in + 1 roundings on any path, fused or not, in any order).
// The worst element is reported as a share of its bound.
void TestLinearLab::scaledLanesAreTheProductOfQuantisedOperands() {
    QFETCH(QString, lane);
    const Lane l = parseLane(lane.toStdString());
    const LinearConfig c{64, 48, 5, 3};  // in = 64: two MX blocks, four NVFP4 blocks per row
    const LinearResult r = runLinear(c, {Lane{}, l});
    QCOMPARE(r.lanes.size(), std::size_t(2));
    const LinearLaneResult& lr = r.lanes[1];
    QCOMPARE(lr.lane, l);
    QVERIFY(lr.quantization.has_value());
    const LinearInputs& in = r.inputs;
    QuantizeOptions o;
    o.scaleMode = l.scaleMode;
    o.overflow = l.overflow;
    const QuantizedTensor qx = quantize(*l.scaled, spanOf(in.x), in.x.rows(), in.x.cols(), o);
    const QuantizedTensor qw = quantize(*l.scaled, spanOf(in.weight), in.weight.rows(), in.weight.cols(), o);
    QCOMPARE(lr.quantization->x.sqnrDb, qx.stats.sqnrDb);
    QCOMPARE(lr.quantization->weight.sqnrDb, qw.stats.sqnrDb);
    const Matrix xd = dequantised(qx), wd = dequantised(qw);
    QVERIFY(xd != in.x);  // the operands did change
    Matrix y(c.batch, c.out);
    y.noalias() = xd * wd.transpose();
    y.rowwise() += in.bias.transpose();
    QVERIFY2(bitsEqual(spanOf(lr.output), spanOf(y)), "not the float32 product of quantize()'s operands");

    const DoubleLinear exact = doubleLinear(xd, wd, in.bias);
    const double u = std::ldexp(1.0, -24), n = double(c.in + 1), gamma = n * u / (1 - n * u);
    double worst = 0;
    for (Index i = 0; i < y.size(); ++i) {
        const double allowed = gamma * exact.magnitude.data()[i];
        const double err = std::fabs(double(lr.output.data()[i]) - exact.y.data()[i]);
        QVERIFY2(err <= allowed, qPrintable(QString("element %1: |error| %2 > bound %3").arg(i).arg(err).arg(allowed)));
        worst = std::max(worst, allowed > 0 ? err / allowed : 0.0);
    }
    qInfo("%s: worst element at %.3f of the float32 accumulation bound", qPrintable(lane), worst);
    // The metrics are against cpu:f32 of the same inputs, not against the quantised product.
    QCOMPARE(lr.metrics.count, std::int64_t(c.batch * c.out));
    QVERIFY(lr.metrics.meanAbsError > 0);
}

void TestLinearLab::mxFloorLanesMatchAnIndependentQuantiser_data() {
    QTest::addColumn<QString>("lane");
    QTest::addColumn<int>("element");
    QTest::addColumn<int>("emax");
    QTest::addRow("mxfp8") << "cpu:mxfp8" << int(Format::E4M3) << 8;
    QTest::addRow("mxfp8-e5m2") << "cpu:mxfp8-e5m2" << int(Format::E5M2) << 15;
    QTest::addRow("mxfp6-e2m3") << "cpu:mxfp6-e2m3" << int(Format::E2M3) << 2;
    QTest::addRow("mxfp4") << "cpu:mxfp4" << int(Format::E2M1) << 2;
}

// The MX lanes with the default FLOOR rule against a quantiser written here from the OCP definition: the
// blocks run along in (x's and W's last axis), so a block is 32 consecutive values of one row. Same
// product (Eigen, float32), so the outputs agree bit for bit.
void TestLinearLab::mxFloorLanesMatchAnIndependentQuantiser() {
    QFETCH(QString, lane);
    QFETCH(int, element);
    QFETCH(int, emax);
    const LinearConfig c{96, 64, 32, 1};  // batch = 32: x^T has blocks of 32 too
    const LinearResult r = runLinear(c, {parseLane(lane.toStdString())});
    QCOMPARE(r.lanes.size(), std::size_t(1));
    const Matrix xd = mxFloorReference(Format(element), emax, r.inputs.x);
    const Matrix wd = mxFloorReference(Format(element), emax, r.inputs.weight);
    Matrix y(c.batch, c.out);
    y.noalias() = xd * wd.transpose();
    y.rowwise() += r.inputs.bias.transpose();
    QVERIFY2(bitsEqual(spanOf(r.lanes[0].output), spanOf(y)), "not OCP MX (floor) blocks along in");
    // Blocks along the other axis (x's columns, the batch) give other numbers: the test can tell them apart.
    // (Not so for W: nn.Linear's uniform init puts almost every block's amax in the same binade, so its
    // blocks share one scale whichever way they run.)
    const Matrix xT = mxFloorReference(Format(element), emax, Matrix(r.inputs.x.transpose())).transpose();
    Matrix yWrongAxis(c.batch, c.out);
    yWrongAxis.noalias() = xT * wd.transpose();
    yWrongAxis.rowwise() += r.inputs.bias.transpose();
    QVERIFY(!bitsEqual(spanOf(r.lanes[0].output), spanOf(yWrongAxis)));
}

// On the tutorial's example the error follows the bits: f16 < bf16 < the 8-bit lanes < FP4, nvfp4's finer
// blocks and scales beat mxfp4's. The MX FLOOR rule maps a block's amax to [256, 512) in e4m3 and so
// clamps the largest element of every block whose amax mantissa is above 448/256 = 1.75 (about one block
// in five of normal data): mxfp8 under FLOOR is worse than under RCEIL, worse even than mxfp6-e2m3 (whose
// max 7.5 is nearer its binade's top), while under RCEIL nothing saturates and the order is the bits'.
void TestLinearLab::fewerBitsCostMoreOnTheTutorialExample() {
    const LinearResult r = runLinear({}, {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16"),
                                          parseLane("cpu:e4m3"), parseLane("cpu:mxfp8"), parseLane("cpu:mxfp6-e2m3"),
                                          parseLane("cpu:mxfp4"), parseLane("cpu:nvfp4"), parseLane("cpu:mxfp8+rceil"),
                                          parseLane("cpu:mxfp6-e2m3+rceil"), parseLane("cpu:mxfp4+rceil")});
    QCOMPARE(r.lanes.size(), std::size_t(11));
    auto mean = [&](const char* label) {
        for (const auto& l : r.lanes)
            if (l.lane.label() == label) return l.metrics.meanAbsError;
        return -1.0;
    };
    qInfo("mean |diff|: f16 %.3g bf16 %.3g e4m3 %.3g mxfp8 %.3g mxfp6-e2m3 %.3g nvfp4 %.3g mxfp4 %.3g", mean("cpu:f16"),
          mean("cpu:bf16"), mean("cpu:e4m3"), mean("cpu:mxfp8"), mean("cpu:mxfp6-e2m3"), mean("cpu:nvfp4"), mean("cpu:mxfp4"));
    QVERIFY(mean("cpu:f16") > 0);
    QVERIFY(mean("cpu:f16") < mean("cpu:bf16"));
    QVERIFY(mean("cpu:bf16") < mean("cpu:mxfp8"));
    QVERIFY(mean("cpu:bf16") < mean("cpu:e4m3"));
    QVERIFY(mean("cpu:mxfp6-e2m3") < mean("cpu:mxfp4"));
    QVERIFY(mean("cpu:mxfp8+rceil") < mean("cpu:mxfp8"));
    QVERIFY(mean("cpu:mxfp8+rceil") < mean("cpu:mxfp6-e2m3+rceil"));
    QVERIFY(mean("cpu:mxfp6-e2m3+rceil") < mean("cpu:mxfp4+rceil"));
    QVERIFY(mean("cpu:nvfp4") < mean("cpu:mxfp4"));
    QVERIFY(mean("cpu:mxfp6-e2m3") < mean("cpu:nvfp4"));
    // Each mantissa bit is about a factor of two: e4m3 keeps 3 bits to bf16's 7, so 2^3..2^5 times the error;
    // e2m1 keeps 1, two more factors of two below e4m3.
    QVERIFY(mean("cpu:mxfp8") > 8 * mean("cpu:bf16"));
    QVERIFY(mean("cpu:mxfp4") > 3 * mean("cpu:mxfp8"));
    for (const auto& l : r.lanes) {
        if (!l.lane.scaled) {
            QVERIFY(!l.quantization);
            continue;
        }
        QVERIFY(l.quantization);
        QCOMPARE(l.metrics.infs + l.metrics.nans, std::int64_t(0));
        QVERIFY(l.metrics.correlation < 1 && l.metrics.correlation > 0.95);
        QCOMPARE(l.quantization->x.elements, std::int64_t(64 * 256));
        QCOMPARE(l.quantization->weight.elements, std::int64_t(256 * 256));
    }
    auto x = [&](const char* label) {
        for (const auto& l : r.lanes)
            if (l.lane.label() == label) return l.quantization->x;
        return CastStats{};
    };
    qInfo("x: SQNR mxfp8 %.1f dB (saturated %.4f), rceil %.1f dB (%.4f); mxfp6-e2m3 rceil %.1f dB; mxfp4 rceil %.1f dB",
          x("cpu:mxfp8").sqnrDb, x("cpu:mxfp8").saturatedShare, x("cpu:mxfp8+rceil").sqnrDb,
          x("cpu:mxfp8+rceil").saturatedShare, x("cpu:mxfp6-e2m3+rceil").sqnrDb, x("cpu:mxfp4+rceil").sqnrDb);
    QVERIFY(x("cpu:mxfp8").saturatedShare > 0);
    QCOMPARE(x("cpu:mxfp8+rceil").saturatedShare, 0.0);
    QVERIFY(x("cpu:mxfp8+rceil").sqnrDb > x("cpu:mxfp6-e2m3+rceil").sqnrDb);
    QVERIFY(x("cpu:mxfp6-e2m3+rceil").sqnrDb > x("cpu:mxfp4+rceil").sqnrDb + 6);
}

// Where a scaled lane cannot run: GPU training lanes and nvfp4 training (validate(): train, check, experiment
// files, the speed lab), the linear lab's GPU, the training recipes' own lanes in the linear lab (left out
// with a note), and an `in` its blocks do not divide (left out with a note, as the window shows it).
void TestLinearLab::scaledLanesAreRefusedWhereTheyCannotRun() {
    Scenario s;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:mxfp8"), parseLane("cpu:e4m3+sat"), parseLane("cpu:fp8+delayed")};
    validate(s);
    s.lanes = {parseLane("gpu:fp8")};
    try {
        validate(s);
        QFAIL("a training scenario took gpu:fp8");
    } catch (const presisi::Error& e) {
        QVERIFY2(std::string(e.what()).find("lanes of 8 bits and below train on the CPU (cpu:fp8)") != std::string::npos,
                 e.what());
    }
    s.lanes = {parseLane("cpu:nvfp4")};
    validate(s);  // Transformer Engine's NVFP4 recipe trains on the CPU
    s.lanes = {parseLane("gpu:nvfp4")};
    QVERIFY_THROWS_EXCEPTION(presisi::Error, validate(s));
    const LinearResult t = runLinear({32, 8, 2, 0}, {parseLane("cpu:f32"), parseLane("cpu:fp8"), parseLane("cpu:e4m3+delayed"),
                                                     parseLane("cpu:nvfp4+no-rht")});
    QCOMPARE(t.lanes.size(), std::size_t(1));
    QCOMPARE(t.notes.size(), std::size_t(3));
    QVERIFY2(t.notes[0].find("cpu:fp8 left out: fp8 is a training lane") == 0, t.notes[0].c_str());
    QVERIFY2(t.notes[1].find("cpu:e4m3+delayed left out: delayed scaling") == 0, t.notes[1].c_str());
    QVERIFY2(t.notes[2].find("cpu:nvfp4+no-rht left out: +no-sr, +no-2d and +no-rht") == 0, t.notes[2].c_str());
    s.lanes = {parseLane("gpu:e4m3+sat")};
    QVERIFY_THROWS_EXCEPTION(presisi::Error, validate(s));
    try {
        runLinear({16, 8, 2, 0}, {parseLane("cpu:f32"), parseLane("gpu:mxfp8")});
        QFAIL("gpu:mxfp8 ran");
    } catch (const presisi::Error& e) {
        QVERIFY2(std::string(e.what()).find("gpu:mxfp8: FP8/MX lanes run on the CPU") != std::string::npos, e.what());
    }
    // in = 48: three NVFP4 blocks of 16, one and a half MX blocks of 32.
    const LinearResult r = runLinear({48, 8, 2, 0}, {parseLane("cpu:f32"), parseLane("cpu:mxfp8"), parseLane("cpu:nvfp4")});
    QCOMPARE(r.lanes.size(), std::size_t(2));
    QCOMPARE(r.lanes[1].lane.label(), std::string("cpu:nvfp4"));
    QCOMPARE(r.notes.size(), std::size_t(1));
    QCOMPARE(r.notes[0], std::string("cpu:mxfp8 left out: in = 48 is not a multiple of mxfp8's 32-element blocks"));
    QVERIFY_THROWS_EXCEPTION(presisi::Error, linearScaledCpu(parseLane("cpu:mxfp8"), r.inputs.x, r.inputs.weight,
                                                             r.inputs.bias));
}

QTEST_GUILESS_MAIN(TestLinearLab)
#include "tst_linear_lab.moc"
