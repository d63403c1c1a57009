// The training diagnostics: per-layer range statistics on a model with hand-set weights, the NaN doctor's
// first non-finite on overflow-nan against an independent float64 forward/backward, the remedies' reruns,
// the scaler's health warning, and the underflow preset's f16 weight gradients below f16's subnormals.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <cmath>
#include <sstream>

#include "app/cli/commands.h"
#include "app/cli/scenario_json.h"
#include "engine/error.h"
#include "engine/training/doctor.h"
#include "engine/training/npy.h"
#include "engine/training/runner.h"

using namespace presisi;

namespace {

struct Collected {
    std::vector<std::vector<StepRecord>> records;
    std::vector<RangeSnapshot> ranges;
    std::vector<FirstNonFinite> faults;
    std::vector<ScalerWarning> warnings;
};

Collected runCollect(Runner& r, std::int64_t steps = -1) {
    Collected c;
    c.records.resize(static_cast<std::size_t>(r.laneCount()));
    auto cb = [&](const RunEvent& e) {
        switch (e.kind) {
        case RunEventKind::Step: c.records[static_cast<std::size_t>(e.record.lane)].push_back(e.record); break;
        case RunEventKind::Range: c.ranges.push_back(e.range); break;
        case RunEventKind::NonFinite: c.faults.push_back(e.nonFinite); break;
        case RunEventKind::ScalerWarning: c.warnings.push_back(e.scalerWarning); break;
        default: break;
        }
    };
    const std::int64_t n = steps < 0 ? r.scenario().steps : steps;
    for (std::int64_t k = 0; k < n; ++k) r.step(cb);
    return c;
}

int laneIndex(const Scenario& s, const char* label) {
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        if (s.lanes[i].label() == label) return static_cast<int>(i);
    return -1;
}

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
    void finiteRunHasNoFault();
    void rangeIntervalZeroSendsNone();
    void trainJsonKeys();
    void leadUpMatchesRanges();
    void optimizerFault();
    void rangeIntervalInScenarioJson();
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
    auto write = [](const std::string& path, const std::string& bytes) {
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes.data(), static_cast<qint64>(bytes.size()));
    };
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
    const Scenario s = cli::loadPreset("overflow-nan");
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
    const Scenario s = cli::loadPreset("overflow-nan");
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
    const Scenario s = cli::loadPreset("overflow-nan");
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
        const Scenario s = cli::loadPreset("overflow-nan");
        Runner runner(s);
        const Collected c = runCollect(runner, 40);
        const int sc = laneIndex(s, "cpu:f16+scaler");
        QCOMPARE(c.warnings.size(), std::size_t{1});
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
        Runner runner(cli::loadPreset("underflow"));
        QVERIFY(runCollect(runner).warnings.empty());
    }
}

// underflow's f16 lane: the shadow's weight gradients (times the scale, 1) sit below f16's smallest
// subnormal 2^-24 once the fit is close, and the lane holds them as zeros; the scaler lane's do not.
void TestDiagnostics::underflowWeightGradientsBelowSubnormal() {
    Scenario s = cli::loadPreset("underflow");
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

void TestDiagnostics::finiteRunHasNoFault() {
    Scenario s = cli::loadPreset("underflow");
    s.steps = 50;
    Runner runner(s);
    const Collected c = runCollect(runner);
    QVERIFY(c.faults.empty());
    for (int i = 0; i < runner.laneCount(); ++i) QVERIFY(runner.firstNonFinite(i) == nullptr);
    // After reset a run's fault is forgotten.
    Runner nan(cli::loadPreset("overflow-nan"));
    runCollect(nan, 3);
    QVERIFY(nan.firstNonFinite(laneIndex(nan.scenario(), "cpu:f16")) != nullptr);
    nan.reset();
    QVERIFY(nan.firstNonFinite(laneIndex(nan.scenario(), "cpu:f16")) == nullptr);
}

void TestDiagnostics::rangeIntervalZeroSendsNone() {
    Scenario s = cli::loadPreset("underflow");
    s.steps = 30;
    s.rangeInterval = 0;
    Runner a(s);
    QVERIFY(runCollect(a).ranges.empty());
    s.rangeInterval = 10;
    s.statistics = false;  // ranges need the statistics pass
    Runner b(s);
    QVERIFY(runCollect(b).ranges.empty());
    s.statistics = true;
    Runner d(s);
    QCOMPARE(runCollect(d).ranges.size(), std::size_t{3 * 4});
    s.rangeInterval = -1;
    QVERIFY_THROWS_EXCEPTION(Error, validate(s));
}

// `presisi train --json -`: per lane "first_nonfinite" (null when none) and "ranges" every K steps.
void TestDiagnostics::trainJsonKeys() {
    const std::vector<std::string> args = {"--preset", "overflow-nan", "--steps", "12", "--range-interval", "5", "--json", "-"};
    std::ostringstream out, err;
    QCOMPARE(cli::cmdTrain(args, out, err), 0);
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()));
    QVERIFY(doc.isObject());
    const QJsonArray lanes = doc.object()["lanes"].toArray();
    QCOMPARE(lanes.size(), 4);
    for (const auto& v : lanes) {
        const QJsonObject lane = v.toObject();
        QVERIFY(lane.contains("first_nonfinite"));
        const QJsonArray ranges = lane["ranges"].toArray();
        QCOMPARE(ranges.size(), 3);  // steps 0, 5, 10
        QCOMPARE(ranges[1].toObject()["step"].toInt(), 5);
        const QJsonArray tensors = ranges[0].toObject()["tensors"].toArray();
        QCOMPARE(tensors.size(), 3 * 3);  // three layers, three kinds
        for (const char* key : {"layer", "kind", "elements", "abs_max", "abs_min_nonzero", "binades", "underflow_share",
                                "subnormal_share", "overflow_share", "shadow_abs_max", "shadow_abs_min_nonzero"})
            QVERIFY2(tensors[0].toObject().contains(key), key);
        const QString label = lane["lane"].toString();
        if (label == "cpu:f16") {
            const QJsonObject f = lane["first_nonfinite"].toObject();
            QCOMPARE(f["step"].toInt(), 0);
            QCOMPARE(f["layer"].toInt(), 2);
            QCOMPARE(f["op"].toString(), QString("backward_product"));
            QCOMPARE(f["tensor"].toString(), QString("weight_gradient"));
            QVERIFY(std::fabs(f["value"].toDouble()) > 65504);
            QVERIFY(f["sentence"].toString().contains("layer 3"));
            QCOMPARE(f["lead_up"].toArray().size(), 1);
        } else {
            QVERIFY2(lane["first_nonfinite"].isNull(), qPrintable(label));
        }
    }
    // The table says it in words.
    std::ostringstream table;
    QCOMPARE(cli::cmdTrain(std::vector<std::string>{"--preset", "overflow-nan", "--steps", "12"}, table, err), 0);
    QVERIFY(table.str().find("cpu:f16: f16 weight gradient overflowed") != std::string::npos);
    QVERIFY(table.str().find("no loss scale may make f16 work here") != std::string::npos);
}

// `presisi train`'s default spiral classifier in f16 with SGD at lr 40 diverges and goes non-finite at step 4: its
// lead-up holds the five steps up to the fault, whose abs max / smallest non-zero equal the statistics
// pass's ranges of the same steps (a different path: the shadow pass's accumulator on the lane's own
// buffers, against the doctor's replays of remembered weights and batches).
void TestDiagnostics::leadUpMatchesRanges() {
    Scenario s = cli::trainScenarioFromArgs(std::vector<std::string>{"--lanes", "cpu:f16", "--lr", "40", "--steps", "20"});
    s.rangeInterval = 1;
    Runner runner(s);
    const Collected c = runCollect(runner);
    QCOMPARE(c.faults.size(), std::size_t{1});
    const FirstNonFinite& f = c.faults[0];
    qInfo("lr 40: %s", f.sentence.c_str());
    QVERIFY(f.step >= 4);
    QCOMPARE(f.leadUp.size(), std::size_t{5});
    for (std::size_t k = 0; k < 5; ++k) {
        const RangeSnapshot& lead = f.leadUp[k];
        QCOMPARE(lead.step, f.step - 4 + static_cast<std::int64_t>(k));
        const RangeSnapshot* stat = nullptr;
        for (const RangeSnapshot& r : c.ranges)
            if (r.step == lead.step) stat = &r;
        QVERIFY(stat);
        QCOMPARE(lead.scale, stat->scale);
        QCOMPARE(lead.tensors.size(), stat->tensors.size());
        if (k == 4) continue;  // the fault step holds inf/NaN: compared by its overflow share only
        for (std::size_t t = 0; t < lead.tensors.size(); ++t) {
            QCOMPARE(lead.tensors[t].absMax, stat->tensors[t].absMax);
            QCOMPARE(lead.tensors[t].absMinNonZero, stat->tensors[t].absMinNonZero);
        }
    }
    double over = 0;
    for (const TensorRange& t : f.leadUp.back().tensors) over += t.overflowShare;
    QVERIFY(over > 0);
}

// A float32 lane whose update overflows: one sample x = (1e35, 1e35) of class 0, SGD at lr 1e9. The
// initial model scores class 1 higher by about 1e34 (loss 1.2e34), so the logits' gradient p - onehot
// is (-1, 1) and every gradient is finite (the first layer's weight gradient is about 1e34..1e35, below
// float32's 3.4e38), but w - 1e9 * g is about 1e44: inf. The doctor names the optimizer on step 0, layer 1 (0-based 0), from the
// non-finite weights step 1 runs on.
void TestDiagnostics::optimizerFault() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string xPath = (dir.path() + "/x.npy").toStdString(), yPath = (dir.path() + "/y.npy").toStdString();
    auto write = [](const std::string& path, const std::string& bytes) {
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes.data(), static_cast<qint64>(bytes.size()));
    };
    write(xPath, npyBytesF32({1, 2}, {1e35f, 1e35f}));
    write(yPath, npyBytesI64({1}, {0}));
    Scenario s;
    s.sizes = {2, 4, 2};
    s.data.kind = DatasetKind::Npy;
    s.data.xPath = xPath;
    s.data.yPath = yPath;
    s.batch = 0;
    s.steps = 3;
    s.optimizer.lr = 1e9;
    s.lanes = {parseLane("cpu:f32")};
    Runner runner(s);
    const Collected c = runCollect(runner);
    for (const StepRecord& r : c.records[0]) qInfo("step %lld loss %g", static_cast<long long>(r.step), r.loss);
    QCOMPARE(c.faults.size(), std::size_t{1});
    const FirstNonFinite& f = c.faults[0];
    qInfo("optimizer: %s", f.sentence.c_str());
    QVERIFY(c.records[0][0].finite);  // the step that wrote inf had a finite loss and gradients
    QCOMPARE(faultOpName(f.op), std::string_view("optimizer"));
    QCOMPARE(f.step, std::int64_t{0});
    QCOMPARE(f.layer, 0);
    QVERIFY(!std::isfinite(f.value));
    QCOMPARE(f.leadUp.size(), std::size_t{1});
    QCOMPARE(f.leadUp[0].step, std::int64_t{0});
}

void TestDiagnostics::rangeIntervalInScenarioJson() {
    Scenario s = cli::loadPreset("underflow");
    s.rangeInterval = 7;
    QCOMPARE(cli::scenarioFromJson(cli::scenarioToJson(s), "test").rangeInterval, 7);
    QCOMPARE(cli::loadPreset("underflow").rangeInterval, 10);  // the default when a file says nothing
}

QTEST_GUILESS_MAIN(TestDiagnostics)
#include "tst_diagnostics.moc"
