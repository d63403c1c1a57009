// TrainingForm: the Training lab's side panel — Play/Step/Reset and the pace, the data, model, lanes, loss
// scaler, autocast policy and chart choices — and the scenario these controls describe, and back.
#pragma once

#include <QList>
#include <QString>
#include <QWidget>
#include <vector>

#include "engine/training/scenario.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace presisi {

class ChartChoices;
class PolicyEditor;

class RealField;
class SeedField;
class Section;

class TrainingForm : public QWidget {
    Q_OBJECT
public:
    explicit TrainingForm(QWidget* parent = nullptr);

    // Sets every control from the scenario (fields without a control are kept for scenarioFromControls).
    void setScenario(const Scenario& scenario);
    // The scenario the controls describe (throws presisi::Error for a malformed field); no preset's
    // name where it no longer matches that preset's setup.
    Scenario scenarioFromControls() const;
    // The scenario last set (a preset's, a file's, or the defaults): its texts name the preset.
    const Scenario& base() const { return m_base; }
    void setBase(const Scenario& scenario) { m_base = scenario; }
    // Steps per second (0: as fast as the machine goes); a pace not in the list joins it.
    void setPace(double stepsPerSecond);
    double pace() const;
    // Why the typed lanes cannot run (bad spec, duplicate, none); empty when they can.
    QString laneProblem() const;
    // The accumulation workload shows only the fields a summation uses.
    void setSummation(bool summation);
    // The Play button says what it does next; Step only while nothing runs.
    void setRunning(bool running);

    ChartChoices* charts() const { return m_charts; }  // the "Charts" section
    QTableWidget* policyTable() const;

signals:
    void playClicked();
    void stepClicked();
    void resetClicked();
    void paceChanged(double stepsPerSecond);

private:
    void checkLaneText();
    // The lanes the boxes and the lane field name, in that order; throws presisi::Error for a bad spec.
    std::vector<LaneSpec> lanesFromControls() const;

    Scenario m_base;  // the loaded preset (or defaults): fields without a control come from here
    QPushButton* m_play = nullptr;
    QPushButton* m_step = nullptr;
    QPushButton* m_reset = nullptr;
    QComboBox* m_pace = nullptr;
    QComboBox* m_dataset = nullptr;
    QSpinBox* m_samples = nullptr;
    RealField* m_noise = nullptr;
    QLineEdit* m_sizes = nullptr;
    QComboBox* m_activation = nullptr;
    QComboBox* m_norm = nullptr;       // the normalisation after each hidden layer
    QSpinBox* m_gradAccum = nullptr;   // micro-batches per step
    QComboBox* m_lossKind = nullptr;
    QComboBox* m_optimizer = nullptr;
    RealField* m_lr = nullptr;
    RealField* m_weightDecay = nullptr;
    QSpinBox* m_batch = nullptr;
    QSpinBox* m_steps = nullptr;
    SeedField* m_seed = nullptr;
    QList<QCheckBox*> m_laneBoxes;
    QLineEdit* m_extraLanes = nullptr;
    QLabel* m_laneProblem = nullptr;
    Section* m_scalerSection = nullptr;
    RealField* m_initScale = nullptr;
    RealField* m_growth = nullptr;
    RealField* m_backoff = nullptr;
    QSpinBox* m_interval = nullptr;
    PolicyEditor* m_policy = nullptr;  // the autocast policy section's body
    ChartChoices* m_charts = nullptr;
    QList<QWidget*> m_trainingOnly;  // controls that only a training run uses
    QGroupBox* m_modelBox = nullptr;
};

}  // namespace presisi
