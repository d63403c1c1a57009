// LayerNorm, RMSNorm and BatchNorm1d forward and backward in PyTorch 2.x's CPU arithmetic (norm.h;
// docs/TORCH_NORMS.md quotes each kernel). Sums run in double and are rounded to float32 once: ATen sums
// in float32 (Welford, cascade), which differs from this in the last float32 bit at most for these
// widths (BatchNorm sums in float32 row by row, as ATen does). Element formulas keep ATen's operation
// order; -ffp-contract=off keeps them unfused. No Qt here.
#include "norm.h"

#include "aten_moments.h"

#include <cmath>
#include <limits>

namespace presisi::numerics {

namespace {

// Rounding to the rule's format after an operation (float32 without flushing: the value itself).
FormatRounding rounder(const NormRule& rule) { return {rule.format, rule.subnormals}; }

// The +naive-stats moments of n values x[0], x[stride], …: mean = E[x], var = E[x²] − E[x]², every op's
// result rounded (the means' sums accumulate in float, as torch.mean of a bf16 tensor does).
void naiveMoments(const FormatRounding& r, const float* x, Index n, Index stride, float& mean, float& var) {
    double s1 = 0, s2 = 0;
    for (Index i = 0; i < n; ++i) {
        const float v = x[i * stride];
        s1 += v;
        s2 += r(v * v);
    }
    mean = r(static_cast<float>(s1 / static_cast<double>(n)));
    const float ex2 = r(static_cast<float>(s2 / static_cast<double>(n)));
    var = r(ex2 - r(mean * mean));
}

// rsqrt of the naive path's rounded var + eps, rounded (NaN for a denominator below 0).
float naiveRstd(const FormatRounding& r, float denominator) { return r(1.0f / std::sqrt(denominator)); }

// The parameters as the forward uses them: rounded to the format under autocast's Low policy.
void takeParams(const NormRule& rule, const float* src, Index n, std::vector<float>& dst) {
    dst.assign(src, src + n);
    if (rule.paramsInFormat) {
        const FormatRounding r = rounder(rule);
        for (float& v : dst) v = r(v);
    }
}

}  // namespace

void NormLayer::forward(const NormRule& rule, const float* x, Index B, Index N, const float* weight,
                        const float* bias, float* y) {
    m_rows = B;
    m_cols = N;
    m_smallest = std::numeric_limits<float>::infinity();
    takeParams(rule, weight, N, m_weight);
    if (rule.kind != NormKind::Rms) takeParams(rule, bias, N, m_bias);
    switch (rule.kind) {
    case NormKind::Layer: layerForward(rule, x, m_weight.data(), m_bias.data(), y); break;
    case NormKind::Rms: rmsForward(rule, x, m_weight.data(), y); break;
    case NormKind::Batch: batchForward(rule, x, m_weight.data(), m_bias.data(), y); break;
    case NormKind::None: break;
    }
}

void NormLayer::backward(const NormRule& rule, const float* x, const float* dy, float* dx, float* dWeight,
                         float* dBias) {
    switch (rule.kind) {
    case NormKind::Layer: layerBackward(rule, x, dy, m_weight.data(), dx, dWeight, dBias); break;
    case NormKind::Rms: rmsBackward(rule, x, dy, m_weight.data(), dx, dWeight); break;
    case NormKind::Batch: batchBackward(rule, x, dy, m_weight.data(), dx, dWeight, dBias); break;
    case NormKind::None: break;
    }
    if (rule.paramsInFormat) {
        // The parameters' gradients come back in their (rounded) dtype.
        const FormatRounding r = rounder(rule);
        for (Index j = 0; j < m_cols; ++j) {
            dWeight[j] = r(dWeight[j]);
            if (dBias) dBias[j] = r(dBias[j]);
        }
    }
}

// layer_norm_cpu: per row, float32 mean and biased variance, rstd = 1 / sqrt(var + float(eps)).
// Reduced formats (the mixed-type kernel): y = round((x·rstd + (−rstd·mean))·γ + β), one rounding.
// float32: y = (x − mean)·rstd·γ + β.
void NormLayer::layerForward(const NormRule& rule, const float* x, const float* weight, const float* bias, float* y) {
    const Index B = m_rows, N = m_cols;
    const FormatRounding r = rounder(rule);
    const float eps = static_cast<float>(kNormEps);
    m_mean.resize(static_cast<std::size_t>(B));
    m_rstd.resize(static_cast<std::size_t>(B));
    for (Index i = 0; i < B; ++i) {
        const float* xi = x + i * N;
        float* yi = y + i * N;
        float mean = 0, rstd = 0;
        if (rule.naiveStats) {
            float var = 0;
            naiveMoments(r, xi, N, 1, mean, var);
            const float denominator = r(var + eps);
            noteDenominator(denominator);
            rstd = naiveRstd(r, denominator);
        } else if (rule.atenLanes > 0) {
            const RowMoments mv = atenRowMoments(xi, N, rule.atenLanes, rule.format != Format::F32);
            mean = mv.mean;
            const float denominator = mv.variance + eps;
            noteDenominator(denominator);
            rstd = 1.0f / std::sqrt(denominator);
        } else {
            double s = 0;
            for (Index j = 0; j < N; ++j) s += xi[j];
            const double m = s / static_cast<double>(N);
            double q = 0;
            for (Index j = 0; j < N; ++j) q += (xi[j] - m) * (xi[j] - m);
            mean = static_cast<float>(m);
            const float denominator = static_cast<float>(q / static_cast<double>(N)) + eps;
            noteDenominator(denominator);
            rstd = 1.0f / std::sqrt(denominator);
        }
        if (rule.atenLanes > 0) {
            // float32: ((x + (−mean))·rstd)·γ + β; reduced: (x·rstd + (−rstd·mean))·γ + β; each last
            // multiply-add fused (and the first of the reduced form).
            const float shift = -rstd * mean;
            if (rule.format == Format::F32) {
                for (Index j = 0; j < N; ++j) yi[j] = std::fma((xi[j] + -mean) * rstd, weight[j], bias[j]);
            } else {
                for (Index j = 0; j < N; ++j) yi[j] = r(std::fma(std::fma(xi[j], rstd, shift), weight[j], bias[j]));
            }
        } else if (rule.format == Format::F32) {
            for (Index j = 0; j < N; ++j) yi[j] = r((xi[j] - mean) * rstd * weight[j] + bias[j]);
        } else {
            const float shift = -rstd * mean;
            for (Index j = 0; j < N; ++j) yi[j] = r((xi[j] * rstd + shift) * weight[j] + bias[j]);
        }
        // The same-type kernel stores mean and rstd in the tensor's dtype; the backward reads those.
        m_mean[static_cast<std::size_t>(i)] = rule.paramsInFormat ? r(mean) : mean;
        m_rstd[static_cast<std::size_t>(i)] = rule.paramsInFormat ? r(rstd) : rstd;
    }
}

// layer_norm_backward_cpu: per row ds = Σ dy·x·γ, db = Σ dy·γ (float32), a = rstd,
// b = (db·mean − ds)·a³/N, c = −b·mean − db·a/N, dx = round(a·dy·γ + b·x + c). dγ = Σ_rows dy·(a·x − a·mean),
// dβ = Σ_rows dy: float32 sums, or (torchReducedParamGrads) ATen's buffer in the format, rounded per row.
void NormLayer::layerBackward(const NormRule& rule, const float* x, const float* dy, const float* weight, float* dx,
                              float* dWeight, float* dBias) {
    if (rule.atenLanes > 0 && rule.format == Format::F32) {
        layerBackwardAten(rule.atenLanes, x, dy, weight, dx, dWeight, dBias);
        return;
    }
    const Index B = m_rows, N = m_cols;
    const FormatRounding r = rounder(rule);
    const bool reducedBuffer = rule.torchReducedParamGrads && rule.format != Format::F32;
    std::vector<double>& gw = m_sumWeight;
    std::vector<double>& gb = m_sumBias;
    std::vector<float>& bw = m_bufferWeight;
    std::vector<float>& bb = m_bufferBias;
    gw.assign(static_cast<std::size_t>(N), 0.0);
    gb.assign(static_cast<std::size_t>(N), 0.0);
    bw.assign(static_cast<std::size_t>(N), 0.0f);
    bb.assign(static_cast<std::size_t>(N), 0.0f);
    const float invN = 1.0f / static_cast<float>(N);
    for (Index i = 0; i < B; ++i) {
        const float* xi = x + i * N;
        const float* gi = dy + i * N;
        float* di = dx + i * N;
        const float a = m_rstd[static_cast<std::size_t>(i)];
        const float mean = m_mean[static_cast<std::size_t>(i)];
        double ds = 0, db = 0;
        for (Index j = 0; j < N; ++j) {
            ds += gi[j] * xi[j] * weight[j];
            db += gi[j] * weight[j];
        }
        const float dsf = static_cast<float>(ds), dbf = static_cast<float>(db);
        const float b = (dbf * mean - dsf) * a * a * a * invN;
        const float c = -b * mean - dbf * a * invN;
        for (Index j = 0; j < N; ++j) di[j] = r(a * gi[j] * weight[j] + b * xi[j] + c);
        const float shift = -a * mean;
        for (Index j = 0; j < N; ++j) {
            const float term = gi[j] * (a * xi[j] + shift);
            if (reducedBuffer) {
                bw[static_cast<std::size_t>(j)] = r(bw[static_cast<std::size_t>(j)] + term);
                bb[static_cast<std::size_t>(j)] = r(bb[static_cast<std::size_t>(j)] + gi[j]);
            } else {
                gw[static_cast<std::size_t>(j)] += term;
                gb[static_cast<std::size_t>(j)] += gi[j];
            }
        }
    }
    for (Index j = 0; j < N; ++j) {
        const auto k = static_cast<std::size_t>(j);
        dWeight[j] = reducedBuffer ? bw[k] : static_cast<float>(gw[k]);
        dBias[j] = reducedBuffer ? bb[k] : static_cast<float>(gb[k]);
    }
}

// layer_norm_backward_frame in float32 with `lanes`-wide vectors: ds = Σ dy·x·γ and db = Σ dy·γ as
// map3/map2_reduce_all; b = fma(db, mean, −ds)·a·a·a·(1/N), c = fma(−b, mean, −(db·a·(1/N))),
// dx = fma(a·dy, γ, b·x) + c; dγ += dy·(a·x + (−a·mean)) and dβ += dy in float32, row after row, fused
// as the contracted kernel is.
void NormLayer::layerBackwardAten(int lanes, const float* x, const float* dy, const float* weight, float* dx,
                                  float* dWeight, float* dBias) {
    const Index B = m_rows, N = m_cols;
    const float scale = 1.0f / static_cast<float>(N);
    std::fill(dWeight, dWeight + N, 0.0f);
    std::fill(dBias, dBias + N, 0.0f);
    for (Index i = 0; i < B; ++i) {
        const float* xi = x + i * N;
        const float* gi = dy + i * N;
        float* di = dx + i * N;
        const float a = m_rstd[static_cast<std::size_t>(i)];
        const float mean = m_mean[static_cast<std::size_t>(i)];
        const float shift = -a * mean;
        for (Index j = 0; j < N; ++j) {
            dWeight[j] = std::fma(gi[j], std::fma(a, xi[j], shift), dWeight[j]);
            dBias[j] = dBias[j] + gi[j];
        }
        const float ds = atenDot3(gi, xi, weight, N, lanes);
        const float db = atenDot(gi, weight, N, lanes);
        const float b = std::fma(db, mean, -ds) * a * a * a * scale;
        const float c = std::fma(-b, mean, -(db * a * scale));
        for (Index j = 0; j < N; ++j) di[j] = std::fma(a * gi[j], weight[j], b * xi[j]) + c;
    }
}

// rms_norm_composite (PyTorch ≥ 2.7): r = rsqrt(mean(x²) + eps) in float32, y = round((x·r)·w), one
// rounding at the end whatever the weight's dtype.
void NormLayer::rmsForward(const NormRule& rule, const float* x, const float* weight, float* y) {
    const Index B = m_rows, N = m_cols;
    const FormatRounding r = rounder(rule);
    m_rstd.resize(static_cast<std::size_t>(B));
    for (Index i = 0; i < B; ++i) {
        const float* xi = x + i * N;
        float* yi = y + i * N;
        float rstd = 0;
        if (rule.naiveStats) {
            double s2 = 0;
            for (Index j = 0; j < N; ++j) s2 += r(xi[j] * xi[j]);
            const float denominator = r(r(static_cast<float>(s2 / static_cast<double>(N))) + kRmsNormEps);
            noteDenominator(denominator);
            rstd = naiveRstd(r, denominator);
        } else {
            double s2 = 0;
            for (Index j = 0; j < N; ++j) s2 += xi[j] * xi[j];
            const float denominator = static_cast<float>(s2 / static_cast<double>(N)) + kRmsNormEps;
            noteDenominator(denominator);
            rstd = 1.0f / std::sqrt(denominator);
        }
        for (Index j = 0; j < N; ++j) yi[j] = r(xi[j] * rstd * weight[j]);
        m_rstd[static_cast<std::size_t>(i)] = rstd;
    }
}

// Autograd through the composite, all in float32: du = dy·w; dx = du·r + (−0.5·dr·r³ / N)·2x with
// dr = Σ du·x; then the input cast's backward rounds dx to the format. dw = Σ_rows dy·(x·r).
void NormLayer::rmsBackward(const NormRule& rule, const float* x, const float* dy, const float* weight, float* dx,
                            float* dWeight) {
    const Index B = m_rows, N = m_cols;
    const FormatRounding r = rounder(rule);
    std::vector<double>& gw = m_sumWeight;
    gw.assign(static_cast<std::size_t>(N), 0.0);
    const float n = static_cast<float>(N);
    for (Index i = 0; i < B; ++i) {
        const float* xi = x + i * N;
        const float* gi = dy + i * N;
        float* di = dx + i * N;
        const float rstd = m_rstd[static_cast<std::size_t>(i)];
        double dr = 0;
        for (Index j = 0; j < N; ++j) dr += gi[j] * weight[j] * xi[j];
        const float dms = -0.5f * static_cast<float>(dr) * (rstd * rstd * rstd);
        const float dsq = dms / n;
        for (Index j = 0; j < N; ++j) {
            const float du = gi[j] * weight[j];
            di[j] = r(du * rstd + dsq * (2.0f * xi[j]));
            gw[static_cast<std::size_t>(j)] += gi[j] * (xi[j] * rstd);
        }
    }
    for (Index j = 0; j < N; ++j) dWeight[j] = static_cast<float>(gw[static_cast<std::size_t>(j)]);
}

// batch_norm_cpu (training): per feature, two float32 passes: mean = Σx / B, var_sum = Σ(x − mean)²;
// invstd = 1 / sqrt(var_sum / B + eps) in double, to float32; α = invstd·w, β' = b − mean·α;
// y = round(x·α + β'), both fused. The running variance takes var_sum / (B − 1).
void NormLayer::batchForward(const NormRule& rule, const float* x, const float* weight, const float* bias, float* y) {
    const Index B = m_rows, N = m_cols;
    const FormatRounding r = rounder(rule);
    const auto n = static_cast<std::size_t>(N);
    m_mean.resize(n);
    m_rstd.resize(n);
    m_unbiasedVar.resize(n);
    const float bf = static_cast<float>(B);
    for (Index j = 0; j < N; ++j) {
        float mean = 0, invstd = 0, varSum = 0;
        if (rule.naiveStats) {
            float var = 0;
            naiveMoments(r, x + j, B, N, mean, var);
            const float denominator = r(var + static_cast<float>(kNormEps));
            noteDenominator(denominator);
            invstd = naiveRstd(r, denominator);
            varSum = var * bf;
        } else {
            // ATen's channels-last stats kernel (a [B, N] input): float32 sums over the rows in order.
            float sum = 0;
            for (Index i = 0; i < B; ++i) sum += x[i * N + j];
            mean = sum / bf;
            for (Index i = 0; i < B; ++i) {
                const float d = x[i * N + j] - mean;
                varSum += d * d;
            }
            const double denominator = static_cast<double>(varSum / bf) + kNormEps;  // InvStd: in double
            noteDenominator(static_cast<float>(denominator));
            invstd = static_cast<float>(1.0 / std::sqrt(denominator));
        }
        // ATen's vectorised transform fuses both: β' = fma(−mean, α, b), y = fma(x, α, β') (checked bit for bit
        // against torch 2.15 on small-variance bf16 input, where an unfused x·α + β' differs).
        const float alpha = invstd * weight[j];
        const float shift = std::fma(-mean, alpha, bias[j]);
        for (Index i = 0; i < B; ++i) y[i * N + j] = r(std::fma(x[i * N + j], alpha, shift));
        m_mean[static_cast<std::size_t>(j)] = mean;
        m_rstd[static_cast<std::size_t>(j)] = invstd;
        m_unbiasedVar[static_cast<std::size_t>(j)] = B > 1 ? varSum / static_cast<float>(B - 1) : 0.0f;
    }
}

// batch_norm_backward_cpu (training): sum = Σ dy, dotp = Σ (x − mean)·dy; k = dotp·invstd²/B;
// dx = round((dy − sum/B − (x − mean)·k)·invstd·w); dw = dotp·invstd, db = sum.
void NormLayer::batchBackward(const NormRule& rule, const float* x, const float* dy, const float* weight, float* dx,
                              float* dWeight, float* dBias) {
    const Index B = m_rows, N = m_cols;
    const FormatRounding r = rounder(rule);
    const float bf = static_cast<float>(B);
    for (Index j = 0; j < N; ++j) {
        const float mean = m_mean[static_cast<std::size_t>(j)];
        const float invstd = m_rstd[static_cast<std::size_t>(j)];
        float sumf = 0, dotpf = 0;  // float32 sums over the rows in order, as the forward's
        for (Index i = 0; i < B; ++i) {
            sumf += dy[i * N + j];
            dotpf += (x[i * N + j] - mean) * dy[i * N + j];
        }
        const float k = dotpf * invstd * invstd / bf;
        const float gradMean = sumf / bf;
        for (Index i = 0; i < B; ++i)
            dx[i * N + j] = r((dy[i * N + j] - gradMean - (x[i * N + j] - mean) * k) * invstd * weight[j]);
        dWeight[j] = dotpf * invstd;
        dBias[j] = sumf;
    }
}

void updateRunning(const NormLayer& layer, float* runningMean, float* runningVar, Index N) {
    const float m = kBatchNormMomentum;
    for (Index j = 0; j < N; ++j) {
        const auto k = static_cast<std::size_t>(j);
        runningMean[j] = m * layer.batchMean()[k] + (1 - m) * runningMean[j];
        runningVar[j] = m * layer.batchVarianceUnbiased()[k] + (1 - m) * runningVar[j];
    }
}

void normEvaluate(NormKind kind, const float* x, Index B, Index N, const float* weight, const float* bias,
                  const float* runningMean, const float* runningVar, float* y) {
    if (kind == NormKind::Batch) {
        for (Index j = 0; j < N; ++j) {
            const float invstd = 1.0f / std::sqrt(runningVar[j] + static_cast<float>(kNormEps));
            for (Index i = 0; i < B; ++i) y[i * N + j] = (x[i * N + j] - runningMean[j]) * invstd * weight[j] + bias[j];
        }
        return;
    }
    NormLayer layer;
    NormRule rule;
    rule.kind = kind;
    std::vector<float> in(x, x + B * N);
    layer.forward(rule, in.data(), B, N, weight, bias, y);
}

}  // namespace presisi::numerics
