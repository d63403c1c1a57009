// The Speed page's settings: the device the sections measure on, the native bf16 lane, the products'
// largest size and shape, the memory budget and the loader's cost, and the scenario the sections measure
// (the Training lab's, its lanes moved to the chosen devices) with the line that names it. Window only.
#pragma once

#include <QObject>
#include <QString>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/speed/batch_sweep.h"
#include "engine/speed/gemm_bench.h"
#include "engine/speed/step_breakdown.h"
#include "engine/training/scenario.h"

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QWidget;

namespace presisi {

class RealField;

class SpeedSettings : public QObject {
    Q_OBJECT
public:
    enum DeviceChoice { CpuOnly = 0, GpuOnly = 1, CpuAndGpu = 2 };

    // Makes the controls; the page lays them out: the row above the sections and three sections' own.
    explicit SpeedSettings(QObject* parent = nullptr);
    QHBoxLayout* setupRow() const { return m_row; }  // device, native lane, what is measured
    QWidget* throughputControls() const { return m_throughputControls; }
    QWidget* memoryControls() const { return m_memoryControls; }
    QWidget* breakdownControls() const { return m_breakdownControls; }

    // Where the measured model and batch come from (the Training lab's controls); may throw
    // presisi::Error for a malformed field, which the setup line shows.
    void setScenarioSource(std::function<Scenario()> source);
    void setDevice(DeviceChoice choice);
    DeviceChoice device() const;
    // With a CPU device: a cpu:bf16+native lane beside the Training lab's lanes, where this CPU has native
    // bf16 (so a native step is measured beside the emulated one).
    void setNativeLane(bool on);
    bool nativeLane() const;
    // The scenario the sections measure: the source's, its lanes moved to the chosen device(s).
    Scenario measuredScenario() const;
    // The setup line above the sections says what measuredScenario() is now (or why it cannot be read).
    void updateSetup();
    QString setupText() const;

    void setBudgetBytes(double bytes);  // <= 0: the chosen device's free memory
    double budgetBytes() const { return m_budgetValue; }
    void setLoaderMilliseconds(double ms);
    void setGemmSizes(const std::vector<std::int64_t>& sizes);
    void setGemmRepeats(int repeats) { m_gemmRepeats = repeats; }
    void setSweepStepsPerPoint(int steps) { m_sweepSteps = steps; }
    void setBreakdownSteps(int steps) { m_breakdownSteps = steps; }

    // What each section's measurement is asked to do, from the settings now.
    GemmBenchSettings throughputSettings() const;
    SweepSettings sweepSettings() const;
    BreakdownSettings breakdownSettings() const;

    // `other`'s settings (the same page of the window before a language switch).
    void takeOver(const SpeedSettings& other);

signals:
    void deviceChanged();  // the budget has gone back to the new device's default

private:
    // The measured batch as the setup line writes it: with gradient accumulation a measured step is one
    // micro-batch and the optimizer ("1 (1 of 4096 micro-batches)").
    static QString batchText(const Scenario& s);
    std::function<Scenario()> m_source;
    QHBoxLayout* m_row = nullptr;
    QWidget* m_throughputControls = nullptr;
    QWidget* m_memoryControls = nullptr;
    QWidget* m_breakdownControls = nullptr;
    QComboBox* m_device = nullptr;
    QComboBox* m_maxSize = nullptr;
    QCheckBox* m_native = nullptr;
    QComboBox* m_shape = nullptr;
    RealField* m_budget = nullptr;  // GiB
    RealField* m_loader = nullptr;  // ms per batch
    QLabel* m_setup = nullptr;

    double m_budgetValue = 0;  // bytes (the field shows GiB)
    std::vector<std::int64_t> m_gemmSizes;  // empty: powers of two from 256 to the chosen largest
    int m_gemmRepeats = 5;
    int m_sweepSteps = 1;   // at least this many steps per timed round (SweepSettings::stepsPerPoint)
    int m_breakdownSteps = 30;
};

}  // namespace presisi
