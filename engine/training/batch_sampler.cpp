// BatchSampler: epoch orders, shuffled by splitmix64 with Fisher-Yates, cut into batches.
#include "batch_sampler.h"

#include "lane_backend.h"

#include <cstdint>
#include <utility>

namespace presisi {

namespace {

// splitmix64: the shuffle stream.
std::uint64_t splitmix(std::uint64_t& s) {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace

BatchSampler::BatchSampler(const Dataset& train, Index batch, bool shuffle, std::uint64_t seed)
    : m_train(train), m_shuffle(shuffle), m_seed(seed) {
    m_x.resize(batch, train.inputs());
    if (train.classification()) m_labels.resize(static_cast<std::size_t>(batch));
    else m_targets.resize(batch, train.targets.cols());
    reset();
}

void BatchSampler::reset() {
    m_cursor = 0;
    m_filled = false;
    m_shuffleState = m_seed ^ 0x53485546464C45ull;  // "SHUFFLE"
    const Index n = m_train.size();
    m_order.resize(static_cast<std::size_t>(n));
    for (Index i = 0; i < n; ++i) m_order[static_cast<std::size_t>(i)] = i;
    if (m_shuffle) shuffleOrder();
}

void BatchSampler::shuffleOrder() {
    // Fisher-Yates with a bounded draw by rejection, so every platform gives the same order.
    for (std::size_t i = m_order.size(); i > 1; --i) {
        const std::uint64_t bound = i;
        const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
        std::uint64_t r;
        do r = splitmix(m_shuffleState);
        while (r >= limit);
        std::swap(m_order[i - 1], m_order[static_cast<std::size_t>(r % bound)]);
    }
}

void BatchSampler::next() {
    const Index n = m_train.size();
    const Index b = m_x.rows();
    if (b == n && !m_shuffle && m_filled) return;  // the full batch in the set's order: the same every step
    for (Index i = 0; i < b; ++i) {
        const Index r = m_order[static_cast<std::size_t>(m_cursor)];
        m_x.row(i) = m_train.x.row(r);
        if (m_train.classification()) m_labels[static_cast<std::size_t>(i)] = m_train.labels[static_cast<std::size_t>(r)];
        else m_targets.row(i) = m_train.targets.row(r);
        if (++m_cursor == n) {
            m_cursor = 0;
            if (m_shuffle) shuffleOrder();
        }
    }
    m_filled = true;
}

Batch BatchSampler::batch() const {
    Batch b;
    b.x = &m_x;
    if (m_train.classification()) b.labels = m_labels;
    else b.targets = &m_targets;
    return b;
}

}  // namespace presisi
