// The Speed page: what mixed precision buys on the machine at hand — matrix-product throughput per
// format, memory per lane, the batch-size sweep and where a training step's time goes, each measured on
// a worker thread with its own Run, Cancel and progress.
#pragma once

#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/speed/batch_sweep.h"
#include "engine/speed/gemm_bench.h"
#include "engine/speed/memory_plan.h"
#include "engine/speed/step_breakdown.h"
#include "engine/training/scenario.h"
#include "page.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace presisi {

class SpeedTextArea;

class EngineChannel;
class RealField;
class ScalingChart;
class StackedBarChart;

class SpeedPage : public Page {
    Q_OBJECT
public:
    enum Section { Throughput = 0, Memory = 1, Sweep = 2, Breakdown = 3 };
    enum DeviceChoice { CpuOnly = 0, GpuOnly = 1, CpuAndGpu = 2 };

    explicit SpeedPage(QWidget* parent = nullptr);
    ~SpeedPage() override;  // cancels the running measurement and joins its thread

    QString title() const override { return tr("Speed"); }
    QString explanation() const override;
    QString caption() const override;
    QList<QWidget*> charts() const override;
    bool exportCsv(const QString& path) const override;
    bool exportJson(const QString& path) const override;
    QString exportName(QWidget* chart) const override;  // app/pages/page_exports.cpp
    void resetPage() override;
    void takeOver(Page& previous) override;  // settings, every section's results; a running one starts again
    QString statusText() const override;
    void rescale(double scale) override;  // the text under each chart keeps three lines at any text size

    // Where the measured model and batch come from (the Training lab's controls); may throw
    // presisi::Error for a malformed field, which the page shows.
    void setScenarioSource(std::function<Scenario()> source);
    void setDevice(DeviceChoice choice);
    DeviceChoice device() const;
    // With a CPU device: a cpu:bf16+native lane beside the Training lab's lanes, where this CPU has native
    // bf16 (so a native step is measured beside the emulated one).
    void setNativeLane(bool on);
    bool nativeLane() const;
    // The scenario the sections measure: the source's, its lanes moved to the chosen device(s).
    Scenario measuredScenario() const;

    void run(Section section);
    void cancel();  // Esc: the running measurement, if any
    bool isBusy() const { return m_running >= 0; }
    int runningSection() const { return m_running; }
    // True once the worker thread has begun the running measurement (not merely queued it).
    bool measurementStarted() const { return m_running >= 0 && m_started; }

    // Settings (the fields; also for tests).
    void setBudgetBytes(double bytes);
    double budgetBytes() const;
    void setLoaderMilliseconds(double ms);
    void setGemmSizes(const std::vector<std::int64_t>& sizes);
    void setGemmRepeats(int repeats) { m_gemmRepeats = repeats; }
    void setSweepStepsPerPoint(int steps) { m_sweepSteps = steps; }
    void setBreakdownSteps(int steps) { m_breakdownSteps = steps; }

    ScalingChart* throughputChart() const { return m_throughputChart; }
    StackedBarChart* memoryChart() const { return m_memoryChart; }
    ScalingChart* sweepChart() const { return m_sweepChart; }
    StackedBarChart* breakdownChart() const { return m_breakdownChart; }
    // The plain text under a section's chart (results, notes, sentences, errors).
    QString sectionText(Section section) const;
    QString setupText() const;

    const std::optional<GemmBenchReport>& gemmReport() const { return m_gemm; }
    const std::vector<LaneMemory>& memoryReport() const { return m_memory; }
    const std::optional<SweepReport>& sweepReport() const { return m_sweep; }
    const std::optional<BreakdownReport>& breakdownReport() const { return m_breakdown; }

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;  // a theme change re-colours the lanes (f32 grey flips)

private:
    struct SectionUi {
        QPushButton* run = nullptr;
        QPushButton* cancel = nullptr;
        QProgressBar* progress = nullptr;
        QLabel* text = nullptr;
        SpeedTextArea* textArea = nullptr;
    };
    QWidget* buildSection(Section section, const QString& title, QWidget* chart, QWidget* extra);
    void buildCharts();
    void updateSetup();
    void updateButtons();
    void onProgress(int done, int total);
    void onFinished(const QString& error, bool cancelled);
    void setSectionText(Section section, const QString& html);
    // Submits `job` as `section`'s measurement; the job returns the results' display step for the GUI thread.
    void start(Section section, std::function<std::function<void()>(const std::atomic<bool>&, std::function<void(int, int)>)> job);

    // speed_views.cpp: results -> charts and text.
    void showThroughput();
    void showMemory();
    void showSweep();
    void showBreakdown();
    QString throughputSummary() const;
    QString sweepSentence() const;
    // What a section's text under its chart says and how to read it (its tooltip).
    QString sectionHelp(Section section) const;

    std::function<Scenario()> m_source;
    QComboBox* m_device = nullptr;
    QComboBox* m_maxSize = nullptr;
    QCheckBox* m_native = nullptr;
    QComboBox* m_shape = nullptr;
    RealField* m_budget = nullptr;  // GiB
    RealField* m_loader = nullptr;  // ms per batch
    QLabel* m_setup = nullptr;
    SectionUi m_ui[4];
    ScalingChart* m_throughputChart = nullptr;
    StackedBarChart* m_memoryChart = nullptr;
    ScalingChart* m_sweepChart = nullptr;
    StackedBarChart* m_breakdownChart = nullptr;

    double m_budgetValue = 0;  // bytes (the field shows GiB)
    int m_running = -1;
    bool m_started = false;  // the section being measured, -1: none
    std::vector<std::int64_t> m_gemmSizes;  // empty: powers of two from 256 to the chosen largest
    int m_gemmRepeats = 5;
    int m_sweepSteps = 1;   // at least this many steps per timed round (SweepSettings::stepsPerPoint)
    int m_breakdownSteps = 30;

    // Results, with what they were measured on.
    std::optional<GemmBenchReport> m_gemm;
    std::vector<LaneMemory> m_memory;
    std::vector<std::int64_t> m_memoryLargest;
    int m_memoryBatch = 0;
    double m_memoryBudget = 0;
    std::optional<SweepReport> m_sweep;
    std::optional<BreakdownReport> m_breakdown;
    double m_breakdownLoaderMs = 0;
    QStringList m_scenarioLanes[4];  // lane labels of each scenario section's last result
    QString m_measuredSetup[4];
    QString m_doneText[4];  // each section's text after its last finished measurement

    std::shared_ptr<std::atomic<bool>> m_stop;  // the running measurement's stop flag
    std::unique_ptr<EngineChannel> m_jobs;      // last: cancelled and waited for first
};

}  // namespace presisi
