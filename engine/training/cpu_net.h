// The CPU lane's network numerics: an MLP's forward and backward under an autocast policy, low formats
// emulated by rounding float32 storage (products of bf16/f16 values are exact in float32, so a float32 GEMM
// of rounded inputs followed by one rounding is what autocast's linear does). Buffers are allocated once;
// the step loop does not allocate. With a Probe attached (the NaN doctor's rerun), every op's result is
// checked before its rounding and the pass stops at the first value that is or rounds to inf/NaN.
// Included by cpu_lane.cpp only. No Qt here.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <numbers>

#include "../native/native_gemm.h"
#include "../numerics/activation.h"
#include "../numerics/aten_reduced_gemm.h"
#include "../numerics/loss.h"
#include "../numerics/norm.h"
#include "../numerics/policy.h"
#include "../numerics/torch_dispatch.h"
#include "lane_backend.h"
#include "scaled_linears.h"

namespace presisi::cpu {

std::span<float> spanOf(float* p, Index n) { return {p, static_cast<std::size_t>(n)}; }

bool isFinite(float v) { return std::isfinite(v); }

// dst = a * b with float32 accumulation: on a +native lane oneDNN's native kernel for format f
// (engine/native; false there: not native here), else the best float32 product of this CPU for the size
// (native::f32Product: oneDNN's AVX-512 kernel where the CPU has AVX-512 and the product is large enough;
// false there: Eigen's blocked GEMM, measured faster than coefficient-based products even for the 2-wide
// first layer). Emulated bf16/f16 lanes take the float32 path too: their inputs are already rounded.
template <typename Dst, typename A, typename B>
void product(Dst& dst, const A& a, const B& b, Format f = Format::F32, bool useNative = false) {
    if (useNative && native::product(f, dst, a, b)) return;
    if (native::f32Product(dst, a, b)) return;
    dst.noalias() = a * b;
}

// Where the checked pass (Net::setProbe) found its first inf/NaN: the op, its layer, the tensor, the value
// before rounding (float32; inf when float32 itself overflowed) and the format it was rounded to.
struct Probe {
    bool hit = false;
    int layer = 0;
    FaultOp op = FaultOp::ForwardLinear;
    TensorKind tensor = TensorKind::Activation;
    double value = 0;
    Format format = Format::F32;
};

// The network's numerics for one set of formats. The lane runs one in its formats; statistics run a
// second one in float32 on the same master weights (the shadow backward).
class Net {
public:
    Net(const Scenario& s, Format low, Subnormals sub, const AutocastPolicy& policy, Index batch)
        : m_sizes(s.sizes), m_act(s.activation), m_loss(s.loss), m_norm(s.norm), m_low(low), m_sub(sub) {
        m_layers = static_cast<int>(m_sizes.size()) - 1;
        const int L = m_layers;
        numerics::OpFormats formats = numerics::resolveOpFormats(m_sizes, m_loss, s.norm, policy, low);
        m_inFormat = std::move(formats.in);
        m_linearFormat = std::move(formats.lin);
        m_normFormat = std::move(formats.norm);
        m_actFormat = std::move(formats.act);
        m_softmaxFormat = formats.softmax;
        m_lossFormat = formats.loss;
        m_lowReduction = formats.lowReduction;
        m_dispatch = numerics::productDispatch(s);
        m_normParamsLow = policy.norm == OpPolicy::Low;
        m_torchNormGrads = s.dispatch == Dispatch::Torch && s.torchVersion == TorchVersion::V2;

        m_weightLow.resize(L);
        m_biasLow.resize(L);
        m_inCast.resize(L);
        m_actInCast.resize(L);
        m_linearOut.resize(L);
        m_actOut.resize(L);
        m_gradLinearOut.resize(L);
        m_laneGradWeight.resize(L);
        m_laneGradBias.resize(L);
        m_normLayer.resize(L);
        m_normInCast.resize(L);
        m_normOut.resize(L);
        m_normGrad.resize(L);
        m_laneGradNormWeight.resize(L);
        m_laneGradNormBias.resize(L);
        for (int l = 0; l < L; ++l) {
            const Index in = m_sizes[l], out = m_sizes[l + 1];
            if (needsRound(m_linearFormat[l])) {
                m_weightLow[l].resize(out, in);
                m_biasLow[l].resize(out);
            }
            if (castNeeded(m_inFormat[l], m_linearFormat[l])) m_inCast[l].resize(batch, in);
            m_linearOut[l].resize(batch, out);
            m_gradLinearOut[l].resize(batch, out);
            m_laneGradWeight[l].resize(out, in);
            m_laneGradBias[l].resize(out);
            if (l + 1 < L) {
                if (hasNorm()) {
                    if (castNeeded(m_linearFormat[l], m_normFormat[l])) m_normInCast[l].resize(batch, out);
                    m_normOut[l].resize(batch, out);
                    m_normGrad[l].resize(batch, out);
                    m_laneGradNormWeight[l].setZero(out);
                    m_laneGradNormBias[l].setZero(out);
                }
                if (castNeeded(m_normFormat[l], m_actFormat[l])) m_actInCast[l].resize(batch, out);
                m_actOut[l].resize(batch, out);
            }
        }
        if (m_loss == LossKind::CrossEntropy) m_logSoftmax.resize(batch, m_sizes.back());
        m_rowScratch.resize(*std::max_element(m_sizes.begin(), m_sizes.end()));
    }

    int layers() const { return m_layers; }
    Format low() const { return m_low; }
    bool nativeProducts = false;  // the lane's +native: low-format products through engine/native
    bool naiveStats = false;      // the lane's +naive-stats (numerics::NormRule)
    bool hasNorm() const { return m_norm != NormKind::None; }
    bool hasNorm(int l) const { return hasNorm() && l + 1 < m_layers; }  // hidden layer l has one
    // Lanes of 8 bits and below: every linear's operands cast by the recipe (the Net's formats are float32).
    void setScaled(std::optional<ScaledLinears> scaled) { m_scaled = std::move(scaled); }
    const std::optional<ScaledLinears>& scaled() const { return m_scaled; }
    // Checked pass: every op's result is scanned before its rounding; forwardBackward stops at the first
    // value that is non-finite or rounds to inf in the op's format. nullptr: the plain pass.
    void setProbe(Probe* probe) { m_probe = probe; }
    double forwardSeconds() const { return m_forwardSeconds; }
    double backwardSeconds() const { return m_backwardSeconds; }

    // x: (B, in)  W[l]: (out, in)  b[l]: (out); with a normalisation, its weight g[l] and bias be[l] (out)
    // for the hidden layers. Returns the unscaled loss; leaves every gradient scaled.
    ForwardResult forwardBackward(const Batch& batch, const std::vector<Matrix>& W, const std::vector<Vector>& b,
                                  const std::vector<Vector>& g, const std::vector<Vector>& be, float scale) {
        const int L = m_layers;
        const Matrix* h = batch.x;
        using Clock = std::chrono::steady_clock;
        const auto t0 = Clock::now();
        // Forward.
        for (int l = 0; l < L; ++l) {
            const Matrix* xin = h;
            if (m_probe && fault(m_linearFormat[l], *h, l, FaultOp::ForwardLinear, TensorKind::Activation)) return {};
            if (castNeeded(m_inFormat[l], m_linearFormat[l])) {
                roundInto(m_linearFormat[l], h->data(), m_inCast[l].data(), h->size());
                xin = &m_inCast[l];
            }
            m_linearIn[l] = xin;
            const Matrix* Wu = &W[l];
            const Vector* bu = &b[l];
            if (needsRound(m_linearFormat[l])) {
                roundInto(m_linearFormat[l], W[l].data(), m_weightLow[l].data(), W[l].size());
                roundInto(m_linearFormat[l], b[l].data(), m_biasLow[l].data(), b[l].size());
                Wu = &m_weightLow[l];
                bu = &m_biasLow[l];
            }
            m_linearWeight[l] = Wu;
            Matrix& z = m_linearOut[l];
            // z: (B, out) = xin (B, in) * W^T (in, out), float32 accumulation, + bias, one rounding; in
            // ATen's summation order where torch 2.x's dispatch takes its own GEMM for this product.
            if (m_scaled) {
                // The dequantised operands of 8 bits and below, float32 product, the float32 bias after it
                // (torchao's Float8Linear: output = mm(x_fp8, W_fp8ᵀ) + bias).
                m_scaled->castForward(l, *xin, W[l]);
                // The checked pass names a cast that overflowed its format (no +sat, a stale delayed scale).
                if (m_probe && castFault(l, numerics::GemmOperand::Input, *xin, m_scaled->input(l), FaultOp::ForwardLinear,
                                         TensorKind::Activation))
                    return {};
                product(z, m_scaled->input(l), m_scaled->weight(l).transpose());
                z.rowwise() += b[l].transpose();
            } else if (!nativeProducts && m_dispatch.atenForward(m_linearFormat[l], z.rows(), xin->cols(), z.cols())) {
                numerics::atenReducedLinear(xin->data(), Wu->data(), bu->data(), z.data(), z.rows(), xin->cols(),
                                            z.cols(), m_linearFormat[l]);
            } else {
                product(z, *xin, Wu->transpose(), m_linearFormat[l], nativeProducts);
                z.rowwise() += bu->transpose();
            }
            if (m_probe && fault(m_linearFormat[l], z, l, FaultOp::ForwardLinear, TensorKind::Activation)) return {};
            roundInPlace(m_linearFormat[l], z.data(), z.size());
            if (l + 1 < L) {
                const Matrix* ain = &z;
                if (hasNorm()) {
                    // z (B, out) -> the normalisation in its format (cast where it narrows) -> m_normOut[l].
                    const Matrix* nin = &z;
                    if (castNeeded(m_linearFormat[l], m_normFormat[l])) {
                        roundInto(m_normFormat[l], z.data(), m_normInCast[l].data(), z.size());
                        nin = &m_normInCast[l];
                    }
                    m_normIn[l] = nin;
                    m_normLayer[l].forward(normRule(l), nin->data(), nin->rows(), nin->cols(), g[l].data(), be[l].data(),
                                           m_normOut[l].data());
                    if (m_probe && fault(m_normFormat[l], m_normOut[l], l, FaultOp::Norm, TensorKind::Activation)) {
                        // A variance at or below 0 made it: the doctor names that statistic instead.
                        const float d = m_normLayer[l].smallestDenominator();
                        if (d <= 0) m_probe->value = d;
                        return {};
                    }
                    ain = &m_normOut[l];
                }
                if (m_probe && fault(m_actFormat[l], *ain, l, FaultOp::Activation, TensorKind::Activation)) return {};
                if (castNeeded(m_normFormat[l], m_actFormat[l])) {
                    roundInto(m_actFormat[l], ain->data(), m_actInCast[l].data(), ain->size());
                    ain = &m_actInCast[l];
                }
                m_actIn[l] = ain;
                activationForward(m_actFormat[l], ain->data(), m_actOut[l].data(), ain->size());
                if (m_probe && fault(m_actFormat[l], m_actOut[l], l, FaultOp::Activation, TensorKind::Activation)) return {};
                roundInPlace(m_actFormat[l], m_actOut[l].data(), m_actOut[l].size());
                h = &m_actOut[l];
            }
        }
        // Loss and its gradient at the logits.
        ForwardResult r = m_loss == LossKind::CrossEntropy ? crossEntropy(batch, scale) : mse(batch, scale);
        if (m_probe) {
            // The loss ops round inside; their results are checked (the value is then the inf/NaN itself).
            if (!std::isfinite(r.loss)) {
                *m_probe = {true, L - 1, FaultOp::SoftmaxLoss, TensorKind::Activation, r.loss, m_lossFormat};
                return r;
            }
            if (fault(m_linearFormat[L - 1], m_gradLinearOut[L - 1], L - 1, FaultOp::SoftmaxLoss, TensorKind::ActivationGradient)) return r;
        }
        const auto t1 = Clock::now();
        // Backward.
        for (int l = L - 1; l >= 0; --l) {
            const Matrix& dz = m_gradLinearOut[l];
            const Format f = m_linearFormat[l];
            // gW: (out, in) = dz^T (out, B) * xin (B, in); gb: (out) = column sums of dz. Both in the linear's format.
            // Both backward products of the layer have the sizes B x out x in.
            const bool storage = !m_scaled && m_dispatch.backward(f, dz.rows(), dz.cols(), m_linearIn[l]->cols()) ==
                                                  BackwardAccumulation::Storage;
            if (m_scaled) {
                // dy cast by the recipe (e5m2 under fp8); dW = dyᵀ x and dx = dy W on the cast operands, the
                // bias gradient from the float32 dy (the bias is outside the FP8 product).
                m_scaled->castBackward(l, dz);
                if (m_probe && castFault(l, numerics::GemmOperand::OutputGradient, dz, m_scaled->gradForInput(l),
                                         FaultOp::BackwardProduct, TensorKind::ActivationGradient))
                    return r;
                product(m_laneGradWeight[l], m_scaled->gradForWeight(l).transpose(), m_scaled->inputForWeight(l));
            } else if (storage) storageGradWeight(f, dz, *m_linearIn[l], m_laneGradWeight[l]);
            else product(m_laneGradWeight[l], dz.transpose(), *m_linearIn[l], f, nativeProducts);
            m_laneGradBias[l].noalias() = dz.colwise().sum().transpose();
            if (m_probe && (fault(f, m_laneGradWeight[l], l, FaultOp::BackwardProduct, TensorKind::WeightGradient) ||
                            fault(f, m_laneGradBias[l], l, FaultOp::BackwardProduct, TensorKind::WeightGradient)))
                return r;
            if (!storage) roundInPlace(f, m_laneGradWeight[l].data(), m_laneGradWeight[l].size());
            roundInPlace(f, m_laneGradBias[l].data(), m_laneGradBias[l].size());
            if (l == 0) break;
            // dxin: (B, in) = dz (B, out) * W (out, in), in the linear's format; the input cast's backward
            // rounds it to the format that arrived; then the activation's backward.
            Matrix& d = m_gradLinearOut[l - 1];
            if (m_scaled) {
                product(d, m_scaled->gradForInput(l), m_scaled->weightForInput(l));
            } else if (storage) {
                storageGradInput(f, dz, *m_linearWeight[l], d);
            } else {
                product(d, dz, *m_linearWeight[l], f, nativeProducts);
                if (m_probe && fault(f, d, l, FaultOp::BackwardProduct, TensorKind::ActivationGradient)) return r;
                roundInPlace(f, d.data(), d.size());
            }
            if (m_probe && fault(f, d, l, FaultOp::BackwardProduct, TensorKind::ActivationGradient)) return r;
            if (m_inFormat[l] != f) roundInPlace(m_inFormat[l], d.data(), d.size());
            activationBackward(m_actFormat[l - 1], m_actIn[l - 1]->data(), m_actOut[l - 1].data(), d.data(), d.size());
            if (m_probe && fault(m_actFormat[l - 1], d, l - 1, FaultOp::Activation, TensorKind::ActivationGradient)) return r;
            roundInPlace(m_actFormat[l - 1], d.data(), d.size());
            const Format nf = m_normFormat[l - 1];
            if (m_actFormat[l - 1] != nf) roundInPlace(nf, d.data(), d.size());
            if (hasNorm()) {
                // d: the gradient at the norm's output -> at its input (rounded to nf), and the lane's
                // gradients of its weight and bias (float32, scaled).
                Matrix& dn = m_normGrad[l - 1];
                m_normLayer[l - 1].backward(normRule(l - 1), m_normIn[l - 1]->data(), d.data(), dn.data(),
                                            m_laneGradNormWeight[l - 1].data(), m_laneGradNormBias[l - 1].data());
                d = dn;
                if (m_probe && fault(nf, d, l - 1, FaultOp::Norm, TensorKind::ActivationGradient)) return r;
            }
            if (nf != m_linearFormat[l - 1]) roundInPlace(m_linearFormat[l - 1], d.data(), d.size());
        }
        if (m_scaled && !m_probe) m_scaled->advance();
        const auto t2 = Clock::now();
        m_forwardSeconds = std::chrono::duration<double>(t1 - t0).count();
        m_backwardSeconds = std::chrono::duration<double>(t2 - t1).count();
        return r;
    }

    // Layer l after forwardBackward: dz (B, out), z (B, out), h (B, out; hidden layers), the lane's
    // gradients (out, in) and (out).
    const Matrix& dz(int l) const { return m_gradLinearOut[l]; }
    const Matrix& z(int l) const { return m_linearOut[l]; }
    const Matrix& h(int l) const { return m_actOut[l]; }
    const Matrix& laneGradWeight(int l) const { return m_laneGradWeight[l]; }
    const Vector& laneGradBias(int l) const { return m_laneGradBias[l]; }
    // Hidden layer l's normalisation (with one): its output (B, out), its layer (statistics), the lane's
    // gradients of its weight and bias (out; scaled, float32).
    const Matrix& normOut(int l) const { return m_normOut[l]; }
    const numerics::NormLayer& norm(int l) const { return m_normLayer[l]; }
    const Vector& laneGradNormWeight(int l) const { return m_laneGradNormWeight[l]; }
    const Vector& laneGradNormBias(int l) const { return m_laneGradNormBias[l]; }

private:
    // The checked pass: the first element of m that is non-finite or would round to inf in format f.
    template <typename M>
    bool fault(Format f, const M& m, int layer, FaultOp op, TensorKind tensor) {
        const float limit = static_cast<float>(traits(f).overflowThreshold);
        for (Index i = 0; i < m.size(); ++i) {
            const float v = m.data()[i];
            if (!std::isfinite(v) || (f != Format::F32 && std::fabs(v) >= limit)) {
                *m_probe = {true, layer, op, tensor, v, f};
                return true;
            }
        }
        return false;
    }
    // A cast of 8 bits and below made inf/NaN of a finite value: that value times the scale, in the element format.
    bool castFault(int l, numerics::GemmOperand operand, const Matrix& source, const Matrix& cast, FaultOp op, TensorKind kind) {
        const CastRecord c = m_scaled->record(l, operand);
        for (Index i = 0; i < source.size(); ++i)
            if (std::isfinite(source.data()[i]) && !std::isfinite(cast.data()[i])) {
                *m_probe = {true, l, op, kind, static_cast<double>(source.data()[i]) * c.scale, traits(c.format).element};
                return true;
            }
        return false;
    }
    numerics::NormRule normRule(int l) const {
        numerics::NormRule r;
        r.kind = m_norm;
        r.format = m_normFormat[l];
        r.subnormals = m_sub;
        r.paramsInFormat = m_normParamsLow && r.format != Format::F32;
        r.naiveStats = naiveStats;
        r.torchReducedParamGrads = m_torchNormGrads;
        return r;
    }
    bool needsRound(Format f) const { return FormatRounding{f, m_sub}.changes(); }
    // A cast from `from` to `to` changes values only when it narrows.
    bool castNeeded(Format from, Format to) const { return numerics::castNarrows(from, to); }
    void roundInPlace(Format f, float* p, Index n) const {
        if (needsRound(f)) roundSpan(f, spanOf(p, n), spanOf(p, n), m_sub);
    }
    void roundInto(Format f, const float* in, float* out, Index n) const {
        roundSpan(f, {in, static_cast<std::size_t>(n)}, spanOf(out, n), m_sub);
    }
    // Storage accumulation (see BackwardAccumulation): c = round(c + round(a * b)) over k in order.
    // gW (out, in) = sum over b of dz(b, o) * x(b, i).
    void storageGradWeight(Format f, const Matrix& dz, const Matrix& x, Matrix& gW) {
        gW.setZero();
        const Index B = dz.rows(), out = dz.cols(), in = x.cols();
        float* tmp = m_rowScratch.data();
        for (Index b = 0; b < B; ++b) {
            const float* xb = x.data() + b * in;
            for (Index o = 0; o < out; ++o) {
                const float g = dz(b, o);
                float* row = gW.data() + o * in;
                for (Index i = 0; i < in; ++i) tmp[i] = g * xb[i];
                roundSpan(f, {tmp, static_cast<std::size_t>(in)}, {tmp, static_cast<std::size_t>(in)}, m_sub);
                for (Index i = 0; i < in; ++i) row[i] += tmp[i];
                roundSpan(f, {row, static_cast<std::size_t>(in)}, {row, static_cast<std::size_t>(in)}, m_sub);
            }
        }
    }
    // d (B, in) = sum over o of dz(b, o) * W(o, i).
    void storageGradInput(Format f, const Matrix& dz, const Matrix& W, Matrix& d) {
        d.setZero();
        const Index B = dz.rows(), out = dz.cols(), in = W.cols();
        float* tmp = m_rowScratch.data();
        for (Index b = 0; b < B; ++b) {
            float* row = d.data() + b * in;
            for (Index o = 0; o < out; ++o) {
                const float g = dz(b, o);
                const float* w = W.data() + o * in;
                for (Index i = 0; i < in; ++i) tmp[i] = g * w[i];
                roundSpan(f, {tmp, static_cast<std::size_t>(in)}, {tmp, static_cast<std::size_t>(in)}, m_sub);
                for (Index i = 0; i < in; ++i) row[i] += tmp[i];
                roundSpan(f, {row, static_cast<std::size_t>(in)}, {row, static_cast<std::size_t>(in)}, m_sub);
            }
        }
    }

    float round1(Format f, float v) const { return FormatRounding{f, m_sub}(v); }

    // The activation in format f (engine/numerics/activation.h): ATen's bf16 tanh and sigmoid kernels
    // convert to float once and round the result; GELU as the dispatch's GeluPath says (torch_dispatch.h):
    // per operation in the format (ATen 1.13), or in float32 with one rounding by the caller.
    void activationForward(Format f, const float* a, float* y, Index n) const {
        const auto count = static_cast<std::size_t>(n);
        const numerics::GeluRule gelu = m_dispatch.gelu(f);
        if (m_act == Activation::Gelu && gelu.path != numerics::GeluPath::RoundEachOp) {
            numerics::torchGeluForward(gelu, a, y, count);
        } else if (needsRound(f)) {
            numerics::activationForward(m_act, a, y, count, FormatRounding{f, m_sub});
        } else {
            numerics::activationForward(m_act, a, y, count);
        }
    }

    // g <- g * act'(a) in format f (the caller rounds the result). a: the activation's input, y: its output.
    void activationBackward(Format f, const float* a, const float* y, float* g, Index n) const {
        const auto count = static_cast<std::size_t>(n);
        const numerics::GeluRule gelu = m_dispatch.gelu(f);
        if (m_act == Activation::Gelu && gelu.path != numerics::GeluPath::RoundEachOp) {
            numerics::torchGeluBackward(gelu, a, g, count);
        } else if (needsRound(f)) {
            numerics::activationBackward(m_act, a, y, g, count, FormatRounding{f, m_sub});
        } else {
            numerics::activationBackward(m_act, a, y, g, count);
        }
    }

    // round1 as the losses' Round (engine/numerics/loss.h).
    auto lossRounding() const {
        return [this](Format f, float v) { return round1(f, v); };
    }

    // cross_entropy(z, y), mean (engine/numerics/loss.h): log_softmax in m_softmaxFormat, nll in m_lossFormat. Writes
    // dz of the last layer.
    ForwardResult crossEntropy(const Batch& batch, float scale) {
        const int L = m_layers;
        const Format fz = m_linearFormat[L - 1];
        const Matrix& z = m_linearOut[L - 1];
        Matrix& lsm = m_logSoftmax;
        Matrix& dz = m_gradLinearOut[L - 1];
        const Index B = z.rows(), C = z.cols();
        const auto classes = static_cast<std::size_t>(C);
        const bool smCast = castNeeded(fz, m_softmaxFormat);
        const auto r = lossRounding();
        numerics::LossSum sum{m_lowReduction, m_low};
        std::int64_t right = 0;
        for (Index i = 0; i < B; ++i) {
            const float* zi = z.data() + i * C;
            float* li = lsm.data() + i * C;
            const int y = batch.labels[static_cast<std::size_t>(i)];
            if (numerics::predictsLabel(zi, classes, y)) ++right;  // from the lane's own logits
            numerics::logSoftmaxRow(zi, li, classes, smCast, m_softmaxFormat, r);
            sum.add(numerics::nllRow(li, y, m_lossFormat, r), r);
        }
        const float loss = numerics::meanLoss(sum.total(), B, m_lossFormat, r);
        const float g = numerics::crossEntropyGradScale(scale, B, m_lossFormat, m_softmaxFormat, r);
        for (Index i = 0; i < B; ++i)
            numerics::crossEntropyGradRow(lsm.data() + i * C, batch.labels[static_cast<std::size_t>(i)], g,
                                          dz.data() + i * C, classes, m_softmaxFormat, r);
        if (m_softmaxFormat != fz) roundInPlace(fz, dz.data(), dz.size());
        ForwardResult res;
        res.loss = loss;
        res.accuracy = static_cast<double>(right) / static_cast<double>(B);
        return res;
    }

    // mse_loss(z, t), mean over every element, in m_lossFormat (engine/numerics/loss.h).
    ForwardResult mse(const Batch& batch, float scale) {
        const int L = m_layers;
        const Format fz = m_linearFormat[L - 1];
        const Matrix& z = m_linearOut[L - 1];
        const Matrix& t = *batch.targets;
        Matrix& dz = m_gradLinearOut[L - 1];
        const Index n = z.size();
        const Format f = m_lossFormat;
        const auto r = lossRounding();
        numerics::LossSum sum{m_lowReduction, m_low};
        const numerics::MseScalars k = numerics::mseScalars(n, scale, f, r);
        for (Index i = 0; i < n; ++i) {
            float sq = 0;
            dz.data()[i] = numerics::mseElement(z.data()[i], t.data()[i], k, f, r, sq);
            sum.add(sq, r);
        }
        if (f != fz) roundInPlace(fz, dz.data(), dz.size());
        ForwardResult res;
        res.loss = numerics::meanLoss(sum.total(), n, f, r);
        return res;
    }

public:
    void bindPointers() {
        m_linearIn.assign(m_layers, nullptr);
        m_linearWeight.assign(m_layers, nullptr);
        m_actIn.assign(m_layers, nullptr);
        m_normIn.assign(m_layers, nullptr);
    }

private:
    std::vector<int> m_sizes;
    Activation m_act;
    LossKind m_loss;
    NormKind m_norm;
    Format m_low;
    Subnormals m_sub;
    int m_layers = 0;
    // The formats every op runs in (numerics::OpFormats), per layer l where indexed.
    std::vector<Format> m_inFormat;      // what arrives at layer l
    std::vector<Format> m_linearFormat;  // layer l's product and bias (the last: the logits)
    std::vector<Format> m_normFormat;    // hidden layer l's normalisation (m_linearFormat[l] without one)
    std::vector<Format> m_actFormat;     // hidden layer l's activation
    bool m_normParamsLow = false;        // autocast's norm entry Low: the norm's weight and bias cast too
    bool m_torchNormGrads = false;       // Dispatch::Torch (2.x): LayerNorm's reduced-format weight-gradient buffer
    Format m_softmaxFormat = Format::F32, m_lossFormat = Format::F32;  // cross_entropy's log_softmax, nll / mse
    bool m_lowReduction = false;  // the loss's batch sum rounded to the low format at every partial sum
    numerics::ProductDispatch m_dispatch;  // per product: storage or float32 accumulation; the GELU path
    // Buffers, float32 storage of rounded values; B the batch, in/out layer l's widths, C the classes.
    std::vector<float> m_rowScratch;      // (max width): one row of products (storage accumulation)
    std::vector<Matrix> m_weightLow;      // (out, in): master weight rounded to m_linearFormat[l] (where it rounds)
    std::vector<Vector> m_biasLow;        // (out): master bias, likewise
    std::vector<Matrix> m_inCast;         // (B, in): layer l's input cast to m_linearFormat[l] (where it narrows)
    std::vector<Matrix> m_actInCast;      // (B, out): hidden layer l's product cast to m_actFormat[l] (where it narrows)
    std::vector<Matrix> m_linearOut;      // (B, out): z = x W^T + b (the last layer's: the logits)
    std::vector<Matrix> m_actOut;         // (B, out): h = act(z), hidden layers
    std::vector<Matrix> m_gradLinearOut;  // (B, out): dz, the gradient at z (scaled)
    std::vector<Matrix> m_laneGradWeight; // (out, in): dz^T x, the lane's weight gradient (scaled, in m_linearFormat[l])
    std::vector<Vector> m_laneGradBias;   // (out): column sums of dz, likewise
    // Hidden layers with a normalisation: its state, input cast (where it narrows), output, the gradient
    // at its input, and the lane's gradients of its weight and bias (out; scaled).
    std::vector<numerics::NormLayer> m_normLayer;
    std::vector<Matrix> m_normInCast, m_normOut, m_normGrad;
    std::vector<Vector> m_laneGradNormWeight, m_laneGradNormBias;
    Matrix m_logSoftmax;                  // (B, C): cross_entropy's log_softmax
    // Per layer, bound during the forward pass for the backward: the product's input (m_inCast[l] or
    // what arrived), its weight (m_weightLow[l] or the master), the activation's input.
    std::vector<const Matrix*> m_linearIn, m_linearWeight, m_actIn, m_normIn;
    std::optional<ScaledLinears> m_scaled;  // lanes of 8 bits and below: the recipe's casts and operands
    Probe* m_probe = nullptr;
    double m_forwardSeconds = 0, m_backwardSeconds = 0;
};

}  // namespace presisi::cpu
