// fitLegend: one row of entries under the plot, measured in the legend's font, or a column beside it.
#include "chart_legend.h"

#include <algorithm>
#include <QAbstractAxis>
#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QResizeEvent>
#include <QVariant>

namespace presisi {

namespace {

constexpr const char* kLegendMoved = "presisiLegendMoved";  // fitLegend put it beside the plot
constexpr const char* kFitted = "presisiLegendFitter";      // the view has its LegendFitter
constexpr const char* kFullTitle = "presisiFullTitle";      // an axis title as its chart set it
constexpr const char* kShownTitle = "presisiShownTitle";    // and as fitAxisTitles shows it
constexpr const char* kFullChartTitle = "presisiFullChartTitle";    // the chart's title as set
constexpr const char* kShownChartTitle = "presisiShownChartTitle";  // and as fitChartTitle shows it

class LegendFitter : public QObject {
public:
    explicit LegendFitter(QChartView* view) : QObject(view), m_view(view) {
        view->installEventFilter(this);
        // Axis titles follow the plot's size: a title longer than its axis is shortened, never elided.
        // Queued: a title changed inside the chart's layout pass would leave that pass's axis sizes stale.
        connect(view->chart(), &QChart::plotAreaChanged, this, [this] {
            // Fitting changes the layout, which changes the plot: fit again while the chart's size or its
            // texts (as the chart set them) are new, at most three times for the same ones, so that two
            // layouts that each call for the other (a title in two lines, an axis title dropped) settle.
            QChart* chart = m_view->chart();
            QString texts = fullTitle(chart);
            // A text set again since the last fit (the same words, unbroken: a new run retitles its charts)
            // is new for the bound too: left unfitted, it was elided ("... dilewati ditand...").
            // (A rich-text title is never fitted: it is not counted, or the bound would never hold for it.)
            bool setAgain = chart->title() != chart->property(kShownChartTitle).toString() &&
                            !chart->title().contains(QLatin1Char('<'));
            for (QAbstractAxis* axis : chart->axes()) {
                const bool fitted = axis->titleText() == axis->property(kShownTitle).toString();
                setAgain |= !fitted;
                texts += QLatin1Char('\n') + (fitted ? axis->property(kFullTitle).toString() : axis->titleText());
            }
            if (chart->size() == m_lastSize && texts == m_lastTexts && !setAgain && ++m_fitsOfThese > 3) return;
            if (chart->size() != m_lastSize || texts != m_lastTexts || setAgain) m_fitsOfThese = 0;
            m_lastSize = chart->size();
            m_lastTexts = texts;
            fitChartTitle(chart);
            fitAxisTitles(chart);
        }, Qt::QueuedConnection);
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        // The new width, before the chart itself is resized: its layout then places the legend once.
        if (watched == m_view && event->type() == QEvent::Resize) {
            const QSize size = static_cast<QResizeEvent*>(event)->size();
            fitLegend(m_view->chart(), size.width(), size.height());
            fitChartTitle(m_view->chart(), static_cast<QResizeEvent*>(event)->size().width());
        }
        return false;
    }

private:
    QChartView* m_view;
    QSizeF m_lastSize;      // the chart's size at the last fit
    QString m_lastTexts;    // its title and axis titles as the chart set them, then
    int m_fitsOfThese = 0;  // fits in a row at that size with those texts
};

}  // namespace

void fitLegend(QChart* chart, qreal width, qreal height) {
    if (!chart) return;
    QLegend* legend = chart->legend();
    const bool moved = chart->property(kLegendMoved).toBool();
    if (!legend->isVisible() || (legend->alignment() != Qt::AlignBottom && !moved)) return;
    if (width < 0) width = chart->size().width();
    if (width <= 0) return;
    // One row: each entry's words, its marker (about a line high) and the spacing Qt puts around both.
    const QFontMetricsF fm(legend->font());
    qreal row = 16, widest = 0;
    // Every marker counts: one not laid out yet reads as hidden.
    for (const QLegendMarker* m : legend->markers()) {
        if (const_cast<QLegendMarker*>(m)->series()->property(kLegendHiddenProperty).toBool()) continue;
        const qreal entry = fm.horizontalAdvance(m->label()) + fm.height() + 14;
        row += entry;
        widest = std::max(widest, entry);
    }
    if (height < 0) height = chart->size().height();
    const qreal room = width - chart->margins().left() - chart->margins().right();
    // A short chart takes its legend beside the plot only where a column of entries fits whole in a third of it.
    const bool tooShort = height > 0 && height < 13 * fm.height() && widest <= room / 3;
    const bool beside = row > room || tooShort;
    if (beside == moved) return;
    chart->setProperty(kLegendMoved, beside);
    legend->setAlignment(beside ? Qt::AlignRight : Qt::AlignBottom);
}

void fitChartTitle(QChart* chart, qreal width) {
    if (!chart) return;
    // The title as its chart set it (a setTitle since the last fit replaces the remembered one).
    QString full = chart->property(kFullChartTitle).toString();
    if (chart->title() != chart->property(kShownChartTitle).toString()) full = chart->title();
    if (full.isEmpty() || full.contains(QLatin1Char('<'))) return;  // rich text: the chart's own lines
    if (width < 0) width = chart->size().width();
    if (width <= 0) return;
    // Words on as many lines as the width needs (Qt Charts elides a title longer than the chart; a
    // title in lines stays whole, and the plot gives up a line's height for each).
    const qreal room = width - chart->margins().left() - chart->margins().right() - 16;
    const QFontMetricsF fm(chart->titleFont());
    QStringList lines;
    for (const QString& word : full.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= room)
            lines.back() += QLatin1Char(' ') + word;
        else
            lines << word;
    }
    QString shown = full;
    if (lines.size() > 1) {
        for (QString& line : lines) line = line.toHtmlEscaped();
        shown = lines.join(QLatin1String("<br>"));
    }
    chart->setProperty(kFullChartTitle, full);
    chart->setProperty(kShownChartTitle, shown);
    if (chart->title() != shown) chart->setTitle(shown);
}

QString fullTitle(const QChart* chart) {
    if (!chart) return {};
    const bool fitted = chart->title() == chart->property(kShownChartTitle).toString();
    return fitted ? chart->property(kFullChartTitle).toString() : chart->title();
}

void fitAxisTitles(QChart* chart) {
    if (!chart) return;
    const QRectF plot = chart->plotArea();
    bool changed = false;
    for (QAbstractAxis* axis : chart->axes()) {
        // The title as its chart set it (setTitleText since the last fit replaces the remembered one).
        QString full = axis->property(kFullTitle).toString();
        if (axis->titleText() != axis->property(kShownTitle).toString()) full = axis->titleText();
        if (full.isEmpty()) continue;
        // Qt's title item keeps a document margin each side, and elides a little before the plot's length.
        const qreal room = (axis->orientation() == Qt::Vertical ? plot.height() : plot.width()) - 24;
        const QFontMetricsF fm(axis->titleFont());
        // The whole title, then without its parenthesis ("loss (log axis)": the ticks say log), then none:
        // the chart's own title names the quantity, and a cut word names nothing.
        QString shown = full;
        if (fm.horizontalAdvance(shown) > room) {
            const qsizetype open = full.indexOf(QLatin1String(" ("));
            shown = open > 0 ? full.left(open) : QString();
            if (fm.horizontalAdvance(shown) > room) shown.clear();
        }
        axis->setProperty(kFullTitle, full);
        axis->setProperty(kShownTitle, shown);
        if (axis->titleText() != shown) {
            axis->setTitleText(shown);
            changed = true;
        }
    }
    // Qt Charts writes a new title into its text item only when it lays the chart out again, and an
    // invalidated layout whose size is unchanged may wait for the next resize: lay it out now.
    if (changed && chart->layout()) {
        chart->layout()->invalidate();
        chart->layout()->activate();
    }
}

void fitLegendOnResize(QChartView* view) {
    // Once per view (a chart re-installed on the same view keeps its fitter).
    if (view->property(kFitted).toBool()) return;
    view->setProperty(kFitted, true);
    new LegendFitter(view);
}

void makeLegendToggles(QChart* chart, QObject* context) {
    for (QLegendMarker* marker : chart->legend()->markers()) {
        QObject::disconnect(marker, &QLegendMarker::clicked, context, nullptr);
        QObject::connect(marker, &QLegendMarker::clicked, context, [marker] {
            QAbstractSeries* series = marker->series();
            series->setVisible(!series->isVisible());
            if (auto* companion = qobject_cast<QAbstractSeries*>(series->property(kLegendCompanionProperty).value<QObject*>())) {
                companion->setVisible(series->isVisible());
                applyLegendHidden(series->chart());  // Qt shows a series' entry with it
            }
            marker->setVisible(true);
            styleLegendMarker(marker);
        });
        styleLegendMarker(marker);
    }
    fitLegend(chart);  // the entries changed: under the plot or beside it
}

void applyLegendHidden(QChart* chart) {
    for (QLegendMarker* marker : chart->legend()->markers()) marker->setVisible(!marker->series()->property(kLegendHiddenProperty).toBool());
}

void styleLegendMarker(QLegendMarker* marker) {
    const bool on = marker->series()->isVisible();
    QColor label = marker->series()->chart()->legend()->labelColor();
    label.setAlphaF(on ? 1.0 : 0.35);
    marker->setLabelBrush(label);
    QBrush brush = marker->brush();
    QColor fill = brush.color();
    fill.setAlphaF(on ? 1.0 : 0.25);
    brush.setColor(fill);
    marker->setBrush(brush);
    QFont f = marker->font();
    f.setStrikeOut(!on);
    marker->setFont(f);
}

}  // namespace presisi
