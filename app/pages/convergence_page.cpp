// ConvergencePage: K seeds of every lane on a worker, the seed chart, the verdict table and exports.
#include "convergence_page.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QKeySequence>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <atomic>
#include <cmath>

#include "app/engine_worker.h"
#include "engine/error.h"
#include "widgets/seed_chart.h"
#include "widgets/tool_tips.h"
#include "widgets/locale_number.h"

namespace presisi {

struct ConvergencePage::Progress {
    std::atomic<int> done{0}, total{0};
};

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
    "presisi::ConvergencePage",
    "The rule: a lane is safe when its mean final evaluation loss differs from the float32 lane's by no more than "
    "twice the larger of two things: what changing the model seed does (the float32 lane's seed-to-seed spread) and "
    "what another draw of evaluation data could do (the float32 evaluation's noise); a larger shift calls for an "
    "audit of the sensitive operations before the speed is taken. Each verdict names which of the two set the "
    "threshold. A run that ends in inf/NaN is always an audit; a seed whose float32 run is an outlier (it did not "
    "learn) is left out of every lane and named.");

// The engine's rule (engine/training/convergence.cpp), for the window's language; a changed rule shows as
// the engine writes it.
[[maybe_unused]] const char* const kEngineRule = QT_TRANSLATE_NOOP(
    "presisi::ConvergencePage",
    "safe when every seed's run stays finite and |mean eval loss - mean of the f32 lane| <= "
    "2 x max(the f32 lane's seed-to-seed standard deviation, the f32 evaluation's standard error over its "
    "samples); otherwise audit (evaluation loss in float32 without gradients; spread = sample standard "
    "deviation over seeds; a seed whose f32 run is an outlier is left out and named)");

}  // namespace

ConvergencePage::ConvergencePage(QWidget* parent)
    : Page(parent), m_jobs(std::make_unique<EngineChannel>(JobKind::Check)), m_progressState(std::make_shared<Progress>()) {
    wrapLongToolTips();  // the explanations below are paragraphs
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(6, 6, 6, 6);
    v->setSpacing(4);
    auto* row = new QHBoxLayout();
    auto* seedsLabel = new QLabel(tr("seeds"));
    row->addWidget(seedsLabel);
    m_seeds = new QSpinBox();
    m_seeds->setRange(2, 20);
    m_seeds->setValue(5);
    m_seeds->setToolTip(tr("Model seeds per lane (the data stays the same): more seeds, a surer spread, a longer check"));
    seedsLabel->setToolTip(m_seeds->toolTip());
    row->addWidget(m_seeds);
    m_run = new QPushButton(tr("Run check"));
    m_run->setToolTip(tr("Trains every lane of the Training lab's current setup from each seed, on all cores (Ctrl+Return)"));
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setToolTip(tr("Stops the check (Esc)"));
    m_cancel->setEnabled(false);
    row->addWidget(m_run);
    row->addWidget(m_cancel);
    m_progress = new QProgressBar();
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("not run yet"));
    m_progress->setTextVisible(true);
    m_progress->setToolTip(tr("Training runs done of all: every lane from every seed."));
    row->addWidget(m_progress, 1);
    auto* showLabel = new QLabel(tr("show"));
    row->addWidget(showLabel);
    m_metric = new QComboBox();
    m_metric->addItem(tr("evaluation loss"));
    m_metric->addItem(tr("evaluation accuracy"));
    m_metric->setToolTip(tr("What the dots show (accuracy for classification setups only); the verdict always judges "
                            "the evaluation loss."));
    showLabel->setToolTip(m_metric->toolTip());
    row->addWidget(m_metric);
    v->addLayout(row);
    m_setup = new QLabel(tr("Setup: the Training lab's current controls (pick a preset there, then come back)"));
    m_setup->setToolTip(tr("What the check trains: the Training lab's setup, every lane from each model seed, the data "
                           "seed pinned so only the model's initialisation changes."));
    m_setup->setWordWrap(true);
    v->addWidget(m_setup);
    m_chart = new SeedChart();
    m_chart->setToolTip(tr("Each dot: one seed's final evaluation loss (float32, no gradients); bar: the lane's mean, "
                           "coloured band: mean ± one standard deviation across seeds. The grey band across every "
                           "column is the safe band, the f32 mean ± the rule's threshold (stopped at 0: no loss is negative): a lane "
                           "whose mean lies in it is safe. A hollow dot is a seed left out: its f32 run is an outlier."));
    m_chart->setEmptyText(tr("Press Run check: every lane of the Training lab's setup, from each seed"));
    v->addWidget(m_chart, 3);
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
    v->addWidget(m_table, 2);
    m_rule = new QLabel(tr(kRuleBefore));
    m_rule->setToolTip(tr("Why this rule: a retrained float32 model moves by its seed spread anyway, so a shift within "
                          "it is no evidence against mixed precision; twice the spread covers about 95% of it."));
    m_rule->setWordWrap(true);
    m_rule->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_rule);
    m_status = new QLabel();
    m_status->setWordWrap(true);
    v->addWidget(m_status);

    connect(m_run, &QPushButton::clicked, this, [this] { runCheck(); });
    connect(m_cancel, &QPushButton::clicked, this, &ConvergencePage::cancel);
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] { showReport(); });
    m_poll = new QTimer(this);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &ConvergencePage::pollProgress);
    // Least heights in pixels, not scaled with the text: at 2x the page still fits 1280x800 (the
    // table then scrolls inside itself).
    m_chart->setMinimumHeight(240);
    m_table->setMinimumHeight(100);
    trackCharts();
}

// m_jobs, a member, cancels and waits for the check before the base class deletes the child widgets.
ConvergencePage::~ConvergencePage() = default;

QString ConvergencePage::explanation() const {
    return tr("<h3>Convergence check</h3><p>Is mixed precision safe for this setup? Every lane is trained from "
              "several model seeds on identical data; each run's final evaluation (float32, no gradients) is a dot. "
              "A lane is <b>safe</b> when its mean lies within twice the larger of the float32 lane's seed-to-seed "
              "spread and its evaluation noise, and calls for an <b>audit</b> of the sensitive operations when the "
              "shift is larger; the verdict says which of the two decided.</p><p>The setup is the Training lab's: "
              "load a preset there (e.g. <i>underflow</i>), then Run check here. Esc cancels.</p>");
}

QString ConvergencePage::caption() const {
    const Scenario& s = m_scenario;
    QStringList lanes;
    for (const LaneSpec& l : s.lanes) lanes << QString::fromStdString(l.label());
    return tr("Presisi convergence check · %1 · %2 seeds · %3 steps · lanes %4")
        .arg(s.preset.empty() ? tr("custom setup") : tr("preset %1").arg(QString::fromStdString(s.preset)))
        .arg(m_report ? static_cast<int>(m_report->runs.size() / std::max<std::size_t>(1, m_report->lanes.size()))
                      : seeds())
        .arg(s.steps)
        .arg(lanes.join(", "));
}

QList<QWidget*> ConvergencePage::charts() const { return {m_chart}; }
QString ConvergencePage::messageText() const { return m_status->text(); }
void ConvergencePage::setSeeds(int seeds) { m_seeds->setValue(seeds); }
int ConvergencePage::seeds() const { return m_seeds->value(); }
void ConvergencePage::setShowAccuracy(bool accuracy) { m_metric->setCurrentIndex(accuracy ? 1 : 0); }

QString ConvergencePage::statusText() const {
    if (m_running) return tr("Convergence check: running (%1 seeds)").arg(seeds());
    if (m_report) return tr("Convergence check: done");
    return tr("Convergence check");
}

void ConvergencePage::setRunning(bool running) {
    m_running = running;
    m_cancel->setEnabled(running);
    m_run->setText(running ? tr("Restart check") : tr("Run check"));
    if (running) m_poll->start();
    else m_poll->stop();
    emit statusChanged();
}

void ConvergencePage::runCheck() {
    if (!m_source) return;
    try {
        runCheck(m_source());
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot run the check: %1").arg(QString::fromUtf8(e.what())));
    }
}

void ConvergencePage::runCheck(const Scenario& scenario) {
    if (scenario.workload != Workload::Training) {
        m_status->setText(tr("The convergence check needs a training setup (the summation demo has no model to seed)."));
        return;
    }
    m_scenario = scenario;
    m_report.reset();
    m_chart->setColumns({});
    m_table->setRowCount(0);
    m_rule->setText(tr(kRuleBefore));
    showSetup(scenario, seeds());
    m_status->setText(tr("running…"));
    // A fresh progress state per check: a cancelled job still writing to its own cannot move this bar.
    m_progressState = std::make_shared<Progress>();
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("starting…"));
    setRunning(true);
    ConvergenceSettings settings;
    settings.seeds = seeds();
    settings.firstSeed = scenario.seed;
    m_settings = settings;
    auto progress = m_progressState;
    // A newer Run cancels this job through its token (the page's channel), so a restart never waits for it.
    m_jobs->submit(
        this,
        [scenario, settings, progress](JobContext& job) {
            QElapsedTimer clock;
            clock.start();
            ConvergenceReport report = runConvergenceCheck(scenario, settings, [progress](int done, int total) {
                progress->total = total;
                progress->done = done;
            }, job.token());
            return std::make_pair(std::move(report), clock.nsecsElapsed() * 1e-9);
        },
        [this](const std::pair<ConvergenceReport, double>& done) { onDone(done.first, QString(), done.second); },
        [this](const QString& error) { onDone(std::nullopt, error, 0); });
}

void ConvergencePage::showSetup(const Scenario& scenario, int seeds) {
    QStringList lanes;
    for (const LaneSpec& l : scenario.lanes) lanes << QString::fromStdString(l.label());
    m_setup->setText(tr("Setup: %1 · %2 steps · lanes %3 · %4 seeds each, data seed pinned")
                         .arg(scenario.preset.empty() ? tr("custom setup")
                                                      : tr("preset %1").arg(QString::fromStdString(scenario.preset)))
                         .arg(scenario.steps)
                         .arg(lanes.join(", "))
                         .arg(seeds));
}

void ConvergencePage::takeOver(Page& previous) {
    auto& old = static_cast<ConvergencePage&>(previous);
    setSeeds(old.seeds());
    m_metric->setCurrentIndex(old.m_metric->currentIndex());
    if (old.m_running) {
        // The old page's worker ends with it: the same check starts again here, on the same setup.
        const Scenario scenario = old.m_scenario;
        setSeeds(old.m_settings.seeds);
        old.cancel();
        runCheck(scenario);
        setSeeds(old.seeds());
        return;
    }
    if (!old.m_report) return;
    m_scenario = old.m_scenario;
    m_settings = old.m_settings;
    showSetup(m_scenario, m_settings.seeds);
    onDone(old.m_report, QString(), old.m_seconds);
}

void ConvergencePage::cancel() {
    if (!m_running) return;
    m_jobs->cancel();  // the cancelled job's answer is dropped
    setRunning(false);
    m_progress->setFormat(tr("cancelled"));
    m_status->setText(tr("Check cancelled."));
}

void ConvergencePage::resetPage() {
    cancel();
    m_report.reset();
    m_chart->setColumns({});
    m_table->setRowCount(0);
    m_rule->setText(tr(kRuleBefore));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("not run yet"));
    m_status->clear();
    emit statusChanged();
}

void ConvergencePage::waitForCheck() {
    m_jobs->waitIdle();
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
}

void ConvergencePage::pollProgress() {
    const int total = m_progressState->total, done = m_progressState->done;
    if (total <= 0) return;
    m_progress->setRange(0, total);
    m_progress->setValue(std::min(done, total));
    m_progress->setFormat(tr("%p% · %1 lanes × %2 seeds").arg(m_scenario.lanes.size()).arg(seeds()));
}

void ConvergencePage::onDone(const std::optional<ConvergenceReport>& report, const QString& error, double seconds) {
    setRunning(false);
    if (!report) {
        m_progress->setFormat(tr("failed"));
        m_status->setText(tr("Check failed: %1").arg(error));
        return;
    }
    m_report = report;
    m_seconds = seconds;
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    m_progress->setFormat(tr("done"));
    m_status->clear();
    showReport();
    emit statusChanged();
}

void ConvergencePage::showReport() {
    if (!m_report) return;
    const ConvergenceReport& r = *m_report;
    bool classification = false;
    for (const SeedResult& s : r.runs) classification |= !std::isnan(s.evalAccuracy);
    m_metric->setEnabled(classification);
    const bool accuracy = classification && m_metric->currentIndex() == 1;
    m_chart->setTitles(accuracy ? tr("Final evaluation accuracy per seed") : tr("Final evaluation loss per seed"),
                       accuracy ? tr("eval accuracy (share right)") : tr("eval loss (float32)"));
    QList<SeedColumn> columns;
    for (const LaneVerdict& v : r.lanes) {
        SeedColumn c;
        c.label = v.label.empty() ? label(m_scenario, v.lane) : QString::fromStdString(v.label);
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
        const QStringList cells = {columns[i].label, num(v.mean), num(v.spread), num(v.shift), verdict, reasonText(v)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 4) item->setForeground(v.verdict == Verdict::Audit ? QColor(0xCC, 0x33, 0x33)
                                            : v.verdict == Verdict::Safe ? QColor(0x00, 0x80, 0x5E) : palette().text().color());
            item->setToolTip(cells[c]);
            m_table->setItem(i, c, item);
        }
    }
    m_table->resizeRowsToContents();
    m_rule->setText(tr("The rule: %1").arg(tr(r.rule.c_str())));
}

QString ConvergencePage::reasonText(const LaneVerdict& v) const {
    // The engine's reasons (engine/training/convergence.cpp judgeConvergence), rebuilt from the report's
    // numbers in the window's language, in the engine's order of precedence.
    const ConvergenceReport& r = *m_report;
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

bool ConvergencePage::exportCsv(const QString& path) const {
    if (!m_report) return false;
    // One row per seed run, with its lane's mean, spread and verdict repeated (one flat table).
    QByteArray out = "lane,seed,eval_loss,eval_accuracy,finite,lane_mean,lane_spread,shift,verdict\n";
    for (const SeedResult& s : m_report->runs) {
        const LaneVerdict* v = nullptr;
        for (const LaneVerdict& l : m_report->lanes)
            if (l.lane == s.lane) v = &l;
        const auto f = [](double x) { return std::isnan(x) ? QString() : QString::number(x, 'g', 9); };
        out += QString("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                   .arg(label(m_scenario, s.lane))
                   .arg(s.seed)
                   .arg(f(s.evalLoss), f(s.evalAccuracy), s.finite ? "true" : "false", f(v ? v->mean : kNotMeasured),
                        f(v ? v->spread : kNotMeasured), f(v ? v->shift : kNotMeasured),
                        v ? QString::fromUtf8(verdictName(v->verdict).data()) : QString())
                   .toUtf8();
    }
    return writeFileWhole(path, out);
}

bool ConvergencePage::exportJson(const QString& path) const {
    if (!m_report) return false;
    // The keys of `presisi check --json` (all but its one-line "setup"): rule, threshold, lanes[] {lane,
    // mean, spread, verdict, …}, runs[] and the settings; "index" (the lane's place in the setup) is extra.
    const ConvergenceReport& r = *m_report;
    QJsonObject root;
    root["preset"] = m_scenario.preset.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(m_scenario.preset));
    root["steps"] = m_scenario.steps;
    root["seeds"] = m_settings.seeds;
    root["first_seed"] = static_cast<qint64>(m_settings.firstSeed);  // the same 64 bits, as the CLI writes them
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
    root["reference_lane"] = r.referenceLane >= 0 ? QJsonValue(label(m_scenario, r.referenceLane)) : QJsonValue();
    root["seconds"] = m_seconds;
    QJsonArray lanes;
    for (const LaneVerdict& v : r.lanes) {
        QJsonObject o;
        o["lane"] = label(m_scenario, v.lane);
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
        o["lane"] = label(m_scenario, s.lane);
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
