// Gradient accumulation's earlier micro-batches (micro_batches.h). No Qt here.
#include "micro_batches.h"

#include "../timing.h"
#include "batch_sampler.h"
#include "lane_backend.h"

namespace presisi {

void MicroBatches::runEarly(BatchSampler& sampler, const std::vector<std::unique_ptr<LaneBackend>>& lanes,
                            const std::vector<float>& scales, int micro) {
    m_micro = micro;
    m_loss.assign(lanes.size(), 0.0);
    m_accuracy.assign(lanes.size(), 0.0);
    m_seconds.assign(lanes.size(), 0.0);
    for (int m = 0; m + 1 < micro; ++m) {
        sampler.next();
        const Batch batch = sampler.batch();
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            const auto t0 = SteadyClock::now();
            const ForwardResult f = lanes[i]->forwardBackward(batch, scales[i]);
            m_seconds[i] += secondsBetween(t0, SteadyClock::now());
            m_loss[i] += static_cast<float>(f.loss / static_cast<float>(micro));
            m_accuracy[i] += f.accuracy;
        }
    }
}

ForwardResult MicroBatches::stepResult(std::size_t i, ForwardResult last) const {
    if (m_micro <= 1) return last;
    last.loss = static_cast<float>(m_loss[i] + static_cast<float>(last.loss / static_cast<float>(m_micro)));
    if (last.accuracy != kNotMeasured) last.accuracy = (m_accuracy[i] + last.accuracy) / m_micro;
    return last;
}

}  // namespace presisi
