// Text scale: base point sizes kept as dynamic properties on the objects that own the fonts.
#include "text_scale.h"
#include "chart_legend.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QFont>
#include <QLegend>
#include <QStyle>
#include <QVariant>
#include <QWidget>
#include <algorithm>
#include <cmath>

namespace presisi {

namespace {

double g_scale = 1.0;
double g_appBase = 0;  // the application font's size before any scaling

// The base size of the font `role` of `owner`: remembered on first sight.
double basePoints(QObject* owner, const char* role, double current) {
    const QByteArray key = QByteArray("presisiBasePt_") + role;
    const QVariant v = owner->property(key.constData());
    if (v.isValid()) return v.toDouble();
    // Fonts are built at their base size (10 pt labels, 16 pt tile values); setScaledPointSize
    // records the base of those built already scaled.
    owner->setProperty(key.constData(), current);
    return current;
}

}  // namespace

double uiScale() { return g_scale; }

void setUiScale(double scale) {
    if (g_appBase <= 0) g_appBase = QApplication::font().pointSizeF();
    // NaN passes std::clamp unchanged (every comparison with it is false), and a NaN point size
    // makes every text vanish: anything not finite is the normal size.
    g_scale = std::isfinite(scale) ? std::clamp(scale, kMinUiScale, kMaxUiScale) : 1.0;
    QFont f = QApplication::font();
    f.setPointSizeF(g_appBase * g_scale);
    QApplication::setFont(f);
}

void setScaledPointSize(QObject* owner, const char* role, QFont& font, double points) {
    owner->setProperty((QByteArray("presisiBasePt_") + role).constData(), points);
    font.setPointSizeF(points * g_scale);
}

namespace {

void scaleChartFonts(QChart* chart, double factor) {
    auto scaleFont = [factor](QObject* owner, const char* role, QFont f) {
        if (f.pointSizeF() <= 0) return f;
        f.setPointSizeF(basePoints(owner, role, f.pointSizeF()) * factor);
        return f;
    };
    chart->setTitleFont(scaleFont(chart, "title", chart->titleFont()));
    chart->legend()->setFont(scaleFont(chart->legend(), "legend", chart->legend()->font()));
    for (QAbstractAxis* a : chart->axes()) {
        a->setLabelsFont(scaleFont(a, "labels", a->labelsFont()));
        a->setTitleFont(scaleFont(a, "title", a->titleFont()));
    }
    fitLegend(chart);  // larger entries may no longer fit under the plot
}

constexpr const char* kOwnFactor = "presisiTextFactor";  // a chart's own factor (applyTextFactor)

}  // namespace

void applyUiScale(QChart* chart) {
    const QVariant own = chart->property(kOwnFactor);
    scaleChartFonts(chart, own.isValid() ? own.toDouble() : g_scale);
}

void applyTextFactor(QChart* chart, double factor) {
    chart->setProperty(kOwnFactor, std::isfinite(factor) && factor > 0 ? QVariant(factor) : QVariant());
    applyUiScale(chart);
}

void applyUiScale(QWidget* root) {
    QList<QWidget*> all = root->findChildren<QWidget*>();
    all.prepend(root);
    for (QWidget* w : all) {
        if (auto* view = qobject_cast<QChartView*>(w)) applyUiScale(view->chart());
        if (!w->styleSheet().isEmpty() && !w->testAttribute(Qt::WA_SetFont)) {
            // A widget styled by its own sheet keeps the font the sheet resolved when it was polished
            // (the failure banner stayed at 9 pt in 13.5 pt text): polished again, it takes the new one.
            w->style()->unpolish(w);
            w->style()->polish(w);
            continue;
        }
        if (!w->testAttribute(Qt::WA_SetFont) || w->isWindow()) continue;
        QFont f = w->font();
        if (f.pointSizeF() <= 0) continue;
        f.setPointSizeF(basePoints(w, "font", f.pointSizeF()) * g_scale);
        w->setFont(f);
    }
}

}  // namespace presisi
