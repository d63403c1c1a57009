// CpuLane: the CPU lane's weights, optimizer, statistics and NaN doctor around the MLP's ops (cpu_lane.h).
#include "cpu_lane.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "../numerics/norm.h"
#include "../numerics/optimizer.h"
#include "cpu_lane_stats.h"
#include "first_fault.h"

namespace presisi {

namespace {

numerics::DelayedScalingSettings delayedSettings(const Scenario& s) {
    numerics::DelayedScalingSettings d;
    d.historyLength = s.amaxHistory;
    d.margin = s.fp8Margin;
    return d;
}

ops::MlpOptions mlpOptions(const LaneSpec& lane) { return {lane.native, lane.naiveStats}; }

// master gradients out = g · invScale (a copy at 1); true when any is inf or NaN.
bool unscaleInto(const float* g, float* out, Index n, float invScale) {
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

}  // namespace

CpuLane::CpuLane(const Scenario& s, const LaneSpec& lane, Index batch)
    : m_scenario(s),
      m_sub(lane.subnormals),
      m_policy(s.policyFor(lane)),
      m_net(s, lane.format, m_sub, m_policy, batch, mlpOptions(lane)),
      m_batch(batch),
      m_lane(lane) {
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

void CpuLane::setWeights(const std::vector<LayerWeights>& w) {
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
        roundSpan(Format::BF16, span(slot.param, slot.n), span(slot.param, slot.n));
        m_bf16[k].reset(m_scenario.seed * 0x9E3779B97F4A7C15ull + k + 1, static_cast<std::size_t>(slot.n));
    }
    // Lanes of 8 bits and below start with fresh casts: delayed scaling's histories empty, the stochastic
    // streams at the seed (a reset run repeats the first).
    if (m_lane.scaled) m_net.setScaled(ScaledLinears(m_lane, m_scenario.sizes, delayedSettings(m_scenario), m_scenario.seed));
    m_steps = 0;
    m_replays.clear();
    m_micro = 0;
}

std::vector<LayerWeights> CpuLane::weights() const {
    std::vector<LayerWeights> w(m_weight.size());
    for (std::size_t l = 0; l < w.size(); ++l) w[l] = {m_weight[l], m_bias[l]};
    return w;
}

ForwardResult CpuLane::forwardBackward(const Batch& batch, float scale) {
    m_replays.remember(batch, scale, m_weight, m_bias, m_normWeight, m_normBias);
    const ForwardResult r = m_net.forwardBackward(batch, m_weight, m_bias, m_normWeight, m_normBias, scale);
    if (m_scenario.norm == NormKind::Batch) {
        // nn.BatchNorm1d updates its running statistics in every training forward.
        for (int l = 0; l + 1 < m_net.layers(); ++l)
            numerics::updateRunning(m_net.norm(l), m_runningMean[l].data(), m_runningVar[l].data(), m_runningMean[l].size());
    }
    if (m_scenario.gradAccum > 1) accumulate();
    return r;
}

std::vector<CastRecord> CpuLane::castRecords() const {
    return m_net.scaled() ? m_net.scaled()->records() : std::vector<CastRecord>{};
}

std::vector<TensorRange> CpuLane::ranges(float scale) {
    if (!m_shadow) return {};
    return cpu_stats::ranges(m_net, *m_shadow, scale);
}

std::vector<TensorRange> CpuLane::quickRanges() const { return cpu_stats::quickRanges(m_net); }

std::vector<std::pair<float, std::vector<TensorRange>>> CpuLane::leadUpRanges(int skipLast) {
    std::vector<std::pair<float, std::vector<TensorRange>>> out;
    ops::Mlp& net = probeNet();
    m_replays.forEach(skipLast, [&](const StepReplays::Step& r) {
        net.forwardBackward(r.batch(), r.W, r.b, r.normW, r.normB, r.scale);
        out.emplace_back(r.scale, cpu_stats::quickRanges(net));
    });
    return out;
}

// The probe network with the doctor's observer attached.
FirstNonFinite CpuLane::diagnose(const Batch& batch, float scale) {
    ops::Mlp& net = probeNet();
    FirstFault probe;
    net.setObserver(&probe);
    net.forwardBackward(batch, m_weight, m_bias, m_normWeight, m_normBias, scale);
    net.setObserver(nullptr);
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

bool CpuLane::nonFiniteWeight(int& layer, double& value) const {
    for (std::size_t l = 0; l < m_weight.size(); ++l) {
        for (const auto& p : {span(m_weight[l]), span(m_bias[l])})
            for (const float v : p)
                if (!std::isfinite(v)) {
                    layer = static_cast<int>(l);
                    value = v;
                    return true;
                }
    }
    return false;
}

GradStatistics CpuLane::statistics(const Batch& batch, float scale, GradHistogram* hist) {
    if (!m_shadow) {
        AutocastPolicy f32;
        f32.linear = f32.activation = f32.softmax = f32.loss = f32.reduction = f32.norm = OpPolicy::F32;
        // The same formulas in float32 (+naive-stats too), float32 products.
        m_shadow = std::make_unique<ops::Mlp>(m_scenario, Format::F32, Subnormals::Keep, f32, m_batch,
                                              ops::MlpOptions{false, m_net.options().naiveStats});
    }
    m_shadow->forwardBackward(batch, m_weight, m_bias, m_normWeight, m_normBias, 1.0f);
    return cpu_stats::gradStatistics(m_net, *m_shadow, scale, hist);
}

// With accumulation, once per step on the K micro-batches' sum (GradScaler.unscale_ after the last
// backward): an inf or NaN of any micro-batch survives the sum.
bool CpuLane::unscale(float invScale) {
    bool bad = false;
    const bool summed = m_scenario.gradAccum > 1;
    for (Slot& slot : m_slots) bad |= unscaleInto(summed ? slot.sum.data() : slot.lane, slot.grad, slot.n, invScale);
    m_micro = 0;
    return bad;
}

// Over every parameter, the normalisations' included (torch.nn.utils.clip_grad_norm_'s total norm).
double CpuLane::gradNorm() const {
    double s = 0;
    for (const Slot& slot : m_slots)
        for (Index i = 0; i < slot.n; ++i) s += static_cast<double>(slot.grad[i]) * slot.grad[i];
    return std::sqrt(s);
}

std::vector<LayerWeights> CpuLane::gradients() const {
    std::vector<LayerWeights> g(m_gradWeight.size());
    for (std::size_t l = 0; l < g.size(); ++l) g[l] = {m_gradWeight[l], m_gradBias[l]};
    return g;
}

void CpuLane::optimizerStep() {
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

Matrix CpuLane::predict(const Matrix& x) const {
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

ops::Mlp& CpuLane::probeNet() {
    if (!m_probeNet)
        m_probeNet = std::make_unique<ops::Mlp>(m_scenario, m_net.low(), m_sub, m_policy, m_batch, m_net.options());
    // The casts with the scales of the lane's last pass (delayed scaling's history has moved on since).
    if (m_net.scaled()) m_probeNet->setScaled(m_net.scaled()->frozenAtLastPass());
    return *m_probeNet;
}

// torch.optim's single-tensor updates of the scenario's PyTorch version (engine/numerics/optimizer.h); the
// master gradients stay as backward made them, as p.grad does, and as the CUDA lane leaves them.
void CpuLane::update(Slot& slot) {
    const OptimizerSpec& o = m_scenario.optimizer;
    const auto count = static_cast<std::size_t>(slot.n);
    float* first = slot.moment1.empty() ? nullptr : slot.moment1.data();
    if (o.kind == OptimizerSpec::Kind::Sgd) {
        numerics::sgdStep(slot.param, slot.grad, first, count, o, m_steps == 1);
        return;
    }
    numerics::adamStep(slot.param, slot.grad, first, slot.moment2.data(), count, o, m_steps, m_scenario.torchVersion);
}

void CpuLane::addSlot(float* param, float* grad, const float* lane, Index n) {
    Slot slot;
    slot.param = param;
    slot.grad = grad;
    slot.lane = lane;
    slot.n = n;
    if (m_scenario.gradAccum > 1) slot.sum.resize(static_cast<std::size_t>(n));
    m_slots.push_back(std::move(slot));
}

// After micro-batch m's backward: sum = lane gradient (m = 0), else sum + lane gradient, in float32
// (AccumulateGrad into a float32 .grad) or, with +accum-low, rounded to the lane's format after every
// addition (a .grad held in that format).
void CpuLane::accumulate() {
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

std::unique_ptr<LaneBackend> makeCpuLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch) {
    return std::make_unique<CpuLane>(scenario, lane, maxBatch);
}

}  // namespace presisi
