// The transformer trained in several lanes side by side (same data, same initial weights), each lane a
// GptTrainer in its format, with a held-out evaluation: what `presisi train --model gpt` runs. No Qt here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../../lane.h"
#include "gpt_trainer.h"

namespace presisi {

struct GptEvaluation {
    float loss = 0;          // the mean loss over the held-out targeted positions
    double accuracy = 0;     // the share of held-out sequences whose every target is predicted (arg-max)
};

class GptRun {
public:
    // `lanes`: cpu:f32, cpu:bf16, cpu:f16, each with +scaler or not (checkLanes says why another is refused).
    // `settings.low` and `settings.scaler` are each lane's own; the rest is shared.
    GptRun(const GptConfig& config, const GptTrainSettings& settings, const std::vector<Lane>& lanes,
           TokenData train, TokenData eval);
    GptRun(const GptRun&) = delete;  // the trainers hold the data by reference
    GptRun& operator=(const GptRun&) = delete;

    int lanes() const { return static_cast<int>(m_lanes.size()); }
    const Lane& lane(int i) const { return m_lanes[static_cast<std::size_t>(i)]; }
    GptStep step(int lane) { return m_trainers[static_cast<std::size_t>(lane)]->step(); }
    // The lane's master weights on the held-out sequences, through the lane's own forward (its autocast).
    GptEvaluation evaluate(int lane);
    const TokenData& evalData() const { return m_eval; }
    // The decayed matrices' names, in GptStep::updateRatio's order.
    const std::vector<std::string>& decayedNames() const { return m_decayed; }

private:
    std::vector<Lane> m_lanes;
    TokenData m_train, m_eval;
    std::vector<std::unique_ptr<GptTrainer>> m_trainers;
    std::vector<std::unique_ptr<ops::Gpt>> m_evaluators;  // per lane, for a chunk of the held-out set
    std::vector<std::string> m_decayed;
};

// About how many bytes the run holds (an upper estimate): per lane the parameters four times over (masters,
// gradients, AdamW's two moments) and the ops' copies of their gradients, and the training and evaluation
// passes' buffers (some 40·D floats and two T-long rows of probabilities per token, layer and head; the
// evaluation takes the held-out set 64 sequences at a time).
std::uint64_t gptMemoryEstimate(const GptConfig& config, std::int64_t batch, std::int64_t tokens, std::int64_t evalRows,
                                std::size_t lanes);

// Throws presisi::Error (one line) for a lane the transformer does not take: a gpu: lane (no transformer
// CUDA code has run on a device), a format of 8 bits and below, or an option other than +scaler.
void checkGptLanes(const std::vector<Lane>& lanes);
// Throws presisi::Error for a shape the model cannot take: D not divisible by H, a sequence longer than the
// block, a token id at or above V, a target below −1 or at or above V, mismatched ids and targets.
void checkGptShapes(const GptConfig& config, const TokenData& data, const std::string& what);

}  // namespace presisi
