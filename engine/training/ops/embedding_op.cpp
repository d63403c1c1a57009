// EmbeddingOp: token plus position embeddings on the CPU (embedding_op.h).
#include "embedding_op.h"

namespace presisi::ops {

EmbeddingOp::EmbeddingOp(Index batch, Index tokens, Index embd) : m_B(batch), m_T(tokens) {
    m_out.resize(batch * tokens, embd);
}

void EmbeddingOp::forward(std::span<const std::int32_t> ids, const Matrix& tok, const Matrix& pos) {
    m_ids = ids;
    for (Index b = 0; b < m_B; ++b)
        for (Index t = 0; t < m_T; ++t) {
            const Index row = b * m_T + t;
            m_out.row(row) = tok.row(ids[static_cast<std::size_t>(row)]) + pos.row(t);
        }
}

void EmbeddingOp::backward(const Matrix& d, Matrix& gradTok, Matrix& gradPos) const {
    gradTok.setZero();
    gradPos.setZero();
    for (Index row = 0; row < m_B * m_T; ++row) gradTok.row(m_ids[static_cast<std::size_t>(row)]) += d.row(row);
    for (Index b = 0; b < m_B; ++b) gradPos.topRows(m_T) += d.middleRows(b * m_T, m_T);
}

}  // namespace presisi::ops
