// The NaN doctor's replays of a CPU lane: each step's weights, batch and scale, for the last few steps, so
// that on the first fault the lead-up's ranges can be recomputed. A copy per step (weights and inputs: a
// few per cent of the step's reads, no allocation after the first round) instead of a scan of every
// activation and gradient in the step loop. No Qt here.
#pragma once

#include <algorithm>
#include <array>
#include <vector>

#include "batch.h"

namespace presisi {

class StepReplays {
public:
    static constexpr std::size_t kKept = 5;
    struct Step {
        std::vector<Matrix> W;
        std::vector<Vector> b, normW, normB;
        Matrix x, targets;
        std::vector<int> labels;
        bool hasTargets = false;
        float scale = 1;
        Batch batch() const {
            Batch r;
            r.x = &x;
            if (hasTargets) r.targets = &targets;
            else r.labels = labels;
            return r;
        }
    };

    void remember(const Batch& batch, float scale, const std::vector<Matrix>& W, const std::vector<Vector>& b,
                  const std::vector<Vector>& normW, const std::vector<Vector>& normB) {
        Step& r = m_steps[m_count++ % kKept];
        r.W = W;  // same sizes after the first round: element-wise copies, no allocation
        r.b = b;
        r.normW = normW;
        r.normB = normB;
        r.x = *batch.x;
        r.hasTargets = batch.targets != nullptr;
        if (r.hasTargets) r.targets = *batch.targets;
        else r.labels.assign(batch.labels.begin(), batch.labels.end());
        r.scale = scale;
    }
    void clear() { m_count = 0; }
    // The steps kept, oldest first, but the newest `skipLast`.
    template <typename F>
    void forEach(int skipLast, F&& f) const {
        const std::size_t n = std::min(m_count, kKept);
        const std::size_t skip = std::min(n, static_cast<std::size_t>(std::max(0, skipLast)));
        for (std::size_t k = m_count - n; k < m_count - skip; ++k) f(m_steps[k % kKept]);
    }

private:
    std::array<Step, kKept> m_steps;
    std::size_t m_count = 0;  // steps remembered so far (the ring holds the last min(m_count, kKept))
};

}  // namespace presisi
