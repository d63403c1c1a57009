// ChartAlone: the chart's move into the host page and back, by the kind of layout it came from (grid,
// box or stacked), and its text scaled for the back row and back.
#include "chart_alone.h"

#include <QChartView>
#include <QGridLayout>
#include <QStackedLayout>
#include <QVBoxLayout>

#include "widgets/text_scale.h"

namespace presisi {

namespace {

// The layout under `root` (root included, nested layouts searched) that holds `widget` directly.
QLayout* layoutHolding(QLayout* root, QWidget* widget) {
    if (!root) return nullptr;
    if (root->indexOf(widget) >= 0) return root;
    for (int i = 0; i < root->count(); ++i)
        if (QLayout* found = layoutHolding(root->itemAt(i)->layout(), widget)) return found;
    return nullptr;
}

// Every chart's text in `w` (a chart view, or a widget holding some) at `factor` times its base size
// (0: the window's text scale).
void scaleChartsText(QWidget* w, double factor) {
    QList<QChartView*> views = w->findChildren<QChartView*>();
    if (auto* self = qobject_cast<QChartView*>(w)) views.prepend(self);
    for (QChartView* view : views) applyTextFactor(view->chart(), factor);
}

}  // namespace

ChartAlone::ChartAlone(QObject* parent) : QObject(parent) {
    m_host = new QWidget();
    auto* layout = new QVBoxLayout(m_host);
    layout->setContentsMargins(4, 4, 4, 4);
}

bool ChartAlone::take(QWidget* chart) {
    giveBack();
    if (!chart || !chart->parentWidget()) return false;
    QLayout* layout = layoutHolding(chart->parentWidget()->layout(), chart);
    if (!layout) return false;
    Place place;
    place.layout = layout;
    place.index = layout->indexOf(chart);
    if (auto* grid = qobject_cast<QGridLayout*>(layout)) {
        grid->getItemPosition(place.index, &place.row, &place.column, &place.rowSpan, &place.columnSpan);
    } else if (auto* box = qobject_cast<QBoxLayout*>(layout)) {
        place.stretch = box->stretch(place.index);
    } else if (auto* stacked = qobject_cast<QStackedLayout*>(layout)) {
        place.current = stacked->currentWidget() == chart;
    } else {
        return false;  // a layout it could not be put back into
    }
    m_place = place;
    layout->removeWidget(chart);
    m_host->layout()->addWidget(chart);
    chart->show();
    m_chart = chart;
    // Text for the back row: larger than the window's.
    scaleChartsText(chart, uiScale() * kTextFactor);
    return true;
}

bool ChartAlone::giveBack() {
    QWidget* chart = m_chart;
    if (!chart) return false;
    m_chart = nullptr;
    m_host->layout()->removeWidget(chart);
    const Place& place = m_place;
    if (auto* grid = qobject_cast<QGridLayout*>(place.layout)) {
        grid->addWidget(chart, place.row, place.column, place.rowSpan, place.columnSpan);
    } else if (auto* box = qobject_cast<QBoxLayout*>(place.layout)) {
        box->insertWidget(place.index, chart, place.stretch);
    } else if (auto* stacked = qobject_cast<QStackedLayout*>(place.layout)) {
        stacked->insertWidget(place.index, chart);
        if (place.current) stacked->setCurrentWidget(chart);
    }
    chart->show();
    scaleChartsText(chart, 0);  // the window's text scale again
    m_place = {};
    return true;
}

}  // namespace presisi
