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
#include "../numerics/bf16_weights.h"
#include "../numerics/norm.h"
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

numerics::DelayedScalingSettings delayedSettings(const Scenario& s) {
    numerics::DelayedScalingSettings d;
    d.historyLength = s.amaxHistory;
    d.margin = s.fp8Margin;
    return d;
}

class CpuLane final : public LaneBackend {
    // One parameter tensor: the master (float32), its master gradient, the lane's gradient it comes from
    // (scaled, in the Net), the micro-batches' sum (gradient accumulation) and the optimizer's moments.
    struct Slot {
        float* param = nullptr;
        float* grad = nullptr;
        const float* lane = nullptr;
        Index n = 0;
        std::vector<float> sum, moment1, moment2;
    };

public:
    CpuLane(const Scenario& s, const LaneSpec& lane, Index batch)
        : m_scenario(s),
          m_sub(lane.subnormals),
          m_policy(s.policyFor(lane)),
          m_net(s, lane.format, m_sub, m_policy, batch),
          m_batch(batch),
          m_lane(lane) {
        m_net.bindPointers();
        m_net.nativeProducts = lane.native;
        m_net.naiveStats = lane.naiveStats;
        const int L = m_net.layers();
        m_weight.resize(L);
        m_bias.resize(L);
        m_gradWeight.resize(L);
        m_gradBias.resize(L);
        for (auto* v : {&m_normWeight, &m_normBias, &m_gradNormWeight, &m_gradNormBias, &m_runningMean, &m_runningVar})
            v->resize(L);
        for (int l = 0; l < L; ++l) {
            const Index out = s.sizes[l + 1];
            m_weight[l].resize(out, s.sizes[l]);
            m_bias[l].resize(out);
            m_gradWeight[l].resize(out, s.sizes[l]);
            m_gradBias[l].resize(out);
            if (m_net.hasNorm(l))
                for (auto* v : {&m_normWeight, &m_normBias, &m_gradNormWeight, &m_gradNormBias, &m_runningMean, &m_runningVar})
                    (*v)[l].setZero(out);
        }
        // Every parameter tensor the optimizer updates, in nn.Module order: each linear's weight and bias,
        // then its normalisation's weight and (but RMSNorm) bias.
        for (int l = 0; l < L; ++l) {
            addSlot(m_weight[l].data(), m_gradWeight[l].data(), m_net.laneGradWeight(l).data(), m_weight[l].size());
            addSlot(m_bias[l].data(), m_gradBias[l].data(), m_net.laneGradBias(l).data(), m_bias[l].size());
            if (!m_net.hasNorm(l)) continue;
            addSlot(m_normWeight[l].data(), m_gradNormWeight[l].data(), m_net.laneGradNormWeight(l).data(), m_normWeight[l].size());
            if (s.norm != NormKind::Rms)
                addSlot(m_normBias[l].data(), m_gradNormBias[l].data(), m_net.laneGradNormBias(l).data(), m_normBias[l].size());
        }
        if (m_lane.pure) {
            const auto rounding = lane.stochasticWeights ? numerics::WeightRounding::Stochastic
                                  : lane.kahanWeights    ? numerics::WeightRounding::Kahan
                                                         : numerics::WeightRounding::Nearest;
            Index largest = 0;
            for (const Slot& slot : m_slots) largest = std::max(largest, slot.n);
            m_before.resize(static_cast<std::size_t>(largest));
            m_bf16.assign(m_slots.size(), numerics::Bf16Weights(rounding));
        }
    }

    void setWeights(const std::vector<LayerWeights>& w) override {
        for (std::size_t l = 0; l < w.size(); ++l) {
            m_weight[l] = w[l].weight;
            m_bias[l] = w[l].bias;
        }
        // nn.LayerNorm/RMSNorm/BatchNorm1d start with weight 1 and bias 0, running mean 0 and variance 1.
        for (std::size_t l = 0; l < m_normWeight.size(); ++l) {
            m_normWeight[l].setOnes();
            m_normBias[l].setZero();
            m_runningMean[l].setZero();
            m_runningVar[l].setOnes();
        }
        for (std::size_t k = 0; k < m_slots.size(); ++k) {
            Slot& slot = m_slots[k];
            slot.moment1.clear();
            slot.moment2.clear();
            if (!m_lane.pure) continue;
            // model.to(torch.bfloat16): the weights start rounded; each tensor's random stream from the seed.
            roundSpan(Format::BF16, {slot.param, static_cast<std::size_t>(slot.n)}, {slot.param, static_cast<std::size_t>(slot.n)});
            m_bf16[k].reset(m_scenario.seed * 0x9E3779B97F4A7C15ull + k + 1, static_cast<std::size_t>(slot.n));
        }
        // Lanes of 8 bits and below start with fresh casts: delayed scaling's histories empty, the stochastic
        // streams at the seed (a reset run repeats the first).
        if (m_lane.scaled) m_net.setScaled(ScaledLinears(m_lane, m_scenario.sizes, delayedSettings(m_scenario), m_scenario.seed));
        m_steps = 0;
        m_kept = 0;
        m_micro = 0;
    }

    std::vector<LayerWeights> weights() const override {
        std::vector<LayerWeights> w(m_weight.size());
        for (std::size_t l = 0; l < w.size(); ++l) w[l] = {m_weight[l], m_bias[l]};
        return w;
    }

    ForwardResult forwardBackward(const Batch& batch, float scale) override {
        remember(batch, scale);
        const ForwardResult r = m_net.forwardBackward(batch, m_weight, m_bias, m_normWeight, m_normBias, scale);
        if (m_scenario.norm == NormKind::Batch) {
            // nn.BatchNorm1d updates its running statistics in every training forward.
            for (int l = 0; l + 1 < m_net.layers(); ++l)
                numerics::updateRunning(m_net.norm(l), m_runningMean[l].data(), m_runningVar[l].data(), m_runningMean[l].size());
        }
        if (m_scenario.gradAccum > 1) accumulate();
        return r;
    }

    std::vector<CastRecord> castRecords() const override {
        return m_net.scaled() ? m_net.scaled()->records() : std::vector<CastRecord>{};
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
            if (a.hasNorm(l)) {
                // A layer's activations include its normalised output; its weight gradients the norm's.
                act.add(a.normOut(l).data(), s.normOut(l).data(), a.normOut(l).size(), 1.0f);
                weight.add(a.laneGradNormWeight(l).data(), s.laneGradNormWeight(l).data(), a.laneGradNormWeight(l).size(), scale);
                weight.add(a.laneGradNormBias(l).data(), s.laneGradNormBias(l).data(), a.laneGradNormBias(l).size(), scale);
            }
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
            net.forwardBackward(b, r.W, r.b, r.normW, r.normB, r.scale);
            out.emplace_back(r.scale, quickRangesOf(net));
        }
        return out;
    }

    static std::vector<TensorRange> quickRangesOf(const Net& a) {
        std::vector<TensorRange> out;
        const auto merge = [](TensorRange& w, const TensorRange& b) {
            w.absMax = std::max(w.absMax, b.absMax);
            if (!(w.absMinNonZero <= b.absMinNonZero)) w.absMinNonZero = b.absMinNonZero;
            if (std::isfinite(w.absMinNonZero)) w.binades = std::log2(w.absMax / w.absMinNonZero);
            w.overflowShare = (w.overflowShare * static_cast<double>(w.elements) +
                               b.overflowShare * static_cast<double>(b.elements)) /
                              static_cast<double>(w.elements + b.elements);
            w.elements += b.elements;
        };
        for (int l = 0; l < a.layers(); ++l) {
            const bool norm = a.hasNorm(l);
            TensorRange act = quickRange(a.z(l).data(), a.z(l).size(), l, TensorKind::Activation);
            if (norm) merge(act, quickRange(a.normOut(l).data(), a.normOut(l).size(), l, TensorKind::Activation));
            out.push_back(act);
            out.push_back(quickRange(a.dz(l).data(), a.dz(l).size(), l, TensorKind::ActivationGradient));
            TensorRange w = quickRange(a.laneGradWeight(l).data(), a.laneGradWeight(l).size(), l, TensorKind::WeightGradient);
            merge(w, quickRange(a.laneGradBias(l).data(), a.laneGradBias(l).size(), l, TensorKind::WeightGradient));
            if (norm) {
                merge(w, quickRange(a.laneGradNormWeight(l).data(), a.laneGradNormWeight(l).size(), l, TensorKind::WeightGradient));
                merge(w, quickRange(a.laneGradNormBias(l).data(), a.laneGradNormBias(l).size(), l, TensorKind::WeightGradient));
            }
            out.push_back(w);
        }
        return out;
    }

    // The probe network, with the probe attached.
    FirstNonFinite diagnose(const Batch& batch, float scale) override {
        probeNet();
        Probe probe;
        m_probeNet->setProbe(&probe);
        m_probeNet->forwardBackward(batch, m_weight, m_bias, m_normWeight, m_normBias, scale);
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
            f32.linear = f32.activation = f32.softmax = f32.loss = f32.reduction = f32.norm = OpPolicy::F32;
            m_shadow = std::make_unique<Net>(m_scenario, Format::F32, Subnormals::Keep, f32, m_batch);
            m_shadow->bindPointers();
            m_shadow->naiveStats = m_net.naiveStats;  // the same formulas, in float32
        }
        m_shadow->forwardBackward(batch, m_weight, m_bias, m_normWeight, m_normBias, 1.0f);
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
            if (a.hasNorm(l)) {
                weight += counts(a.laneGradNormWeight(l), s.laneGradNormWeight(l));
                weight += counts(a.laneGradNormBias(l), s.laneGradNormBias(l));
                forwardNonFinite += counts(a.normOut(l), a.normOut(l)).nonFinite;
            }
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

    // With accumulation, once per step on the K micro-batches' sum (GradScaler.unscale_ after the last
    // backward): an inf or NaN of any micro-batch survives the sum.
    bool unscale(float invScale) override {
        bool bad = false;
        const bool summed = m_scenario.gradAccum > 1;
        for (Slot& slot : m_slots) bad |= unscaleInto(summed ? slot.sum.data() : slot.lane, slot.grad, slot.n, invScale);
        m_micro = 0;
        return bad;
    }

    // Over every parameter, the normalisations' included (torch.nn.utils.clip_grad_norm_'s total norm).
    double gradNorm() const override {
        double s = 0;
        for (const Slot& slot : m_slots)
            for (Index i = 0; i < slot.n; ++i) s += static_cast<double>(slot.grad[i]) * slot.grad[i];
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
        for (std::size_t k = 0; k < m_slots.size(); ++k) {
            Slot& slot = m_slots[k];
            const auto n = static_cast<std::size_t>(slot.n);
            if (slot.moment1.empty() && (o.keepsTwoMoments() || o.momentum != 0)) slot.moment1.assign(n, 0.0f);
            if (slot.moment2.empty() && o.keepsTwoMoments()) slot.moment2.assign(n, 0.0f);
            if (m_lane.pure) std::memcpy(m_before.data(), slot.param, n * sizeof(float));
            update(slot);
            // +pure: the float32 result back into bf16 weights (nearest, stochastic or compensated).
            if (m_lane.pure) m_bf16[k].round(m_before.data(), slot.param, n);
        }
    }

    Matrix predict(const Matrix& x) const override {
        Matrix h = x;
        const int L = static_cast<int>(m_weight.size());
        for (int l = 0; l < L; ++l) {
            Matrix z = h * m_weight[l].transpose();
            z.rowwise() += m_bias[l].transpose();
            if (m_net.hasNorm(l))
                numerics::normEvaluate(m_scenario.norm, z.data(), z.rows(), z.cols(), m_normWeight[l].data(),
                                       m_normBias[l].data(), m_runningMean[l].data(), m_runningVar[l].data(), z.data());
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
        std::vector<Vector> b, normW, normB;
        Matrix x, targets;
        std::vector<int> labels;
        bool hasTargets = false;
        float scale = 1;
    };
    void remember(const Batch& batch, float scale) {
        Replay& r = m_replays[m_kept++ % kReplays];
        r.W = m_weight;  // same sizes after the first round: element-wise copies, no allocation
        r.b = m_bias;
        r.normW = m_normWeight;
        r.normB = m_normBias;
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
            m_probeNet->naiveStats = m_net.naiveStats;
        }
        // The casts with the scales of the lane's last pass (delayed scaling's history has moved on since).
        if (m_net.scaled()) m_probeNet->setScaled(m_net.scaled()->frozenAtLastPass());
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
    void update(Slot& slot) {
        const OptimizerSpec& o = m_scenario.optimizer;
        const auto count = static_cast<std::size_t>(slot.n);
        float* first = slot.moment1.empty() ? nullptr : slot.moment1.data();
        if (o.kind == OptimizerSpec::Kind::Sgd) {
            numerics::sgdStep(slot.param, slot.grad, first, count, o, m_steps == 1);
            return;
        }
        numerics::adamStep(slot.param, slot.grad, first, slot.moment2.data(), count, o, m_steps, m_scenario.torchVersion);
    }

    void addSlot(float* param, float* grad, const float* lane, Index n) {
        Slot slot;
        slot.param = param;
        slot.grad = grad;
        slot.lane = lane;
        slot.n = n;
        if (m_scenario.gradAccum > 1) slot.sum.resize(static_cast<std::size_t>(n));
        m_slots.push_back(std::move(slot));
    }

    // After micro-batch m's backward: sum = lane gradient (m = 0), else sum + lane gradient, in float32
    // (AccumulateGrad into a float32 .grad) or, with +accum-low, rounded to the lane's format after
    // every addition (a .grad held in that format).
    void accumulate() {
        for (Slot& slot : m_slots) {
            float* sum = slot.sum.data();
            if (m_micro == 0) {
                std::memcpy(sum, slot.lane, static_cast<std::size_t>(slot.n) * sizeof(float));
            } else if (m_lane.lowGradAccum && m_net.low() != Format::F32) {
                for (Index i = 0; i < slot.n; ++i) sum[i] = roundTo(m_net.low(), sum[i] + slot.lane[i], m_sub);
            } else {
                for (Index i = 0; i < slot.n; ++i) sum[i] += slot.lane[i];
            }
        }
        ++m_micro;
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
    // Per hidden layer with a normalisation (empty elsewhere), float32 (out): its weight and bias (RMSNorm's
    // bias stays 0 and unused), their master gradients, BatchNorm's running mean and variance.
    std::vector<Vector> m_normWeight, m_normBias, m_gradNormWeight, m_gradNormBias, m_runningMean, m_runningVar;
    std::vector<Slot> m_slots;  // every parameter tensor (addSlot), pointing into the members above
    std::int64_t m_steps = 0;
    int m_micro = 0;       // micro-batches accumulated since the last unscale
    std::vector<numerics::Bf16Weights> m_bf16;  // +pure: per slot, how its update is rounded back into bf16
    std::vector<float> m_before;                // +pure: a slot's weights before the optimizer step
    LaneSpec m_lane;  // its +pure (bf16 weights, no float32 master copy), +accum-low, casts of 8 bits and below
};

}  // namespace

std::unique_ptr<LaneBackend> makeCpuLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch) {
    return std::make_unique<CpuLane>(scenario, lane, maxBatch);
}

}  // namespace presisi
