// The Convergence check page: the Training lab's current setup trained from K model seeds per lane on
// identical data (on a worker, cancellable), every seed's final evaluation as a dot, each lane's mean
// and spread, and a verdict per lane against the float32 lane's seed spread, with the rule in words.
#pragma once

#include <QString>
#include <QElapsedTimer>
#include <functional>
#include <memory>
#include <optional>

#include "engine/training/convergence.h"
#include "engine/training/scenario.h"
#include "page.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace presisi {

class ConvergenceReportView;
class EngineChannel;
class SeedChart;

class ConvergencePage : public Page {
    Q_OBJECT
public:
    explicit ConvergencePage(QWidget* parent = nullptr);
    ~ConvergencePage() override;

    QString title() const override { return tr("Convergence check"); }
    QString explanation() const override;
    QString caption() const override;
    QList<QWidget*> charts() const override;
    bool exportCsv(const QString& path) const override;
    bool exportJson(const QString& path) const override;
    QString exportName(QWidget* chart) const override;  // app/pages/page_exports.cpp
    void resetPage() override;
    void takeOver(Page& previous) override;  // the check shown (or running), seeds and metric
    QString statusText() const override;

    // Where the setup comes from (the Training lab's controls); throws presisi::Error for a bad field.
    void setScenarioSource(std::function<Scenario()> source) { m_source = std::move(source); }
    void setSeeds(int seeds);
    int seeds() const;
    // Starts the check on the current setup; a check already running is cancelled and replaced.
    void runCheck();
    void runCheck(const Scenario& scenario);
    void cancel();
    bool running() const { return m_running; }
    const ConvergenceReport* report() const { return m_report ? &*m_report : nullptr; }
    // "accuracy" (classification only) or "loss" on the chart.
    void setShowAccuracy(bool accuracy);
    // Tests: blocks until the worker is idle and delivers its answer.
    void waitForCheck();
    SeedChart* chart() const;
    QTableWidget* verdictTable() const;
    QString messageText() const;

private:
    void onDone(const std::optional<ConvergenceReport>& report, const QString& error, double seconds);
    void showReport();
    void showSetup(const Scenario& scenario, int seeds);  // the line naming the checked setup
    void pollProgress();
    void setRunning(bool running);

    std::function<Scenario()> m_source;
    std::unique_ptr<EngineChannel> m_jobs;  // the check (on the window's engine worker)
    struct Progress;
    std::shared_ptr<Progress> m_progressState;
    bool m_running = false;
    Scenario m_scenario;  // the setup of the check shown (or running)
    std::optional<ConvergenceReport> m_report;
    ConvergenceSettings m_settings;  // of the check shown (or running)
    double m_seconds = 0;            // wall time of the check shown
    QString m_message;

    QSpinBox* m_seeds = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QComboBox* m_metric = nullptr;
    QLabel* m_setup = nullptr;
    QLabel* m_status = nullptr;
    ConvergenceReportView* m_view = nullptr;  // the chart, the verdict table and the rule
    QTimer* m_poll = nullptr;
};

}  // namespace presisi
