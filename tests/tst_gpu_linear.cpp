// GPU linear lanes against the CPU lanes of the same format (label gpu): every differing element
// explained by a summation order within the bound of tools/device_check/judge.h, known answers
// exact, the tutorial's 0.001253 on the GPU; and, on any machine, that absent GPU lanes are reported
// with the reason. The same judges run on emulated GPU results in tst_device_rehearsal (no label).
#include <QtTest>

#include "../engine/device.h"
#include "../engine/linear_lab.h"
#include "../tools/device_check/gpu_checks.h"
#include "gpu_check_rows.h"
#ifdef PRESISI_HAVE_CUDA
#include "../engine/cuda/cuda_check.h"
#include "../engine/cuda/cuda_linear.h"
#endif

using namespace presisi;
using namespace presisi::gpucheck;

namespace {

const std::vector<CheckCase>& cases(bool extras) {
    static const std::vector<CheckCase> linear = linearCases();
    static const std::vector<CheckCase> more = linearExtraCases(PRESISI_TEST_DATA_DIR);
    return extras ? more : linear;
}

void addRows(bool extras) { addCaseRows(cases(extras)); }

}  // namespace

class TestGpuLinear : public QObject {
    Q_OBJECT

private slots:
    void agreement_data() { addRows(false); }
    void agreement() {
        QFETCH(int, index);
        PRESISI_RUN_CHECK(cases(false)[static_cast<std::size_t>(index)]);
    }

    void extras_data() { addRows(true); }
    void extras() {
        QFETCH(int, index);
        PRESISI_RUN_CHECK(cases(true)[static_cast<std::size_t>(index)]);
    }

    // `presisi linear --device all` on a machine without a device: CPU lanes plus one note with the reason.
    void absentLanesAreNoted() {
        const std::vector<LinearLane> lanes{{Device::Cpu, Format::F32}, {Device::Cpu, Format::BF16},
                                            {Device::Gpu, Format::F32}, {Device::Gpu, Format::BF16}};
        const LinearResult r = runLinear({32, 16, 4, 0}, lanes);
        if (cudaStatus().available) {
            QCOMPARE(r.lanes.size(), std::size_t{4});
            QVERIFY(r.notes.empty());
            return;
        }
        QCOMPARE(r.lanes.size(), std::size_t{2});
        QCOMPARE(r.notes.size(), std::size_t{1});
        QVERIFY(cudaStatus().reason.rfind("no CUDA device: ", 0) == 0);
        QCOMPARE(QString::fromStdString(r.notes.front()), QString::fromStdString("GPU lanes absent: " + cudaStatus().reason));
    }

    // A failing CUDA or cuBLAS call becomes one presisi::Error naming the call, its status, the shapes
    // and the source line; cuBLAS's NOT_SUPPORTED carries the hint about bf16.
    void errorMessages() {
#ifdef PRESISI_HAVE_CUDA
        try {
            PRESISI_CUDA(cudaErrorMemoryAllocation, std::string("bf16 64x4096x64"));
            QFAIL("no exception");
        } catch (const Error& e) {
            const QString m = QString::fromUtf8(e.what());
            QVERIFY2(m.startsWith("cudaErrorMemoryAllocation failed (cudaErrorMemoryAllocation: "), e.what());
            QVERIFY2(m.contains(" for bf16 64x4096x64 at ") && m.contains("tst_gpu_linear.cpp:"), e.what());
        }
        try {
            PRESISI_CUDA(CUBLAS_STATUS_NOT_SUPPORTED, std::string("cublasGemmEx bf16 64x4096x64"));
            QFAIL("no exception");
        } catch (const Error& e) {
            const QString m = QString::fromUtf8(e.what());
            QVERIFY2(m.contains("failed (NOT_SUPPORTED) for cublasGemmEx bf16 64x4096x64 at "), e.what());
            QVERIFY2(m.endsWith(": bf16 products need sm_80 or newer"), e.what());
        }
#else
        QSKIP("this build has no CUDA backend");
#endif
    }

    // Without a usable device the CUDA entry points report the failing call, not crash.
    void noDeviceIsAnError() {
#ifdef PRESISI_HAVE_CUDA
        if (cudaStatus().available) QSKIP("a device is present");
        LinearLane lane;
        lane.device = Device::Gpu;
        lane.format = Format::BF16;
        const LinearInputs in = makeLinearInputs({8, 8, 4, 0});
        try {
            linearForwardCuda(lane, in.x, in.weight, in.bias);
            QFAIL("no exception without a device");
        } catch (const Error& e) {
            const QString m = QString::fromUtf8(e.what());
            QVERIFY2(m.contains("failed (") && m.contains("gpu:bf16 4x8x8"), e.what());
        }
#else
        QSKIP("this build has no CUDA backend");
#endif
    }

    void tf32IsAGpuLane() {
        LinearLane t;
        t.device = Device::Gpu;
        t.tf32 = true;
        QCOMPARE(QString::fromStdString(t.label()), QStringLiteral("gpu:tf32"));
        LinearLane c = t;
        c.device = Device::Cpu;
        const LinearResult r = runLinear({8, 8, 2, 0}, {LinearLane{Device::Cpu}, c});
        QCOMPARE(r.lanes.size(), std::size_t{1});
        QCOMPARE(r.notes.size(), std::size_t{1});
        QVERIFY(r.notes.front().find("cpu:tf32") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestGpuLinear)
#include "tst_gpu_linear.moc"
