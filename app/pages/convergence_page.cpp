// ConvergencePage: K seeds of every lane on a worker, its progress and status, and the report shown and
// exported through ConvergenceReportView.
#include "convergence_page.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
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
#include "convergence_report_view.h"
#include "presets.h"
#include "engine/error.h"
#include "widgets/seed_chart.h"
#include "widgets/tool_tips.h"

namespace presisi {

struct ConvergencePage::Progress {
    std::atomic<int> done{0}, total{0};
};

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
    m_view = new ConvergenceReportView(this);
    v->addWidget(m_view->chart(), 3);
    v->addWidget(m_view->table(), 2);
    v->addWidget(m_view->rule());
    m_status = new QLabel();
    m_status->setWordWrap(true);
    v->addWidget(m_status);

    connect(m_run, &QPushButton::clicked, this, [this] { runCheck(); });
    connect(m_cancel, &QPushButton::clicked, this, &ConvergencePage::cancel);
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] { showReport(); });
    m_poll = new QTimer(this);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &ConvergencePage::pollProgress);
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
    const QStringList lanes = laneLabels(s);
    return tr("Presisi convergence check · %1 · %2 seeds · %3 steps · lanes %4")
        .arg(s.preset.empty() ? tr("custom setup") : tr("preset %1").arg(QString::fromStdString(s.preset)))
        .arg(m_report ? static_cast<int>(m_report->runs.size() / std::max<std::size_t>(1, m_report->lanes.size()))
                      : seeds())
        .arg(s.steps)
        .arg(lanes.join(", "));
}

QList<QWidget*> ConvergencePage::charts() const { return {m_view->chart()}; }
SeedChart* ConvergencePage::chart() const { return m_view->chart(); }
QTableWidget* ConvergencePage::verdictTable() const { return m_view->table(); }
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
    m_view->clear();
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
    const QStringList lanes = laneLabels(scenario);
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
    m_view->clear();
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
    bool classification = false;
    for (const SeedResult& s : m_report->runs) classification |= !std::isnan(s.evalAccuracy);
    m_metric->setEnabled(classification);
    m_view->show(*m_report, m_scenario, classification && m_metric->currentIndex() == 1);
}

bool ConvergencePage::exportCsv(const QString& path) const {
    return m_report && ConvergenceReportView::exportCsv(path, *m_report, m_scenario);
}

bool ConvergencePage::exportJson(const QString& path) const {
    return m_report && ConvergenceReportView::exportJson(path, *m_report, m_scenario, m_settings, m_seconds);
}

}  // namespace presisi
