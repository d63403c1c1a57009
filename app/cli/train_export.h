// The one writer of a training run's records: the JSON contract of `presisi train --json` and its
// CSV columns. The CLI and the window's exports both call it, so a file never depends on where it
// was saved from.
#pragma once

#include <ostream>
#include <vector>

#include "../../engine/training/record.h"
#include "../../engine/training/scenario.h"

namespace presisi::cli {

// records: any order and any lanes (each record names its lane); written lane by lane in step order
// as given. finals: by lane index; a lane without one (a run stopped before evaluation) gets null.
void writeTrainingJson(std::ostream& os, const Scenario& scenario, const std::vector<StepRecord>& records,
                       const std::vector<LaneFinal>& finals);
void writeTrainingCsv(std::ostream& os, const Scenario& scenario, const std::vector<StepRecord>& records);

}  // namespace presisi::cli
