// The Speed lab's batch-size sweep: training samples per second against batch size for each lane on
// the scenario's model, up to each lane's memory limit, with the knee marked. No Qt here.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "../training/scenario.h"

namespace presisi {

struct SweepPoint {
    int lane;                 // index into scenario.lanes
    std::int64_t batch;
    double samplesPerSecond;  // batch / the median over rounds of a round's mean seconds per training step
                              // (forward, backward, optimizer)
    double bytes;             // laneMemory(scenario, batch)[lane].total()
    double spread = 0;        // (slowest − fastest round) / median round, per step: how sure the point is
    int rounds = 0;           // timed rounds
    std::int64_t steps = 0;   // timed steps over all rounds
    double seconds = 0;       // timed seconds over all rounds
};

// How a point is timed. A step at batch 1 takes microseconds, so a point is not a fixed number of steps:
// each round runs steps until it has lasted minSecondsPerRound (and at least stepsPerPoint steps), on a
// fresh backend after one warm-up step; a point is `repeats` rounds, the lanes' rounds interleaved at each
// batch (round 1 of every lane, then round 2, …) so that drift on a shared machine hits every lane alike.
struct SweepSettings {
    std::vector<std::int64_t> batches;  // empty: powers of two 1, 2, 4, … up to min(limit, maxBatch)
    double budgetBytes = 0;             // 0: the machine's available memory (defaultBudget per lane)
    int stepsPerPoint = 1;              // at least this many timed steps in each round
    int repeats = 5;                    // rounds per point
    double minSecondsPerRound = 0.02;   // a round lasts at least this long
    std::int64_t maxBatch = 16384;      // the default list's cap (a huge budget would sweep for hours)
    double maxSecondsPerPoint = 2.0;    // a point's rounds stop after this long (at least 3 rounds); 0: never
    double maxSecondsPerStep = 1.0;     // a lane whose median step takes longer runs no larger batch; 0: no limit
};

// The knee: per lane, the smallest batch whose samples/s reaches kKneeFraction of the lane's best.
inline constexpr double kKneeFraction = 0.9;

struct SweepReport {
    std::vector<SweepPoint> points;         // lane-major: lane 0's batches ascending, then lane 1's …
    std::vector<std::int64_t> kneeBatch;    // per lane: 0 when the lane has no point
    std::vector<std::int64_t> limitBatch;   // per lane: largestBatch at the budget (0: batch 1 does not fit)
    std::vector<double> budgetBytes;        // per lane: the budget used
    std::string note;                       // what was measured, the knee's rule, caps that applied
};

// Each (lane, batch) point runs the lane alone on a fresh backend with the scenario's initial weights,
// statistics off. A batch above the lane's limit is not run; when the list goes past the limit the
// limit itself is the lane's last point. A CPU lane also stops before a batch its emulation could not
// allocate in the host's available memory, and after a point whose median step exceeds
// maxSecondsPerStep (the note says which). progress(done, total) counts points, skipped ones too;
// `cancel` is checked between steps and throws presisi::Cancelled. Throws presisi::Error for an invalid scenario.
SweepReport runBatchSweep(const Scenario& scenario, const SweepSettings& settings,
                          const std::function<void(int, int)>& progress, const std::atomic<bool>& cancel);

}  // namespace presisi
