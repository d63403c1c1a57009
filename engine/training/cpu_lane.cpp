// The CPU lane: the network's numerics (cpu_net.h) in the lane's formats, float32 master weights and
// optimizer, the shadow float32 statistics, per-layer ranges and the NaN doctor's checked rerun. Buffers
// are allocated once; the step loop does not allocate. No Qt here.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numbers>

#include "../error.h"
#include "../numerics/grad_counts.h"
#include "../numerics/grad_histogram.h"
#include "../numerics/optimizer.h"
#include "cpu_net.h"
#include "lane_backend.h"
#include "range_stats.h"

namespace presisi {

namespace {

using cpu::Net;
using cpu::Probe;
using cpu::isFinite;

// Histogram binning: engine/numerics/grad_histogram.h.
void addToHistogram(std::vector<std::int64_t>& counts, std::int64_t& zeros, std::int64_t* nonFinite, const float* p,
                    Index n, float scale) {
    numerics::addToHistogram(counts, zeros, nonFinite, p, static_cast<std::size_t>(n), scale);
}

class CpuLane final : public LaneBackend {
public:
    CpuLane(const Scenario& s, const LaneSpec& lane, Index batch)
        : m_scenario(s),
          m_sub(lane.subnormals),
          m_policy(s.policyFor(lane)),
          m_net(s, lane.format, m_sub, m_policy, batch),
          m_batch(batch) {
        m_net.bindPointers();
        m_net.nativeProducts = lane.native;
        const int L = m_net.layers();
        m_weight.resize(L);
        m_bias.resize(L);
        m_gradWeight.resize(L);
        m_gradBias.resize(L);
        for (int l = 0; l < L; ++l) {
            m_weight[l].resize(s.sizes[l + 1], s.sizes[l]);
            m_bias[l].resize(s.sizes[l + 1]);
            m_gradWeight[l].resize(s.sizes[l + 1], s.sizes[l]);
            m_gradBias[l].resize(s.sizes[l + 1]);
        }
    }

    void setWeights(const std::vector<LayerWeights>& w) override {
        for (std::size_t l = 0; l < w.size(); ++l) {
            m_weight[l] = w[l].weight;
            m_bias[l] = w[l].bias;
        }
        m_moment1Weight.clear();
        m_moment1Bias.clear();
        m_moment2Weight.clear();
        m_moment2Bias.clear();
        m_steps = 0;
        m_kept = 0;
    }

    std::vector<LayerWeights> weights() const override {
        std::vector<LayerWeights> w(m_weight.size());
        for (std::size_t l = 0; l < w.size(); ++l) w[l] = {m_weight[l], m_bias[l]};
        return w;
    }

    ForwardResult forwardBackward(const Batch& batch, float scale) override {
        remember(batch, scale);
        return m_net.forwardBackward(batch, m_weight, m_bias, scale);
    }

    StepTimes lastStepTimes() const override { return {m_net.forwardSeconds(), m_net.backwardSeconds()}; }

    // After statistics() (the shadow holds the same step's float32 values).
    std::vector<TensorRange> ranges(float scale) override {
        std::vector<TensorRange> out;
        if (!m_shadow) return out;
        const Net& a = m_net;
        const Net& s = *m_shadow;
        for (int l = 0; l < a.layers(); ++l) {
            RangeAccumulator act(a.low()), grad(a.low()), weight(a.low());
            act.add(a.z(l).data(), s.z(l).data(), a.z(l).size(), 1.0f);
            grad.add(a.dz(l).data(), s.dz(l).data(), a.dz(l).size(), scale);
            weight.add(a.laneGradWeight(l).data(), s.laneGradWeight(l).data(), a.laneGradWeight(l).size(), scale);
            weight.add(a.laneGradBias(l).data(), s.laneGradBias(l).data(), a.laneGradBias(l).size(), scale);
            out.push_back(act.result(l, TensorKind::Activation));
            out.push_back(grad.result(l, TensorKind::ActivationGradient));
            out.push_back(weight.result(l, TensorKind::WeightGradient));
        }
        return out;
    }

    std::vector<TensorRange> quickRanges() const override { return quickRangesOf(m_net); }

    std::vector<std::pair<float, std::vector<TensorRange>>> leadUpRanges(int skipLast) override {
        std::vector<std::pair<float, std::vector<TensorRange>>> out;
        const std::size_t n = std::min(m_kept, kReplays);
        const std::size_t skip = std::min(n, static_cast<std::size_t>(std::max(0, skipLast)));
        Net& net = probeNet();
        for (std::size_t k = m_kept - n; k < m_kept - skip; ++k) {
            const Replay& r = m_replays[k % kReplays];
            Batch b;
            b.x = &r.x;
            if (r.hasTargets) b.targets = &r.targets;
            else b.labels = r.labels;
            net.forwardBackward(b, r.W, r.b, r.scale);
            out.emplace_back(r.scale, quickRangesOf(net));
        }
        return out;
    }

    static std::vector<TensorRange> quickRangesOf(const Net& a) {
        std::vector<TensorRange> out;
        for (int l = 0; l < a.layers(); ++l) {
            out.push_back(quickRange(a.z(l).data(), a.z(l).size(), l, TensorKind::Activation));
            out.push_back(quickRange(a.dz(l).data(), a.dz(l).size(), l, TensorKind::ActivationGradient));
            TensorRange w = quickRange(a.laneGradWeight(l).data(), a.laneGradWeight(l).size(), l, TensorKind::WeightGradient);
            const TensorRange b = quickRange(a.laneGradBias(l).data(), a.laneGradBias(l).size(), l, TensorKind::WeightGradient);
            w.absMax = std::max(w.absMax, b.absMax);
            if (!(w.absMinNonZero <= b.absMinNonZero)) w.absMinNonZero = b.absMinNonZero;
            if (std::isfinite(w.absMinNonZero)) w.binades = std::log2(w.absMax / w.absMinNonZero);
            w.overflowShare = (w.overflowShare * static_cast<double>(w.elements) +
                               b.overflowShare * static_cast<double>(b.elements)) /
                              static_cast<double>(w.elements + b.elements);
            w.elements += b.elements;
            out.push_back(w);
        }
        return out;
    }

    // The probe network, with the probe attached.
    FirstNonFinite diagnose(const Batch& batch, float scale) override {
        probeNet();
        Probe probe;
        m_probeNet->setProbe(&probe);
        m_probeNet->forwardBackward(batch, m_weight, m_bias, scale);
        m_probeNet->setProbe(nullptr);
        FirstNonFinite f;
        if (!probe.hit) {
            f.op = FaultOp::Unscale;
            f.value = kNotMeasured;
            f.formatMax = traits(Format::F32).max;
            return f;
        }
        f.layer = probe.layer;
        f.op = probe.op;
        f.tensor = probe.tensor;
        f.value = probe.value;
        f.formatMax = traits(probe.format).max;
        f.format = std::string(traits(probe.format).name);
        return f;
    }

    bool nonFiniteWeight(int& layer, double& value) const override {
        for (std::size_t l = 0; l < m_weight.size(); ++l) {
            for (const float* p : {m_weight[l].data(), m_bias[l].data()}) {
                const Index n = p == m_weight[l].data() ? m_weight[l].size() : m_bias[l].size();
                for (Index i = 0; i < n; ++i)
                    if (!std::isfinite(p[i])) {
                        layer = static_cast<int>(l);
                        value = p[i];
                        return true;
                    }
            }
        }
        return false;
    }

    GradStatistics statistics(const Batch& batch, float scale, GradHistogram* hist) override {
        if (!m_shadow) {
            AutocastPolicy f32;
            f32.linear = f32.activation = f32.softmax = f32.loss = f32.reduction = OpPolicy::F32;
            m_shadow = std::make_unique<Net>(m_scenario, Format::F32, Subnormals::Keep, f32, m_batch);
            m_shadow->bindPointers();
        }
        m_shadow->forwardBackward(batch, m_weight, m_bias, 1.0f);
        const Net& a = m_net;
        const Net& s = *m_shadow;
        const Format f = a.low();
        const auto counts = [&](const auto& lane, const auto& shadow) {
            return numerics::countGradients(lane.data(), shadow.data(), static_cast<std::size_t>(lane.size()), f);
        };
        numerics::GradCounts act, weight;
        std::int64_t forwardNonFinite = 0;
        const int L = a.layers();
        for (int l = 0; l < L; ++l) {
            act += counts(a.dz(l), s.dz(l));
            weight += counts(a.laneGradWeight(l), s.laneGradWeight(l));
            weight += counts(a.laneGradBias(l), s.laneGradBias(l));
            forwardNonFinite += counts(a.z(l), a.z(l)).nonFinite;
            if (l + 1 < L) forwardNonFinite += counts(a.h(l), a.h(l)).nonFinite;
        }
        GradStatistics g = numerics::gradStatistics(act, weight, forwardNonFinite);
        if (hist) {
            hist->scale = scale;
            hist->layers.clear();
            for (int l = 0; l < L; ++l) {
                for (int kind = 0; kind < 2; ++kind) {
                    LayerHistogram h = numerics::emptyLayerHistogram(l, kind == 0);
                    if (h.weight) {
                        h.underflowed = counts(a.laneGradWeight(l), s.laneGradWeight(l)).underflowed + counts(a.laneGradBias(l), s.laneGradBias(l)).underflowed;
                        addToHistogram(h.counts, h.zeros, &h.nonFinite, a.laneGradWeight(l).data(), a.laneGradWeight(l).size(), 1.0f);
                        addToHistogram(h.counts, h.zeros, &h.nonFinite, a.laneGradBias(l).data(), a.laneGradBias(l).size(), 1.0f);
                        addToHistogram(h.f32Counts, h.f32Zeros, nullptr, s.laneGradWeight(l).data(), s.laneGradWeight(l).size(), scale);
                        addToHistogram(h.f32Counts, h.f32Zeros, nullptr, s.laneGradBias(l).data(), s.laneGradBias(l).size(), scale);
                    } else {
                        h.underflowed = counts(a.dz(l), s.dz(l)).underflowed;
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
            bad |= unscaleInto(m_net.laneGradWeight(l).data(), m_gradWeight[l].data(), m_gradWeight[l].size(), invScale);
            bad |= unscaleInto(m_net.laneGradBias(l).data(), m_gradBias[l].data(), m_gradBias[l].size(), invScale);
        }
        return bad;
    }

    double gradNorm() const override {
        double s = 0;
        for (std::size_t l = 0; l < m_gradWeight.size(); ++l) {
            s += m_gradWeight[l].cast<double>().squaredNorm();
            s += m_gradBias[l].cast<double>().squaredNorm();
        }
        return std::sqrt(s);
    }

    std::vector<LayerWeights> gradients() const override {
        std::vector<LayerWeights> g(m_gradWeight.size());
        for (std::size_t l = 0; l < g.size(); ++l) g[l] = {m_gradWeight[l], m_gradBias[l]};
        return g;
    }

    void optimizerStep() override {
        const OptimizerSpec& o = m_scenario.optimizer;
        ++m_steps;
        if (m_moment1Weight.empty() && (o.keepsTwoMoments() || o.momentum != 0)) {
            m_moment1Weight = m_gradWeight;
            m_moment1Bias = m_gradBias;
            for (auto& m : m_moment1Weight) m.setZero();
            for (auto& m : m_moment1Bias) m.setZero();
            if (o.keepsTwoMoments()) {
                m_moment2Weight = m_moment1Weight;
                m_moment2Bias = m_moment1Bias;
            }
        }
        for (std::size_t l = 0; l < m_weight.size(); ++l) {
            update(m_weight[l].data(), m_gradWeight[l].data(), m_weight[l].size(), l, true);
            update(m_bias[l].data(), m_gradBias[l].data(), m_bias[l].size(), l, false);
        }
    }

    Matrix predict(const Matrix& x) const override {
        Matrix h = x;
        const int L = static_cast<int>(m_weight.size());
        for (int l = 0; l < L; ++l) {
            Matrix z = h * m_weight[l].transpose();
            z.rowwise() += m_bias[l].transpose();
            if (l + 1 < L) numerics::activationForward(m_scenario.activation, z.data(), z.data(), static_cast<std::size_t>(z.size()));
            h = std::move(z);
        }
        return h;
    }

private:
    // The NaN doctor's replays: each step's weights, batch and scale, for the last kReplays steps. A copy
    // per step (weights and inputs: a few per cent of the step's reads, no allocation after the first
    // round) instead of a scan of every activation and gradient.
    static constexpr std::size_t kReplays = 5;
    struct Replay {
        std::vector<Matrix> W;
        std::vector<Vector> b;
        Matrix x, targets;
        std::vector<int> labels;
        bool hasTargets = false;
        float scale = 1;
    };
    void remember(const Batch& batch, float scale) {
        Replay& r = m_replays[m_kept++ % kReplays];
        r.W = m_weight;  // same sizes after the first round: element-wise copies, no allocation
        r.b = m_bias;
        r.x = *batch.x;
        r.hasTargets = batch.targets != nullptr;
        if (r.hasTargets) r.targets = *batch.targets;
        else r.labels.assign(batch.labels.begin(), batch.labels.end());
        r.scale = scale;
    }
    // A second network in the lane's formats for the doctor's reruns (built on the first fault only).
    Net& probeNet() {
        if (!m_probeNet) {
            m_probeNet = std::make_unique<Net>(m_scenario, m_net.low(), m_sub, m_policy, m_batch);
            m_probeNet->bindPointers();
            m_probeNet->nativeProducts = m_net.nativeProducts;
        }
        return *m_probeNet;
    }

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

    // torch.optim's single-tensor updates of the scenario's PyTorch version (engine/numerics/optimizer.h); the master gradients stay as
    // backward made them, as p.grad does, and as the CUDA lane leaves them.
    void update(float* w, const float* g, Index n, std::size_t l, bool isWeight) {
        const OptimizerSpec& o = m_scenario.optimizer;
        const auto count = static_cast<std::size_t>(n);
        float* first = m_moment1Weight.empty() ? nullptr : isWeight ? m_moment1Weight[l].data() : m_moment1Bias[l].data();
        if (o.kind == OptimizerSpec::Kind::Sgd) {
            numerics::sgdStep(w, g, first, count, o, m_steps == 1);
            return;
        }
        float* second = isWeight ? m_moment2Weight[l].data() : m_moment2Bias[l].data();
        numerics::adamStep(w, g, first, second, count, o, m_steps, m_scenario.torchVersion);
    }

    const Scenario& m_scenario;
    Subnormals m_sub;
    AutocastPolicy m_policy;
    Net m_net;
    Index m_batch;
    std::unique_ptr<Net> m_shadow;
    std::unique_ptr<Net> m_probeNet;  // the NaN doctor's checked pass and replays
    std::array<Replay, kReplays> m_replays;
    std::size_t m_kept = 0;  // steps remembered so far (the ring holds the last min(m_kept, kReplays))
    // Per layer l, float32; the CUDA lane's names (cuda_lane.cpp). Every *Weight (out, in), every *Bias (out).
    std::vector<Matrix> m_weight;         // master weights
    std::vector<Vector> m_bias;
    std::vector<Matrix> m_gradWeight;     // master gradients (the lane's, unscaled)
    std::vector<Vector> m_gradBias;
    std::vector<Matrix> m_moment1Weight;  // SGD's momentum buffer, or Adam's exp_avg
    std::vector<Vector> m_moment1Bias;
    std::vector<Matrix> m_moment2Weight;  // Adam's exp_avg_sq
    std::vector<Vector> m_moment2Bias;
    std::int64_t m_steps = 0;
};

}  // namespace

std::unique_ptr<LaneBackend> makeCpuLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch) {
    return std::make_unique<CpuLane>(scenario, lane, maxBatch);
}

}  // namespace presisi
