// PyTorch's CPU GELU (nn.GELU(), approximate="none") reproduced bit for bit: oneDNN's eltwise_gelu_erf and ATen's GeluKernel.
#pragma once

#include <cstddef>
#include <cstdint>

namespace presisi::numerics {

// Which library code computes the GELU. Results are float32 for float32 inputs; for a bf16 tensor
// the caller rounds each result once to bf16, round-to-nearest-even (see torchBf16Round). A float32
// tensor goes through the same code (oneDNN for any contiguous float32 tensor with numel > 1), so
// the results are also torch's float32 GELU bits, before any rounding.
//
// Which path PyTorch takes (aten/src/ATen/native/Activation.cpp, gelu_out_cpu /
// gelu_backward_out_cpu): oneDNN when use_mkldnn(self) holds, i.e. mkldnn enabled, `self`
// contiguous, numel() > 1, and dtype float32, or bfloat16 with mkldnn_bf16_device_check()
// (torch 1.13: cpuinfo avx512bw+vl+dq; torch 2.x: ideep::has_bf16_type_support(), oneDNN's
// effective ISA >= avx512_core, so it also follows ONEDNN_MAX_CPU_ISA). Otherwise ATen's
// GeluKernel / GeluBackwardKernel (AtenVec below).
enum class TorchGelu {
    // oneDNN 2.x (torch 1.13 bundles 2.6.x/2.7.x) jit gelu_erf, any ISA: Abramowitz-Stegun 7.1.26
    // erf with oneDNN's own exp, forward and backward. Also oneDNN 3.x below AVX-512 (e.g. a
    // float32 tensor on an AVX2-only CPU under torch 2.x) and the oneDNN 3.x backward everywhere.
    OneDnn2,
    // oneDNN 3.1 .. 3.13 (source identical; torch 2.15 bundles 3.13.3) on avx512_core and above:
    // forward is the piecewise minimax polynomial (gelu_erf_minimax_approx_compute_vector_fwd);
    // backward is unchanged from oneDNN 2.x (identical to OneDnn2's backward). oneDNN 3.0.x had a
    // different minimax forward (one polynomial in x^2), not reproduced here.
    OneDnn3,
    // ATen's vectorized kernel (no oneDNN): Vectorized<float>::erf (Abramowitz-Stegun with Sleef
    // expf_u10) on the vector body, glibc erff/expf (std::erf/std::exp) on the scalar tail.
    AtenVec,
};

// AtenVec only: cpu_kernel_vec's vectorized_loop runs whole blocks of 2 * Vectorized<scalar_t>::size()
// elements and the remaining `n % block` elements of the slice with the scalar lambda. A slice is
// one thread's contiguous chunk (at::parallel_for, see README in tests/data/gelu); with one thread,
// the whole contiguous tensor. Blocks for bf16 tensors: 64 on ATen capability AVX512, 32 on AVX2;
// for float32 tensors: 32 and 16.
inline constexpr std::size_t kAtenBlockBf16Avx512 = 64;
inline constexpr std::size_t kAtenBlockBf16Avx2 = 32;
inline constexpr std::size_t kAtenBlockF32Avx512 = 32;
inline constexpr std::size_t kAtenBlockF32Avx2 = 16;

// y[i] = gelu(x[i]) as the library computes it in float32.
// `atenBlock` is used by AtenVec only (elements from n - n % atenBlock on take the scalar tail).
void torchGeluForward(TorchGelu k, const float* x, float* y, std::size_t n,
                      std::size_t atenBlock = kAtenBlockBf16Avx512);

// dx[i] = g[i] * gelu'(x[i]) as the library computes it: the product with g is taken in float32
// (one rounding of the whole result happens afterwards, in the caller). May alias dx with g.
void torchGeluBackward(TorchGelu k, const float* x, const float* g, float* dx, std::size_t n,
                       std::size_t atenBlock = kAtenBlockBf16Avx512);

// float32 -> bf16 bits, round to nearest even. `flushDenormals` models oneDNN's store through the
// AVX512_BF16 instruction vcvtneps2bf16, which treats a denormal float32 as zero (keeping its
// sign); pass false for ATen's software conversion (c10::BFloat16 / convert_float_bfloat16) and for
// oneDNN on CPUs without avx512_bf16 (emulated conversion). NaN is not expected here.
std::uint16_t torchBf16Round(float v, bool flushDenormals);

} // namespace presisi::numerics
