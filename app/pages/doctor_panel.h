// The NaN doctor panel (Training lab): when a lane's first inf/NaN arrives it says where it appeared,
// shows the last steps' per-layer magnitudes leading up to it, and offers the tutorial's remedies in
// order as one-click reruns (headless, on a worker, cancellable) drawn beside the original lane.
#pragma once

#include <QFrame>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <map>
#include <memory>

#include "engine/training/doctor.h"
#include "engine/training/record.h"
#include "engine/training/scenario.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace presisi {

class EngineChannel;
class LiveChart;

// What a remedy rerun found: the original lane and the remedied one, same steps, same batches.
struct RemedyOutcome {
    Remedy remedy = Remedy::LowerLearningRate;
    QString description;           // "learning rate 0.01 -> 0.001"
    QList<QPointF> original, remedied;  // (step, loss), thinned to at most ~2000 points
    std::int64_t steps = 0;
    bool remediedFinite = false;   // every step's loss finite
    bool falling = false;          // the last tenth's mean loss below the first tenth's
    double firstLoss = kNotMeasured, lastLoss = kNotMeasured;
    std::int64_t originalNonFiniteStep = -1;  // the original lane's first non-finite loss (-1: none)
    std::int64_t remediedNonFiniteStep = -1;  // the remedied lane's (-1: none)
    bool helped() const { return remediedFinite && falling; }
};
// Runs the faulted lane alone and `remedyScenario(...)` side by side for the scenario's steps; throws
// presisi::Cancelled when `cancel` turns true. progress(done, total) after every step.
RemedyOutcome rerunWithRemedy(const Scenario& scenario, const FirstNonFinite& fault, Remedy remedy,
                        const std::function<void(std::int64_t, std::int64_t)>& progress,
                        const std::atomic<bool>& cancel);
// "helped: loss finite and falling (…)" or "did not help: …", with the numbers.
QString remedyVerdict(const RemedyOutcome& outcome);

class DoctorPanel : public QFrame {
    Q_OBJECT
public:
    explicit DoctorPanel(QWidget* parent = nullptr);
    ~DoctorPanel() override;

    // A new run: forgets every finding, cancels a rerun, hides.
    void setRun(const Scenario& scenario, const QStringList& labels);
    // A lane's first non-finite: shown (the panel appears; the first lane found stays chosen).
    void addFault(const FirstNonFinite& fault);
    void addScalerWarning(const ScalerWarning& warning);
    bool hasFault() const { return !m_faults.empty(); }
    int faultLane() const { return m_lane; }
    QString sentence() const;
    QString scalerText() const;

    // One click: reruns the chosen lane with that change on the worker (a second click replaces it).
    void runRemedy(Remedy remedy);
    void cancelRemedy();
    bool remedyRunning() const { return m_running; }
    const RemedyOutcome* lastOutcome() const { return m_hasOutcome ? &m_outcome : nullptr; }
    QString verdictText() const;
    // Tests: blocks until the rerun is done and delivers its answer.
    void waitForRemedy();
    LiveChart* chart() const { return m_chart; }
    QTableWidget* leadUpTable() const { return m_table; }
    QList<QPushButton*> remedyButtons() const { return m_remedyButtons; }
    void restyle();
    // After a language switch (the faults and warnings already added again): the lane chosen, whether
    // open, the last remedy's outcome, and a rerun still running started again here.
    void takeOver(DoctorPanel& previous);

    // Shown or hidden (the page shows the lane tiles while it is hidden); openChanged follows.
    void setOpen(bool open);
    bool isOpen() const;

signals:
    void openChanged(bool open);

private:
    void showLane(int lane);
    void fillLeadUp(const FirstNonFinite& fault);
    void onProgress(qint64 done, qint64 total);
    void onOutcome(const RemedyOutcome& outcome, const QString& error);

    Scenario m_scenario;
    QStringList m_labels;
    std::map<int, FirstNonFinite> m_faults;
    std::map<int, QString> m_warnings;       // per lane: the line shown
    QHash<int, std::int64_t> m_warningSteps;  // per lane: the standing warning's step
    QHash<int, QString> m_warningTexts;       // per lane: its sentence
    int m_lane = -1;
    std::unique_ptr<EngineChannel> m_jobs;  // the reruns (cancelled and waited for in the destructor)
    bool m_running = false;
    Remedy m_remedy = Remedy::LowerLearningRate;  // the one running or run last
    bool m_hasOutcome = false;
    RemedyOutcome m_outcome;

    QWidget* m_strip = nullptr;  // the one line shown while closed with a finding
    QLabel* m_stripText = nullptr;
    QWidget* m_body = nullptr;   // everything else
    QLabel* m_title = nullptr;
    QComboBox* m_laneChoice = nullptr;
    QLabel* m_sentence = nullptr;
    QLabel* m_scaler = nullptr;
    QTableWidget* m_table = nullptr;
    QList<QPushButton*> m_remedyButtons;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_verdict = nullptr;
    LiveChart* m_chart = nullptr;
};

}  // namespace presisi
