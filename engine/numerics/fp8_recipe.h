// The training recipes of 8 bits and below: for each linear layer's three GEMM operands (input, weight,
// output gradient) the scaled format it is cast to, how its scale is chosen (current scaling from the
// tensor's own amax, as torchao's Float8Linear does, or Transformer Engine's delayed scaling from an amax
// history), the cast into dequantised float32 and what the cast did. Qt-free.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "scaled_format.h"

namespace presisi::numerics {

// A linear layer's GEMM operands: y = x·Wᵀ takes the input and the weight; the backward products take
// the output gradient dy with the weight (dx = dy·W) and with the input (dW = dyᵀ·x).
enum class GemmOperand { Input, Weight, OutputGradient };
inline constexpr int kGemmOperands = 3;
std::string_view gemmOperandName(GemmOperand operand);  // "input", "weight", "grad_output"

// How delayed scaling turns the amax history into one amax (Transformer Engine's amax_compute_algo).
enum class AmaxAlgo { Max, MostRecent };
std::string_view amaxAlgoName(AmaxAlgo algo);  // "max", "most_recent"

// Transformer Engine's recipe.DelayedScaling knobs (its defaults).
struct DelayedScalingSettings {
    int historyLength = 1024;
    AmaxAlgo algo = AmaxAlgo::Max;
    int margin = 0;  // the scale aims at max · 2^-margin instead of max
};

// Transformer Engine's delayed scaling of one tensor (recipe/delayed_scaling.cu, the bulk update that
// PyTorch's fp8_autocast runs): the cast records the tensor's amax in row 0 of the history; after the
// pass, update() takes the amax from the history (the largest of its rows, NaN rows ignored as fmaxf
// ignores them; or row 0 alone for MostRecent), rolls it (row i takes row i+1, the last row takes row 0,
// row 0 becomes 0; not rolled when row 0's amax is 0) and computes the next scale in float32:
// scale = (max · 2^-margin) / amax where amax is finite and positive, else the previous scale is kept;
// an infinite result becomes FLT_MAX. The first pass casts with scale 1.
class AmaxHistory {
public:
    AmaxHistory() = default;
    AmaxHistory(const DelayedScalingSettings& settings, double formatMax);

    float scale() const { return m_scale; }  // the quantisation scale the next cast uses
    // The amax the scale in force was computed from (NaN while the initial scale 1 is in force).
    float scaleAmax() const { return m_scaleAmax; }
    void record(float amax) { m_rows[m_head] = amax; }  // this pass's amax (NaN-free: fmaxf over |x|)
    void update();
    // Row i of the history (0: the pass being recorded), for tests and exports.
    float row(std::size_t i) const { return m_rows[(m_head + i) % m_rows.size()]; }
    std::size_t length() const { return m_rows.size(); }

private:
    std::vector<float> m_rows;  // a ring: row i is m_rows[(m_head + i) % length]
    std::size_t m_head = 0;
    AmaxAlgo m_algo = AmaxAlgo::Max;
    float m_scaledMax = 0;  // max · 2^-margin, float32 as TE computes it
    float m_scale = 1.0f;
    float m_scaleAmax = 0;
};

// One GEMM operand's cast under a recipe: the scaled format, its overflow and MX scale mode, current or
// delayed scaling. cast() writes the dequantised float32 values the product then uses and keeps what the
// cast did (last()); with delayed scaling it records the amax, and advance() updates the history after
// the pass.
class OperandCast {
public:
    OperandCast() = default;
    OperandCast(ScaledFormat format, Overflow overflow, ScaleMode scaleMode, bool delayed,
                const DelayedScalingSettings& settings);

    ScaledFormat format() const { return m_format; }
    bool delayed() const { return m_delayed; }
    // NVFP4 output gradients (Transformer Engine's NVFP4 recipe): elements rounded stochastically, the draws
    // from a stream seeded with `seed`, in the order of the casts.
    void roundStochastically(std::uint64_t seed);
    bool stochastic() const { return m_stochastic; }
    // NVFP4 weights: 16 × 16 blocks (TE's 2-D quantisation), so the weight and its transpose cast alike.
    void useSquareBlocks() { m_options.squareBlocks = true; }
    bool squareBlocks() const { return m_options.squareBlocks; }

    // x (rows × cols, row-major) quantised along its last axis into out (same size).
    void cast(std::span<const float> x, std::int64_t rows, std::int64_t cols, std::span<float> out);
    // The same cast of the same pass for another product's blocking (an MX operand along another axis): the
    // scale and options of the last cast(), no statistics kept, no amax recorded; stochastic rounding draws
    // on from the same stream. alongColumns: the blocks run down x's columns (QuantizeOptions::alongColumns).
    void recast(std::span<const float> x, std::int64_t rows, std::int64_t cols, std::span<float> out, bool alongColumns = false);
    void advance();  // delayed scaling: after the pass, the history's update (current scaling: nothing)
    // The last cast: the tensor's amax, the scale used, the cast's statistics.
    const CastSummary& last() const { return m_last; }
    // The amax the last cast's scale came from: the tensor's own under current scaling, the history's
    // under delayed scaling (NaN when the initial scale 1 was used).
    float lastScaleAmax() const { return m_lastScaleAmax; }
    // A copy that casts with the scale in force for the last pass and never advances, and replays the last
    // pass's random draws (the NaN doctor's rerun of that pass).
    OperandCast frozenAtLastPass() const;

private:
    ScaledFormat m_format = ScaledFormat::E4M3;
    QuantizeOptions m_options;  // delayed: its scale is the one the last cast used
    bool m_delayed = false;
    bool m_frozen = false;
    AmaxHistory m_history;
    CastSummary m_last;
    float m_lastScaleAmax = 0;
    bool m_stochastic = false;
    RandomBits m_random;     // stochastic rounding's stream
    RandomBits m_passStart;  // the stream where the last cast() began
    QuantizeOptions withStream();
};

// Transformer Engine's random Hadamard transform of NVFP4's weight-gradient operands: every block of 16 values
// along a row times diag(s)·H/4, with H the 16 × 16 Sylvester Hadamard matrix and s TE's fixed sign vector
// (1 1 1 −1 1 −1 −1 −1 −1 −1 −1 1 −1 1 −1 −1), as a fast Walsh–Hadamard transform in float32. The matrix is
// orthogonal: two operands transformed alike along the reduction dimension keep their product while the
// transform spreads a block's outlier over its 16 values. cols must be a multiple of 16; alongColumns: every 16
// values down each column instead (rows a multiple of 16), the same operations element for element, so the result
// is the transpose's transformed and transposed back, bit for bit.
void randomHadamard16(std::span<float> x, std::int64_t rows, std::int64_t cols, bool alongColumns = false);

}  // namespace presisi::numerics
