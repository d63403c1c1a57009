// oneDNN matmul behind presisi::native: run-time detection, primitives cached per shape, one thread,
// bf16/f16 inputs with float32 accumulation. Without oneDNN every query answers "not native". No Qt.
#include "native_gemm.h"

#include <atomic>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

#ifdef PRESISI_HAVE_ONEDNN
#include <dlfcn.h>

#include <oneapi/dnnl/dnnl.hpp>
#endif

namespace presisi::native {

namespace {

std::atomic<bool> g_forced{false};
std::atomic<std::uint64_t> g_count{0};

bool envForced() {
    const char* v = std::getenv("PRESISI_FORCE_EMULATED");
    return v && *v && std::strcmp(v, "0") != 0;
}

}  // namespace

void toBits(Format format, const float* in, std::uint16_t* out, Index n) {
    if (format == Format::BF16) {
        // Round-to-nearest-even on the upper half; NaN keeps its sign and is quietened. Branch-free so
        // that the loop vectorises (a 2048 x 2048 operand converts in about a millisecond).
        for (Index i = 0; i < n; ++i) {
            const std::uint32_t u = std::bit_cast<std::uint32_t>(in[i]);
            const std::uint32_t rounded = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
            const bool nan = (u & 0x7FFFFFFFu) > 0x7F800000u;
            out[i] = static_cast<std::uint16_t>(nan ? ((u >> 16) | 0x40u) : rounded);
        }
    } else {
        for (Index i = 0; i < n; ++i) out[i] = toF16Bits(in[i]);
    }
}

#ifndef PRESISI_HAVE_ONEDNN

const Support& support() {
    static const Support s{};
    return s;
}
bool matmul(Format, const float*, bool, const float*, bool, float*, Index, Index, Index) { return false; }
bool matmulBits(Format, const std::uint16_t*, const std::uint16_t*, float*, Index, Index, Index) { return false; }
bool matmulF32(const float*, const float*, float*, Index, Index, Index) { return false; }

#else

namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

dnnl::engine& cpuEngine() {
    static dnnl::engine e(dnnl::engine::kind::cpu, 0);
    return e;
}

// oneDNN here uses OpenMP threads. The lanes and their timings are single-threaded by design, so each
// calling thread asks for one OpenMP thread (the setting is per thread; libgomp is loaded by oneDNN).
void oneThread() {
    using SetFn = void (*)(int);
    static const SetFn set = reinterpret_cast<SetFn>(dlsym(RTLD_DEFAULT, "omp_set_num_threads"));
    thread_local bool done = false;
    if (set && !done) set(1);
    done = true;
}

dnnl::stream& threadStream() {
    thread_local dnnl::stream s(cpuEngine());
    return s;
}

dt dataType(Format f) { return f == Format::BF16 ? dt::bf16 : f == Format::F16 ? dt::f16 : dt::f32; }

// A primitive per (type, m, n, k, transposes): building one costs far more than a small product.
struct Prim {
    dnnl::matmul p;
    dnnl::memory::desc a, b, c;
    std::string impl;
};
using Key = std::tuple<int, Index, Index, Index, bool, bool>;

std::shared_ptr<const Prim> primitive(dt type, Index m, Index n, Index k, bool ta, bool tb) {
    static std::mutex mutex;
    static std::map<Key, std::shared_ptr<const Prim>> cache;
    const Key key{static_cast<int>(type), m, n, k, ta, tb};
    {
        std::lock_guard lock(mutex);
        if (auto it = cache.find(key); it != cache.end()) return it->second;
    }
    oneThread();
    // Row-major storage: a (m x k) is tag::ab; a stored (k x m) and used transposed is tag::ba.
    auto p = std::make_shared<Prim>();
    p->a = dnnl::memory::desc({m, k}, type, ta ? tag::ba : tag::ab);
    p->b = dnnl::memory::desc({k, n}, type, tb ? tag::ba : tag::ab);
    p->c = dnnl::memory::desc({m, n}, dt::f32, tag::ab);
    dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(p->a, p->b, p->c), cpuEngine());
    p->impl = pd.impl_info_str();
    p->p = dnnl::matmul(pd);
    std::lock_guard lock(mutex);
    if (cache.size() > 512) cache.clear();  // a shape sweep must not grow without bound
    return cache.emplace(key, std::move(p)).first->second;
}

void run(const Prim& p, const void* a, const void* b, float* c) {
    oneThread();
    dnnl::memory ma(p.a, cpuEngine(), const_cast<void*>(a));
    dnnl::memory mb(p.b, cpuEngine(), const_cast<void*>(b));
    dnnl::memory mc(p.c, cpuEngine(), c);
    p.p.execute(threadStream(), {{DNNL_ARG_SRC, ma}, {DNNL_ARG_WEIGHTS, mb}, {DNNL_ARG_DST, mc}});
    threadStream().wait();
}

std::string isaName(dnnl::cpu_isa isa) {
    using I = dnnl::cpu_isa;
    switch (isa) {
    case I::sse41: return "sse41";
    case I::avx: return "avx";
    case I::avx2: return "avx2";
    case I::avx2_vnni: return "avx2_vnni";
    case I::avx512_core: return "avx512_core";
    case I::avx512_core_vnni: return "avx512_core_vnni";
    case I::avx512_core_bf16: return "avx512_core_bf16";
    case I::avx512_core_amx: return "avx512_core_amx";
    default: return "isa " + std::to_string(static_cast<int>(isa));
    }
}

// A kernel is native when oneDNN offers one that is not its reference loop (which converts in
// software and is slower than the emulated path).
std::string probeKernel(dt type) {
    try {
        return primitive(type, 64, 64, 64, false, false)->impl;
    } catch (const dnnl::error&) {
        return {};
    }
}
bool isNative(const std::string& impl) { return !impl.empty() && impl.find("ref") == std::string::npos; }

}  // namespace

const Support& support() {
    static const Support s = [] {
        Support r;
        r.built = true;
        const dnnl_version_t* v = dnnl_version();
        r.version = "oneDNN " + std::to_string(v->major) + "." + std::to_string(v->minor) + "." + std::to_string(v->patch);
        try {
            r.isa = isaName(dnnl::get_effective_cpu_isa());
            r.f32Kernel = probeKernel(dt::f32);
            r.bf16Kernel = probeKernel(dt::bf16);
            r.f16Kernel = probeKernel(dt::f16);
            r.bf16 = isNative(r.bf16Kernel);
            r.f16 = isNative(r.f16Kernel);
        } catch (const dnnl::error& e) {
            r.isa = std::string("oneDNN failed: ") + e.what();
        }
        return r;
    }();
    return s;
}

bool matmul(Format format, const float* a, bool transA, const float* b, bool transB, float* c, Index m, Index n,
            Index k) {
    if (!available(format)) return false;
    thread_local std::vector<std::uint16_t> abits, bbits;
    abits.resize(static_cast<std::size_t>(m * k));
    bbits.resize(static_cast<std::size_t>(k * n));
    toBits(format, a, abits.data(), m * k);
    toBits(format, b, bbits.data(), k * n);
    try {
        run(*primitive(dataType(format), m, n, k, transA, transB), abits.data(), bbits.data(), c);
    } catch (const dnnl::error&) {
        return false;  // no kernel for this shape: the caller takes the emulated path
    }
    ++g_count;
    return true;
}

bool matmulBits(Format format, const std::uint16_t* a, const std::uint16_t* b, float* c, Index m, Index n, Index k) {
    if (!available(format)) return false;
    run(*primitive(dataType(format), m, n, k, false, false), a, b, c);
    ++g_count;
    return true;
}

bool matmulF32(const float* a, const float* b, float* c, Index m, Index n, Index k) {
    if (!support().built || support().f32Kernel.empty()) return false;
    run(*primitive(dt::f32, m, n, k, false, false), a, b, c);
    return true;
}

#endif  // PRESISI_HAVE_ONEDNN

void forceEmulated(bool on) { g_forced = on; }
std::uint64_t nativeProductCount() { return g_count.load(); }
bool emulationForced() { return g_forced || envForced(); }

bool available(Format format) {
    if (emulationForced() || format == Format::F32) return false;
    const Support& s = support();
    return format == Format::BF16 ? s.bf16 : s.f16;
}

std::string fallbackMessage(Format format) {
    const std::string name(traits(format).name);
    if (!support().built)
        return "no native " + name + " in this build (no oneDNN): emulated — numerics only, no speed-up";
    return "no native " + name + " on this CPU: emulated — numerics only, no speed-up";
}

std::string subnormalNote(Format format) {
    if (!available(format)) return {};
    // oneDNN's avx512_core_bf16 kernels multiply with VDPBF16PS, which ignores MXCSR: denormal inputs
    // are read as zero and denormal results flushed (Intel SDM, VDPBF16PS: "DAZ, FTZ ... are assumed").
    // tests/tst_native.cpp pins both on constructed inputs.
    if (format == Format::BF16 && support().bf16Kernel.find("bf16") != std::string::npos)
        return "native bf16 (" + support().bf16Kernel +
               ", VDPBF16PS) treats subnormal inputs as zero and flushes subnormal products to zero";
    return {};
}

}  // namespace presisi::native
