// The Speed page: what mixed precision buys on the machine at hand — matrix-product throughput per
// format, memory per lane, the batch-size sweep and where a training step's time goes, each measured on
// a worker thread with its own Run, Cancel and progress.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/training/scenario.h"
#include "page.h"
#include "speed_results.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace presisi {

class EngineChannel;
class RealField;

class SpeedPage : public Page {
    Q_OBJECT
public:
    using Section = SpeedResults::Section;
    using enum SpeedResults::Section;  // SpeedPage::Memory, as the window and the tests name a section
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

    ScalingChart* throughputChart() const { return m_results->throughputChart(); }
    StackedBarChart* memoryChart() const { return m_results->memoryChart(); }
    ScalingChart* sweepChart() const { return m_results->sweepChart(); }
    StackedBarChart* breakdownChart() const { return m_results->breakdownChart(); }
    // The text under a section's chart (results, notes, sentences, errors).
    QString sectionText(Section section) const { return m_results->text(section); }
    QString setupText() const;

    const std::optional<GemmBenchReport>& gemmReport() const { return m_results->gemmReport(); }
    const std::vector<LaneMemory>& memoryReport() const { return m_results->memoryReport(); }
    const std::optional<SweepReport>& sweepReport() const { return m_results->sweepReport(); }
    const std::optional<BreakdownReport>& breakdownReport() const { return m_results->breakdownReport(); }

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;  // a theme change re-colours the lanes (f32 grey flips)

private:
    struct SectionUi {
        QPushButton* run = nullptr;
        QPushButton* cancel = nullptr;
        QProgressBar* progress = nullptr;
    };
    QWidget* buildSection(Section section, const QString& title, QWidget* extra);
    void updateSetup();
    void updateButtons();
    void onProgress(int done, int total);
    void onFinished(const QString& error, bool cancelled);
    // Submits `job` as `section`'s measurement; the job returns the results' display step for the GUI thread.
    void start(Section section, std::function<std::function<void()>(const std::atomic<bool>&, std::function<void(int, int)>)> job);

    std::function<Scenario()> m_source;
    QComboBox* m_device = nullptr;
    QComboBox* m_maxSize = nullptr;
    QCheckBox* m_native = nullptr;
    QComboBox* m_shape = nullptr;
    RealField* m_budget = nullptr;  // GiB
    RealField* m_loader = nullptr;  // ms per batch
    QLabel* m_setup = nullptr;
    SectionUi m_ui[4];
    SpeedResults* m_results = nullptr;  // the sections' results, charts and texts

    double m_budgetValue = 0;  // bytes (the field shows GiB)
    int m_running = -1;      // the section being measured, -1: none
    bool m_started = false;  // the worker thread has begun it (measurementStarted)
    std::vector<std::int64_t> m_gemmSizes;  // empty: powers of two from 256 to the chosen largest
    int m_gemmRepeats = 5;
    int m_sweepSteps = 1;   // at least this many steps per timed round (SweepSettings::stepsPerPoint)
    int m_breakdownSteps = 30;
    QString m_doneText[4];  // each section's text after its last finished measurement

    std::shared_ptr<std::atomic<bool>> m_stop;  // the running measurement's stop flag
    std::unique_ptr<EngineChannel> m_jobs;      // last: cancelled and waited for first
};

}  // namespace presisi
