// The block scales of the scaled formats (engine/numerics/scaled_format.h): an MX block's e8m0 code as
// torchao's to_mx chooses it, an NVFP4 block's e4m3 scale under the tensor's float32 scale, and what a cast
// multiplies each block by; one at a time, or many at once (eight lanes of AVX2) for the training casts.
// Used by scaled_format.cpp's casts. No Qt here.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "../format.h"
#include "scaled_format.h"

namespace presisi::numerics {

inline constexpr float kE2m1Max = 6.0f, kE4m3Max = 448.0f;

// The largest power of two of an element format: floor(log2(max)) (torchao's *_MAX_POW2: e4m3 8,
// e5m2 15, e2m3 2, e3m2 4, e2m1 2).
int emaxOf(Format element);

// One MX block's e8m0 code as torchao's to_mx computes it (mx_tensor.py), FLOOR, CEIL and EVEN
// from amax's float32 bits, RCEIL through log2 (_to_mx_rceil). emax: emaxOf(element).
std::uint8_t mxScaleCode(float amax, ScaleMode mode, Format element, int emax);

// 2^(code-127) as float32 (get_fp_scale): code 0 is 2^-127, a float32 subnormal; 255 is NaN.
float e8m0Value(std::uint8_t code);

// One block's scale: its amax (its own, or its 16 × 16 tile's), its scale code (e8m0 or e4m3), the dequantisation
// scale (x ≈ element · scale) and what the block's values are multiplied by before the cast.
struct BlockScale {
    float amax = 0;
    std::uint8_t code = 0;
    float scale = 0;
    float multiplier = 0;
};

// An MX block's: torchao's to_mx. RCEIL multiplies by a reciprocal: code 255 by the NaN descale itself, 254 by
// 2^-127, and code 0 by 1 (not 2^127: torchao's choice for blocks whose amax/max is at most 2^-127). The other
// modes divide by the scale's float32 bits (code 255 reads as inf: finite values become ±0), raised to at least
// 2^-126 (torchao's guard for code 0, whose dequantisation still uses 2^-127): a power of two (or inf) whose
// reciprocal is exact, so x times the reciprocal is x / divisor bit for bit (one rounding of the same value).
BlockScale mxBlockScale(float amax, ScaleMode mode, Format element, int emax);

// An NVFP4 block's under the float32 tensor scale pts = amax / 2688: torchao's nvfp4_quantize (the block scale
// relative to the tensor scale, clamped to [2^-6, 448] with NaN passing, cast to e4m3), dequantised as
// NVFP4Tensor.dequantize does (element · (tensor scale · block scale)).
BlockScale nvfp4BlockScale(float amax, float pts, float invPts);

// NVFP4's float32 tensor scale: torchao's amax / 2688; with `zeroAmaxScaleOne` (QuantizeOptions), where that is 0 for
// a finite amax (an all-zero tensor, or an amax below 2688 · 2^-149), Transformer Engine's 1 / S_enc instead:
// S_enc = min(2688 / amax, FLT_MAX), 1 where amax is 0.
float nvfp4TensorScale(float amax, bool zeroAmaxScaleOne);

// What a lean cast multiplies a block's elements by: its scale, or 1 for a block of zeros with a finite scale (its
// elements are ±0 either way; an infinite or NaN scale makes them NaN, and keeps doing so). An all-zero block's MX
// scale is 2^-127, a float32 subnormal, and a multiplication by a subnormal costs the CPU a slow path: ReLU's dead
// units make whole columns of zero gradients.
inline float leanFactor(const BlockScale& b) { return b.amax == 0.0f && std::isfinite(b.scale) ? 1.0f : b.scale; }

// The block scales of one cast by the format's rule, with what the rule needs worked out once: the element's emax
// (MX), the tensor scale amax / 2688 and its reciprocal (NVFP4).
class BlockScaler {
public:
    BlockScaler(ScaledFormat format, ScaleMode mode, float tensorAmax, bool zeroAmaxScaleOne = false)
        : m_nvfp4(format == ScaledFormat::Nvfp4), m_mode(mode), m_element(traits(format).element), m_emax(emaxOf(m_element)),
          m_pts(nvfp4TensorScale(tensorAmax, zeroAmaxScaleOne)), m_invPts(1.0f / m_pts) {}
    BlockScale operator()(float amax) const {
        return m_nvfp4 ? nvfp4BlockScale(amax, m_pts, m_invPts) : mxBlockScale(amax, m_mode, m_element, m_emax);
    }

    // Many blocks' multipliers and lean factors (leanFactor) from their amaxes: MX's FLOOR (its default) and NVFP4
    // eight at a time where the build has AVX2 (mxScaleCode's and nvfp4BlockScale's arithmetic lane by lane), the
    // other rules, and NaN scales, one block at a time.
    void lean(const float* amax, std::size_t n, float* multiplier, float* factor) const;

private:
    bool m_nvfp4;
    ScaleMode m_mode;
    Format m_element;
    int m_emax;
    float m_pts, m_invPts;
};

}  // namespace presisi::numerics
