// StepAxes: a LiveChart's step and value axes, built for a scale, fitted, or set to a view.
#include "step_axes.h"

#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "chart_style.h"

namespace presisi {

QChart* StepAxes::chart() const { return m_view->chart(); }

void StepAxes::rebuild(const QString& xTitle, const QString& yTitle, AxisScale scale) {
    m_scale = scale;
    QChart* c = chart();
    for (QAbstractAxis* a : c->axes()) {
        c->removeAxis(a);
        delete a;
    }
    m_x = new QValueAxis();
    m_x->setLabelFormat("%.6g");  // "%g" (no precision) shows no labels when the chart localizes numbers
    styleAxis(m_x, xTitle);
    c->addAxis(m_x, Qt::AlignBottom);
    // Log axes are drawn as log2(y) or log10(y) on a linear axis with whole-number ticks labelled
    // 2^n or 1e-n: Qt's log axis elides its labels and cannot label powers of two as such.
    m_y = new QValueAxis();
    m_y->setLabelFormat(scale == AxisScale::Log2 ? "2^%.0f" : (scale == AxisScale::Log10 ? "1e%.0f" : "%.3g"));
    styleAxis(m_y, scale == AxisScale::Linear ? yTitle
                                              : (scale == AxisScale::Log2 ? tr("%1  (log2 axis)") : tr("%1  (log axis)")).arg(yTitle));
    c->addAxis(m_y, Qt::AlignLeft);
    applyChartColours(c);
}

bool StepAxes::plotResized() {
    // A plot narrower, wider, shorter or taller than the ticks were counted for: count them again.
    const QRectF plot = chart()->plotArea();
    if (std::abs(plot.width() - m_ticksForWidth) <= 8 && std::abs(plot.height() - m_ticksForHeight) <= 8) return false;
    m_ticksForWidth = plot.width();
    m_ticksForHeight = plot.height();
    return true;
}

void StepAxes::fit(double x0, double x1, double y0, double y1) {
    if (std::isfinite(x0) && std::isfinite(m_xAtLeast)) x1 = std::max(x1, m_xAtLeast);
    if (!std::isfinite(x0)) {
        // Empty: whole ticks on the step axis and on log axes (whose labels are whole exponents).
        setNiceRange(m_x, 0, 1, 5, true);
        setNiceRange(m_y, 0, 1, valueTicks(), log());
        return;
    }
    setNiceRange(m_x, x0, std::max(x1, x0 + 1), stepTicks(x0, std::max(x1, x0 + 1)), true);
    fitY(y0, y1);
}

void StepAxes::fitY(double y0, double y1) {
    if (m_scale == AxisScale::Log10) {
        const double lo = std::floor(std::log10(y0)), hi = std::max(lo + 1, std::ceil(std::log10(y1)));
        setNiceRange(m_y, lo, hi, valueTicks(), true);
    } else if (m_scale == AxisScale::Log2) {
        const double lo = std::floor(std::log2(y0)) - 1, hi = std::ceil(std::log2(y1)) + 1;
        setNiceRange(m_y, lo, hi, valueTicks(), true);
    } else {
        // A flat line gets a span of its own size (5 % each way), and a flat line at zero (no underflow
        // yet, a run of one step) the span 0..1: a span of 1e-12 wrote ticks of 2e-13 that no axis fits.
        double pad = (y1 - y0) * 0.05;
        if (pad <= 0) pad = y0 == 0 ? 1.0 : std::abs(y0) * 0.05;
        const double lo = y0 >= 0 && y0 - pad < 0 ? 0.0 : y0 - pad;
        // A quantity with a ceiling (a percentage) never gets an axis beyond it.
        const double hi = y1 <= m_ceiling ? std::min(y1 + pad, m_ceiling) : y1 + pad;
        setNiceRange(m_y, lo, hi, valueTicks(), false);
    }
}

void StepAxes::setView(double x0, double x1, double y0, double y1) {
    // The view exactly as asked for, not widened to whole ticks (a wheel notch into 0..400 came back as
    // 0..400), its interval chosen for its own span: a zoomed-out axis never keeps a zoomed-in interval.
    setExactRange(m_x, x0, x1, stepTicks(x0, x1), true);
    setExactRange(m_y, y0, y1, valueTicks(), log());
}

int StepAxes::stepTicks(double x0, double x1) const {
    // As many step ticks as their labels fit side by side in the plot (a 100,000-step run in a narrow
    // chart elided "20000" to "2…"), five at most: the widest label and two characters between labels.
    const QFontMetricsF fm(m_x->labelsFont());
    const double widest = fm.horizontalAdvance(QString::number(qRound64(std::max(std::abs(x0), std::abs(x1))))) +
                          2 * fm.averageCharWidth();
    const double width = chart()->plotArea().width() > 0 ? chart()->plotArea().width() : 0.7 * m_view->width();
    return std::clamp(static_cast<int>(width / widest), 2, 5);
}

int StepAxes::valueTicks() const {
    // As many value ticks as leave two lines of text between labels (a legend below the plot left a
    // 1024x768 chart 74 px high, where six labels were each elided to "..."), five at most.
    const double line = QFontMetricsF(m_y->labelsFont()).height();
    const double height = chart()->plotArea().height() > 0 ? chart()->plotArea().height() : 0.6 * m_view->height();
    return std::clamp(static_cast<int>(height / (2 * line)), 1, 5);
}

}  // namespace presisi
