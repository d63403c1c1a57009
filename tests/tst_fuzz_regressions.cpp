// Every committed fuzz input (fuzz/corpus/<target>/ seeds and fuzz/regressions/<target>/ findings) through
// the same bodies as the libFuzzer targets, without libFuzzer: no crash, no broken promise, and the outcome
// the file's name documents (ok-* accepted, bad-* refused with a message).
#include <QDir>
#include <QFile>
#include <QtTest>

#include <exception>

#include "../fuzz/fuzz_bodies.h"

using namespace presisi;

class TstFuzzRegressions : public QObject {
    Q_OBJECT

private slots:
    void everyTargetHasSeeds();
    void inputs_data();
    void inputs();
};

namespace {

const QString kFuzzDir = QStringLiteral(PRESISI_SOURCE_DIR "/fuzz");

QStringList filesOf(const QString& kind, std::string_view target) {
    const QDir dir(kFuzzDir + "/" + kind + "/" + QString::fromUtf8(target.data(), static_cast<qsizetype>(target.size())));
    return dir.entryList(QDir::Files, QDir::Name);
}

}  // namespace

void TstFuzzRegressions::everyTargetHasSeeds() {
    QCOMPARE(fuzz::targets().size(), std::size_t{5});
    for (const auto& t : fuzz::targets()) {
        const QStringList seeds = filesOf("corpus", t.name);
        QVERIFY2(seeds.filter(QRegularExpression("^ok-")).size() >= 3, t.name.data());
        QVERIFY2(seeds.filter(QRegularExpression("^bad-")).size() >= 3, t.name.data());
    }
}

void TstFuzzRegressions::inputs_data() {
    QTest::addColumn<int>("target");
    QTest::addColumn<QString>("path");
    const auto targets = fuzz::targets();
    for (std::size_t i = 0; i < targets.size(); ++i) {
        for (const QString kind : {QStringLiteral("corpus"), QStringLiteral("regressions")}) {
            const QString dir = kFuzzDir + "/" + kind + "/" + QString::fromUtf8(targets[i].name.data());
            for (const QString& file : filesOf(kind, targets[i].name))
                QTest::addRow("%s/%s/%s", qPrintable(kind), targets[i].name.data(), qPrintable(file))
                    << static_cast<int>(i) << dir + "/" + file;
        }
    }
}

void TstFuzzRegressions::inputs() {
    QFETCH(int, target);
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
    const QByteArray bytes = f.readAll();
    const QString name = QFileInfo(path).fileName();
    QVERIFY2(name.startsWith("ok-") || name.startsWith("bad-"),
             "name every committed fuzz input ok-… (accepted) or bad-… (refused)");

    fuzz::Result r;
    try {
        r = fuzz::targets()[static_cast<std::size_t>(target)].body(std::string_view(bytes.constData(), bytes.size()));
    } catch (const fuzz::InvariantViolation& e) {
        QFAIL(qPrintable(QString("broken promise: ") + e.what()));
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QString("unexpected exception: ") + e.what()));
    }
    if (name.startsWith("ok-")) {
        QVERIFY2(r.outcome == fuzz::Outcome::Accepted, ("refused: " + r.message).c_str());
    } else {
        QVERIFY2(r.outcome == fuzz::Outcome::Rejected, "accepted an input documented as refused");
        QVERIFY(!r.message.empty());
    }
}

QTEST_GUILESS_MAIN(TstFuzzRegressions)
#include "tst_fuzz_regressions.moc"
