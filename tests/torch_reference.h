// Loads the PyTorch reference data written by scripts/make_torch_reference.py (tests/data/).
#pragma once

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "engine/lane.h"
#include "engine/training/scenario.h"

namespace presisi::testdata {

inline QString dataPath(const QString& relative) {
    return QStringLiteral(PRESISI_TEST_DATA_DIR) + "/" + relative;
}

inline QJsonObject loadJson(const QString& relative) {
    QFile f(dataPath(relative));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Raw little-endian values of type T (float32 arrays, bf16 bits; this project only targets
// little-endian machines).
template <typename T>
std::vector<T> loadRaw(const QString& relative) {
    QFile f(dataPath(relative));
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    std::vector<T> v(static_cast<std::size_t>(bytes.size()) / sizeof(T));
    std::memcpy(v.data(), bytes.constData(), v.size() * sizeof(T));
    return v;
}
inline std::vector<float> loadF32(const QString& relative) { return loadRaw<float>(relative); }

// |a - b| relative to |b| (the reference), for loss comparisons.
inline double relativeError(double a, double b) { return std::fabs(a - b) / std::max(std::fabs(b), 1e-30); }

inline std::vector<float> loadArray(const QJsonObject& array) { return loadF32(array["file"].toString()); }

// A Qt Test data function's rows: one per case in the reference file's array `key`, named by the case's
// "name" and carrying its JSON object in the column "entry". A missing file fails the test.
inline void addReferenceRows(const QString& relative, const char* key) {
    QTest::addColumn<QJsonObject>("entry");
    const QJsonObject doc = loadJson(relative);
    QVERIFY2(!doc.isEmpty(), qPrintable("tests/data/" + relative + " is missing"));
    for (const auto& c : doc[key].toArray()) {
        const QJsonObject o = c.toObject();
        QTest::addRow("%s", qPrintable(o["name"].toString())) << o;
    }
}

// A reference training case (the "cases" of tests/data/training/torch_training.json and
// tests/data/torch2/runs_*.json: name, x, y, sizes, activation, loss, optimizer, batch, steps, seed) as
// the scenario that reruns it in an f32 and a bf16 lane, statistics off. `dataDir`: the folder x and y
// are relative to, below tests/data ("" when they carry it).
inline Scenario referenceScenario(const QJsonObject& c, const QString& dataDir) {
    Scenario s;
    s.data.kind = DatasetKind::Npy;
    const QString prefix = dataDir.isEmpty() ? QString() : dataDir + "/";
    s.data.xPath = dataPath(prefix + c["x"].toString()).toStdString();
    s.data.yPath = dataPath(prefix + c["y"].toString()).toStdString();
    s.sizes.clear();
    for (const auto v : c["sizes"].toArray()) s.sizes.push_back(v.toInt());
    s.activation = *parseActivation(c["activation"].toString().toStdString());
    s.loss = *parseLoss(c["loss"].toString().toStdString());
    const QJsonObject o = c["optimizer"].toObject();
    s.optimizer.kind = *parseOptimizer(o["name"].toString().toStdString());
    s.optimizer.lr = o["lr"].toDouble();
    s.optimizer.momentum = o["momentum"].toDouble(0.0);
    s.optimizer.weightDecay = o["weight_decay"].toDouble(0.0);
    s.batch = c["batch"].toInt();
    s.steps = c["steps"].toInt();
    s.seed = static_cast<std::uint64_t>(c["seed"].toInt());
    s.lanes = {parseLane("cpu:f32"), parseLane("cpu:bf16")};
    s.statistics = false;
    return s;
}

}  // namespace presisi::testdata
