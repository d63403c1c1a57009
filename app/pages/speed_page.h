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
#include "speed_settings.h"

class QProgressBar;
class QPushButton;

namespace presisi {

class EngineChannel;

class SpeedPage : public Page {
    Q_OBJECT
public:
    using Section = SpeedResults::Section;
    using enum SpeedResults::Section;  // SpeedPage::Memory, as the window and the tests name a section
    using DeviceChoice = SpeedSettings::DeviceChoice;
    using enum SpeedSettings::DeviceChoice;

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

    // The settings (app/pages/speed_settings.h), for the window and the tests.
    void setScenarioSource(std::function<Scenario()> source) { m_settings->setScenarioSource(std::move(source)); }
    void setDevice(DeviceChoice choice) { m_settings->setDevice(choice); }
    DeviceChoice device() const { return m_settings->device(); }
    void setNativeLane(bool on) { m_settings->setNativeLane(on); }
    bool nativeLane() const { return m_settings->nativeLane(); }
    Scenario measuredScenario() const { return m_settings->measuredScenario(); }
    void setBudgetBytes(double bytes) { m_settings->setBudgetBytes(bytes); }
    double budgetBytes() const { return m_settings->budgetBytes(); }
    void setLoaderMilliseconds(double ms) { m_settings->setLoaderMilliseconds(ms); }
    void setGemmSizes(const std::vector<std::int64_t>& sizes) { m_settings->setGemmSizes(sizes); }
    void setGemmRepeats(int repeats) { m_settings->setGemmRepeats(repeats); }
    void setSweepStepsPerPoint(int steps) { m_settings->setSweepStepsPerPoint(steps); }
    void setBreakdownSteps(int steps) { m_settings->setBreakdownSteps(steps); }
    QString setupText() const { return m_settings->setupText(); }

    void run(Section section);
    void cancel();  // Esc: the running measurement, if any
    bool isBusy() const { return m_running >= 0; }
    int runningSection() const { return m_running; }
    // True once the worker thread has begun the running measurement (not merely queued it).
    bool measurementStarted() const { return m_running >= 0 && m_started; }

    ScalingChart* throughputChart() const { return m_results->throughputChart(); }
    StackedBarChart* memoryChart() const { return m_results->memoryChart(); }
    ScalingChart* sweepChart() const { return m_results->sweepChart(); }
    StackedBarChart* breakdownChart() const { return m_results->breakdownChart(); }
    // The text under a section's chart (results, notes, sentences, errors).
    QString sectionText(Section section) const { return m_results->text(section); }

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
    void updateButtons();
    void onProgress(int done, int total);
    void onFinished(const QString& error, bool cancelled);
    // Submits `job` as `section`'s measurement; the job returns the results' display step for the GUI thread.
    void start(Section section, std::function<std::function<void()>(const std::atomic<bool>&, std::function<void(int, int)>)> job);

    SpeedSettings* m_settings = nullptr;  // the controls, and what they ask each section to measure
    SectionUi m_ui[4];
    SpeedResults* m_results = nullptr;  // the sections' results, charts and texts

    int m_running = -1;      // the section being measured, -1: none
    bool m_started = false;  // the worker thread has begun it (measurementStarted)
    QString m_doneText[4];  // each section's text after its last finished measurement

    std::shared_ptr<std::atomic<bool>> m_stop;  // the running measurement's stop flag
    std::unique_ptr<EngineChannel> m_jobs;      // last: cancelled and waited for first
};

}  // namespace presisi
