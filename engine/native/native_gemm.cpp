// oneDNN matmul behind presisi::native: run-time detection, primitives cached per shape, one thread,
// bf16/f16 inputs with float32 accumulation. Without oneDNN every query answers "not native". No Qt.
#include "native_gemm.h"

#include "../round_bits.h"

#include <atomic>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <tuple>
#include <unordered_map>
#include <vector>

#ifdef PRESISI_HAVE_ONEDNN
#include <dlfcn.h>

#include <oneapi/dnnl/dnnl.hpp>
#endif

namespace presisi::native {

namespace {

std::atomic<bool> g_forced{false};
std::atomic<bool> g_eigenF32{false};
std::atomic<std::uint64_t> g_count{0};
std::atomic<std::uint64_t> g_f32Count{0};

bool envSet(const char* name) {
    const char* v = std::getenv(name);
    return v && *v && std::strcmp(v, "0") != 0;
}
bool envForced() { return envSet("PRESISI_FORCE_EMULATED"); }

// Where a float32 product stays in Eigen (f32Preferred). Measured on one core of the Xeon in
// docs/BENCHMARKS.md, Eigen (AVX2) against oneDNN 2.6 (brg:avx512_core) on the lanes' three layouts (sizes
// batch x in x out): below 2^16 flops (2 m n k) oneDNN's ~0.5 us per call loses (64x16x16: 0.7-0.9x
// Eigen's speed), at 2^16 they tie (128x16x16), above it oneDNN wins (256x64x64 1.6-1.8x, 512x1024x1024
// 1.55-1.8x); with n < 3 (the weight gradient of a 2-input layer, 64 x 256 x 2) it loses or ties at every
// size tried (0.82-1.02x).
constexpr double kF32MinFlops = 65536;
constexpr Index kF32MinN = 3;

}  // namespace

void toBits(Format format, const float* in, std::uint16_t* out, Index n) {
    if (format == Format::BF16) {
        // Round-to-nearest-even on the upper half; NaN keeps its sign and is quietened. Branch-free so
        // that the loop vectorises (a 2048 x 2048 operand converts in about a millisecond).
        for (Index i = 0; i < n; ++i) {
            const std::uint32_t u = std::bit_cast<std::uint32_t>(in[i]);
            const std::uint32_t rounded = NearestEvenBits(16).shifted(u);
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
bool matmulF32(const float*, bool, const float*, bool, float*, Index, Index, Index) { return false; }
bool f32Available() { return false; }

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

// A primitive per (type, m, n, k, transposes): building one costs far more than a small product. Shared by
// every thread; its scratchpad is the calling thread's (scratchpad_mode::user): with the library-managed
// one, the convergence check's seeds (one thread per core, sharing primitives) trained to NaN through
// Debian's oneDNN 2.6.3 while one thread gave the right losses.
struct Prim {
    dnnl::matmul p;
    dnnl::memory::desc a, b, c, scratch;
    std::string impl;
    bool real = false;  // not oneDNN's reference loop (isNative)
};
using Key = std::tuple<int, Index, Index, Index, bool, bool>;

bool isNative(const std::string& impl) { return !impl.empty() && impl.find("ref") == std::string::npos; }

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
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(p->a, p->b, p->c), attr, cpuEngine());
    p->scratch = pd.scratchpad_desc();
    p->impl = pd.impl_info_str();
    p->real = isNative(p->impl);
    p->p = dnnl::matmul(pd);
    std::lock_guard lock(mutex);
    if (cache.size() > 512) cache.clear();  // a shape sweep must not grow without bound
    return cache.emplace(key, std::move(p)).first->second;
}

// A primitive with its memory objects, per calling thread. The training lanes' 64-wide layers are products
// of a few microseconds, so a call takes no lock and creates no oneDNN object: only the data handles change.
struct Bound {
    std::shared_ptr<const Prim> prim;
    dnnl::memory a, b, c, scratch;
    std::unordered_map<int, dnnl::memory> args;
};

// The calling thread's scratchpad, grown to the largest any of its primitives asked for (one product runs
// at a time on a thread, so they share it). Page-aligned, as oneDNN's own scratchpad is.
void* threadScratch(std::size_t bytes) {
    struct Buffer {
        void* p = nullptr;
        std::size_t size = 0;
        ~Buffer() { std::free(p); }
    };
    thread_local Buffer buf;
    if (bytes > buf.size) {
        const std::size_t size = (bytes + 4095) / 4096 * 4096;
        void* p = std::aligned_alloc(4096, size);
        if (!p) throw std::bad_alloc();
        std::free(buf.p);
        buf.p = p;
        buf.size = size;
    }
    return buf.p;
}

Bound& bound(dt type, Index m, Index n, Index k, bool ta, bool tb) {
    thread_local std::map<Key, Bound> cache;
    const Key key{static_cast<int>(type), m, n, k, ta, tb};
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    Bound b;
    b.prim = primitive(type, m, n, k, ta, tb);
    b.a = dnnl::memory(b.prim->a, cpuEngine(), DNNL_MEMORY_NONE);
    b.b = dnnl::memory(b.prim->b, cpuEngine(), DNNL_MEMORY_NONE);
    b.c = dnnl::memory(b.prim->c, cpuEngine(), DNNL_MEMORY_NONE);
    b.args = {{DNNL_ARG_SRC, b.a}, {DNNL_ARG_WEIGHTS, b.b}, {DNNL_ARG_DST, b.c}};
    if (b.prim->scratch.get_size() > 0) {
        b.scratch = dnnl::memory(b.prim->scratch, cpuEngine(), DNNL_MEMORY_NONE);
        b.args.emplace(DNNL_ARG_SCRATCHPAD, b.scratch);
    }
    if (cache.size() > 512) cache.clear();  // as primitive(): a shape sweep must not grow without bound
    return cache.emplace(key, std::move(b)).first->second;
}

void run(Bound& p, const void* a, const void* b, float* c) {
    oneThread();
    p.a.set_data_handle(const_cast<void*>(a));
    p.b.set_data_handle(const_cast<void*>(b));
    p.c.set_data_handle(c);
    if (p.scratch) p.scratch.set_data_handle(threadScratch(p.prim->scratch.get_size()));
    p.prim->p.execute(threadStream(), p.args);
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
        run(bound(dataType(format), m, n, k, transA, transB), abits.data(), bbits.data(), c);
    } catch (const dnnl::error&) {
        return false;  // no kernel for this shape: the caller takes the emulated path
    }
    ++g_count;
    return true;
}

bool matmulBits(Format format, const std::uint16_t* a, const std::uint16_t* b, float* c, Index m, Index n, Index k) {
    if (!available(format)) return false;
    run(bound(dataType(format), m, n, k, false, false), a, b, c);
    ++g_count;
    return true;
}

bool matmulF32(const float* a, const float* b, float* c, Index m, Index n, Index k) {
    if (!support().built || support().f32Kernel.empty()) return false;
    run(bound(dt::f32, m, n, k, false, false), a, b, c);
    return true;
}

bool f32Available() {
    // AVX-512 in oneDNN's effective ISA (x86-64-v3's Eigen has AVX2 at best) and a real f32 kernel.
    static const bool avx512 = support().isa.rfind("avx512", 0) == 0 && isNative(support().f32Kernel);
    return avx512 && !eigenF32Forced();
}

bool matmulF32(const float* a, bool transA, const float* b, bool transB, float* c, Index m, Index n, Index k) {
    if (!f32Available()) return false;
    try {
        Bound& p = bound(dt::f32, m, n, k, transA, transB);
        if (!p.prim->real) return false;  // only the reference loop for this layout: Eigen is faster
        run(p, a, b, c);
    } catch (const dnnl::error&) {
        return false;
    }
    ++g_f32Count;
    return true;
}

#endif  // PRESISI_HAVE_ONEDNN

void forceEmulated(bool on) { g_forced = on; }
std::uint64_t nativeProductCount() { return g_count.load(); }
bool emulationForced() { return g_forced || envForced(); }

void forceEigenF32(bool on) { g_eigenF32 = on; }
bool eigenF32Forced() {
    static const bool fromEnvironment = envSet("PRESISI_F32_EIGEN");  // read once: asked on every product
    return g_eigenF32 || fromEnvironment;
}
std::uint64_t f32ProductCount() { return g_f32Count.load(); }

bool f32Preferred(Index m, Index n, Index k) {
    // Measured crossover (docs/BENCHMARKS.md): below it oneDNN's per-call cost outweighs its faster kernel.
    const double flops = 2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
    return flops >= kF32MinFlops && n >= kF32MinN && f32Available();
}

bool available(Format format) {
    // Native products exist for bf16 and f16 only (the formats of 8 bits and below are element formats of
    // scaled lanes, which compute in float32).
    if (emulationForced() || (format != Format::BF16 && format != Format::F16)) return false;
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
    // The AMX kernels (brg:avx512_core_amx_bf16) multiply with TDPBF16PS, which does the same: the same
    // pins pass on the AMX Xeon of docs/BENCHMARKS.md.
    if (format == Format::BF16 && support().bf16Kernel.find("bf16") != std::string::npos) {
        const bool amx = support().bf16Kernel.find("amx") != std::string::npos;
        return "native bf16 (" + support().bf16Kernel + (amx ? ", AMX TDPBF16PS" : ", VDPBF16PS") +
               ") treats subnormal inputs as zero and flushes subnormal products to zero";
    }
    return {};
}

}  // namespace presisi::native
