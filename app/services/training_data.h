// A scenario's own data (.npy files) read as `presisi train` reads it: the model made to fit the files
// (the window's Load data), and the checks `presisi train` makes before it trains, with its messages.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/training/memory_estimate.h"
#include "engine/training/npy.h"
#include "engine/training/scenario.h"

namespace presisi::services {

// The model's input and output widths and its loss made to fit the scenario's .npy data, read from
// the files' headers (and the labels, for integer targets): X (N, in) sets the input width; integer
// labels (N,) set cross_entropy and as many outputs as the largest label + 1; float targets (N, out)
// set mse and `out`. What does not fit is left for checkTrainingData to name. For the window's Load data.
Scenario fitModelToData(Scenario scenario);
// What `presisi train` checks of a scenario's data before it trains, with the same messages: the
// scenario (validate), then the .npy files read and checked against the model as the runner reads them,
// then the batch against the training set. Throws presisi::Error.
// `progress` is told as each file's data is read, and may stop the check (Cancelled).
void checkTrainingData(const Scenario& scenario, const NpyProgress& progress = {});
// The memory a training run holds (estimateTrainingMemory), its rows from the .npy headers before any data is
// read, against `available` (MemAvailable; nothing: not checked). The command line's `train` and the window's
// Load data and Run refuse alike. Throws presisi::Error: "the run needs about 15.6 GiB (…) but 7.2 GiB is
// available (MemAvailable in /proc/meminfo)" and `advice` ("; use a smaller --batch …").
void checkTrainingMemory(const Scenario& scenario, const std::string& advice,
                         std::optional<std::uint64_t> available = availableMemory());
// The advice after the window's refusal (the command line's names its options).
inline constexpr const char* kWindowMemoryAdvice = "; use a smaller batch or model, or fewer lanes";

}  // namespace presisi::services
