// The gradient counting rule the CPU and CUDA lanes share (engine/numerics/grad_counts.h): underflowed,
// subnormal and non-finite elements against the shadow float32 gradient, and the shares a lane reports.
// Expected values by hand from the formats' definitions (f16's smallest normal 2^-14, bf16's and f32's
// 2^-126).
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

#include "engine/numerics/grad_counts.h"
#include "engine/training/lane_backend.h"

using namespace presisi;
using namespace presisi::numerics;

class TestGradCounts : public QObject {
    Q_OBJECT
private slots:
    // The thresholds are the traits table's smallest normals.
    void thresholdsAreTheFormatsSmallestNormals() {
        for (Format f : {Format::F32, Format::BF16, Format::F16})
            QCOMPARE(gradMinNormal(f), static_cast<float>(traits(f).minNormal));
        QCOMPARE(gradMinNormal(Format::F16), std::ldexp(1.0f, -14));
        QCOMPARE(gradMinNormal(Format::BF16), std::ldexp(1.0f, -126));
    }

    void countsByHand() {
        const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
        // lane:   0 (shadow 1e-8: underflowed), 0 (shadow 0: not), 2^-15 and -2^-24 (f16 subnormals),
        //         2^-14 (f16's smallest normal: not), inf and NaN (non-finite), 1, -0 (shadow -3: underflowed).
        const std::vector<float> lane{0.0f, 0.0f, std::ldexp(1.0f, -15), -std::ldexp(1.0f, -24), std::ldexp(1.0f, -14),
                                      inf, nan, 1.0f, -0.0f};
        const std::vector<float> shadow{1e-8f, 0.0f, std::ldexp(1.0f, -15), -std::ldexp(1.0f, -24),
                                        std::ldexp(1.0f, -14), 1.0f, 1.0f, 1.0f, -3.0f};
        const GradCounts c = countGradients(lane.data(), shadow.data(), lane.size(), Format::F16);
        QCOMPARE(c.count, std::int64_t{9});
        QCOMPARE(c.underflowed, std::int64_t{2});
        QCOMPARE(c.subnormal, std::int64_t{2});
        QCOMPARE(c.nonFinite, std::int64_t{2});
        // The same values against bf16's threshold 2^-126: none of them is subnormal there; 2^-127 is.
        QCOMPARE(countGradients(lane.data(), shadow.data(), lane.size(), Format::BF16).subnormal, std::int64_t{0});
        const float tiny[] = {std::ldexp(1.0f, -127), std::ldexp(1.0f, -126)};
        QCOMPARE(countGradients(tiny, tiny, 2, Format::BF16).subnormal, std::int64_t{1});
    }

    // act 1 of 8 underflowed, weights 2 of 2; 2 subnormal of 10; 2 + 0 non-finite gradients and 3 in
    // the forward: 5 overflows. Nothing counted: shares 0, not NaN.
    void sharesFromCounts() {
        const GradStatistics s = gradStatistics({8, 1, 2, 2}, {2, 2, 0, 0}, 3);
        QCOMPARE(s.actGradUnderflow, 0.125);
        QCOMPARE(s.weightGradUnderflow, 1.0);
        QCOMPARE(s.gradSubnormal, 0.2);
        QCOMPARE(s.overflows, std::int64_t{5});
        const GradStatistics none = gradStatistics({}, {}, 0);
        QCOMPARE(none.actGradUnderflow, 0.0);
        QCOMPARE(none.gradSubnormal, 0.0);
        QCOMPARE(none.overflows, std::int64_t{0});
    }
};

QTEST_GUILESS_MAIN(TestGradCounts)
#include "tst_grad_counts.moc"
