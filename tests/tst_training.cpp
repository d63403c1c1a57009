// The training runner: lanes and validation, the presets' effects in numbers, cancellation, reset,
// histograms and the decision-boundary grid (the loss scaler: tst_training_scaler.cpp).
#include <QtTest>

#include <QJsonArray>

#include <atomic>
#include <cmath>

#include "app/services/scenario_file.h"
#include "engine/error.h"
#include "engine/training/dataset.h"
#include "engine/training/runner.h"

using namespace presisi;

namespace {

// Runs a scenario to the end and returns the records per lane.
std::vector<std::vector<StepRecord>> runAll(const Scenario& s, std::vector<LaneFinal>* finals = nullptr) {
    Runner r(s);
    std::vector<std::vector<StepRecord>> out(s.lanes.size());
    const std::atomic<bool> cancel{false};
    r.run(
        [&](const RunEvent& e) {
            if (e.kind == RunEventKind::Step) out[static_cast<std::size_t>(e.record.lane)].push_back(e.record);
            if (e.kind == RunEventKind::Final && finals) finals->push_back(e.final);
        },
        cancel);
    return out;
}

int laneIndex(const Scenario& s, const char* label) {
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        if (s.lanes[i].label() == label) return static_cast<int>(i);
    return -1;
}

// The first step's loss computed here in float64 (no engine numerics): the first batch of the training
// set (rows 0..B-1, no shuffle), the MLP with the given weights, mean cross_entropy or mse.
double firstLossF64(const Scenario& s, const std::vector<LayerWeights>& w) {
    const DataPair data = makeData(s.data, s.sizes, s.loss, s.seed);
    const Dataset& d = data.train;
    // K equal micro-batches of mean losses: the mean over their union (BatchNorm's statistics are per micro-batch).
    if (s.gradAccum > 1 && s.norm == NormKind::Batch) return NAN;
    const Eigen::Index B = s.batch == 0 ? d.size() : std::min<Eigen::Index>(Eigen::Index{s.batch} * s.gradAccum, d.size());
    Eigen::MatrixXd h = d.x.topRows(B).cast<double>();
    for (std::size_t l = 0; l < w.size(); ++l) {
        Eigen::MatrixXd z = (h * w[l].weight.cast<double>().transpose()).rowwise() + w[l].bias.cast<double>().transpose();
        // The normalisation at its initial weight 1 and bias 0: LayerNorm and RMSNorm per row, BatchNorm per
        // column over the batch (biased variance).
        if (l + 1 < w.size() && s.norm != NormKind::None) {
            const bool rows = s.norm != NormKind::Batch;
            const Eigen::Index n = rows ? z.rows() : z.cols(), m = rows ? z.cols() : z.rows();
            for (Eigen::Index i = 0; i < n; ++i) {
                double mean = 0, sq = 0;
                for (Eigen::Index j = 0; j < m; ++j) mean += rows ? z(i, j) : z(j, i);
                mean /= static_cast<double>(m);
                for (Eigen::Index j = 0; j < m; ++j) {
                    const double v = rows ? z(i, j) : z(j, i);
                    sq += s.norm == NormKind::Rms ? v * v : (v - mean) * (v - mean);
                }
                const double eps = s.norm == NormKind::Rms ? 1.1920928955078125e-07 : 1e-5;
                const double r = 1 / std::sqrt(sq / static_cast<double>(m) + eps);
                const double shift = s.norm == NormKind::Rms ? 0 : mean;
                for (Eigen::Index j = 0; j < m; ++j) (rows ? z(i, j) : z(j, i)) = ((rows ? z(i, j) : z(j, i)) - shift) * r;
            }
        }
        if (l + 1 < w.size())
            z = z.unaryExpr([&](double v) {
                switch (s.activation) {
                case Activation::Relu: return v > 0 ? v : 0.0;
                case Activation::Tanh: return std::tanh(v);
                case Activation::Sigmoid: return 1 / (1 + std::exp(-v));
                case Activation::Gelu: return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0)));
                }
                return v;
            });
        h = z;
    }
    double sum = 0;
    if (s.loss == LossKind::Mse) {
        const Eigen::MatrixXd t = d.targets.topRows(B).cast<double>();
        return (h - t).squaredNorm() / static_cast<double>(h.size());
    }
    for (Eigen::Index i = 0; i < B; ++i) {
        const double m = h.row(i).maxCoeff();
        const double lse = m + std::log((h.row(i).array() - m).exp().sum());
        sum += lse - h(i, d.labels[static_cast<std::size_t>(i)]);
    }
    return sum / static_cast<double>(B);
}

}  // namespace

class TestTraining : public QObject {
    Q_OBJECT
private slots:
    void parseLanes();
    void badLanes();
    void laneLabelsRoundTrip();
    void validationNamesTheField();
    void identicalInitialWeightsInEveryLane();
    void presetUnderflow();
    void presetOverflowNan();
    void presetAccumulation();
    void presetsAllLoadAndRun();
    void cancelBetweenSteps();
    void resetReproducesTheRun();
    void histogramsEveryK();
    void predictGridIsProbabilities();
    void shuffleIsDeterministic();
    void builtinDatasets();
    void policyDefaults();
    void scenarioJsonRoundTrip();
};

void TestTraining::parseLanes() {
    const LaneSpec a = parseLane("cpu:f16+scaler");
    QCOMPARE(a.device, Device::Cpu);
    QCOMPARE(a.format, Format::F16);
    QVERIFY(a.scaler);
    QVERIFY(a.subnormals == Subnormals::Keep);
    QCOMPARE(a.label(), std::string("cpu:f16+scaler"));
    const LaneSpec b = parseLane("gpu:bf16+ftz+scaler");
    QCOMPARE(b.device, Device::Gpu);
    QVERIFY(b.scaler && b.subnormals == Subnormals::Flush);
    QCOMPARE(b.label(), std::string("gpu:bf16+scaler+ftz"));
    QCOMPARE(parseLane("f32").label(), std::string("cpu:f32"));
}

void TestTraining::badLanes() {
    for (const char* bad : {"cpu:f8", "tpu:f32", "cpu:f16+turbo", "", "cpu:"}) {
        try {
            parseLane(bad);
            QFAIL(qPrintable(QString("'%1' was accepted").arg(bad)));
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find('\'') != std::string::npos, e.what());
        }
    }
}

// Every training lane: the label written out from docs/CLI.md's grammar ("device:format" then +scaler,
// +ftz, +native in that order) reads back as the lane with those fields, and label() gives the same text.
// The linear lab's +acc16 and tf32 read back too, and validate() refuses them for training by name.
void TestTraining::laneLabelsRoundTrip() {
    int n = 0;
    for (const char* dev : {"cpu", "gpu"})
        for (const char* fmt : {"f32", "bf16", "f16"})
            for (int bits = 0; bits < 8; ++bits) {
                std::string text = std::string(dev) + ":" + fmt;
                if (bits & 1) text += "+scaler";
                if (bits & 2) text += "+ftz";
                if (bits & 4) text += "+native";
                const LaneSpec l = parseLane(text);
                QCOMPARE(l.device, std::string(dev) == "gpu" ? Device::Gpu : Device::Cpu);
                QCOMPARE(std::string(traits(l.format).name), std::string(fmt));
                QCOMPARE(l.scaler, (bits & 1) != 0);
                QCOMPARE(l.subnormals == Subnormals::Flush, (bits & 2) != 0);
                QCOMPARE(l.native, (bits & 4) != 0);
                QVERIFY(l.accumulation == Accumulation::F32 && !l.tf32);
                QCOMPARE(l.label(), text);
                ++n;
            }
    QCOMPARE(n, 48);
    Scenario s;
    for (const auto& [text, why] : {std::pair{"cpu:f16+acc16", "+acc16 is a linear-lab option"},
                                    std::pair{"gpu:tf32", "tf32 is a linear-lab lane"}}) {
        QCOMPARE(parseLane(text).label(), std::string(text));
        s.lanes = {parseLane("cpu:f32"), parseLane(text)};
        try {
            validate(s);
            QFAIL(text);
        } catch (const Error& e) {
            const std::string start = "lane = " + std::string(text) + ": " + why;
            QVERIFY2(std::string(e.what()).rfind(start, 0) == 0, e.what());
        }
    }
}

void TestTraining::validationNamesTheField() {
    struct Case {
        const char* field;
        std::function<void(Scenario&)> spoil;
    };
    const Case cases[] = {
        {"sizes[1]", [](Scenario& s) { s.sizes = {2, 0, 3}; }},
        {"sizes[2]", [](Scenario& s) { s.sizes = {2, 8, 5000}; }},
        {"lr", [](Scenario& s) { s.optimizer.lr = -0.1; }},
        {"lr", [](Scenario& s) { s.optimizer.lr = NAN; }},
        {"batch", [](Scenario& s) { s.batch = -1; }},
        {"lanes", [](Scenario& s) { s.lanes.clear(); }},
        {"growth_factor", [](Scenario& s) { s.scaler.growthFactor = 1.0; }},
        {"backoff_factor", [](Scenario& s) { s.scaler.backoffFactor = 1.5; }},
        {"growth_interval", [](Scenario& s) { s.scaler.growthInterval = 0; }},
        {"loss", [](Scenario& s) { s.loss = LossKind::Mse; }},
        {"sizes[0]", [](Scenario& s) { s.sizes = {3, 8, 3}; }},
        {"momentum", [](Scenario& s) { s.optimizer.momentum = 1.0; }},
        {"noise", [](Scenario& s) { s.data.noise = -1; }},
    };
    for (const Case& c : cases) {
        Scenario s;
        c.spoil(s);
        try {
            validate(s);
            QFAIL(qPrintable(QString("no error for a bad %1").arg(c.field)));
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).rfind(c.field, 0) == 0, e.what());
        }
    }
    validate(Scenario{});  // the defaults are valid
}

void TestTraining::identicalInitialWeightsInEveryLane() {
    Scenario s;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16"), parseLane("cpu:f16+scaler")};
    Runner r(s);
    const auto w0 = r.weights(0);
    for (int lane = 1; lane < 3; ++lane) {
        const auto w = r.weights(lane);
        for (std::size_t l = 0; l < w.size(); ++l) {
            QVERIFY(w[l].weight == w0[l].weight);
            QVERIFY(w[l].bias == w0[l].bias);
        }
    }
    // nn.Linear(2, 64)'s bound is 1/sqrt(2) for both weight and bias.
    QVERIFY(w0[0].weight.cwiseAbs().maxCoeff() <= 0.70710679f);
}




void TestTraining::presetUnderflow() {
    const Scenario s = services::loadPreset("underflow");
    std::vector<LaneFinal> finals;
    const auto rec = runAll(s, &finals);
    const int f32 = laneIndex(s, "cpu:f32"), f16 = laneIndex(s, "cpu:f16"), sc = laneIndex(s, "cpu:f16+scaler"),
              bf16 = laneIndex(s, "cpu:bf16");
    QVERIFY(f32 >= 0 && f16 >= 0 && sc >= 0 && bf16 >= 0);
    double uf = 0;
    for (const auto& r : rec[f16]) uf += r.weightGradUnderflow;
    uf /= static_cast<double>(rec[f16].size());
    const double l32 = rec[f32].back().loss, l16 = rec[f16].back().loss, lsc = rec[sc].back().loss, lbf = rec[bf16].back().loss;
    qInfo("underflow: f16 mean weight-gradient underflow %.1f%%; final loss f32 %.4g, f16 %.4g (%.2fx), f16+scaler %.4g, bf16 %.4g",
          100 * uf, l32, l16, l16 / l32, lsc, lbf);
    QVERIFY(uf >= 0.20);
    QVERIFY(l16 >= 1.5 * l32);
    QVERIFY(std::fabs(lsc - l32) <= 0.10 * l32);
    QVERIFY(std::fabs(lbf - l32) <= 0.10 * l32);
    for (const auto& r : rec[f32]) QCOMPARE(r.weightGradUnderflow, 0.0);  // float32 is its own shadow
}

void TestTraining::presetOverflowNan() {
    const Scenario s = services::loadPreset("overflow-nan");
    const auto rec = runAll(s);
    const int f16 = laneIndex(s, "cpu:f16"), sc = laneIndex(s, "cpu:f16+scaler"), bf16 = laneIndex(s, "cpu:bf16");
    int firstNonFinite = -1;
    for (const auto& r : rec[f16])
        if (!r.finite) {
            firstNonFinite = static_cast<int>(r.step);
            break;
        }
    int skipped = 0;
    for (const auto& r : rec[sc]) skipped += r.skipped;
    qInfo("overflow-nan: f16 loss non-finite from step %d; f16+scaler skipped %d steps, final loss %g", firstNonFinite,
          skipped, rec[sc].back().loss);
    QVERIFY(firstNonFinite >= 0 && firstNonFinite < 20);
    for (const auto& r : rec[bf16]) QVERIFY2(r.finite, qPrintable(QString("bf16 loss non-finite at step %1").arg(r.step)));
    QVERIFY(skipped >= 1);
    QVERIFY(rec[sc].back().finite);
    QVERIFY(std::isfinite(rec[sc].back().loss));
}


void TestTraining::presetAccumulation() {
    const Scenario s = services::loadPreset("accumulation");
    const auto rec = runAll(s);
    const double f32 = rec[laneIndex(s, "cpu:f32")].back().loss;
    const double bf16 = rec[laneIndex(s, "cpu:bf16")].back().loss;
    const double f16 = rec[laneIndex(s, "cpu:f16")].back().loss;
    qInfo("accumulation: f32 %.2f, bf16 %.2f, f16 %.2f", f32, bf16, f16);
    QVERIFY(f32 > 4900 && f32 < 5100);
    QVERIFY(bf16 >= 250 && bf16 <= 260);
    QCOMPARE(f16, 2048.0);
}

void TestTraining::presetsAllLoadAndRun() {
    const auto presets = services::listPresets();
    QStringList names;
    int checked = 0;
    for (const auto& p : presets) {
        names << QString::fromStdString(p.name);
        QVERIFY2(p.explanation.size() > 100, p.name.c_str());
        Scenario s = services::loadPreset(p.name);
        validate(s);
        s.steps = 2;
        Runner r(s);
        const int f32 = laneIndex(s, "cpu:f32");
        const double expect = f32 >= 0 && s.workload == Workload::Training && !s.shuffle ? firstLossF64(s, r.weights(f32)) : NAN;
        const auto r0 = r.step();
        const auto r1 = r.step();
        QCOMPARE(r0.size(), s.lanes.size());
        for (std::size_t i = 0; i < r0.size(); ++i) {
            QCOMPARE(r0[i].step, std::int64_t{0});
            QCOMPARE(r1[i].step, std::int64_t{1});
        }
        if (std::isnan(expect)) continue;
        // The float32 lane's first loss against a float64 forward pass of the same weights and batch.
        const double got = r0[static_cast<std::size_t>(f32)].loss;
        QVERIFY2(std::fabs(got - expect) <= 1e-5 * std::max(1.0, std::fabs(expect)),
                 qPrintable(QString("%1: f32 first loss %2, float64 %3").arg(p.name.c_str()).arg(got, 0, 'g', 9).arg(expect, 0, 'g', 9)));
        ++checked;
    }
    qInfo("presets: %d float32 first losses checked against float64", checked);
    QVERIFY2(checked >= 3, qPrintable(QString("only %1 presets had a float32 training lane to check").arg(checked)));
    for (const char* n : {"underflow", "overflow-nan", "scaler-growth", "sensitive-ops", "accumulation"})
        QVERIFY2(names.contains(n), n);
    QVERIFY_THROWS_EXCEPTION(Error, services::loadPreset("no-such-preset"));
}

void TestTraining::cancelBetweenSteps() {
    Scenario s;
    s.steps = 1000;
    Runner r(s);
    std::atomic<bool> cancel{false};
    int steps = 0, finals = 0;
    const auto taken = r.run(
        [&](const RunEvent& e) {
            if (e.kind == RunEventKind::Final) ++finals;
            if (e.kind == RunEventKind::Step && e.record.lane == 0 && ++steps == 5) cancel = true;
        },
        cancel);
    QCOMPARE(taken, std::int64_t{5});
    QCOMPARE(r.stepsDone(), std::int64_t{5});
    QCOMPARE(finals, 0);
    QVERIFY(!r.finished());
}

void TestTraining::resetReproducesTheRun() {
    Scenario s;
    s.steps = 6;
    s.shuffle = true;
    s.batch = 100;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:f16+scaler")};
    Runner r(s);
    std::vector<StepRecord> first;
    for (int k = 0; k < 6; ++k)
        for (const auto& rec : r.step()) first.push_back(rec);
    r.reset();
    QCOMPARE(r.stepsDone(), std::int64_t{0});
    std::size_t i = 0;
    for (int k = 0; k < 6; ++k)
        for (const auto& rec : r.step()) {
            QCOMPARE(rec.loss, first[i].loss);
            QCOMPARE(rec.scale, first[i].scale);
            ++i;
        }
}

void TestTraining::histogramsEveryK() {
    Scenario s;
    s.sizes = {2, 16, 3};
    s.steps = 10;
    s.histogramInterval = 4;
    s.lanes = {parseLane("cpu:f16")};
    Runner r(s);
    std::vector<GradHistogram> hist;
    const std::atomic<bool> cancel{false};
    r.run([&](const RunEvent& e) { if (e.kind == RunEventKind::Histogram) hist.push_back(e.histogram); }, cancel);
    QCOMPARE(hist.size(), std::size_t{3});  // steps 0, 4, 8
    QCOMPARE(hist[1].step, std::int64_t{4});
    QCOMPARE(hist[0].layers.size(), std::size_t{4});  // 2 layers x (weight, output)
    const LayerHistogram& h = hist[0].layers[0];
    QVERIFY(h.weight);
    std::int64_t total = h.zeros + h.nonFinite;
    for (auto c : h.counts) total += c;
    QCOMPARE(total, std::int64_t{16 * 2 + 16});
    std::int64_t f32Total = h.f32Zeros;
    for (auto c : h.f32Counts) f32Total += c;
    QCOMPARE(f32Total, total);
    QCOMPARE(h.binLowerEdge(150), 1.0);
    // Nothing below float16's smallest subnormal survives in the f16 lane.
    for (std::size_t i = 0; i < h.counts.size(); ++i)
        if (h.binLowerEdge(i) < std::ldexp(1.0, -24)) QCOMPARE(h.counts[i], std::int64_t{0});
    // Statistics off: no histograms.
    s.statistics = false;
    Runner r2(s);
    hist.clear();
    r2.run([&](const RunEvent& e) { if (e.kind == RunEventKind::Histogram) hist.push_back(e.histogram); }, cancel);
    QVERIFY(hist.empty());
    QVERIFY(std::isnan(r2.lastRecords()[0].weightGradUnderflow));
}

void TestTraining::predictGridIsProbabilities() {
    Scenario s;
    s.steps = 5;
    Runner r(s);
    for (int k = 0; k < 5; ++k) r.step();
    const std::vector<float> xs{-1.0f, 0.0f, 1.0f}, ys{-0.5f, 0.5f};
    const Matrix p = r.predictGrid(1, xs, ys);
    QCOMPARE(p.rows(), Index{6});
    QCOMPARE(p.cols(), Index{3});
    for (Index i = 0; i < p.rows(); ++i) QVERIFY(std::fabs(p.row(i).sum() - 1.0f) < 1e-5f);
    // Row j * xs.size() + i is the point (xs[i], ys[j]).
    Matrix pt(1, 2);
    pt << 1.0f, 0.5f;
    const Matrix logits = r.predict(1, pt);
    const Eigen::RowVectorXf soft = (logits.row(0).array() - logits.maxCoeff()).exp().matrix();
    QVERIFY((soft / soft.sum() - p.row(5)).cwiseAbs().maxCoeff() < 1e-6f);
    const LaneFinal f = r.evaluate(1);
    QVERIFY(f.evalAccuracy >= 0 && f.evalAccuracy <= 1);
    QVERIFY(std::isfinite(f.evalLoss));
}

void TestTraining::shuffleIsDeterministic() {
    Scenario s;
    s.steps = 4;
    s.batch = 64;
    s.lanes = {parseLane("cpu:f32")};
    Runner plain(s);
    s.shuffle = true;
    Runner a(s), b(s);
    bool differs = false;
    for (int k = 0; k < 4; ++k) {
        const double la = a.step()[0].loss, lb = b.step()[0].loss, lp = plain.step()[0].loss;
        QCOMPARE(la, lb);
        differs |= la != lp;
    }
    QVERIFY(differs);
}

void TestTraining::builtinDatasets() {
    for (DatasetKind k : {DatasetKind::Spiral, DatasetKind::Circles, DatasetKind::Xor, DatasetKind::Gaussians,
                          DatasetKind::Moons, DatasetKind::Sine, DatasetKind::Plane, DatasetKind::Teacher}) {
        Scenario s;
        s.data.kind = k;
        s.data.samples = 200;
        s.data.evalSamples = 50;
        const bool cls = isClassification(k);
        s.loss = cls ? LossKind::CrossEntropy : LossKind::Mse;
        s.sizes = {k == DatasetKind::Sine ? 1 : 2, 16, cls ? (k == DatasetKind::Spiral || k == DatasetKind::Gaussians ? 3 : 2) : 1};
        s.steps = 3;
        Runner r(s);
        QCOMPARE(r.dataset().size(), Index{200});
        QCOMPARE(r.evalDataset().size(), Index{50});
        QCOMPARE(r.dataset().classification(), cls);
        QVERIFY(r.dataset().x.allFinite());
        if (cls) {
            std::vector<int> seen(static_cast<std::size_t>(s.sizes.back()), 0);
            for (int y : r.dataset().labels) ++seen[static_cast<std::size_t>(y)];
            for (int c : seen) QVERIFY2(c > 0, datasetName(k).data());
        }
        for (int i = 0; i < 3; ++i)
            for (const auto& rec : r.step()) QVERIFY(rec.finite);
    }
}

void TestTraining::policyDefaults() {
    Scenario s;
    const AutocastPolicy cpu = s.policyFor(parseLane("cpu:bf16"));
    const AutocastPolicy cuda = s.policyFor(parseLane("gpu:f16"));
    QCOMPARE(cpu.softmax, OpPolicy::AsInput);
    QCOMPARE(cuda.softmax, OpPolicy::F32);
    QCOMPARE(cpu.loss, OpPolicy::F32);
    QCOMPARE(cuda.loss, OpPolicy::F32);
    QCOMPARE(cpu.linear, OpPolicy::Low);
    s.opOverrides = {{OpKind::Softmax, OpPolicy::Low}, {OpKind::Loss, OpPolicy::Low}};
    QCOMPARE(s.policyFor(parseLane("cpu:bf16")).softmax, OpPolicy::Low);
    QCOMPARE(s.policyFor(parseLane("cpu:bf16")).loss, OpPolicy::Low);
    // Loss forced low in float16: the scaled loss gradient 65536 is inf in f16, so the first step skips.
    s.lanes = {parseLane("cpu:f16+scaler")};
    Runner r(s);
    QVERIFY(r.step()[0].skipped);
}

void TestTraining::scenarioJsonRoundTrip() {
    for (const auto& p : services::listPresets()) {
        Scenario s = services::loadPreset(p.name);
        const QJsonObject once = services::scenarioToJson(s);
        const QJsonObject twice = services::scenarioToJson(services::scenarioFromJson(once, "round trip"));
        QVERIFY2(once == twice, p.name.c_str());
    }
    Scenario s;
    s.opOverrides = {{OpKind::Softmax, OpPolicy::Low}};
    s.backwardAccumulation = BackwardAccumulation::Storage;
    s.data.seed = 7;
    const Scenario back = services::scenarioFromJson(services::scenarioToJson(s), "round trip");
    QCOMPARE(back.opOverrides.size(), std::size_t{1});
    QCOMPARE(back.backwardAccumulation, BackwardAccumulation::Storage);
    QCOMPARE(*back.data.seed, std::uint64_t{7});
    // Unknown keys and bad values name the key.
    try {
        services::scenarioFromJson(QJsonObject{{"model", QJsonObject{{"sizez", 3}}}}, "test");
        QFAIL("unknown key accepted");
    } catch (const Error& e) {
        QCOMPARE(std::string(e.what()), std::string("test: model.sizez: unknown key"));
    }
    try {
        services::scenarioFromJson(QJsonObject{{"lanes", QJsonArray{"cpu:f32", "cpu:f9"}}}, "test");
        QFAIL("bad lane accepted");
    } catch (const Error& e) {
        QVERIFY2(std::string(e.what()).rfind("test: lanes[1]: unknown lane format 'f9'", 0) == 0, e.what());
    }
}

QTEST_GUILESS_MAIN(TestTraining)
#include "tst_training.moc"
