// The Convergence check's report on screen and in files: every seed's final evaluation on the seed chart with
// the safe band, the verdict table with each lane's reason in the window's language, the rule in words, and
// the CSV and JSON exports of a report. Window only.
#pragma once

#include <QObject>
#include <QString>

#include "engine/training/convergence.h"
#include "engine/training/scenario.h"

class QLabel;
class QTableWidget;
class QWidget;

namespace presisi {

class SeedChart;

class ConvergenceReportView : public QObject {
    Q_OBJECT
public:
    // Makes the chart, the verdict table and the rule's line, which `page` lays out (the table's reference
    // verdict takes the page's text colour).
    explicit ConvergenceReportView(QWidget* page);

    SeedChart* chart() const { return m_chart; }
    QTableWidget* table() const { return m_table; }
    QLabel* rule() const { return m_rule; }

    // No report: no columns, no rows, and the rule as it reads before a check.
    void clear();
    // `report` of a check on `scenario`: a column and a row per lane; `accuracy` draws the evaluation accuracy
    // (classification setups), else the loss with the safe band.
    void show(const ConvergenceReport& report, const Scenario& scenario, bool accuracy);

    // One flat CSV row per seed run, with its lane's mean, spread and verdict repeated.
    static bool exportCsv(const QString& path, const ConvergenceReport& report, const Scenario& scenario);
    // The keys of `presisi check --json` (all but its one-line "setup"), with the check's settings and time.
    static bool exportJson(const QString& path, const ConvergenceReport& report, const Scenario& scenario,
                           const ConvergenceSettings& settings, double seconds);

private:
    // A lane's "why" in the window's language, from the report's numbers (the engine's reason is English).
    QString reasonText(const ConvergenceReport& report, const LaneVerdict& v) const;

    QWidget* m_page;
    SeedChart* m_chart = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_rule = nullptr;
};

}  // namespace presisi
