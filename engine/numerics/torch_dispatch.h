// PyTorch's CPU dispatch for low-format matrix products and GELU (2.x and 1.13), as Scenario::dispatch =
// Torch follows it, and GELU's rounding under Presisi's own dispatch (docs/NUMERICS.md, "Matching
// PyTorch"). No Qt here.
#pragma once

#include <cstdint>
#include <string>

#include "../format.h"
#include "activation.h"
#include "settings.h"

namespace presisi::numerics {

// torch's mkldnn_bf16_device_check() (aten/src/ATen/native/mkldnn/Utils.h, 1.13): cpuinfo's avx512bw,
// avx512vl and avx512dq. `cpuFlags`: the "flags" line of /proc/cpuinfo (space separated).
bool torchHasAvx512Bf16Path(const std::string& cpuFlags);
// The "flags" line of this machine's first processor in /proc/cpuinfo ("" when it cannot be read).
std::string thisCpuFlags();
// The CPU class `c` names: ThisCpu decided from this machine's flags (read once).
bool torchCpuIsAvx512(TorchCpu c);

// ATen mkldnn_bf16_gemm (1.13): a bf16 product goes to oneDNN (float32 accumulation, one rounding) when
// the CPU passes the device check and m*n*k > 16*16*16; otherwise ATen's reference gemm, whose
// gemm_notrans_ form accumulates in the format (BackwardAccumulation::Storage). f16 (not an autocast CPU
// type in 1.13) always takes the reference path. m, n, k: the product's sizes, any order.
inline constexpr std::int64_t kOneDnnMinProduct = 16 * 16 * 16;  // oneDNN only for m*n*k above this
bool torchUsesOneDnn(bool avx512, Format f, std::int64_t m, std::int64_t n, std::int64_t k);

// PyTorch 2.x's CPU Linear (x W^T + b) in f16 or bf16 (aten/src/ATen/native/CPUBlas.cpp gemm for Half and
// BFloat16, mkldnn/Matmul.cpp; checked against torch 2.15, tests/data/torch2/README.md): oneDNN, a
// sequential float32 sum over k with the bias added last, where oneDNN's ISA has the format, the product
// has batch*in*out > 4096 and (f16) batch > 1; otherwise ATen's own GEMM (aten_reduced_gemm.h).
// oneDNN has f16 with avx512_fp16, amx_fp16 or avx_ne_convert, bf16 with AVX-512 (avx512bw/vl/dq).
enum class TorchLinearKernel { OneDnn, Aten };
struct TorchCpuFormats {
    bool bf16 = false, f16 = false;  // oneDNN's effective ISA has the format
};
TorchCpuFormats torchOneDnnFormats(const std::string& cpuFlags);
const TorchCpuFormats& thisCpuOneDnnFormats();  // this machine's, read once
TorchLinearKernel torch2LinearKernel(Format f, std::int64_t batch, std::int64_t in, std::int64_t out,
                                     const TorchCpuFormats& cpu);

// A scenario's dispatch, resolved once per lane: how each low-format product and GELU is computed.
struct ProductDispatch {
    Dispatch dispatch = Dispatch::Presisi;
    BackwardAccumulation presisi = BackwardAccumulation::F32;  // Dispatch::Presisi: the scenario's choice
    bool avx512 = false;                                       // Dispatch::Torch: the CPU class
    TorchVersion version = TorchVersion::V2;
    TorchCpuFormats oneDnn;  // Dispatch::Torch: the formats oneDNN's ISA has on the CPU class

    // Dispatch::Torch, version 2: whether the forward product x W^T + b (batch x in -> out) of format f
    // runs in ATen's own reduced-precision GEMM (aten_reduced_gemm.h), as torch2LinearKernel says;
    // otherwise a float32 product of the rounded values.
    bool atenForward(Format f, std::int64_t batch, std::int64_t in, std::int64_t out) const;

    // How a backward product of format f, sized m*n*k, accumulates (F32 for float32 products). PyTorch
    // 2.x accumulates every bf16 and f16 product in float32; 1.13 as torchUsesOneDnn says.
    BackwardAccumulation backward(Format f, std::int64_t m, std::int64_t n, std::int64_t k) const;
    // GELU in format f. Dispatch::Torch: torch's use_mkldnn(input) in aten/src/ATen/native/Activation.cpp
    // sends GELU to oneDNN — float32 always; bf16 on CPUs that pass the device check (1.13) or where
    // oneDNN's ISA has AVX-512 (2.x) — and otherwise to ATen's kernel (1.13: bf16 arithmetic rounded per
    // operation; 2.x: float32, one rounding, vector blocks by the CPU class). oneDNN 3.x (torch 2.x) runs
    // its minimax GELU with AVX-512 and oneDNN 2.x's algorithm below. Dispatch::Presisi: the float32
    // formula, rounded once (2.x) or per operation (1.13) in a low format.
    GeluRule gelu(Format f) const;
};
ProductDispatch productDispatch(Dispatch dispatch, BackwardAccumulation presisi, TorchCpu cpu, TorchVersion version);
// A scenario's four settings of those names (engine/training/scenario.h; a template, so that the
// numerics core does not include the training layer above it).
template <typename Settings>
ProductDispatch productDispatch(const Settings& s) {
    return productDispatch(s.dispatch, s.backwardAccumulation, s.torchCpu, s.torchVersion);
}

}  // namespace presisi::numerics
