// The presets' explanations, claim by claim (as tst_presets.cpp): sensitive-ops (and its command line)
// and underflow. Every quoted sentence is checked to still stand in the preset's text and asserted on the
// records; each band says where it comes from.
#include "presets_support.h"

using namespace presisi;
using namespace presisi::presetcheck;

class TestPresetsOps : public QObject {
    Q_OBJECT
private slots:
    void sensitiveOps();
    void sensitiveOpsDefaultPolicyCommand();
    void underflow();
};

namespace {

// The truth the low-format sum is measured against: the same lanes with only the batch mean accumulated in float32
// (reduction as-input). The loss value feeds nothing back (the backward starts from the scale), so both runs take
// the same steps; the test checks that on the accuracies.
Run sensitiveOpsTruth(Scenario s, int steps) {
    s.opOverrides.emplace_back(OpKind::Reduction, OpPolicy::AsInput);
    s.lanes = {parseLane("cpu:bf16"), parseLane("cpu:f16")};
    s.statistics = false;
    s.steps = steps;
    return runSteps(s);
}

}  // namespace

void TestPresetsOps::sensitiveOps() {
    const Scenario s = services::loadPreset("sensitive-ops");
    const int f32 = laneIndex(s, "cpu:f32"), bf16 = laneIndex(s, "cpu:bf16"), f16 = laneIndex(s, "cpu:f16"),
              sc = laneIndex(s, "cpu:f16+scaler");
    QVERIFY(f32 >= 0 && bf16 >= 0 && f16 >= 0 && sc >= 0);

    // "Autocast keeps losses (and on CUDA softmax) in float32 for a reason."
    CLAIM(s, "Autocast keeps losses (and on CUDA softmax) in float32 for a reason.");
    QCOMPARE(AutocastPolicy::cpu().loss, OpPolicy::F32);
    QCOMPARE(AutocastPolicy::cuda().loss, OpPolicy::F32);
    QCOMPARE(AutocastPolicy::cuda().softmax, OpPolicy::F32);

    // "Here the policy is overridden: log_softmax, the loss and its batch mean run in the lane's format."
    CLAIM(s, "Here the policy is overridden: log_softmax, the loss and its batch mean run in the lane's format.");
    for (const LaneSpec& lane : s.lanes) {
        const AutocastPolicy p = s.policyFor(lane);
        QCOMPARE(p.softmax, OpPolicy::Low);
        QCOMPARE(p.loss, OpPolicy::Low);
        QCOMPARE(p.reduction, OpPolicy::Low);
    }

    // "At the start the 2048 per-sample losses all lie between 1 and 2, near ln 5 = 1.6."
    // Per-sample cross entropy of the initial weights (the same in every lane) on the full batch, in double.
    // "Near 1.6" = their mean rounds to 1.6: [1.55, 1.65). Between 1 and 2 is what the stall below needs.
    CLAIM(s, "At the start the 2048 per-sample losses all lie between 1 and 2, near ln 5 = 1.6.");
    QCOMPARE(s.batch, 2048);
    QCOMPARE(s.sizes.back(), 5);
    double lo = 1e9, hi = 0, mean = 0;
    {
        const Runner r(s);
        const Dataset& d = r.dataset();
        QCOMPARE(d.size(), Index{2048});  // the batch is the whole set, in order, every step
        const Matrix z = r.predict(f32, d.x);
        for (Index i = 0; i < z.rows(); ++i) {
            double m = z.row(i).maxCoeff(), e = 0;
            for (Index j = 0; j < z.cols(); ++j) e += std::exp(static_cast<double>(z(i, j)) - m);
            const double l = m + std::log(e) - z(i, d.labels[static_cast<std::size_t>(i)]);
            lo = std::min(lo, l);
            hi = std::max(hi, l);
            mean += l / static_cast<double>(z.rows());
        }
    }
    qInfo("sensitive-ops: initial per-sample losses %.3f .. %.3f, mean %.4f (ln 5 = %.4f)", lo, hi, mean, std::log(5.0));
    QVERIFY(lo > 1 && hi < 2);
    QVERIFY(mean >= 1.55 && mean < 1.65);
    QVERIFY(std::log(5.0) >= 1.55 && std::log(5.0) < 1.65);

    const Run run = runSteps(s);
    const Run truth = sensitiveOpsTruth(s, s.steps);
    const auto& rb = run.rec[static_cast<std::size_t>(bf16)];
    const auto& rh = run.rec[static_cast<std::size_t>(f16)];
    const auto& tb = truth.rec[0];
    const auto& th = truth.rec[1];
    for (std::size_t k = 0; k < rb.size(); ++k) {
        QCOMPARE(tb[k].accuracy, rb[k].accuracy);
        QCOMPARE(th[k].accuracy, rh[k].accuracy);
    }

    // "Summed in bfloat16 the sum climbs to 512 and stalls: there the spacing is 4, so adding 1.6 rounds back."
    // Between 256 and 512 the spacing is 2 and any loss in (1, 2) adds 2; at 512 any loss below 2 rounds back.
    CLAIM(s, "Summed in bfloat16 the sum climbs to 512 and stalls: there the spacing is 4, so adding 1.6 rounds back.");
    QCOMPARE(spacingAt(Format::BF16, 256), 2.0);
    QCOMPARE(spacingAt(Format::BF16, 512), 4.0);
    QCOMPARE(roundTo(Format::BF16, 512.0f + 1.6f), 512.0f);
    QCOMPARE(roundTo(Format::BF16, 512.0f + std::nextafter(2.0f, 0.0f)), 512.0f);

    // "The bf16 lane reports 512 / 2048 = 0.25 instead of 1.6 and stays far below the truth all run."
    // "Far below" = less than half of the truth at every step of the run.
    CLAIM(s, "The bf16 lane reports 512 / 2048 = 0.25 instead of 1.6 and stays far below the truth all run.");
    qInfo("sensitive-ops: step 0 reported/truth bf16 %.4f/%.4f, f16 %.4f/%.4f; last step bf16 %.4f/%.4f, f16 %.4f/%.4f",
          rb[0].loss, tb[0].loss, rh[0].loss, th[0].loss, rb.back().loss, tb.back().loss, rh.back().loss, th.back().loss);
    QCOMPARE(rb[0].loss, 0.25);
    QVERIFY(tb[0].loss >= 1.55 && tb[0].loss < 1.65);
    for (std::size_t k = 0; k < rb.size(); ++k)
        QVERIFY2(rb[k].loss < 0.5 * tb[k].loss,
                 qPrintable(QString("step %1: bf16 reports %2, truth %3").arg(k).arg(rb[k].loss).arg(tb[k].loss)));

    // "float16 (11 bits) spaces its values 1 apart up to 2048 and 2 apart above, where every 1.6 rounds up to 2:
    // the f16 lane starts about 15% high, less damage."
    // "About 15%" = rounds to 15% at the nearest 5%: [12.5%, 17.5%). "Less damage" = a smaller relative error than
    // the bf16 lane's at every step.
    CLAIM(s, "float16 (11 bits) spaces its values 1 apart up to 2048 and 2 apart above, where every 1.6 rounds up to 2: "
             "the f16 lane starts about 15% high, less damage.");
    QCOMPARE(traits(Format::F16).mantissaBits + 1, 11);
    QCOMPARE(spacingAt(Format::F16, 1024), 1.0);
    QCOMPARE(spacingAt(Format::F16, nextDown(Format::F16, 2048)), 1.0);
    QCOMPARE(spacingAt(Format::F16, 2048), 2.0);
    QCOMPARE(roundTo(Format::F16, 2048.0f + 1.6f), 2050.0f);
    const double high = rh[0].loss / th[0].loss - 1;
    qInfo("sensitive-ops: f16 starts %.1f%% high", 100 * high);
    QVERIFY(high >= 0.125 && high < 0.175);
    for (std::size_t k = 0; k < rb.size(); ++k)
        QVERIFY2(std::fabs(rh[k].loss - th[k].loss) / th[k].loss < std::fabs(rb[k].loss - tb[k].loss) / tb[k].loss,
                 qPrintable(QString("step %1").arg(k)));

    // "With a loss scaler in float16 the loss gradient itself, 65536 in float16, is already inf: the first step is
    // skipped and the scale backs off to 32768."
    CLAIM(s, "With a loss scaler in float16 the loss gradient itself, 65536 in float16, is already inf: the first step "
             "is skipped and the scale backs off to 32768.");
    const auto& rs = run.rec[static_cast<std::size_t>(sc)];
    QCOMPARE(rs[0].scale, 65536.0);
    QVERIFY(std::isinf(roundTo(Format::F16, 65536.0f)));
    QVERIFY(rs[0].skipped);
    QCOMPARE(rs[1].scale, 32768.0);
    QVERIFY(!rs[1].skipped);
}

void TestPresetsOps::sensitiveOpsDefaultPolicyCommand() {
    const Scenario preset = services::loadPreset("sensitive-ops");
    // "Compare with the default policy:
    //  presisi train --preset sensitive-ops --op softmax=as-input,loss=f32,reduction=as-input"
    // The command as the text spells it, read by the command line's own parser.
    CLAIM(preset, "Compare with the default policy: presisi train --preset sensitive-ops --op "
                  "softmax=as-input,loss=f32,reduction=as-input");
    std::vector<std::string> words = commandIn(preset.explanation);
    QVERIFY(words.size() > 1);
    QCOMPARE(words.front(), std::string("train"));
    words.erase(words.begin());
    Scenario s = cli::trainScenarioFromArgs(words);
    validate(s);
    QCOMPARE(s.preset, std::string("sensitive-ops"));
    for (const LaneSpec& lane : s.lanes) QVERIFY(s.policyFor(lane) == AutocastPolicy::cpu());  // the CPU default

    // What the comparison shows, on the first 10 steps: no skipped step (the loss gradient stays in float32), and
    // each low lane reports its true loss. Band: the truth rounds each per-sample loss and their mean to the lane's
    // format (half an epsilon each), the default policy neither, so they agree within one epsilon of the format.
    const int steps = 10;
    s.steps = steps;
    const Run run = runSteps(s);
    const Run truth = sensitiveOpsTruth(preset, steps);
    const int bf16 = laneIndex(s, "cpu:bf16"), f16 = laneIndex(s, "cpu:f16"), sc = laneIndex(s, "cpu:f16+scaler");
    for (int k = 0; k < steps; ++k) {
        const StepRecord& b = run.rec[static_cast<std::size_t>(bf16)][static_cast<std::size_t>(k)];
        const StepRecord& h = run.rec[static_cast<std::size_t>(f16)][static_cast<std::size_t>(k)];
        const StepRecord& c = run.rec[static_cast<std::size_t>(sc)][static_cast<std::size_t>(k)];
        QVERIFY(!c.skipped);
        QCOMPARE(c.scale, 65536.0);
        QVERIFY2(std::fabs(b.loss / truth.rec[0][static_cast<std::size_t>(k)].loss - 1) <= traits(Format::BF16).epsilon,
                 qPrintable(QString("step %1: bf16 %2, truth %3").arg(k).arg(b.loss).arg(truth.rec[0][static_cast<std::size_t>(k)].loss)));
        QVERIFY2(std::fabs(h.loss / truth.rec[1][static_cast<std::size_t>(k)].loss - 1) <= traits(Format::F16).epsilon,
                 qPrintable(QString("step %1: f16 %2, truth %3").arg(k).arg(h.loss).arg(truth.rec[1][static_cast<std::size_t>(k)].loss)));
    }
}

void TestPresetsOps::underflow() {
    const Scenario s = services::loadPreset("underflow");
    const int f32 = laneIndex(s, "cpu:f32"), bf16 = laneIndex(s, "cpu:bf16"), f16 = laneIndex(s, "cpu:f16"),
              sc = laneIndex(s, "cpu:f16+scaler");
    QVERIFY(f32 >= 0 && bf16 >= 0 && f16 >= 0 && sc >= 0);
    double f16Residual = 0, f16Grad = -1, outputSpacing = 0;
    Matrix x, t;
    const Run run = runSteps(s, [&](const Runner& r, int step) {
        if (step + 1 != s.steps) return;
        // The f16 lane's fit after its last step, its master weights evaluated in float32 on the (full) batch.
        x = r.dataset().x;
        t = r.dataset().targets;
        const Matrix z = r.predict(f16, x);
        f16Residual = (z - t).cwiseAbs().maxCoeff();
        outputSpacing = spacingAt(Format::F16, z.cwiseAbs().maxCoeff()) + spacingAt(Format::F16, t.cwiseAbs().maxCoeff());
        f16Grad = maxAbs(r.gradients(f16));
    });
    const auto& r32 = run.rec[static_cast<std::size_t>(f32)];
    const auto& r16 = run.rec[static_cast<std::size_t>(f16)];
    const auto& rsc = run.rec[static_cast<std::size_t>(sc)];
    const auto& rbf = run.rec[static_cast<std::size_t>(bf16)];

    // "A regression with 256 small outputs (about 0.006 root mean square) averaged over a batch of 256: the loss
    // gradient at each output is 2 (y - t) / 65536."
    // "About 0.006" = the targets' root mean square rounds to 0.006 at one significant figure: [0.0055, 0.0065).
    CLAIM(s, "A regression with 256 small outputs (about 0.006 root mean square) averaged over a batch of 256: the loss "
             "gradient at each output is 2 (y - t) / 65536.");
    QCOMPARE(s.sizes.back(), 256);
    QCOMPARE(s.batch, 0);  // the full batch
    QCOMPARE(x.rows(), Index{256});
    const double rmsTarget = std::sqrt(t.cast<double>().squaredNorm() / static_cast<double>(t.size()));
    qInfo("underflow: targets: root mean square %.5f, mean magnitude %.5f", rmsTarget, t.cwiseAbs().mean());
    QVERIFY(rmsTarget >= 0.0055 && rmsTarget < 0.0065);
    QCOMPARE(x.rows() * t.cols(), Index{65536});  // mse's mean over every element: alpha = 2 / 65536

    // "Once the fit is within about 1e-3, that is below half of float16's smallest subnormal (2^-24, 6e-8) and rounds
    // to zero, and every gradient behind it is then an exact zero."
    // The exact threshold is |y - t| = 2^-10 (2 * 2^-10 / 65536 = 2^-25, a tie that rounds to even, zero): "about 1e-3"
    // = within 5% of 1e-3. At the end of the run every residual of the f16 lane lies below it (within the f16 spacing
    // of its outputs and targets, as the lane rounds both), every output gradient is zero, and so is every weight and
    // bias gradient, exactly.
    CLAIM(s, "Once the fit is within about 1e-3, that is below half of float16's smallest subnormal (2^-24, 6e-8) and "
             "rounds to zero, and every gradient behind it is then an exact zero.");
    const double threshold = std::ldexp(1.0, -10);
    QVERIFY(std::fabs(threshold - 1e-3) <= 0.05e-3);
    QCOMPARE(traits(Format::F16).minSubnormal, std::ldexp(1.0, -24));
    QVERIFY(traits(Format::F16).minSubnormal >= 5.5e-8 && traits(Format::F16).minSubnormal < 6.5e-8);
    QCOMPARE(roundTo(Format::F16, static_cast<float>(2 * threshold / 65536)), 0.0f);
    QVERIFY(roundTo(Format::F16, static_cast<float>(2 * 1.01e-3 / 65536)) > 0.0f);
    qInfo("underflow: f16 lane at the end: largest |y - t| %.3g (threshold %.3g), largest |gradient| %g, underflow act %.3f weight %.3f",
          f16Residual, threshold, f16Grad, r16.back().actGradUnderflow, r16.back().weightGradUnderflow);
    QVERIFY(f16Residual < threshold + outputSpacing);
    QCOMPARE(r16.back().actGradUnderflow, 1.0);
    QCOMPARE(r16.back().weightGradUnderflow, 1.0);
    QCOMPARE(f16Grad, 0.0);

    // "Watch the weight-gradient underflow of cpu:f16 jump and its loss flatten while cpu:f32 goes on to the noise floor."
    // "Jump": from under 5% to 100% within a quarter of the run. "Flatten": the loss does not change at all from the
    // step every gradient is zero. "Noise floor": least squares with 17 parameters per output (16 weights, a bias) on
    // 256 samples leaves sigma^2 (1 - 17/256), sigma = noise * target_scale; the band, 2%, is three and a half
    // standard errors of a mean of 65536 squared noise values (sqrt(2 / 65536) = 0.55%).
    CLAIM(s, "Watch the weight-gradient underflow of cpu:f16 jump and its loss flatten while cpu:f32 goes on to the noise floor.");
    std::size_t rise = 0, full = 0;
    while (rise < r16.size() && r16[rise].weightGradUnderflow < 0.05) ++rise;
    while (full < r16.size() && r16[full].weightGradUnderflow < 1.0) ++full;
    qInfo("underflow: f16 weight-gradient underflow reaches 5%% at step %zu, 100%% at step %zu", rise, full);
    QVERIFY(full < r16.size());
    QVERIFY(full - rise <= static_cast<std::size_t>(s.steps / 4));
    for (std::size_t k = full + 1; k < r16.size(); ++k) QCOMPARE(r16[k].loss, r16[full + 1].loss);
    const double sigma = s.data.noise * s.data.targetScale;
    const double floor = sigma * sigma * (1.0 - 17.0 / 256.0);
    qInfo("underflow: final loss f32 %.5g, bf16 %.5g, f16 %.5g, f16+scaler %.5g; noise floor %.5g", r32.back().loss,
          rbf.back().loss, r16.back().loss, rsc.back().loss, floor);
    QVERIFY(std::fabs(r32.back().loss / floor - 1) <= 0.02);
    QVERIFY(r16.back().loss > 1.02 * floor);

    // "The loss scaler multiplies the loss by 65536 before the backward pass and the gradients fit again:
    // cpu:f16+scaler trains like f32."
    // "Fit again": weight-gradient underflow at most 1% at every step (cpu:f16 reaches 100%). "Like f32": the same
    // noise-floor band as the f32 lane.
    CLAIM(s, "The loss scaler multiplies the loss by 65536 before the backward pass and the gradients fit again: "
             "cpu:f16+scaler trains like f32.");
    double worstSc = 0, worstBf = 0;
    for (const StepRecord& r : rsc) {
        QCOMPARE(r.scale, 65536.0);
        QVERIFY(!r.skipped);
        worstSc = std::max(worstSc, r.weightGradUnderflow);
    }
    for (const StepRecord& r : rbf) worstBf = std::max(worstBf, r.weightGradUnderflow);
    qInfo("underflow: worst weight-gradient underflow f16+scaler %.4f, bf16 %.4f", worstSc, worstBf);
    QVERIFY(worstSc <= 0.01);
    QVERIFY(std::fabs(rsc.back().loss / floor - 1) <= 0.02);

    // "bfloat16 has float32's exponent range and needs no scaler."
    // Same bands as the scaler lane: underflow at most 1% at every step, the noise floor within 2%.
    CLAIM(s, "bfloat16 has float32's exponent range and needs no scaler.");
    QCOMPARE(traits(Format::BF16).exponentBits, traits(Format::F32).exponentBits);
    QVERIFY(worstBf <= 0.01);
    QVERIFY(std::fabs(rbf.back().loss / floor - 1) <= 0.02);
}

QTEST_GUILESS_MAIN(TestPresetsOps)
#include "tst_presets_ops.moc"
