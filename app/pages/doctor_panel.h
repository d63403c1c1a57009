// The NaN doctor panel (Training lab): when a lane's first inf/NaN arrives it says where it appeared,
// shows the last steps' per-layer magnitudes leading up to it, and offers the tutorial's remedies in
// order as one-click reruns (RemedyReruns: headless, on a worker, cancellable) drawn beside the original lane.
#pragma once

#include <QFrame>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <map>

#include "engine/training/record.h"
#include "engine/training/scenario.h"
#include "remedy_reruns.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace presisi {

class LiveChart;

class DoctorPanel : public QFrame {
    Q_OBJECT
public:
    explicit DoctorPanel(QWidget* parent = nullptr);

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
    void runRemedy(Remedy remedy) { m_reruns->run(remedy); }
    void cancelRemedy() { m_reruns->cancel(); }
    bool remedyRunning() const { return m_reruns->running(); }
    const RemedyOutcome* lastOutcome() const { return m_reruns->lastOutcome(); }
    QString verdictText() const { return m_reruns->verdictText(); }
    // Tests: blocks until the rerun is done and delivers its answer.
    void waitForRemedy() { m_reruns->waitIdle(); }
    LiveChart* chart() const { return m_reruns->chart(); }
    QTableWidget* leadUpTable() const { return m_table; }
    QList<QPushButton*> remedyButtons() const { return m_reruns->buttons(); }
    void restyle() { m_reruns->restyle(); }
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

    Scenario m_scenario;
    QStringList m_labels;
    std::map<int, FirstNonFinite> m_faults;
    std::map<int, QString> m_warnings;       // per lane: the line shown
    QHash<int, std::int64_t> m_warningSteps;  // per lane: the standing warning's step
    QHash<int, QString> m_warningTexts;       // per lane: its sentence
    int m_lane = -1;
    RemedyReruns* m_reruns = nullptr;  // the panel's first child (see RemedyReruns())

    QWidget* m_strip = nullptr;  // the one line shown while closed with a finding
    QLabel* m_stripText = nullptr;
    QWidget* m_body = nullptr;   // everything else
    QLabel* m_title = nullptr;
    QComboBox* m_laneChoice = nullptr;
    QLabel* m_sentence = nullptr;
    QLabel* m_scaler = nullptr;
    QTableWidget* m_table = nullptr;
};

}  // namespace presisi
