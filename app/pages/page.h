// The base of the window's pages: what the main window asks of each (explanation, exports, charts).
#pragma once

#include <QList>
#include <QString>
#include <QWidget>

#include "widgets/chart_data.h"
#include "widgets/chart_export.h"  // writeFileWhole, for the pages' data exports

class QGridLayout;

namespace presisi {

constexpr int kMinChartWidth = 330;   // a chart's least legible width at text scale 1 (two columns need twice)
constexpr int kMinChartHeight = 180;  // and height

// The charts `cells` of `page` in `grid`, in reading order, in two columns where the width beside the
// page's side panel (`panel` px wide, 0: hidden) leaves each its legible width at the window's text scale,
// one where two would squeeze them (their legends and tick labels elide); every row and column stretched
// alike. A cell shown alone elsewhere (its parent is not `page`) is left out until it returns. Lays the
// grid out only when the count differs from `columns`; returns the new count.
int flowChartGrid(QGridLayout* grid, const QList<QWidget*>& cells, int panel, int columns, const QWidget* page);

class Page : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual QString title() const = 0;
    // Two or three sentences of what to look at, for the side panel.
    virtual QString explanation() const = 0;
    // A one-line caption for exports: workload, lanes, seed (so a figure is reproducible).
    virtual QString caption() const = 0;
    // The page's charts; the one last clicked is the "current chart" for chart exports.
    virtual QList<QWidget*> charts() const = 0;
    QWidget* currentChart() const;
    // Data exports; return false with nothing written when the page has no data or the file fails.
    virtual bool exportCsv(const QString& path) const = 0;
    virtual bool exportJson(const QString& path) const = 0;
    // The file name an export proposes, without suffix, saying what it is: page or preset or workload,
    // chart, step ("underflow-loss-step300", "linear-256x256x64-scatter"); chart null: the whole page.
    // The default: the page's title and the chart's title as file-name pieces.
    virtual QString exportName(QWidget* chart) const;
    // The data behind one of charts() (every point, bin, bar per lane); the default reads the chart.
    virtual ChartData chartData(QWidget* chart) const;
    // chartData(chart) as CSV or JSON by the suffix of `path`; false when empty or the file fails.
    bool exportChartData(QWidget* chart, const QString& path) const;
    // Writes data taken earlier (CSV, or JSON for a .json path): what a name proposed at that moment describes.
    static bool writeChartData(const ChartData& data, const QString& path);
    // Ctrl+R.
    virtual void resetPage() {}
    // What the status bar says while this page is shown (the window shows the visible page's only).
    virtual QString statusText() const { return title(); }
    // The window's text scale changed (1x to 2x): fixed widths follow it.
    virtual void rescale(double scale) { Q_UNUSED(scale); }
    // A language switch rebuilds the window: this page (new, in the new language) takes over what
    // `previous` (the same page of the old window, still alive, of the same class) holds — its settings,
    // results and runs — and shows it again, so that nothing a person did is lost. Work still running
    // in `previous` goes on here (taken over, or started again on the same input).
    virtual void takeOver(Page& previous) { Q_UNUSED(previous); }

signals:
    void explanationChanged();
    void statusMessage(const QString& text);  // a passing message (an export written)
    void statusChanged();                      // statusText() has changed
    void chartDoubleClicked(QWidget* chart);

protected:
    void trackCharts();  // call after creating charts: a click makes a chart current
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_current = nullptr;
};

}  // namespace presisi
