// The widget walk of the tooltip suites (tst_tooltips_a, tst_tooltips_b): which widgets a person reads or
// sets, and how a failure names one.
#pragma once

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QList>
#include <QProgressBar>
#include <QSlider>
#include <QString>
#include <QTableWidget>
#include <QWidget>

#include "widgets/format_views.h"
#include "widgets/range_chart.h"
#include "widgets/seed_chart.h"

namespace presisi::testing {

// A name a person can find the widget by: its class, and its text where it has one.
inline QString describe(const QWidget* w) {
    QString text;
    if (auto* b = qobject_cast<const QAbstractButton*>(w)) text = b->text();
    else if (auto* l = qobject_cast<const QLabel*>(w)) text = l->text().left(60);
    else if (auto* c = qobject_cast<const QComboBox*>(w)) text = c->currentText();
    return QString("%1 \"%2\" in %3").arg(w->metaObject()->className(), text,
                                         w->parentWidget() ? w->parentWidget()->metaObject()->className() : "-");
}

// Fields, checkboxes, combos, sliders, progress bars, tables and charts under `page`.
inline QList<QWidget*> readable(QWidget* page) {
    QList<QWidget*> out;
    for (QWidget* w : page->findChildren<QWidget*>()) {
        const bool field = qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QLineEdit*>(w) ||
                           qobject_cast<QComboBox*>(w) || qobject_cast<QCheckBox*>(w) ||
                           qobject_cast<QProgressBar*>(w) || qobject_cast<QSlider*>(w) ||
                           qobject_cast<QTableWidget*>(w);
        const bool chart = qobject_cast<QChartView*>(w) || qobject_cast<SeedChart*>(w) ||
                           qobject_cast<BitsView*>(w) || qobject_cast<RangeView*>(w) ||
                           qobject_cast<RangeChart*>(w);
        // A QLineEdit inside a spin box or an editable combo is part of that field (which has the tip).
        const bool part = qobject_cast<QLineEdit*>(w) && (qobject_cast<QAbstractSpinBox*>(w->parentWidget()) ||
                                                          qobject_cast<QComboBox*>(w->parentWidget()));
        if ((field || chart) && !part) out << w;
    }
    return out;
}

}  // namespace presisi::testing
