// Each page's export names (what the figure is: preset or workload, chart, step) and the Linear lab's
// outputs behind its scatter, beside the Page defaults (app/pages/page.cpp).
#include <QFileInfo>
#include <limits>

#include "chart_deck.h"
#include "run_view.h"
#include "convergence_page.h"
#include "convergence_report_view.h"
#include "formats_page.h"
#include "gradient_ranges.h"
#include "linear_page.h"
#include "linear_page_detail.h"
#include "linear_results_view.h"
#include "speed_page.h"
#include "training_page.h"

#include <QLineEdit>

#include "app/run_controller.h"
#include "widgets/histogram_chart.h"
#include "widgets/live_chart.h"
#include "widgets/range_chart.h"
#include "widgets/scaling_chart.h"
#include "widgets/scatter_chart.h"
#include "widgets/seed_chart.h"
#include "widgets/stacked_bar_chart.h"

namespace presisi {

using linear_page_detail::isReference;
using linear_page_detail::label;

namespace {

// "page-chart" with a chart's short name from `names` (chart -> name), the chart's title otherwise.
QString joinName(const QString& head, QWidget* chart, const QList<QPair<QWidget*, QString>>& names) {
    if (!chart) return head;
    for (const auto& [c, name] : names)
        if (c == chart) return head + "-" + name;
    const QString t = fileSlug(chartTitleOf(chart));
    return t.isEmpty() ? head : head + "-" + t;
}

}  // namespace

// "underflow-loss-step300": the preset (or "training" for a setup of one's own), the chart, the step.
QString TrainingPage::exportName(QWidget* chart) const {
    const std::string& preset = controller()->scenario().preset;
    const QString head = preset.empty() ? QStringLiteral("training") : fileSlug(QString::fromStdString(preset));
    const QString name = joinName(head, chart,
                                  {{lossChart(), "loss"},
                                   {underflowChart(), "underflow"},
                                   {scaleChart(), "scale"},
                                   {castChart(), "casts"},
                                   {histogramChart(), "histogram"},
                                   {rangeView()->chart(), "ranges"}});
    return lastStepShown() >= 0 ? QString("%1-step%2").arg(name).arg(lastStepShown() + 1) : name;
}

// The histogram's data: the counts behind its shares (ChartDeck::histogramData).
ChartData TrainingPage::chartData(QWidget* chart) const {
    return chart == histogramChart() ? m_deck->histogramData() : Page::chartData(chart);
}

// "linear-256x256x64-scatter": in x out x batch.
QString LinearPage::exportName(QWidget* chart) const {
    const LinearConfig c = config();
    const QString head = QString("linear-%1x%2x%3").arg(c.in).arg(c.out).arg(c.batch);
    return joinName(head, chart,
                    {{m_view->scatter(), "scatter"}, {m_view->errorHistogram(), "error-histogram"},
                     {m_view->bars(), "mean-error"}, {m_view->errorVsMagnitude(), "error-vs-magnitude"}});
}

// The scatter's data is the whole output, not the thinned points drawn: index, then y of every lane
// (the float32 reference first), flattened row-major over (batch, out).
ChartData LinearPage::chartData(QWidget* chart) const {
    if (chart != m_view->scatter() || !result() || result()->lanes.empty()) return Page::chartData(chart);
    ChartData d{chartTitleOf(chart), "outputs", {"index"}, {}};
    std::vector<const LinearLaneResult*> lanes;
    for (const auto& l : result()->lanes)
        if (isReference(l.lane)) lanes.insert(lanes.begin(), &l);
        else lanes.push_back(&l);
    for (const auto* l : lanes) d.columns << label(l->lane);
    const Index n = lanes.front()->output.size();
    d.rows.reserve(n);
    for (Index i = 0; i < n; ++i) {
        QList<QVariant> r{QVariant::fromValue<qlonglong>(i)};
        for (const auto* l : lanes) r << QVariant(static_cast<double>(l->output.data()[i]));
        d.rows << r;
    }
    return d;
}

// "formats-0.1": the value typed.
QString FormatsPage::exportName(QWidget* chart) const {
    Q_UNUSED(chart);
    const QString value = fileSlug(m_input->text());
    return value.isEmpty() ? QStringLiteral("formats") : "formats-" + value;
}

QString SpeedPage::exportName(QWidget* chart) const {
    return joinName("speed", chart,
                    {{throughputChart(), "throughput"}, {memoryChart(), "memory"}, {sweepChart(), "batch-sweep"},
                     {breakdownChart(), "step-breakdown"}});
}

// "underflow-convergence-seeds": the preset checked.
QString ConvergencePage::exportName(QWidget* chart) const {
    const QString head = m_scenario.preset.empty() ? QStringLiteral("convergence")
                                                   : fileSlug(QString::fromStdString(m_scenario.preset)) + "-convergence";
    return joinName(head, chart, {{m_view->chart(), "seeds"}});
}

}  // namespace presisi
