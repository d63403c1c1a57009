// Shared by the diagnostics suites: run a Runner step by step and collect its records, range snapshots,
// first non-finite reports and scaler warnings; write hand-made input files.
#pragma once

#include <QFile>
#include <QtTest>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/training/runner.h"

namespace presisi::testsupport {

struct Collected {
    std::vector<std::vector<StepRecord>> records;
    std::vector<RangeSnapshot> ranges;
    std::vector<FirstNonFinite> faults;
    std::vector<ScalerWarning> warnings;
};

inline Collected runCollect(Runner& r, std::int64_t steps = -1) {
    Collected c;
    c.records.resize(static_cast<std::size_t>(r.laneCount()));
    auto cb = [&](const RunEvent& e) {
        switch (e.kind) {
        case RunEventKind::Step: c.records[static_cast<std::size_t>(e.record.lane)].push_back(e.record); break;
        case RunEventKind::Range: c.ranges.push_back(e.range); break;
        case RunEventKind::NonFinite: c.faults.push_back(e.nonFinite); break;
        case RunEventKind::ScalerWarning: c.warnings.push_back(e.scalerWarning); break;
        default: break;
        }
    };
    const std::int64_t n = steps < 0 ? r.scenario().steps : steps;
    for (std::int64_t k = 0; k < n; ++k) r.step(cb);
    return c;
}

inline int laneIndex(const Scenario& s, const char* label) {
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        if (s.lanes[i].label() == label) return static_cast<int>(i);
    return -1;
}

// Writes `bytes` to `path` (a hand-made .npy file), failing the test when it cannot.
inline void writeFile(const std::string& path, const std::string& bytes) {
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes.data(), static_cast<qint64>(bytes.size()));
}

}  // namespace presisi::testsupport
