// Pure-bf16 weights (the training lanes' +pure, with +sr or +kahan): bfloat16 parameters with no float32
// master copy. After every optimizer step the float32 result is rounded back into bf16, to nearest even,
// stochastically (torchao's _fp32_to_bf16_sr) or with a Kahan compensation term held in bf16 (Zamirai et
// al., "Revisiting BFloat16 Training", arXiv 2010.06192). An update below half a bf16 ulp of its weight is
// lost under nearest rounding: the lane stagnates. No Qt here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace presisi::numerics {

enum class WeightRounding { Nearest, Stochastic, Kahan };

// torchao's _fp32_to_bf16_sr for one value: the float32 bit pattern plus r (16 uniform random bits) with
// the low 16 bits cleared: rounds away from zero with probability (low 16 bits) / 2^16, so the expected
// result is x. Inf and NaN pass through (NaN stays NaN).
float bf16Stochastic(float x, std::uint32_t r16);

// The rounding of one parameter tensor's updates. `before` holds the bf16 weights before the optimizer
// step, `after` the optimizer's float32 result, which becomes the new bf16 weights in place.
class Bf16Weights {
public:
    explicit Bf16Weights(WeightRounding rounding) : m_rounding(rounding) {}
    // Back to the start (before the first round()): the compensation zero, the random stream at `seed`.
    void reset(std::uint64_t seed, std::size_t n);
    void round(const float* before, float* after, std::size_t n);
    // Elements of the last round() whose weight did not change although the optimizer moved it.
    std::size_t lostUpdates() const { return m_lost; }

private:
    WeightRounding m_rounding;
    std::mt19937_64 m_random;          // 4 draws of 16 bits per 64-bit word, in order
    std::uint64_t m_word = 0;
    int m_left = 0;
    std::vector<float> m_compensation;  // Kahan: per element, held in bf16
    std::size_t m_lost = 0;
    std::uint32_t next16();
};

}  // namespace presisi::numerics
