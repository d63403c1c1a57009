// BatchSampler: the minibatches every lane of a run trains on — the training set's rows in epoch order,
// `batch` at a time, the order shuffled at every epoch by a stream of its own (so shuffling never moves
// the model's or the data's draws), the same batch for every lane of a step.
#pragma once

#include <cstdint>
#include <vector>

#include "../tensor.h"
#include "dataset.h"

namespace presisi {

struct Batch;  // lane_backend.h

class BatchSampler {
public:
    // `train` must outlive the sampler; `batch` rows per batch (at most the set's size).
    BatchSampler(const Dataset& train, Index batch, bool shuffle, std::uint64_t seed);

    void reset();  // the first epoch's order again, as a fresh sampler has it
    void next();   // the batch holds the next `rows()` rows of the order (a full batch in order: once)
    // The batch, as the lanes read it (valid until the next next()).
    Batch batch() const;
    Index rows() const { return m_x.rows(); }

private:
    void shuffleOrder();

    const Dataset& m_train;
    bool m_shuffle;
    std::uint64_t m_seed;
    Matrix m_x;                  // (B, in) float32
    std::vector<int> m_labels;   // (B) classification
    Matrix m_targets;            // (B, out) regression
    std::vector<Index> m_order;  // the set's rows in the current epoch's order
    Index m_cursor = 0;
    std::uint64_t m_shuffleState = 0;
    bool m_filled = false;
};

}  // namespace presisi
