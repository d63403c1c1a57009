// The CPU lane's statistics from its ops' buffers (cpu_lane_stats.h).
#include "cpu_lane_stats.h"

#include <algorithm>
#include <cmath>

#include "../numerics/grad_histogram.h"
#include "range_stats.h"

namespace presisi::cpu_stats {

namespace {

// Histogram binning: engine/numerics/grad_histogram.h.
template <typename M>
void addToHistogram(std::vector<std::int64_t>& counts, std::int64_t& zeros, std::int64_t* nonFinite, const M& m,
                    float scale) {
    numerics::addToHistogram(counts, zeros, nonFinite, m.data(), static_cast<std::size_t>(m.size()), scale);
}

// a's range widened by b's (the same layer and kind).
void merge(TensorRange& a, const TensorRange& b) {
    a.absMax = std::max(a.absMax, b.absMax);
    if (!(a.absMinNonZero <= b.absMinNonZero)) a.absMinNonZero = b.absMinNonZero;
    if (std::isfinite(a.absMinNonZero)) a.binades = std::log2(a.absMax / a.absMinNonZero);
    a.overflowShare = (a.overflowShare * static_cast<double>(a.elements) +
                       b.overflowShare * static_cast<double>(b.elements)) /
                      static_cast<double>(a.elements + b.elements);
    a.elements += b.elements;
}

template <typename M>
TensorRange quick(const M& m, int layer, TensorKind kind) {
    return quickRange(m.data(), m.size(), layer, kind);
}

}  // namespace

std::vector<TensorRange> ranges(const ops::Mlp& a, const ops::Mlp& s, float scale) {
    std::vector<TensorRange> out;
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

std::vector<TensorRange> quickRanges(const ops::Mlp& a) {
    std::vector<TensorRange> out;
    for (int l = 0; l < a.layers(); ++l) {
        const bool norm = a.hasNorm(l);
        TensorRange act = quick(a.z(l), l, TensorKind::Activation);
        if (norm) merge(act, quick(a.normOut(l), l, TensorKind::Activation));
        out.push_back(act);
        out.push_back(quick(a.dz(l), l, TensorKind::ActivationGradient));
        TensorRange w = quick(a.laneGradWeight(l), l, TensorKind::WeightGradient);
        merge(w, quick(a.laneGradBias(l), l, TensorKind::WeightGradient));
        if (norm) {
            merge(w, quick(a.laneGradNormWeight(l), l, TensorKind::WeightGradient));
            merge(w, quick(a.laneGradNormBias(l), l, TensorKind::WeightGradient));
        }
        out.push_back(w);
    }
    return out;
}

GradStatistics gradStatistics(const ops::Mlp& a, const ops::Mlp& s, float scale, GradHistogram* hist) {
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
    if (!hist) return g;
    hist->scale = scale;
    hist->layers.clear();
    for (int l = 0; l < L; ++l) {
        for (int kind = 0; kind < 2; ++kind) {
            LayerHistogram h = numerics::emptyLayerHistogram(l, kind == 0);
            if (h.weight) {
                h.underflowed = counts(a.laneGradWeight(l), s.laneGradWeight(l)).underflowed +
                                counts(a.laneGradBias(l), s.laneGradBias(l)).underflowed;
                addToHistogram(h.counts, h.zeros, &h.nonFinite, a.laneGradWeight(l), 1.0f);
                addToHistogram(h.counts, h.zeros, &h.nonFinite, a.laneGradBias(l), 1.0f);
                addToHistogram(h.f32Counts, h.f32Zeros, nullptr, s.laneGradWeight(l), scale);
                addToHistogram(h.f32Counts, h.f32Zeros, nullptr, s.laneGradBias(l), scale);
            } else {
                h.underflowed = counts(a.dz(l), s.dz(l)).underflowed;
                addToHistogram(h.counts, h.zeros, &h.nonFinite, a.dz(l), 1.0f);
                addToHistogram(h.f32Counts, h.f32Zeros, nullptr, s.dz(l), scale);
            }
            hist->layers.push_back(std::move(h));
        }
    }
    return g;
}

}  // namespace presisi::cpu_stats
