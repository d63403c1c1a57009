// Real low-precision matrix products on the CPU through oneDNN (native bf16/f16 where the CPU has the
// instructions, detected at run time), with float32 accumulation; the emulated path everywhere else. No Qt.
#pragma once

#include <cstdint>
#include <string>

#include <Eigen/Core>

#include "../format.h"
#include "../tensor.h"

namespace presisi::native {

// What this build and this CPU offer, probed once (oneDNN's effective ISA and whether a matmul primitive
// of the format gets a real kernel, not oneDNN's reference loop).
struct Support {
    bool built = false;      // compiled with oneDNN (PRESISI_HAVE_ONEDNN)
    bool bf16 = false;       // a native bf16 matmul kernel exists on this CPU
    bool f16 = false;        // a native f16 matmul kernel exists on this CPU
    std::string isa;         // oneDNN's effective ISA, e.g. "avx512_core_bf16"
    std::string bf16Kernel;  // oneDNN's implementation name, e.g. "brg:avx512_core_bf16"
    std::string f16Kernel;
    std::string f32Kernel;
    std::string version;     // "oneDNN 2.6.3"
};
const Support& support();

// Tests (and PRESISI_FORCE_EMULATED=1 in the environment) simulate a CPU without native arithmetic:
// every query below then answers "not native" and the callers take the emulated path.
void forceEmulated(bool on);
bool emulationForced();

// True when products in `format` (bf16 or f16) run natively now. Never for f32.
bool available(Format format);

// "no native bf16 on this CPU: emulated — numerics only, no speed-up" (or the build's reason).
std::string fallbackMessage(Format format);
// How the native kernel treats subnormals, e.g. "native bf16 (AVX512_BF16 VDPBF16PS) treats subnormal
// inputs as zero and flushes subnormal products to zero"; empty where nothing differs.
std::string subnormalNote(Format format);

// c (m x n, row-major, float32) = op(a) op(b), op(a): (m x k), op(b): (k x n). a and b are row-major
// float32 holding values of `format`; they are converted to the format's bits (round-to-nearest-even,
// exact for representable values) and multiplied by oneDNN with float32 accumulation; c is NOT rounded
// (the caller rounds per its policy, as the emulated path does). transA: a is stored (k x m); transB: b is
// stored (n x k). Returns false (c untouched) when the format is not native now. One thread, like the lanes.
bool matmul(Format format, const float* a, bool transA, const float* b, bool transB, float* c, Index m, Index n,
            Index k);

// How many products matmul()/matmulBits() have run natively in this process (tests check that a native
// lane really took the native path).
std::uint64_t nativeProductCount();

// The same on Eigen operands: a Matrix or the transpose of one. The training lane's product hook.
inline const Matrix& operandOf(const Matrix& m, bool& trans) { trans = false; return m; }
inline const Matrix& operandOf(const Eigen::Transpose<const Matrix>& t, bool& trans) {
    trans = true;
    return t.nestedExpression();
}
template <typename A, typename B>
bool product(Format format, Matrix& dst, const A& a, const B& b) {
    if (!available(format)) return false;
    bool ta = false, tb = false;
    const Matrix& ma = operandOf(a, ta);
    const Matrix& mb = operandOf(b, tb);
    const Index m = ta ? ma.cols() : ma.rows(), k = ta ? ma.rows() : ma.cols();
    const Index n = tb ? mb.rows() : mb.cols();
    dst.resize(m, n);
    return matmul(format, ma.data(), ta, mb.data(), tb, dst.data(), m, n, k);
}

// Products on inputs already held in the format's 16-bit encoding (the throughput bench: inputs stored
// in bf16, as a bf16 tensor is): c (m x n) = a (m x k) b (k x n), row-major, float32 out.
bool matmulBits(Format format, const std::uint16_t* a, const std::uint16_t* b, float* c, Index m, Index n, Index k);
// oneDNN's float32 product whatever the dispatch below decides, for the bench's "f32 onednn" baseline.
// Returns false without oneDNN.
bool matmulF32(const float* a, const float* b, float* c, Index m, Index n, Index k);

// ---- float32 products: every CPU training lane's products (the f32 lane, and the emulated bf16/f16 lanes,
// whose products are float32 products of already-rounded values). The binary targets x86-64-v3, so
// Eigen's GEMM is AVX2 code; where the CPU has AVX-512, oneDNN's float32 kernels are measured ~1.8x faster
// (docs/BENCHMARKS.md). The choice is made at run time, per product, by size; Eigen stays the fallback (no
// oneDNN in the build, no AVX-512, a shape oneDNN has only its reference loop for, or forced below).

// Tests (and PRESISI_F32_EIGEN=1 in the environment) send every float32 product to Eigen, as on a CPU
// without AVX-512. Independent of forceEmulated(), which is about the bf16/f16 kernels.
void forceEigenF32(bool on);
bool eigenF32Forced();
// oneDNN's float32 matmul runs AVX-512 code on this CPU and is not forced off.
bool f32Available();
// Whether a product of these sizes goes to oneDNN: f32Available() and the product large enough that
// oneDNN's per-call cost (primitive lookup, memory objects) is repaid; measured crossover in the .cpp.
bool f32Preferred(Index m, Index n, Index k);
// c (m x n) = op(a) op(b), float32 in and out, float32 accumulation in oneDNN's order; layout as matmul()
// above. Returns false (c untouched) when f32Available() is false or oneDNN has no real kernel for the shape.
bool matmulF32(const float* a, bool transA, const float* b, bool transB, float* c, Index m, Index n, Index k);
// How many float32 products went through oneDNN in this process (for tests: the dispatch took that path).
std::uint64_t f32ProductCount();

// dst = a b on Eigen operands (a Matrix or the transpose of one) through oneDNN when f32Preferred() says
// so. False: not taken (dst may have been resized, its values are unset); the caller runs Eigen's product.
template <typename A, typename B>
bool f32Product(Matrix& dst, const A& a, const B& b) {
    bool ta = false, tb = false;
    const Matrix& ma = operandOf(a, ta);
    const Matrix& mb = operandOf(b, tb);
    const Index m = ta ? ma.cols() : ma.rows(), k = ta ? ma.rows() : ma.cols();
    const Index n = tb ? mb.rows() : mb.cols();
    if (!f32Preferred(m, n, k)) return false;
    dst.resize(m, n);
    return matmulF32(ma.data(), ta, mb.data(), tb, dst.data(), m, n, k);
}
// float32 values of `format` -> the format's bits (round-to-nearest-even).
void toBits(Format format, const float* in, std::uint16_t* out, Index n);

}  // namespace presisi::native
