// PyTorch-compatible CPU random streams (torch 1.13, AVX2 kernels): manual_seed, rand, uniform_,
// randn/normal_, and nn.Linear's default initialisation, bit for bit. No Qt here.
// The spec these follow, with its verification against torch 1.13.1, is shared/TORCH_RNG.md.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "tensor.h"

namespace presisi {

// torch's CPUGeneratorImpl: a 32-bit MT19937 seeded with the low 32 bits of the seed, plus the
// double normal that at::normal_distribution<double> caches between calls.
class TorchGenerator {
public:
    static constexpr std::uint64_t kDefaultSeed = 67280421310721ull;

    explicit TorchGenerator(std::uint64_t seed = kDefaultSeed) { manualSeed(seed); }

    // torch.manual_seed(s): s mod 2^64 (so -1 is 2^64 - 1); only the low 32 bits seed the engine.
    void manualSeed(std::uint64_t seed);
    void manualSeed(std::int64_t seed) { manualSeed(static_cast<std::uint64_t>(seed)); }

    std::uint32_t random() { return static_cast<std::uint32_t>(m_engine()); }
    std::uint64_t random64();  // first draw is the high word

    std::optional<double>& cachedNormal() { return m_cachedNormal; }

private:
    std::mt19937 m_engine;
    std::optional<double> m_cachedNormal;
};

// Tensor.uniform_(from, to) on a contiguous float32 tensor, in memory order.
void uniform(TorchGenerator& gen, std::span<float> out, double from, double to);
// torch.rand(n): uniform on [0, 1).
void rand(TorchGenerator& gen, std::span<float> out);
// Tensor.normal_(mean, std) on a contiguous float32 tensor (torch.randn for mean 0, std 1):
// 16-wide Box-Muller for n >= 16 (with torch's tail block), the cached double path below 16.
void normal(TorchGenerator& gen, std::span<float> out, double mean = 0.0, double std = 1.0);

// torch.randn(rows, cols) as a row-major matrix.
Matrix randn(TorchGenerator& gen, Index rows, Index cols);

// nn.Linear(in, out)'s reset_parameters: weight (out, in) from kaiming_uniform_(a = sqrt(5)),
// then bias (out) from uniform(-1/sqrt(in), 1/sqrt(in)). in*out + out draws, weight first.
struct LinearParams {
    Matrix weight;  // (out, in)
    Vector bias;    // (out)
};
LinearParams linearInit(TorchGenerator& gen, Index in, Index out);
// An MLP's initialisation, torch.manual_seed then nn.Linear(sizes[l], sizes[l + 1]) for each layer in
// order: the one loop the training runner, the speed lab and the teacher data set draw their layers with.
std::vector<LinearParams> mlpInit(TorchGenerator& gen, const std::vector<int>& sizes);

// The bound kaiming_uniform_(a = sqrt(5)) uses for a given fan_in, computed in double as torch's
// Python code does.
double kaimingUniformBound(Index fanIn);

}  // namespace presisi
