// ChartMarks: the crosses, the cursor and the empty text over a LiveChart's plot.
#include "chart_marks.h"

#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>
#include <cmath>

#include "chart_style.h"

namespace presisi {

ChartMarks::~ChartMarks() = default;  // the items belong to the chart

QChart* ChartMarks::chart() const { return m_view->chart(); }

void ChartMarks::addCross(int lane, double x, double y, const QColor& fill) {
    Cross c{lane, x, y, new QGraphicsSimpleTextItem(QString::fromUtf8("\u2716"), chart())};
    c.item->setZValue(50);
    QFont f = chart()->titleFont();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    c.item->setFont(f);
    c.item->setBrush(fill);
    c.item->setPen(QPen(chartsDark() ? Qt::white : Qt::black, 0.6));
    m_crosses.push_back(c);
}

void ChartMarks::clearCrosses() {
    for (Cross& c : m_crosses) delete c.item;
    m_crosses.clear();
}

void ChartMarks::setCursor(double x) {
    m_cursorX = x;
    if (!m_cursor) {
        m_cursor = new QGraphicsLineItem(chart());
        m_cursor->setZValue(40);
        m_cursor->setPen(QPen(QColor(0xCC, 0x33, 0x33), 1.5));
    }
}

void ChartMarks::setEmptyText(const QString& text) { m_emptyText = text; }

void ChartMarks::place(const std::vector<QAbstractSeries*>& series, AxisScale scale, bool empty) {
    showCentredText(chart(), m_emptyItem, m_emptyText, !m_emptyText.isEmpty() && empty);
    const QRectF plot = chart()->plotArea();
    if (m_cursor) {
        const bool on = std::isfinite(m_cursorX) && !series.empty();
        if (on) {
            const double px = chart()->mapToPosition(QPointF(m_cursorX, 0), series.front()).x();
            m_cursor->setLine(px, plot.top(), px, plot.bottom());
        }
        m_cursor->setVisible(on);
    }
    for (Cross& c : m_crosses) {
        if (c.lane < 0 || c.lane >= static_cast<int>(series.size())) continue;
        double y = c.y;
        if (scale == AxisScale::Log10) y = y > 0 ? std::log10(y) : 0;
        else if (scale == AxisScale::Log2) y = y > 0 ? std::log2(y) : 0;
        const QPointF at = chart()->mapToPosition(QPointF(c.x, y), series[c.lane]);
        const QRectF box = c.item->boundingRect();
        c.item->setPos(at.x() - box.width() / 2, at.y() - box.height() / 2);
        c.item->setVisible(plot.adjusted(-2, -2, 2, 2).contains(at) && series[c.lane]->isVisible());
    }
}

}  // namespace presisi
