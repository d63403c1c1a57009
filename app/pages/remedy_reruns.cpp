// RemedyReruns: the faulted lane rerun beside each remedy on the engine worker, and the answer drawn and judged.
#include "remedy_reruns.h"

#include <QCoreApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "app/engine_worker.h"
#include "engine/error.h"
#include "engine/training/runner.h"
#include "fault_text.h"
#include "widgets/lane_style.h"
#include "widgets/live_chart.h"

namespace presisi {

namespace {

// Mean of the finite values in [from, to) of `points`' y; NaN when none.
double meanLoss(const QList<QPointF>& points, qsizetype from, qsizetype to) {
    double sum = 0;
    int n = 0;
    for (qsizetype i = std::max<qsizetype>(0, from); i < std::min(to, points.size()); ++i)
        if (std::isfinite(points[i].y())) sum += points[i].y(), ++n;
    return n ? sum / n : kNotMeasured;
}

// The remedy's line: sky blue (no lane format's colour) in long dashes, beside the original's lane pen.
QPen remedyPen() {
    QPen pen(QColor(0x56, 0xB4, 0xE9));
    pen.setWidthF(2.5);
    pen.setDashPattern({5, 2});
    return pen;
}

}  // namespace

RemedyOutcome rerunWithRemedy(const Scenario& scenario, const FirstNonFinite& fault, Remedy remedy,
                        const std::function<void(std::int64_t, std::int64_t)>& progress,
                        const std::atomic<bool>& cancel) {
    if (fault.lane < 0 || fault.lane >= static_cast<int>(scenario.lanes.size()))
        throw Error(RemedyReruns::tr("the faulted lane is not in the scenario").toStdString());
    RemedyOutcome out;
    out.remedy = remedy;
    out.description = QString::fromStdString(remedyDescription(remedy, scenario, fault));
    // The original lane alone and the remedied one; statistics off (only the losses are drawn), so a
    // rerun costs about two lanes of plain training.
    Scenario original = scenario;
    original.lanes = {scenario.lanes[fault.lane]};
    Scenario remedied = remedyScenario(scenario, fault, remedy);
    for (Scenario* s : {&original, &remedied}) {
        s->statistics = false;
        s->histogramInterval = 0;
        s->rangeInterval = 0;
    }
    Runner a(original), b(remedied);
    const std::int64_t steps = std::max(1, scenario.steps);
    out.steps = steps;
    // Every step's loss kept, at most ~2000 points per line (every k-th step).
    const std::int64_t stride = std::max<std::int64_t>(1, steps / 2000);
    out.remediedFinite = true;
    QList<QPointF> all;  // every remedied loss, for the falling test
    for (std::int64_t k = 0; k < steps; ++k) {
        if (cancel) throw Cancelled();
        const StepRecord ra = a.step().front();
        const StepRecord rb = b.step().front();
        if (!std::isfinite(ra.loss) && out.originalNonFiniteStep < 0) out.originalNonFiniteStep = ra.step;
        if (!std::isfinite(rb.loss)) {
            out.remediedFinite = false;
            if (out.remediedNonFiniteStep < 0) out.remediedNonFiniteStep = rb.step;
        }
        all << QPointF(static_cast<double>(rb.step), rb.loss);
        if (k % stride == 0 || k + 1 == steps) {
            out.original << QPointF(static_cast<double>(ra.step), ra.loss);
            out.remedied << QPointF(static_cast<double>(rb.step), rb.loss);
        }
        if (progress) progress(k + 1, steps);
    }
    // Falling: the last tenth's mean below the first tenth's (a single step compares with itself).
    const qsizetype tenth = std::max<qsizetype>(1, all.size() / 10);
    out.firstLoss = meanLoss(all, 0, tenth);
    out.lastLoss = meanLoss(all, all.size() - tenth, all.size());
    out.falling = std::isfinite(out.firstLoss) && std::isfinite(out.lastLoss) && out.lastLoss < out.firstLoss;
    return out;
}

QString remedyVerdict(const RemedyOutcome& o) {
    // Loss means over the first and the last tenth of the rerun's steps.
    const QString original = o.originalNonFiniteStep >= 0
        ? RemedyReruns::tr("original inf/NaN from step %1").arg(o.originalNonFiniteStep)
        : RemedyReruns::tr("original finite in this rerun");
    if (o.helped())
        return RemedyReruns::tr("helped: loss finite and falling, %1 → %2 over %3 steps; %4")
            .arg(doctorNumber(o.firstLoss), doctorNumber(o.lastLoss)).arg(o.steps).arg(original);
    if (!o.remediedFinite) return RemedyReruns::tr("did not help: the loss still turns inf/NaN; %1").arg(original);
    return RemedyReruns::tr("did not help: loss finite but not falling, %1 → %2 over %3 steps; %4")
        .arg(doctorNumber(o.firstLoss), doctorNumber(o.lastLoss)).arg(o.steps).arg(original);
}

RemedyReruns::RemedyReruns(QObject* parent) : QObject(parent), m_jobs(std::make_unique<EngineChannel>(JobKind::Doctor)) {
    m_column = new QVBoxLayout();
    m_column->setSpacing(3);
    auto* remedies = new QLabel(tr("Remedies, in the tutorial's order:"));
    remedies->setToolTip(tr("Each reruns this lane alone with one change, beside the original lane, on the same batches."));
    remedies->setWordWrap(true);
    m_column->addWidget(remedies);
    auto* buttons = new QGridLayout();
    buttons->setSpacing(3);
    const QString names[] = {tr("1 · Lower the learning rate"), tr("2 · Switch to bf16"), tr("3 · Keep the op in f32"),
                             tr("4 · Enable the loss scaler")};
    // Each button says what it changes (remedyDescription) in its tooltip once a fault is shown.
    for (int i = 0; i < 4; ++i) {
        auto* b = new QPushButton(names[i]);
        b->setToolTip(remedies->toolTip());
        const Remedy r = kAllRemedies[i];
        connect(b, &QPushButton::clicked, this, [this, r] { run(r); });
        buttons->addWidget(b, i, 0);
        m_buttons << b;
    }
    m_column->addLayout(buttons);
    auto* progressRow = new QHBoxLayout();
    m_progress = new QProgressBar();
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("no rerun yet"));
    m_progress->setToolTip(tr("The remedy rerun's progress, in steps."));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setEnabled(false);
    m_cancel->setToolTip(tr("Stops the rerun (the window keeps running)."));
    connect(m_cancel, &QPushButton::clicked, this, &RemedyReruns::cancel);
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    m_column->addLayout(progressRow);
    m_verdict = new QLabel();
    m_verdict->setWordWrap(true);
    m_verdict->setToolTip(tr("Helped: the remedied lane's loss stays finite and its mean over the last tenth of the "
                             "steps is below that over the first tenth."));
    m_column->addWidget(m_verdict);
    m_column->addStretch(1);
    m_chart = new LiveChart(tr("Original vs remedy"), tr("step"), tr("loss"));
    m_chart->setScale(AxisScale::Log10);
    m_chart->setEmptyText(tr("Click a remedy"));
    m_chart->setMinimumSize(220, 150);
    m_chart->setToolTip(tr("The faulted lane rerun alone (its loss line stops where it turns inf/NaN) and the same lane "
                           "with the remedy, on the same batches."));
}

RemedyReruns::~RemedyReruns() = default;  // the rerun channel cancels and waits before the widgets go

void RemedyReruns::reset() {
    forgetOutcome();
    m_hasFinding = false;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("no rerun yet"));
}

void RemedyReruns::forgetOutcome() {
    cancel();
    m_hasOutcome = false;
    m_verdict->clear();
    m_chart->setLanes({});
    m_chart->chart()->setTitle(tr("Original vs remedy"));
}

void RemedyReruns::setFinding(const Scenario& scenario, const FirstNonFinite& fault, const QString& laneLabel) {
    m_hasFinding = true;
    m_scenario = scenario;
    m_fault = fault;
    m_laneLabel = laneLabel;
    for (int i = 0; i < 4; ++i) {
        m_buttons[i]->setEnabled(true);
        m_buttons[i]->setToolTip(QString::fromStdString(remedyDescription(kAllRemedies[i], scenario, fault)));
    }
}

QString RemedyReruns::verdictText() const { return m_verdict->text(); }

void RemedyReruns::run(Remedy remedy) {
    if (!m_hasFinding) return;
    const FirstNonFinite fault = m_fault;
    const Scenario scenario = m_scenario;
    m_running = true;
    m_remedy = remedy;
    m_cancel->setEnabled(true);
    m_progress->setRange(0, std::max(1, scenario.steps));
    m_progress->setValue(0);
    const int index = static_cast<int>(std::find(std::begin(kAllRemedies), std::end(kAllRemedies), remedy) -
                                       std::begin(kAllRemedies));
    m_progress->setFormat(tr("remedy %1: step %v of %m").arg(index + 1));
    m_verdict->setText(tr("running…"));
    // A newer click replaces this job: the channel cancels it through its token.
    m_jobs->submit(
        this,
        [this, fault, scenario, remedy](JobContext& job) {
            std::int64_t lastPosted = -1;
            return rerunWithRemedy(scenario, fault, remedy, [&](std::int64_t done, std::int64_t total) {
                // About 50 progress updates per rerun, not one per step.
                if (done != total && done - lastPosted < std::max<std::int64_t>(1, total / 50)) return;
                lastPosted = done;
                job.post([this, done, total] { onProgress(done, total); });
            }, job.token());
        },
        [this](const RemedyOutcome& outcome) { onOutcome(outcome, QString()); },
        [this](const QString& error) { onOutcome({}, error); });
}

void RemedyReruns::cancel() {
    if (!m_running) return;
    m_jobs->cancel();  // whatever the cancelled job still posts is dropped
    m_running = false;
    m_cancel->setEnabled(false);
    m_progress->setFormat(tr("cancelled"));
    m_verdict->setText(tr("rerun cancelled"));
}

void RemedyReruns::waitIdle() {
    m_jobs->waitIdle();
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
}

void RemedyReruns::onProgress(qint64 done, qint64 total) {
    m_progress->setRange(0, static_cast<int>(std::max<qint64>(1, total)));
    m_progress->setValue(static_cast<int>(done));
}

void RemedyReruns::onOutcome(const RemedyOutcome& outcome, const QString& error) {
    m_running = false;
    m_cancel->setEnabled(false);
    if (!error.isEmpty()) {
        m_progress->setFormat(tr("failed"));
        m_verdict->setText(tr("rerun failed: %1").arg(error));
        return;
    }
    m_outcome = outcome;
    m_hasOutcome = true;
    m_progress->setValue(m_progress->maximum());
    m_progress->setFormat(tr("rerun done"));
    const bool helped = outcome.helped();
    m_verdict->setText(QString("%1:<br><b style='color:%2'>%3</b>")
                           .arg(outcome.description.toHtmlEscaped(), helped ? "#00805e" : "#cc3333",
                                remedyVerdict(outcome).toHtmlEscaped()));
    const QString& lane = m_laneLabel;
    const QString remedied = QString::fromStdString(remedyScenario(m_scenario, m_fault, outcome.remedy)
                                                        .lanes.front().label());
    // Two runs of one lane label (a lower learning rate, an op kept in f32) must still be told apart:
    // the original in its lane's pen, the remedy always in a colour and pattern of its own.
    m_chart->setLanes({tr("%1 original").arg(lane),
                       remedied != lane ? tr("%1 remedy").arg(remedied) : tr("%1 remedy").arg(lane)});
    m_chart->setLanePens({lanePen(lane), remedyPen()});
    m_chart->setXAtLeast(static_cast<double>(std::max<std::int64_t>(1, outcome.steps - 1)));
    m_chart->appendPoints(0, outcome.original);
    m_chart->appendPoints(1, outcome.remedied);
    // Each line ends where its loss turned inf/NaN: a cross (in the line's colour) at its last finite value.
    const auto markEnd = [this](int lane, const QList<QPointF>& points, std::int64_t step) {
        if (step < 0) return;
        double y = kNotMeasured;
        for (const QPointF& q : points)
            if (q.x() < step && std::isfinite(q.y())) y = q.y();
        if (std::isfinite(y)) m_chart->markEvent(lane, static_cast<double>(step), y);
    };
    markEnd(0, outcome.original, outcome.originalNonFiniteStep);
    markEnd(1, outcome.remedied, outcome.remediedNonFiniteStep);
    m_chart->refresh();
    // Lines need two finite points; when a run is finite for less than that, the title says where it ended.
    const auto finitePoints = [](const QList<QPointF>& points) {
        return std::count_if(points.begin(), points.end(), [](const QPointF& q) { return std::isfinite(q.y()); });
    };
    QStringList ends;
    if (outcome.originalNonFiniteStep >= 0 && finitePoints(outcome.original) < 2)
        ends << tr("original inf/NaN from step %1").arg(outcome.originalNonFiniteStep);
    if (outcome.remediedNonFiniteStep >= 0 && finitePoints(outcome.remedied) < 2)
        ends << tr("remedy inf/NaN from step %1").arg(outcome.remediedNonFiniteStep);
    m_chart->chart()->setTitle(ends.isEmpty() ? tr("Original vs remedy")
                                              : tr("Original vs remedy: %1").arg(ends.join(tr("; "))));
}


void RemedyReruns::takeOver(RemedyReruns& previous) {
    if (previous.m_running) {
        previous.cancel();  // its worker ends with the old panel: the same rerun starts here
        run(previous.m_remedy);
    } else if (previous.m_hasOutcome) {
        m_remedy = previous.m_remedy;
        onOutcome(previous.m_outcome, QString());
    }
}

void RemedyReruns::restyle() {
    if (m_hasOutcome) m_chart->setLanePens({lanePen(m_laneLabel), remedyPen()});
    else m_chart->applyLaneColours();
}

}  // namespace presisi
