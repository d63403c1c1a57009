// StackedBarChart: one QBarSet per part over one category per lane, the value axis in a readable unit.
#include "stacked_bar_chart.h"
#include "locale_number.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QTimer>
#include <QToolTip>
#include <QValueAxis>
#include <QtMath>
#include <algorithm>
#include <cmath>

#include "live_chart.h"

namespace presisi {

namespace {

// Okabe-Ito hues (sky blue, vermillion, yellow, reddish purple, bluish green) and a grey: parts are
// told apart by colour here, and the legend and hover readout name each.
const QList<QColor> kPartColors = {QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00), QColor(0xF0, 0xE4, 0x42),
                                   QColor(0xCC, 0x79, 0xA7), QColor(0x00, 0x9E, 0x73), QColor(0x99, 0x99, 0x99)};

QString threeDigits(double v) {
    if (v == 0) return "0";
    // The window's locale (2,50 MiB in Indonesian), without group separators (1024 stays 1024).
    if (std::abs(v) >= 100) return ungroupedNumber(v, 'f', 0);
    if (std::abs(v) >= 10) return ungroupedNumber(v, 'f', 1);
    return ungroupedNumber(v, 'f', 2);
}

}  // namespace

QString readableBytes(double bytes) {
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    double v = bytes;
    while (std::abs(v) >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    return u == 0 ? QString("%1 B").arg(std::llround(v)) : QString("%1 %2").arg(threeDigits(v), units[u]);
}

QString readableSeconds(double seconds) {
    const double a = std::abs(seconds);
    if (a >= 1) return threeDigits(seconds) + " s";
    if (a >= 1e-3) return threeDigits(seconds * 1e3) + " ms";
    return threeDigits(seconds * 1e6) + " µs";
}

StackedBarChart::StackedBarChart(const QString& title, const QString& valueTitle, BarUnit unit, QWidget* parent)
    : QChartView(parent), m_valueTitle(valueTitle), m_unit(unit) {
    installStyledChart(this, title);
    m_leastHeight = minimumHeight();  // the styled chart's; more where the bars' labels need it
    rebuild();
    connect(chart(), &QChart::plotAreaChanged, this, [this] {
        showCentredText(chart(), m_emptyItem, m_emptyText, m_labels.isEmpty() && !m_emptyText.isEmpty());
        // A new font (text size) changes what the labels need: fit them again, after this layout pass.
        queueFit();
    });
}

void StackedBarChart::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    fitCategories();
}

void StackedBarChart::setLeastHeight(int px) {
    m_leastHeight = px;
    applyLeastHeight();
}

void StackedBarChart::applyLeastHeight() {
    // A minimum height, not a size hint: QChartView raises its minimum size to its chart's by itself.
    const int want = std::max(m_leastHeight, m_labels.isEmpty() ? 0 : m_barsHeight);
    if (minimumHeight() != want) setMinimumHeight(want);
}

void StackedBarChart::showEvent(QShowEvent* event) {
    QChartView::showEvent(event);
    queueFit();  // axes replaced while hidden are laid out again once shown
}

void StackedBarChart::setParts(const QStringList& names, const QList<QColor>& colors) {
    m_parts = names;
    m_colors = colors;
    m_labels.clear();
    m_values.clear();
    rebuild();
}

void StackedBarChart::setBars(const QStringList& labels, const QList<QList<double>>& values) {
    m_labels = labels;
    m_values = values;
    rebuild();
}

void StackedBarChart::clearBars() { setBars({}, {}); }

void StackedBarChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    rebuild();
}

double StackedBarChart::total(int bar) const {
    double t = 0;
    for (double v : m_values.value(bar)) t += v;
    return t;
}

void StackedBarChart::restyle() {
    // Only the borders: replacing the axes of a shown chart would lay its category labels out elided.
    if (m_series)
        for (QBarSet* set : m_series->barSets()) set->setBorderColor(chartsDark() ? QColor(0x22, 0x22, 0x22) : Qt::white);
    applyChartColours(chart());
    if (m_emptyItem) m_emptyItem->setBrush(chart()->titleBrush());
}

QString StackedBarChart::format(double v) const {
    return m_unit == BarUnit::Bytes ? readableBytes(v) : readableSeconds(v);
}

QString StackedBarChart::categoryText(int bar) const { return m_labels.value(bar) + " · " + format(total(bar)); }

QStringList StackedBarChart::categoriesFor(bool withDevice, bool withTotal) const {
    // The device prefix ("cpu:") only when every bar names the same one.
    const qsizetype colon = m_labels.value(0).indexOf(':');
    bool shared = colon > 0;
    for (const QString& l : m_labels) shared = shared && l.left(colon + 1) == m_labels.value(0).left(colon + 1);
    QStringList out;
    for (int b = 0; b < m_labels.size(); ++b) {
        const QString lane = !withDevice && shared ? m_labels[b].mid(colon + 1) : m_labels[b];
        out << (withTotal ? lane + " · " + format(total(b)) : lane);
    }
    return out;
}

void StackedBarChart::fitCategories() {
    m_fitQueued = false;
    if (!m_cats || m_labels.isEmpty()) return;
    QChart* c = chart();
    const qreal width = c->size().width();
    if (width <= 0) return;
    // Qt Charts gives the left axes at most 40% of the width left beside a legend on the right, and elides
    // a label longer than that; the axis needs its widest label, the label padding and the ticks.
    qreal inside = width - c->margins().left() - c->margins().right();
    QLegend* legend = c->legend();
    if (legend->isVisible() && legend->alignment() == Qt::AlignRight) {
        const QFontMetricsF lf(legend->font());
        qreal widest = 0;
        for (const QLegendMarker* m : legend->markers()) widest = std::max(widest, lf.horizontalAdvance(m->label()));
        inside -= std::max(legend->size().width(), widest + lf.height() + 24);
    }
    const qreal room = 0.4 * inside;
    const QFontMetricsF fm(m_cats->labelsFont());
    auto needs = [&fm](const QStringList& labels) {
        qreal widest = 0;
        for (const QString& l : labels) widest = std::max(widest, fm.horizontalAdvance(l));
        return widest + 24;  // the label padding and the text item's margins, in pixels whatever the font
    };
    // Whole labels first; then without the shared device, then without the totals; the barest otherwise.
    QStringList shown;
    for (const auto& [device, totals] : {std::pair{true, true}, {false, true}, {false, false}}) {
        shown = categoriesFor(device, totals);
        if (needs(shown) <= room) break;
    }
    // Height: Qt Charts shows a category label only where its band (the plot's height over the bars, less a
    // 4 px padding each side) holds a line of it, "…" otherwise; ask the layout for that much (2 px spare).
    const qreal overhead = c->plotArea().height() > 0 ? height() - c->plotArea().height() : 4 * fm.height() + 40;
    const int need = qCeil(m_labels.size() * (fm.height() + 10) + overhead);
    m_barsHeight = need;
    applyLeastHeight();
    if (shown != m_shown) {
        m_shown = shown;
        QStringList cats;  // bottom-up in Qt: the first bar is the last category
        for (auto it = shown.crbegin(); it != shown.crend(); ++it) cats << *it;
        m_cats->setCategories(cats);
        m_relayout = true;
    }
    // An axis added or relabelled on a shown chart keeps the width its first (empty) labels asked for
    // until the chart is laid out again: lay it out now.
    if (m_relayout && c->layout() && isVisible()) {
        m_relayout = false;
        c->layout()->invalidate();
        c->layout()->activate();
    }
}

QString StackedBarChart::readout(int bar, int part) const {
    const double v = value(bar, part), t = total(bar);
    return tr("%1 · %2 %3 (%4% of %5)")
        .arg(m_labels.value(bar), m_parts.value(part), format(v))
        .arg(t > 0 ? QLocale().toString(100.0 * v / t, 'f', 0) : QString("0"), format(t));
}

void StackedBarChart::rebuild() {
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* a : c->axes()) {
        c->removeAxis(a);
        delete a;
    }
    double largest = 0;
    for (int b = 0; b < m_labels.size(); ++b) largest = std::max(largest, total(b));
    // The axis unit: the largest whose one unit the largest bar reaches.
    if (m_unit == BarUnit::Bytes) {
        static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        while (u < 4 && largest >= std::pow(1024.0, u + 1)) ++u;
        m_unitSize = std::pow(1024.0, u);
        m_unitName = units[u];
    } else {
        m_unitSize = largest >= 1 ? 1 : (largest >= 1e-3 ? 1e-3 : 1e-6);
        m_unitName = largest >= 1 ? "s" : (largest >= 1e-3 ? "ms" : "µs");
    }

    m_series = new QHorizontalStackedBarSeries();
    m_series->setBarWidth(0.6);
    const int n = m_labels.size();
    for (int p = 0; p < m_parts.size(); ++p) {
        auto* set = new QBarSet(m_parts[p]);
        const QColor color = m_colors.value(p, kPartColors.value(p % kPartColors.size()));
        set->setColor(color);
        set->setBorderColor(chartsDark() ? QColor(0x22, 0x22, 0x22) : Qt::white);
        // Categories run bottom-up in Qt: the first bar is the last category, so it sits at the top.
        for (int b = n - 1; b >= 0; --b) *set << value(b, p) / m_unitSize;
        connect(set, &QBarSet::hovered, this, [this, p, n](bool on, int index) {
            if (on) QToolTip::showText(QCursor::pos(), readout(n - 1 - index, p), this);
            else QToolTip::hideText();
        });
        m_series->append(set);
    }
    c->addSeries(m_series);
    m_cats = new QBarCategoryAxis();
    m_shown = categoriesFor(true, true);
    QStringList cats;
    for (int b = n - 1; b >= 0; --b) cats << m_shown.value(b);
    m_cats->append(cats);
    styleAxis(m_cats, QString());
    c->addAxis(m_cats, Qt::AlignLeft);
    m_series->attachAxis(m_cats);
    m_axis = new QValueAxis();
    m_axis->setLabelFormat("%.3g");
    styleAxis(m_axis, QString("%1 (%2)").arg(m_valueTitle, m_unitName));
    c->addAxis(m_axis, Qt::AlignBottom);
    m_series->attachAxis(m_axis);
    setNiceRange(m_axis, 0, largest > 0 ? largest / m_unitSize * 1.05 : 1, 5, false);
    c->legend()->setVisible(!m_parts.isEmpty());
    applyChartColours(c);
    showCentredText(c, m_emptyItem, m_emptyText, n == 0 && !m_emptyText.isEmpty());
    // Fitted after the chart has laid the new axes out once (their labels exist from then on).
    m_relayout = true;
    applyLeastHeight();
    queueFit();
}

void StackedBarChart::queueFit() {
    if (m_fitQueued) return;
    m_fitQueued = true;
    QTimer::singleShot(0, this, &StackedBarChart::fitCategories);
}

}  // namespace presisi
