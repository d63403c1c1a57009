// The transformer's input: token and position embeddings summed, x = tok[id] + pos[t], as a training op
// of the CPU lane. nn.Embedding is on no autocast list: x is float32 in every lane. No Qt here.
#pragma once

#include <cstdint>
#include <span>

#include "op_context.h"

namespace presisi::ops {

class EmbeddingOp {
public:
    // Batches of `batch` sequences of `tokens` tokens, `embd` features.
    EmbeddingOp(Index batch, Index tokens, Index embd);

    // out() (B·T, D) = tok (V, D)[ids] + pos (T, D)[t], float32. ids: B·T token ids, row-major (B, T),
    // each below V (checked by the caller).
    void forward(std::span<const std::int32_t> ids, const Matrix& tok, const Matrix& pos);
    // From d (B·T, D), the gradient at out(): gradTok (V, D) = Σ over the positions holding each id, in
    // order (index_add_), gradPos (T, D) = Σ over the sequences in order; float32. gradPos may have more
    // rows (the block): those past T are 0.
    void backward(const Matrix& d, Matrix& gradTok, Matrix& gradPos) const;

    const Matrix& out() const { return m_out; }

private:
    Index m_B, m_T;
    std::span<const std::int32_t> m_ids;  // bound by forward
    Matrix m_out;                         // (B·T, D)
};

}  // namespace presisi::ops
