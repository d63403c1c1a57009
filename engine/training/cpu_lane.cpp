// The CPU lane: an MLP's forward and backward under an autocast policy, with low formats emulated by
// rounding float32 storage (products of bf16/f16 values are exact in float32, so a float32 GEMM of
// rounded inputs followed by one rounding is what autocast's linear does), float32 master weights and
// optimizer. Buffers are allocated once; the step loop does not allocate. No Qt here.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

#include "../error.h"
#include "lane_backend.h"

namespace presisi {

namespace {

std::span<float> spanOf(float* p, Index n) { return {p, static_cast<std::size_t>(n)}; }

// The format an op runs in, given its policy and the format that arrives.
Format resolve(OpPolicy p, Format arriving, Format low) {
    switch (p) {
    case OpPolicy::Low: return low;
    case OpPolicy::F32: return Format::F32;
    case OpPolicy::AsInput: return arriving;
    }
    return arriving;
}

bool isFinite(float v) { return std::isfinite(v); }

// dst = a * b with float32 accumulation (Eigen's blocked GEMM; measured faster here than coefficient-based
// products even for the 2-wide first layer).
template <typename Dst, typename A, typename B>
void product(Dst& dst, const A& a, const B& b) {
    dst.noalias() = a * b;
}

// The network's numerics for one set of formats. The lane runs one in its formats; statistics run a
// second one in float32 on the same master weights (the shadow backward).
class Net {
public:
    Net(const Scenario& s, Format low, Subnormals sub, const AutocastPolicy& policy, Index batch)
        : m_sizes(s.sizes), m_act(s.activation), m_loss(s.loss), m_low(low), m_sub(sub) {
        m_layers = static_cast<int>(m_sizes.size()) - 1;
        const int L = m_layers;
        m_fIn.resize(L);
        m_fLin.resize(L);
        m_fAct.resize(L);
        Format arriving = Format::F32;
        for (int l = 0; l < L; ++l) {
            m_fIn[l] = arriving;
            m_fLin[l] = resolve(policy.linear, arriving, low);
            m_fAct[l] = resolve(policy.activation, m_fLin[l], low);
            arriving = m_fAct[l];
        }
        const Format fz = m_fLin[L - 1];
        if (m_loss == LossKind::CrossEntropy) {
            if (policy.loss == OpPolicy::F32) {
                m_fSm = m_fNll = Format::F32;
            } else {
                m_fSm = resolve(policy.softmax, fz, low);
                m_fNll = resolve(policy.loss, m_fSm, low);
            }
        } else {
            m_fSm = m_fNll = resolve(policy.loss, fz, low);
        }
        m_reduceLow = policy.reduction == OpPolicy::Low;
        m_storageBackward = s.backwardAccumulation == BackwardAccumulation::Storage;

        m_Wl.resize(L);
        m_bl.resize(L);
        m_xin.resize(L);
        m_ain.resize(L);
        m_z.resize(L);
        m_h.resize(L);
        m_dz.resize(L);
        m_gW.resize(L);
        m_gb.resize(L);
        for (int l = 0; l < L; ++l) {
            const Index in = m_sizes[l], out = m_sizes[l + 1];
            if (needsRound(m_fLin[l])) {
                m_Wl[l].resize(out, in);
                m_bl[l].resize(out);
            }
            if (castNeeded(m_fIn[l], m_fLin[l])) m_xin[l].resize(batch, in);
            m_z[l].resize(batch, out);
            m_dz[l].resize(batch, out);
            m_gW[l].resize(out, in);
            m_gb[l].resize(out);
            if (l + 1 < L) {
                if (castNeeded(m_fLin[l], m_fAct[l])) m_ain[l].resize(batch, out);
                m_h[l].resize(batch, out);
            }
        }
        if (m_loss == LossKind::CrossEntropy) m_lsm.resize(batch, m_sizes.back());
        m_row.resize(*std::max_element(m_sizes.begin(), m_sizes.end()));
    }

    int layers() const { return m_layers; }
    Format low() const { return m_low; }

    // x: (B, in)  W[l]: (out, in)  b[l]: (out). Returns the unscaled loss; leaves every gradient scaled.
    ForwardResult forwardBackward(const Batch& batch, const std::vector<Matrix>& W, const std::vector<Vector>& b,
                                  float scale) {
        const int L = m_layers;
        const Matrix* h = batch.x;
        // Forward.
        for (int l = 0; l < L; ++l) {
            const Matrix* xin = h;
            if (castNeeded(m_fIn[l], m_fLin[l])) {
                roundInto(m_fLin[l], h->data(), m_xin[l].data(), h->size());
                xin = &m_xin[l];
            }
            m_xinPtr[l] = xin;
            const Matrix* Wu = &W[l];
            const Vector* bu = &b[l];
            if (needsRound(m_fLin[l])) {
                roundInto(m_fLin[l], W[l].data(), m_Wl[l].data(), W[l].size());
                roundInto(m_fLin[l], b[l].data(), m_bl[l].data(), b[l].size());
                Wu = &m_Wl[l];
                bu = &m_bl[l];
            }
            m_Wuse[l] = Wu;
            Matrix& z = m_z[l];
            // z: (B, out) = xin (B, in) * W^T (in, out), float32 accumulation, + bias, one rounding.
            product(z, *xin, Wu->transpose());
            z.rowwise() += bu->transpose();
            roundInPlace(m_fLin[l], z.data(), z.size());
            if (l + 1 < L) {
                const Matrix* ain = &z;
                if (castNeeded(m_fLin[l], m_fAct[l])) {
                    roundInto(m_fAct[l], z.data(), m_ain[l].data(), z.size());
                    ain = &m_ain[l];
                }
                m_ainPtr[l] = ain;
                activationForward(m_fAct[l], ain->data(), m_h[l].data(), ain->size());
                roundInPlace(m_fAct[l], m_h[l].data(), m_h[l].size());
                h = &m_h[l];
            }
        }
        // Loss and its gradient at the logits.
        ForwardResult r = m_loss == LossKind::CrossEntropy ? crossEntropy(batch, scale) : mse(batch, scale);
        // Backward.
        for (int l = L - 1; l >= 0; --l) {
            const Matrix& dz = m_dz[l];
            const Format f = m_fLin[l];
            // gW: (out, in) = dz^T (out, B) * xin (B, in); gb: (out) = column sums of dz. Both in the linear's format.
            const bool storage = m_storageBackward && f != Format::F32;
            if (storage) storageGradWeight(f, dz, *m_xinPtr[l], m_gW[l]);
            else product(m_gW[l], dz.transpose(), *m_xinPtr[l]);
            m_gb[l].noalias() = dz.colwise().sum().transpose();
            if (!storage) roundInPlace(f, m_gW[l].data(), m_gW[l].size());
            roundInPlace(f, m_gb[l].data(), m_gb[l].size());
            if (l == 0) break;
            // dxin: (B, in) = dz (B, out) * W (out, in), in the linear's format; the input cast's backward
            // rounds it to the format that arrived; then the activation's backward.
            Matrix& d = m_dz[l - 1];
            if (storage) {
                storageGradInput(f, dz, *m_Wuse[l], d);
            } else {
                product(d, dz, *m_Wuse[l]);
                roundInPlace(f, d.data(), d.size());
            }
            if (m_fIn[l] != f) roundInPlace(m_fIn[l], d.data(), d.size());
            activationBackward(m_fAct[l - 1], m_ainPtr[l - 1]->data(), m_h[l - 1].data(), d.data(), d.size());
            roundInPlace(m_fAct[l - 1], d.data(), d.size());
            if (m_fAct[l - 1] != m_fLin[l - 1]) roundInPlace(m_fLin[l - 1], d.data(), d.size());
        }
        return r;
    }

    const Matrix& dz(int l) const { return m_dz[l]; }
    const Matrix& z(int l) const { return m_z[l]; }
    const Matrix& h(int l) const { return m_h[l]; }
    const Matrix& gW(int l) const { return m_gW[l]; }
    const Vector& gb(int l) const { return m_gb[l]; }

private:
    bool needsRound(Format f) const { return f != Format::F32 || m_sub == Subnormals::Flush; }
    // A cast from `from` to `to` changes values only when it narrows.
    bool castNeeded(Format from, Format to) const { return from != to && to != Format::F32; }
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
        float* tmp = m_row.data();
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
        float* tmp = m_row.data();
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

    float round1(Format f, float v) const { return needsRound(f) ? roundTo(f, v, m_sub) : v; }

    // The activation in format f. ATen's bf16 tanh and sigmoid kernels (forward and backward) convert to
    // float once and round the result; its GELU kernels use Vectorized<BFloat16> arithmetic, which rounds
    // after every operation (constants included). The same happens here.
    void activationForward(Format f, const float* a, float* y, Index n) const {
        const bool low = needsRound(f);
        switch (m_act) {
        case Activation::Relu:
            for (Index i = 0; i < n; ++i) y[i] = a[i] > 0.0f || a[i] != a[i] ? a[i] : 0.0f;
            break;
        case Activation::Tanh:
            for (Index i = 0; i < n; ++i) y[i] = std::tanh(a[i]);
            break;
        case Activation::Sigmoid:
            for (Index i = 0; i < n; ++i) y[i] = 1.0f / (1.0f + std::exp(-a[i]));
            break;
        case Activation::Gelu: {
            // torch's exact GELU: x * 0.5 * (1 + erf(x * sqrt(1/2))).
            const float kAlpha = round1(f, static_cast<float>(std::numbers::sqrt2 / 2));
            if (!low) {
                for (Index i = 0; i < n; ++i) y[i] = a[i] * 0.5f * (1.0f + std::erf(a[i] * kAlpha));
                break;
            }
            for (Index i = 0; i < n; ++i) {
                const float e = round1(f, std::erf(round1(f, a[i] * kAlpha)));
                y[i] = round1(f, round1(f, a[i] * 0.5f) * round1(f, 1.0f + e));
            }
            break;
        }
        }
    }

    // g <- g * act'(a) in format f (the caller rounds the result). a: the activation's input, y: its output.
    void activationBackward(Format f, const float* a, const float* y, float* g, Index n) const {
        const bool low = needsRound(f);
        auto r = [&](float v) { return low ? roundTo(f, v, m_sub) : v; };
        switch (m_act) {
        case Activation::Relu:
            for (Index i = 0; i < n; ++i) g[i] = y[i] <= 0.0f ? 0.0f : g[i];
            break;
        case Activation::Tanh:
            // tanh_backward: g * (1 - y * y), in float32 for bf16 too (ATen converts once)
            for (Index i = 0; i < n; ++i) g[i] = g[i] * (1.0f - y[i] * y[i]);
            break;
        case Activation::Sigmoid:
            // sigmoid_backward: g * (1 - y) * y, in float32 for bf16 too (ATen converts once)
            for (Index i = 0; i < n; ++i) g[i] = g[i] * (1.0f - y[i]) * y[i];
            break;
        case Activation::Gelu: {
            // GeluBackward: cdf = 0.5 * (1 + erf(x * alpha)); pdf = beta * exp(x * x * -0.5); g * (cdf + x * pdf)
            const float kAlpha = r(static_cast<float>(std::numbers::sqrt2 / 2));
            const float kBeta = r(static_cast<float>(2 / std::sqrt(std::numbers::pi) * (std::numbers::sqrt2 / 2) * 0.5));
            for (Index i = 0; i < n; ++i) {
                const float x = a[i];
                const float cdf = r(0.5f * r(1.0f + r(std::erf(r(x * kAlpha)))));
                const float pdf = r(kBeta * r(std::exp(r(r(x * x) * -0.5f))));
                g[i] = g[i] * r(cdf + r(x * pdf));
            }
            break;
        }
        }
    }

    // cross_entropy(z, y), mean: log_softmax in m_fSm, nll in m_fNll. Writes dz of the last layer.
    ForwardResult crossEntropy(const Batch& batch, float scale) {
        const int L = m_layers;
        const Format fz = m_fLin[L - 1];
        const Matrix& z = m_z[L - 1];
        Matrix& lsm = m_lsm;
        Matrix& dz = m_dz[L - 1];
        const Index B = z.rows(), C = z.cols();
        const bool smCast = castNeeded(fz, m_fSm);
        double sumD = 0;
        float sumLow = 0;
        std::int64_t right = 0;
        for (Index i = 0; i < B; ++i) {
            const float* zi = z.data() + i * C;
            float* li = lsm.data() + i * C;
            // Accuracy from the lane's own logits (first maximum wins, NaN never does).
            Index best = 0;
            for (Index j = 1; j < C; ++j)
                if (zi[j] > zi[best] || zi[best] != zi[best]) best = j;
            const int y = batch.labels[static_cast<std::size_t>(i)];
            if (best == y && zi[best] == zi[best]) ++right;
            float m = -INFINITY;
            for (Index j = 0; j < C; ++j) {
                const float v = smCast ? round1(m_fSm, zi[j]) : zi[j];
                li[j] = v;
                m = std::max(m, v);
                if (v != v) m = v;
            }
            float s = 0;
            for (Index j = 0; j < C; ++j) s += std::exp(li[j] - m);
            const float lse = std::log(s);
            for (Index j = 0; j < C; ++j) li[j] = round1(m_fSm, (li[j] - m) - lse);
            const float nll = -round1(m_fNll, li[y]);
            if (m_reduceLow) sumLow = round1(m_low, sumLow + nll);
            else sumD += nll;
        }
        const float total = m_reduceLow ? sumLow : static_cast<float>(sumD);
        const float loss = round1(m_fNll, total / static_cast<float>(B));
        // Backward: d loss = scale (in the loss's format); nll's backward puts -(dL / B) at the target;
        // log_softmax's backward gives g_j - exp(lsm_j) * sum(g) = [j == y] g - exp(lsm_j) g.
        const float dL = round1(m_fNll, scale);
        float g = round1(m_fNll, -(dL / round1(m_fNll, static_cast<float>(B))));
        if (m_fNll != m_fSm) g = round1(m_fSm, g);
        for (Index i = 0; i < B; ++i) {
            const float* li = lsm.data() + i * C;
            float* di = dz.data() + i * C;
            const int y = batch.labels[static_cast<std::size_t>(i)];
            for (Index j = 0; j < C; ++j) {
                const float v = (j == y ? g : 0.0f) - std::exp(li[j]) * g;
                di[j] = round1(m_fSm, v);
            }
        }
        if (m_fSm != fz) roundInPlace(fz, dz.data(), dz.size());
        ForwardResult r;
        r.loss = loss;
        r.accuracy = static_cast<double>(right) / static_cast<double>(B);
        return r;
    }

    // mse_loss(z, t), mean over every element, in m_fNll.
    ForwardResult mse(const Batch& batch, float scale) {
        const int L = m_layers;
        const Format fz = m_fLin[L - 1];
        const Matrix& z = m_z[L - 1];
        const Matrix& t = *batch.targets;
        Matrix& dz = m_dz[L - 1];
        const Index n = z.size();
        const Format f = m_fNll;
        double sumD = 0;
        float sumLow = 0;
        const float alpha = round1(f, static_cast<float>(2.0 / static_cast<double>(n)));
        const float dL = round1(f, scale);
        for (Index i = 0; i < n; ++i) {
            const float d = round1(f, round1(f, z.data()[i]) - round1(f, t.data()[i]));
            const float sq = round1(f, d * d);
            if (m_reduceLow) sumLow = round1(m_low, sumLow + sq);
            else sumD += sq;
            // torch's mse backward: alpha * (z - t) * grad, alpha = 2 / numel.
            dz.data()[i] = round1(f, round1(f, alpha * d) * dL);
        }
        if (f != fz) roundInPlace(fz, dz.data(), dz.size());
        const float total = m_reduceLow ? sumLow : static_cast<float>(sumD);
        ForwardResult r;
        r.loss = round1(f, total / static_cast<float>(n));
        return r;
    }

public:
    void bindPointers() {
        m_xinPtr.assign(m_layers, nullptr);
        m_Wuse.assign(m_layers, nullptr);
        m_ainPtr.assign(m_layers, nullptr);
    }

private:
    std::vector<int> m_sizes;
    Activation m_act;
    LossKind m_loss;
    Format m_low;
    Subnormals m_sub;
    int m_layers = 0;
    std::vector<Format> m_fIn, m_fLin, m_fAct;
    Format m_fSm = Format::F32, m_fNll = Format::F32;
    bool m_reduceLow = false;
    bool m_storageBackward = false;
    std::vector<float> m_row;
    std::vector<Matrix> m_Wl;
    std::vector<Vector> m_bl;
    std::vector<Matrix> m_xin, m_ain, m_z, m_h, m_dz, m_gW;
    std::vector<Vector> m_gb;
    Matrix m_lsm;
    std::vector<const Matrix*> m_xinPtr, m_Wuse, m_ainPtr;
};

constexpr int kHistMinExp = -150;
constexpr int kHistMaxExp = 128;

void addToHistogram(std::vector<std::int64_t>& counts, std::int64_t& zeros, std::int64_t* nonFinite, const float* p,
                    Index n, float scale) {
    for (Index i = 0; i < n; ++i) {
        const float v = p[i] * scale;
        if (v == 0.0f) {
            ++zeros;
        } else if (!std::isfinite(v)) {
            if (nonFinite) ++*nonFinite;
        } else {
            const int e = std::clamp(std::ilogb(v), kHistMinExp, kHistMaxExp);
            ++counts[static_cast<std::size_t>(e - kHistMinExp)];
        }
    }
}

class CpuLane final : public LaneBackend {
public:
    CpuLane(const Scenario& s, const LaneSpec& lane, Index batch)
        : m_scenario(s),
          m_sub(lane.ftz ? Subnormals::Flush : Subnormals::Keep),
          m_net(s, lane.format, m_sub, s.policyFor(lane), batch),
          m_batch(batch) {
        m_net.bindPointers();
        const int L = m_net.layers();
        m_W.resize(L);
        m_b.resize(L);
        m_mW.resize(L);
        m_mb.resize(L);
        for (int l = 0; l < L; ++l) {
            m_W[l].resize(s.sizes[l + 1], s.sizes[l]);
            m_b[l].resize(s.sizes[l + 1]);
            m_mW[l].resize(s.sizes[l + 1], s.sizes[l]);
            m_mb[l].resize(s.sizes[l + 1]);
        }
    }

    void setWeights(const std::vector<LayerWeights>& w) override {
        for (std::size_t l = 0; l < w.size(); ++l) {
            m_W[l] = w[l].weight;
            m_b[l] = w[l].bias;
        }
        m_optW.clear();
        m_optb.clear();
        m_opt2W.clear();
        m_opt2b.clear();
        m_steps = 0;
    }

    std::vector<LayerWeights> weights() const override {
        std::vector<LayerWeights> w(m_W.size());
        for (std::size_t l = 0; l < w.size(); ++l) w[l] = {m_W[l], m_b[l]};
        return w;
    }

    ForwardResult forwardBackward(const Batch& batch, float scale) override {
        return m_net.forwardBackward(batch, m_W, m_b, scale);
    }

    GradStatistics statistics(const Batch& batch, float scale, GradHistogram* hist) override {
        if (!m_shadow) {
            AutocastPolicy f32;
            f32.linear = f32.activation = f32.softmax = f32.loss = f32.reduction = OpPolicy::F32;
            m_shadow = std::make_unique<Net>(m_scenario, Format::F32, Subnormals::Keep, f32, m_batch);
            m_shadow->bindPointers();
        }
        m_shadow->forwardBackward(batch, m_W, m_b, 1.0f);
        const Net& a = m_net;
        const Net& s = *m_shadow;
        const float minNormal = static_cast<float>(traits(a.low()).minNormal);
        std::int64_t actUnder = 0, actTotal = 0, wUnder = 0, wTotal = 0, sub = 0, over = 0;
        auto scan = [&](const float* lane, const float* shadow, Index n, std::int64_t& under, std::int64_t& total) {
            for (Index i = 0; i < n; ++i) {
                const float v = lane[i];
                if (v == 0.0f && shadow[i] != 0.0f) ++under;
                const float m = std::fabs(v);
                if (m != 0.0f && m < minNormal) ++sub;
                if (!isFinite(v)) ++over;
            }
            total += n;
        };
        auto countNonFinite = [&](const Matrix& m) {
            for (Index i = 0; i < m.size(); ++i)
                if (!isFinite(m.data()[i])) ++over;
        };
        const int L = a.layers();
        for (int l = 0; l < L; ++l) {
            scan(a.dz(l).data(), s.dz(l).data(), a.dz(l).size(), actUnder, actTotal);
            scan(a.gW(l).data(), s.gW(l).data(), a.gW(l).size(), wUnder, wTotal);
            scan(a.gb(l).data(), s.gb(l).data(), a.gb(l).size(), wUnder, wTotal);
            countNonFinite(a.z(l));
            if (l + 1 < L) countNonFinite(a.h(l));
        }
        GradStatistics g;
        g.actGradUnderflow = actTotal ? static_cast<double>(actUnder) / static_cast<double>(actTotal) : 0.0;
        g.weightGradUnderflow = wTotal ? static_cast<double>(wUnder) / static_cast<double>(wTotal) : 0.0;
        g.gradSubnormal = static_cast<double>(sub) / static_cast<double>(std::max<std::int64_t>(1, actTotal + wTotal));
        g.overflows = over;
        if (hist) {
            hist->scale = scale;
            hist->layers.clear();
            for (int l = 0; l < L; ++l) {
                for (int kind = 0; kind < 2; ++kind) {
                    LayerHistogram h;
                    h.layer = l;
                    h.weight = kind == 0;
                    h.minExponent = kHistMinExp;
                    h.counts.assign(kHistMaxExp - kHistMinExp + 1, 0);
                    h.f32Counts.assign(kHistMaxExp - kHistMinExp + 1, 0);
                    if (h.weight) {
                        addToHistogram(h.counts, h.zeros, &h.nonFinite, a.gW(l).data(), a.gW(l).size(), 1.0f);
                        addToHistogram(h.counts, h.zeros, &h.nonFinite, a.gb(l).data(), a.gb(l).size(), 1.0f);
                        addToHistogram(h.f32Counts, h.f32Zeros, nullptr, s.gW(l).data(), s.gW(l).size(), scale);
                        addToHistogram(h.f32Counts, h.f32Zeros, nullptr, s.gb(l).data(), s.gb(l).size(), scale);
                    } else {
                        addToHistogram(h.counts, h.zeros, &h.nonFinite, a.dz(l).data(), a.dz(l).size(), 1.0f);
                        addToHistogram(h.f32Counts, h.f32Zeros, nullptr, s.dz(l).data(), s.dz(l).size(), scale);
                    }
                    hist->layers.push_back(std::move(h));
                }
            }
        }
        return g;
    }

    bool unscale(float invScale) override {
        bool bad = false;
        const int L = m_net.layers();
        for (int l = 0; l < L; ++l) {
            bad |= unscaleInto(m_net.gW(l).data(), m_mW[l].data(), m_mW[l].size(), invScale);
            bad |= unscaleInto(m_net.gb(l).data(), m_mb[l].data(), m_mb[l].size(), invScale);
        }
        return bad;
    }

    double gradNorm() const override {
        double s = 0;
        for (std::size_t l = 0; l < m_mW.size(); ++l) {
            s += m_mW[l].cast<double>().squaredNorm();
            s += m_mb[l].cast<double>().squaredNorm();
        }
        return std::sqrt(s);
    }

    std::vector<LayerWeights> gradients() const override {
        std::vector<LayerWeights> g(m_mW.size());
        for (std::size_t l = 0; l < g.size(); ++l) g[l] = {m_mW[l], m_mb[l]};
        return g;
    }

    void optimizerStep() override {
        const OptimizerSpec& o = m_scenario.optimizer;
        ++m_steps;
        if (m_optW.empty() && (o.kind == OptimizerSpec::Kind::Adam || o.momentum != 0)) {
            m_optW = m_mW;
            m_optb = m_mb;
            for (auto& m : m_optW) m.setZero();
            for (auto& m : m_optb) m.setZero();
            if (o.kind == OptimizerSpec::Kind::Adam) {
                m_opt2W = m_optW;
                m_opt2b = m_optb;
            }
        }
        for (std::size_t l = 0; l < m_W.size(); ++l) {
            update(m_W[l].data(), m_mW[l].data(), m_W[l].size(), l, true);
            update(m_b[l].data(), m_mb[l].data(), m_b[l].size(), l, false);
        }
    }

    Matrix predict(const Matrix& x) const override {
        Matrix h = x;
        const int L = static_cast<int>(m_W.size());
        for (int l = 0; l < L; ++l) {
            Matrix z = h * m_W[l].transpose();
            z.rowwise() += m_b[l].transpose();
            if (l + 1 < L) {
                for (Index i = 0; i < z.size(); ++i) {
                    float& v = z.data()[i];
                    switch (m_scenario.activation) {
                    case Activation::Relu: v = v > 0 || v != v ? v : 0.0f; break;
                    case Activation::Tanh: v = std::tanh(v); break;
                    case Activation::Sigmoid: v = 1.0f / (1.0f + std::exp(-v)); break;
                    case Activation::Gelu: v = v * 0.5f * (1.0f + std::erf(v * static_cast<float>(std::numbers::sqrt2 / 2))); break;
                    }
                }
            }
            h = std::move(z);
        }
        return h;
    }

private:
    static bool unscaleInto(const float* g, float* out, Index n, float invScale) {
        bool bad = false;
        if (invScale == 1.0f) {
            std::memcpy(out, g, static_cast<std::size_t>(n) * sizeof(float));
            for (Index i = 0; i < n; ++i) bad |= !std::isfinite(g[i]);
            return bad;
        }
        for (Index i = 0; i < n; ++i) {
            out[i] = g[i] * invScale;
            bad |= !std::isfinite(out[i]);
        }
        return bad;
    }

    // torch.optim 1.13 single-tensor updates. ATen's add with alpha is a fused multiply-add on AVX2.
    // Weight decay goes into a copy (torch: grad = grad.add(param, alpha=wd)): the master gradients
    // stay as backward made them, as p.grad does, and as the CUDA lane leaves them.
    void update(float* w, const float* g, Index n, std::size_t l, bool isWeight) {
        const OptimizerSpec& o = m_scenario.optimizer;
        const float lr = static_cast<float>(o.lr);
        const float wd = static_cast<float>(o.weightDecay);
        if (o.weightDecay != 0) {
            m_decayed.resize(static_cast<std::size_t>(n));
            for (Index i = 0; i < n; ++i) m_decayed[static_cast<std::size_t>(i)] = std::fma(w[i], wd, g[i]);
            g = m_decayed.data();
        }
        if (o.kind == OptimizerSpec::Kind::Sgd) {
            if (o.momentum != 0) {
                float* buf = isWeight ? m_optW[l].data() : m_optb[l].data();
                const float mom = static_cast<float>(o.momentum);
                if (m_steps == 1) std::memcpy(buf, g, static_cast<std::size_t>(n) * sizeof(float));
                else
                    for (Index i = 0; i < n; ++i) buf[i] = buf[i] * mom + g[i];
                g = buf;
            }
            const float step = -lr;
            for (Index i = 0; i < n; ++i) w[i] = std::fma(g[i], step, w[i]);
            return;
        }
        float* m = isWeight ? m_optW[l].data() : m_optb[l].data();
        float* v = isWeight ? m_opt2W[l].data() : m_opt2b[l].data();
        const float b1 = static_cast<float>(o.beta1), b2 = static_cast<float>(o.beta2);
        const float c1 = static_cast<float>(1 - o.beta1), c2 = static_cast<float>(1 - o.beta2);
        const double bc1 = 1 - std::pow(o.beta1, static_cast<double>(m_steps));
        const double bc2 = 1 - std::pow(o.beta2, static_cast<double>(m_steps));
        const float stepSize = static_cast<float>(-(o.lr / bc1));
        const float bc2Sqrt = static_cast<float>(std::sqrt(bc2));
        const float eps = static_cast<float>(o.eps);
        for (Index i = 0; i < n; ++i) {
            m[i] = std::fma(g[i], c1, m[i] * b1);
            v[i] = v[i] * b2 + c2 * g[i] * g[i];
            const float denom = std::sqrt(v[i]) / bc2Sqrt + eps;
            w[i] = w[i] + stepSize * (m[i] / denom);
        }
    }

    const Scenario& m_scenario;
    Subnormals m_sub;
    Net m_net;
    Index m_batch;
    std::unique_ptr<Net> m_shadow;
    std::vector<Matrix> m_W, m_mW, m_optW, m_opt2W;  // master weights, master gradients, optimizer state
    std::vector<Vector> m_b, m_mb, m_optb, m_opt2b;
    std::int64_t m_steps = 0;
    std::vector<float> m_decayed;  // scratch: a gradient with weight decay added
};

}  // namespace

std::unique_ptr<LaneBackend> makeCpuLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch) {
    return std::make_unique<CpuLane>(scenario, lane, maxBatch);
}

}  // namespace presisi
