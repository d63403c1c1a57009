// A training lane on a CUDA device: master weights, gradients, optimizer state and activations live
// on the device; products go through cuBLAS with float32 accumulation, the rest through the kernels
// of cuda_training.cu. Numerics follow the CPU lane: rounded storage, the lane's autocast policy per
// op, gradients of low ops produced in the low format, float32 master weights and optimizer.
// Where the CPU lane reproduces PyTorch's CPU kernels, this lane follows PyTorch's CUDA ones: products
// always accumulate in float32 (cuBLAS; Scenario::backwardAccumulation's Storage emulates ATen's CPU
// reference GEMM and does not apply here), and bf16/f16 GELU is computed in float32 and rounded once
// (ATen's CUDA kernels use float as the math type) rather than rounded after every operation.
// No Qt here.
#include "cuda_lane.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "../device.h"
#include "../error.h"
#include "../numerics/grad_counts.h"
#include "../numerics/grad_histogram.h"
#include "../numerics/policy.h"
#include "cuda_training.h"

namespace presisi {

namespace {

std::string sizesText(const std::vector<int>& s) {
    std::string t;
    for (std::size_t i = 0; i < s.size(); ++i) t += (i ? "," : "") + std::to_string(s[i]);
    return t;
}

using numerics::castNarrows;

// The lane's formats: the engine's policy resolution (engine/numerics/policy.h) as the CPU lane uses it.
cuda::LaneFormats resolveFormats(const Scenario& s, const AutocastPolicy& policy, Format low, bool flush) {
    numerics::OpFormats r = numerics::resolveOpFormats(s.sizes, s.loss, s.norm, policy, low);
    cuda::LaneFormats f;
    f.in = std::move(r.in);
    f.lin = std::move(r.lin);
    f.act = std::move(r.act);
    f.loss.logits = r.logits;
    f.loss.softmax = r.softmax;
    f.loss.loss = r.loss;
    f.loss.lowReduction = r.lowReduction;
    f.loss.low = low;
    f.loss.flush = flush;
    f.flush = flush;
    return f;
}

// Histogram binning of a downloaded gradient: engine/numerics/grad_histogram.h.
void histogramOf(const std::vector<float>& v, float scale, std::vector<std::int64_t>& counts, std::int64_t& zeros,
                 std::int64_t* nonFinite) {
    numerics::addToHistogram(counts, zeros, nonFinite, v.data(), v.size(), scale);
}

}  // namespace

using cuda::DeviceArray;

CudaLane::CudaLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch)
    : m_scenario(scenario), m_lane(lane) {
    if (!cudaStatus().available) throw Error("lane " + lane.label() + ": " + cudaStatus().reason);
    const std::vector<int>& sizes = scenario.sizes;
    if (sizes.size() < 2) throw Error("lane " + lane.label() + ": a model needs at least two widths");
    // Everything this lane will hold, predicted before the first allocation.
    std::size_t params = 0, units = 0;
    for (std::size_t l = 0; l + 1 < sizes.size(); ++l) {
        params += static_cast<std::size_t>(sizes[l] + 1) * sizes[l + 1];
        units += static_cast<std::size_t>(sizes[l + 1]);
    }
    const std::size_t rows = static_cast<std::size_t>(std::max<Index>(maxBatch, 1));
    const std::size_t floats = params * 9 + rows * (units * 6 + sizes.front() + sizes.back() + sizes.front());
    cuda::requireDeviceMemory(floats * sizeof(float) + rows * sizeof(int),
                              "lane " + lane.label() + " (sizes " + sizesText(sizes) + ", batch " +
                                  std::to_string(rows) + ")");
    for (std::size_t l = 0; l + 1 < sizes.size(); ++l) {
        DeviceLayer d;
        d.in = sizes[l];
        d.out = sizes[l + 1];
        m_layers.push_back(std::move(d));
    }
    for (Pass* p : {&m_lanePass, &m_shadowPass}) {
        p->z.resize(m_layers.size());
        p->ain.resize(m_layers.size());
        p->a.resize(m_layers.size());
        p->dz.resize(m_layers.size());
    }
    m_laneFormats = resolveFormats(scenario, scenario.policyFor(lane), lane.format, lane.subnormals == Subnormals::Flush);
    AutocastPolicy f32;
    f32.linear = f32.activation = f32.softmax = f32.loss = f32.reduction = OpPolicy::F32;
    m_shadowFormats = resolveFormats(scenario, f32, Format::F32, false);
}

void CudaLane::setWeights(const std::vector<LayerWeights>& weights) {
    if (weights.size() != m_layers.size())
        throw Error("lane " + m_lane.label() + ": " + std::to_string(weights.size()) + " layers given, model has " +
                    std::to_string(m_layers.size()));
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        DeviceLayer& d = m_layers[l];
        const LayerWeights& w = weights[l];
        if (w.weight.rows() != d.out || w.weight.cols() != d.in || w.bias.size() != d.out)
            throw Error("lane " + m_lane.label() + ": layer " + std::to_string(l) + " weights are " +
                        std::to_string(w.weight.rows()) + "x" + std::to_string(w.weight.cols()) + ", expected " +
                        std::to_string(d.out) + "x" + std::to_string(d.in));
        d.weight.upload({w.weight.data(), static_cast<std::size_t>(w.weight.size())});
        d.bias.upload({w.bias.data(), static_cast<std::size_t>(w.bias.size())});
        for (DeviceArray* a : {&d.laneGradWeight, &d.gradWeight, &d.shadowGradWeight, &d.moment1Weight, &d.moment2Weight}) {
            a->resize(d.weight.size(), "gradients of " + m_lane.label());
            a->fill(0.0f);
        }
        for (DeviceArray* a : {&d.laneGradBias, &d.gradBias, &d.shadowGradBias, &d.moment1Bias, &d.moment2Bias}) {
            a->resize(d.bias.size(), "gradients of " + m_lane.label());
            a->fill(0.0f);
        }
    }
    m_optimizerSteps = 0;
}

std::vector<LayerWeights> CudaLane::download(DeviceArray DeviceLayer::*weight, DeviceArray DeviceLayer::*bias) const {
    std::vector<LayerWeights> out;
    for (const DeviceLayer& d : m_layers) {
        LayerWeights w;
        w.weight.resize(d.out, d.in);
        w.bias.resize(d.out);
        (d.*weight).download({w.weight.data(), static_cast<std::size_t>(w.weight.size())});
        (d.*bias).download({w.bias.data(), static_cast<std::size_t>(w.bias.size())});
        out.push_back(std::move(w));
    }
    return out;
}

std::vector<LayerWeights> CudaLane::weights() const { return download(&DeviceLayer::weight, &DeviceLayer::bias); }

ForwardResult CudaLane::forwardBackward(const Batch& batch, float scale) {
    const auto t0 = std::chrono::steady_clock::now();
    upload(batch);
    const cuda::LossResult lo = pass(m_lanePass, m_laneFormats, batch, scale);
    const auto tLoss = m_lossTime;
    for (std::size_t l = 0; l < m_layers.size(); ++l)
        layerGrads(m_lanePass, m_laneFormats, l, m_layers[l].laneGradWeight, m_layers[l].laneGradBias);
    // The weight-gradient products are asynchronous: wait for them here, so that the runner's
    // step time holds them even when statistics (which it does not time) come next.
    cuda::synchronize("backward of " + m_lane.label());
    // Forward: the upload, the forward kernels and the loss (read back, so finished); backward: the rest.
    m_times.forward = std::chrono::duration<double>(tLoss - t0).count();
    m_times.backward = std::chrono::duration<double>(std::chrono::steady_clock::now() - tLoss).count();
    ForwardResult r;
    r.loss = lo.loss;
    if (batch.targets == nullptr) r.accuracy = static_cast<double>(lo.correct) / static_cast<double>(batch.size());
    return r;
}

GradStatistics CudaLane::statistics(const Batch& batch, float scale, GradHistogram* histogram) {
    // The batch is on the device already (forwardBackward came first). The shadow runs unscaled,
    // as the CPU lane's; its histogram is multiplied by the scale.
    pass(m_shadowPass, m_shadowFormats, batch, 1.0f);
    for (std::size_t l = 0; l < m_layers.size(); ++l)
        layerGrads(m_shadowPass, m_shadowFormats, l, m_layers[l].shadowGradWeight, m_layers[l].shadowGradBias);

    cuda::GradCounts act, weight;
    std::int64_t forwardNonFinite = 0;  // pre-activations and activations
    const Format f = m_lane.format;
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        const DeviceLayer& d = m_layers[l];
        act += cuda::gradientCounts(m_lanePass.dz[l].data(), m_shadowPass.dz[l].data(), m_lanePass.dz[l].size(), f);
        weight += cuda::gradientCounts(d.laneGradWeight.data(), d.shadowGradWeight.data(), d.laneGradWeight.size(), f);
        weight += cuda::gradientCounts(d.laneGradBias.data(), d.shadowGradBias.data(), d.laneGradBias.size(), f);
        forwardNonFinite += cuda::gradientCounts(m_lanePass.z[l].data(), m_lanePass.z[l].data(), m_lanePass.z[l].size(), f)
                         .nonFinite;
        if (l + 1 < m_layers.size())
            forwardNonFinite += cuda::gradientCounts(m_lanePass.a[l].data(), m_lanePass.a[l].data(),
                                              m_lanePass.a[l].size(), f)
                             .nonFinite;
    }
    GradStatistics s = numerics::gradStatistics(act, weight, forwardNonFinite);
    if (histogram) fillHistogram(*histogram, scale);
    return s;
}

bool CudaLane::unscale(float invScale) {
    bool found = false;
    for (DeviceLayer& d : m_layers) {
        d.gradWeight.resize(d.laneGradWeight.size(), "master gradients of " + m_lane.label());
        d.gradBias.resize(d.laneGradBias.size(), "master gradients of " + m_lane.label());
        found = cuda::unscaleAndCheck(d.laneGradWeight.data(), d.gradWeight.data(), d.laneGradWeight.size(), invScale) || found;
        found = cuda::unscaleAndCheck(d.laneGradBias.data(), d.gradBias.data(), d.laneGradBias.size(), invScale) || found;
    }
    return found;
}

double CudaLane::gradNorm() const {
    double sq = 0;
    for (const DeviceLayer& d : m_layers)
        sq += cuda::sumSquares(d.gradWeight.data(), d.gradWeight.size()) + cuda::sumSquares(d.gradBias.data(), d.gradBias.size());
    return std::sqrt(sq);
}

std::vector<LayerWeights> CudaLane::gradients() const {
    return download(&DeviceLayer::gradWeight, &DeviceLayer::gradBias);
}

void CudaLane::optimizerStep() {
    ++m_optimizerSteps;
    const OptimizerSpec& opt = m_scenario.optimizer;
    for (DeviceLayer& d : m_layers) {
        if (opt.keepsTwoMoments()) {
            cuda::adamStep(d.weight.data(), d.gradWeight.data(), d.moment1Weight.data(), d.moment2Weight.data(), d.weight.size(), opt, m_optimizerSteps, m_scenario.torchVersion);
            cuda::adamStep(d.bias.data(), d.gradBias.data(), d.moment1Bias.data(), d.moment2Bias.data(), d.bias.size(), opt, m_optimizerSteps, m_scenario.torchVersion);
        } else {
            cuda::sgdStep(d.weight.data(), d.gradWeight.data(), d.moment1Weight.data(), d.weight.size(), opt, m_optimizerSteps == 1);
            cuda::sgdStep(d.bias.data(), d.gradBias.data(), d.moment1Bias.data(), d.bias.size(), opt, m_optimizerSteps == 1);
        }
    }
    cuda::synchronize("optimizer step of " + m_lane.label());
}

Matrix CudaLane::predict(const Matrix& x) const {
    if (x.cols() != m_layers.front().in)
        throw Error("predict: input has " + std::to_string(x.cols()) + " columns, the model " +
                    std::to_string(m_layers.front().in));
    const int rows = static_cast<int>(x.rows());
    DeviceArray cur, next;
    cur.upload({x.data(), static_cast<std::size_t>(x.size())});
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        const DeviceLayer& d = m_layers[l];
        next.resize(static_cast<std::size_t>(rows) * d.out, "predict");
        cuda::gemm(false, true, rows, d.out, d.in, cur.data(), d.weight.data(), next.data(), Format::F32, false);
        cuda::addBiasRound(next.data(), d.bias.data(), rows, d.out, Format::F32, false);
        if (l + 1 < m_layers.size())
            cuda::activationForward(m_scenario.activation, next.data(), next.data(), next.size(), Format::F32, false);
        std::swap(cur, next);
    }
    Matrix y(x.rows(), m_layers.back().out);
    cur.download({y.data(), static_cast<std::size_t>(y.size())});
    return y;
}

void CudaLane::upload(const Batch& batch) {
    if (!batch.x) throw Error("lane " + m_lane.label() + ": batch without inputs");
    m_x.upload({batch.x->data(), static_cast<std::size_t>(batch.x->size())});
    if (batch.targets) m_targets.upload({batch.targets->data(), static_cast<std::size_t>(batch.targets->size())});
    else m_labels.upload(batch.labels);
    m_rows = static_cast<int>(batch.size());
}

const DeviceArray& CudaLane::activationInput(const Pass& p, const NetFormats& f, std::size_t l) const {
    return castNarrows(f.lin[l], f.act[l]) ? p.ain[l] : p.z[l];
}

cuda::LossResult CudaLane::pass(Pass& p, const NetFormats& f, const Batch& batch, float scale) {
    const std::size_t L = m_layers.size();
    const int B = m_rows;
    const bool flush = f.flush;
    const std::string what = "activations of " + m_lane.label();
    for (std::size_t l = 0; l < L; ++l) {
        const DeviceLayer& d = m_layers[l];
        const std::size_t n = static_cast<std::size_t>(B) * d.out;
        p.z[l].resize(n, what);
        // z: (B, out) = xin (B, in) * W^T (in, out), both rounded to the product's format,
        // float32 accumulation, + rounded bias, one rounding.
        cuda::gemm(false, true, B, d.out, d.in, inputOf(p, l), d.weight.data(), p.z[l].data(), f.lin[l], flush);
        cuda::addBiasRound(p.z[l].data(), d.bias.data(), B, d.out, f.lin[l], flush);
        if (l + 1 < L) {
            if (castNarrows(f.lin[l], f.act[l])) {
                p.ain[l].copyFrom(p.z[l]);
                cuda::roundInPlace(p.ain[l].data(), n, f.act[l], flush);
            }
            p.a[l].resize(n, what);
            cuda::activationForward(m_scenario.activation, activationInput(p, f, l).data(), p.a[l].data(), n,
                                    f.act[l], flush);
        }
    }
    const std::size_t last = L - 1;
    const int outW = m_layers[last].out;
    p.dz[last].resize(p.z[last].size(), what);
    cuda::LossResult loss =
        batch.targets ? cuda::mse(p.z[last].data(), m_targets.data(), B, outW, p.dz[last].data(), scale, f.loss)
                      : cuda::crossEntropy(p.z[last].data(), m_labels.data(), B, outW, p.dz[last].data(), scale,
                                           f.loss);
    m_lossTime = std::chrono::steady_clock::now();  // the loss came back to the host: the forward is done
    for (std::size_t l = last; l > 0; --l) {
        const DeviceLayer& d = m_layers[l];
        // d (B, in) = dz (B, out) * W (out, in) in the product's format; the input cast's backward
        // rounds it to the format that arrived; then the activation's backward.
        DeviceArray& g = p.dz[l - 1];
        g.resize(static_cast<std::size_t>(B) * d.in, what);
        cuda::gemm(false, false, B, d.in, d.out, p.dz[l].data(), d.weight.data(), g.data(), f.lin[l], flush);
        cuda::roundInPlace(g.data(), g.size(), f.lin[l], flush);
        if (f.in[l] != f.lin[l]) cuda::roundInPlace(g.data(), g.size(), f.in[l], flush);
        cuda::activationBackward(m_scenario.activation, activationInput(p, f, l - 1).data(), p.a[l - 1].data(),
                                 g.data(), g.data(), g.size(), f.act[l - 1], flush);
        if (f.act[l - 1] != f.lin[l - 1]) cuda::roundInPlace(g.data(), g.size(), f.lin[l - 1], flush);
    }
    return loss;
}

void CudaLane::layerGrads(const Pass& p, const NetFormats& f, std::size_t l, DeviceArray& gw, DeviceArray& gb) {
    const DeviceLayer& d = m_layers[l];
    gw.resize(static_cast<std::size_t>(d.out) * d.in, "gradients of " + m_lane.label());
    gb.resize(static_cast<std::size_t>(d.out), "gradients of " + m_lane.label());
    cuda::gemm(true, false, d.out, d.in, m_rows, p.dz[l].data(), inputOf(p, l), gw.data(), f.lin[l], f.flush);
    cuda::roundInPlace(gw.data(), gw.size(), f.lin[l], f.flush);
    cuda::columnSumsRound(p.dz[l].data(), gb.data(), m_rows, d.out, f.lin[l], f.flush);
}

void CudaLane::fillHistogram(GradHistogram& h, float scale) const {
    h.scale = scale;
    h.layers.clear();
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        const DeviceLayer& d = m_layers[l];
        for (bool weight : {true, false}) {
            LayerHistogram lh = numerics::emptyLayerHistogram(static_cast<int>(l), weight);
            // Each tensor downloaded once: binned, and counted against its shadow for the underflow.
            const auto add = [&](const DeviceArray& laneValues, const DeviceArray& shadowValues) {
                const std::vector<float> v = laneValues.download(), sv = shadowValues.download();
                histogramOf(v, 1.0f, lh.counts, lh.zeros, &lh.nonFinite);
                histogramOf(sv, scale, lh.f32Counts, lh.f32Zeros, nullptr);
                lh.underflowed += numerics::countGradients(v.data(), sv.data(), v.size(), m_lane.format).underflowed;
            };
            if (weight) {
                add(d.laneGradWeight, d.shadowGradWeight);
                add(d.laneGradBias, d.shadowGradBias);
            } else {
                add(m_lanePass.dz[l], m_shadowPass.dz[l]);
            }
            h.layers.push_back(std::move(lh));
        }
    }
}

std::unique_ptr<LaneBackend> makeCudaLane(const Scenario& scenario, const LaneSpec& lane, Index maxBatch) {
    return std::make_unique<CudaLane>(scenario, lane, maxBatch);
}

}  // namespace presisi
