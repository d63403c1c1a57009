// The Linear lab page: the tutorial's nn.Linear example in several lanes side by side, recomputed as
// the controls change.
#pragma once

#include <QList>
#include <QPair>
#include <atomic>
#include <memory>

#include "engine/linear_lab.h"
#include "page.h"

class QTimer;
class QGridLayout;
class QLabel;
class QScrollArea;

namespace presisi {

class EngineChannel;
class LaneTile;
class LinearFilesBox;
class LinearForm;
class LinearResultsView;

class LinearPage : public Page {
    Q_OBJECT
public:
    explicit LinearPage(QWidget* parent = nullptr);
    ~LinearPage() override;

    QString title() const override { return tr("Linear lab"); }
    QString explanation() const override;
    QString caption() const override;
    QList<QWidget*> charts() const override;
    bool exportCsv(const QString& path) const override;
    bool exportJson(const QString& path) const override;
    QString exportName(QWidget* chart) const override;  // app/pages/page_exports.cpp
    ChartData chartData(QWidget* chart) const override;  // the whole output, every lane
    void resetPage() override;
    void takeOver(Page& previous) override;  // every setting and the result shown (no recomputation)
    void rescale(double scale) override;
    QString statusText() const override { return m_status; }

    void setConfig(const LinearConfig& config);
    LinearConfig config() const;
    std::vector<LinearLane> lanes() const;
    // Starts the computation of the current settings on the page's worker (never on the GUI thread);
    // a computation still running is cancelled. `computed` follows.
    void computeNow();
    // Draws the current result again (after a theme change), without computing anything.
    void redraw();
    // Stops a running computation; the last result stays on screen.
    void cancelCompute();
    // Writes the result on screen into `dir` on the engine worker (services/linear_save.h: every lane's output
    // and the x, W and b it used, with manifest.json); `saved` follows. Save outputs… asks for the folder.
    void saveOutputsTo(const QString& dir);
    void chooseSaveFolder();
    // The Linear lab's files box (Load x / W / b…, Save outputs…).
    LinearFilesBox* filesBox() const;
    bool computing() const { return m_computing; }
    // Computations of the page so far that ran on the GUI thread (always 0; for tests).
    static int guiThreadComputations();
    const LinearResult* result() const;
    QList<LaneTile*> tiles() const;
    // The tiles' scroll area: as tall as the rows where the page has room, scrolling beyond (for tests).
    QScrollArea* tileArea() const;

signals:
    void computed();
    void saved(const QString& error);  // empty when every file was written

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void scheduleCompute();
    void flowCharts();                  // the charts in two columns or one, by the width they would get
    void setPanelWidth(double scale);  // the side panel's width at text scale `scale`
    void startCompute();
    void finishCompute();  // the computing state ends (result, failure or cancel)
    void showResult(std::shared_ptr<const LinearResult> result);  // the view's, the form's note and the status

    LinearForm* m_form = nullptr;  // the side panel's controls
    QTimer* m_debounce = nullptr;
    LinearResultsView* m_view = nullptr;  // the tiles and charts of the result shown
    bool m_computing = false;
    QString m_status;  // set in the constructor (tr() needs the class context)
    QTimer* m_slow = nullptr;
    QScrollArea* m_panel = nullptr;  // the side panel (its width follows the text scale)
    QLabel* m_sources = nullptr;     // above the tiles: the files the result shown was computed on
    QGridLayout* m_chartGrid = nullptr;
    int m_chartColumns = 0;
    std::unique_ptr<EngineChannel> m_saves;  // Save outputs… (its own channel: a recomputation does not cancel it)
    std::unique_ptr<EngineChannel> m_jobs;   // last: destroyed (cancelled, waited for) first
};

}  // namespace presisi
