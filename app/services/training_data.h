// A scenario's own data (.npy files) read as `presisi train` reads it: the model made to fit the files
// (the window's Load data), and the checks `presisi train` makes before it trains, with its messages.
#pragma once

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
void checkTrainingData(const Scenario& scenario);

}  // namespace presisi::services
