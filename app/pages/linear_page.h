// The Linear lab page: the tutorial's nn.Linear example in several lanes side by side, recomputed as
// the controls change.
#pragma once

#include <QList>
#include <atomic>
#include <memory>

#include "engine/linear_lab.h"
#include "page.h"

class QSpinBox;
class QCheckBox;
class QComboBox;
class QTimer;
class QPushButton;
class QHBoxLayout;
class QLabel;

namespace presisi {

class JobWorker;

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

signals:
    void computed();

private:
    void scheduleCompute();
    void startCompute();
    void showResult(std::shared_ptr<const LinearResult> result);
    // What each number of a lane's tile measures and how to read it (linear_page_results.cpp).
    void setTileToolTips(LaneTile* tile, const LinearLane& lane, const ErrorMetrics& m) const;

    QSpinBox* m_in = nullptr;
    QSpinBox* m_out = nullptr;
    QSpinBox* m_batch = nullptr;
    QSpinBox* m_seed = nullptr;
    QCheckBox* m_bf16 = nullptr;
    QCheckBox* m_f16 = nullptr;
    QCheckBox* m_cpu = nullptr;
    QCheckBox* m_gpu = nullptr;
    QComboBox* m_accumulation = nullptr;
    QCheckBox* m_ftz = nullptr;
    QCheckBox* m_native = nullptr;
    QLabel* m_note = nullptr;
    QTimer* m_debounce = nullptr;
    QHBoxLayout* m_tileRow = nullptr;
    QList<LaneTile*> m_tiles;
    ScatterChart* m_scatter = nullptr;
    HistogramChart* m_errorHist = nullptr;
    BarChart* m_bars = nullptr;
    ScatterChart* m_errVsMag = nullptr;
    std::shared_ptr<const LinearResult> m_result;
    std::uint64_t m_generation = 0;
    bool m_computing = false;
    QString m_status;  // set in the constructor (tr() needs the class context)
    QPushButton* m_cancel = nullptr;  // shown when a computation takes longer than half a second
    QTimer* m_slow = nullptr;
    bool m_blockCompute = false;
    QWidget* m_controls = nullptr;  // the side panel (its width follows the text scale)
    std::unique_ptr<JobWorker> m_worker;  // last: destroyed (cancelled, joined) first
};

}  // namespace presisi
