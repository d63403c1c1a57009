// Page: current-chart tracking shared by the pages, default export names and chart data, and an atomic
// text-file writer for exports.
#include "page.h"

#include <QAbstractScrollArea>
#include <QEvent>
#include <QGridLayout>
#include <algorithm>
#include <cmath>

#include "widgets/text_scale.h"

namespace presisi {

int flowChartGrid(QGridLayout* grid, const QList<QWidget*>& cells, int panel, int columns, const QWidget* page) {
    const int spacing = std::max(0, grid->horizontalSpacing());
    const int centre = page->width() - (panel > 0 ? panel + spacing : 0) - 8;
    const int legible = static_cast<int>(std::lround(kMinChartWidth * uiScale()));
    const int cols = centre >= 2 * legible + spacing ? 2 : 1;
    if (cols == columns) return cols;
    for (QWidget* c : cells)
        if (grid->indexOf(c) >= 0) grid->removeWidget(c);
    for (int r = 0; r < cells.size(); ++r) grid->setRowStretch(r, 0);
    for (int c = 0; c < 2; ++c) grid->setColumnStretch(c, 0);
    for (int i = 0; i < cells.size(); ++i) {
        if (cells[i]->parentWidget() && cells[i]->parentWidget() != page) continue;  // shown alone
        grid->addWidget(cells[i], i / cols, i % cols);
    }
    for (int r = 0; r < (cells.size() + cols - 1) / cols; ++r) grid->setRowStretch(r, 1);
    for (int c = 0; c < cols; ++c) grid->setColumnStretch(c, 1);
    return cols;
}

QWidget* Page::currentChart() const {
    const QList<QWidget*> all = charts();
    if (m_current && all.contains(m_current)) return m_current;
    return all.isEmpty() ? nullptr : all.front();
}

void Page::trackCharts() {
    for (QWidget* c : charts()) {
        c->installEventFilter(this);
        for (QObject* child : c->children())
            if (child->isWidgetType()) child->installEventFilter(this);
    }
}

bool Page::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonPress) {
        for (QWidget* c : charts())
            if (watched == c || watched->parent() == c) m_current = c;
    }
    if (event->type() == QEvent::MouseButtonDblClick) {
        for (QWidget* c : charts()) {
            // A chart view's double-click arrives at its viewport, then (ignored there) at the view:
            // answer it once, where it lands first.
            auto* area = qobject_cast<QAbstractScrollArea*>(c);
            if (watched == (area ? area->viewport() : c)) {
                m_current = c;
                emit chartDoubleClicked(c);
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

QString Page::exportName(QWidget* chart) const {
    const QString page = fileSlug(title());
    if (!chart) return page.isEmpty() ? QStringLiteral("presisi") : page;
    const QString name = fileSlug(chartTitleOf(chart));
    return name.isEmpty() ? page + "-chart" : page + "-" + name;
}

ChartData Page::chartData(QWidget* chart) const { return chart ? chartDataOf(chart) : ChartData{}; }

bool Page::exportChartData(QWidget* chart, const QString& path) const { return writeChartData(chartData(chart), path); }

bool Page::writeChartData(const ChartData& data, const QString& path) {
    if (data.empty()) return false;
    return writeFileWhole(path, path.endsWith(".json", Qt::CaseInsensitive) ? chartDataJson(data) : chartDataCsv(data));
}

}  // namespace presisi
