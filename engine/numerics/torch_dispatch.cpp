// PyTorch's CPU dispatch decisions (2.x and 1.13): the CPU class, the oneDNN threshold, the GELU path. No Qt here.
#include "torch_dispatch.h"

#include <fstream>
#include <sstream>
#include <string_view>

namespace presisi::numerics {

namespace {

// Whether the space-separated flag list names `flag`.
bool hasFlag(const std::string& cpuFlags, std::string_view flag) {
    std::istringstream in(cpuFlags);
    for (std::string f; in >> f;)
        if (f == flag) return true;
    return false;
}

}  // namespace

bool torchHasAvx512Bf16Path(const std::string& cpuFlags) {
    return hasFlag(cpuFlags, "avx512bw") && hasFlag(cpuFlags, "avx512vl") && hasFlag(cpuFlags, "avx512dq");
}

std::string thisCpuFlags() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("flags", 0) != 0) continue;
        const auto colon = line.find(':');
        return colon == std::string::npos ? std::string() : line.substr(colon + 1);
    }
    return {};
}

bool torchCpuIsAvx512(TorchCpu c) {
    switch (c) {
    case TorchCpu::Avx512: return true;
    case TorchCpu::NoAvx512: return false;
    case TorchCpu::ThisCpu: break;
    }
    static const bool here = torchHasAvx512Bf16Path(thisCpuFlags());
    return here;
}

TorchCpuFormats torchOneDnnFormats(const std::string& cpuFlags) {
    const bool fp16 = hasFlag(cpuFlags, "avx512_fp16") || hasFlag(cpuFlags, "amx_fp16") ||
                      hasFlag(cpuFlags, "avx_ne_convert");
    return {torchHasAvx512Bf16Path(cpuFlags) || fp16, fp16};
}

const TorchCpuFormats& thisCpuOneDnnFormats() {
    static const TorchCpuFormats here = torchOneDnnFormats(thisCpuFlags());
    return here;
}

TorchLinearKernel torch2LinearKernel(Format f, std::int64_t batch, std::int64_t in, std::int64_t out,
                                     const TorchCpuFormats& cpu) {
    const bool large = batch * in * out > kOneDnnMinProduct;
    if (f == Format::F16) return cpu.f16 && large && batch > 1 ? TorchLinearKernel::OneDnn : TorchLinearKernel::Aten;
    if (f == Format::BF16) return cpu.bf16 && large ? TorchLinearKernel::OneDnn : TorchLinearKernel::Aten;
    return TorchLinearKernel::OneDnn;
}

bool torchUsesOneDnn(bool avx512, Format f, std::int64_t m, std::int64_t n, std::int64_t k) {
    return avx512 && f == Format::BF16 && m * n * k > kOneDnnMinProduct;
}

BackwardAccumulation ProductDispatch::backward(Format f, std::int64_t m, std::int64_t n, std::int64_t k) const {
    if (f == Format::F32) return BackwardAccumulation::F32;
    if (dispatch == Dispatch::Presisi) return presisi;
    if (version == TorchVersion::V2) return BackwardAccumulation::F32;
    return torchUsesOneDnn(avx512, f, m, n, k) ? BackwardAccumulation::F32 : BackwardAccumulation::Storage;
}

GeluRule ProductDispatch::gelu(Format f) const {
    const bool low = f != Format::F32;
    if (dispatch == Dispatch::Presisi)
        return {low && version == TorchVersion::V1_13 ? GeluPath::RoundEachOp : GeluPath::F32Erf};
    if (version == TorchVersion::V1_13) {
        if (!low) return {GeluPath::OneDnn2};  // float32 GELU goes to oneDNN 2.x on every CPU
        return {avx512 && f == Format::BF16 ? GeluPath::OneDnn2 : GeluPath::RoundEachOp};
    }
    if (f == Format::F32) return {avx512 ? GeluPath::OneDnn3 : GeluPath::OneDnn2};
    if (f == Format::BF16 && avx512) return {GeluPath::OneDnn3};
    // ATen's kernel: Vectorized<BFloat16> and Vectorized<Half> hold 32 values with AVX-512, 16 with AVX2;
    // cpu_kernel_vec runs blocks of two vectors.
    return {GeluPath::AtenVec, avx512 ? kAtenBlockBf16Avx512 : kAtenBlockBf16Avx2};
}

bool ProductDispatch::atenForward(Format f, std::int64_t batch, std::int64_t in, std::int64_t out) const {
    return dispatch == Dispatch::Torch && version == TorchVersion::V2 && f != Format::F32 &&
           torch2LinearKernel(f, batch, in, out, oneDnn) == TorchLinearKernel::Aten;
}

ProductDispatch productDispatch(Dispatch dispatch, BackwardAccumulation presisi, TorchCpu cpu, TorchVersion version) {
    ProductDispatch d;
    d.dispatch = dispatch;
    d.presisi = presisi;
    d.avx512 = dispatch == Dispatch::Torch && torchCpuIsAvx512(cpu);
    d.version = version;
    // The class's formats: this CPU's as oneDNN sees them; a CPU with AVX-512 (bf16 there; f16 needs
    // AVX512-FP16, which the class does not promise); none without AVX-512.
    if (dispatch == Dispatch::Torch)
        d.oneDnn = cpu == TorchCpu::ThisCpu ? thisCpuOneDnnFormats() : TorchCpuFormats{d.avx512, false};
    return d;
}

}  // namespace presisi::numerics
