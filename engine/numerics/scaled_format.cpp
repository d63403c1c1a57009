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
#include "block_scales.h"
#include "lean_cast.h"

namespace presisi {

namespace {

using numerics::BlockScale;
using numerics::BlockScaler;
using numerics::nvfp4TensorScale;

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
