// PyTorch 1.13's CPU dispatch for low-format matrix products and GELU, as Scenario::dispatch = Torch
// follows it (docs/NUMERICS.md, "Matching PyTorch"). No Qt here.
#pragma once

#include <cstdint>
#include <string>

#include "../format.h"
#include "../training/scenario.h"

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

// A scenario's dispatch, resolved once per lane: how each low-format product and GELU is computed.
struct ProductDispatch {
    Dispatch dispatch = Dispatch::Presisi;
    BackwardAccumulation presisi = BackwardAccumulation::F32;  // Dispatch::Presisi: the scenario's choice
    bool avx512 = false;                                       // Dispatch::Torch: the CPU class

    // How a backward product of format f, sized m*n*k, accumulates (F32 for float32 products).
    BackwardAccumulation backward(Format f, std::int64_t m, std::int64_t n, std::int64_t k) const;
    // torch's use_mkldnn(input) in activation.cpp (1.13): bf16 GELU (approximate="none") goes through
    // oneDNN's eltwise_gelu_erf, computed in float32 and rounded once, on CPUs that pass the device check;
    // otherwise ATen's Vectorized<BFloat16> kernel, which rounds after every operation.
    bool geluInF32(Format f) const;
};
ProductDispatch productDispatch(const Scenario& s);

}  // namespace presisi::numerics
