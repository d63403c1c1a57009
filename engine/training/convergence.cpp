// The convergence check: K model seeds of every lane on identical data, run in parallel threads, and the
// verdicts against the float32 lane's seed spread. No Qt here.
#include "convergence.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <limits>
#include <mutex>
#include <numeric>
#include <thread>

#ifdef __linux__
#include <pthread.h>
#endif

#include "../error.h"
#include "../timing.h"
#include "runner.h"

namespace presisi {

namespace {

std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

// The rule. The question a person asks is "is this shift bigger than what changing the seed does?", so a
// lane is compared with the reference (float32) lane's seed-to-seed spread, not with a standard error of
// the difference (a t-test calls an ever smaller shift significant as seeds are added, while the seed
// spread is what a retrained float32 model moves by anyway). Twice the standard deviation covers about
// 95% of a normal seed spread. When every seed converges to the same minimum (a convex problem: spread
// near zero) the seed spread would call any shift an audit, so the threshold is at least twice the
// float32 evaluation's own noise: the standard error of the evaluation loss over the evaluation samples
// (a shift below it is one that another draw of evaluation data could produce or hide).
constexpr double kSpreads = 2.0;

// An outlier seed: a float32 run whose evaluation loss lies further from the seeds' median than five
// robust standard deviations (1.4826 x the median absolute deviation, which one wild run cannot inflate)
// and than ten evaluation noises (so that seeds agreeing to the last bits of a converged loss are not
// told apart). Judged on the float32 lane only: the seed's initialisation is the same in every lane, so
// a seed that fails in float32 is a bad seed, not a format's doing, and leaves every lane's numbers.
constexpr double kOutlierRobustSds = 5.0;
constexpr double kOutlierNoises = 10.0;
constexpr int kOutlierMinSeeds = 3;

const char* kRule =
    "safe when every seed's run stays finite and |mean eval loss - mean of the f32 lane| <= "
    "2 x max(the f32 lane's seed-to-seed standard deviation, the f32 evaluation's standard error over its "
    "samples); otherwise audit (evaluation loss in float32 without gradients; spread = sample standard "
    "deviation over seeds; a seed whose f32 run is an outlier is left out and named)";

void meanSpread(const std::vector<double>& v, double& mean, double& sd) {
    mean = sd = kNotMeasured;
    if (v.empty()) return;
    double s = 0;
    for (double x : v) s += x;
    mean = s / static_cast<double>(v.size());
    if (v.size() < 2) {
        sd = 0;
        return;
    }
    double q = 0;
    for (double x : v) q += (x - mean) * (x - mean);
    sd = std::sqrt(q / static_cast<double>(v.size() - 1));
}

int referenceLaneOf(const Scenario& s) {
    // The first float32 lane without flush-to-zero (a scaler changes nothing in float32's range).
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        if (s.lanes[i].format == Format::F32 && s.lanes[i].subnormals == Subnormals::Keep) return static_cast<int>(i);
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        if (s.lanes[i].format == Format::F32) return static_cast<int>(i);
    return -1;
}

}  // namespace

std::string_view thresholdSourceName(ThresholdSource s) {
    return s == ThresholdSource::SeedSpread ? "seed_spread" : "evaluation_noise";
}

std::string_view verdictName(Verdict v) {
    switch (v) {
    case Verdict::Reference: return "reference";
    case Verdict::Safe: return "safe";
    case Verdict::Audit: return "audit";
    }
    return "?";
}

namespace {

// Marks the reference lane's outlier seeds (see kOutlierRobustSds) and returns them.
std::vector<std::uint64_t> markOutlierSeeds(std::vector<SeedResult>& runs, int referenceLane) {
    std::vector<double> loss, noise;
    for (const SeedResult& r : runs) {
        if (r.lane != referenceLane) continue;
        if (!(r.finite && std::isfinite(r.evalLoss))) return {};  // a non-finite reference is judged as such
        loss.push_back(r.evalLoss);
        if (std::isfinite(r.evalLossStdError)) noise.push_back(r.evalLossStdError);
    }
    if (static_cast<int>(loss.size()) < kOutlierMinSeeds) return {};
    const double mid = median(loss);
    std::vector<double> deviation;
    for (double x : loss) deviation.push_back(std::fabs(x - mid));
    const double robustSd = 1.4826 * median(deviation);
    const double meanNoise = noise.empty() ? 0.0 : std::accumulate(noise.begin(), noise.end(), 0.0) / noise.size();
    const double limit = std::max(kOutlierRobustSds * robustSd, kOutlierNoises * meanNoise);
    std::vector<std::uint64_t> seeds;
    for (SeedResult& r : runs)
        if (r.lane == referenceLane && std::fabs(r.evalLoss - mid) > limit && limit > 0) seeds.push_back(r.seed);
    for (SeedResult& r : runs)
        r.outlier = std::find(seeds.begin(), seeds.end(), r.seed) != seeds.end();
    return seeds;
}

std::string seedList(const std::vector<std::uint64_t>& seeds) {
    std::string s;
    for (std::uint64_t seed : seeds) s += (s.empty() ? "" : ", ") + std::to_string(seed);
    return s;
}

}  // namespace

ConvergenceReport judgeConvergence(const Scenario& s, std::vector<SeedResult> runs) {
    ConvergenceReport rep;
    rep.rule = kRule;
    rep.runs = std::move(runs);
    rep.referenceLane = referenceLaneOf(s);
    if (rep.referenceLane >= 0) rep.excludedSeeds = markOutlierSeeds(rep.runs, rep.referenceLane);
    const int lanes = static_cast<int>(s.lanes.size());
    rep.lanes.resize(static_cast<std::size_t>(lanes));
    for (int i = 0; i < lanes; ++i) {
        LaneVerdict& v = rep.lanes[static_cast<std::size_t>(i)];
        v.lane = i;
        v.label = s.lanes[static_cast<std::size_t>(i)].label();
        std::vector<double> loss, acc;
        bool finite = true;
        for (const SeedResult& r : rep.runs) {
            if (r.lane != i || r.outlier) continue;
            finite = finite && r.finite && std::isfinite(r.evalLoss);
            loss.push_back(r.evalLoss);
            if (std::isfinite(r.evalAccuracy)) acc.push_back(r.evalAccuracy);
        }
        meanSpread(loss, v.mean, v.spread);
        if (!acc.empty()) meanSpread(acc, v.meanAccuracy, v.spreadAccuracy);
        v.verdict = finite ? Verdict::Safe : Verdict::Audit;
        if (!finite) v.reason = "a seed's run went non-finite: audit the sensitive operations";
    }
    if (rep.referenceLane < 0) {
        for (LaneVerdict& v : rep.lanes) {
            v.verdict = Verdict::Audit;
            if (v.reason.empty()) v.reason = "no float32 lane to compare with: add cpu:f32";
        }
        return rep;
    }
    LaneVerdict& ref = rep.lanes[static_cast<std::size_t>(rep.referenceLane)];
    if (ref.verdict == Verdict::Audit) {
        for (LaneVerdict& v : rep.lanes) {
            v.verdict = Verdict::Audit;
            v.reason = "the float32 reference went non-finite: the setup itself diverges (lower the learning rate)";
        }
        return rep;
    }
    ref.verdict = Verdict::Reference;
    ref.shift = 0;
    std::vector<double> noise;
    for (const SeedResult& r : rep.runs)
        if (r.lane == rep.referenceLane && !r.outlier && std::isfinite(r.evalLossStdError))
            noise.push_back(r.evalLossStdError);
    double noiseSpread = 0;
    meanSpread(noise, rep.evaluationNoise, noiseSpread);
    rep.referenceSpread = ref.spread;
    const double evalNoise = std::isfinite(rep.evaluationNoise) ? rep.evaluationNoise : 0.0;
    rep.thresholdFrom = ref.spread >= evalNoise ? ThresholdSource::SeedSpread : ThresholdSource::EvaluationNoise;
    rep.threshold = kSpreads * std::max(ref.spread, evalNoise);
    const bool bySpread = rep.thresholdFrom == ThresholdSource::SeedSpread;
    // The term that decided, named in every sentence: "within 2 x the f32 evaluation noise" is a different
    // claim from "within the seed spread" when the seeds agree to 1e-15 and the noise is 1e-10.
    const std::string term = bySpread ? "2 x the f32 seed spread" : "2 x the f32 evaluation noise";
    const std::string other = bySpread ? "" : "; the seed spread " + num(ref.spread) + " is smaller";
    const std::string excluded = rep.excludedSeeds.empty() ? "" :
        "; seed " + seedList(rep.excludedSeeds) + " left out: its f32 run is an outlier (did it learn?)";
    ref.reason = "the float32 reference: seed spread " + num(ref.spread) + ", evaluation noise " +
                 num(rep.evaluationNoise) + "; safe within +-" + num(rep.threshold) + " (" + term + ")" + excluded;
    for (LaneVerdict& v : rep.lanes) {
        if (v.lane == rep.referenceLane) continue;
        v.shift = v.mean - ref.mean;
        if (v.verdict == Verdict::Audit) continue;
        const bool within = std::fabs(v.shift) <= rep.threshold;
        v.verdict = within ? Verdict::Safe : Verdict::Audit;
        v.reason = within ? "shift " + num(v.shift) + " within " + term + " (|shift| <= " + num(rep.threshold) + other + "): safe"
                          : "shift " + num(v.shift) + " beyond " + term + " (|shift| > " + num(rep.threshold) + other +
                                "): audit the sensitive operations";
        v.reason += excluded;
    }
    return rep;
}

ConvergenceReport runConvergenceCheck(const Scenario& scenario, const ConvergenceSettings& settings,
                                      const std::function<void(int, int)>& progress, const std::atomic<bool>& cancel) {
    if (settings.seeds < 1 || settings.seeds > 1000)
        throw Error("seeds = " + std::to_string(settings.seeds) + ": must be 1..1000");
    if (scenario.workload != Workload::Training) throw Error("the convergence check needs the training workload");
    validate(scenario);
    if (static_cast<std::int64_t>(settings.seeds) * std::max(1, scenario.steps) > std::numeric_limits<int>::max())
        throw Error("seeds x steps = " + std::to_string(settings.seeds) + " x " + std::to_string(scenario.steps) +
                    ": at most 2147483647 steps in one check");
    // Identical data for every seed: pin the data stream to the scenario's own (default seed + 1).
    Scenario base = scenario;
    base.data.seed = scenario.data.seed.value_or(scenario.seed + 1);
    // The verdicts need only the losses: no shadow statistics, histograms or ranges (they change no
    // weight, only the time taken).
    base.statistics = false;
    base.histogramInterval = 0;
    base.rangeInterval = 0;
    base.pace = 0;
    const int K = settings.seeds;
    const int L = static_cast<int>(base.lanes.size());
    int threads = settings.threads > 0 ? settings.threads : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, K);

    std::vector<SeedResult> runs(static_cast<std::size_t>(K * L));
    std::atomic<int> next{0}, done{0};
    std::atomic<bool> stop{false};
    std::mutex errorMutex;
    std::exception_ptr error;
    // Progress counts steps (each step runs every lane) over all seeds.
    const int total = K * std::max(1, base.steps);
    // At most about a thousand progress calls per check (a window queues each one): every 0.1%, and
    // never more often than every 25 steps.
    const int stride = std::max(25, total / 1000);
    // The data once for every seed and thread (its stream is pinned above, so each seed's would be equal): a
    // .npy file is read once, not K times, and held once, not once per thread.
    const auto data = std::make_shared<const DataPair>(makeData(base.data, base.sizes, base.loss, base.seed));
    auto worker = [&] {
        try {
            for (int k; (k = next.fetch_add(1)) < K && !stop.load();) {
                Scenario s = base;
                s.seed = settings.firstSeed + static_cast<std::uint64_t>(k);
                Runner runner(s, data);
                std::vector<bool> finite(static_cast<std::size_t>(L), true);
                while (!runner.finished()) {
                    if (cancel.load(std::memory_order_relaxed) || stop.load()) throw Cancelled();
                    for (const StepRecord& r : runner.step())
                        if (!r.finite) finite[static_cast<std::size_t>(r.lane)] = false;
                    const int d = done.fetch_add(1) + 1;
                    if (progress && d % stride == 0) progress(d, total);
                }
                for (int i = 0; i < L; ++i) {
                    const LaneFinal f = runner.evaluate(i);
                    SeedResult& r = runs[static_cast<std::size_t>(i * K + k)];
                    r.lane = i;
                    r.seed = s.seed;
                    r.evalLoss = f.evalLoss;
                    r.evalAccuracy = f.evalAccuracy;
                    r.evalLossStdError = f.evalLossStdError;
                    r.finite = finite[static_cast<std::size_t>(i)] && std::isfinite(f.evalLoss);
                }
                if (progress) progress(done.load(), total);
            }
        } catch (...) {
            stop.store(true);
            std::lock_guard<std::mutex> lock(errorMutex);
            if (!error) error = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back([&worker] {
#ifdef __linux__
            // Named for what they are (a new thread inherits its creator's name, the window's engine worker's).
            pthread_setname_np(pthread_self(), "presisi-seeds");
#endif
            worker();
        });
    worker();
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
    if (cancel.load()) throw Cancelled();
    return judgeConvergence(base, std::move(runs));
}

}  // namespace presisi
