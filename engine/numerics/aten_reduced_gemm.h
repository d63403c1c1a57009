// PyTorch 2.x ATen's own f16/bf16 matrix product on x86 CPUs (no oneDNN), reproduced bit for bit in scalar C++.
#pragma once

#include <cstdint>

#include "../format.h"
#include "../tensor.h"

namespace presisi::numerics {

// Which compiled copy of ATen's kernel runs: ATen's CPU capability AVX2 and AVX512 both run the
// AVX2 build (Vectorized<float>::size() == 8). The gemm and dot kernels are registered with
// REGISTER_DISPATCH, which stores nullptr for the AVX512 build (aten/src/ATen/native/DispatchStub.h;
// only ALSO_REGISTER_AVX512_DISPATCH keeps one), and DispatchStub then falls back to AVX2: checked in
// torch 2.15.0, whose AVX512 gemm_stub / fp16_dot_stub pointers are null and whose outputs with
// capability AVX512 equal those with ATEN_CPU_CAPABILITY=avx2 bit for bit. Capability DEFAULT (a
// CPU without AVX2, or ATEN_CPU_CAPABILITY=default) gives other results and is not reproduced here.

// Which library computes a float16 / bfloat16 Linear (x @ W^T + b) on an x86 CPU in torch 2.15,
// one thread or many (the threads split the outputs, never a sum):
//   f16: oneDNN (sequential float32 sum, bias last) when mkldnn_fp16_device_check() holds (oneDNN's
//        effective ISA has f16: avx512_fp16 or AVX-NE-CONVERT; ONEDNN_MAX_CPU_ISA lowers it; an
//        AVX2-only or plain AVX-512 CPU has neither) AND batch*in*out > 4096
//        AND batch > 1. Otherwise ATen: this code. batch == 1, or a 1-D input, always takes
//        ATen's gemv (fp16_gemv_trans), which computes the same dot products.
//   bf16: oneDNN when mkldnn_bf16_device_check() holds (effective ISA avx512_core and up, or
//        AVX-NE-CONVERT) AND batch*in*out > 4096, batch 1 included. Otherwise ATen: this code.
// (aten/src/ATen/native/CPUBlas.cpp gemm for Half / BFloat16, mkldnn/Matmul.cpp mkldnn_gemm.)
// Checked against torch 2.15.0 on an avx512_fp16/amx_bf16 Xeon (tests/data/torch2/README.md).

// One dot product as ATen's dot_with_fp32_arith_no_bfdot<T> runs it (T = Half for Format::F16,
// BFloat16 for Format::BF16: the same code; only the compiled scalar tail differs, see the .cpp).
// a, b: (k) values that are exactly f16 / bf16 held as float32, so every product is exact in
// float32 (bf16: unless it leaves float32's normal range). Returns the float32 sum.
float atenReducedDot(const float* a, const float* b, std::int64_t k, Format format);

// y = x @ w^T + bias as ATen's gemm_transa_ (through addmm with beta = alpha = 1) computes it,
// before the one rounding of each output to f16 / bf16, which is the caller's:
//   x: (batch, in)  w: (out, in)  bias: (out) or nullptr  y: (batch, out), all float32 holding
//   f16 (bf16) values; y[i, o] = float32(bias[o] + atenReducedDot(w[o], x[i], in)).
void atenReducedLinear(const float* x, const float* w, const float* bias, float* y, Index batch, Index in,
                       Index out, Format format);

}  // namespace presisi::numerics
