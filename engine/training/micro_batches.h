// Gradient accumulation's micro-batches within one step: the first K - 1 run forward and backward in every
// lane (each lane sums its gradients); the runner then takes the last one through the whole step and asks
// here for the step's loss, accuracy and time. No Qt here.
#pragma once

#include <memory>
#include <vector>

namespace presisi {

class BatchSampler;
class LaneBackend;
struct ForwardResult;

class MicroBatches {
public:
    // Runs micro-batches 0..K-2 of a step (K = micro) from `sampler` through every lane, lane i's backward
    // from scales[i] (the loss scale / K: scale · loss / K, as scaler.scale(loss / K).backward()).
    void runEarly(BatchSampler& sampler, const std::vector<std::unique_ptr<LaneBackend>>& lanes,
                  const std::vector<float>& scales, int micro);
    // Lane i's step from its last micro-batch's result: the loss is the sum of the K values loss / K (torch:
    // the sum of (loss / K).item()), the accuracy their mean; unchanged for K = 1.
    ForwardResult stepResult(std::size_t i, ForwardResult last) const;
    double seconds(std::size_t i) const { return i < m_seconds.size() ? m_seconds[i] : 0.0; }

private:
    int m_micro = 1;
    std::vector<double> m_loss, m_accuracy, m_seconds;  // per lane, micro-batches 0..K-2
};

}  // namespace presisi
