// SpeedResults: the four sections' results on screen: the charts and their tooltips, and the sentences
// under them; the files are SpeedMeasurements' to write.
#include "speed_results.h"

#include <QLabel>
#include <QLocale>
#include <algorithm>
#include <cmath>

#include "speed_text_area.h"
#include "widgets/chart_export.h"
#include "widgets/scaling_chart.h"
#include "widgets/stacked_bar_chart.h"
#include "widgets/qs.h"

namespace presisi {

namespace {

QString pct(double fraction) { return QLocale().toString(100.0 * fraction, 'f', fraction < 0.1 ? 1 : 0) + "%"; }

// The engine's bottleneck sentences (engine/speed/step_breakdown.cpp), for the window's language: an
// unknown sentence is shown as the engine wrote it.
const char* const kBottleneckSentences[] = {
    QT_TRANSLATE_NOOP("presisi::SpeedResults", "compute-bound: mixed precision helps"),
    QT_TRANSLATE_NOOP("presisi::SpeedResults", "transfer-bound: it will not — keep data on the device or overlap copies"),
    QT_TRANSLATE_NOOP("presisi::SpeedResults",
                      "data-bound: it will not — speed up loading (workers, caching, preprocessing once)"),
    QT_TRANSLATE_NOOP("presisi::SpeedResults",
                      "compute-bound: mixed precision helps where the products run natively; this lane is emulated "
                      "(float32 products), so it gains nothing here: try +native or a GPU"),
};

// The lanes of the bench's rows in the order they first appear.
QStringList gemmLanes(const GemmBenchReport& r) {
    QStringList lanes;
    for (const GemmRow& row : r.rows)
        if (!lanes.contains(qs(row.lane))) lanes << qs(row.lane);
    return lanes;
}

}  // namespace

SpeedResults::SpeedResults(QObject* parent) : QObject(parent) {
    m_throughputChart = new ScalingChart(tr("Achieved TFLOP/s against product size"), tr("size n (n×n×n)"), "TFLOP/s",
                                         tr("size"), "TFLOP/s");
    m_throughputChart->setToolTip(tr("Achieved TFLOP/s (2·m·n·k / median seconds) of one product per lane and size; "
                                     "higher is faster, hover a point for its value. Native lanes use the CPU's bf16/f16 "
                                     "instructions; emulated lanes (dotted) round to the format but compute in float32: "
                                     "right numbers, no speed-up."));
    m_memoryChart = new StackedBarChart(tr("Bytes one lane holds"), tr("bytes"), BarUnit::Bytes);
    // Short part names (the legend is one row under the bars); the tooltip says what each holds.
    m_memoryChart->setParts({tr("weights"), tr("f32 master"), tr("gradients"), tr("activations"), tr("optimizer")});
    m_memoryChart->setToolTip(tr("Per lane at the Training lab's batch: weights, f32 master weights (low lanes), "
                                 "gradients, activations kept for backward (they grow with the batch) and optimizer "
                                 "state. Shorter is smaller; hover a part for its size and share."));
    m_sweepChart = new ScalingChart(tr("Training samples/s against batch size"), tr("batch size"), tr("samples/s"),
                                    tr("batch"), tr("samples/s"));
    m_sweepChart->setToolTip(tr("Samples per second of a training step (forward, backward, optimizer) per lane, at "
                                "batch sizes up to the memory limit. The knee (square) is the smallest batch reaching "
                                "90% of the lane's best: beyond it a larger batch buys little."));
    m_breakdownChart = new StackedBarChart(tr("One training step, split"), tr("time per step"), BarUnit::Seconds);
    m_breakdownChart->setParts({tr("data"), tr("transfer"), tr("forward"), tr("backward"), tr("optimizer")});
    m_breakdownChart->setToolTip(tr("Per lane, the median time of one step's parts: data (assembling the batch plus the "
                                    "loader's cost), transfer (host to device; none on the CPU), then forward, backward "
                                    "and optimizer, the compute. Data-bound when data outweighs the compute (and "
                                    "transfer), transfer-bound when transfer does; otherwise compute-bound, the only "
                                    "case mixed precision speeds up."));
    for (QWidget* chart : charts()) {
        if (auto* s = qobject_cast<ScalingChart*>(chart)) s->setEmptyText(tr("press Run to measure"));
        if (auto* b = qobject_cast<StackedBarChart*>(chart)) b->setEmptyText(tr("press Run to measure"));
    }
    for (Section section : {Throughput, Memory, Sweep, Breakdown}) {
        auto* text = new QLabel();
        text->setWordWrap(true);
        text->setTextFormat(Qt::RichText);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        text->setToolTip(sectionHelp(section));
        m_text[section] = text;
        // Three to five lines of text, scrolling beyond: a long note must not squeeze the chart above it (five bars
        // need ~230 px).
        m_textArea[section] = new SpeedTextArea(text);
    }
}

QList<QWidget*> SpeedResults::charts() const {
    return {m_throughputChart, m_memoryChart, m_sweepChart, m_breakdownChart};
}

QString SpeedResults::text(Section section) const { return m_text[section]->text(); }

void SpeedResults::setText(Section section, const QString& html) {
    m_text[section]->setText(html);
    m_textArea[section]->fit();
}

void SpeedResults::rescale(double scale) {
    for (SpeedTextArea* area : m_textArea) area->fit();
    // Charts keep room for their axes as the text grows: the page then scrolls instead of squeezing them.
    // A bar chart asks for more height where its bars' labels need it (StackedBarChart::setLeastHeight).
    for (QWidget* c : charts()) {
        if (auto* bars = qobject_cast<StackedBarChart*>(c)) {
            bars->setMinimumWidth(qRound(240 * scale));
            bars->setLeastHeight(qRound(190 * scale));
        } else {
            c->setMinimumSize(qRound(240 * scale), qRound(190 * scale));
        }
    }
}

void SpeedResults::restyle() {
    // The lane pens and the bar borders follow the chart colours of the theme now set.
    m_throughputChart->applyLaneColours();
    m_sweepChart->applyLaneColours();
    m_memoryChart->restyle();
    m_breakdownChart->restyle();
}

void SpeedResults::setThroughput(const GemmBenchReport& report) {
    m_measured.gemm = report;
    showThroughput();
}

void SpeedResults::setMemory(const std::vector<LaneMemory>& lanes, const std::vector<std::int64_t>& largest, int batch,
                             double budget, const QStringList& laneLabels, const QString& setup) {
    m_measured.memory = lanes;
    m_measured.memoryLargest = largest;
    m_measured.memoryBatch = batch;
    m_measured.memoryBudget = budget;
    m_measured.memoryLanes = laneLabels;
    m_measured.memorySetup = setup;
    showMemory();
}

void SpeedResults::setSweep(const SweepReport& report, const QStringList& lanes, const QString& setup) {
    m_measured.sweep = report;
    m_measured.sweepLanes = lanes;
    m_measured.sweepSetup = setup;
    showSweep();
}

void SpeedResults::setBreakdown(const BreakdownReport& report, double loaderMs, const QStringList& lanes,
                                const QString& setup) {
    m_measured.breakdown = report;
    m_measured.breakdownLoaderMs = loaderMs;
    m_measured.breakdownLanes = lanes;
    m_measured.breakdownSetup = setup;
    showBreakdown();
}

void SpeedResults::takeOver(const SpeedResults& other) {
    m_measured = other.m_measured;
    if (m_measured.gemm) showThroughput();
    if (!m_measured.memory.empty()) showMemory();
    if (m_measured.sweep) showSweep();
    if (m_measured.breakdown) showBreakdown();
}

QString SpeedResults::sectionHelp(Section section) const {
    switch (section) {
    case Throughput:
        return tr("Speed-up: a lane's TFLOP/s over f32's on the same device at the largest size (above 1× is faster). "
                  "Peak share: the best CPU f32 product as a share of one core's estimated peak, an estimate from the "
                  "clock and vector width named in brackets.");
    case Memory:
        return tr("Largest batch: the biggest batch whose weights, master weights, gradients, activations and optimizer "
                  "state fit the budget, per lane. Low lanes keep f32 master weights and gradients too, so they save "
                  "only on activations.");
    case Sweep:
        return tr("The knee: the smallest batch reaching 90% of the lane's best samples/s; the gain is the best rate "
                  "beyond the knee over the rate at it. Still rising: the best rate was at the last batch measured.");
    case Breakdown:
        return tr("Each lane's verdict: data-bound when loading outweighs the compute (forward + backward + optimizer), "
                  "transfer-bound when copies do, otherwise compute-bound. Only a compute-bound step gets faster with "
                  "mixed precision, and on the CPU only with native products.");
    }
    return {};
}

void SpeedResults::showThroughput() {
    if (!m_measured.gemm) return;
    const GemmBenchReport& r = *m_measured.gemm;
    const QStringList lanes = gemmLanes(r);
    const bool square = r.rows.empty() || r.rows.front().m == r.rows.front().k;
    m_throughputChart->setXTitle(square ? tr("size n (n×n×n)") : tr("size n (layer: %1×n×n)").arg(r.rows.front().m));
    m_throughputChart->setLanes(lanes);
    for (int i = 0; i < lanes.size(); ++i) {
        QList<QPointF> pts;
        for (const GemmRow& row : r.rows)
            if (qs(row.lane) == lanes[i]) pts.append({static_cast<double>(row.k), row.tflops});
        m_throughputChart->setPoints(i, pts);
    }
    m_throughputChart->refresh();
    setText(Throughput, throughputSummary());
}

QString SpeedResults::throughputSummary() const {
    const GemmBenchReport& r = *m_measured.gemm;
    QStringList lines;
    if (!r.speedups.empty()) {
        QStringList parts;
        for (const auto& s : r.speedups)
            if (s.lane != "f32" && s.lane != "gpu:f32")  // the baselines themselves: 1.00x
                parts << QString("%1 <b>%2×</b>").arg(qs(s.lane).toHtmlEscaped(), QLocale().toString(s.overF32, 'f', 2));
        lines << tr("Speed-up over f32 at size %1: %2").arg(r.speedups.front().size).arg(parts.join(" · "));
    }
    for (const std::string& n : r.notes) lines << "• " + qs(n).toHtmlEscaped();
    // The fraction of the CPU's estimated peak reached by the best f32 product (CPU rows).
    double bestF32 = 0;
    for (const GemmRow& row : r.rows)
        if (row.device == Device::Cpu && row.lane == "f32") bestF32 = std::max(bestF32, row.tflops);
    if (r.cpuPeakTflopsF32 > 0 && bestF32 > 0)
        lines << tr("CPU f32 reaches %1 of one core's <i>estimated</i> peak %2 TFLOP/s (%3)%4.")
                     .arg(pct(bestF32 / r.cpuPeakTflopsF32))
                     .arg(QLocale().toString(r.cpuPeakTflopsF32, 'g', 3))
                     .arg(qs(r.cpuPeakHow).toHtmlEscaped(),
                          r.cpuName.empty() ? QString() : "; " + qs(r.cpuName).toHtmlEscaped());
    if (!r.gpuName.empty())
        lines << tr("GPU: %1 (its peak is not known to Presisi: no fraction given).").arg(qs(r.gpuName).toHtmlEscaped());
    return lines.join("<br>");
}

void SpeedResults::showMemory() {
    const QStringList& lanes = m_measured.memoryLanes;
    const std::vector<std::int64_t>& largest = m_measured.memoryLargest;
    m_memoryChart->setBars(lanes, m_measured.memoryParts());
    QStringList fits;
    for (int i = 0; i < static_cast<int>(largest.size()) && i < lanes.size(); ++i)
        fits << QString("%1 <b>%2</b>").arg(lanes[i].toHtmlEscaped(),
                                           largest[i] > 0 ? QLocale().toString(static_cast<qlonglong>(largest[i]))
                                                          : tr("none (batch 1 does not fit)"));
    setText(Memory, tr("At batch %1. Largest batch within the budget %2: %3.<br>"
                       "Low lanes hold f32 master weights and gradients beside their own: they save "
                       "on activations, which grow with the batch.")
                        .arg(m_measured.memoryBatch)
                        .arg(readableBytes(m_measured.memoryBudget), fits.join(" · ")));
}

QString SpeedResults::sweepSentence() const {
    const SweepReport& r = *m_measured.sweep;
    const QStringList& lanes = m_measured.sweepLanes;
    // Lanes grouped by their knee ("beyond batch 128 cpu:f32, cpu:bf16 gain < 10% …"), in lane order.
    struct Group {
        std::int64_t knee = 0;
        QStringList names, gains;
        double worst = 0;
    };
    std::vector<Group> groups;
    QStringList out, rising, limits;
    for (int lane = 0; lane < lanes.size(); ++lane) {
        const QString name = lanes[lane].toHtmlEscaped();
        const std::int64_t knee = lane < static_cast<int>(r.kneeBatch.size()) ? r.kneeBatch[lane] : 0;
        const std::int64_t limit = lane < static_cast<int>(r.limitBatch.size()) ? r.limitBatch[lane] : 0;
        if (knee <= 0) {
            out << tr("%1: no point measured (batch 1 does not fit the budget)").arg(name);
            continue;
        }
        double atKnee = 0, beyond = 0;
        std::int64_t last = 0;
        for (const SweepPoint& p : r.points) {
            if (p.lane != lane) continue;
            if (p.batch == knee) atKnee = p.samplesPerSecond;
            if (p.batch > knee) beyond = std::max(beyond, p.samplesPerSecond);
            last = std::max(last, p.batch);
        }
        if (limit > 0 && last >= limit) limits << tr("at batch %1 for %2").arg(limit).arg(name);
        if (beyond <= 0 || atKnee <= 0) {
            rising << tr("%1 (batch %2)").arg(name).arg(knee);
            continue;
        }
        auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.knee == knee; });
        if (g == groups.end()) g = groups.insert(groups.end(), Group{knee, {}, {}, 0});
        const double gain = beyond / atKnee - 1;
        g->names << name;
        g->gains << QString("%1 %2%").arg(name).arg(100.0 * std::max(0.0, gain), 0, 'f', 0);  // a loss gains 0%
        g->worst = std::max(g->worst, gain);
    }
    for (const Group& g : groups) {
        const bool several = g.names.size() > 1;
        out << (g.worst < 0.10 ? (several ? tr("beyond batch <b>%1</b> %2 gain &lt; 10% (at most: %3)")
                                          : tr("beyond batch <b>%1</b> %2 gains &lt; 10% (at most: %3)"))
                               : (several ? tr("beyond batch <b>%1</b> %2 gain little (at most: %3)")
                                          : tr("beyond batch <b>%1</b> %2 gains little (at most: %3)")))
                   .arg(g.knee)
                   .arg(g.names.join(", "))
                   .arg(g.gains.join(", "));
    }
    if (!rising.isEmpty()) out << tr("still rising at the last batch measured: %1").arg(rising.join(", "));
    // How sure the points are: the widest spread between a point's timed rounds.
    const auto widest = std::max_element(r.points.begin(), r.points.end(),
                                         [](const SweepPoint& a, const SweepPoint& b) { return a.spread < b.spread; });
    if (widest != r.points.end())
        out << tr("rounds of a point agree within %1% (widest: %2 at batch %3)")
                   .arg(100.0 * widest->spread, 0, 'f', 0)
                   .arg(lanes.value(widest->lane).toHtmlEscaped())
                   .arg(widest->batch);
    if (!limits.isEmpty()) out << tr("memory limit %1").arg(limits.join(", "));
    return out.join("; ") + ".";
}

void SpeedResults::showSweep() {
    if (!m_measured.sweep) return;
    const SweepReport& r = *m_measured.sweep;
    const QStringList& lanes = m_measured.sweepLanes;
    m_sweepChart->setLanes(lanes);
    for (int lane = 0; lane < lanes.size(); ++lane) {
        QList<QPointF> pts;
        for (const SweepPoint& p : r.points)
            if (p.lane == lane) pts.append({static_cast<double>(p.batch), p.samplesPerSecond});
        m_sweepChart->setPoints(lane, pts);
        const std::int64_t knee = lane < static_cast<int>(r.kneeBatch.size()) ? r.kneeBatch[lane] : 0;
        // One label per knee batch naming every lane whose knee it is (lanes often share one).
        QStringList sharing;
        bool first = true;
        for (int other = 0; other < lanes.size() && other < static_cast<int>(r.kneeBatch.size()); ++other)
            if (r.kneeBatch[other] == knee) {
                if (other < lane) first = false;
                sharing << lanes[other];
            }
        for (const QPointF& p : pts)
            if (knee > 0 && p.x() == static_cast<double>(knee))
                m_sweepChart->addMark(lane, p, !first ? QString()
                                               : tr("knee %1: %2")
                                                     .arg(knee)
                                                     .arg(sharing.size() == lanes.size() && lanes.size() > 1
                                                              ? tr("all lanes") : sharing.join(", ")));
    }
    m_sweepChart->refresh();
    QString text = sweepSentence();
    if (!r.note.empty()) text += "<br><span style='color:gray'>" + qs(r.note).toHtmlEscaped() + "</span>";
    setText(Sweep, text);
}

void SpeedResults::showBreakdown() {
    if (!m_measured.breakdown) return;
    const BreakdownReport& r = *m_measured.breakdown;
    const QStringList& lanes = m_measured.breakdownLanes;
    QStringList labels;
    for (const StepParts& p : r.lanes) labels << lanes.value(p.lane);
    m_breakdownChart->setBars(labels, m_measured.breakdownParts());
    // Lanes that share a verdict share a line: "cpu:f32, cpu:bf16 — data-bound: …".
    QStringList sentences;
    QList<QStringList> sharing;
    for (int i = 0; i < static_cast<int>(r.sentence.size()) && i < labels.size(); ++i) {
        const QString sentence = tr(r.sentence[i].c_str());
        const qsizetype at = sentences.indexOf(sentence);
        if (at < 0) {
            sentences << sentence;
            sharing.append({labels[i]});
        } else {
            sharing[at] << labels[i];
        }
    }
    QStringList lines;
    for (int i = 0; i < sentences.size(); ++i)
        lines << QString("%1 — <b>%2</b>").arg(sharing[i].join(", ").toHtmlEscaped(), sentences[i].toHtmlEscaped());
    lines << tr("Loader cost %1 ms per batch. Compute-bound: the products dominate, mixed precision helps. "
                "Transfer-bound: copies dominate. Data-bound: the loader dominates — only faster loading helps.")
                 .arg(QLocale().toString(m_measured.breakdownLoaderMs, 'g', 4));
    setText(Breakdown, lines.join("<br>"));
}

void SpeedResults::clear() {
    m_measured = {};
    m_throughputChart->clearPoints();
    m_memoryChart->clearBars();
    m_sweepChart->clearPoints();
    m_breakdownChart->clearBars();
}

bool SpeedResults::exportCsv(const QString& path) const {
    return !m_measured.empty() && writeFileWhole(path, m_measured.csv());
}

bool SpeedResults::exportJson(const QString& path, const QString& caption) const {
    return !m_measured.empty() && writeFileWhole(path, m_measured.json(caption));
}

}  // namespace presisi
