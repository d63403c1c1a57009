// faultSentence and scalerWarningSentence: engine/training/nonfinite.cpp's sentences through Qt's
// translation system, whole sentences per case so that a translation can reorder the parts; doctorNumber for
// the doctor panel's table and verdicts.
#include "fault_text.h"

#include <QCoreApplication>

#include <cmath>

#include "engine/training/nonfinite.h"
#include "widgets/locale_number.h"

namespace presisi {

// The translation context of these sentences ("presisi::FaultText").
class FaultText {
    Q_DECLARE_TR_FUNCTIONS(FaultText)
};

namespace {


// Six significant digits, as the engine's "%.6g".
QString num(double v) { return localeNumber(v, 'g', 6); }

QString happened(const FirstNonFinite& f) {
    if (std::isnan(f.value)) return FaultText::tr("became NaN");
    if (std::isinf(f.value)) return FaultText::tr("became inf");
    return FaultText::tr("overflowed: %1 > %2").arg(num(std::fabs(f.value)), num(f.formatMax));
}

QString tensorWords(TensorKind t) {
    switch (t) {
    case TensorKind::Activation: return FaultText::tr("activation");
    case TensorKind::ActivationGradient: return FaultText::tr("activation gradient");
    case TensorKind::WeightGradient: return FaultText::tr("weight gradient");
    }
    return FaultText::tr("value");
}

}  // namespace

QString faultSentence(const FirstNonFinite& f) {
    const QString layer = QString::number(f.layer + 1);
    const QString step = QString::number(f.step);
    const QString fmt = f.format.empty() ? FaultText::tr("lane") : QString::fromStdString(f.format);
    switch (f.op) {
    case FaultOp::ForwardLinear:
        return FaultText::tr("%1 %2 %3 in layer %4, forward, step %5").arg(fmt, tensorWords(f.tensor), happened(f), layer, step);
    case FaultOp::Activation:
        if (f.tensor == TensorKind::Activation)
            return FaultText::tr("%1 activation function output %2 in layer %3, forward, step %4").arg(fmt, happened(f), layer, step);
        return FaultText::tr("%1 activation gradient %2 in layer %3's activation backward, step %4").arg(fmt, happened(f), layer, step);
    case FaultOp::SoftmaxLoss:
        if (f.tensor == TensorKind::Activation)
            return FaultText::tr("%1 loss %2 in softmax/loss, forward, step %3").arg(fmt, happened(f), step);
        return FaultText::tr("%1 loss gradient %2 in softmax/loss, forward, step %3").arg(fmt, happened(f), step);
    case FaultOp::BackwardProduct:
        return FaultText::tr("%1 %2 %3 in layer %4, backward, step %5").arg(fmt, tensorWords(f.tensor), happened(f), layer, step);
    case FaultOp::Norm:
        if (f.tensor == TensorKind::Activation && std::isfinite(f.value) && f.value <= 0)
            return FaultText::tr("%1 normalisation variance + eps came out %2 (not positive) in layer %3, forward, step %4: "
                                 "its rsqrt is NaN")
                .arg(fmt, num(f.value), layer, step);
        if (f.tensor == TensorKind::Activation)
            return FaultText::tr("%1 normalisation output %2 in layer %3, forward, step %4").arg(fmt, happened(f), layer, step);
        return FaultText::tr("%1 normalisation gradient %2 in layer %3's normalisation backward, step %4").arg(fmt, happened(f), layer, step);
    case FaultOp::Unscale:
        return FaultText::tr("unscaling %1: a gradient times 1/scale left float32's range in layer %2, step %3")
            .arg(happened(f), layer, step);
    case FaultOp::Optimizer:
        return FaultText::tr("the optimizer step wrote %1 into layer %2's weights from finite gradients, step %3")
            .arg(std::isnan(f.value) ? QStringLiteral("NaN") : QStringLiteral("inf"), layer, step);
    }
    return FaultText::tr("non-finite value in layer %1, step %2").arg(layer, step);
}

QString scalerWarningSentence(const ScalerWarning& w) {
    const QString format = QString::fromStdString(w.format);
    switch (w.why) {
    case ScalerWarning::Why::ScaleBelowOne:
        return FaultText::tr("the loss scale fell to %1 (below 1): even unscaled, the gradients overflow %2; bf16 has "
                             "the range for them")
            .arg(num(w.scale), format);
    case ScalerWarning::Why::Skips:
        return FaultText::tr("the scaler skipped %1 steps in a row: the gradients overflow %2 at every scale tried so "
                             "far; bf16 has the range for them")
            .arg(w.skips)
            .arg(format);
    case ScalerWarning::Why::Recovered:
        return FaultText::tr("since step %1 the scaler trains again: %2 steps without a skip at scale %3")
            .arg(w.since)
            .arg(kScalerRecoveredSteps)
            .arg(num(w.scale));
    }
    return {};
}

QString doctorNumber(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return displayNumber(v, 3);
}

}  // namespace presisi
