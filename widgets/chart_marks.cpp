// ChartMarks: the crosses, the cursor and the empty text over a LiveChart's plot.
#include "chart_marks.h"

#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>
#include <cmath>
#include <limits>

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

void ChartMarks::setLevel(double y, const QString& text) {
    m_levelY = y;
    if (!m_level) {
        m_level = new QGraphicsLineItem(chart());
        m_level->setZValue(30);
        m_levelText = new QGraphicsSimpleTextItem(chart());
        m_levelText->setZValue(30);
    }
    const QColor ink = chartsDark() ? QColor(0xCC, 0xCC, 0xCC) : QColor(0x55, 0x55, 0x55);
    m_level->setPen(QPen(ink, 1.2, Qt::DashLine));
    m_levelText->setBrush(ink);
    m_levelText->setFont(chart()->font());
    m_levelText->setText(text);
}

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
    if (m_level) {
        double y = m_levelY;
        if (scale == AxisScale::Log10) y = y > 0 ? std::log10(y) : std::numeric_limits<double>::quiet_NaN();
        else if (scale == AxisScale::Log2) y = y > 0 ? std::log2(y) : std::numeric_limits<double>::quiet_NaN();
        const double py = std::isfinite(y) && !series.empty() ? chart()->mapToPosition(QPointF(0, y), series.front()).y()
                                                              : std::numeric_limits<double>::quiet_NaN();
        const bool on = std::isfinite(py) && py >= plot.top() - 0.5 && py <= plot.bottom() + 0.5 && !empty;
        if (on) {
            m_level->setLine(plot.left(), py, plot.right(), py);
            const QRectF box = m_levelText->boundingRect();
            m_levelText->setPos(plot.right() - box.width() - 4, py - box.height() - 1);
        }
        m_level->setVisible(on);
        m_levelText->setVisible(on);
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
