// presisi_device_check: the `gpu` checks and the GPU part of the benchmarks in one engine-only
// executable, for a machine with an NVIDIA GPU and CUDA but no Qt. Prints a short table; exits 1
// when a check fails, 2 when no device is usable (0 with --allow-no-device). No Qt here.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/device.h"
#include "gemm_checks.h"
#include "gpu_checks.h"
#ifdef PRESISI_HAVE_CUDA
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#endif

namespace {

const char* kUsage =
    "usage: presisi_device_check [--list] [--only TEXT] [--no-checks] [--no-bench] [--repeats N] [--allow-no-device]\n"
    "  --list             print the checks' names and exit\n"
    "  --only TEXT        run the checks whose name contains TEXT (several: A|B|C)\n"
    "  --no-checks        benchmark only;  --no-bench: checks only\n"
    "  --repeats N        benchmark repeats per lane (median; default 20)\n"
    "  --allow-no-device  exit 0 when no CUDA device is usable (the checks are skipped)\n";

std::string versions() {
#ifdef PRESISI_HAVE_CUDA
    int driver = 0, runtime = 0, blas = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    cublasHandle_t h = nullptr;
    if (cublasCreate(&h) == CUBLAS_STATUS_SUCCESS) {
        cublasGetVersion(h, &blas);
        cublasDestroy(h);
    }
    auto v = [](int x) { return std::to_string(x / 1000) + "." + std::to_string((x % 1000) / 10); };
    return "driver " + v(driver) + ", runtime " + v(runtime) + ", cuBLAS " + std::to_string(blas / 10000) + "." +
           std::to_string((blas / 100) % 100) + "." + std::to_string(blas % 100);
#else
    return "no CUDA in this build";
#endif
}

// The shared checks, then the GEMM throughput rows (those only run here, not in the Qt suites).
std::vector<presisi::gpucheck::CheckCase> everyCase() {
    std::vector<presisi::gpucheck::CheckCase> all = presisi::gpucheck::allCases(PRESISI_TEST_DATA_DIR);
    for (auto& c : presisi::gpucheck::gemmThroughputCases()) all.push_back(std::move(c));
    return all;
}

}  // namespace

bool selected(const std::string& name, const std::string& only) {
    if (only.empty()) return true;
    std::size_t start = 0;
    while (start <= only.size()) {
        const std::size_t bar = std::min(only.find('|', start), only.size());
        const std::string part = only.substr(start, bar - start);
        if (!part.empty() && name.find(part) != std::string::npos) return true;
        start = bar + 1;
    }
    return false;
}

int main(int argc, char** argv) {
    using namespace presisi;
    using namespace presisi::gpucheck;
    std::string only;
    bool checks = true, bench = true, allowNoDevice = false, list = false;
    int repeats = 20;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--only" && i + 1 < argc) only = argv[++i];
        else if (a == "--no-checks") checks = false;
        else if (a == "--list") list = true;
        else if (a == "--no-bench") bench = false;
        else if (a == "--allow-no-device") allowNoDevice = true;
        else if (a == "--repeats" && i + 1 < argc) repeats = std::max(1, std::atoi(argv[++i]));
        else if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        } else {
            std::fprintf(stderr, "presisi_device_check: unknown argument '%s'\n%s", a.c_str(), kUsage);
            return 2;
        }
    }

    if (list) {
        for (const CheckCase& c : everyCase())
            if (selected(c.name, only)) std::printf("%s\n", c.name.c_str());
        return 0;
    }
    const CudaStatus& st = cudaStatus();
    std::printf("Presisi device check\n");
    if (!st.available) {
        std::printf("device : none (%s)\n", st.reason.c_str());
        std::printf("build  : %s\n", builtWithCuda() ? "CUDA backend built" : "CPU-only build");
        std::printf("every GPU check skipped\n");
        return allowNoDevice ? 0 : 2;
    }
    std::printf("device : %s (sm_%d), %s\n\n", st.name.c_str(), st.computeCapability, versions().c_str());

    int passed = 0, failed = 0, skippedCount = 0, info = 0;
    if (checks) {
        std::printf("%-5s  %-72s  %s\n", "", "check", "detail");
        for (const CheckCase& c : everyCase()) {
            if (!selected(c.name, only)) continue;
            const Check r = c.run();
            std::printf("%-5s  %-72s  %s\n", std::string(outcomeName(r.outcome)).c_str(), r.name.c_str(),
                        r.detail.c_str());
            std::fflush(stdout);
            switch (r.outcome) {
            case Outcome::Pass: ++passed; break;
            case Outcome::Fail: ++failed; break;
            case Outcome::Skip: ++skippedCount; break;
            case Outcome::Info: ++info; break;
            }
        }
        // One line the script's summary reads (docs/BENCHMARKS.md, "GPU").
        std::printf("\nchecks: %d passed, %d failed, %d skipped, %d measurements\n", passed, failed, skippedCount, info);
    }

    if (bench) {
        try {
            const std::vector<LinearBenchRow> rows = gpuLinearBenchmark(repeats);
            std::printf("\nlinear, batch 1024, 4096 -> 4096, device time per forward (rounding, GEMM, bias; no "
                        "transfers), median of %d, %s\n\n",
                        repeats, st.name.c_str());
            std::printf("| lane | ms | TFLOP/s | time vs gpu:f32 |\n|---|---:|---:|---:|\n");
            for (const LinearBenchRow& r : rows)
                std::printf("| %s | %.3f | %.1f | %.2f |\n", r.lane.c_str(), r.seconds * 1e3, r.gflops / 1e3,
                            r.ratioToF32);
            std::printf("\nbenchmarks: %zu lanes measured\n", rows.size());
        } catch (const std::exception& e) {
            std::printf("\nbenchmarks: failed: %s\n", e.what());
            ++failed;
        }
    }
    return failed ? 1 : 0;
}
