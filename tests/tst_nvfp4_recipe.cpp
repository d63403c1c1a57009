// Transformer Engine's NVFP4 training recipe on the CPU: stochastic rounding (unbiased over 10^6 seeded casts,
// bit-identical from the same seed), 16 × 16 weight blocks (the weight and its transpose cast alike), the random
// Hadamard transform (TE's matrix, products kept), the cpu:nvfp4 lane's operands built from quantize() by those
// rules, and lanes of 8 bits and below that repeat themselves after a reset.
#include <QtTest>

#include <QTemporaryDir>
#include <fstream>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "engine/error.h"
#include "engine/numerics/fp8_recipe.h"
#include "engine/numerics/stochastic_rounding.h"
#include "engine/training/npy.h"
#include "engine/training/runner.h"
#include "engine/training/scaled_linears.h"

using namespace presisi;

namespace {

// Deterministic test data: an LCG's uniform values in [-0.5, 0.5) times 2^e for e in [lo, hi].
std::vector<float> spread(std::size_t n, std::uint32_t seed, int lo = -4, int hi = 4) {
    std::vector<float> x(n);
    for (float& v : x) {
        seed = seed * 1664525u + 1013904223u;
        v = std::ldexp(static_cast<float>(seed >> 8) / 16777216.0f - 0.5f, lo + static_cast<int>(seed % static_cast<std::uint32_t>(hi - lo + 1)));
    }
    return x;
}

Matrix matrixOf(const std::vector<float>& v, Index rows, Index cols) {
    return Eigen::Map<const Matrix>(v.data(), rows, cols);
}

// The row-major dequantised values of quantize() as a matrix.
Matrix dequantised(ScaledFormat f, const Matrix& x, const QuantizeOptions& o = {}) {
    const QuantizedTensor q = quantize(f, {x.data(), static_cast<std::size_t>(x.size())}, x.rows(), x.cols(), o);
    return matrixOf(q.dequantised, x.rows(), x.cols());
}

// TE's RHT as a matrix product in double: y = x · diag(s) · H / 4 per block of 16 along each row.
Matrix hadamardByMatrix(const Matrix& x) {
    const int s[16] = {1, 1, 1, -1, 1, -1, -1, -1, -1, -1, -1, 1, -1, 1, -1, -1};
    Matrix y(x.rows(), x.cols());
    for (Index r = 0; r < x.rows(); ++r)
        for (Index b = 0; b < x.cols(); b += 16)
            for (int j = 0; j < 16; ++j) {
                double sum = 0;
                for (int i = 0; i < 16; ++i) sum += x(r, b + i) * s[i] * ((std::popcount(static_cast<unsigned>(i & j)) % 2) ? -1.0 : 1.0);
                y(r, b + j) = static_cast<float>(sum / 4);
            }
    return y;
}

Scenario smallRun(const char* lane) {
    Scenario s;
    s.sizes = {2, 32, 3};
    s.steps = 60;
    s.lanes = {parseLane(lane)};
    s.statistics = false;
    return s;
}

std::vector<double> losses(Runner& runner, int steps) {
    std::vector<double> out;
    for (int k = 0; k < steps; ++k) out.push_back(runner.step().front().loss);
    return out;
}

}  // namespace

class TestNvfp4Recipe : public QObject {
    Q_OBJECT

private slots:
    void stochasticRoundingIsUnbiased_data();
    void stochasticRoundingIsUnbiased();
    void stochasticRoundingRepeatsFromItsSeed();
    void squareBlocksCastTheTransposeAlike();
    void hadamardIsTransformerEnginesMatrix();
    void columnCastsAreTheTransposes();
    void directRoundingIsTheEncoders();
    void leanCastsMeasureAsQuantize();
    void laneOperandsFollowTheRecipe();
    void laneGradientCastIsUnbiased();
    void zeroTensorsCastToZeros_data();
    void zeroTensorsCastToZeros();
    void everyLaneTrainsOnZeroInputs_data();
    void everyLaneTrainsOnZeroInputs();
    void aDeadReluLayerLeavesNvfp4Training();
    void lanesParseAndTrain();
    void resetRunsRepeatTheFirst_data();
    void resetRunsRepeatTheFirst();
};

void TestNvfp4Recipe::stochasticRoundingIsUnbiased_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<float>("x");
    // e2m1 in each spacing (0.5 below 2, 1 below 4, 2 up to 6), its subnormal 0.5 step, negative values;
    // e4m3 and e5m2 in their subnormals and normals.
    for (const float x : {0.3f, 0.7f, 1.2f, 1.9f, 2.6f, 3.3f, 4.9f, 5.5f, -2.2f, -0.01f})
        QTest::addRow("e2m1 %g", double(x)) << int(Format::E2M1) << x;
    QTest::addRow("e4m3 0.003") << int(Format::E4M3) << 0.003f;
    QTest::addRow("e4m3 -37.3") << int(Format::E4M3) << -37.3f;
    QTest::addRow("e5m2 1e-5") << int(Format::E5M2) << 1e-5f;
}

// The mean of 10^6 seeded stochastic casts lies within 3 standard errors of the value; each result is one of
// the value's two neighbours in the format.
void TestNvfp4Recipe::stochasticRoundingIsUnbiased() {
    QFETCH(int, format);
    QFETCH(float, x);
    const auto f = static_cast<Format>(format);
    // x's neighbours from the format's every code: the nearest value on each side of |x|, with x's sign.
    float lo = 0, hi = INFINITY;
    for (int code = 0; code < (1 << traits(f).bits); ++code) {
        const float v = std::fabs(decode(f, static_cast<std::uint8_t>(code)));
        if (!std::isfinite(v)) continue;
        if (v <= std::fabs(x)) lo = std::max(lo, v);
        if (v >= std::fabs(x)) hi = std::min(hi, v);
    }
    lo = std::copysign(lo, x);
    hi = std::copysign(hi, x);
    numerics::RandomBits bits(20261205);
    constexpr int n = 1000000;
    double sum = 0;
    int up = 0;
    for (int i = 0; i < n; ++i) {
        const float r = numerics::roundStochastic(f, x, bits.next());
        // The message is built only on failure (QVERIFY2 would format it on each of the 10^6 casts).
        if (r != lo && r != hi) QFAIL(qPrintable(QString("%1 -> %2 (neighbours %3, %4)").arg(x).arg(r).arg(lo).arg(hi)));
        up += r == hi;
        sum += r;
    }
    const double p = (static_cast<double>(x) - lo) / (static_cast<double>(hi) - lo);
    const double se = std::fabs(static_cast<double>(hi) - lo) * std::sqrt(p * (1 - p) / n);
    const double mean = sum / n;
    QVERIFY2(std::fabs(mean - x) <= 3 * se, qPrintable(QString("mean %1 of %2, 3 SE = %3 (%4 up)").arg(mean, 0, 'g', 9).arg(x).arg(3 * se).arg(up)));
}

void TestNvfp4Recipe::stochasticRoundingRepeatsFromItsSeed() {
    const std::vector<float> x = spread(4096, 7, -3, 2);
    std::vector<float> a(x.size()), b(x.size()), c(x.size());
    numerics::RandomBits s1(99), s2(99), s3(100);
    for (std::size_t i = 0; i < x.size(); ++i) {
        a[i] = numerics::roundStochastic(Format::E2M1, x[i], s1.next());
        b[i] = numerics::roundStochastic(Format::E2M1, x[i], s2.next());
        c[i] = numerics::roundStochastic(Format::E2M1, x[i], s3.next());
    }
    QCOMPARE(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0);
    QVERIFY(a != c);
    // Values of the format stay: every e2m1 value under any draw.
    numerics::RandomBits any(1);
    for (const float v : {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f, -6.0f, -0.5f})
        for (int k = 0; k < 100; ++k) QCOMPARE(numerics::roundStochastic(Format::E2M1, v, any.next()), v);
    // The bulk path gives the scalar rule's results with the same draws, in every format of 8 bits and below with a
    // mantissa: values across each format's range and beyond, float32 subnormals, zeros, inf and NaN.
    for (const Format f : {Format::E4M3, Format::E5M2, Format::E3M2, Format::E2M3, Format::E2M1}) {
        std::vector<float> v = spread(20000, 17, -20, 17);
        v.insert(v.end(), {0.0f, -0.0f, 1e-45f, -3e-39f, INFINITY, -INFINITY, NAN, static_cast<float>(traits(f).max),
                           -static_cast<float>(traits(f).max), static_cast<float>(traits(f).minSubnormal) / 3});
        std::vector<float> bulk(v.size());
        numerics::RandomBits b1(3), b2(3);
        numerics::roundStochasticSpan(f, v, bulk, b1);
        for (std::size_t i = 0; i < v.size(); ++i) {
            const float one = numerics::roundStochastic(f, v[i], b2.next());
            QVERIFY2(std::bit_cast<std::uint32_t>(one) == std::bit_cast<std::uint32_t>(bulk[i]) || (std::isnan(one) && std::isnan(bulk[i])),
                     qPrintable(QString("%1 %2: %3 vs %4").arg(QString::fromLatin1(traits(f).name.data())).arg(v[i]).arg(one).arg(bulk[i])));
        }
    }
    // fill() gives next()'s draws, from any position, across a multiple of 2^32 draws too (where the draw number's
    // high half changes).
    for (const std::uint64_t start : {std::uint64_t{0}, std::uint64_t{5}, (std::uint64_t{1} << 32) - 301, (std::uint64_t{7} << 32) - 3}) {
        numerics::RandomBits bulkBits(0x123456789abcdefULL, start), oneBits(0x123456789abcdefULL, start);
        std::vector<std::uint32_t> drawn(611);
        bulkBits.fill(drawn.data(), drawn.size());
        for (const std::uint32_t d : drawn) QCOMPARE(d, oneBits.next());
        QCOMPARE(bulkBits.drawn(), start + drawn.size());
    }
    // A whole NVFP4 cast with a stream: the same seed gives the same codes.
    numerics::RandomBits q1(5), q2(5);
    QuantizeOptions o1, o2;
    o1.stochastic = &q1;
    o2.stochastic = &q2;
    QCOMPARE(quantize(ScaledFormat::Nvfp4, x, 64, 64, o1).codes, quantize(ScaledFormat::Nvfp4, x, 64, 64, o2).codes);
    QCOMPARE(q1.drawn(), std::uint64_t{4096});
}

// 16 × 16 blocks: every block of a tile carries the tile's scale, and the transpose cast gives the transposed
// values (what TE's 2-D weight quantisation is for); 1 × 16 blocks do not.
void TestNvfp4Recipe::squareBlocksCastTheTransposeAlike() {
    Matrix W = matrixOf(spread(40 * 24, 3), 40, 24);
    W(5, 3) = 90.0f;  // an outlier in the first tile
    QuantizeOptions square;
    square.squareBlocks = true;
    // quantize() needs whole blocks per row: 48 × 32.
    Matrix A = matrixOf(spread(48 * 32, 11), 48, 32);
    A(20, 17) = -75.0f;
    const QuantizedTensor t = quantize(ScaledFormat::Nvfp4, {A.data(), std::size_t(A.size())}, 48, 32, square);
    for (int r = 0; r < 48; ++r)
        for (int b = 0; b < 2; ++b) QCOMPARE(t.blocks[std::size_t(r * 2 + b)].scaleCode, t.blocks[std::size_t((r / 16 * 16) * 2 + b)].scaleCode);
    QCOMPARE(t.blocks[std::size_t(16 * 2 + 1)].amax, 75.0f);  // the tile holding the outlier
    const Matrix At = A.transpose();
    const Matrix along = dequantised(ScaledFormat::Nvfp4, A, square);
    const Matrix across = dequantised(ScaledFormat::Nvfp4, At, square).transpose();
    QCOMPARE(along, across);
    QVERIFY(dequantised(ScaledFormat::Nvfp4, A) != dequantised(ScaledFormat::Nvfp4, At).transpose());
    QVERIFY_THROWS_EXCEPTION(Error, quantize(ScaledFormat::Mxfp8, {A.data(), std::size_t(A.size())}, 48, 32, square));
    // The training cast's short blocks and tiles (W of 40 × 24) equal quantize() of the zero-padded 48 × 32.
    std::vector<float> out(std::size_t(W.size()));
    dequantizeInto(ScaledFormat::Nvfp4, {W.data(), std::size_t(W.size())}, 40, 24, out, square);
    Matrix padded = Matrix::Zero(48, 32);
    padded.topLeftCorner(40, 24) = W;
    const Matrix p = dequantised(ScaledFormat::Nvfp4, padded, square);
    QCOMPARE(matrixOf(out, 40, 24), Matrix(p.topLeftCorner(40, 24)));
}

// randomHadamard16 is x · diag(s) · H / 4 with TE's signs (against the matrix product in double, to float32's
// rounding of a 16-term sum), and keeps the product of two operands transformed along their common axis.
void TestNvfp4Recipe::hadamardIsTransformerEnginesMatrix() {
    const Matrix x = matrixOf(spread(8 * 48, 5), 8, 48);
    Matrix y = x;
    numerics::randomHadamard16({y.data(), std::size_t(y.size())}, 8, 48);
    const Matrix ref = hadamardByMatrix(x);
    QVERIFY2((y - ref).cwiseAbs().maxCoeff() <= 16 * 0x1p-24f * x.cwiseAbs().maxCoeff(), "RHT differs from diag(s)·H/4");
    // Down the columns (eight columns at a time, the rest one by one) it is the transpose's transform, bit for bit.
    const Matrix tall = matrixOf(spread(32 * 13, 6), 32, 13);
    Matrix down = tall, across = tall.transpose();
    numerics::randomHadamard16({down.data(), std::size_t(down.size())}, 32, 13, true);
    numerics::randomHadamard16({across.data(), std::size_t(across.size())}, 13, 32);
    QCOMPARE(std::memcmp(down.data(), Matrix(across.transpose()).data(), std::size_t(down.size()) * sizeof(float)), 0);
    // A spike spreads over its block: |x_i| 16 becomes 16 values of magnitude 4.
    Matrix spike = Matrix::Zero(1, 16);
    spike(0, 6) = 16.0f;
    numerics::randomHadamard16({spike.data(), 16}, 1, 16);
    QCOMPARE(spike.cwiseAbs().maxCoeff(), 4.0f);
    QCOMPARE(spike.cwiseAbs().minCoeff(), 4.0f);
    // Products along the transformed axis are kept: (A M)(B M)ᵀ = A Bᵀ.
    const Matrix a = matrixOf(spread(6 * 32, 8), 6, 32), b = matrixOf(spread(5 * 32, 9), 5, 32);
    Matrix ta = a, tb = b;
    numerics::randomHadamard16({ta.data(), std::size_t(ta.size())}, 6, 32);
    numerics::randomHadamard16({tb.data(), std::size_t(tb.size())}, 5, 32);
    const Matrix exact = (a.cast<double>() * b.cast<double>().transpose()).cast<float>();
    QVERIFY((ta * tb.transpose() - exact).cwiseAbs().maxCoeff() < 1e-5f);
    QVERIFY_THROWS_EXCEPTION(Error, numerics::randomHadamard16({y.data(), 40}, 1, 40));
}

// The casts down the columns (the lanes' operands along the batch and along `out`) give the transpose's casts
// along its rows bit for bit, short blocks, 16 × 16 tiles and NaN included, with the same statistics; the Hadamard
// transform down the columns is the transpose's.
void TestNvfp4Recipe::columnCastsAreTheTransposes() {
    Matrix x = matrixOf(spread(70 * 40, 41, -12, 6), 70, 40);
    x(3, 5) = NAN;
    const Matrix xt = x.transpose();
    for (const ScaledFormat f : kAllScaledFormats) {
        if (traits(f).blockSize == 0) continue;
        for (const bool square : {false, true}) {
            if (square && f != ScaledFormat::Nvfp4) continue;
            for (const ScaleMode mode : {ScaleMode::Floor, ScaleMode::Rceil}) {
                QuantizeOptions rowsOpt;
                rowsOpt.squareBlocks = square;
                rowsOpt.scaleMode = mode;
                QuantizeOptions colsOpt = rowsOpt;
                colsOpt.alongColumns = true;
                Matrix down(70, 40), across(40, 70);
                const CastSummary d = dequantizeInto(f, {x.data(), std::size_t(x.size())}, 70, 40, {down.data(), std::size_t(down.size())}, colsOpt);
                const CastSummary a = dequantizeInto(f, {xt.data(), std::size_t(xt.size())}, 40, 70, {across.data(), std::size_t(across.size())}, rowsOpt);
                const Matrix back = across.transpose();
                for (Index i = 0; i < x.size(); ++i)
                    QVERIFY2(std::bit_cast<std::uint32_t>(down.data()[i]) == std::bit_cast<std::uint32_t>(back.data()[i]) ||
                                 (std::isnan(down.data()[i]) && std::isnan(back.data()[i])),
                             qPrintable(QString("%1 square %2 at %3: %4 vs %5").arg(traits(f).name.data()).arg(square).arg(i).arg(down.data()[i]).arg(back.data()[i])));
                QCOMPARE(d.stats.saturatedShare, a.stats.saturatedShare);
                QCOMPARE(d.stats.underflowShare, a.stats.underflowShare);
            }
        }
    }
    QVERIFY_THROWS_EXCEPTION(Error, [&] {
        QuantizeOptions o;
        o.alongColumns = true;
        return quantize(ScaledFormat::Mxfp8, {xt.data(), std::size_t(xt.size())}, 40, 70, o);
    }());
    Matrix h = matrixOf(spread(48 * 24, 43), 48, 24), ht = h.transpose();
    numerics::randomHadamard16({h.data(), std::size_t(h.size())}, 48, 24, true);
    numerics::randomHadamard16({ht.data(), std::size_t(ht.size())}, 24, 48);
    QCOMPARE(h, Matrix(ht.transpose()));
}

// The training casts round without codes (WithinRange); quantize() through the encoders. Each MX format's
// block led by its max has scale 1, so the other 31 values are rounded as they are: every element value, every
// midpoint between neighbours (the ties) and the float32 values on either side of it, random values over the
// range, NaN and signed zeros — the two paths agree bit for bit.
void TestNvfp4Recipe::directRoundingIsTheEncoders() {
    for (const ScaledFormat f : {ScaledFormat::Mxfp8, ScaledFormat::Mxfp8E5m2, ScaledFormat::Mxfp6E2m3,
                                 ScaledFormat::Mxfp6E3m2, ScaledFormat::Mxfp4}) {
        const Format e = traits(f).element;
        const auto max = static_cast<float>(traits(e).max);
        std::vector<float> values;
        std::vector<float> grid;
        for (int code = 0; code < (1 << traits(e).bits); ++code) {
            const float v = decode(e, static_cast<std::uint8_t>(code));
            if (std::isfinite(v) && v >= 0) grid.push_back(v);
        }
        std::sort(grid.begin(), grid.end());
        for (std::size_t i = 0; i < grid.size(); ++i) {
            values.push_back(grid[i]);
            if (i + 1 == grid.size()) continue;
            const float mid = (grid[i] + grid[i + 1]) / 2;  // exact: neighbours differ by a power of two
            for (const float v : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, max)}) values.push_back(v);
        }
        for (const float v : spread(4000, 29, -20, std::ilogb(max))) values.push_back(std::clamp(v, -max, max));
        values.insert(values.end(), {0.0f, -0.0f, NAN, -NAN, 1e-40f, -1e-40f});
        std::vector<float> data;
        for (std::size_t at = 0; at < values.size(); at += 31) {
            data.push_back(max);
            for (std::size_t i = 0; i < 31; ++i) {
                const float v = at + i < values.size() ? values[at + i] : 0.0f;
                data.push_back((i % 2) ? -v : v);
            }
        }
        const auto rows = static_cast<std::int64_t>(data.size() / 32);
        const QuantizedTensor q = quantize(f, data, rows, 32);
        std::vector<float> lean(data.size());
        dequantizeInto(f, data, rows, 32, lean);
        for (std::size_t i = 0; i < data.size(); ++i)
            QVERIFY2(std::bit_cast<std::uint32_t>(lean[i]) == std::bit_cast<std::uint32_t>(q.dequantised[i]) ||
                         (std::isnan(lean[i]) && std::isnan(q.dequantised[i])),
                     qPrintable(QString("%1: %2 -> %3, encoders %4").arg(traits(f).name.data()).arg(data[i], 0, 'g', 9).arg(lean[i], 0, 'g', 9).arg(q.dequantised[i], 0, 'g', 9)));
        QCOMPARE(q.blocks.front().scale, 1.0f);
    }
}

// The training casts (dequantizeInto: scale, round, dequantise and measure in one vector pass) against quantize()'s
// block-by-block casts through the encoders: the same values bit for bit and the same statistics, on data with every
// kind of block: ordinary, all zeros, a subnormal amax, a NaN, an infinity, a clipped maximum (FLOOR), rows whose
// length is not a multiple of eight, both scale modes, by rows and down the columns.
void TestNvfp4Recipe::leanCastsMeasureAsQuantize() {
    const std::int64_t rows = 48, cols = 64;
    std::vector<float> data = spread(std::size_t(rows * cols), 21, -6, 6);
    std::fill(data.begin() + 64, data.begin() + 128, 0.0f);                   // row 1: blocks of zeros
    for (int i = 0; i < 32; ++i) data[std::size_t(128 + i)] = (i % 3 - 1) * 3e-40f;  // a subnormal amax
    data[200] = NAN;
    data[300] = -INFINITY;
    for (int i = 0; i < 8; ++i) data[std::size_t(400 + i)] = 7.5f * float(1 << i);   // maxima FLOOR clips
    // With the NaN, NVFP4's tensor scale is NaN and so is every value; with the infinity alone it is infinite and
    // blocks of zeros become NaN.
    for (const float at200 : {NAN, 1.0f})
    for (const ScaledFormat f : kAllScaledFormats) {
        data[200] = at200;
        if (traits(f).blockSize == 0) continue;
        for (const ScaleMode mode : {ScaleMode::Floor, ScaleMode::Rceil}) {
            for (const std::int64_t width : {cols, std::int64_t(7)}) {  // 7 values: one short block per row
                std::vector<float> x(std::size_t(rows * width));
                for (std::int64_t r = 0; r < rows; ++r)
                    for (std::int64_t c = 0; c < width; ++c) x[std::size_t(r * width + c)] = data[std::size_t(r * cols + c)];
                // The reference: quantize() of the rows zero-padded to whole blocks (a short block is a padded one).
                const std::int64_t block = traits(f).blockSize, padded = (width + block - 1) / block * block;
                std::vector<float> p(std::size_t(rows * padded), 0.0f);
                for (std::int64_t r = 0; r < rows; ++r)
                    for (std::int64_t c = 0; c < width; ++c) p[std::size_t(r * padded + c)] = x[std::size_t(r * width + c)];
                QuantizeOptions o;
                o.scaleMode = mode;
                const QuantizedTensor q = quantize(f, p, rows, padded, o);
                std::vector<float> lean(x.size());
                const CastSummary c = dequantizeInto(f, x, rows, width, lean, o);
                const QString where = QString("%1 %2 width %3").arg(traits(f).name.data()).arg(scaleModeName(mode).data()).arg(width);
                for (std::int64_t r = 0; r < rows; ++r)
                    for (std::int64_t k = 0; k < width; ++k) {
                        const float a = lean[std::size_t(r * width + k)], b = q.dequantised[std::size_t(r * padded + k)];
                        QVERIFY2(std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b) || (std::isnan(a) && std::isnan(b)),
                                 qPrintable(where + QString(" at (%1, %2): %3 vs %4").arg(r).arg(k).arg(a).arg(b)));
                    }
                // Padding adds zeros: elements and the shares are over the values themselves.
                const double share = double(padded) / double(width);
                QCOMPARE(c.stats.elements, std::int64_t(x.size()));
                QVERIFY2(std::fabs(c.stats.saturatedShare - q.stats.saturatedShare * share) < 1e-12, qPrintable(where));
                QCOMPARE(c.stats.underflowShare, q.stats.underflowShare);
                QVERIFY2(std::isnan(c.stats.mse) == std::isnan(q.stats.mse), qPrintable(where));
                if (width == cols && !std::isnan(at200)) QVERIFY(std::isinf(c.amax));
                QVERIFY(std::bit_cast<std::uint32_t>(c.amax) == std::bit_cast<std::uint32_t>(q.tensorAmax) || (std::isnan(c.amax) && std::isnan(q.tensorAmax)));
            }
        }
    }
    // Without the NaN and the infinity the squared error is finite and agrees (the lanes' order of summation differs
    // from the encoders' in the last bits only).
    data[200] = 1.0f;
    data[300] = -2.0f;
    for (const ScaledFormat f : {ScaledFormat::Mxfp8, ScaledFormat::Mxfp4, ScaledFormat::Nvfp4}) {
        const QuantizedTensor q = quantize(f, data, rows, cols);
        std::vector<float> lean(data.size());
        const CastSummary c = dequantizeInto(f, data, rows, cols, lean);
        QVERIFY(q.stats.mse > 0);
        QVERIFY2(std::fabs(c.stats.mse - q.stats.mse) <= 1e-12 * q.stats.mse, qPrintable(QString("%1: %2 vs %3").arg(traits(f).name.data()).arg(c.stats.mse, 0, 'g', 17).arg(q.stats.mse, 0, 'g', 17)));
        QVERIFY(c.stats.saturatedShare > 0 || f == ScaledFormat::Nvfp4);  // FLOOR clips the maxima 7.5 · 2^i
        QCOMPARE(c.stats.saturatedShare, q.stats.saturatedShare);
    }
}

// The cpu:nvfp4 lane's operands are quantize()'s values by TE's rules: x along `in` in 1 × 16 blocks; W in 16 × 16
// blocks serving both products; x and dy along the batch after the RHT, the batch (20) padded to 32; dy along
// `out` stochastically rounded. The switches take each rule away.
void TestNvfp4Recipe::laneOperandsFollowTheRecipe() {
    const Matrix x = matrixOf(spread(20 * 24, 21), 20, 24), W = matrixOf(spread(10 * 24, 22), 10, 24);
    const Matrix dy = matrixOf(spread(20 * 10, 23, -8, -4), 20, 10);
    ScaledLinears s(parseLane("cpu:nvfp4"), {24, 10}, {}, 1);
    s.castForward(0, x, W);
    s.castBackward(0, dy);
    QuantizeOptions square;
    square.squareBlocks = true;
    auto padded = [](const Matrix& m, Index rows, Index cols) {
        Matrix p = Matrix::Zero(rows, cols);
        p.topLeftCorner(m.rows(), m.cols()) = m;
        return p;
    };
    QCOMPARE(s.input(0), Matrix(dequantised(ScaledFormat::Nvfp4, padded(x, 20, 32)).leftCols(24)));
    QCOMPARE(s.weight(0), Matrix(dequantised(ScaledFormat::Nvfp4, padded(W, 16, 32), square).topLeftCorner(10, 24)));
    QCOMPARE(&s.weightForInput(0), &s.weight(0));
    Matrix xt = padded(x.transpose(), 24, 32);
    numerics::randomHadamard16({xt.data(), std::size_t(xt.size())}, 24, 32);
    QCOMPARE(s.inputForWeight(0), Matrix(dequantised(ScaledFormat::Nvfp4, xt).transpose()));
    QCOMPARE(s.inputForWeight(0).rows(), Index(32));
    QCOMPARE(s.gradForWeight(0).rows(), Index(32));
    // dy: stochastic, so not quantize()'s nearest values, but each between dy's two NVFP4 neighbours' range and
    // the same from the same seed; +no-sr gives quantize()'s values.
    QVERIFY(s.gradForInput(0) != Matrix(dequantised(ScaledFormat::Nvfp4, padded(dy, 20, 16)).leftCols(10)));
    ScaledLinears again(parseLane("cpu:nvfp4"), {24, 10}, {}, 1);
    again.castForward(0, x, W);
    again.castBackward(0, dy);
    QCOMPARE(again.gradForInput(0), s.gradForInput(0));
    QCOMPARE(again.gradForWeight(0), s.gradForWeight(0));
    // The doctor's frozen copy replays the last pass's draws.
    ScaledLinears frozen = s.frozenAtLastPass();
    frozen.castForward(0, x, W);
    frozen.castBackward(0, dy);
    QCOMPARE(frozen.gradForInput(0), s.gradForInput(0));
    QCOMPARE(frozen.gradForWeight(0), s.gradForWeight(0));
    s.castBackward(0, dy);  // the live one draws on
    QVERIFY(s.gradForInput(0) != frozen.gradForInput(0));

    ScaledLinears plain(parseLane("cpu:nvfp4+no-sr+no-2d+no-rht"), {24, 10}, {}, 1);
    plain.castForward(0, x, W);
    plain.castBackward(0, dy);
    QCOMPARE(plain.gradForInput(0), Matrix(dequantised(ScaledFormat::Nvfp4, padded(dy, 20, 16)).leftCols(10)));
    QCOMPARE(plain.weight(0), Matrix(dequantised(ScaledFormat::Nvfp4, padded(W, 10, 32)).leftCols(24)));
    QCOMPARE(plain.weightForInput(0), Matrix(dequantised(ScaledFormat::Nvfp4, padded(W.transpose(), 24, 16)).leftCols(10).transpose()));
    QCOMPARE(plain.gradForWeight(0).rows(), Index(20));
    QCOMPARE(plain.gradForWeight(0), Matrix(dequantised(ScaledFormat::Nvfp4, padded(dy.transpose(), 10, 32)).leftCols(20).transpose()));
}

// The output gradient's stochastic cast is unbiased where nearest rounding is not: over 4000 passes the mean cast
// of each element approaches it; the nearest-rounded cast keeps its error.
void TestNvfp4Recipe::laneGradientCastIsUnbiased() {
    const Matrix x = matrixOf(spread(16 * 16, 31), 16, 16), W = matrixOf(spread(16 * 16, 32), 16, 16);
    const Matrix dy = matrixOf(spread(16 * 16, 33, -2, 0), 16, 16);
    ScaledLinears s(parseLane("cpu:nvfp4+no-rht"), {16, 16}, {}, 7);
    ScaledLinears rtn(parseLane("cpu:nvfp4+no-sr+no-rht"), {16, 16}, {}, 7);
    s.castForward(0, x, W);
    rtn.castForward(0, x, W);
    rtn.castBackward(0, dy);
    MatrixD mean = MatrixD::Zero(16, 16);
    constexpr int passes = 4000;
    for (int k = 0; k < passes; ++k) {
        s.castBackward(0, dy);
        mean += s.gradForInput(0).cast<double>();
    }
    mean /= passes;
    const double biasSr = (mean - dy.cast<double>()).cwiseAbs().mean();
    const double biasRtn = (rtn.gradForInput(0) - dy).cast<double>().cwiseAbs().mean();
    QVERIFY2(biasSr < biasRtn / 10, qPrintable(QString("stochastic %1, nearest %2").arg(biasSr).arg(biasRtn)));
}

// An all-zero tensor in a cast (the input of a dead ReLU layer, a batch whose gradient is exactly zero, zero
// weights): every scaled training lane casts it to zeros. NVFP4 takes Transformer Engine's tensor scale 1 there,
// where torchao's amax / 2688 is 0 and every block scale 0 / 0 was NaN (the lane's weights NaN for good).
void TestNvfp4Recipe::zeroTensorsCastToZeros_data() {
    QTest::addColumn<QString>("lane");
    for (const char* lane : {"cpu:nvfp4", "cpu:nvfp4+no-sr+no-2d+no-rht", "cpu:mxfp8", "cpu:mxfp4", "cpu:fp8", "cpu:fp8+delayed+sat"})
        QTest::newRow(lane) << QString(lane);
}

void TestNvfp4Recipe::zeroTensorsCastToZeros() {
    QFETCH(QString, lane);
    ScaledLinears s(parseLane(lane.toStdString()), {32, 16}, {}, 1);
    const auto zeros = [](const Matrix& m) { return m.size() > 0 && m.allFinite() && m.cwiseAbs().maxCoeff() == 0.0f; };
    // Everything zero, twice (delayed scaling then has a history of zeros).
    for (int pass = 0; pass < 2; ++pass) {
        s.castForward(0, Matrix::Zero(32, 32), Matrix::Zero(16, 32));
        s.castBackward(0, Matrix::Zero(32, 16));
        QVERIFY(zeros(s.input(0)));
        QVERIFY(zeros(s.weight(0)));
        QVERIFY(zeros(s.weightForInput(0)));
        QVERIFY(zeros(s.inputForWeight(0)));
        QVERIFY(zeros(s.gradForInput(0)));
        QVERIFY(zeros(s.gradForWeight(0)));
        s.advance();
    }
    // A zero input beside live weights and gradients: the input is zeros, the rest finite.
    const Matrix W = matrixOf(spread(16 * 32, 41), 16, 32), dy = matrixOf(spread(32 * 16, 42, -8, -4), 32, 16);
    s.castForward(0, Matrix::Zero(32, 32), W);
    s.castBackward(0, dy);
    QVERIFY(zeros(s.input(0)));
    QVERIFY(zeros(s.inputForWeight(0)));
    QVERIFY(s.weight(0).allFinite() && s.weight(0).cwiseAbs().maxCoeff() > 0);
    QVERIFY(s.gradForInput(0).allFinite() && s.gradForWeight(0).allFinite());
}

void TestNvfp4Recipe::everyLaneTrainsOnZeroInputs_data() {
    QTest::addColumn<QString>("lane");
    for (const char* lane : {"cpu:f32", "cpu:bf16", "cpu:f16+scaler", "cpu:bf16+pure", "cpu:fp8", "cpu:fp8+delayed+sat", "cpu:mxfp8",
                             "cpu:mxfp4+rceil", "cpu:nvfp4", "cpu:nvfp4+no-sr+no-2d+no-rht"})
        QTest::newRow(lane) << QString(lane);
}

// Inputs that are all zero: the first layer's input casts are zero tensors every step. Each lane's loss stays finite
// and its weights move (the biases learn the labels' frequencies).
void TestNvfp4Recipe::everyLaneTrainsOnZeroInputs() {
    QFETCH(QString, lane);
    QTemporaryDir dir;
    const auto write = [&](const char* name, const std::string& bytes) {
        std::ofstream(dir.filePath(name).toStdString(), std::ios::binary) << bytes;
        return dir.filePath(name).toStdString();
    };
    std::vector<std::int64_t> labels(64);
    for (std::size_t i = 0; i < labels.size(); ++i) labels[i] = i % 4 == 0 ? 1 : 0;
    Scenario s = smallRun(lane.toStdString().c_str());
    s.data.kind = DatasetKind::Npy;
    s.data.xPath = write("x.npy", npyBytesF32({64, 2}, std::vector<float>(128, 0.0f)));
    s.data.yPath = write("y.npy", npyBytesI64({64}, labels));
    s.sizes = {2, 32, 2};
    s.batch = 32;
    s.steps = 8;
    s.optimizer.lr = 0.5;
    validate(s);
    Runner runner(s);
    const std::vector<double> loss = losses(runner, s.steps);
    for (std::size_t k = 0; k < loss.size(); ++k) QVERIFY2(std::isfinite(loss[k]), qPrintable(QString("step %1: %2").arg(k).arg(loss[k])));
    QVERIFY2(loss.back() < loss.front(), qPrintable(QString("%1 -> %2").arg(loss.front()).arg(loss.back())));
}

// `train --sizes 2,16,3 --batch 32 --lr 10`: the hidden layer's ReLUs die within a few steps, its output is all zero,
// and the second layer's input cast was NaN from step 6 on in both NVFP4 lanes while f32, fp8 and mxfp4 trained on.
void TestNvfp4Recipe::aDeadReluLayerLeavesNvfp4Training() {
    Scenario s = smallRun("cpu:nvfp4");
    s.lanes.push_back(parseLane("cpu:nvfp4+no-sr+no-2d+no-rht"));
    s.lanes.push_back(parseLane("cpu:f32"));
    s.sizes = {2, 16, 3};
    s.batch = 32;
    s.steps = 30;
    s.optimizer.lr = 10;
    validate(s);
    Runner runner(s);
    for (int k = 0; k < s.steps; ++k) {
        const std::vector<StepRecord> r = runner.step();
        if (!std::isfinite(r[2].loss)) break;  // only while float32 itself trains
        QVERIFY2(std::isfinite(r[0].loss) && std::isfinite(r[1].loss),
                 qPrintable(QString("step %1: nvfp4 %2, nvfp4 without its recipe %3, f32 %4").arg(k).arg(r[0].loss).arg(r[1].loss).arg(r[2].loss)));
    }
}

void TestNvfp4Recipe::lanesParseAndTrain() {
    const Lane l = parseLane("cpu:nvfp4+no-sr+no-2d+no-rht");
    QVERIFY(l.noStochasticGradients && l.noSquareWeights && l.noHadamard);
    QCOMPARE(l.label(), std::string("cpu:nvfp4+no-sr+no-2d+no-rht"));
    QCOMPARE(parseLane(l.label()), l);
    QVERIFY_THROWS_EXCEPTION(Error, parseLane("cpu:mxfp4+no-sr"));
    QVERIFY_THROWS_EXCEPTION(Error, parseLane("cpu:bf16+no-rht"));
    QVERIFY_THROWS_EXCEPTION(Error, parseLane("cpu:nvfp4+rceil"));
    Scenario s = smallRun("cpu:nvfp4");
    s.data.kind = DatasetKind::Gaussians;
    s.optimizer.lr = 0.5;
    s.lanes.push_back(parseLane("cpu:nvfp4+no-sr+no-2d+no-rht"));
    s.lanes.push_back(parseLane("cpu:f32"));
    validate(s);
    Scenario gpu = s;
    gpu.lanes = {parseLane("gpu:nvfp4")};
    QVERIFY_THROWS_EXCEPTION(Error, validate(gpu));
    Runner runner(s);
    std::vector<std::vector<double>> loss(3);
    for (int k = 0; k < s.steps; ++k) {
        const std::vector<StepRecord> r = runner.step();
        for (std::size_t i = 0; i < 3; ++i) loss[i].push_back(r[i].loss);
    }
    for (std::size_t i = 0; i < 3; ++i) {
        QVERIFY(std::isfinite(loss[i].back()));
        // Gaussian blobs learn in 60 steps: every lane's loss falls below a tenth of its start.
        QVERIFY2(loss[i].back() < 0.1 * loss[i].front(), qPrintable(QString("lane %1: %2 -> %3").arg(i).arg(loss[i].front()).arg(loss[i].back())));
    }
    QVERIFY(loss[0] != loss[1]);
}

void TestNvfp4Recipe::resetRunsRepeatTheFirst_data() {
    QTest::addColumn<QString>("lane");
    QTest::newRow("nvfp4") << "cpu:nvfp4";
    QTest::newRow("fp8+delayed") << "cpu:fp8+delayed+sat";
    QTest::newRow("mxfp4") << "cpu:mxfp4";
}

// A run repeats itself bit for bit: a second runner from the same scenario, and the same runner after reset()
// (delayed scaling's histories and the stochastic streams start again).
void TestNvfp4Recipe::resetRunsRepeatTheFirst() {
    QFETCH(QString, lane);
    const Scenario s = smallRun(lane.toLatin1().constData());
    Runner a(s), b(s);
    const std::vector<double> first = losses(a, 30);
    QCOMPARE(losses(b, 30), first);
    a.reset();
    QCOMPARE(losses(a, 30), first);
}

QTEST_APPLESS_MAIN(TestNvfp4Recipe)
#include "tst_nvfp4_recipe.moc"
