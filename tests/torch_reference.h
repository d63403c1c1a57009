// Loads the PyTorch reference data written by scripts/make_torch_reference.py (tests/data/).
#pragma once

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QtTest>

#include <cstring>
#include <vector>

namespace presisi::testdata {

inline QString dataPath(const QString& relative) {
    return QStringLiteral(PRESISI_TEST_DATA_DIR) + "/" + relative;
}

inline QJsonObject loadJson(const QString& relative) {
    QFile f(dataPath(relative));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Raw little-endian float32 values (this project only targets little-endian machines).
inline std::vector<float> loadF32(const QString& relative) {
    QFile f(dataPath(relative));
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    std::vector<float> v(static_cast<std::size_t>(bytes.size()) / sizeof(float));
    std::memcpy(v.data(), bytes.constData(), v.size() * sizeof(float));
    return v;
}

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

}  // namespace presisi::testdata
