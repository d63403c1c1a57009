// The Linear lab page: the tutorial's nn.Linear example in several lanes side by side, recomputed as
// the controls change.
#pragma once

#include <QList>
#include <QPair>
#include <atomic>
#include <memory>

#include "engine/linear_lab.h"
#include "page.h"

class QSpinBox;
class QCheckBox;
class QComboBox;
class QTimer;
class QPushButton;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QScrollArea;

namespace presisi {

namespace linear_page_detail {
class TileArea;
}

class EngineChannel;
class LinearForm;

class LaneTile;
class ScatterChart;
class HistogramChart;
class BarChart;

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
    bool computing() const { return m_computing; }
    // Computations of the page so far that ran on the GUI thread (always 0; for tests).
    static int guiThreadComputations();
    const LinearResult* result() const { return m_result.get(); }
    QList<LaneTile*> tiles() const { return m_tiles; }
    // The tiles' scroll area: as tall as the rows where the page has room, scrolling beyond (for tests).
    QScrollArea* tileArea() const;

signals:
    void computed();

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scheduleCompute();
    // The tiles in as many columns as fit the page's width, rows below (as the Training lab's): eight
    // lanes and the GPU tile never widen the window. Every row keeps the height its tiles need; the tile
    // area shows as many rows as leave the charts their room and scrolls beyond (linear_page_results.cpp).
    void flowTiles();
    void flowCharts();                  // the charts in two columns or one, by the width they would get
    void setPanelWidth(double scale);  // the side panel's width at text scale `scale`
    void startCompute();
    void finishCompute();  // the computing state ends (result, failure or cancel)
    void showResult(std::shared_ptr<const LinearResult> result);
    // What each number of a lane's tile measures and how to read it (linear_page_results.cpp).
    void setTileToolTips(LaneTile* tile, const LinearLane& lane, const ErrorMetrics& m) const;
    // How a lane of 8 bits and below stores x and W, as its tile names it: "mxfp8 · floor",
    // "e4m3 · per-tensor · saturating", "nvfp4 · two-level" (linear_page_results.cpp).
    QString storageText(const LinearLane& lane) const;

    LinearForm* m_form = nullptr;  // the side panel's controls
    QTimer* m_debounce = nullptr;
    QGridLayout* m_tileGrid = nullptr;
    QWidget* m_tileHost = nullptr;
    linear_page_detail::TileArea* m_tileArea = nullptr;
    int m_tileColumns = 0;
    double m_scale = 1.0;     // the window's text scale (rescale)
    QList<LaneTile*> m_tiles;
    ScatterChart* m_scatter = nullptr;
    HistogramChart* m_errorHist = nullptr;
    BarChart* m_bars = nullptr;
    ScatterChart* m_errVsMag = nullptr;
    std::shared_ptr<const LinearResult> m_result;
    bool m_computing = false;
    QString m_status;  // set in the constructor (tr() needs the class context)
    QTimer* m_slow = nullptr;
    QScrollArea* m_panel = nullptr;  // the side panel (its width follows the text scale)
    QGridLayout* m_chartGrid = nullptr;
    int m_chartColumns = 0;
    std::unique_ptr<EngineChannel> m_jobs;  // last: destroyed (cancelled, waited for) first
};

}  // namespace presisi
