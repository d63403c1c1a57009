// ConvergenceReportView: a convergence check's report as the seed chart, the verdict table (each lane's reason
// rebuilt in the window's language) and the rule, and as CSV and JSON.
#include "convergence_report_view.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTableWidget>
#include <cmath>

#include "widgets/chart_export.h"
#include "widgets/locale_number.h"
#include "widgets/seed_chart.h"

namespace presisi {

namespace {

QString num(double v) {
    if (std::isnan(v)) return "—";
    return displayNumber(v, 4);
}

QJsonValue jnum(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); }

QString label(const Scenario& s, int lane) {
    return lane >= 0 && lane < static_cast<int>(s.lanes.size()) ? QString::fromStdString(s.lanes[lane].label())
                                                               : QString::number(lane);
}

const char* const kRuleBefore = QT_TRANSLATE_NOOP(
    "presisi::ConvergenceReportView",
    "The rule: a lane is safe when its mean final evaluation loss differs from the float32 lane's by no more than "
    "twice the larger of two things: what changing the model seed does (the float32 lane's seed-to-seed spread) and "
    "what another draw of evaluation data could do (the float32 evaluation's noise); a larger shift calls for an "
    "audit of the sensitive operations before the speed is taken. Each verdict names which of the two set the "
    "threshold. A run that ends in inf/NaN is always an audit; a seed whose float32 run is an outlier (it did not "
    "learn) is left out of every lane and named.");

// The engine's rule (engine/training/convergence.cpp), for the window's language; a changed rule shows as
// the engine writes it.
[[maybe_unused]] const char* const kEngineRule = QT_TRANSLATE_NOOP(
    "presisi::ConvergenceReportView",
    "safe when every seed's run stays finite and |mean eval loss - mean of the f32 lane| <= "
    "2 x max(the f32 lane's seed-to-seed standard deviation, the f32 evaluation's standard error over its "
    "samples); otherwise audit (evaluation loss in float32 without gradients; spread = sample standard "
    "deviation over seeds; a seed whose f32 run is an outlier is left out and named)");

}  // namespace

ConvergenceReportView::ConvergenceReportView(QWidget* page) : QObject(page), m_page(page) {
    m_chart = new SeedChart();
    m_chart->setToolTip(tr("Each dot: one seed's final evaluation loss (float32, no gradients); bar: the lane's mean, "
                           "coloured band: mean ± one standard deviation across seeds. The grey band across every "
                           "column is the safe band, the f32 mean ± the rule's threshold (stopped at 0: no loss is negative): a lane "
                           "whose mean lies in it is safe. A hollow dot is a seed left out: its f32 run is an outlier."));
    m_chart->setEmptyText(tr("Press Run check: every lane of the Training lab's setup, from each seed"));
    m_table = new QTableWidget(0, 6);
    m_table->setHorizontalHeaderLabels(
        {tr("lane"), tr("mean eval loss"), tr("spread (sd)"), tr("shift vs f32"), tr("verdict"), tr("why")});
    m_table->horizontalHeaderItem(0)->setToolTip(tr("The lane as the Training lab names it (device:format, options)"));
    m_table->horizontalHeaderItem(1)->setToolTip(tr("Mean over seeds of the final evaluation loss (float32)"));
    m_table->horizontalHeaderItem(2)->setToolTip(tr("Sample standard deviation over seeds"));
    m_table->horizontalHeaderItem(3)->setToolTip(tr("The lane's mean minus the float32 lane's mean"));
    m_table->horizontalHeaderItem(4)->setToolTip(tr("safe: the shift is within the threshold (2 × the f32 seed spread or "
                                                    "2 × the f32 evaluation noise, whichever is larger; the verdict names "
                                                    "it); audit: a larger shift; reference: the f32 lane"));
    m_table->horizontalHeaderItem(5)->setToolTip(tr("The numbers behind the verdict: the shift against the threshold, "
                                                    "2 × the larger of the f32 seed spread and its evaluation noise"));
    m_table->setToolTip(tr("One row per lane: its mean over seeds, spread and shift from float32, and the verdict. "
                           "Hover a column's header for what it means."));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Interactive);
    m_table->horizontalHeader()->resizeSection(4, 250);
    m_table->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_rule = new QLabel(tr(kRuleBefore));
    m_rule->setToolTip(tr("Why this rule: a retrained float32 model moves by its seed spread anyway, so a shift within "
                          "it is no evidence against mixed precision; twice the spread covers about 95% of it."));
    m_rule->setWordWrap(true);
    m_rule->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Least heights in pixels, not scaled with the text: at 2x the page still fits 1280x800 (the
    // table then scrolls inside itself).
    m_chart->setMinimumHeight(240);
    m_table->setMinimumHeight(100);
}

void ConvergenceReportView::clear() {
    m_chart->setColumns({});
    m_table->setRowCount(0);
    m_rule->setText(tr(kRuleBefore));
}

void ConvergenceReportView::show(const ConvergenceReport& r, const Scenario& scenario, bool accuracy) {
    m_chart->setTitles(accuracy ? tr("Final evaluation accuracy per seed") : tr("Final evaluation loss per seed"),
                       accuracy ? tr("eval accuracy (share right)") : tr("eval loss (float32)"));
    QList<SeedColumn> columns;
    for (const LaneVerdict& v : r.lanes) {
        SeedColumn c;
        c.label = v.label.empty() ? label(scenario, v.lane) : QString::fromStdString(v.label);
        for (const SeedResult& s : r.runs)
            if (s.lane == v.lane) {
                c.values << (accuracy ? s.evalAccuracy : (s.finite ? s.evalLoss : kNotMeasured));
                c.leftOut << s.outlier;
            }
        c.mean = accuracy ? v.meanAccuracy : v.mean;
        c.spread = accuracy ? v.spreadAccuracy : v.spread;
        c.reference = v.lane == r.referenceLane;
        c.verdict = QString::fromUtf8(verdictName(v.verdict).data(), static_cast<int>(verdictName(v.verdict).size()));
        columns << c;
    }
    // The band judged safe around the f32 mean (the rule's threshold), on the loss view only.
    const bool bySpread = r.thresholdFrom == ThresholdSource::SeedSpread;
    m_chart->setLowerBound(r.lossLowerBound);  // neither a loss nor an accuracy goes below 0
    m_chart->setSafeBand(accuracy ? kNotMeasured : r.threshold,
                         bySpread ? tr("safe band: f32 mean ± %1 (2 × the f32 seed spread)").arg(num(r.threshold))
                                  : tr("safe band: f32 mean ± %1 (2 × the f32 evaluation noise)").arg(num(r.threshold)));
    m_chart->setColumns(columns);
    m_table->setRowCount(static_cast<int>(r.lanes.size()));
    for (int i = 0; i < static_cast<int>(r.lanes.size()); ++i) {
        const LaneVerdict& v = r.lanes[i];
        const QString verdict = v.verdict == Verdict::Safe
            ? (bySpread ? tr("safe: within 2 × the seed spread") : tr("safe: within 2 × the evaluation noise"))
            : v.verdict == Verdict::Audit ? tr("audit the sensitive operations") : tr("reference (float32)");
        const QStringList cells = {columns[i].label, num(v.mean), num(v.spread), num(v.shift), verdict, reasonText(r, v)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 4) item->setForeground(v.verdict == Verdict::Audit ? QColor(0xCC, 0x33, 0x33)
                                            : v.verdict == Verdict::Safe ? QColor(0x00, 0x80, 0x5E) : m_page->palette().text().color());
            item->setToolTip(cells[c]);
            m_table->setItem(i, c, item);
        }
    }
    m_table->resizeRowsToContents();
    m_rule->setText(tr("The rule: %1").arg(tr(r.rule.c_str())));
}

QString ConvergenceReportView::reasonText(const ConvergenceReport& r, const LaneVerdict& v) const {
    // The engine's reasons (engine/training/convergence.cpp judgeConvergence), rebuilt from the report's
    // numbers in the window's language, in the engine's order of precedence.
    const auto finiteLane = [&r](int lane) {
        for (const SeedResult& s : r.runs)
            if (s.lane == lane && !(s.finite && std::isfinite(s.evalLoss))) return false;
        return true;
    };
    const QString nonFinite = tr("a seed's run went non-finite: audit the sensitive operations");
    if (r.referenceLane < 0) return finiteLane(v.lane) ? tr("no float32 lane to compare with: add cpu:f32") : nonFinite;
    if (!finiteLane(r.referenceLane))
        return tr("the float32 reference went non-finite: the setup itself diverges (lower the learning rate)");
    const bool bySpread = r.thresholdFrom == ThresholdSource::SeedSpread;
    QStringList seeds;
    for (std::uint64_t seed : r.excludedSeeds) seeds << QString::number(seed);
    const QString excluded = seeds.isEmpty() ? QString()
        : tr("; seed %1 left out: its f32 run is an outlier (did it learn?)").arg(seeds.join(", "));
    if (v.lane == r.referenceLane)
        return (bySpread ? tr("the float32 reference: seed spread %1, evaluation noise %2; safe within ±%3 "
                              "(2 × the f32 seed spread)")
                         : tr("the float32 reference: seed spread %1, evaluation noise %2; safe within ±%3 "
                              "(2 × the f32 evaluation noise)"))
                   .arg(num(v.spread), num(r.evaluationNoise), num(r.threshold)) + excluded;
    if (!finiteLane(v.lane)) return nonFinite;
    const bool within = std::fabs(v.shift) <= r.threshold;
    QString text;
    if (bySpread)
        text = within ? tr("shift %1 within 2 × the f32 seed spread (|shift| ≤ %2): safe").arg(num(v.shift), num(r.threshold))
                      : tr("shift %1 beyond 2 × the f32 seed spread (|shift| > %2): audit the sensitive operations")
                            .arg(num(v.shift), num(r.threshold));
    else
        text = within ? tr("shift %1 within 2 × the f32 evaluation noise (|shift| ≤ %2; the seed spread %3 is smaller): "
                           "safe").arg(num(v.shift), num(r.threshold), num(r.referenceSpread))
                      : tr("shift %1 beyond 2 × the f32 evaluation noise (|shift| > %2; the seed spread %3 is smaller): "
                           "audit the sensitive operations").arg(num(v.shift), num(r.threshold), num(r.referenceSpread));
    return text + excluded;
}

bool ConvergenceReportView::exportCsv(const QString& path, const ConvergenceReport& report,
                                      const Scenario& scenario) {
    // One row per seed run, with its lane's mean, spread and verdict repeated (one flat table).
    QByteArray out = "lane,seed,eval_loss,eval_accuracy,finite,lane_mean,lane_spread,shift,verdict\n";
    for (const SeedResult& s : report.runs) {
        const LaneVerdict* v = nullptr;
        for (const LaneVerdict& l : report.lanes)
            if (l.lane == s.lane) v = &l;
        const auto f = [](double x) { return std::isnan(x) ? QString() : QString::number(x, 'g', 9); };
        out += QString("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                   .arg(label(scenario, s.lane))
                   .arg(s.seed)
                   .arg(f(s.evalLoss), f(s.evalAccuracy), s.finite ? "true" : "false", f(v ? v->mean : kNotMeasured),
                        f(v ? v->spread : kNotMeasured), f(v ? v->shift : kNotMeasured),
                        v ? QString::fromUtf8(verdictName(v->verdict).data()) : QString())
                   .toUtf8();
    }
    return writeFileWhole(path, out);
}

bool ConvergenceReportView::exportJson(const QString& path, const ConvergenceReport& report,
                                       const Scenario& scenario, const ConvergenceSettings& settings, double seconds) {
    // The keys of `presisi check --json` (all but its one-line "setup"): rule, threshold, lanes[] {lane,
    // mean, spread, verdict, …}, runs[] and the settings; "index" (the lane's place in the setup) is extra.
    const ConvergenceReport& r = report;
    QJsonObject root;
    root["preset"] = scenario.preset.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(scenario.preset));
    root["steps"] = scenario.steps;
    root["seeds"] = settings.seeds;
    root["first_seed"] = static_cast<qint64>(settings.firstSeed);  // the same 64 bits, as the CLI writes them
    root["metric"] = "eval_loss";
    root["rule"] = QString::fromStdString(r.rule);
    root["threshold"] = jnum(r.threshold);
    root["threshold_from"] = r.referenceLane >= 0 ? QJsonValue(QString::fromUtf8(thresholdSourceName(r.thresholdFrom).data()))
                                                  : QJsonValue();
    QJsonArray excludedSeeds;
    for (std::uint64_t seed : r.excludedSeeds) excludedSeeds.append(static_cast<qint64>(seed));
    root["excluded_seeds"] = excludedSeeds;
    root["reference_spread"] = jnum(r.referenceSpread);
    root["evaluation_noise"] = jnum(r.evaluationNoise);
    root["reference_lane"] = r.referenceLane >= 0 ? QJsonValue(label(scenario, r.referenceLane)) : QJsonValue();
    root["seconds"] = seconds;
    QJsonArray lanes;
    for (const LaneVerdict& v : r.lanes) {
        QJsonObject o;
        o["lane"] = label(scenario, v.lane);
        o["index"] = v.lane;
        o["mean"] = jnum(v.mean);
        o["spread"] = jnum(v.spread);
        o["mean_accuracy"] = jnum(v.meanAccuracy);
        o["spread_accuracy"] = jnum(v.spreadAccuracy);
        o["shift"] = jnum(v.shift);
        o["verdict"] = QString::fromUtf8(verdictName(v.verdict).data());
        o["reason"] = QString::fromStdString(v.reason);
        lanes.append(o);
    }
    root["lanes"] = lanes;
    QJsonArray runs;
    for (const SeedResult& s : r.runs) {
        QJsonObject o;
        o["lane"] = label(scenario, s.lane);
        o["seed"] = static_cast<qint64>(s.seed);
        o["eval_loss"] = jnum(s.evalLoss);
        o["eval_accuracy"] = jnum(s.evalAccuracy);
        o["eval_loss_std_error"] = jnum(s.evalLossStdError);
        o["finite"] = s.finite;
        o["outlier"] = s.outlier;
        runs.append(o);
    }
    root["runs"] = runs;
    return writeFileWhole(path, QJsonDocument(root).toJson());
}

}  // namespace presisi
