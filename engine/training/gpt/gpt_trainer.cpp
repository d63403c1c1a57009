// GptTrainer: the tiny transformer's training loop in one lane (gpt_trainer.h).
#include "gpt_trainer.h"

#include <algorithm>
#include <cmath>

#include "../../numerics/optimizer.h"
#include "../first_fault.h"

namespace presisi {

GptTrainer::GptTrainer(const GptConfig& config, const GptTrainSettings& settings, const TokenData& data)
    : m_settings(settings),
      m_data(data),
      m_params(gptInit(config)),
      m_grads(GptParams::zerosLike(m_params)),
      m_m(GptParams::zerosLike(m_params)),
      m_v(GptParams::zerosLike(m_params)),
      m_model(config, settings.low, settings.policy, settings.batch, data.tokens) {
    m_scale.scale = settings.scaler ? static_cast<float>(settings.scalerSettings.initScale) : 1.0f;
    m_model.setStats(settings.stats);
    // The four sets' tensors, listed once: their buffers keep their places (the gradients are assigned in
    // place, shapes unchanged).
    m_paramList = m_params.tensors();
    m_gradList = m_grads.tensors();
    m_mList = m_m.tensors();
    m_vList = m_v.tensors();
    const auto n = static_cast<std::size_t>(settings.batch * data.tokens);
    m_ids.resize(n);
    m_targets.resize(n);
}

// Batch k: rows (k·B + i) mod N.
void GptTrainer::takeBatch(std::int64_t k) {
    const Index B = m_settings.batch, T = m_data.tokens;
    for (Index i = 0; i < B; ++i) {
        const Index row = (k * B + i) % m_data.rows;
        std::copy_n(m_data.ids.begin() + row * T, T, m_ids.begin() + i * T);
        std::copy_n(m_data.targets.begin() + row * T, T, m_targets.begin() + i * T);
    }
}

GptStep GptTrainer::step() {
    takeBatch(m_step);
    GptStep s;
    s.scale = m_scale.scale;
    s.loss = m_model.forwardBackward(m_ids, m_targets, m_params, m_scale.scale);
    m_model.gradients(m_grads);
    if (m_settings.stats) {
        s.heads = m_model.headStats();
        s.residual = m_model.streamStats();
        s.logZ = m_model.loss().meanLogZ();
    }
    if (!m_diagnosed && (!std::isfinite(s.loss) || (!m_settings.scaler && !finiteGradients()))) {
        m_diagnosed = true;
        s.fault = diagnose();
    }
    const bool foundInf = m_settings.scaler && unscale(m_scale.scale);
    s.gradNorm = clip();
    s.skipped = foundInf;
    if (!foundInf) update(m_settings.stats ? &s : nullptr);
    else if (m_settings.stats) s.updateRatio.assign(decayedNames().size(), 0.0);
    if (m_settings.scaler) m_scale = numerics::updateLossScale(m_scale, foundInf, m_settings.scalerSettings);
    ++m_step;
    return s;
}

bool GptTrainer::finiteGradients() {
    for (const GptParams::Tensor& g : m_gradList)
        for (Index i = 0; i < g.size; ++i)
            if (!std::isfinite(g.data[i])) return false;
    return true;
}

// The step rerun on the same batch and weights with every op checked (FirstFault): the first result that is
// inf or NaN, or rounds to inf in its op's format, named.
GptFault GptTrainer::diagnose() {
    FirstFault first;
    m_model.setObserver(&first);
    m_model.forwardBackward(m_ids, m_targets, m_params, m_scale.scale);
    m_model.setObserver(nullptr);
    GptFault f;
    f.step = m_step;
    f.op = first.hit ? m_model.siteName(first.site) : "the optimizer's inputs";
    f.value = first.hit ? first.value : NAN;
    f.format = first.hit ? first.format : Format::F32;
    return f;
}

// GradScaler.unscale_: every gradient times float(1 / scale) (the reciprocal in double); true when any
// gradient is inf or NaN.
bool GptTrainer::unscale(float scale) {
    const auto inv = static_cast<float>(1.0 / static_cast<double>(scale));
    bool bad = false;
    for (const GptParams::Tensor& g : m_gradList)
        for (Index i = 0; i < g.size; ++i) {
            g.data[i] *= inv;
            bad |= !std::isfinite(g.data[i]);
        }
    return bad;
}

// clip_grad_norm_(parameters, max_norm): each gradient's 2-norm, the 2-norm of those norms,
// coef = (1 / (total + 1e-6)) · max_norm (Python's float / tensor is reciprocal then multiply), clamped
// to 1, every gradient times it (also at 1). The sums of squares in double, each norm rounded to float32
// once (ATen sums in float32 lanes: the last bit may differ). Returns the total norm.
float GptTrainer::clip() {
    double total = 0;
    for (const GptParams::Tensor& g : m_gradList) {
        double sq = 0;
        for (Index i = 0; i < g.size; ++i) sq += static_cast<double>(g.data[i]) * g.data[i];
        const auto norm = static_cast<float>(std::sqrt(sq));
        total += static_cast<double>(norm) * norm;
    }
    const auto totalNorm = static_cast<float>(std::sqrt(total));
    if (m_settings.clip <= 0) return totalNorm;
    const float coef = (1.0f / (totalNorm + 1e-6f)) * static_cast<float>(m_settings.clip);
    const float clamped = std::min(coef, 1.0f);
    for (const GptParams::Tensor& g : m_gradList)
        for (Index i = 0; i < g.size; ++i) g.data[i] *= clamped;
    return totalNorm;
}

std::vector<std::string> GptTrainer::decayedNames() {
    std::vector<std::string> names;
    for (const GptParams::Tensor& t : m_paramList)
        if (t.decays) names.push_back(t.name);
    return names;
}

// AdamW (torch 2.x's single-tensor update), one step count for every tensor. With `s`, each decayed matrix's
// RMS(ΔW) / RMS(W before), in double.
void GptTrainer::update(GptStep* s) {
    ++m_updates;
    OptimizerSpec spec;
    spec.kind = OptimizerSpec::Kind::AdamW;
    spec.lr = m_settings.lr;
    spec.beta1 = m_settings.beta1;
    spec.beta2 = m_settings.beta2;
    spec.eps = m_settings.eps;
    const std::vector<GptParams::Tensor>& p = m_paramList;
    for (std::size_t i = 0; i < p.size(); ++i) {
        spec.weightDecay = p[i].decays ? m_settings.weightDecay : 0.0;
        const bool ratio = s && p[i].decays;
        if (ratio) m_before.assign(p[i].data, p[i].data + p[i].size);
        numerics::adamStep(p[i].data, m_gradList[i].data, m_mList[i].data, m_vList[i].data,
                           static_cast<std::size_t>(p[i].size), spec, m_updates, TorchVersion::V2);
        if (!ratio) continue;
        double dw = 0, w = 0;
        for (Index k = 0; k < p[i].size; ++k) {
            const double before = m_before[static_cast<std::size_t>(k)];
            dw += (p[i].data[k] - before) * (p[i].data[k] - before);
            w += before * before;
        }
        s->updateRatio.push_back(w > 0 ? std::sqrt(dw / w) : 0.0);
    }
}

}  // namespace presisi
