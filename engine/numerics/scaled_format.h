// Scaled low-precision tensors: per-tensor scaled FP8 (torchao's tensorwise recipe), the OCP MX block
// formats (as torchao's to_mx computes them) and NVFP4 (torchao's two-level nvfp4_quantize). Qt-free;
// elements are rounded by the one rounding core (format.h).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "../format.h"
#include "stochastic_rounding.h"

namespace presisi {

// How a tensor is stored in a format of 8 bits and below.
enum class ScaledFormat {
    E4M3,       // per-tensor scale max/amax, e4m3 elements (torchao float8 tensorwise)
    E5M2,       // the same with e5m2 elements (gradients)
    Mxfp8,      // 32-element blocks along the last axis, e8m0 scale, e4m3 elements
    Mxfp8E5m2,  // … e5m2 elements
    Mxfp6E2m3,  // … e2m3 elements
    Mxfp6E3m2,  // … e3m2 elements
    Mxfp4,      // … e2m1 elements
    Nvfp4,      // 16-element blocks, e4m3 block scale, float32 tensor scale amax/(448·6), e2m1 elements
};

inline constexpr ScaledFormat kAllScaledFormats[] = {
    ScaledFormat::E4M3,      ScaledFormat::E5M2,      ScaledFormat::Mxfp8, ScaledFormat::Mxfp8E5m2,
    ScaledFormat::Mxfp6E2m3, ScaledFormat::Mxfp6E3m2, ScaledFormat::Mxfp4, ScaledFormat::Nvfp4};

struct ScaledFormatTraits {
    ScaledFormat format;
    std::string_view name;  // "e4m3", "e5m2", "mxfp8", "mxfp8-e5m2", "mxfp6-e2m3", "mxfp6-e3m2", "mxfp4", "nvfp4"
    Format element;         // the elements' format
    int blockSize;          // elements sharing one scale along the last axis; 0: one scale per tensor
    Format scale;           // the block scale's format: E8M0 (MX), E4M3 (NVFP4), F32 (per tensor)
};

const ScaledFormatTraits& traits(ScaledFormat format);
std::optional<ScaledFormat> parseScaledFormat(std::string_view name);

// How an MX block's shared e8m0 scale is chosen from the block's amax (torchao's ScaleCalculationMode).
//  Floor: 2^(floor(log2 amax) − emax_elem), the OCP rule and torchao's default; the block maximum may
//         saturate. Ceil: one more when amax's mantissa is not zero. Even: amax rounded to even at the
//         element's mantissa width first. Rceil: 2^ceil(log2(amax / max_elem)), Transformer Engine's.
enum class ScaleMode { Floor, Ceil, Even, Rceil };
std::string_view scaleModeName(ScaleMode mode);  // "floor", "ceil", "even", "rceil"
std::optional<ScaleMode> parseScaleMode(std::string_view name);

struct QuantizeOptions {
    ScaleMode scaleMode = ScaleMode::Floor;  // MX formats only
    // Elements of MX and NVFP4 blocks always saturate after scaling (OCP MX, torchao, Transformer
    // Engine). Per-tensor FP8 follows this: with the tensor's own amax nothing overflows, with a
    // given amax (delayed scaling's stale one) Ocp gives e4m3 NaN / e5m2 inf where Saturate clamps.
    Overflow overflow = Overflow::Ocp;
    // Per-tensor FP8: the amax the scale is computed from instead of the tensor's own (a delayed
    // scaling history's). Unset: the tensor's amax.
    std::optional<float> amax;
    // Per-tensor FP8: the quantisation scale itself instead of one computed from an amax (Transformer
    // Engine's delayed scaling keeps the scale, not the amax): x·scale is cast and the elements are
    // dequantised by multiplying with float32(1/scale), TE's scale_inv, where torchao divides by its
    // scale. Excludes `amax`.
    std::optional<float> scale;
    // Elements rounded stochastically (numerics/stochastic_rounding.h) with one draw of this stream per value,
    // in order, instead of to nearest even: Transformer Engine's NVFP4 recipe casts gradients so. Not owned.
    numerics::RandomBits* stochastic = nullptr;
    // NVFP4: blocks of 16 × 16 (Transformer Engine's 2-D quantisation of weights) instead of 1 × 16: the 16 rows
    // of a tile share each block scale, taken from the tile's amax, so the tensor and its transpose cast to the
    // same values. Tiles at the lower and right edges are as if zero-padded.
    bool squareBlocks = false;
    // Block formats, dequantizeInto() only: blocks down the columns (along the first axis) instead of along the rows,
    // the values the transpose cast along its last axis gives, written in place without transposing (the MX and
    // NVFP4 training lanes' operands along the batch and along `out`). Stochastic draws follow the memory order.
    bool alongColumns = false;
    // NVFP4: the tensor scale of a tensor with nothing to scale as Transformer Engine's recipe takes it
    // (compute_global_encode_scaling_factor_FP4: S_enc = min(2688 / amax, FLT_MAX), and 1 where amax is 0 or
    // S_enc is 0), where torchao's amax / 2688 is 0 and makes every block scale 0 / 0 = NaN: an all-zero tensor
    // (a dead ReLU layer's input, a batch with zero gradient) casts to zeros with the tensor scale 1, and an amax
    // so small that amax / 2688 underflows takes 1 / FLT_MAX. Every other amax keeps torchao's amax / 2688.
    // The training lanes set it; quantize() leaves it off for torchao's parity (presisi quantize says so).
    bool zeroAmaxScaleOne = false;
};

// Statistics of a cast against the values it came from (the whole tensor, or one block).
struct CastStats {
    double mse = 0;             // mean of (dequantised − input)^2, in double
    double sqnrDb = 0;          // 10·log10(Σ input² / Σ error²); +inf when the error is zero
    double maxAbsError = 0;
    double saturatedShare = 0;  // share of elements the cast clips: |x·scale| beyond what rounds to the element
                                // format's max (e4m3: above 464; 448.00003 rounds to 448 and is not counted)
    double underflowShare = 0;  // share of the non-zero (non-NaN) inputs whose element is zero; TE's
                                // underflows% divides the same count by all elements instead
    std::int64_t elements = 0;
};

struct BlockInfo {
    float amax = 0;   // max |x| of the block's inputs, in float32
    float scale = 0;  // the dequantisation scale as a float32 value (an e8m0 or e4m3 value, times the
                      // tensor scale for NVFP4); x ≈ element · scale
    std::uint8_t scaleCode = 0;  // e8m0 or e4m3 code (MX, NVFP4); 0 for per-tensor
    CastStats stats;
};

// A tensor of shape (rows, cols), row-major, quantised along its last axis.
struct QuantizedTensor {
    ScaledFormat format;
    std::int64_t rows = 0, cols = 0;
    ScaleMode scaleMode = ScaleMode::Floor;  // as asked (MX formats use it)
    Overflow overflow = Overflow::Saturate;  // what the elements' cast did: Saturate for MX and NVFP4
    float tensorAmax = 0;             // max |x| of the whole input, float32 (NaN if any value is NaN)
    std::vector<std::uint8_t> codes;  // one element code per value (element format's encode())
    std::vector<float> dequantised;   // element · block scale (· tensor scale), float32
    float tensorScale = 1;            // per-tensor FP8: the quantisation scale max/amax (x·s is cast);
                                      // NVFP4: the float32 per-tensor scale amax/(448·6); MX: 1
    std::vector<BlockInfo> blocks;    // row-major over (rows, cols / blockSize), one per row and block also for
                                      // 16 × 16 tiles (the tile's rows repeat its scale); per-tensor: one
    CastStats stats;                  // the whole tensor
};
// Where quantize() follows torchao to the letter (all float32 unless said):
//  per-tensor: scale = float32(max / max(amax, 1e-12)) in double; element = cast(x · scale);
//              dequantised = element / scale; BlockInfo::scale is float32(1 / scale).
//  MX FLOOR/CEIL/EVEN: element = cast(clamp(x / max(2^(code-127), 2^-126), ±max)); code 255 (NaN amax)
//              divides by inf. RCEIL: element = cast(clamp(x · r, ±max)) with r = 2^(127-code), r = 1 for
//              code 0. Dequantised = element · 2^(code-127) (code 0: 2^-127; 255: NaN) for every mode.
//  NVFP4: pts = amax / 2688; code = e4m3(clamp((blockAmax / 6) / pts, 2^-6, 448)); element =
//              cast(clamp(x · ((1 / pts) / s), ±6)); dequantised = element · (pts · s).
// An element that is NaN after scaling takes the element format's NaN code from encode() (ml_dtypes':
// e5m2 0x7e, FP6/FP4 a zero); torch writes 0x7f for e5m2 and torchao's FP6/FP4 bit trick another code.
// Its dequantised value is NaN either way (the block's scale is NaN).

// Quantises `values` (rows × cols, row-major). Throws presisi::Error when cols is not a multiple of
// the block size ("the tensor has 30 values per row; mxfp8 blocks hold 32"), when values.size() !=
// rows·cols, or when options.amax is set for a block format. Plain loops: a 256×256 matrix takes a few
// milliseconds (tst_quantize's speed256).
QuantizedTensor quantize(ScaledFormat format, std::span<const float> values, std::int64_t rows,
                         std::int64_t cols, const QuantizeOptions& options = {});

// What one cast of a training lane's GEMM operand did: the tensor's amax, the per-tensor quantisation
// scale (x·scale is cast; NaN for the block formats, whose scales are per block) and the cast's statistics.
struct CastSummary {
    float amax = 0;
    float scale = 0;
    CastStats stats;
};

// The training lanes' cast: the same values quantize() gives in `dequantised`, written into `out`
// (values.size(); may not alias `values`), without codes, block records or allocation. A row whose
// length is not a multiple of the block size ends in a short block, quantised as if padded with zeros
// (the padding changes no amax and no other element; its zeros are not counted). Per-tensor formats
// ignore the shape beyond its size. Its statistics are quantize()'s mse, shares and element count; sqnrDb
// and maxAbsError are NaN (not measured: the step loop has no use for them). Throws presisi::Error as
// quantize() does for a bad size or option.
CastSummary dequantizeInto(ScaledFormat format, std::span<const float> values, std::int64_t rows, std::int64_t cols,
                           std::span<float> out, const QuantizeOptions& options = {});

}  // namespace presisi
