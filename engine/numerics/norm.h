// The normalisation layers of a training lane: nn.LayerNorm, nn.RMSNorm and nn.BatchNorm1d (training
// mode), forward and backward, as PyTorch 2.x's CPU kernels compute them in float32 and in bf16/f16
// (docs/TORCH_NORMS.md has the ATen source of every rule). One NormLayer per hidden layer holds the
// statistics its backward needs. No Qt here.
#pragma once

#include <algorithm>
#include <vector>

#include "../format.h"
#include "../tensor.h"
#include "settings.h"

namespace presisi::numerics {

// nn.LayerNorm and nn.BatchNorm1d's default eps; nn.RMSNorm(eps=None) takes float32's machine epsilon
// for every input dtype since PyTorch 2.7 (2^-23).
inline constexpr double kNormEps = 1e-5;
inline constexpr float kRmsNormEps = 1.1920928955078125e-07f;
// nn.BatchNorm1d's running statistics: running = momentum * batch + (1 - momentum) * running (float32).
inline constexpr float kBatchNormMomentum = 0.1f;

// How one normalisation runs in a lane.
struct NormRule {
    NormKind kind = NormKind::None;
    // The format its input arrives in and its output is rounded to (autocast's norm entry resolved).
    Format format = Format::F32;
    Subnormals subnormals = Subnormals::Keep;
    // Autocast's Low policy casts the affine parameters to the format too (ATen's same-type path: the
    // saved mean and rstd are then rounded to the format); as-input and f32 keep them float32 (the
    // mixed-type path: float32 statistics, one rounding of the output).
    bool paramsInFormat = false;
    // The lane's +naive-stats: mean and variance in one pass, E[x²] − E[x]², each op rounded to the format
    // (what x.pow(2).mean() - x.mean().pow(2) gives on tensors of that format); rstd = rsqrt(var + eps)
    // rounded likewise. A variance that cancels to 0 or below makes rstd huge or NaN.
    bool naiveStats = false;
    // LayerNorm's weight and bias gradients in a reduced format as ATen's CPU kernel sums them (Dispatch::
    // Torch): row after row into a buffer held in the format, rounded after every row (one thread, as
    // torch.set_num_threads(1); each further thread keeps its own buffer). Otherwise float32 sums.
    bool torchReducedParamGrads = false;
    // LayerNorm as ATen's CPU kernel computes it in float32 with Vectorized<float> of this many lanes (8:
    // AVX2, 16: AVX-512; aten_moments.h): the Welford row statistics and the fused forms of its formulas.
    // 0: the statistics in double, rounded once (Presisi's own).
    int atenLanes = 0;
};

// One hidden layer's normalisation over x (B, N) row-major: LayerNorm and RMSNorm normalise each row over
// its N features, BatchNorm each feature over the B rows. Buffers grow to the largest batch seen.
class NormLayer {
public:
    // y (B, N) = norm(x); x holds values of rule.format. weight, bias: (N) float32 masters (bias unused by
    // RMSNorm). Rounds y to rule.format.
    void forward(const NormRule& rule, const float* x, Index B, Index N, const float* weight, const float* bias,
                 float* y);
    // From dy (B, N), the gradient at y (values of rule.format, scaled as the loss was): dx (B, N) rounded
    // to rule.format, and the parameters' gradients dWeight, dBias (N) in float32 (rounded to the format
    // where the parameters were). x: as given to the last forward, whose (rounded) weight it uses.
    void backward(const NormRule& rule, const float* x, const float* dy, float* dx, float* dWeight, float* dBias);

    // BatchNorm after forward: the batch's mean and unbiased variance per feature (float32), for the
    // running statistics (updateRunning).
    const std::vector<float>& batchMean() const { return m_mean; }
    const std::vector<float>& batchVarianceUnbiased() const { return m_unbiasedVar; }

    Index rows() const { return m_rows; }
    // The smallest variance + eps (RMSNorm: mean(x²) + eps) the last forward took the rsqrt of, as computed
    // (with +naive-stats: rounded to the format). At or below 0 the rsqrt, and the output, are NaN.
    float smallestDenominator() const { return m_smallest; }

private:
    void noteDenominator(float v) { m_smallest = std::min(m_smallest, v); }
    void layerForward(const NormRule& rule, const float* x, const float* weight, const float* bias, float* y);
    void rmsForward(const NormRule& rule, const float* x, const float* weight, float* y);
    void batchForward(const NormRule& rule, const float* x, const float* weight, const float* bias, float* y);
    void layerBackward(const NormRule& rule, const float* x, const float* dy, const float* weight, float* dx,
                       float* dWeight, float* dBias);
    void layerBackwardAten(int lanes, const float* x, const float* dy, const float* weight, float* dx,
                           float* dWeight, float* dBias);
    void rmsBackward(const NormRule& rule, const float* x, const float* dy, const float* weight, float* dx,
                     float* dWeight);
    void batchBackward(const NormRule& rule, const float* x, const float* dy, const float* weight, float* dx,
                       float* dWeight, float* dBias);

    Index m_rows = 0, m_cols = 0;
    float m_smallest = 0;
    // LayerNorm/RMSNorm: per row (B); BatchNorm: per feature (N). rstd = 1/sqrt(var + eps) (RMSNorm:
    // 1/sqrt(mean(x²) + eps)), as the backward uses them.
    std::vector<float> m_mean, m_rstd, m_unbiasedVar;
    std::vector<float> m_weight, m_bias;  // (N): the parameters as the forward used them (rounded or not)
    // (N) scratch of the backward: the parameters' gradient sums, and LayerNorm's reduced-format buffers.
    std::vector<double> m_sumWeight, m_sumBias;
    std::vector<float> m_bufferWeight, m_bufferBias;
};

// BatchNorm's running statistics after a training forward: running_mean and running_var (N), float32.
void updateRunning(const NormLayer& layer, float* runningMean, float* runningVar, Index N);

// Evaluation in float32 (the master weights, no autocast): LayerNorm and RMSNorm as in training;
// BatchNorm with its running statistics. x and y (B, N) may be the same.
void normEvaluate(NormKind kind, const float* x, Index B, Index N, const float* weight, const float* bias,
                  const float* runningMean, const float* runningVar, float* y);

}  // namespace presisi::numerics
