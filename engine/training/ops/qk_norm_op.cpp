// QkNormOp: QK-LayerNorm on the CPU (qk_norm_op.h).
#include "qk_norm_op.h"

namespace presisi::ops {

QkNormOp::QkNormOp(Index rows, int heads, Index headSize, Format format, int atenLanes)
    : m_heads(heads), m_d(headSize) {
    m_rule.kind = NormKind::Layer;
    m_rule.format = format;
    // The mixed-type kernel: float32 parameters, their gradients summed in a buffer of the input's format.
    m_rule.torchReducedParamGrads = true;
    m_rule.atenLanes = atenLanes;
    for (int p = 0; p < 2; ++p) {
        for (Matrix* m : {&m_in[p], &m_y[p], &m_grad[p], &m_gradIn[p]}) m->resize(rows * heads, headSize);
        m_gradWeight[p].setZero(headSize);
        m_gradBias[p].setZero(headSize);
    }
    m_out.resize(rows, 3 * heads * headSize);
}

void QkNormOp::gather(const Matrix& from, int part, Matrix& to) const {
    const Index D = m_heads * m_d;
    for (Index r = 0; r < from.rows(); ++r)
        std::copy_n(from.data() + r * 3 * D + part * D, D, to.data() + r * D);
}

void QkNormOp::scatter(const Matrix& from, int part, Matrix& to) const {
    const Index D = m_heads * m_d;
    for (Index r = 0; r < to.rows(); ++r)
        std::copy_n(from.data() + r * D, D, to.data() + r * 3 * D + part * D);
}

void QkNormOp::forward(const Matrix& qkv, const Vector& qWeight, const Vector& qBias, const Vector& kWeight,
                       const Vector& kBias) {
    m_out = qkv;
    const Vector* weight[2] = {&qWeight, &kWeight};
    const Vector* bias[2] = {&qBias, &kBias};
    for (int p = 0; p < 2; ++p) {
        gather(qkv, p, m_in[p]);
        m_norm[p].forward(m_rule, m_in[p].data(), m_in[p].rows(), m_d, weight[p]->data(), bias[p]->data(), m_y[p].data());
        scatter(m_y[p], p, m_out);
    }
}

void QkNormOp::backward(Matrix& d) {
    for (int p = 0; p < 2; ++p) {
        gather(d, p, m_grad[p]);
        m_norm[p].backward(m_rule, m_in[p].data(), m_grad[p].data(), m_gradIn[p].data(), m_gradWeight[p].data(),
                           m_gradBias[p].data());
        scatter(m_gradIn[p], p, d);
    }
}

}  // namespace presisi::ops
