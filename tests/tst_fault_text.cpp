// The window's NaN doctor and scaler sentences (app/pages/fault_text) against the engine's English
// (engine/training/nonfinite.cpp): word for word in English for every op, tensor and kind of value, and
// translated (not English) once the Indonesian translation is loaded.
#include <QCoreApplication>
#include <QLocale>
#include <QTest>
#include <QTranslator>

#include <cmath>
#include <limits>

#include "app/language.h"
#include "app/pages/fault_text.h"
#include "engine/training/nonfinite.h"

using namespace presisi;

class TstFaultText : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void faultSentencesMatchTheEngine() {
        const double values[] = {76676.6, std::numeric_limits<double>::infinity(),
                                 std::numeric_limits<double>::quiet_NaN()};
        const FaultOp ops[] = {FaultOp::ForwardLinear, FaultOp::Activation, FaultOp::SoftmaxLoss,
                               FaultOp::BackwardProduct, FaultOp::Unscale, FaultOp::Optimizer};
        const TensorKind tensors[] = {TensorKind::Activation, TensorKind::ActivationGradient,
                                      TensorKind::WeightGradient};
        int checked = 0;
        for (FaultOp op : ops)
            for (TensorKind t : tensors)
                for (double v : values)
                    for (const char* format : {"f16", ""}) {
                        FirstNonFinite f;
                        f.step = 7;
                        f.layer = 2;
                        f.op = op;
                        f.tensor = t;
                        f.value = v;
                        f.formatMax = 65504;
                        f.format = format;
                        QCOMPARE(faultSentence(f), QString::fromStdString(describeNonFinite(f)));
                        ++checked;
                    }
        QCOMPARE(checked, 6 * 3 * 3 * 2);
    }

    void scalerWarningsMatchTheEngine() {
        StepRecord r;
        r.lane = 1;
        r.skipped = true;
        LaneWatch skips;
        std::optional<ScalerWarning> w;
        for (int i = 0; i <= kScalerSkipWarning && !w; ++i) {
            r.step = i;
            w = skips.scalerHealth(r, 1024.0f, "f16");
        }
        QVERIFY(w);
        QCOMPARE(w->why, ScalerWarning::Why::Skips);
        QCOMPARE(scalerWarningSentence(*w), QString::fromStdString(w->text));

        LaneWatch low;
        r.skipped = false;
        w = low.scalerHealth(r, 0.25f, "f16");
        QVERIFY(w);
        QCOMPARE(w->why, ScalerWarning::Why::ScaleBelowOne);
        QCOMPARE(scalerWarningSentence(*w), QString::fromStdString(w->text));
    }

    void indonesianIsNotEnglish() {
        QVERIFY(language::install("id", true));
        FirstNonFinite f;
        f.op = FaultOp::BackwardProduct;
        f.tensor = TensorKind::WeightGradient;
        f.value = 76676.6;
        f.formatMax = 65504;
        f.format = "f16";
        const QString id = faultSentence(f);
        QVERIFY2(id != QString::fromStdString(describeNonFinite(f)), qPrintable(id));
        QVERIFY2(id.contains("76.676,6") && id.contains("65.504"), qPrintable(id));  // Indonesian numbers
        QVERIFY2(id.contains("gradien bobot") && !id.contains("weight gradient"), qPrintable(id));
        QVERIFY(language::install("en", true));
    }
};

QTEST_MAIN(TstFaultText)
#include "tst_fault_text.moc"
