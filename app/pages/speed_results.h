// The Speed page's results on screen: each of its four sections' chart and the text under it, showing what
// the section measured last and how to read it, and the CSV/JSON exports of all four (SpeedMeasurements
// writes them). Window only.
#pragma once

#include <QList>
#include <QObject>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

#include "speed_measurements.h"

class QLabel;
class QWidget;

namespace presisi {

class ScalingChart;
class SpeedTextArea;
class StackedBarChart;

class SpeedResults : public QObject {
    Q_OBJECT
public:
    enum Section { Throughput = 0, Memory = 1, Sweep = 2, Breakdown = 3 };

    // Makes the four charts and the texts under them; the page lays them out in its sections.
    explicit SpeedResults(QObject* parent = nullptr);

    QList<QWidget*> charts() const;
    ScalingChart* throughputChart() const { return m_throughputChart; }
    StackedBarChart* memoryChart() const { return m_memoryChart; }
    ScalingChart* sweepChart() const { return m_sweepChart; }
    StackedBarChart* breakdownChart() const { return m_breakdownChart; }
    QWidget* chart(Section section) const { return charts().at(section); }
    // The text under a section's chart, scrolling beyond five lines.
    SpeedTextArea* textArea(Section section) const { return m_textArea[section]; }
    QString text(Section section) const;
    void setText(Section section, const QString& html);

    // A section's new result, drawn and written under its chart. `lanes`: the labels of the lanes measured;
    // `setup`: what they were measured on, as plain text (for the JSON export).
    void setThroughput(const GemmBenchReport& report);
    void setMemory(const std::vector<LaneMemory>& lanes, const std::vector<std::int64_t>& largest, int batch,
                   double budget, const QStringList& laneLabels, const QString& setup);
    void setSweep(const SweepReport& report, const QStringList& lanes, const QString& setup);
    void setBreakdown(const BreakdownReport& report, double loaderMs, const QStringList& lanes, const QString& setup);
    // `other`'s results (the same page of the window before a language switch), drawn and written again here.
    void takeOver(const SpeedResults& other);
    // Forgets every result and empties the charts; the texts are the page's to set.
    void clear();

    void rescale(double scale);  // the charts keep room for their axes; the texts keep three lines
    void restyle();              // the theme's chart colours, after a palette change

    bool exportCsv(const QString& path) const;
    bool exportJson(const QString& path, const QString& caption) const;

    const std::optional<GemmBenchReport>& gemmReport() const { return m_measured.gemm; }
    const std::vector<LaneMemory>& memoryReport() const { return m_measured.memory; }
    const std::optional<SweepReport>& sweepReport() const { return m_measured.sweep; }
    const std::optional<BreakdownReport>& breakdownReport() const { return m_measured.breakdown; }

private:
    // What a section's text under its chart says and how to read it (its tooltip).
    QString sectionHelp(Section section) const;
    void showThroughput();
    void showMemory();
    void showSweep();
    void showBreakdown();
    QString throughputSummary() const;
    QString sweepSentence() const;

    ScalingChart* m_throughputChart = nullptr;
    StackedBarChart* m_memoryChart = nullptr;
    ScalingChart* m_sweepChart = nullptr;
    StackedBarChart* m_breakdownChart = nullptr;
    QLabel* m_text[4] = {};
    SpeedTextArea* m_textArea[4] = {};

    SpeedMeasurements m_measured;  // the results, with what they were measured on
};

}  // namespace presisi
