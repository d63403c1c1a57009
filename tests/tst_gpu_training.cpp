// GPU training lanes (label gpu): each device kernel against its CPU reference, and whole runs of
// CPU and GPU lanes side by side (per step within max(relative |loss|, floor |initial loss|), the
// numbers from CPU-against-perturbed-CPU runs, tools/device_check/judge.cpp; skipped steps and scale
// changes identical on the scaler rows), statistics, predict(), weight decay, step times, two
// threads. Skips without a device; on any machine, a GPU lane that cannot run is refused with the reason.
#include <QtTest>

#include "../engine/device.h"
#include "../engine/error.h"
#include "../engine/training/runner.h"
#include "../tools/device_check/gpu_checks.h"
#include "gpu_check_rows.h"

using namespace presisi;
using namespace presisi::gpucheck;

namespace {

const std::vector<CheckCase>& cases(bool runs) {
    static const std::vector<CheckCase> kernels = trainingKernelCases();
    static const std::vector<CheckCase> whole = trainingRunCases();
    return runs ? whole : kernels;
}

void addRows(bool runs) { addCaseRows(cases(runs)); }

}  // namespace

class TestGpuTraining : public QObject {
    Q_OBJECT

private slots:
    void kernels_data() { addRows(false); }
    void kernels() {
        QFETCH(int, index);
        PRESISI_RUN_CHECK(cases(false)[static_cast<std::size_t>(index)]);
    }

    void runs_data() { addRows(true); }
    void runs() {
        QFETCH(int, index);
        PRESISI_RUN_CHECK(cases(true)[static_cast<std::size_t>(index)]);
    }

    // Without a usable device (or without the CUDA backend) a GPU lane is refused with the reason;
    // with one, it trains.
    void gpuLaneRefusedOrRuns() {
        Scenario s;
        s.steps = 3;
        s.lanes = {parseLane("cpu:f32"), parseLane("gpu:bf16")};
        if (!cudaStatus().available) {
            try {
                Runner r(s);
                QFAIL("a GPU lane was accepted without a device");
            } catch (const Error& e) {
                const std::string msg = e.what();
                QVERIFY2(msg.find("gpu:bf16") != std::string::npos, msg.c_str());
                const bool reason = builtWithCuda() ? msg.find(cudaStatus().reason) != std::string::npos
                                                    : msg.find("not available in this build") != std::string::npos;
                QVERIFY2(reason, msg.c_str());
            }
            return;
        }
        Runner r(s);
        const std::vector<StepRecord> rec = r.step();
        QCOMPARE(rec.size(), std::size_t{2});
        QVERIFY(std::isfinite(rec[1].loss));
        QVERIFY(std::fabs(rec[1].loss - rec[0].loss) < 0.02 * std::fabs(rec[0].loss));
    }
};

QTEST_GUILESS_MAIN(TestGpuTraining)
#include "tst_gpu_training.moc"
