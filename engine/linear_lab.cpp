// The linear-layer lab on the CPU: inputs as PyTorch makes them, each lane's forward pass, metrics. No Qt here.
#include "linear_lab.h"

#include <algorithm>
#include <chrono>
#include <span>
#include <utility>

#include "error.h"
#include "linear_backend.h"
#include "native/native_gemm.h"
#include "numerics/aten_reduced_gemm.h"
#include "numerics/torch_dispatch.h"
#include "training/ops/product.h"

namespace presisi {

namespace {

// Rounds into a per-thread scratch matrix that keeps its allocation between calls: autocast
// re-rounds the weights on every forward, and fresh 64 MiB buffers would cost more in page faults
// than the rounding itself.
const Matrix& roundedScratch(const Matrix& m, Format format, Subnormals sub, int slot) {
    thread_local Matrix scratch[2];
    Matrix& r = scratch[slot];
    r.resize(m.rows(), m.cols());
    roundSpan(format, span(m), span(r), sub);
    return r;
}

// A scaled lane's x and W quantised as its options say, each along its last axis, `in`: x (batch, in) and
// W (out, in) row by row.
std::pair<QuantizedTensor, QuantizedTensor> quantizedOperands(const LinearLane& lane, const Matrix& x, const Matrix& w) {
    QuantizeOptions options;
    options.scaleMode = lane.scaleMode;
    options.overflow = lane.overflow;
    return {quantize(*lane.scaled, span(x), x.rows(), x.cols(), options),
            quantize(*lane.scaled, span(w), w.rows(), w.cols(), options)};
}

// y += b row by row (float32); nothing without a bias.
void addBias(Matrix& y, const Vector& bias) {
    if (bias.size() != 0) y.rowwise() += bias.transpose();
}

// Accumulation in the storage format: every product and every partial sum is rounded, in the
// order k = 0 .. in-1, then the bias is added and rounded.
Matrix linearStorageAccumulation(Format format, Subnormals sub, const Matrix& x, const Matrix& w,
                                 const Vector& b, const std::function<bool(double)>& rowDone) {
    Matrix y(x.rows(), w.rows());
    for (Index r = 0; r < x.rows(); ++r) {
        if (rowDone && !rowDone(static_cast<double>(r) / static_cast<double>(x.rows()))) throw Cancelled();
        for (Index o = 0; o < w.rows(); ++o) {
            float acc = 0.0f;
            for (Index k = 0; k < x.cols(); ++k)
                acc = roundTo(format, acc + roundTo(format, x(r, k) * w(o, k), sub), sub);
            y(r, o) = b.size() != 0 ? roundTo(format, acc + b(o), sub) : acc;
        }
    }
    return y;
}

}  // namespace

LinearInputs makeLinearInputs(const LinearConfig& c) {
    if (c.in < 1 || c.out < 1 || c.batch < 1)
        throw Error("linear: sizes must be positive (in " + std::to_string(c.in) + ", out " +
                    std::to_string(c.out) + ", batch " + std::to_string(c.batch) + ")");
    TorchGenerator gen(c.seed);
    LinearParams p = linearInit(gen, c.in, c.out);
    Matrix x = randn(gen, c.batch, c.in);
    return {std::move(x), std::move(p.weight), std::move(p.bias)};
}

std::string scaledLaneProblem(const LinearLane& lane, Index in) {
    if (!lane.scaled) return {};
    // The training recipes' lanes and options: a forward-only product has no gradient to cast or history to keep.
    if (lane.hybrid) return "fp8 is a training lane (e4m3 forward, e5m2 gradients); the linear lab's forward lane is cpu:e4m3";
    if (lane.delayed) return "delayed scaling keeps an amax history across training steps; the linear lab computes one product";
    if (lane.noStochasticGradients || lane.noSquareWeights || lane.noHadamard)
        return "+no-sr, +no-2d and +no-rht switch off parts of NVFP4's training recipe; the linear lab's cpu:nvfp4 casts x and W "
               "in 1 x 16 blocks, rounded to nearest";
    const ScaledFormatTraits& t = traits(*lane.scaled);
    if (t.blockSize > 0 && in % t.blockSize != 0)
        return "in = " + std::to_string(in) + " is not a multiple of " + std::string(t.name) + "'s " +
               std::to_string(t.blockSize) + "-element blocks";
    return {};
}

Matrix linearScaledCpu(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                       ScaledOperandStats* stats) {
    if (!lane.scaled) throw Error("linearScaledCpu: lane " + lane.label() + " has no scaled format");
    if (const std::string why = scaledLaneProblem(lane, x.cols()); !why.empty()) throw Error(lane.label() + ": " + why);
    const auto [qx, qw] = quantizedOperands(lane, x, weight);
    if (stats) *stats = {qx.stats, qw.stats};
    using ConstMap = Eigen::Map<const Matrix>;
    const ConstMap xd(qx.dequantised.data(), x.rows(), x.cols());
    const ConstMap wd(qw.dequantised.data(), weight.rows(), weight.cols());
    Matrix y(x.rows(), weight.rows());
    y.noalias() = xd * wd.transpose();  // float32 accumulation, the f32 lane's product
    addBias(y, bias);
    return y;
}

Matrix linearForwardCpu(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias,
                        const LinearProgress& rowDone) {
    if (lane.scaled) return linearScaledCpu(lane, x, weight, bias);
    if (lane.format == Format::F32 && lane.subnormals == Subnormals::Keep) {
        Matrix y(x.rows(), weight.rows());
        y.noalias() = x * weight.transpose();
        addBias(y, bias);
        return y;
    }
    const Matrix& xr = roundedScratch(x, lane.format, lane.subnormals, 0);
    const Matrix& wr = roundedScratch(weight, lane.format, lane.subnormals, 1);
    Vector br(bias.size());
    roundSpan(lane.format, {bias.data(), static_cast<std::size_t>(bias.size())},
              {br.data(), static_cast<std::size_t>(br.size())}, lane.subnormals);
    if (lane.accumulation == Accumulation::Storage)
        return linearStorageAccumulation(lane.format, lane.subnormals, xr, wr, br, rowDone);
    Matrix y(x.rows(), weight.rows());
    // float32 accumulation of exact products, as PyTorch 2.x computes the product on this CPU (the product
    // switch with torch 2.x's dispatch on this CPU): ATen's own reduced-precision GEMM where torch takes it,
    // else a float32 sum over k with the bias added last (oneDNN's order; Eigen's here), or oneDNN's native
    // kernel on a native lane.
    const ops::ProductSwitch products(numerics::productDispatch(Dispatch::Torch, BackwardAccumulation::F32,
                                                                TorchCpu::ThisCpu, TorchVersion::V2),
                                      lane.native);
    const ops::ProductPath path = products.forward(lane.format, x.rows(), x.cols(), weight.rows());
    if (path == ops::ProductPath::AtenOrder) {
        numerics::atenReducedLinear(xr.data(), wr.data(), br.size() != 0 ? br.data() : nullptr, y.data(), x.rows(),
                                    x.cols(), weight.rows(), lane.format);
        roundSpan(lane.format, span(y), span(y), lane.subnormals);
        return y;
    }
    if (path != ops::ProductPath::Native || !native::product(lane.format, y, xr, wr.transpose()))
        y.noalias() = xr * wr.transpose();
    addBias(y, br);
    roundSpan(lane.format, span(y), span(y), lane.subnormals);
    return y;
}

LinearInputs linearOperands(const LinearLane& lane, const LinearInputs& in) {
    LinearInputs r = in;
    if (lane.scaled) {
        const auto [qx, qw] = quantizedOperands(lane, in.x, in.weight);
        std::copy(qx.dequantised.begin(), qx.dequantised.end(), r.x.data());
        std::copy(qw.dequantised.begin(), qw.dequantised.end(), r.weight.data());
        return r;
    }
    if (lane.format == Format::F32 && lane.subnormals == Subnormals::Keep) return r;
    roundSpan(lane.format, span(in.x), span(r.x), lane.subnormals);
    roundSpan(lane.format, span(in.weight), span(r.weight), lane.subnormals);
    roundSpan(lane.format, {in.bias.data(), static_cast<std::size_t>(in.bias.size())},
              {r.bias.data(), static_cast<std::size_t>(r.bias.size())}, lane.subnormals);
    return r;
}

LinearResult runLinear(const LinearConfig& config, const std::vector<LinearLane>& lanes, const LinearProgress& progress) {
    if (progress && !progress(0)) throw Cancelled();
    return runLinear(config, makeLinearInputs(config), {}, lanes, progress);
}

LinearResult runLinear(LinearFileInputs in, std::uint64_t seed, const std::vector<LinearLane>& lanes,
                       const LinearProgress& progress) {
    const LinearConfig config{in.in, in.out, in.batch, seed};
    return runLinear(config, LinearInputs{std::move(in.x), std::move(in.weight), std::move(in.bias)}, std::move(in.sources),
                     lanes, progress);
}

LinearResult runLinear(const LinearConfig& config, LinearInputs inputs, LinearSources sources,
                       const std::vector<LinearLane>& lanes, const LinearProgress& progress) {
    if (inputs.x.rows() != config.batch || inputs.x.cols() != config.in || inputs.weight.rows() != config.out ||
        inputs.weight.cols() != config.in || (inputs.bias.size() != 0 && inputs.bias.size() != config.out))
        throw Error("linear: the inputs' shapes do not match in " + std::to_string(config.in) + ", out " +
                    std::to_string(config.out) + ", batch " + std::to_string(config.batch));
    // Progress: each lane an equal share (the reference is computed inside the first lane's share).
    const double share = 1.0 / static_cast<double>(std::max<std::size_t>(1, lanes.size()));
    std::size_t laneIndex = 0;
    auto ask = [&](double withinLane) {
        if (progress && !progress((static_cast<double>(laneIndex) + withinLane) * share)) throw Cancelled();
        return true;
    };
    ask(0);
    LinearResult result;
    result.config = config;
    result.inputs = std::move(inputs);
    result.sources = std::move(sources);
    const LinearInputs& in = result.inputs;
    // cuBLAS's epilogue takes a bias vector: without one the GPU lanes add zeros (an exact zero output then
    // is +0 where torch's may be -0).
    const Vector gpuBias = in.bias.size() != 0 ? in.bias : Vector(Vector::Zero(config.out));

    bool gpuNoted = false;
    Matrix refCpu, refGpu;
    auto reference = [&](Device device) -> const Matrix& {
        Matrix& ref = device == Device::Gpu ? refGpu : refCpu;
        if (ref.size() == 0) {
            const LinearLane f32Lane{device, Format::F32, Accumulation::F32, Subnormals::Keep};
            ref = linearBackend(device)->forward(f32Lane, in.x, in.weight, device == Device::Gpu ? gpuBias : in.bias, {});
        }
        return ref;
    };

    for (; laneIndex < lanes.size(); ++laneIndex) {
        const LinearLane& lane = lanes[laneIndex];
        if (laneIndex > 0) ask(0);
        if (lane.scaled) {
            // Emulated here: the quantisation runs on the host, and a GPU lane would be the same numbers
            // with a different summation order.
            if (lane.device != Device::Cpu) throw Error(lane.label() + ": FP8/MX lanes run on the CPU (use cpu:" +
                                                        std::string(traits(*lane.scaled).name) + ")");
            if (const std::string why = scaledLaneProblem(lane, config.in); !why.empty()) {
                result.notes.push_back(lane.label() + " left out: " + why);
                continue;
            }
            LinearLaneResult r;
            r.lane = lane;
            ScaledOperandStats stats;
            const auto t0 = std::chrono::steady_clock::now();
            r.output = linearScaledCpu(lane, in.x, in.weight, in.bias, &stats);
            r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            r.quantization = stats;
            r.metrics = compareToReference(Format::F32, span(r.output), span(reference(Device::Cpu)));
            result.lanes.push_back(std::move(r));
            continue;
        }
        if (lane.tf32 && (lane.device != Device::Gpu || lane.format != Format::F32)) {
            result.notes.push_back(lane.label() + " left out: TF32 is a GPU tensor-core mode of f32 products");
            continue;
        }
        const LinearBackend* backend = linearBackend(lane.device);
        if (!backend || (lane.device == Device::Gpu && !cudaStatus().available)) {
            if (!gpuNoted) result.notes.push_back("GPU lanes absent: " + cudaStatus().reason);
            gpuNoted = true;
            continue;
        }
        if (lane.device == Device::Gpu && lane.accumulation == Accumulation::Storage && lane.format == Format::BF16) {
            result.notes.push_back(lane.label() + " left out: cuBLAS accumulates bf16 products in float32 only");
            continue;
        }
        if (lane.native && lane.device == Device::Cpu && lane.format != Format::F32) {
            const std::string why = !native::available(lane.format) ? native::fallbackMessage(lane.format)
                                    : lane.accumulation == Accumulation::Storage
                                        ? "native products accumulate in float32; +acc16 runs emulated"
                                        : native::subnormalNote(lane.format);
            if (!why.empty()) result.notes.push_back(displayLabel(lane) + ": " + why);  // as the lane is shown
        }
        LinearLaneResult r;
        r.lane = lane;
        const auto t0 = std::chrono::steady_clock::now();
        r.output = backend->forward(lane, in.x, in.weight, lane.device == Device::Gpu ? gpuBias : in.bias, ask);
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        r.metrics = compareToReference(lane.format, span(r.output), span(reference(lane.device)));
        result.lanes.push_back(std::move(r));
    }
    return result;
}

}  // namespace presisi
