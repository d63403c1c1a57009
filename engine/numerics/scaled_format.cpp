// Scaled low-precision tensors: per-tensor FP8, OCP MX blocks and NVFP4, each computed operation for
// operation as torchao 0.18 computes it (float32 arithmetic where torchao's is float32), so codes, scales
// and dequantised values agree bit for bit (tests/data/quantize, scripts/make_quantize_reference.py).
// No Qt here.
#include "scaled_format.h"

#include <algorithm>
#include <array>
#ifdef __AVX2__
#include <immintrin.h>
#endif
#include <bit>
#include <cmath>
#include <limits>
#include <string>

#include "../error.h"
#include "../round_bits.h"
#include "lean_cast.h"

namespace presisi {

namespace {

constexpr ScaledFormatTraits kScaledTraits[] = {
    {ScaledFormat::E4M3, "e4m3", Format::E4M3, 0, Format::F32},
    {ScaledFormat::E5M2, "e5m2", Format::E5M2, 0, Format::F32},
    {ScaledFormat::Mxfp8, "mxfp8", Format::E4M3, 32, Format::E8M0},
    {ScaledFormat::Mxfp8E5m2, "mxfp8-e5m2", Format::E5M2, 32, Format::E8M0},
    {ScaledFormat::Mxfp6E2m3, "mxfp6-e2m3", Format::E2M3, 32, Format::E8M0},
    {ScaledFormat::Mxfp6E3m2, "mxfp6-e3m2", Format::E3M2, 32, Format::E8M0},
    {ScaledFormat::Mxfp4, "mxfp4", Format::E2M1, 32, Format::E8M0},
    {ScaledFormat::Nvfp4, "nvfp4", Format::E2M1, 16, Format::E4M3},
};

constexpr std::string_view kScaleModeNames[] = {"floor", "ceil", "even", "rceil"};

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// max |x| over a span, NaN when one value is NaN (torch.amax's rule; std::max would drop it). The step loop
// takes it of every GEMM operand: eight lanes at a time where the build has AVX2 (x86-64-v3, the default).
float amaxOf(std::span<const float> x) {
    std::size_t i = 0;
    float m = 0.0f;
    bool nan = false;
#ifdef __AVX2__
    const __m256 signless = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    __m256 best = _mm256_setzero_ps(), unordered = _mm256_setzero_ps();
    for (; i + 8 <= x.size(); i += 8) {
        const __m256 v = _mm256_loadu_ps(x.data() + i);
        best = _mm256_max_ps(best, _mm256_and_ps(v, signless));
        unordered = _mm256_or_ps(unordered, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    }
    // The eight lanes' largest by halving (a block of 32 is four vectors: the reduction is a third of its cost).
    __m128 half = _mm_max_ps(_mm256_castps256_ps128(best), _mm256_extractf128_ps(best, 1));
    half = _mm_max_ps(half, _mm_movehl_ps(half, half));
    half = _mm_max_ss(half, _mm_movehdup_ps(half));
    m = _mm_cvtss_f32(half);
    nan = _mm256_movemask_ps(unordered) != 0;
#endif
    for (; i < x.size(); ++i) {
        m = std::max(m, std::fabs(x[i]));
        nan |= x[i] != x[i];
    }
    return nan ? kNaN : m;
}


// Where a cast clips: the smallest scaled magnitude beyond what rounds to the element format's max (its overflow
// threshold max + ulp(max)/2, or the threshold itself where max's last mantissa bit is odd and the tie rounds
// up). Elements at or above it are clamped to ±max (or become inf/NaN under the OCP conversion); a value just
// above max that rounds to max is an ordinary rounding (current scaling puts the amax there, one float32 ulp
// above max, half the time).
float clipFrom(Format element) {
    const auto threshold = static_cast<float>(traits(element).overflowThreshold);
    const bool tieUp = (bitsOf(element, static_cast<float>(traits(element).max)) & 1u) != 0;
    return tieUp ? threshold : std::nextafter(threshold, std::numeric_limits<float>::infinity());
}

// Sums of one cast, accumulated in double, turned into CastStats at the end. Blocks and the tensor
// share one kind so the tensor's numbers are sums over blocks, not averages of averages.
struct StatsSum {
    // Lean (the training casts): the squared error and the counts only; sqnrDb and maxAbsError not measured.
    bool lean = false;
    double sumSqError = 0, sumSqInput = 0, maxAbsError = 0;
    std::int64_t elements = 0, saturated = 0, nonZero = 0, underflowed = 0;

    void add(const StatsSum& o) {
        sumSqError += o.sumSqError;
        sumSqInput += o.sumSqInput;
        maxAbsError = std::isnan(o.maxAbsError) || std::isnan(maxAbsError) ? std::numeric_limits<double>::quiet_NaN()
                                                                           : std::max(maxAbsError, o.maxAbsError);
        elements += o.elements;
        saturated += o.saturated;
        nonZero += o.nonZero;
        underflowed += o.underflowed;
    }
    // A run of n values (castRun's). x: the inputs, scaled: x times the quantisation scale (before any clamp),
    // element: the rounded elements' values, dequantised: element times the dequantisation scale; a scaled
    // magnitude at or above clipFrom is counted saturated. Written without branches so that the run's sums
    // take a few vector instructions per element (four double accumulators, sixteen in the lean loop; their order
    // changes the sums in the last bits only).
    void addRun(const float* x, const float* scaled, const float* element, const float* dequantised, std::size_t n,
                float clipFrom) {
        double err[4] = {0, 0, 0, 0}, sq[4] = {0, 0, 0, 0}, worst[4] = {0, 0, 0, 0};
        std::size_t i = 0;
        if (lean) {
            // Sixteen partial sums (four vectors of four doubles): the additions' latency, not their number, bounds
            // a single chain.
            double wide[16] = {};
            for (; i + 16 <= n; i += 16)
                for (std::size_t j = 0; j < 16; ++j) {
                    const double e = static_cast<double>(dequantised[i + j]) - static_cast<double>(x[i + j]);
                    wide[j] += e * e;
                }
            for (std::size_t j = 0; j < 16; ++j) err[j % 4] += wide[j];
        } else {
            for (; i + 4 <= n; i += 4)
                for (std::size_t j = 0; j < 4; ++j) {
                    const double e = static_cast<double>(dequantised[i + j]) - static_cast<double>(x[i + j]);
                    err[j] += e * e;
                    sq[j] += static_cast<double>(x[i + j]) * static_cast<double>(x[i + j]);
                    worst[j] = std::max(worst[j], std::fabs(e));
                }
        }
        for (; i < n; ++i) {
            const double e = static_cast<double>(dequantised[i]) - static_cast<double>(x[i]);
            err[0] += e * e;
            sq[0] += static_cast<double>(x[i]) * static_cast<double>(x[i]);
            worst[0] = std::max(worst[0], std::fabs(e));
        }
        // Counts as float comparisons into 32-bit sums (a run holds at most kRun values): NaN compares false,
        // so a NaN is neither clipped nor a non-zero input.
        std::int32_t sat = 0, nz = 0, under = 0;
        for (std::size_t k = 0; k < n; ++k) {
            const bool counted = std::fabs(x[k]) > 0.0f;
            sat += std::fabs(scaled[k]) >= clipFrom;
            nz += counted;
            under += counted & (element[k] == 0.0f);
        }
        const double e = (err[0] + err[1]) + (err[2] + err[3]);
        sumSqError += e;
        sumSqInput += (sq[0] + sq[1]) + (sq[2] + sq[3]);
        // A NaN error makes the sum NaN (std::max drops it): so does maxAbsError.
        const double w = std::max(std::max(worst[0], worst[1]), std::max(worst[2], worst[3]));
        maxAbsError = std::isnan(e) || std::isnan(maxAbsError) ? std::numeric_limits<double>::quiet_NaN() : std::max(maxAbsError, w);
        elements += static_cast<std::int64_t>(n);
        saturated += sat;
        nonZero += nz;
        underflowed += under;
    }
    // A lean cast's sums (numerics::LeanCast).
    void addLean(const numerics::LeanCastSums& o) {
        sumSqError += o.sqError;
        elements += o.elements;
        saturated += o.saturated;
        nonZero += o.nonZero;
        underflowed += o.underflowed;
    }
    CastStats stats() const {
        CastStats s;
        s.elements = elements;
        if (elements == 0) return s;
        const double n = static_cast<double>(elements);
        s.mse = sumSqError / n;
        if (std::isnan(sumSqError) || std::isnan(sumSqInput)) s.sqnrDb = std::numeric_limits<double>::quiet_NaN();
        else if (sumSqError == 0) s.sqnrDb = std::numeric_limits<double>::infinity();
        else s.sqnrDb = 10.0 * std::log10(sumSqInput / sumSqError);
        s.maxAbsError = lean ? std::numeric_limits<double>::quiet_NaN() : maxAbsError;
        if (lean) s.sqnrDb = std::numeric_limits<double>::quiet_NaN();
        s.saturatedShare = static_cast<double>(saturated) / n;
        s.underflowShare = nonZero ? static_cast<double>(underflowed) / static_cast<double>(nonZero) : 0.0;
        return s;
    }
};

// The largest power of two of an element format: floor(log2(max)) (torchao's *_MAX_POW2: e4m3 8,
// e5m2 15, e2m3 2, e3m2 4, e2m1 2).
int emaxOf(Format element) { return std::ilogb(traits(element).max); }

// At most kRun scaled values rounded to the element format through the bulk encoders into `value` (codes to
// `codes` when not null): with `clampFirst` clamped to ±max and cast saturating (torchao clamps FP8, and its
// FP6/FP4 cast saturates), else cast by `overflow`; with `stochastic` each value is first rounded stochastically
// by its draws, in order.
constexpr std::size_t kRun = 512;
void roundRun(const float* scaled, std::size_t n, Format element, bool clampFirst, Overflow overflow,
              numerics::RandomBits* stochastic, float* value, std::uint8_t* codes) {
    std::array<float, kRun> clamped;
    std::array<std::uint8_t, kRun> own;
    std::uint8_t* c = codes ? codes : own.data();
    const float* in = scaled;
    if (clampFirst) {
        const float max = static_cast<float>(traits(element).max);
        for (std::size_t i = 0; i < n; ++i) clamped[i] = numerics::clampSym(scaled[i], max);
        in = clamped.data();
    }
    if (stochastic) {
        // Each value to one of its neighbours in the element format (exactly representable: the encoder's
        // nearest rounding keeps it).
        numerics::roundStochasticSpan(element, {in, n}, {clamped.data(), n}, *stochastic);
        in = clamped.data();
    }
    encodeSpan(element, {in, n}, {c, n}, clampFirst ? Overflow::Saturate : overflow);
    decodeSpan(element, {c, n}, {value, n});
}

// A run of at most kRun values cast alike (an MX or NVFP4 block, or a stretch of a per-tensor cast): scaled[i] is
// x[i] times the quantisation scale before any clamp, rounded by roundRun; the element is dequantised as
// element · factor, or element / factor with `divide`, into out; every value is counted (clipped from `clip`,
// clipFrom()).
void castRun(const float* x, const float* scaled, std::size_t n, Format element, bool clampFirst, Overflow overflow,
             float factor, bool divide, float clip, float* out, std::uint8_t* codes, StatsSum& sum,
             numerics::RandomBits* stochastic) {
    std::array<float, kRun> value;
    roundRun(scaled, n, element, clampFirst, overflow, stochastic, value.data(), codes);
    if (divide) for (std::size_t i = 0; i < n; ++i) out[i] = value[i] / factor;
    else for (std::size_t i = 0; i < n; ++i) out[i] = value[i] * factor;
    sum.addRun(x, scaled, value.data(), out, n, clip);
}

// One MX block's e8m0 code as torchao's to_mx computes it (mx_tensor.py), FLOOR, CEIL and EVEN
// from amax's float32 bits, RCEIL through log2 (_to_mx_rceil). emax: emaxOf(element).
std::uint8_t mxScaleCode(float amax, ScaleMode mode, Format element, int emax) {
    const FormatTraits& t = traits(element);
    if (mode == ScaleMode::Rceil) {
        const float descale = amax / static_cast<float>(t.max);
        if (std::isnan(descale)) return 255;
        if (std::isinf(descale)) return 254;
        // torch.log2 on float32: on this path it equals log2 in double rounded once to float32 (checked
        // against torch 2.15 for every float32 within 2^14 units above each power of two and every
        // subnormal, the only places where that rounding can land on an integer and change the ceil).
        // log2(0) = -inf clamps to the bottom code.
        const float l = std::ceil(static_cast<float>(std::log2(static_cast<double>(descale))));
        return static_cast<std::uint8_t>(std::clamp(l, -127.0f, 127.0f) + 127.0f);
    }
    if (std::isnan(amax)) return 255;
    std::uint32_t bits = std::bit_cast<std::uint32_t>(amax);
    if (mode == ScaleMode::Even) {
        // Round amax to the element's mantissa width (half an element ulp added, float32's mantissa
        // masked off; the sign bit is 0 for an amax): 0x7f7fffff rounds to inf, exponent 255.
        bits = (bits + (1u << (23 - t.mantissaBits - 1))) & 0xff800000u;
    }
    int pow2 = static_cast<int>((bits >> 23) & 0xffu) - 127;  // floor(log2 amax); zero and subnormals: -127
    if (mode == ScaleMode::Ceil && (bits & 0x7fffffu) != 0) ++pow2;
    // torchao clamps to [-127, 128] ("add one to positive range to capture NaNs"); with emax >= 2 the top
    // is 126 (amax inf).
    const int unbiased = std::clamp(pow2 - emax, -127, 128);
    return static_cast<std::uint8_t>(unbiased + 127);
}

// 2^(code-127) as float32 (get_fp_scale): code 0 is 2^-127, a float32 subnormal; 255 is NaN.
float e8m0Value(std::uint8_t code) {
    if (code == 255) return kNaN;
    return code == 0 ? 0x1p-127f : std::bit_cast<float>(std::uint32_t{code} << 23);
}

void checkShape(const ScaledFormatTraits& t, std::size_t size, std::int64_t rows, std::int64_t cols) {
    if (rows < 0 || cols < 0)
        throw Error("quantize: shape (" + std::to_string(rows) + ", " + std::to_string(cols) + ") has a negative dimension");
    if (static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols) != size)
        throw Error("quantize: " + std::to_string(size) + " values do not make a (" + std::to_string(rows) + ", " +
                    std::to_string(cols) + ") tensor");
    if (t.blockSize > 0 && cols % t.blockSize != 0)
        throw Error("the tensor has " + std::to_string(cols) + " values per row; " + std::string(t.name) + " blocks hold " +
                    std::to_string(t.blockSize));
}

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
BlockScale mxBlockScale(float amax, ScaleMode mode, Format element, int emax) {
    BlockScale b;
    b.amax = amax;
    b.code = mxScaleCode(amax, mode, element, emax);
    b.scale = e8m0Value(b.code);
    const std::uint8_t c = b.code;
    if (mode == ScaleMode::Rceil) {
        b.multiplier = c == 255 ? kNaN : c == 254 ? 0x1p-127f : c == 0 ? 1.0f : std::bit_cast<float>(std::uint32_t(254 - c) << 23);
    } else {
        const float divisor = std::max(std::bit_cast<float>(std::uint32_t{c} << 23), 0x1p-126f);
        b.multiplier = 1.0f / divisor;
    }
    return b;
}

constexpr float kE2m1Max = 6.0f, kE4m3Max = 448.0f;

// An NVFP4 block's under the float32 tensor scale pts = amax / 2688: torchao's nvfp4_quantize (the block scale
// relative to the tensor scale, clamped to [2^-6, 448] with NaN passing, cast to e4m3), dequantised as
// NVFP4Tensor.dequantize does (element · (tensor scale · block scale)).
BlockScale nvfp4BlockScale(float amax, float pts, float invPts) {
    BlockScale b;
    b.amax = amax;
    const float relative = (amax / kE2m1Max) / pts;
    float blockScale;
    if (std::isnan(relative)) {
        b.code = encode(Format::E4M3, relative, Overflow::Saturate);
        blockScale = decode(Format::E4M3, b.code);
    } else {
        // Within [2^-6, 448] every value is an e4m3 normal: its mantissa rounded to 3 bits, nearest even, in the
        // float32 bits (what encode() gives, without its general path); the code from the same bits.
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(std::clamp(relative, 0x1p-6f, kE4m3Max));
        const std::uint32_t rounded = NearestEvenBits(20)(bits);
        blockScale = std::bit_cast<float>(rounded);
        b.code = static_cast<std::uint8_t>((((rounded >> 23) - 127 + 7) << 3) | ((rounded >> 20) & 7u));
    }
    b.multiplier = invPts / blockScale;
    b.scale = pts * blockScale;
    return b;
}

// NVFP4's float32 tensor scale: torchao's amax / 2688; with `zeroAmaxScaleOne` (QuantizeOptions), where that is 0 for
// a finite amax (an all-zero tensor, or an amax below 2688 · 2^-149), Transformer Engine's 1 / S_enc instead:
// S_enc = min(2688 / amax, FLT_MAX), 1 where amax is 0.
float nvfp4TensorScale(float amax, bool zeroAmaxScaleOne) {
    const float pts = amax / (kE4m3Max * kE2m1Max);
    if (!zeroAmaxScaleOne || pts != 0.0f) return pts;
    if (amax == 0.0f) return 1.0f;
    return 1.0f / std::min((kE4m3Max * kE2m1Max) / amax, std::numeric_limits<float>::max());
}

// What a lean cast multiplies a block's elements by: its scale, or 1 for a block of zeros with a finite scale (its
// elements are ±0 either way; an infinite or NaN scale makes them NaN, and keeps doing so). An all-zero block's MX
// scale is 2^-127, a float32 subnormal, and a multiplication by a subnormal costs the CPU a slow path: ReLU's dead
// units make whole columns of zero gradients.
float leanFactor(const BlockScale& b) { return b.amax == 0.0f && std::isfinite(b.scale) ? 1.0f : b.scale; }

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
    void lean(const float* amax, std::size_t n, float* multiplier, float* factor) const {
        std::size_t i = 0;
#ifdef __AVX2__
        if (!m_nvfp4 && m_mode == ScaleMode::Floor) {
            const __m256i emax = _mm256_set1_epi32(m_emax);
            for (; i + 8 <= n; i += 8) {
                const __m256 a = _mm256_loadu_ps(amax + i);
                // floor(log2 amax) from the exponent bits (zero and subnormals: -127), minus emax, clamped to
                // [-127, 128], biased: the e8m0 code; NaN's is 255.
                const __m256i pow2 = _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(_mm256_castps_si256(a), 23), _mm256_set1_epi32(0xff)),
                                                      _mm256_set1_epi32(127));
                const __m256i unbiased = _mm256_min_epi32(_mm256_max_epi32(_mm256_sub_epi32(pow2, emax), _mm256_set1_epi32(-127)),
                                                          _mm256_set1_epi32(128));
                const __m256 nan = _mm256_cmp_ps(a, a, _CMP_UNORD_Q);
                const __m256i code = _mm256_blendv_epi8(_mm256_add_epi32(unbiased, _mm256_set1_epi32(127)), _mm256_set1_epi32(255),
                                                        _mm256_castps_si256(nan));
                const __m256 bits = _mm256_castsi256_ps(_mm256_slli_epi32(code, 23));  // code 255: inf
                const __m256 divisor = _mm256_max_ps(bits, _mm256_set1_ps(0x1p-126f));
                _mm256_storeu_ps(multiplier + i, _mm256_div_ps(_mm256_set1_ps(1.0f), divisor));
                // e8m0Value: code 0 is 2^-127, 255 NaN; a block of zeros (code 0) is multiplied by 1 (leanFactor).
                __m256 scale = _mm256_blendv_ps(bits, _mm256_set1_ps(0x1p-127f), _mm256_castsi256_ps(_mm256_cmpeq_epi32(code, _mm256_setzero_si256())));
                scale = _mm256_blendv_ps(scale, _mm256_set1_ps(kNaN), nan);
                _mm256_storeu_ps(factor + i, _mm256_blendv_ps(scale, _mm256_set1_ps(1.0f), _mm256_cmp_ps(a, _mm256_setzero_ps(), _CMP_EQ_OQ)));
            }
        }
        if (m_nvfp4) {
            const NearestEvenBits8 e4m3Mantissa(NearestEvenBits(20));  // e4m3's 3 fraction bits of float32's 23
            const __m256 pts = _mm256_set1_ps(m_pts), invPts = _mm256_set1_ps(m_invPts);
            for (; i + 8 <= n; i += 8) {
                const __m256 a = _mm256_loadu_ps(amax + i);
                const __m256 relative = _mm256_div_ps(_mm256_div_ps(a, _mm256_set1_ps(kE2m1Max)), pts);
                // A NaN block scale (NaN amax, or a tensor of zeros) takes nvfp4BlockScale's path for it.
                if (_mm256_movemask_ps(_mm256_cmp_ps(relative, relative, _CMP_UNORD_Q)) != 0) break;
                // nvfp4BlockScale's clamp to [2^-6, 448] and rounding to e4m3 in the bits.
                const __m256i bits = _mm256_castps_si256(_mm256_min_ps(_mm256_max_ps(relative, _mm256_set1_ps(0x1p-6f)), _mm256_set1_ps(kE4m3Max)));
                const __m256 blockScale = _mm256_castsi256_ps(e4m3Mantissa(bits));
                _mm256_storeu_ps(multiplier + i, _mm256_div_ps(invPts, blockScale));
                const __m256 scale = _mm256_mul_ps(pts, blockScale);
                const __m256 finite = _mm256_cmp_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), scale), _mm256_set1_ps(INFINITY), _CMP_LT_OQ);
                _mm256_storeu_ps(factor + i, _mm256_blendv_ps(scale, _mm256_set1_ps(1.0f),
                                                              _mm256_and_ps(finite, _mm256_cmp_ps(a, _mm256_setzero_ps(), _CMP_EQ_OQ))));
            }
        }
#endif
        for (; i < n; ++i) {
            const BlockScale b = (*this)(amax[i]);
            multiplier[i] = b.multiplier;
            factor[i] = leanFactor(b);
        }
    }

private:
    bool m_nvfp4;
    ScaleMode m_mode;
    Format m_element;
    int m_emax;
    float m_pts, m_invPts;
};

// One block (in.size() values, at most the block size; a short block is a zero-padded one) cast with its scale,
// element codes to `codes` when not null; its own statistics, added to `total`.
BlockInfo castBlock(std::span<const float> in, const BlockScale& b, Format element, float* out, std::uint8_t* codes,
                    StatsSum& total, numerics::RandomBits* stochastic) {
    BlockInfo info;
    info.amax = b.amax;
    info.scaleCode = b.code;
    info.scale = b.scale;
    StatsSum sum;
    sum.lean = total.lean;
    std::array<float, kRun> scaled;
    for (std::size_t i = 0; i < in.size(); ++i) scaled[i] = in[i] * b.multiplier;
    castRun(in.data(), scaled.data(), in.size(), element, true, Overflow::Saturate, b.scale, false, clipFrom(element), out,
            codes, sum, stochastic);
    info.stats = sum.stats();
    total.add(sum);
    return info;
}

// Per-tensor FP8: torchao.float8's amax_to_scale (max / clamp(amax, 1e-12) in float64, then float32),
// x · scale in float32, the cast (torchao clamps first: Overflow::Saturate; Ocp is ml_dtypes' cast), and
// to_original_precision (element / scale in float32); with a given scale (delayed scaling) the elements
// are multiplied by float32(1/scale) instead. Returns the quantisation scale.
float castTensorwise(Format element, std::span<const float> x, float amax, const QuantizeOptions& o, float* out,
                     std::uint8_t* codes, StatsSum& sum) {
    const double max = traits(element).max;
    float scale;
    if (o.scale) {
        scale = *o.scale;
    } else {
        const double a = o.amax ? static_cast<double>(*o.amax) : static_cast<double>(amax);
        scale = static_cast<float>(max / (std::isnan(a) ? a : std::max(a, 1e-12)));
    }
    const bool divide = !o.scale;
    const float factor = divide ? scale : 1.0f / scale;
    const float clip = clipFrom(element);
    std::array<float, kRun> scaled;
    for (std::size_t at = 0; at < x.size(); at += kRun) {
        const std::size_t n = std::min(kRun, x.size() - at);
        for (std::size_t i = 0; i < n; ++i) scaled[i] = x[at + i] * scale;
        castRun(x.data() + at, scaled.data(), n, element, false, o.overflow, factor, divide, clip, out + at,
                codes ? codes + at : nullptr, sum, o.stochastic);
    }
    return scale;
}

void checkOptions(const ScaledFormatTraits& t, const QuantizeOptions& o) {
    if ((o.amax || o.scale) && t.blockSize > 0)
        throw Error("an amax or a scale applies to the per-tensor formats (e4m3, e5m2); " + std::string(t.name) +
                    " takes each block's scale from the block's own amax");
    if (o.amax && o.scale) throw Error("quantize: give an amax or a scale, not both");
    if (o.alongColumns && t.blockSize == 0)
        throw Error("blocks down the columns are for the block formats; " + std::string(t.name) + " has one scale per tensor");
    if (o.squareBlocks && t.format != ScaledFormat::Nvfp4)
        throw Error("16 x 16 blocks are NVFP4's (Transformer Engine's 2-D weight quantisation), not " + std::string(t.name) + "'s");
}

// Each column's amax over `rows` rows of `width` values (NaN where one value is, as amaxOf), into amax.
void columnAmaxes(const float* x, std::int64_t rows, std::size_t width, float* amax) {
    std::size_t c = 0;
#ifdef __AVX2__
    const __m256 signless = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    for (; c + 8 <= width; c += 8) {
        __m256 best = _mm256_setzero_ps(), unordered = _mm256_setzero_ps();
        for (std::int64_t r = 0; r < rows; ++r) {
            const __m256 v = _mm256_loadu_ps(x + static_cast<std::size_t>(r) * width + c);
            best = _mm256_max_ps(best, _mm256_and_ps(v, signless));
            unordered = _mm256_or_ps(unordered, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
        }
        _mm256_storeu_ps(amax + c, _mm256_blendv_ps(best, _mm256_set1_ps(kNaN), unordered));
    }
#endif
    for (; c < width; ++c) {
        float m = 0.0f;
        bool nan = false;
        for (std::int64_t r = 0; r < rows; ++r) {
            const float v = x[static_cast<std::size_t>(r) * width + c];
            m = std::max(m, std::fabs(v));
            nan |= v != v;
        }
        amax[c] = nan ? kNaN : m;
    }
}

// The largest of block amaxes (NaN where one is): the tensor's amax, as amaxOf over its values gives it.
float largestAmax(std::span<const float> amaxes) {
    // Amaxes are non-negative or NaN: their bits order as integers as the values do, NaN's above inf's.
    std::uint32_t best = 0;
    for (const float a : amaxes) best = std::max(best, std::bit_cast<std::uint32_t>(a));
    return best > 0x7f800000u ? kNaN : std::bit_cast<float>(best);
}

// The training casts down the columns (QuantizeOptions::alongColumns): blocks of the format's size along the first
// axis, each column its own, cut into the same blocks (and 16 × 16 tiles) as the transpose's rows would be; the
// rows of a block are read in memory order, every column's amax at once. Returns the tensor's amax.
float castColumnBlocks(ScaledFormat format, std::span<const float> x, std::int64_t rows, std::int64_t cols,
                       const QuantizeOptions& o, float* out, StatsSum& total) {
    const ScaledFormatTraits& t = traits(format);
    const std::int64_t n = t.blockSize;
    const auto width = static_cast<std::size_t>(cols);
    const auto groups = static_cast<std::size_t>((rows + n - 1) / n);
    // Each group of n rows: one amax per column (per tile of 16 columns with square blocks).
    std::vector<float> amax(groups * width), multiplier(amax.size()), factor(amax.size());
    for (std::size_t g = 0; g < groups; ++g) {
        const auto r0 = static_cast<std::int64_t>(g) * n;
        float* a = amax.data() + g * width;
        columnAmaxes(x.data() + r0 * cols, std::min(rows, r0 + n) - r0, width, a);
        if (o.squareBlocks) {
            // A 16 × 16 tile spans 16 columns here: their largest amax (NaN-propagating).
            for (std::size_t c0 = 0; c0 < width; c0 += static_cast<std::size_t>(n)) {
                const std::size_t c1 = std::min(width, c0 + static_cast<std::size_t>(n));
                std::fill(a + c0, a + c1, largestAmax({a + c0, c1 - c0}));
            }
        }
    }
    const float tensorAmax = largestAmax(amax);
    BlockScaler(format, o.scaleMode, tensorAmax, o.zeroAmaxScaleOne).lean(amax.data(), amax.size(), multiplier.data(), factor.data());
    numerics::LeanCast lean(t.element, clipFrom(t.element), out, o.stochastic);
    for (std::size_t g = 0; g < groups; ++g) {
        const auto r0 = static_cast<std::int64_t>(g) * n;
        lean.rows(x.data(), static_cast<std::size_t>(r0 * cols), static_cast<std::size_t>(std::min(rows, r0 + n) - r0), width,
                  multiplier.data() + g * width, factor.data() + g * width);
    }
    total.addLean(lean.sums());
    return tensorAmax;
}

// Every block's amax of a tensor cut into rows of blocks of n (the last of a row shorter where cols is not a
// multiple), in row order: amaxOf each block, or with `squareBlocks` its 16 × 16 tile's (the largest of the tile
// rows' block amaxes, NaN-propagating).
std::vector<float> blockAmaxes(std::span<const float> x, std::int64_t rows, std::int64_t cols, std::int64_t n, bool squareBlocks) {
    const auto perRow = static_cast<std::size_t>((cols + n - 1) / n);
    std::vector<float> amax(static_cast<std::size_t>(rows) * perRow);
#ifdef __AVX2__
    if (cols % n == 0 && n % 8 == 0) {
        // Whole blocks of whole vectors. Magnitudes' bits compare as integers as the floats do, and every NaN's
        // lie above inf's: the largest bits are the amax, or a NaN (made the canonical one).
        const __m256i signless = _mm256_set1_epi32(0x7fffffff);
        const float* at = x.data();
        for (float& a : amax) {
            __m256i best = _mm256_setzero_si256();
            for (std::int64_t k = 0; k < n; k += 8, at += 8)
                best = _mm256_max_epi32(best, _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(at)), signless));
            __m128i half = _mm_max_epi32(_mm256_castsi256_si128(best), _mm256_extracti128_si256(best, 1));
            half = _mm_max_epi32(half, _mm_shuffle_epi32(half, 0x4e));
            half = _mm_max_epi32(half, _mm_shuffle_epi32(half, 0xb1));
            const auto bits = static_cast<std::uint32_t>(_mm_cvtsi128_si32(half));
            a = bits > 0x7f800000u ? kNaN : std::bit_cast<float>(bits);
        }
    } else
#endif
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c0 = 0; c0 < cols; c0 += n)
            amax[static_cast<std::size_t>(r) * perRow + static_cast<std::size_t>(c0 / n)] =
                amaxOf(x.subspan(static_cast<std::size_t>(r * cols + c0), static_cast<std::size_t>(std::min(n, cols - c0))));
    if (!squareBlocks) return amax;
    for (std::int64_t r0 = 0; r0 < rows; r0 += n) {
        const std::int64_t r1 = std::min(rows, r0 + n);
        for (std::size_t b = 0; b < perRow; ++b) {
            std::uint32_t best = 0;  // as largestAmax, down a column of block amaxes
            for (std::int64_t r = r0; r < r1; ++r) best = std::max(best, std::bit_cast<std::uint32_t>(amax[static_cast<std::size_t>(r) * perRow + b]));
            const float m = best > 0x7f800000u ? kNaN : std::bit_cast<float>(best);
            for (std::int64_t r = r0; r < r1; ++r) amax[static_cast<std::size_t>(r) * perRow + b] = m;
        }
    }
    return amax;
}

// The block loop shared by quantize() and dequantizeInto(): each row of `cols` values cut into blocks of
// the format's size (the last one shorter where cols is not a multiple); with `blocks` one BlockInfo each (and
// codes when not null), without them the lean cast. With o.squareBlocks each block's amax is its 16 × 16 tile's.
// Returns the tensor's amax.
float castBlocks(ScaledFormat format, std::span<const float> x, std::int64_t rows, std::int64_t cols,
                 const QuantizeOptions& o, float* out, std::uint8_t* codes, std::vector<BlockInfo>* blocks,
                 StatsSum& total) {
    const ScaledFormatTraits& t = traits(format);
    const std::int64_t n = t.blockSize;
    const std::vector<float> amax = blockAmaxes(x, rows, cols, n, o.squareBlocks);
    const float tensorAmax = largestAmax(amax);
    const BlockScaler scaler(format, o.scaleMode, tensorAmax, o.zeroAmaxScaleOne);
    const auto perRow = static_cast<std::size_t>((cols + n - 1) / n);
    if (blocks) {
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c0 = 0; c0 < cols; c0 += n) {
                const auto at = static_cast<std::size_t>(r * cols + c0);
                const std::span<const float> in = x.subspan(at, static_cast<std::size_t>(std::min(n, cols - c0)));
                const BlockScale b = scaler(amax[static_cast<std::size_t>(r) * perRow + static_cast<std::size_t>(c0 / n)]);
                blocks->push_back(castBlock(in, b, t.element, out + at, codes ? codes + at : nullptr, total, o.stochastic));
            }
        return tensorAmax;
    }
    std::vector<float> multiplier(amax.size()), factor(amax.size());
    scaler.lean(amax.data(), amax.size(), multiplier.data(), factor.data());
    numerics::LeanCast lean(t.element, clipFrom(t.element), out, o.stochastic);
    if (cols % n == 0 || cols < n) {
        // Blocks consecutive in memory, whole ones or one short block per row: one call.
        lean.blocks(x.data(), 0, amax.size(), static_cast<std::size_t>(std::min(n, cols)), multiplier.data(), factor.data());
        total.addLean(lean.sums());
        return tensorAmax;
    }
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c0 = 0; c0 < cols; c0 += n) {
            const std::size_t k = static_cast<std::size_t>(r) * perRow + static_cast<std::size_t>(c0 / n);
            lean.block(x.data(), static_cast<std::size_t>(r * cols + c0), static_cast<std::size_t>(std::min(n, cols - c0)),
                       multiplier[k], factor[k]);
        }
    total.addLean(lean.sums());
    return tensorAmax;
}

}  // namespace

const ScaledFormatTraits& traits(ScaledFormat format) { return kScaledTraits[static_cast<int>(format)]; }

std::optional<ScaledFormat> parseScaledFormat(std::string_view name) {
    for (const ScaledFormatTraits& t : kScaledTraits)
        if (t.name == name) return t.format;
    return std::nullopt;
}

std::string_view scaleModeName(ScaleMode mode) { return kScaleModeNames[static_cast<int>(mode)]; }

std::optional<ScaleMode> parseScaleMode(std::string_view name) {
    for (int i = 0; i < 4; ++i)
        if (kScaleModeNames[i] == name) return static_cast<ScaleMode>(i);
    return std::nullopt;
}

QuantizedTensor quantize(ScaledFormat format, std::span<const float> values, std::int64_t rows, std::int64_t cols,
                         const QuantizeOptions& options) {
    const ScaledFormatTraits& t = traits(format);
    checkShape(t, values.size(), rows, cols);
    checkOptions(t, options);
    if (options.alongColumns) throw Error("quantize: blocks run along the last axis (transpose the tensor to cast down its columns)");
    QuantizedTensor q;
    q.format = format;
    q.rows = rows;
    q.cols = cols;
    q.scaleMode = options.scaleMode;
    q.overflow = t.blockSize > 0 ? Overflow::Saturate : options.overflow;
    q.codes.resize(values.size());
    q.dequantised.resize(values.size());
    q.tensorAmax = amaxOf(values);
    StatsSum total;
    if (t.blockSize == 0) {
        q.tensorScale = castTensorwise(t.element, values, q.tensorAmax, options, q.dequantised.data(), q.codes.data(), total);
        BlockInfo info;
        info.amax = q.tensorAmax;
        info.scale = static_cast<float>(1.0 / static_cast<double>(q.tensorScale));
        info.stats = total.stats();
        q.blocks.assign(1, info);
    } else {
        q.blocks.reserve(static_cast<std::size_t>(rows * (cols / t.blockSize)));
        castBlocks(format, values, rows, cols, options, q.dequantised.data(), q.codes.data(), &q.blocks, total);
        if (format == ScaledFormat::Nvfp4) q.tensorScale = nvfp4TensorScale(q.tensorAmax, options.zeroAmaxScaleOne);
    }
    q.stats = total.stats();
    return q;
}

CastSummary dequantizeInto(ScaledFormat format, std::span<const float> values, std::int64_t rows, std::int64_t cols,
                           std::span<float> out, const QuantizeOptions& options) {
    const ScaledFormatTraits& t = traits(format);
    if (rows < 0 || cols < 0 || static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols) != values.size() ||
        out.size() != values.size())
        throw Error("dequantizeInto: " + std::to_string(values.size()) + " values into " + std::to_string(out.size()) +
                    " do not make a (" + std::to_string(rows) + ", " + std::to_string(cols) + ") tensor");
    checkOptions(t, options);
    CastSummary r;
    StatsSum total;
    total.lean = true;
    if (t.blockSize == 0) {
        r.amax = amaxOf(values);
        r.scale = castTensorwise(t.element, values, r.amax, options, out.data(), nullptr, total);
    } else {
        // The tensor's amax from its blocks' (NVFP4's tensor scale needs it before the first block is cast).
        r.scale = kNaN;
        r.amax = options.alongColumns ? castColumnBlocks(format, values, rows, cols, options, out.data(), total)
                                      : castBlocks(format, values, rows, cols, options, out.data(), nullptr, nullptr, total);
    }
    r.stats = total.stats();
    return r;
}

}  // namespace presisi
