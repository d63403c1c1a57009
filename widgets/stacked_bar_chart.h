// A horizontal stacked bar per lane, split into named parts (memory: weights, master weights, gradients,
// activations, optimizer state; a step's time: data, transfer, forward, backward, optimizer), with values
// in readable units (B/KiB/MiB/GiB, or µs/ms/s) chosen from the largest bar.
#pragma once

#include <QChartView>
#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>

class QBarCategoryAxis;
class QBarSet;
class QGraphicsSimpleTextItem;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace presisi {

enum class BarUnit { Bytes, Seconds };

class StackedBarChart : public QChartView {
    Q_OBJECT
public:
    StackedBarChart(const QString& title, const QString& valueTitle, BarUnit unit, QWidget* parent = nullptr);

    // The parts every bar is split into, in stacking order (left to right), with a colour each
    // (empty: the chart's palette, distinct from the lane colours).
    void setParts(const QStringList& names, const QList<QColor>& colors = {});
    QStringList parts() const { return m_parts; }
    // One bar per label; values[bar][part] in bytes or seconds. The first bar is drawn at the top.
    void setBars(const QStringList& labels, const QList<QList<double>>& values);
    void clearBars();
    int barCount() const { return m_labels.size(); }
    QString barLabel(int bar) const { return m_labels.value(bar); }
    double total(int bar) const;
    double value(int bar, int part) const { return m_values.value(bar).value(part); }
    // "cpu:bf16 · 1.2 MiB": a bar's category label (its total in the chart's unit).
    QString categoryText(int bar) const;
    // The category labels as the axis shows them now, first bar first: categoryText while they fit the
    // room Qt Charts gives a left axis (40% of the chart's width beside the legend); narrower, the device
    // every bar shares is dropped ("bf16 · 1.2 MiB": the page names the device), then the totals too (the
    // value axis and the hover readout keep them). Qt Charts elides instead of shortening.
    QStringList shownCategories() const { return m_shown; }
    // What the hover readout says for a part of a bar: "cpu:bf16 · activations 1.2 MiB (34% of 3.5 MiB)".
    QString readout(int bar, int part) const;
    void setEmptyText(const QString& text);
    // The bars' borders in the chart colours now set (after a theme change; axes follow applyChartColours).
    void restyle();
    // The least height the page gives the chart; its minimum height grows beyond it until every bar's
    // label has a line (set a minimum width only, not a minimum size).
    void setLeastHeight(int px);
    // The unit of the value axis for the current bars ("MiB", "ms").
    QString unitName() const { return m_unitName; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    // Picks the category labels that fit the chart's present width and font (see shownCategories).
    void fitCategories();
    void queueFit();
    void applyLeastHeight();
    QStringList categoriesFor(bool withDevice, bool withTotal) const;
    QString format(double v) const;  // a value in the unit chosen for the axis

    QString m_valueTitle, m_emptyText, m_unitName;
    BarUnit m_unit;
    double m_unitSize = 1;  // bytes or seconds per axis unit
    QStringList m_parts, m_labels, m_shown;
    QList<QColor> m_colors;
    QList<QList<double>> m_values;
    QHorizontalStackedBarSeries* m_series = nullptr;
    QBarCategoryAxis* m_cats = nullptr;
    QValueAxis* m_axis = nullptr;
    QGraphicsSimpleTextItem* m_emptyItem = nullptr;
    bool m_fitQueued = false;
    int m_leastHeight = 0, m_barsHeight = 0;  // px: the page's floor, and what the bars' labels need
    bool m_relayout = false;  // the axes changed since the chart was last laid out by fitCategories
};

// "512 B", "3.0 MiB", "1.25 GiB" (binary units, three significant digits).
QString readableBytes(double bytes);
// "850 µs", "12.3 ms", "1.50 s".
QString readableSeconds(double seconds);

}  // namespace presisi
