// LaneBoard: the Training lab's lane tiles, one per lane, each with its decision-boundary (or fit)
// thumbnail and the lane's numbers, flowed into as many columns as the width holds; the boundary
// snapshots kept for looking back at a step.
#pragma once

#include <QHash>
#include <QList>
#include <QStringList>
#include <QWidget>
#include <cstdint>
#include <map>

#include "boundary_snapshot.h"
#include "engine/training/record.h"
#include "engine/training/scenario.h"

class QGridLayout;

namespace presisi {

class BoundaryView;
class LaneTile;
struct Dataset;

class LaneBoard : public QWidget {
    Q_OBJECT
public:
    explicit LaneBoard(QWidget* parent = nullptr);

    // New tiles for `labels` (the scenario's lanes, in its order): a summation's three numbers or a
    // training run's (accuracy for classification, else the gradient norm). Kept boundaries go.
    void setLanes(const QStringList& labels, const Scenario& scenario, bool classification);
    // The training data behind every thumbnail (points coloured by class).
    void setData(const Dataset& data);

    // A record's numbers on its lane's tile; `weightGradients`: the underflow shown is of the weight
    // gradients, else of the activation (output) gradients.
    void showRecord(const StepRecord& record, bool weightGradients);
    // The final evaluation on the lane's tile, with the step of `last` (else `lastStep`).
    void showFinal(const LaneFinal& final, const StepRecord* last, std::int64_t lastStep);
    // The scaler's warning stands on the tile (details line and tooltip) until it recovers.
    void showScalerWarning(const ScalerWarning& warning, const QString& text);

    void showBoundary(const BoundarySnapshot& boundary);
    // Kept for looking back: at most kKeptBoundaries, spread evenly over the run.
    void keepBoundary(const BoundarySnapshot& boundary);
    // The kept snapshot nearest to `step` (nothing when none is kept).
    void showKeptBoundary(std::int64_t step);
    const std::map<std::int64_t, BoundarySnapshot>& keptBoundaries() const { return m_keptBoundaries; }
    void setKeptBoundaries(const std::map<std::int64_t, BoundarySnapshot>& kept) { m_keptBoundaries = kept; }

    // The tiles flowed again from scratch (text size, a folded panel).
    void reflow();
    void restyle();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void flow();  // tiles in as many columns as fit the width, rows below
    QStringList tileNames() const;
    qint64 summedValues(std::int64_t step) const;

    QGridLayout* m_grid = nullptr;
    QList<LaneTile*> m_tiles;
    QList<BoundaryView*> m_boundaries;
    int m_columns = 0;
    bool m_summation = false;
    bool m_classification = true;
    qint64 m_summands = 0, m_summandsPerStep = 0;  // a summation's values in all and per step
    QHash<int, QString> m_scalerWarned;            // by lane: the scaler's warning (the tile says so)
    QStringList m_recipes;                         // by lane: the recipe of a lane of 8 bits and below (else empty)
    std::map<std::int64_t, BoundarySnapshot> m_keptBoundaries;  // step -> snapshot
};

}  // namespace presisi
