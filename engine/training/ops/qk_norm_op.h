// QK-LayerNorm (Dehghani et al. 2023) as a training op of the CPU lane: one LayerNorm over each head's d
// features of q and another of k, between the qkv projection and attention, as
// `q = self.q_ln(q.view(B, T, H, d))` computes it in torch: the rows in (sequence, token, head) order, the
// statistics and the output as ATen's LayerNorm takes an input of the lane's format with float32 parameters
// (one rounding of the output; under autocast the weight and bias gradients are summed in a buffer of that
// format, as ATen's mixed-type kernel does). No Qt here.
#pragma once

#include "../../numerics/norm.h"
#include "op_context.h"

namespace presisi::ops {

class QkNormOp {
public:
    // q and k norms for `rows` tokens (B·T) of `heads` heads of `headSize`, in `format` (what the qkv
    // projection gives); `atenLanes`: ATen's float vector width on the dispatch's CPU class.
    QkNormOp(Index rows, int heads, Index headSize, Format format, int atenLanes);

    // out() (B·T, 3D) = qkv with its q and k thirds normalised, v copied.
    void forward(const Matrix& qkv, const Vector& qWeight, const Vector& qBias, const Vector& kWeight,
                 const Vector& kBias);
    // d (B·T, 3D): the gradient at out() in, at qkv out (q and k thirds through the norms, v unchanged);
    // the norms' weight and bias gradients (d; float32, scaled).
    void backward(Matrix& d);

    const Matrix& out() const { return m_out; }
    const Vector& gradQWeight() const { return m_gradWeight[0]; }
    const Vector& gradQBias() const { return m_gradBias[0]; }
    const Vector& gradKWeight() const { return m_gradWeight[1]; }
    const Vector& gradKBias() const { return m_gradBias[1]; }

private:
    // Third `part` (0: q, 1: k) of each row of `from` (B·T, 3D) into rows (B·T·H, d), or back.
    void gather(const Matrix& from, int part, Matrix& to) const;
    void scatter(const Matrix& from, int part, Matrix& to) const;

    int m_heads;
    Index m_d;
    numerics::NormRule m_rule;
    numerics::NormLayer m_norm[2];   // q, k
    Matrix m_in[2], m_y[2], m_grad[2], m_gradIn[2];  // (B·T·H, d)
    Vector m_gradWeight[2], m_gradBias[2];           // (d)
    Matrix m_out;                                    // (B·T, 3D)
};

}  // namespace presisi::ops
