// The one writer of a training run's records: the JSON contract of `presisi train --json` and its
// CSV columns. The CLI and the window's exports both call it, so a file never depends on where it
// was saved from.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <ostream>
#include <vector>

#include "../../engine/training/moments.h"
#include "../../engine/training/record.h"
#include "../../engine/training/scenario.h"

namespace presisi::services {

// The run's diagnostics, written per lane as "first_nonfinite" (null when none) and "ranges".
struct TrainingDiagnostics {
    std::vector<FirstNonFinite> faults;  // any lanes, at most one each (RunEventKind::NonFinite)
    std::vector<RangeSnapshot> ranges;   // any lanes, in step order within a lane (RunEventKind::Range)
};

// records: any order and any lanes (each record names its lane); written lane by lane in step order
// as given. A preset with key moments (engine/training/moments.h) gets a "moments" array after "lanes":
// each moment's kind, lane, step, the two numbers it quotes and its sentence. finals: by lane index; a lane without one (a run stopped before evaluation) gets null.
// Without diagnostics every lane's "first_nonfinite" is null and its "ranges" empty.
void writeTrainingJson(std::ostream& os, const Scenario& scenario, const std::vector<StepRecord>& records,
                       const std::vector<LaneFinal>& finals);
void writeTrainingJson(std::ostream& os, const Scenario& scenario, const std::vector<StepRecord>& records,
                       const std::vector<LaneFinal>& finals, const TrainingDiagnostics& diagnostics);
void writeTrainingCsv(std::ostream& os, const Scenario& scenario, const std::vector<StepRecord>& records);

// The same two documents for a run too long to hold its records in memory: add() writes each
// record's JSON and CSV text to a per-lane spool (an unnamed temporary file) as it comes, and the
// write functions copy the spools into the output in the contract's order (lane by lane, step by
// step), so the bytes equal writeTrainingJson/writeTrainingCsv of the same records. Memory: a few
// buffers per lane, whatever the number of steps. Throws std::runtime_error when a spool cannot be
// created or written (a full temporary directory).
class TrainingSpool {
public:
    TrainingSpool(const Scenario& scenario, bool json, bool csv);
    ~TrainingSpool();
    TrainingSpool(const TrainingSpool&) = delete;
    TrainingSpool& operator=(const TrainingSpool&) = delete;

    void add(const StepRecord& record);
    void addRange(const RangeSnapshot& snapshot);  // spooled like the records
    // A lane's casts of one step (RunEventKind::Casts, which comes before the step's record): written into
    // that record as "casts".
    void addCasts(const CastSnapshot& snapshot);
    void setFault(const FirstNonFinite& fault);     // the lane's first non-finite (kept in memory)
    void writeJson(std::ostream& os, const std::vector<LaneFinal>& finals);
    void writeCsv(std::ostream& os);
    // The key moments of the records added so far (the same as writeTrainingJson finds).
    const std::vector<Moment>& moments() const { return m_detector.moments(); }

private:
    struct Lane;
    const Scenario& m_scenario;
    bool m_castColumns;  // a lane of 8 bits and below: the CSV's cast columns
    std::vector<std::unique_ptr<Lane>> m_lanes;
    MomentDetector m_detector;
};

}  // namespace presisi::services
