// Training data: the built-in Playground-style sets and .npy files. No Qt here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../tensor.h"
#include "npy.h"
#include "scenario.h"

namespace presisi {

struct Dataset {
    Matrix x;                 // (n, in)
    std::vector<int> labels;  // (n) classification: class index 0..classes-1; empty for regression
    Matrix targets;           // (n, out) regression; empty for classification
    int classes = 0;          // classification: number of classes; 0 for regression
    bool classification() const { return !labels.empty(); }
    Index size() const { return x.rows(); }
    Index inputs() const { return x.cols(); }
};

struct DataPair {
    Dataset train;
    Dataset eval;
};

// Built-in sets draw from TorchGenerator(spec.seed or scenarioSeed + 1), training set first, then the
// evaluation set. `sizes` are the model's widths (Teacher uses them; Npy checks them).
// Throws presisi::Error naming the file and the problem for bad .npy data.
// `progress` is told as each .npy file's data is read (and may stop it: Cancelled).
DataPair makeData(const DataSpec& spec, const std::vector<int>& sizes, LossKind loss, std::uint64_t scenarioSeed,
                  const NpyProgress& progress = {});

}  // namespace presisi
