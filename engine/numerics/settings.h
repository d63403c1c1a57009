// The value types the numerics core computes with and a training scenario is made of: the activation
// and loss kinds, the optimizer's and the loss scaler's settings, the autocast policy, and how
// low-format products are dispatched. Plain values below engine/training (scenario.h includes this;
// their names as text, for presets and the command line, stay with the scenario). No Qt here.
#pragma once

#include <limits>

namespace presisi {

enum class Activation { Relu, Tanh, Gelu, Sigmoid };
enum class LossKind { CrossEntropy, Mse };  // both with reduction "mean"

// The normalisation after every hidden linear layer, before its activation (None: none): PyTorch 2.x's
// nn.LayerNorm(width), nn.RMSNorm(width) and nn.BatchNorm1d(width) (training-mode batch statistics),
// forward and backward as ATen's CPU kernels compute them (engine/numerics/norm.h).
enum class NormKind { None, Layer, Rms, Batch };

// torch.optim.AdamW's default weight decay: where an AdamW optimizer is chosen and no weight decay is
// given (the command line, an experiment file, the window's box), this is taken, as PyTorch does.
inline constexpr double kAdamWDefaultWeightDecay = 0.01;

struct OptimizerSpec {
    // AdamW: torch.optim.AdamW, Adam with decoupled weight decay (param *= 1 - lr * wd before the update).
    enum class Kind { Sgd, Adam, AdamW };
    Kind kind = Kind::Sgd;
    double lr = 0.1;
    double momentum = 0.0;      // SGD: torch.optim.SGD(momentum=…, dampening=0, nesterov=False)
    double weightDecay = 0.0;   // SGD and Adam: torch's L2 form (grad += wd * w); AdamW: decoupled
    double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;  // Adam and AdamW
    bool keepsTwoMoments() const { return kind != Kind::Sgd; }  // Adam and AdamW: exp_avg and exp_avg_sq
    bool operator==(const OptimizerSpec&) const = default;
};

// torch.cuda.amp.GradScaler's settings and defaults.
// The loss scaler's floor: the smallest normal float32, 2^-126. Backoff stops there (CPU and GPU lanes
// alike: the runner updates every lane's scale on the host).
inline constexpr float kMinLossScale = std::numeric_limits<float>::min();

struct ScalerSettings {
    double initScale = 65536.0;
    double growthFactor = 2.0;
    double backoffFactor = 0.5;
    int growthInterval = 2000;
    bool operator==(const ScalerSettings&) const = default;
};

// Autocast: op kind -> the format an op runs in.
// Norm: the normalisation layer (NormKind); its statistics' own precision is the kernel's (norm.h).
enum class OpKind { Linear, Activation, Softmax, Loss, Reduction, Norm };
inline constexpr OpKind kAllOpKinds[] = {OpKind::Linear, OpKind::Activation, OpKind::Softmax, OpKind::Loss,
                                         OpKind::Reduction, OpKind::Norm};

// Low: the lane's format. F32: float32. AsInput: whatever format arrives (no cast).
// cross_entropy is log_softmax (the Softmax entry) then nll (the Loss entry). As in PyTorch, a loss
// forced to f32 casts its input first, so the whole loss (log_softmax included) runs in f32; with the
// loss low or as-input, log_softmax follows the Softmax entry.
// Reduction (the batch mean inside the loss): Low rounds every partial sum (the accumulation hazard);
// F32 and AsInput accumulate in float32 and round the result to the op's format.
enum class OpPolicy { Low, F32, AsInput };

struct AutocastPolicy {
    OpPolicy linear = OpPolicy::Low;
    OpPolicy activation = OpPolicy::AsInput;
    OpPolicy softmax = OpPolicy::AsInput;
    OpPolicy loss = OpPolicy::F32;
    OpPolicy reduction = OpPolicy::AsInput;
    // CPU: layer_norm, rms_norm and batch_norm are on no autocast list (they run in what arrives, the
    // parameters stay float32); CUDA: layer_norm and (from 2.12) rms_norm are on the float32 list,
    // batch_norm on none (Scenario::policyFor takes AsInput for batch norm's CUDA default).
    OpPolicy norm = OpPolicy::AsInput;

    OpPolicy get(OpKind op) const;
    void set(OpKind op, OpPolicy p);
    // PyTorch's lists (aten/src/ATen/autocast_mode.cpp): on the CPU only losses are forced to f32
    // (softmax/log_softmax run in what arrives); on CUDA softmax, log_softmax, sum and losses are.
    static AutocastPolicy cpu();
    static AutocastPolicy cuda();
    bool operator==(const AutocastPolicy&) const = default;
};

// How the backward pass's low-format matrix products accumulate (Dispatch::Presisi). F32: float32
// accumulation and one rounding (cuBLAS; oneDNN takes this path on CPUs with AVX-512 only for products
// with m*n*k > 4096). Storage: each product rounded to the format and added, in order, into an
// accumulator held in the format. That is what PyTorch 1.13's CPU reference GEMM (ATen cpublas
// gemm_notrans_/gemm_transb_) does for bf16 grad_input (dz W) and grad_weight (dz^T x) when oneDNN's bf16
// path is not taken (no AVX-512, or m*n*k <= 16^3); its forward x W^T form takes the dot-product path with
// float32 accumulation either way. Checked against torch 1.13.1 on such a CPU. Dispatch::Torch chooses
// per product as torch does.
enum class BackwardAccumulation { F32, Storage };

// How the lanes' low-format matrix products and GELU are computed. Presisi: as backwardAccumulation says
// (the default). Torch: product by product as the CPU dispatch of PyTorch `torchVersion` does on the CPU
// class `torchCpu` (docs/NUMERICS.md, "Matching PyTorch"): 2.x accumulates every bf16 product in float32
// and computes GELU in float32 with one rounding; 1.13 sends bf16 products with m*n*k > 4096 to oneDNN on
// AVX-512 CPUs and the others to ATen's reference product, bf16 GELU to oneDNN on AVX-512 CPUs.
enum class Dispatch { Presisi, Torch };
enum class TorchCpu { ThisCpu, Avx512, NoAvx512 };  // ThisCpu: decided from this CPU's flags as torch/oneDNN decide

// Which PyTorch a scenario follows: its optimizers' formulas (every dispatch: 2.x updates Adam's moments
// with lerp, 1.13 with mul and add), its GELU's rounding, and with Dispatch::Torch its CPU dispatch. The
// default is V2; an experiment file written before the setting existed reads as V1_13, so it reruns as it did.
enum class TorchVersion { V2, V1_13 };

}  // namespace presisi
