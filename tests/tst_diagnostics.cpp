// The training diagnostics: per-layer range statistics on a model with hand-set weights, the NaN doctor's
// first non-finite on overflow-nan against an independent float64 forward/backward, the remedies' reruns,
// the scaler's health warning, and the underflow preset's f16 weight gradients below f16's subnormals
// (the doctor's JSON, lead-up, optimizer faults and range intervals: tst_diagnostics_runs.cpp).
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <cmath>
#include <sstream>

#include "app/cli/commands.h"
#include "app/services/scenario_file.h"
#include "engine/error.h"
#include "engine/training/doctor.h"
#include "engine/training/npy.h"
#include "engine/training/runner.h"
#include "diagnostics_support.h"

using namespace presisi;
using testsupport::Collected;
using testsupport::laneIndex;
using testsupport::runCollect;

namespace {

const TensorRange* findRange(const RangeSnapshot& s, int layer, TensorKind kind) {
    for (const TensorRange& t : s.tensors)
        if (t.layer == layer && t.kind == kind) return &t;
    return nullptr;
}

// Where an f16 forward/backward of overflow-nan's first step first leaves f16's range, computed here in
// float64 from the runner's initial float32 weights and first batch (no engine numerics involved): in
// the engine's op order (forward layer by layer, the loss, then per layer from the last: weight gradient,
// bias gradient, gradient at the layer's input).
struct HandFault {
    bool found = false;
    int layer = -1;
    FaultOp op = FaultOp::ForwardLinear;
    TensorKind tensor = TensorKind::Activation;
    double value = 0;
};

HandFault handFirstOverflow(const std::vector<LayerWeights>& w, const Eigen::MatrixXd& x, const Eigen::MatrixXd& t) {
    const double limit = 65520;  // f16: max 65504 plus half its ulp (32/2): the smallest |v| rounding to inf
    HandFault f;
    auto check = [&](const Eigen::MatrixXd& m, int layer, FaultOp op, TensorKind kind) {
        if (f.found) return true;
        for (Eigen::Index i = 0; i < m.size(); ++i)
            if (std::fabs(m.data()[i]) >= limit) {
                f = {true, layer, op, kind, m.data()[i]};
                return true;
            }
        return false;
    };
    const int L = static_cast<int>(w.size());
    std::vector<Eigen::MatrixXd> in(L), z(L);
    Eigen::MatrixXd h = x;
    for (int l = 0; l < L; ++l) {
        in[l] = h;
        const Eigen::MatrixXd W = w[l].weight.cast<double>();
        const Eigen::VectorXd b = w[l].bias.cast<double>();
        z[l] = (h * W.transpose()).rowwise() + b.transpose();
        if (check(z[l], l, FaultOp::ForwardLinear, TensorKind::Activation)) return f;
        if (l + 1 < L) h = z[l].cwiseMax(0.0);  // relu
    }
    // mse, mean over every element: d loss / d z = 2 (z - t) / numel.
    Eigen::MatrixXd dz = 2.0 * (z[L - 1] - t) / static_cast<double>(t.size());
    if (check(dz, L - 1, FaultOp::SoftmaxLoss, TensorKind::ActivationGradient)) return f;
    for (int l = L - 1; l >= 0; --l) {
        const Eigen::MatrixXd gW = dz.transpose() * in[l];
        const Eigen::MatrixXd gb = dz.colwise().sum().transpose();
        if (check(gW, l, FaultOp::BackwardProduct, TensorKind::WeightGradient)) return f;
        if (check(gb, l, FaultOp::BackwardProduct, TensorKind::WeightGradient)) return f;
        if (l == 0) break;
        Eigen::MatrixXd d = dz * w[l].weight.cast<double>();
        if (check(d, l, FaultOp::BackwardProduct, TensorKind::ActivationGradient)) return f;
        dz = d.array() * (z[l - 1].array() > 0).cast<double>();
    }
    return f;
}

}  // namespace

class TestDiagnostics : public QObject {
    Q_OBJECT
private slots:
    void rangesOnHandSetModel();
    void overflowNanFirstNonFinite();
    void remediesEndFinite();
    void remedyScenarioSingleChange();
    void scalerWarningOnOverflowNan();
    void underflowWeightGradientsBelowSubnormal();
};

// A 2-2-1 relu regression with every weight set by hand: one sample x = (1, 2), target 0.
// Layer 0: W0 = [[1, 1], [-1, 0]], b0 = (0, 0): z0 = (3, -1), relu -> (3, 0).
// Layer 1: W1 = [[2, 4]], b1 = (1):                z1 = 2*3 + 4*0 + 1 = 7.
// mse (one element): loss 49, dz1 = 2 (7 - 0) = 14 (times the scale, 1 here).
// gW1 = dz1 * h0 = (42, 0), gb1 = 14: range abs max 42, smallest non-zero 14.
// dh0 = dz1 * W1 = (28, 56); relu' = (1, 0): dz0 = (28, 0).
// gW0 = dz0^T x = [[28, 56], [0, 0]], gb0 = (28, 0): abs max 56, smallest non-zero 28.
void TestDiagnostics::rangesOnHandSetModel() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string xPath = (dir.path() + "/x.npy").toStdString(), yPath = (dir.path() + "/y.npy").toStdString();
    auto write = testsupport::writeFile;
    write(xPath, npyBytesF32({1, 2}, {1.0f, 2.0f}));
    write(yPath, npyBytesF32({1, 1}, {0.0f}));
    Scenario s;
    s.sizes = {2, 2, 1};
    s.loss = LossKind::Mse;
    s.data.kind = DatasetKind::Npy;
    s.data.xPath = xPath;
    s.data.yPath = yPath;
    s.batch = 1;
    s.steps = 1;
    s.rangeInterval = 1;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:f16")};
    Runner runner(s);
    std::vector<LayerWeights> w(2);
    w[0].weight.resize(2, 2);
    w[0].weight << 1, 1, -1, 0;
    w[0].bias = Vector::Zero(2);
    w[1].weight.resize(1, 2);
    w[1].weight << 2, 4;
    w[1].bias = Vector::Constant(1, 1.0f);
    runner.setWeights(0, w);
    runner.setWeights(1, w);
    const Collected c = runCollect(runner, 1);
    QCOMPARE(c.ranges.size(), std::size_t{2});
    for (const RangeSnapshot& snap : c.ranges) {
        QCOMPARE(snap.step, std::int64_t{0});
        QCOMPARE(snap.tensors.size(), std::size_t{6});
        const TensorRange* a0 = findRange(snap, 0, TensorKind::Activation);
        const TensorRange* a1 = findRange(snap, 1, TensorKind::Activation);
        const TensorRange* g0 = findRange(snap, 0, TensorKind::ActivationGradient);
        const TensorRange* g1 = findRange(snap, 1, TensorKind::ActivationGradient);
        const TensorRange* w0 = findRange(snap, 0, TensorKind::WeightGradient);
        const TensorRange* w1 = findRange(snap, 1, TensorKind::WeightGradient);
        QVERIFY(a0 && a1 && g0 && g1 && w0 && w1);
        QCOMPARE(a0->absMax, 3.0);
        QCOMPARE(a0->absMinNonZero, 1.0);
        QCOMPARE(a0->binades, std::log2(3.0));
        QCOMPARE(a0->elements, std::int64_t{2});
        QCOMPARE(a1->absMax, 7.0);
        QCOMPARE(g1->absMax, 14.0);
        QCOMPARE(g0->absMax, 28.0);
        QCOMPARE(g0->absMinNonZero, 28.0);  // (28, 0): the zero is relu's, not an underflow
        QCOMPARE(g0->underflowShare, 0.0);
        QCOMPARE(w1->absMax, 42.0);
        QCOMPARE(w1->absMinNonZero, 14.0);
        QCOMPARE(w1->elements, std::int64_t{3});
        QCOMPARE(w0->absMax, 56.0);
        QCOMPARE(w0->absMinNonZero, 28.0);
        QCOMPARE(w0->binades, 1.0);
        QCOMPARE(w0->elements, std::int64_t{6});
        QCOMPARE(w0->subnormalShare, 0.0);
        QCOMPARE(w0->overflowShare, 0.0);
        QCOMPARE(w0->shadowAbsMax, 56.0);
        QCOMPARE(w0->shadowAbsMinNonZero, 28.0);
    }
}

// overflow-nan's f16 lane: the doctor's step, layer, op and value against handFirstOverflow (float64 by
// hand from the same initial weights and first batch; f16 rounding of inputs and weights moves values by
// about 2^-11 relative, far from changing which value first passes 65520).
void TestDiagnostics::overflowNanFirstNonFinite() {
    const Scenario s = services::loadPreset("overflow-nan");
    Runner runner(s);
    const int f16 = laneIndex(s, "cpu:f16");
    QVERIFY(f16 >= 0);
    QVERIFY(!s.shuffle);
    const Dataset& d = runner.dataset();
    const Eigen::MatrixXd x = d.x.topRows(s.batch).cast<double>();
    const Eigen::MatrixXd t = d.targets.topRows(s.batch).cast<double>();
    const HandFault hand = handFirstOverflow(runner.weights(f16), x, t);
    QVERIFY(hand.found);
    const Collected c = runCollect(runner, 20);
    std::vector<FirstNonFinite> mine;
    for (const FirstNonFinite& f : c.faults) {
        if (f.lane == f16) mine.push_back(f);
        else QVERIFY2(false, qPrintable(QString("unexpected fault on lane %1: %2").arg(f.lane).arg(f.sentence.c_str())));
    }
    QCOMPARE(mine.size(), std::size_t{1});  // once per lane
    const FirstNonFinite& f = mine.front();
    qInfo("doctor: %s (by hand: layer %d, op %s, value %g)", f.sentence.c_str(), hand.layer + 1,
          std::string(faultOpName(hand.op)).c_str(), hand.value);
    QCOMPARE(f.step, std::int64_t{0});
    QCOMPARE(f.layer, hand.layer);
    QCOMPARE(faultOpName(f.op), faultOpName(hand.op));
    QCOMPARE(tensorKindName(f.tensor), tensorKindName(hand.tensor));
    QVERIFY2(std::fabs(f.value - hand.value) <= 1e-2 * std::fabs(hand.value),
             qPrintable(QString("value %1, by hand %2").arg(f.value).arg(hand.value)));
    QCOMPARE(f.formatMax, 65504.0);
    QCOMPARE(f.format, std::string("f16"));
    QVERIFY(f.sentence.find("layer " + std::to_string(hand.layer + 1)) != std::string::npos);
    QVERIFY(f.sentence.find("step 0") != std::string::npos);
    QVERIFY(f.sentence.find("65504") != std::string::npos);
    QCOMPARE(f.leadUp.size(), std::size_t{1});  // the fault step's own ranges: nothing came before step 0
    QVERIFY(runner.firstNonFinite(f16) != nullptr);
    QCOMPARE(runner.firstNonFinite(f16)->step, std::int64_t{0});
    QVERIFY(runner.firstNonFinite(laneIndex(s, "cpu:f32")) == nullptr);
    // The lane's records agree: the loss turns non-finite within the run.
    bool nonFinite = false;
    for (const StepRecord& r : c.records[static_cast<std::size_t>(f16)]) nonFinite |= !r.finite;
    QVERIFY(nonFinite);
}

void TestDiagnostics::remediesEndFinite() {
    const Scenario s = services::loadPreset("overflow-nan");
    Runner runner(s);
    const Collected c = runCollect(runner, 5);
    QVERIFY(!c.faults.empty());
    const FirstNonFinite fault = c.faults.front();
    for (Remedy r : {Remedy::SwitchToBf16, Remedy::EnableLossScaler, Remedy::LowerLearningRate, Remedy::KeepOpInF32}) {
        const Scenario fix = remedyScenario(s, fault, r);
        Runner rerun(fix);
        const Collected rc = runCollect(rerun);
        const StepRecord& last = rc.records[0].back();
        qInfo("remedy %s (%s): final loss %g, %zu faults", std::string(remedyName(r)).c_str(),
              remedyDescription(r, s, fault).c_str(), last.loss, rc.faults.size());
        if (r == Remedy::SwitchToBf16 || r == Remedy::EnableLossScaler) {
            QVERIFY2(last.finite && std::isfinite(last.loss), qPrintable(QString::fromStdString(std::string(remedyName(r)))));
            QVERIFY(rc.faults.empty());
        }
    }
}

void TestDiagnostics::remedyScenarioSingleChange() {
    const Scenario s = services::loadPreset("overflow-nan");
    FirstNonFinite fault;
    fault.lane = laneIndex(s, "cpu:f16");
    fault.op = FaultOp::Activation;
    const Scenario lr = remedyScenario(s, fault, Remedy::LowerLearningRate);
    QCOMPARE(lr.lanes.size(), std::size_t{1});
    QCOMPARE(lr.lanes[0].label(), std::string("cpu:f16"));
    QCOMPARE(lr.optimizer.lr, s.optimizer.lr / 10);
    QCOMPARE(lr.sizes, s.sizes);
    QCOMPARE(lr.seed, s.seed);
    QCOMPARE(lr.steps, s.steps);
    QCOMPARE(remedyDescription(Remedy::LowerLearningRate, s, fault), std::string("learning rate 0.01 -> 0.001"));
    const Scenario bf = remedyScenario(s, fault, Remedy::SwitchToBf16);
    QCOMPARE(bf.lanes[0].label(), std::string("cpu:bf16"));
    QCOMPARE(bf.optimizer.lr, s.optimizer.lr);
    const Scenario keep = remedyScenario(s, fault, Remedy::KeepOpInF32);
    QCOMPARE(keep.lanes[0].label(), std::string("cpu:f16"));
    QCOMPARE(keep.policyFor(keep.lanes[0]).activation, OpPolicy::F32);
    QCOMPARE(keep.policyFor(keep.lanes[0]).linear, s.policyFor(s.lanes[static_cast<std::size_t>(fault.lane)]).linear);
    fault.op = FaultOp::BackwardProduct;
    QCOMPARE(remedyScenario(s, fault, Remedy::KeepOpInF32).policyFor(keep.lanes[0]).linear, OpPolicy::F32);
    const Scenario sc = remedyScenario(s, fault, Remedy::EnableLossScaler);
    QCOMPARE(sc.lanes[0].label(), std::string("cpu:f16+scaler"));
    fault.lane = 9;
    QVERIFY_THROWS_EXCEPTION(Error, remedyScenario(s, fault, Remedy::SwitchToBf16));
}

// overflow-nan's scaler lane backs off below a scale of 1 (its gradients overflow f16 even unscaled):
// one warning, naming bf16; underflow's scaler lane is healthy: none.
void TestDiagnostics::scalerWarningOnOverflowNan() {
    {
        const Scenario s = services::loadPreset("overflow-nan");
        Runner runner(s);
        const Collected c = runCollect(runner, 40);
        const int sc = laneIndex(s, "cpu:f16+scaler");
        // The warning, then its end once the lane has trained ten steps without a skip (tst_diagnostics_runs).
        QCOMPARE(c.warnings.size(), std::size_t{2});
        QCOMPARE(c.warnings[1].why, ScalerWarning::Why::Recovered);
        QCOMPARE(c.warnings[0].lane, sc);
        QVERIFY(c.warnings[0].text.find("bf16") != std::string::npos);
        // Issued on the first step that is the 11th skip in a row or whose backoff took the scale below 1
        // (the next record's scale), from the records.
        const auto& rec = c.records[static_cast<std::size_t>(sc)];
        std::size_t expect = rec.size();
        int run = 0;
        for (std::size_t k = 0; k + 1 < rec.size() && expect == rec.size(); ++k) {
            run = rec[k].skipped ? run + 1 : 0;
            if (run > 10 || rec[k + 1].scale < 1.0) expect = k;
        }
        QCOMPARE(static_cast<std::size_t>(c.warnings[0].step), expect);
        qInfo("scaler warning at step %lld: %s", static_cast<long long>(c.warnings[0].step), c.warnings[0].text.c_str());
    }
    {
        Runner runner(services::loadPreset("underflow"));
        QVERIFY(runCollect(runner).warnings.empty());
    }
}

// underflow's f16 lane: the shadow's weight gradients (times the scale, 1) sit below f16's smallest
// subnormal 2^-24 once the fit is close, and the lane holds them as zeros; the scaler lane's do not.
void TestDiagnostics::underflowWeightGradientsBelowSubnormal() {
    Scenario s = services::loadPreset("underflow");
    s.rangeInterval = 20;
    Runner runner(s);
    const Collected c = runCollect(runner);
    const int f16 = laneIndex(s, "cpu:f16"), sc = laneIndex(s, "cpu:f16+scaler");
    const double minSub = std::ldexp(1.0, -24);
    const RangeSnapshot* last16 = nullptr;
    const RangeSnapshot* lastSc = nullptr;
    for (const RangeSnapshot& r : c.ranges) {
        if (r.lane == f16) last16 = &r;
        if (r.lane == sc) lastSc = &r;
    }
    QVERIFY(last16 && lastSc);
    QCOMPARE(c.ranges.size(), static_cast<std::size_t>(4 * (s.steps / 20)));
    const TensorRange* w = findRange(*last16, 0, TensorKind::WeightGradient);
    QVERIFY(w);
    qInfo("underflow step %lld f16 weight gradient: shadow |g| in [%g, %g], lane max %g, underflowed %.1f%%",
          static_cast<long long>(last16->step), w->shadowAbsMinNonZero, w->shadowAbsMax, w->absMax, 100 * w->underflowShare);
    QVERIFY(w->shadowAbsMinNonZero < minSub);
    QVERIFY(w->underflowShare > 0.5);
    const TensorRange* ws = findRange(*lastSc, 0, TensorKind::WeightGradient);
    QVERIFY(ws);
    QVERIFY(ws->underflowShare < w->underflowShare / 4);
}







QTEST_GUILESS_MAIN(TestDiagnostics)
#include "tst_diagnostics.moc"
