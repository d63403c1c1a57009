// The Speed lab's engine and `presisi bench memory|sweep|breakdown`: memory arithmetic against hand
// computation, the sweep stopping at the memory limit, the knee's rule, the breakdown naming the
// bottleneck on constructed cases, progress and cancel, and the commands' JSON.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <atomic>
#include <sstream>

#include "app/cli/cli.h"
#include "engine/error.h"
#include "engine/speed/batch_sweep.h"
#include "engine/speed/memory_plan.h"
#include "engine/speed/step_breakdown.h"

using namespace presisi;

namespace {

// The 2-4-3 model of the hand computations: P = (2*4 + 4) + (4*3 + 3) = 27 parameters; per sample the
// layers keep (2 + 4) + (4 + 3) = 13 values for backward.
Scenario tiny(std::vector<std::string> lanes, double momentum = 0.0) {
    Scenario s;
    s.sizes = {2, 4, 3};
    s.optimizer.momentum = momentum;
    s.batch = 8;
    s.lanes.clear();
    for (const auto& l : lanes) s.lanes.push_back(parseLane(l));
    return s;
}

int runCli(const std::vector<std::string>& args, std::string& out, std::string& err) {
    std::ostringstream o, e;
    const int rc = cli::run(args, o, e);
    out = o.str();
    err = e.str();
    return rc;
}

const std::atomic<bool> kNoCancel{false};

// A lane's bytes in the order of the hand computations: weights, master weights, gradients, activations,
// optimizer state, total.
std::vector<double> parts(const LaneMemory& m) {
    return {m.weights, m.masterWeights, m.gradients, m.activations, m.optimizerState, m.total()};
}

}  // namespace

class TestSpeed : public QObject {
    Q_OBJECT
private slots:
    void memoryHandComputed();
    void memoryAdamAndPlainSgd();
    void largestBatchAtTheEdge();
    void memoryRefusesAccumulation();
    void sweepStopsAtTheMemoryLimit();
    void sweepPointsAreTimedLongEnoughAndReportTheirSpread();
    void sweepListCutAtTheLimit();
    void sweepNothingFits();
    void sweepStopsAfterASlowStep();
    void sweepKneeRule();
    void breakdownSlowLoaderIsDataBound();
    void breakdownLargeModelIsComputeBound();
    void bottleneckOnConstructedParts();
    void progressAndCancel();
    void cliMemoryJson();
    void cliSweepJson();
    void cliBreakdownJsonAndErrors();
    void cliDevice();
};

void TestSpeed::memoryHandComputed() {
    // SGD with momentum 0.9, batch 8. Hand computation (bytes):
    //   f16 lane (2 bytes/value): weights 2*27 = 54; master 4*27 = 108; gradients 2*27 + 4*27 = 162;
    //     activations 8 * 2 * 13 = 208; momentum 4*27 = 108; total 640.
    //   f32 lane: weights 4*27 = 108; master 0; gradients 108; activations 8 * 4 * 13 = 416;
    //     momentum 108; total 740.
    //   bf16 lane: as f16 (2 bytes a value), the scaler holds no per-parameter state.
    const auto m = laneMemory(tiny({"cpu:f16", "cpu:f32", "cpu:bf16+scaler"}, 0.9), 8);
    QCOMPARE(m.size(), std::size_t(3));
    QCOMPARE(m[0].lane, std::string("cpu:f16"));
    QCOMPARE(parts(m[0]), (std::vector<double>{54, 108, 162, 208, 108, 640}));
    QCOMPARE(parts(m[1]), (std::vector<double>{108, 0, 108, 416, 108, 740}));
    QCOMPARE(m[2].lane, std::string("cpu:bf16+scaler"));
    QCOMPARE(m[2].total(), 640.0);
    // A pure-bf16 lane keeps no float32 master weights nor their gradients: 54 + 0 + 54 + 208 + 108 = 424.
    const auto pure = laneMemory(tiny({"cpu:bf16+pure"}, 0.9), 8);
    QCOMPARE(parts(pure[0]), (std::vector<double>{54, 0, 54, 208, 108, 424}));
}

void TestSpeed::memoryAdamAndPlainSgd() {
    // Adam keeps two float32 moments: 2 * 4 * 27 = 216 bytes; plain SGD keeps none.
    Scenario s = tiny({"cpu:f32"});
    s.optimizer.kind = OptimizerSpec::Kind::Adam;
    QCOMPARE(laneMemory(s, 1)[0].optimizerState, 216.0);
    // Batch 1, f32: 108 + 0 + 108 + 1*4*13 + 216 = 484.
    QCOMPARE(laneMemory(s, 1)[0].total(), 484.0);
    QCOMPARE(laneMemory(tiny({"cpu:f32"}), 8)[0].optimizerState, 0.0);
    QVERIFY_THROWS_EXCEPTION(Error, laneMemory(s, 0));
}

void TestSpeed::largestBatchAtTheEdge() {
    // f16 lane with momentum: fixed 54 + 108 + 162 + 108 = 432 bytes, 2*13 = 26 bytes per sample.
    const Scenario s = tiny({"cpu:f16", "cpu:f32"}, 0.9);
    QCOMPARE(largestBatch(s, 0, 640), std::int64_t(8));  // 432 + 8*26 = 640 exactly
    QCOMPARE(largestBatch(s, 0, 639), std::int64_t(7));
    QCOMPARE(largestBatch(s, 0, 458), std::int64_t(1));  // 432 + 26
    QCOMPARE(largestBatch(s, 0, 457), std::int64_t(0));  // not even batch 1
    // f32 lane: fixed 108 + 108 + 108 = 324, 52 per sample: (2^30 - 324) / 52 = 20648875 exactly, so
    // 2^30 bytes hold 20648875 and one byte less holds 20648874.
    QCOMPARE(largestBatch(s, 1, 1073741824.0), std::int64_t(20648875));
    QCOMPARE(largestBatch(s, 1, 1073741823.0), std::int64_t(20648874));
    QVERIFY_THROWS_EXCEPTION(Error, largestBatch(s, 2, 1e9));
}

void TestSpeed::memoryRefusesAccumulation() {
    Scenario s = tiny({"cpu:f32"});
    s.workload = Workload::Accumulation;
    QVERIFY_THROWS_EXCEPTION(Error, laneMemory(s, 8));
    QVERIFY_THROWS_EXCEPTION(Error, runStepBreakdown(s, {}, {}, kNoCancel));
}

// At batch 1 a step takes microseconds: twenty of them timed one lane after the other measured an emulated
// f16 lane 4.3x faster than f32. Every point is now rounds of at least minSecondsPerRound each (whatever
// the step count), the lanes' rounds interleaved, and reports how far its rounds disagree.
void TestSpeed::sweepPointsAreTimedLongEnoughAndReportTheirSpread() {
    SweepSettings set;
    set.batches = {1, 16};
    set.repeats = 3;
    set.minSecondsPerRound = 0.005;
    const SweepReport r = runBatchSweep(tiny({"cpu:f32", "cpu:f16+scaler"}), set, {}, kNoCancel);
    QCOMPARE(r.points.size(), std::size_t(4));
    for (const SweepPoint& p : r.points) {
        QCOMPARE(p.rounds, 3);
        QVERIFY2(p.seconds >= 3 * set.minSecondsPerRound, qPrintable(QString::number(p.seconds)));
        QVERIFY(p.steps >= p.rounds);
        // A step of the tiny model takes microseconds: each round ran many of them.
        if (p.batch == 1) QVERIFY2(p.steps > 3 * 10, qPrintable(QString::number(p.steps)));
        QVERIFY(std::isfinite(p.spread) && p.spread >= 0);
        // samples/s is batch over the median round's seconds per step, which lies within the rounds' range.
        const double mean = p.seconds / static_cast<double>(p.steps);
        QVERIFY(p.samplesPerSecond > 0);
        // The median and the overall mean both lie between the fastest and the slowest round, which are
        // spread x median apart.
        const double median = static_cast<double>(p.batch) / p.samplesPerSecond;
        QVERIFY(std::fabs(median - mean) <= p.spread * median * (1 + 1e-9) + 1e-15);
    }
    QVERIFY(r.note.find("3 rounds") != std::string::npos);
}

void TestSpeed::sweepStopsAtTheMemoryLimit() {
    // f32, plain SGD: fixed 108 + 108 = 216 bytes, 52 per sample; a budget of 216 + 5*52 = 476 bytes
    // allows batch 5. Powers of two run 1, 2, 4, then the limit 5 ends the sweep.
    SweepSettings set;
    set.budgetBytes = 476;
    set.stepsPerPoint = 3;
    const SweepReport r = runBatchSweep(tiny({"cpu:f32"}), set, {}, kNoCancel);
    QCOMPARE(r.limitBatch, std::vector<std::int64_t>{5});
    QCOMPARE(r.points.size(), std::size_t(4));
    const std::int64_t want[] = {1, 2, 4, 5};
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(r.points[i].batch, want[i]);
        QVERIFY(r.points[i].samplesPerSecond > 0);
        QVERIFY(r.points[i].bytes <= 476);
    }
    QCOMPARE(r.points.back().bytes, 476.0);
}

void TestSpeed::sweepListCutAtTheLimit() {
    // A given list past the limit: 1 and 3 run, 8 and 16 do not, the limit 5 is the last point. The
    // f16 lane (26 bytes a sample, fixed 2*27 + 4*27 + 6*27 = 324) fits 5 in 476 too: (476-324)/26 = 5.8.
    SweepSettings set;
    set.budgetBytes = 476;
    set.stepsPerPoint = 2;
    set.batches = {16, 1, 8, 3};
    const SweepReport r = runBatchSweep(tiny({"cpu:f32", "cpu:f16"}), set, {}, kNoCancel);
    QCOMPARE(r.limitBatch, (std::vector<std::int64_t>{5, 5}));
    std::vector<std::int64_t> lane0, lane1;
    for (const auto& p : r.points) (p.lane == 0 ? lane0 : lane1).push_back(p.batch);
    QCOMPARE(lane0, (std::vector<std::int64_t>{1, 3, 5}));
    QCOMPARE(lane1, (std::vector<std::int64_t>{1, 3, 5}));
}

void TestSpeed::sweepNothingFits() {
    SweepSettings set;
    set.budgetBytes = 200;  // below the f32 lane's fixed 216 bytes
    set.stepsPerPoint = 2;
    const SweepReport r = runBatchSweep(tiny({"cpu:f32"}), set, {}, kNoCancel);
    QCOMPARE(r.limitBatch, std::vector<std::int64_t>{0});
    QVERIFY(r.points.empty());
    QCOMPARE(r.kneeBatch, std::vector<std::int64_t>{0});
    QVERIFY(r.note.find("even batch 1 does not fit") != std::string::npos);
}

void TestSpeed::sweepStopsAfterASlowStep() {
    // Any step is slower than a nanosecond: the lane runs batch 1, then no larger batch, and says so.
    SweepSettings set;
    set.budgetBytes = 1e9;
    set.stepsPerPoint = 2;
    set.batches = {1, 2, 4};
    set.maxSecondsPerStep = 1e-9;
    std::vector<std::pair<int, int>> seen;
    const SweepReport r = runBatchSweep(tiny({"cpu:f32"}), set, [&](int d, int t) { seen.emplace_back(d, t); }, kNoCancel);
    QCOMPARE(r.points.size(), std::size_t(1));
    QCOMPARE(r.points[0].batch, std::int64_t(1));
    QVERIFY(r.note.find("cpu:f32: stopped after batch 1") != std::string::npos);
    QCOMPARE(seen.back(), std::make_pair(3, 3));  // skipped points still count, so progress ends full
}

void TestSpeed::sweepKneeRule() {
    // The knee is the smallest batch reaching 90% of the lane's best samples/s: every smaller batch is
    // below that line, the knee is on or above it.
    SweepSettings set;
    set.budgetBytes = 1e9;
    set.maxBatch = 256;
    set.stepsPerPoint = 5;
    const SweepReport r = runBatchSweep(tiny({"cpu:f32", "cpu:bf16"}), set, {}, kNoCancel);
    for (int l = 0; l < 2; ++l) {
        double best = 0;
        for (const auto& p : r.points)
            if (p.lane == l) best = std::max(best, p.samplesPerSecond);
        const std::int64_t knee = r.kneeBatch[static_cast<std::size_t>(l)];
        QVERIFY(knee >= 1);
        for (const auto& p : r.points) {
            if (p.lane != l) continue;
            if (p.batch < knee) QVERIFY(p.samplesPerSecond < kKneeFraction * best);
            if (p.batch == knee) QVERIFY(p.samplesPerSecond >= kKneeFraction * best);
        }
    }
    QCOMPARE(r.points.back().batch, std::int64_t(256));  // capped by maxBatch, not by the 1e9 budget
}

void TestSpeed::breakdownSlowLoaderIsDataBound() {
    // 20 ms of loading per batch against a 2-4-3 model's microseconds of compute.
    BreakdownSettings set;
    set.steps = 3;
    set.loaderSecondsPerBatch = 0.020;
    const BreakdownReport r = runStepBreakdown(tiny({"cpu:f32", "cpu:bf16"}), set, {}, kNoCancel);
    QCOMPARE(r.lanes.size(), std::size_t(2));
    for (std::size_t l = 0; l < 2; ++l) {
        QCOMPARE(r.bottleneck[l], Bottleneck::Data);
        QCOMPARE(r.sentence[l], bottleneckSentence(Bottleneck::Data));
        QVERIFY(r.sentence[l].rfind("data-bound: it will not", 0) == 0);
        QVERIFY(r.lanes[l].data >= 0.020);
        QCOMPARE(r.lanes[l].transfer, 0.0);  // no transfer on the CPU
        QVERIFY(r.lanes[l].forward > 0 && r.lanes[l].optimizer > 0);
    }
}

void TestSpeed::breakdownLargeModelIsComputeBound() {
    // 32-256-256-8 at batch 128: 6 * 128 * (32*256 + 256*256 + 256*8) = 58 MFLOP a step against
    // copying 128 rows of 32 floats, no loader cost.
    Scenario s;
    s.sizes = {32, 256, 256, 8};
    s.data.kind = DatasetKind::Teacher;
    s.loss = LossKind::Mse;
    s.batch = 128;
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16")};
    BreakdownSettings set;
    set.steps = 3;
    const BreakdownReport r = runStepBreakdown(s, set, {}, kNoCancel);
    QCOMPARE(r.bottleneck[0], Bottleneck::Compute);
    QCOMPARE(r.sentence[0], std::string("compute-bound: mixed precision helps"));
    // The emulated bf16 lane multiplies in float32: its sentence must not promise it a speed-up.
    QCOMPARE(r.bottleneck[1], Bottleneck::Compute);
    QVERIFY(r.sentence[1].find("this lane is emulated") != std::string::npos);
    QVERIFY(r.lanes[0].forward + r.lanes[0].backward + r.lanes[0].optimizer > r.lanes[0].data);
    // The CPU lane times its halves (LaneBackend::lastStepTimes): backward, twice forward's products, shows.
    QVERIFY(r.lanes[0].forward > 0 && r.lanes[0].backward > 0);
    QCOMPARE(bottleneckSentence(Bottleneck::Transfer),
             std::string("transfer-bound: it will not \u2014 keep data on the device or overlap copies"));
}

void TestSpeed::bottleneckOnConstructedParts() {
    // Seconds chosen by hand: compute is forward + backward + optimizer = 0.3 here.
    StepParts p{0};
    p.forward = 0.1;
    p.backward = 0.15;
    p.optimizer = 0.05;
    p.data = 0.29;
    p.transfer = 0.2;
    QCOMPARE(bottleneckOf(p), Bottleneck::Compute);
    p.data = 0.31;  // data above compute (0.3) and transfer
    QCOMPARE(bottleneckOf(p), Bottleneck::Data);
    p.data = 0.01;
    p.transfer = 0.31;  // a GPU lane copying a wide batch for a small model
    QCOMPARE(bottleneckOf(p), Bottleneck::Transfer);
    p.transfer = 0.3;  // a tie with compute goes to compute
    QCOMPARE(bottleneckOf(p), Bottleneck::Compute);
    QCOMPARE(bottleneckName(Bottleneck::Transfer), std::string_view("transfer"));
}

void TestSpeed::progressAndCancel() {
    // Progress: (0, total) first, then every step, ending at (total, total); lanes * steps in all.
    std::vector<std::pair<int, int>> seen;
    BreakdownSettings set;
    set.steps = 4;
    runStepBreakdown(tiny({"cpu:f32", "cpu:f16"}), set, [&](int d, int t) { seen.emplace_back(d, t); }, kNoCancel);
    QCOMPARE(seen.size(), std::size_t(9));
    QCOMPARE(seen.front(), std::make_pair(0, 8));
    QCOMPARE(seen.back(), std::make_pair(8, 8));
    // Cancel asked from the progress callback (as the window's Stop does) ends the run with Cancelled.
    std::atomic<bool> cancel{false};
    int calls = 0;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runStepBreakdown(tiny({"cpu:f32"}), set, [&](int d, int) {
        ++calls;
        if (d >= 1) cancel = true;
    }, cancel));
    QCOMPARE(calls, 2);  // (0, 4), (1, 4), then the check before the next step throws
    SweepSettings sw;
    sw.budgetBytes = 1e6;
    sw.stepsPerPoint = 2;
    sw.maxBatch = 64;
    std::vector<std::pair<int, int>> sweepSeen;
    cancel = false;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runBatchSweep(tiny({"cpu:f32"}), sw, [&](int d, int t) {
        sweepSeen.emplace_back(d, t);
        if (d == 2) cancel = true;
    }, cancel));
    QCOMPARE(sweepSeen.back(), std::make_pair(2, 7));  // points 1..64 = 7, stopped after the second
    cancel = true;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runBatchSweep(tiny({"cpu:f32"}), sw, {}, cancel));
}

void TestSpeed::cliMemoryJson() {
    std::string out, err;
    const int rc = runCli({"bench", "memory", "--sizes", "2,4,3", "--lanes", "cpu:f16,cpu:f32", "--momentum", "0.9",
                           "--batch", "8", "--budget", "640", "--json", "-"}, out, err);
    QVERIFY2(rc == 0, err.c_str());
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(out)).object();
    const QJsonArray lanes = o["lanes"].toArray();
    QCOMPARE(lanes.size(), 2);
    const QJsonObject f16 = lanes[0].toObject();
    QCOMPARE(f16["lane"].toString(), QString("cpu:f16"));
    QCOMPARE(f16["weights"].toDouble(), 54.0);
    QCOMPARE(f16["master_weights"].toDouble(), 108.0);
    QCOMPARE(f16["gradients"].toDouble(), 162.0);
    QCOMPARE(f16["activations"].toDouble(), 208.0);
    QCOMPARE(f16["optimizer_state"].toDouble(), 108.0);
    QCOMPARE(f16["total"].toDouble(), 640.0);
    QCOMPARE(f16["limit_batch"].toInt(), 8);
    QCOMPARE(lanes[1].toObject()["limit_batch"].toInt(), 6);  // f32: (640 - 324) / 52 = 6.08
    // The table names the columns and the limit; a unit in the budget reads as powers of 1024.
    QCOMPARE(runCli({"bench", "memory", "--sizes", "2,4,3", "--lanes", "cpu:f16", "--budget", "1K"}, out, err), 0);
    QVERIFY(out.find("activations") != std::string::npos);
    QVERIFY(out.find("1.0 KiB") != std::string::npos);
}

void TestSpeed::cliSweepJson() {
    std::string out, err;
    const int rc = runCli({"bench", "sweep", "--sizes", "2,4,3", "--lanes", "cpu:f32", "--budget", "476", "--steps", "2",
                           "--json", "-"}, out, err);
    QVERIFY2(rc == 0, err.c_str());
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(out)).object();
    const QJsonArray points = o["points"].toArray();
    QCOMPARE(points.size(), 4);
    QCOMPARE(points.last().toObject()["batch"].toInt(), 5);
    QVERIFY(points.last().toObject()["samples_per_second"].toDouble() > 0);
    QCOMPARE(o["limit_batch"].toArray()[0].toInt(), 5);
    QVERIFY(o["knee_batch"].toArray()[0].toInt() >= 1);
    QVERIFY(o["note"].toString().contains("90%"));
}

void TestSpeed::cliBreakdownJsonAndErrors() {
    std::string out, err;
    int rc = runCli({"bench", "breakdown", "--sizes", "2,4,3", "--lanes", "cpu:bf16", "--batch", "8", "--loader-ms", "20",
                     "--steps", "2", "--json", "-"}, out, err);
    QVERIFY2(rc == 0, err.c_str());
    const QJsonObject lane = QJsonDocument::fromJson(QByteArray::fromStdString(out)).object()["lanes"].toArray()[0].toObject();
    QCOMPARE(lane["lane"].toString(), QString("cpu:bf16"));
    QCOMPARE(lane["bottleneck"].toString(), QString("data"));
    QVERIFY(lane["sentence"].toString().startsWith("data-bound"));
    for (const char* k : {"data", "transfer", "forward", "backward", "optimizer"}) QVERIFY(lane.contains(k));
    QVERIFY(lane["data"].toDouble() >= 0.020);
    // Bad arguments: exit 2 and one line naming the problem.
    rc = runCli({"bench", "breakdown", "--loader-ms", "-5"}, out, err);
    QCOMPARE(rc, 2);
    QVERIFY(err.find("--loader-ms") != std::string::npos);
    QCOMPARE(runCli({"bench", "memory", "--budget", "12Q"}, out, err), 2);
    QVERIFY(err.find("--budget") != std::string::npos);
    QCOMPARE(runCli({"bench", "memory", "--lanes", "cpu:f8"}, out, err), 2);
    QCOMPARE(runCli({"bench", "sweep", "--csv", "x.csv"}, out, err), 2);
    QCOMPARE(runCli({"bench", "memory", "--device", "tpu"}, out, err), 2);
    // An unwritable --json is refused before anything runs (a sweep would otherwise run first).
    QCOMPARE(runCli({"bench", "sweep", "--json", "/nonexistent-dir/x.json"}, out, err), 2);
    QVERIFY(err.find("--json: cannot write") != std::string::npos);
    // --json FILE: the file holds the JSON, the table still goes to stdout.
    QTemporaryDir dir;
    const std::string path = dir.filePath("memory.json").toStdString();
    QCOMPARE(runCli({"bench", "memory", "--sizes", "2,4,3", "--lanes", "cpu:f16", "--momentum", "0.9", "--batch", "8",
                     "--json", path}, out, err), 0);
    QVERIFY(out.find("largest batch") != std::string::npos);
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(f.readAll()).object()["lanes"].toArray()[0].toObject()["total"].toDouble(), 640.0);
}

void TestSpeed::cliDevice() {
    // --device moves CPU-only lanes to the GPU (the memory plan needs no device); all keeps both.
    std::string out, err;
    QCOMPARE(runCli({"bench", "memory", "--sizes", "2,4,3", "--lanes", "cpu:f32,cpu:f16+scaler", "--device", "gpu",
                     "--budget", "1K", "--json", "-"}, out, err), 0);
    QJsonArray lanes = QJsonDocument::fromJson(QByteArray::fromStdString(out)).object()["lanes"].toArray();
    QCOMPARE(lanes.size(), 2);
    QCOMPARE(lanes[0].toObject()["lane"].toString(), QString("gpu:f32"));
    QCOMPARE(lanes[1].toObject()["lane"].toString(), QString("gpu:f16+scaler"));
    QCOMPARE(runCli({"bench", "memory", "--sizes", "2,4,3", "--lanes", "cpu:f32,gpu:bf16", "--device", "all",
                     "--budget", "1K", "--json", "-"}, out, err), 0);
    lanes = QJsonDocument::fromJson(QByteArray::fromStdString(out)).object()["lanes"].toArray();
    QStringList names;
    for (const auto& l : lanes) names << l.toObject()["lane"].toString();
    QCOMPARE(names, (QStringList{"cpu:f32", "gpu:bf16"}));
    QCOMPARE(runCli({"bench", "memory", "--sizes", "2,4,3", "--lanes", "cpu:f32,gpu:bf16", "--device", "cpu",
                     "--json", "-"}, out, err), 0);
    lanes = QJsonDocument::fromJson(QByteArray::fromStdString(out)).object()["lanes"].toArray();
    QCOMPARE(lanes.size(), 1);
    QCOMPARE(lanes[0].toObject()["lane"].toString(), QString("cpu:f32"));
}

QTEST_GUILESS_MAIN(TestSpeed)
#include "tst_speed.moc"
