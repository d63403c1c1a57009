// What the Speed page's four sections measured last, with what each was measured on, and those results
// as the CSV and JSON the page exports. Window only.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/speed/batch_sweep.h"
#include "engine/speed/gemm_bench.h"
#include "engine/speed/memory_plan.h"
#include "engine/speed/step_breakdown.h"

namespace presisi {

struct SpeedMeasurements {
    std::optional<GemmBenchReport> gemm;
    // Per lane at `memoryBatch`, and the largest batch whose memory fits `memoryBudget` (bytes).
    std::vector<LaneMemory> memory;
    std::vector<std::int64_t> memoryLargest;
    int memoryBatch = 0;
    double memoryBudget = 0;
    std::optional<SweepReport> sweep;
    std::optional<BreakdownReport> breakdown;
    double breakdownLoaderMs = 0;
    // The labels of the lanes each scenario section measured, and what on (plain text).
    QStringList memoryLanes, sweepLanes, breakdownLanes;
    QString memorySetup, sweepSetup, breakdownSetup;

    bool empty() const { return !gemm && memory.empty() && !sweep && !breakdown; }
    // Five parts per lane, in the order of the bar charts' parts.
    QList<QList<double>> memoryParts() const;     // weights, f32 master, gradients, activations, optimizer
    QList<QList<double>> breakdownParts() const;  // data, transfer, forward, backward, optimizer; none without a breakdown

    // Long form: one measured quantity per row (section, lane, quantity, x, value, unit).
    QByteArray csv() const;
    // Every section measured, each with its setup; `caption`: the page's, at the top.
    QByteArray json(const QString& caption) const;
};

}  // namespace presisi
