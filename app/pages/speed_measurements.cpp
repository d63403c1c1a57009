// SpeedMeasurements: the bar charts' parts per lane, and the CSV and JSON forms of every section's results.
#include "speed_measurements.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace presisi {

QList<QList<double>> SpeedMeasurements::memoryParts() const {
    QList<QList<double>> v;
    for (const LaneMemory& m : memory) v.append({m.weights, m.masterWeights, m.gradients, m.activations, m.optimizerState});
    return v;
}

QList<QList<double>> SpeedMeasurements::breakdownParts() const {
    QList<QList<double>> v;
    if (breakdown)
        for (const StepParts& p : breakdown->lanes) v.append({p.data, p.transfer, p.forward, p.backward, p.optimizer});
    return v;
}

QByteArray SpeedMeasurements::csv() const {
    // Long form: one measured quantity per row, so the four sections share one table.
    QByteArray out = "section,lane,quantity,x,value,unit\n";
    auto row = [&out](const QString& section, const QString& lane, const QString& quantity, double x, double value,
                      const QString& unit) {
        out += QString("%1,\"%2\",%3,%4,%5,%6\n")
                   .arg(section, lane, quantity, QString::number(x, 'g', 12), QString::number(value, 'g', 12), unit)
                   .toUtf8();
    };
    if (gemm)
        for (const GemmRow& r : gemm->rows) {
            const QString lane = QString::fromStdString(r.lane);
            row("throughput", lane, "tflops", static_cast<double>(r.k), r.tflops, "TFLOP/s");
            row("throughput", lane, "seconds", static_cast<double>(r.k), r.seconds, "s");
        }
    static const char* memParts[] = {"weights", "master_weights", "gradients", "activations", "optimizer_state"};
    const QList<QList<double>> mem = memoryParts();
    for (int i = 0; i < mem.size(); ++i) {
        for (int p = 0; p < 5; ++p) row("memory", memoryLanes.value(i), memParts[p], memoryBatch, mem[i][p], "bytes");
        if (i < static_cast<int>(memoryLargest.size()))
            row("memory", memoryLanes.value(i), "largest_batch", memoryBudget, static_cast<double>(memoryLargest[i]),
                "samples");
    }
    if (sweep)
        for (const SweepPoint& p : sweep->points) {
            const QString lane = sweepLanes.value(p.lane);
            row("sweep", lane, "samples_per_second", static_cast<double>(p.batch), p.samplesPerSecond, "samples/s");
            row("sweep", lane, "spread", static_cast<double>(p.batch), p.spread, "share");
            row("sweep", lane, "bytes", static_cast<double>(p.batch), p.bytes, "bytes");
        }
    static const char* stepParts[] = {"data", "transfer", "forward", "backward", "optimizer"};
    if (breakdown) {
        const QList<QList<double>> bd = breakdownParts();
        for (int i = 0; i < bd.size(); ++i)
            for (int p = 0; p < 5; ++p)
                row("breakdown", breakdownLanes.value(breakdown->lanes[i].lane), stepParts[p], breakdownLoaderMs,
                    bd[i][p], "s");
    }
    return out;
}

QByteArray SpeedMeasurements::json(const QString& caption) const {
    QJsonObject root;
    root["setup"] = caption;
    if (gemm) {
        QJsonObject t;
        QJsonArray rows, notes, speedups;
        for (const GemmRow& r : gemm->rows)
            rows.append(QJsonObject{{"lane", QString::fromStdString(r.lane)},
                                    {"device", QString::fromStdString(std::string(deviceName(r.device)))},
                                    {"m", static_cast<double>(r.m)}, {"n", static_cast<double>(r.n)},
                                    {"k", static_cast<double>(r.k)}, {"seconds", r.seconds}, {"tflops", r.tflops}});
        for (const std::string& n : gemm->notes) notes.append(QString::fromStdString(n));
        for (const auto& s : gemm->speedups)
            speedups.append(QJsonObject{{"lane", QString::fromStdString(s.lane)}, {"size", static_cast<double>(s.size)},
                                        {"over_f32", s.overF32}});
        t["rows"] = rows;
        t["notes"] = notes;
        t["speedups"] = speedups;
        t["cpu_name"] = QString::fromStdString(gemm->cpuName);
        t["cpu_peak_tflops_f32_estimate"] = gemm->cpuPeakTflopsF32;
        t["cpu_peak_how"] = QString::fromStdString(gemm->cpuPeakHow);
        t["gpu_name"] = QString::fromStdString(gemm->gpuName);
        root["throughput"] = t;
    }
    if (!memory.empty()) {
        QJsonArray lanes;
        for (int i = 0; i < static_cast<int>(memory.size()); ++i) {
            const LaneMemory& m = memory[i];
            lanes.append(QJsonObject{{"lane", QString::fromStdString(m.lane)}, {"weights", m.weights},
                                     {"master_weights", m.masterWeights}, {"gradients", m.gradients},
                                     {"activations", m.activations}, {"optimizer_state", m.optimizerState},
                                     {"total", m.total()},
                                     {"largest_batch", static_cast<double>(memoryLargest.at(i))}});
        }
        root["memory"] =
            QJsonObject{{"setup", memorySetup}, {"batch", memoryBatch}, {"budget_bytes", memoryBudget}, {"lanes", lanes}};
    }
    if (sweep) {
        QJsonArray points, knees, limits;
        for (const SweepPoint& p : sweep->points)
            points.append(QJsonObject{{"lane", sweepLanes.value(p.lane)}, {"batch", static_cast<double>(p.batch)},
                                      {"samples_per_second", p.samplesPerSecond}, {"spread", p.spread},
                                      {"rounds", p.rounds}, {"steps", static_cast<double>(p.steps)},
                                      {"seconds", p.seconds}, {"bytes", p.bytes}});
        for (std::int64_t k : sweep->kneeBatch) knees.append(static_cast<double>(k));
        for (std::int64_t l : sweep->limitBatch) limits.append(static_cast<double>(l));
        root["sweep"] = QJsonObject{{"setup", sweepSetup}, {"points", points}, {"knee_batch", knees},
                                    {"limit_batch", limits},
                                    {"lanes", QJsonArray::fromStringList(sweepLanes)},
                                    {"knee_rule", "smallest batch reaching 90% of the lane's best samples/s"},
                                    {"note", QString::fromStdString(sweep->note)}};
    }
    if (breakdown) {
        QJsonArray lanes;
        for (int i = 0; i < static_cast<int>(breakdown->lanes.size()); ++i) {
            const StepParts& p = breakdown->lanes[i];
            lanes.append(QJsonObject{{"lane", breakdownLanes.value(p.lane)}, {"data", p.data},
                                     {"transfer", p.transfer}, {"forward", p.forward}, {"backward", p.backward},
                                     {"optimizer", p.optimizer},
                                     {"bottleneck",
                                      QString::fromStdString(std::string(bottleneckName(breakdown->bottleneck.at(i))))},
                                     {"sentence", QString::fromStdString(breakdown->sentence.at(i))}});
        }
        root["breakdown"] = QJsonObject{{"setup", breakdownSetup}, {"loader_ms", breakdownLoaderMs}, {"lanes", lanes},
                                        {"note", QString::fromStdString(breakdown->note)}};
    }
    return QJsonDocument(root).toJson();
}

}  // namespace presisi
