// The honest convergence check: every lane of a scenario trained from K model seeds on identical data,
// final metrics evaluated in float32, and a verdict per lane against the float32 lane's seed spread. No Qt here.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "record.h"
#include "scenario.h"

namespace presisi {

struct ConvergenceSettings {
    int seeds = 5;               // model seeds per lane
    std::uint64_t firstSeed = 0;  // seeds firstSeed, firstSeed + 1, ...
    int threads = 0;              // 0: all cores
};

// One lane's run from one model seed: its final evaluation (float32, no gradients).
struct SeedResult {
    int lane = 0;
    std::uint64_t seed = 0;
    double evalLoss = kNotMeasured, evalAccuracy = kNotMeasured;
    double evalLossStdError = kNotMeasured;  // the evaluation loss's sampling noise (LaneFinal::evalLossStdError)
    bool finite = true;  // every step's loss and the final evaluation loss finite
    // The float32 reference's run from this seed is far from the other seeds' (a run that did not learn,
    // e.g. a dead ReLU net): this seed is left out of every lane's mean and spread, and shown.
    bool outlier = false;
};

enum class Verdict { Reference, Safe, Audit };

// Which of the two terms of the rule set the threshold: the float32 lane's seed-to-seed spread, or
// (when every seed lands on the same minimum) the float32 evaluation's own noise.
enum class ThresholdSource { SeedSpread, EvaluationNoise };
std::string_view thresholdSourceName(ThresholdSource s);  // "seed_spread", "evaluation_noise"
std::string_view verdictName(Verdict v);  // "reference", "safe", "audit"

struct LaneVerdict {
    int lane = 0;
    std::string label;
    double mean = kNotMeasured, spread = kNotMeasured;  // evaluation loss: mean and sample standard deviation over seeds
    double meanAccuracy = kNotMeasured, spreadAccuracy = kNotMeasured;  // classification only
    double shift = kNotMeasured;  // mean - the reference lane's mean (evaluation loss)
    Verdict verdict = Verdict::Audit;
    std::string reason;  // one sentence with the numbers
};

struct ConvergenceReport {
    std::string rule;                // the rule, in words
    std::vector<SeedResult> runs;    // lane-major: every seed of lane 0, then lane 1, ...
    std::vector<LaneVerdict> lanes;  // one per scenario lane
    int referenceLane = -1;          // the float32 lane judged against (-1: none; every verdict then audit)
    double threshold = kNotMeasured;  // the largest |shift| judged safe
    ThresholdSource thresholdFrom = ThresholdSource::SeedSpread;  // the term that set it
    std::vector<std::uint64_t> excludedSeeds;  // seeds whose float32 run is an outlier (SeedResult::outlier)
    double lossLowerBound = 0;  // no loss goes below it (cross-entropy and MSE: 0): bands stop there
    double referenceSpread = kNotMeasured;  // the float32 lane's seed-to-seed standard deviation
    double evaluationNoise = kNotMeasured;  // the float32 lane's mean evaluation standard error
};

// Runs settings.seeds model seeds of every lane of `scenario` on identical data (the data seed pinned to the
// scenario's), seeds in parallel threads; final metrics in float32 without gradients (Runner::evaluate).
// progress(done, total) from worker threads, in steps (each step trains every lane) over all seeds; throws presisi::Cancelled when cancel becomes true.
// Throws presisi::Error for an invalid scenario or settings (one line).
ConvergenceReport runConvergenceCheck(const Scenario& scenario, const ConvergenceSettings& settings,
                                      const std::function<void(int, int)>& progress, const std::atomic<bool>& cancel);

// The verdicts from per-seed results (what runConvergenceCheck does after the runs; exposed for tests).
ConvergenceReport judgeConvergence(const Scenario& scenario, std::vector<SeedResult> runs);

}  // namespace presisi
