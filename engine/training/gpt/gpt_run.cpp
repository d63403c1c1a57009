// GptRun: the transformer in several lanes with a held-out evaluation (gpt_run.h).
#include "gpt_run.h"

#include "../../error.h"

namespace presisi {

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
    : m_config(config), m_lanes(lanes), m_train(std::move(train)), m_eval(std::move(eval)) {
    checkGptLanes(lanes);
    // The ops are sized for sequences of the data's length: the model's block stays what its position
    // embedding holds.
    GptConfig model = config;
    checkGptShapes(model, m_train, "training data");
    checkGptShapes(model, m_eval, "evaluation data");
    for (const Lane& l : lanes) {
        GptTrainSettings s = settings;
        s.low = l.format;
        s.scaler = l.scaler;
        m_trainers.push_back(std::make_unique<GptTrainer>(model, s, m_train));
        if (m_decayed.empty()) m_decayed = m_trainers.back()->decayedNames();
        if (m_eval.rows > 0)
            m_evaluators.push_back(std::make_unique<ops::Gpt>(model, l.format, s.policy, m_eval.rows, m_eval.tokens));
    }
}

GptEvaluation GptRun::evaluate(int lane) {
    GptEvaluation e;
    if (m_eval.rows == 0) return e;
    ops::Gpt& g = *m_evaluators[static_cast<std::size_t>(lane)];
    e.loss = g.evaluate(m_eval.ids, m_eval.targets, m_trainers[static_cast<std::size_t>(lane)]->params());
    e.accuracy = static_cast<double>(g.loss().sequencesRight(m_eval.tokens)) / static_cast<double>(m_eval.rows);
    return e;
}

}  // namespace presisi
