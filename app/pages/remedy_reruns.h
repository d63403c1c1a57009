// The NaN doctor's remedies: the tutorial's four changes as one-click reruns of the faulted lane (headless,
// on the engine worker, cancellable), their progress and verdict, and the chart of the original lane beside
// the remedied one. The doctor panel lays the column and the chart out. Window only.
#pragma once

#include <QList>
#include <QObject>
#include <QPointF>
#include <QString>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

#include "engine/training/doctor.h"
#include "engine/training/record.h"
#include "engine/training/scenario.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QVBoxLayout;

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

class RemedyReruns : public QObject {
    Q_OBJECT
public:
    // Makes the remedies' column and the rerun chart, which the panel lays out. Made before the panel's
    // widgets, so that its channel cancels and waits for a rerun before they go.
    explicit RemedyReruns(QObject* parent = nullptr);
    ~RemedyReruns() override;

    QVBoxLayout* column() const { return m_column; }  // the remedies' buttons, progress and verdict
    LiveChart* chart() const { return m_chart; }
    QList<QPushButton*> buttons() const { return m_buttons; }

    // A new run: cancels a rerun, forgets the finding and the outcome, and shows no rerun yet.
    void reset();
    // Another lane chosen: cancels a rerun and forgets its outcome (its verdict and lines).
    void forgetOutcome();
    // The finding the remedies rerun: buttons enabled, each saying in its tooltip what it changes.
    void setFinding(const Scenario& scenario, const FirstNonFinite& fault, const QString& laneLabel);

    // One click: reruns the finding's lane with that change on the worker (a second click replaces it).
    void run(Remedy remedy);
    void cancel();
    bool running() const { return m_running; }
    const RemedyOutcome* lastOutcome() const { return m_hasOutcome ? &m_outcome : nullptr; }
    QString verdictText() const;
    // Tests: blocks until the rerun is done and delivers its answer.
    void waitIdle();
    void restyle();
    // After a language switch (the finding already set): a rerun still running in `previous` started again
    // here, or its last outcome shown.
    void takeOver(RemedyReruns& previous);

private:
    void onProgress(qint64 done, qint64 total);
    void onOutcome(const RemedyOutcome& outcome, const QString& error);

    std::unique_ptr<EngineChannel> m_jobs;  // the reruns (cancelled and waited for in the destructor)
    bool m_hasFinding = false;
    Scenario m_scenario;
    FirstNonFinite m_fault;
    QString m_laneLabel;
    bool m_running = false;
    Remedy m_remedy = Remedy::LowerLearningRate;  // the one running or run last
    bool m_hasOutcome = false;
    RemedyOutcome m_outcome;

    QVBoxLayout* m_column = nullptr;
    QList<QPushButton*> m_buttons;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_verdict = nullptr;
    LiveChart* m_chart = nullptr;
};

}  // namespace presisi
