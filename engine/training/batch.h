// One minibatch as every lane's forward pass takes it, and what the pass returns. No Qt here.
#pragma once

#include <span>

#include "../tensor.h"
#include "record.h"

namespace presisi {

// One minibatch, shared by every lane. Exactly one of labels / targets is set.
struct Batch {
    const Matrix* x = nullptr;        // (B, in) float32
    std::span<const int> labels;      // (B) classification
    const Matrix* targets = nullptr;  // (B, out) regression
    Index size() const { return x ? x->rows() : 0; }
};

struct ForwardResult {
    float loss = 0;        // unscaled loss of the forward pass, as float32
    double accuracy = kNotMeasured;
};

}  // namespace presisi
