// The GEMM operands of a training lane of 8 bits and below, cast per layer and product. No Qt here.
#include "scaled_linears.h"

#include <cmath>

namespace presisi {

void summariseCasts(const std::vector<CastRecord>& casts, StepRecord& r) {
    for (const CastRecord& c : casts) {
        StepRecord::CastWorst& w = r.castWorst[static_cast<std::size_t>(c.operand)];
        const double max = traits(traits(c.format).element).max;
        if (c.layer >= 0 && c.layer < StepRecord::kCastLayers) {
            StepRecord::CastScale& k = r.castScales[static_cast<std::size_t>(c.layer)][static_cast<std::size_t>(c.operand)];
            k.amax = static_cast<float>(c.amax);
            k.fitAmax = static_cast<float>(max / c.scale);  // NaN for MX
        }
        const auto sat = static_cast<float>(c.saturatedShare), uf = static_cast<float>(c.underflowShare);
        const auto use = static_cast<float>(c.amax * c.scale / max);  // NaN for MX
        // NaN until a layer gives a number: the first layer's value, then the larger (smaller).
        if (std::isnan(w.saturatedShare) || sat > w.saturatedShare) w.saturatedShare = sat;
        if (std::isnan(w.underflowShare) || uf > w.underflowShare) w.underflowShare = uf;
        if (std::isnan(w.rangeUseLow) || use < w.rangeUseLow) w.rangeUseLow = use;
        if (std::isnan(w.rangeUseHigh) || use > w.rangeUseHigh) w.rangeUseHigh = use;
    }
}

ScaledLinears::ScaledLinears(const Lane& lane, const std::vector<int>& sizes,
                             const numerics::DelayedScalingSettings& delayed, std::uint64_t seed) {
    const ScaledFormat forward = *lane.scaled;
    // fp8 (HYBRID): e5m2 gradients; otherwise every operand in the lane's format.
    const ScaledFormat gradient = lane.hybrid ? ScaledFormat::E5M2 : forward;
    m_blocks = traits(forward).blockSize > 0;
    numerics::DelayedScalingSettings d = delayed;
    if (lane.mostRecent) d.algo = numerics::AmaxAlgo::MostRecent;
    m_layers.resize(sizes.size() - 1);
    const bool nvfp4 = forward == ScaledFormat::Nvfp4;
    m_squareWeights = nvfp4 && !lane.noSquareWeights;
    m_hadamard = nvfp4 && !lane.noHadamard;
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        Layer& layer = m_layers[l];
        for (int k = 0; k < numerics::kGemmOperands; ++k) {
            const ScaledFormat f = k == static_cast<int>(numerics::GemmOperand::OutputGradient) ? gradient : forward;
            layer.casts[static_cast<std::size_t>(k)] = numerics::OperandCast(f, lane.overflow, lane.scaleMode, lane.delayed, d);
        }
        if (m_squareWeights) layer.casts[1].useSquareBlocks();
        // Each layer's gradient stream from the run's seed (a constant apart from the pure-bf16 weights' streams).
        if (nvfp4 && !lane.noStochasticGradients)
            layer.casts[2].roundStochastically((seed ^ 0x5EED'F4F4'0000'0000ull) * 0x9E3779B97F4A7C15ull + l + 1);
    }
}

void ScaledLinears::castForward(int l, const Matrix& x, const Matrix& W) {
    Layer& layer = m_layers[static_cast<std::size_t>(l)];
    layer.x.resize(x.rows(), x.cols());
    layer.w.resize(W.rows(), W.cols());
    layer.casts[0].cast(span(x), x.rows(), x.cols(), span(layer.x));
    layer.casts[1].cast(span(W), W.rows(), W.cols(), span(layer.w));
    if (!m_blocks) return;
    // The weight along `out` for the input gradient (16 × 16 blocks: the cast above already is) and the input
    // along the batch for the weight gradient.
    if (!m_squareWeights) castDown(layer.casts[1], W, layer.wAlongOut);
    castDown(layer.casts[0], x, layer.xAlongBatch, m_hadamard);
}

void ScaledLinears::castBackward(int l, const Matrix& dy) {
    Layer& layer = m_layers[static_cast<std::size_t>(l)];
    layer.dy.resize(dy.rows(), dy.cols());
    // Along `out` (the input gradient's reduction); the statistics are this cast's.
    layer.casts[2].cast(span(dy), dy.rows(), dy.cols(), span(layer.dy));
    if (m_blocks) castDown(layer.casts[2], dy, layer.dyAlongBatch, m_hadamard);
}

void ScaledLinears::castDown(numerics::OperandCast& cast, const Matrix& x, Matrix& out, bool hadamard) {
    if (!hadamard) {
        out.resize(x.rows(), x.cols());
        cast.recast(span(x), x.rows(), x.cols(), span(out), true);
        return;
    }
    // (rows padded to 16k, cols), the padding zero; transformed down the padded batch.
    const Index padded = (x.rows() + 15) / 16 * 16;
    m_padded.setZero(padded, x.cols());
    m_padded.topRows(x.rows()) = x;
    numerics::randomHadamard16(span(m_padded), m_padded.rows(), m_padded.cols(), true);
    out.resize(padded, x.cols());
    cast.recast(span(m_padded), m_padded.rows(), m_padded.cols(), span(out), true);
}

void ScaledLinears::advance() {
    for (Layer& layer : m_layers)
        for (numerics::OperandCast& c : layer.casts) c.advance();
}

CastRecord ScaledLinears::record(int l, numerics::GemmOperand operand) const {
    const numerics::OperandCast& c = m_layers[static_cast<std::size_t>(l)].casts[static_cast<std::size_t>(operand)];
    const CastSummary& s = c.last();
    CastRecord r;
    r.layer = l;
    r.operand = operand;
    r.format = c.format();
    r.amax = s.amax;
    r.scale = s.scale;
    r.scaleAmax = c.lastScaleAmax();
    r.saturatedShare = s.stats.saturatedShare;
    r.underflowShare = s.stats.underflowShare;
    r.mse = s.stats.mse;
    return r;
}

std::vector<CastRecord> ScaledLinears::records() const {
    std::vector<CastRecord> out;
    out.reserve(m_layers.size() * numerics::kGemmOperands);
    for (std::size_t l = 0; l < m_layers.size(); ++l)
        for (int k = 0; k < numerics::kGemmOperands; ++k) out.push_back(record(static_cast<int>(l), static_cast<numerics::GemmOperand>(k)));
    return out;
}

ScaledLinears ScaledLinears::frozenAtLastPass() const {
    ScaledLinears f = *this;
    for (Layer& layer : f.m_layers)
        for (numerics::OperandCast& c : layer.casts) c = c.frozenAtLastPass();
    return f;
}

}  // namespace presisi
