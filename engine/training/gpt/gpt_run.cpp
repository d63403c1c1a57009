// GptRun: the transformer in several lanes with a held-out evaluation (gpt_run.h).
#include "gpt_run.h"

#include <algorithm>

#include "../../error.h"

namespace presisi {

namespace {

// Sequences per evaluation pass: the held-out set in pieces, so its buffers stay small.
Index evalChunk(Index rows) { return std::min<Index>(rows, 64); }

}  // namespace

std::uint64_t gptMemoryEstimate(const GptConfig& c, std::int64_t batch, std::int64_t tokens, std::int64_t evalRows,
                                std::size_t lanes) {
    const auto D = static_cast<std::uint64_t>(c.embd), V = static_cast<std::uint64_t>(c.vocab);
    const auto L = static_cast<std::uint64_t>(c.layers), H = static_cast<std::uint64_t>(c.heads);
    const auto T = static_cast<std::uint64_t>(tokens);
    const std::uint64_t params = 2 * V * D + static_cast<std::uint64_t>(c.block) * D + L * (12 * D * D + 16 * D);
    const std::uint64_t perToken = L * (40 * D + 2 * H * T) + 8 * D + 4 * V;
    const std::uint64_t rows =
        static_cast<std::uint64_t>(batch) * T + static_cast<std::uint64_t>(evalChunk(evalRows)) * T;
    return static_cast<std::uint64_t>(lanes) * 4 * (6 * params + rows * perToken);
}

void checkGptLanes(const std::vector<Lane>& lanes) {
    for (const Lane& l : lanes) {
        if (l.device == Device::Gpu)
            throw Error("lane " + l.label() + ": the transformer runs on the CPU only (its CUDA code has not run on a GPU yet)");
        Lane plain;
        plain.format = l.format;
        plain.scaler = l.scaler;
        if (!(l == plain))
            throw Error("lane " + l.label() + ": the transformer takes cpu:f32, cpu:bf16 and cpu:f16, each with +scaler or not");
    }
}

void checkGptShapes(const GptConfig& c, const TokenData& d, const std::string& what) {
    if (c.heads < 1 || c.embd % c.heads != 0)
        throw Error("--embd " + std::to_string(c.embd) + " is not divisible by --heads " + std::to_string(c.heads));
    if (d.tokens > c.block)
        throw Error(what + ": sequences of " + std::to_string(d.tokens) + " tokens are longer than --block " +
                    std::to_string(c.block));
    if (d.ids.size() != d.targets.size() || d.ids.size() != static_cast<std::size_t>(d.rows * d.tokens))
        throw Error(what + ": the token ids and targets differ in shape");
    for (std::size_t i = 0; i < d.ids.size(); ++i) {
        if (d.ids[i] < 0 || d.ids[i] >= c.vocab)
            throw Error(what + ": token id " + std::to_string(d.ids[i]) + " at element " + std::to_string(i) +
                        " is outside the vocabulary 0-" + std::to_string(c.vocab - 1));
        if (d.targets[i] < -1 || d.targets[i] >= c.vocab)
            throw Error(what + ": target " + std::to_string(d.targets[i]) + " at element " + std::to_string(i) +
                        " is neither -1 nor a token id below " + std::to_string(c.vocab));
    }
}

GptRun::GptRun(const GptConfig& config, const GptTrainSettings& settings, const std::vector<Lane>& lanes,
               TokenData train, TokenData eval)
    : m_lanes(lanes), m_train(std::move(train)), m_eval(std::move(eval)) {
    checkGptLanes(lanes);
    checkGptShapes(config, m_train, "training data");
    checkGptShapes(config, m_eval, "evaluation data");
    for (const Lane& l : lanes) {
        GptTrainSettings s = settings;
        s.low = l.format;
        s.scaler = l.scaler;
        m_trainers.push_back(std::make_unique<GptTrainer>(config, s, m_train));
        if (m_decayed.empty()) m_decayed = m_trainers.back()->decayedNames();
        if (m_eval.rows > 0)
            m_evaluators.push_back(
                std::make_unique<ops::Gpt>(config, l.format, s.policy, evalChunk(m_eval.rows), m_eval.tokens));
    }
}

// The held-out set in chunks of evalChunk() sequences, the last one padded with sequences without targets
// (they add nothing to the loss, and are taken off the count of sequences right); the loss is the mean over
// every targeted position.
GptEvaluation GptRun::evaluate(int lane) {
    GptEvaluation e;
    if (m_eval.rows == 0) return e;
    ops::Gpt& g = *m_evaluators[static_cast<std::size_t>(lane)];
    const GptParams& p = m_trainers[static_cast<std::size_t>(lane)]->params();
    const Index chunk = evalChunk(m_eval.rows), T = m_eval.tokens;
    std::vector<std::int32_t> ids(static_cast<std::size_t>(chunk * T)), targets(ids.size());
    double lossSum = 0;
    std::int64_t targeted = 0, right = 0;
    for (Index start = 0; start < m_eval.rows; start += chunk) {
        const Index n = std::min(chunk, m_eval.rows - start);
        std::copy_n(m_eval.ids.begin() + start * T, n * T, ids.begin());
        std::copy_n(m_eval.targets.begin() + start * T, n * T, targets.begin());
        std::fill(ids.begin() + n * T, ids.end(), 0);
        std::fill(targets.begin() + n * T, targets.end(), -1);
        const float loss = g.evaluate(ids, targets, p);
        if (g.loss().targeted() > 0) lossSum += static_cast<double>(loss) * static_cast<double>(g.loss().targeted());
        targeted += g.loss().targeted();
        right += g.loss().sequencesRight(T) - (chunk - n);
    }
    e.loss = targeted > 0 ? static_cast<float>(lossSum / static_cast<double>(targeted)) : 0.0f;
    e.accuracy = static_cast<double>(right) / static_cast<double>(m_eval.rows);
    return e;
}

}  // namespace presisi
