// PyTorch-compatible CPU random streams, following shared/TORCH_RNG.md step by step. No Qt here.
// The project compiles with -ffp-contract=off, so every a*b+c below rounds twice unless written
// std::fma, which is where torch's GCC-built AVX2 kernels fused.
#include "torch_rng.h"

#include <bit>
#include <cmath>
#include <numbers>

namespace presisi {

void TorchGenerator::manualSeed(std::uint64_t seed) {
    m_engine.seed(static_cast<std::uint32_t>(seed & 0xffffffffu));
    m_cachedNormal.reset();
}

std::uint64_t TorchGenerator::random64() {
    const std::uint64_t hi = random();
    const std::uint64_t lo = random();
    return (hi << 32) | lo;
}

namespace {

// One draw as torch's uniform_real_distribution<float> makes it: the low 24 bits scaled by
// 2^-24, exact, in [0, 1 - 2^-24].
inline float unitFloat(TorchGenerator& gen) {
    return static_cast<float>(gen.random() & 0xffffffu) * 0x1p-24f;
}

inline float f32(std::uint32_t bits) { return std::bit_cast<float>(bits); }

// Cephes/Pommier constants of avx_mathfun.h, as float32 bit patterns.
const float kSqrtHalf = f32(0x3F3504F3);
const float kLogP[9] = {f32(0x3D9021BB), f32(0xBDEBD1B8), f32(0x3DEF251A), f32(0xBDFE5D4F), f32(0x3E11E9BF),
                        f32(0xBE2AAE50), f32(0x3E4CCEAC), f32(0xBE7FFFFC), f32(0x3EAAAAAA)};
const float kLogQ1 = f32(0xB95E8083);
const float kLogQ2 = f32(0x3F318000);
const float kFourOverPi = f32(0x3FA2F983);
const float kDP1 = f32(0xBF490000);
const float kDP2 = f32(0xB97DA000);
const float kDP3 = f32(0xB3222169);
const float kCosC[3] = {f32(0x37CCF5CE), f32(0xBAB6061A), f32(0x3D2AAAA5)};
const float kSinS[3] = {f32(0xB94CA1F9), f32(0x3C08839E), f32(0xBE2AAAA3)};
const float kTwoPi = f32(0x40C90FDB);

// log256 of avx_mathfun.h for a normal x > 0, with GCC's FMA placement.
float log256(float x) {
    const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
    float e = static_cast<float>(static_cast<int>(u >> 23) - 127) + 1.0f;
    const float m = std::bit_cast<float>((u & 0x807fffffu) | 0x3f000000u);  // in [0.5, 1)
    float t;
    if (m < kSqrtHalf) {
        e = e - 1.0f;
        t = (m - 1.0f) + m;
    } else {
        t = m - 1.0f;
    }
    const float z = t * t;
    float y = kLogP[0];
    for (int k = 1; k <= 8; ++k) y = std::fma(y, t, kLogP[k]);
    y = std::fma(y * t, z, e * kLogQ1);
    y = y - 0.5f * z;
    return std::fma(e, kLogQ2, t + y);
}

// sincos256 of avx_mathfun.h for theta >= 0, with GCC's FMA placement.
void sincos256(float theta, float& sinOut, float& cosOut) {
    int j = static_cast<int>(theta * kFourOverPi);  // truncation, product rounded first
    j = (j + 1) & ~1;
    const float y = static_cast<float>(j);
    const float r = std::fma(y, kDP3, std::fma(y, kDP2, std::fma(y, kDP1, theta)));
    const float z = r * r;
    float pc = std::fma(std::fma(kCosC[0], z, kCosC[1]), z, kCosC[2]);
    pc = std::fma(pc * z, z, -(0.5f * z));
    pc = pc + 1.0f;
    float ps = std::fma(std::fma(kSinS[0], z, kSinS[1]), z, kSinS[2]);
    ps = std::fma(r, ps * z, r);
    // The vector code selects by masking and adding, so a -0 result comes out as +0.
    float s = ((j & 2) == 0 ? ps : pc) + 0.0f;
    float c = ((j & 2) == 0 ? pc : ps) + 0.0f;
    if ((j & 4) != 0) s = -s;
    if (((j - 2) & 4) == 0) c = -c;
    sinOut = s;
    cosOut = c;
}

// normal_fill_16_AVX2: uniforms in data[0..15] become 16 normals. The first half takes the
// radius from 1 - U[j] and the cosine, the second half the sine of the same angle 2*pi*U[j+8].
void normalFill16(float* data, float mean, float std) {
    for (int j = 0; j < 8; ++j) {
        const float u1 = 1.0f - data[j];
        const float u2 = data[j + 8];
        const float radius = std::sqrt(-2.0f * log256(u1));
        const float theta = kTwoPi * u2;
        float s, c;
        sincos256(theta, s, c);
        data[j] = std::fma(radius * c, std, mean);
        data[j + 8] = std::fma(radius * s, std, mean);
    }
}

// at::normal_distribution<double> with its cached second value (used below 16 elements).
double normalDouble(TorchGenerator& gen, double mean, double std) {
    auto& cache = gen.cachedNormal();
    if (cache) {
        const double v = *cache;
        cache.reset();
        return v * std + mean;
    }
    constexpr std::uint64_t kMask53 = (1ull << 53) - 1;
    const double u1 = static_cast<double>(gen.random64() & kMask53) * 0x1p-53;
    const double u2 = static_cast<double>(gen.random64() & kMask53) * 0x1p-53;
    const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
    const double theta = 2.0 * std::numbers::pi * u1;
    cache = r * std::sin(theta);
    return r * std::cos(theta) * std + mean;
}

}  // namespace

void uniform(TorchGenerator& gen, std::span<float> out, double from, double to) {
    const float lo = static_cast<float>(from);
    const float range = static_cast<float>(to) - lo;
    for (float& v : out) v = std::fma(unitFloat(gen), range, lo);
}

void rand(TorchGenerator& gen, std::span<float> out) {
    for (float& v : out) v = unitFloat(gen);
}

void normal(TorchGenerator& gen, std::span<float> out, double mean, double std) {
    const std::size_t n = out.size();
    if (n < 16) {
        for (float& v : out) v = static_cast<float>(normalDouble(gen, mean, std));
        return;
    }
    const float meanF = static_cast<float>(mean);
    const float stdF = static_cast<float>(std);
    float* data = out.data();
    for (float& v : out) v = unitFloat(gen);
    for (std::size_t b = 0; b + 16 <= n; b += 16) normalFill16(data + b, meanF, stdF);
    if (n % 16 != 0) {
        // torch redraws the last 16 positions and transforms them as one more block, overwriting
        // normals the full blocks already wrote there.
        float* tail = data + n - 16;
        for (int i = 0; i < 16; ++i) tail[i] = unitFloat(gen);
        normalFill16(tail, meanF, stdF);
    }
}

Matrix randn(TorchGenerator& gen, Index rows, Index cols) {
    Matrix m(rows, cols);
    normal(gen, std::span<float>(m.data(), static_cast<std::size_t>(m.size())));
    return m;
}

std::vector<LinearParams> mlpInit(TorchGenerator& gen, const std::vector<int>& sizes) {
    std::vector<LinearParams> layers;
    for (std::size_t l = 0; l + 1 < sizes.size(); ++l) layers.push_back(linearInit(gen, sizes[l], sizes[l + 1]));
    return layers;
}

double kaimingUniformBound(Index fanIn) {
    // torch.nn.init: gain = sqrt(2 / (1 + a^2)) with a = sqrt(5) (a^2 = 5.000000000000001),
    // std = gain / sqrt(fan_in), bound = sqrt(3) * std; all Python doubles.
    const double a = std::sqrt(5.0);
    const double gain = std::sqrt(2.0 / (1.0 + a * a));
    const double stdv = gain / std::sqrt(static_cast<double>(fanIn));
    return std::sqrt(3.0) * stdv;
}

LinearParams linearInit(TorchGenerator& gen, Index in, Index out) {
    LinearParams p{Matrix(out, in), Vector(out)};
    const double wBound = in > 0 ? kaimingUniformBound(in) : 0.0;
    uniform(gen, std::span<float>(p.weight.data(), static_cast<std::size_t>(p.weight.size())), -wBound, wBound);
    const double bBound = in > 0 ? 1.0 / std::sqrt(static_cast<double>(in)) : 0.0;
    uniform(gen, std::span<float>(p.bias.data(), static_cast<std::size_t>(p.bias.size())), -bBound, bBound);
    return p;
}

}  // namespace presisi
