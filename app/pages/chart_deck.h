// ChartDeck: the Training lab's live charts — loss, gradient underflow, loss scale or the casts of the
// lanes of 8 bits and below, and the gradient
// histogram with the per-layer ranges beside it — fed from record batches, redrawn from the run's record
// store (zoom, a changed underflow kind), and looked back at a step. The charts are the page's children
// in the deck's grid, which the page flows into one or two columns.
#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QStringList>
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "engine/training/record.h"
#include "engine/training/scenario.h"
#include "widgets/live_chart.h"

class QGridLayout;
class QWidget;

namespace presisi {

class GradientRangeView;
class ScaleCastView;
class HistogramChart;
class RecordStore;
struct ChartData;
class ChartChoices;
struct RecordBatch;

class ChartDeck : public QObject {
    Q_OBJECT
public:
    // `choices`: the underflow kind, histogram layers and log loss; `records`: the run's record store (it
    // follows the page's controller, which a language switch replaces).
    ChartDeck(const ChartChoices* choices, std::function<const RecordStore&()> records, QObject* parent = nullptr);

    QGridLayout* grid() const { return m_grid; }
    LiveChart* loss() const { return m_loss; }
    LiveChart* underflow() const { return m_underflow; }
    LiveChart* scale() const { return m_scale; }
    LiveChart* casts() const;
    ScaleCastView* scaleCell() const { return m_scaleCell; }
    HistogramChart* histogram() const { return m_histogram; }
    GradientRangeView* ranges() const { return m_ranges; }
    QList<QWidget*> cells() const;  // the grid's cells in reading order (the histogram shares one with the ranges)

    // New lanes: the charts' series, titles and the summation's view (running sums, not a training run).
    void setLanes(const QStringList& labels, const Scenario& scenario);
    void clearPoints();  // a reset run: the step charts empty

    // A batch's records as points on the step charts (one refresh each), a cross where a lane's loss
    // first turns non-finite, the scaler's skipped steps as markers.
    void plot(const RecordBatch& batch);
    // The NaN doctor's finding: one cross per lane, at the lane's loss at that step or its last finite one.
    void markFault(const FirstNonFinite& fault, const RecordBatch& batch);
    // New histograms: each lane's latest shown, every one kept (evenly thinned) for looking back.
    void addHistograms(const std::vector<GradHistogram>& histograms);
    void showHistograms();  // each lane's latest, for the chosen layers
    ChartData histogramData() const;  // the counts behind the histogram's shares, for its data export
    const std::map<int, std::map<std::int64_t, GradHistogram>>& keptHistograms() const { return m_keptHistograms; }
    void setKeptHistograms(const std::map<int, std::map<std::int64_t, GradHistogram>>& kept) { m_keptHistograms = kept; }

    // Looking back: a cursor on the step charts at `step`, the histograms and ranges kept nearest to it.
    void showStep(std::int64_t step);
    void hideCursor();
    void replotUnderflow();     // the underflow chart redrawn from the store for the chosen kind
    void replotCasts();         // the casts chart redrawn from the store for the chosen statistic
    void nameUnderflowChart();  // its title names the gradients it counts
    void setLogLoss(bool on);
    void setMinimumChartHeight(int pixels);
    void restyle();  // lane colours (theme change)

private:
    // Where one record's points go on the three step charts (a null sink takes nothing): the live
    // batches, a zoomed chart's reread of the record store and a replot share it.
    struct Sinks {
        LiveChart::PointSink loss, underflow, scale, casts;
    };
    void plotRecord(const StepRecord& r, const Sinks& to) const;
    void replot(LiveChart* chart, LiveChart::PointSink Sinks::*which);  // one chart, from the record store
    void readChartsFromStore();  // the step charts' zoomed views read the record store

    const ChartChoices* m_choices;
    std::function<const RecordStore&()> m_records;
    QGridLayout* m_grid = nullptr;
    LiveChart* m_loss = nullptr;
    LiveChart* m_underflow = nullptr;
    LiveChart* m_scale = nullptr;
    ScaleCastView* m_scaleCell = nullptr;  // holds m_scale and the casts chart
    HistogramChart* m_histogram = nullptr;
    GradientRangeView* m_ranges = nullptr;
    int m_lanes = 0;
    QStringList m_labels;
    bool m_summation = false;
    QList<int> m_scaleLane;  // record lane -> scale chart lane (-1: no scaler)
    QHash<int, bool> m_nonFiniteMarked;   // by lane: its loss has turned non-finite (marked once)
    QHash<int, double> m_lastFiniteLoss;  // by lane: where the marker goes
    std::map<int, GradHistogram> m_latestHistograms;                         // by lane
    std::map<int, std::map<std::int64_t, GradHistogram>> m_keptHistograms;  // lane -> step -> histogram
};

}  // namespace presisi
