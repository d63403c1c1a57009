// Which GEMM a training product takes, decided in one place: the ProductSwitch names the path of each
// linear's forward product and of its two backward products from the lane (casts of 8 bits and below,
// +native) and the scenario's dispatch (Presisi's own, or PyTorch's CPU dispatch, engine/numerics/
// torch_dispatch.h); multiply() runs the float32 and native paths. The other paths run where their data
// is: the scaled casts (ScaledLinears), ATen's reduced-precision order (numerics::atenReducedLinear),
// storage accumulation (LinearOp). The Linear lab decides its forward product here too, with torch 2.x's
// dispatch on this CPU (engine/linear_lab.cpp); its float32 path is Eigen's product, not multiply()'s oneDNN
// kernel on AVX-512, so that the lab's figures stay what they were measured to be. No Qt here.
#pragma once

#include "../../format.h"
#include "../../native/native_gemm.h"
#include "../../numerics/torch_dispatch.h"
#include "../../tensor.h"

namespace presisi {
class ScaledLinears;
}

namespace presisi::ops {

enum class ProductPath {
    Scaled,     // the recipe's dequantised operands of 8 bits and below, a float32 product (torchao's emulation)
    AtenOrder,  // torch 2.x's own reduced-precision GEMM where its dispatch takes it (forward only)
    Storage,    // accumulated in the format: c = round(c + round(a·b)) over k in order (backward only)
    Native,     // oneDNN's kernel of the format on a +native lane (engine/native), float32 where it has none
    Float32,    // a float32 product of already-rounded values, rounded once after
};

class ProductSwitch {
public:
    ProductSwitch() = default;
    ProductSwitch(const numerics::ProductDispatch& dispatch, bool native) : m_dispatch(dispatch), m_native(native) {}
    // A lane of 8 bits and below: every linear's operands cast by `scaled`'s recipe (nullptr: none).
    void setScaled(ScaledLinears* scaled) { m_scaled = scaled; }
    ScaledLinears* scaled() const { return m_scaled; }
    bool native() const { return m_native; }
    const numerics::ProductDispatch& dispatch() const { return m_dispatch; }

    // z (batch, out) = x (batch, in) Wᵀ + b in format f.
    ProductPath forward(Format f, Index batch, Index in, Index out) const {
        if (m_scaled) return ProductPath::Scaled;
        if (m_native) return ProductPath::Native;
        return m_dispatch.atenForward(f, batch, in, out) ? ProductPath::AtenOrder : ProductPath::Float32;
    }
    // dW (out, in) = dzᵀ x and dx (batch, in) = dz W in format f: both products of the layer are batch × out
    // × in, so one path serves both.
    ProductPath backward(Format f, Index batch, Index out, Index in) const {
        if (m_scaled) return ProductPath::Scaled;
        if (m_dispatch.backward(f, batch, out, in) == BackwardAccumulation::Storage) return ProductPath::Storage;
        return m_native ? ProductPath::Native : ProductPath::Float32;
    }

private:
    numerics::ProductDispatch m_dispatch;
    bool m_native = false;  // the lane's +native
    ScaledLinears* m_scaled = nullptr;  // a lane of 8 bits and below: its casts
};

// dst = a · b with float32 accumulation, for the Native, Float32 and Scaled paths: on Native oneDNN's
// kernel for format f where this build and CPU have it; otherwise the best float32 product of this CPU for
// the size (native::f32Product: oneDNN's AVX-512 kernel where the CPU has AVX-512 and the product is large
// enough; else Eigen's blocked GEMM, measured faster than coefficient-based products even for the 2-wide
// first layer). Emulated bf16/f16 products take the float32 path: their operands are already rounded.
template <typename A, typename B>
void multiply(ProductPath path, Format f, Matrix& dst, const A& a, const B& b) {
    if (path == ProductPath::Native && native::product(f, dst, a, b)) return;
    if (native::f32Product(dst, a, b)) return;
    dst.noalias() = a * b;
}

}  // namespace presisi::ops
