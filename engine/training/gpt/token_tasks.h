// The transformer's tasks as token sequences (minGPT's): `sort` (L digits below V, then their sorted copy;
// targets on the sorted half) and `add:N` (two N-digit numbers, then their sum's N + 1 digits reversed;
// targets on the sum). Each problem is either training or held-out, decided by a hash of the problem and
// the data seed, so the evaluation sequences are never trained on. No Qt here.
#pragma once

#include <cstdint>
#include <string>

#include "gpt_trainer.h"

namespace presisi {

struct TokenTask {
    enum class Kind { Sort, Add };
    Kind kind = Kind::Sort;
    int digits = 6;   // sort: digits per sequence; add: digits per operand (N)
    int vocab = 3;    // sort: digits below this; add: 10

    // Tokens per input sequence (the block a model needs): sort 2L − 1, add 3N.
    int tokens() const { return kind == Kind::Sort ? 2 * digits - 1 : 3 * digits; }
    // How many distinct problems there are: sort V^L, add 10^(2N).
    std::uint64_t problems() const;
    std::string name() const;  // "sort", "add:2"
};

// "sort" or "add" / "add:N" (N from 1 to 9); sort takes its vocabulary (2 to 10) separately. Throws
// presisi::Error naming the text.
TokenTask parseTokenTask(const std::string& text, int sortVocab);

// `count` sequences of the task's training problems (`heldOut` false) or held-out problems (true), drawn with
// replacement from the data seed's stream: ids (count, T) and targets (−1 where there is none).
TokenData makeTokenData(const TokenTask& task, std::int64_t count, std::uint64_t dataSeed, bool heldOut);

// Whether problem p (sort: its digits as a base-V number; add: a·10^N + b) is held out: one in five.
bool isHeldOut(std::uint64_t problem, std::uint64_t dataSeed);

}  // namespace presisi
