// DoctorPanel: the first inf/NaN's sentence, its lead-up table, and one-click remedy reruns on a worker.
#include "doctor_panel.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "app/engine_worker.h"
#include "engine/error.h"
#include "engine/training/runner.h"
#include "widgets/lane_style.h"
#include "widgets/live_chart.h"
#include "fault_text.h"
#include "widgets/locale_number.h"

namespace presisi {

namespace {

QString num(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return displayNumber(v, 3);
}

// Mean of the finite values in [from, to) of `points`' y; NaN when none.
double meanLoss(const QList<QPointF>& points, qsizetype from, qsizetype to) {
    double sum = 0;
    int n = 0;
    for (qsizetype i = std::max<qsizetype>(0, from); i < std::min(to, points.size()); ++i)
        if (std::isfinite(points[i].y())) sum += points[i].y(), ++n;
    return n ? sum / n : kNotMeasured;
}

const char* const kKindShort[] = {QT_TRANSLATE_NOOP("presisi::DoctorPanel", "outputs"),
                                  QT_TRANSLATE_NOOP("presisi::DoctorPanel", "output grads"),
                                  QT_TRANSLATE_NOOP("presisi::DoctorPanel", "weight grads")};

}  // namespace

namespace {
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
        throw Error(QCoreApplication::translate("presisi::DoctorPanel", "the faulted lane is not in the scenario").toStdString());
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
        ? QCoreApplication::translate("presisi::DoctorPanel", "original inf/NaN from step %1").arg(o.originalNonFiniteStep)
        : QCoreApplication::translate("presisi::DoctorPanel", "original finite in this rerun");
    if (o.helped())
        return QCoreApplication::translate("presisi::DoctorPanel", "helped: loss finite and falling, %1 → %2 over %3 steps; %4")
            .arg(num(o.firstLoss), num(o.lastLoss)).arg(o.steps).arg(original);
    if (!o.remediedFinite) return QCoreApplication::translate("presisi::DoctorPanel", "did not help: the loss still turns inf/NaN; %1").arg(original);
    return QCoreApplication::translate("presisi::DoctorPanel", "did not help: loss finite but not falling, %1 → %2 over %3 steps; %4")
        .arg(num(o.firstLoss), num(o.lastLoss)).arg(o.steps).arg(original);
}

DoctorPanel::DoctorPanel(QWidget* parent) : QFrame(parent), m_jobs(std::make_unique<EngineChannel>(JobKind::Doctor)) {
    setFrameShape(QFrame::StyledPanel);
    setObjectName("doctorPanel");
    setMaximumHeight(290);  // about the lane tiles' height: the charts below keep their room
    setStyleSheet("#doctorPanel { border: 2px solid #d55e00; border-radius: 4px; }");
    // Closed (×) with a finding, the panel shrinks to one line above the tiles with a button that
    // opens it again; open, three columns in the tiles' place: the finding (sentence, lead-up), the
    // remedies, and their rerun chart.
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(0);
    m_strip = new QWidget();
    auto* strip = new QHBoxLayout(m_strip);
    strip->setContentsMargins(6, 2, 6, 2);
    m_stripText = new QLabel();
    m_stripText->setMinimumWidth(1);  // elided by the layout, never widening the page
    m_stripText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* reopen = new QPushButton(tr("Show the NaN doctor"));
    reopen->setToolTip(tr("Opens the panel again: the finding, its lead-up and the remedies."));
    m_stripText->setToolTip(tr("The NaN doctor's finding: the first inf or NaN of this lane, where it appeared."));
    connect(reopen, &QPushButton::clicked, this, [this] { setOpen(true); });
    strip->addWidget(m_stripText, 1);
    strip->addWidget(reopen);
    m_strip->hide();
    outer->addWidget(m_strip);
    m_body = new QWidget();
    outer->addWidget(m_body);
    auto* columns = new QHBoxLayout(m_body);
    columns->setContentsMargins(6, 4, 6, 6);
    columns->setSpacing(8);
    auto* v = new QVBoxLayout();
    v->setSpacing(3);
    auto* middle = new QVBoxLayout();
    middle->setSpacing(3);
    columns->addLayout(v, 4);
    columns->addLayout(middle, 3);
    auto* head = new QHBoxLayout();
    m_title = new QLabel(tr("<b>NaN doctor</b>"));
    m_title->setToolTip(tr("When a lane's values first turn inf or NaN, the doctor says where, shows the steps before, "
                           "and reruns the lane with each remedy."));
    m_laneChoice = new QComboBox();
    m_laneChoice->setToolTip(tr("Lanes whose values turned inf or NaN; pick one to see its finding."));
    auto* close = new QToolButton();
    close->setText("×");
    close->setToolTip(tr("Hide the panel (a line above the tiles keeps the finding; the panel comes back with the next inf/NaN)."));
    head->addWidget(m_title);
    head->addStretch(1);
    head->addWidget(m_laneChoice);
    head->addWidget(close);
    v->addLayout(head);
    // The finding under the head scrolls: in the panel's 290 px the scaler's warning and the lead-up were
    // cut mid-sentence at 1280x800 and below.
    auto* findingArea = new QScrollArea();
    findingArea->setFrameShape(QFrame::NoFrame);
    findingArea->setWidgetResizable(true);
    findingArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* finding = new QWidget();
    auto* fv = new QVBoxLayout(finding);
    fv->setContentsMargins(0, 0, 0, 0);
    fv->setSpacing(3);
    findingArea->setWidget(finding);
    v->addWidget(findingArea, 1);
    connect(close, &QToolButton::clicked, this, [this] {
        cancelRemedy();
        setOpen(false);
    });
    connect(m_laneChoice, &QComboBox::currentIndexChanged, this, [this] {
        if (m_laneChoice->currentData().isValid()) showLane(m_laneChoice->currentData().toInt());
    });

    m_sentence = new QLabel();
    m_sentence->setWordWrap(true);
    m_sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont sf = m_sentence->font();
    sf.setBold(true);
    m_sentence->setFont(sf);
    m_sentence->setToolTip(tr("Where the first inf or NaN appeared: found by re-running that step with a finiteness "
                              "check after every operation (layers 1-based, steps as on the charts' x axis)."));
    fv->addWidget(m_sentence);
    m_scaler = new QLabel();
    m_scaler->setWordWrap(true);
    m_scaler->setStyleSheet("QLabel { color: #9a4a00; }");
    m_scaler->setToolTip(tr("The loss scaler's warnings: a scale that keeps backing off means the gradients overflow "
                            "float16 even unscaled (bfloat16 would fit them)."));
    m_scaler->hide();
    fv->addWidget(m_scaler);

    auto* leadTitle = new QLabel(tr("Lead-up: smallest non-zero … largest |value| per layer"));
    leadTitle->setWordWrap(true);  // in one line it held the panel, and the Training lab, wider than 1280 px
    leadTitle->setToolTip(tr("The last steps before the fault, oldest first; red: some values overflowed or lie above "
                             "a quarter of the format's largest value; grey: some underflowed to zero."));
    fv->addWidget(leadTitle);
    m_table = new QTableWidget();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMinimumHeight(100);
    m_table->setToolTip(leadTitle->toolTip());
    fv->addWidget(m_table, 1);

    auto* remedies = new QLabel(tr("Remedies, in the tutorial's order:"));
    remedies->setToolTip(tr("Each reruns this lane alone with one change, beside the original lane, on the same batches."));
    remedies->setWordWrap(true);
    middle->addWidget(remedies);
    auto* buttons = new QGridLayout();
    buttons->setSpacing(3);
    const QString names[] = {tr("1 · Lower the learning rate"), tr("2 · Switch to bf16"), tr("3 · Keep the op in f32"),
                             tr("4 · Enable the loss scaler")};
    // Each button says what it changes (remedyDescription) in its tooltip once a fault is shown.
    for (int i = 0; i < 4; ++i) {
        auto* b = new QPushButton(names[i]);
        b->setToolTip(remedies->toolTip());
        const Remedy r = kAllRemedies[i];
        connect(b, &QPushButton::clicked, this, [this, r] { runRemedy(r); });
        buttons->addWidget(b, i, 0);
        m_remedyButtons << b;
    }
    middle->addLayout(buttons);
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
    connect(m_cancel, &QPushButton::clicked, this, &DoctorPanel::cancelRemedy);
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    middle->addLayout(progressRow);
    m_verdict = new QLabel();
    m_verdict->setWordWrap(true);
    m_verdict->setToolTip(tr("Helped: the remedied lane's loss stays finite and its mean over the last tenth of the "
                             "steps is below that over the first tenth."));
    middle->addWidget(m_verdict);
    middle->addStretch(1);
    m_chart = new LiveChart(tr("Original vs remedy"), tr("step"), tr("loss"));
    m_chart->setScale(AxisScale::Log10);
    m_chart->setEmptyText(tr("Click a remedy"));
    m_chart->setMinimumSize(220, 150);
    m_chart->setToolTip(tr("The faulted lane rerun alone (its loss line stops where it turns inf/NaN) and the same lane "
                           "with the remedy, on the same batches."));
    columns->addWidget(m_chart, 4);
    hide();
}

DoctorPanel::~DoctorPanel() = default;  // the rerun channel cancels and waits before the widgets go

void DoctorPanel::setRun(const Scenario& scenario, const QStringList& labels) {
    cancelRemedy();
    m_scenario = scenario;
    m_labels = labels;
    m_faults.clear();
    m_warnings.clear();
    m_warningSteps.clear();
    m_warningTexts.clear();
    m_lane = -1;
    m_hasOutcome = false;
    {
        const QSignalBlocker quiet(m_laneChoice);
        m_laneChoice->clear();
    }
    m_laneChoice->hide();
    m_sentence->clear();
    m_scaler->hide();
    m_table->clear();
    m_table->setRowCount(0);
    m_table->setColumnCount(0);
    m_verdict->clear();
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("no rerun yet"));
    m_chart->setLanes({});
    m_chart->chart()->setTitle(tr("Original vs remedy"));
    setOpen(false);
}

void DoctorPanel::setOpen(bool open) {
    const bool was = isOpen();
    m_body->setVisible(open);
    m_strip->setVisible(!open && hasFault());
    setVisible(open || hasFault());
    if (was != open) emit openChanged(open);
}

bool DoctorPanel::isOpen() const { return !isHidden() && !m_body->isHidden(); }

void DoctorPanel::addFault(const FirstNonFinite& fault) {
    if (fault.lane < 0 || fault.lane >= m_labels.size() || m_faults.count(fault.lane)) return;
    m_faults[fault.lane] = fault;
    {
        const QSignalBlocker quiet(m_laneChoice);
        m_laneChoice->addItem(m_labels[fault.lane], fault.lane);
    }
    m_laneChoice->setVisible(m_laneChoice->count() > 1);
    if (m_lane < 0) showLane(fault.lane);
    setOpen(true);
}

void DoctorPanel::addScalerWarning(const ScalerWarning& w) {
    if (w.lane < 0 || w.lane >= m_labels.size()) return;
    const bool recovered = w.why == ScalerWarning::Why::Recovered;
    if (recovered) {
        // The warning's condition ended: it stays as history, how it ended first (a panel too short for
        // the whole text still shows that), then the warning in the past.
        const auto it = m_warnings.find(w.lane);
        m_warnings[w.lane] = tr("%1 — ended: %2 (the warning of step %3: %4)")
                                 .arg(m_labels[w.lane], scalerWarningSentence(w))
                                 .arg(m_warningSteps.value(w.lane))
                                 .arg(it != m_warnings.end() ? m_warningTexts.value(w.lane) : QString());
    } else {
        m_warningSteps[w.lane] = w.step;
        m_warningTexts[w.lane] = scalerWarningSentence(w);
        m_warnings[w.lane] = tr("%1, step %2: %3").arg(m_labels[w.lane]).arg(w.step).arg(m_warningTexts[w.lane]);
    }
    QStringList lines;
    for (const auto& [lane, text] : m_warnings) lines << tr("Scaler: %1").arg(text);
    m_scaler->setText(lines.join("\n"));
    m_scaler->show();
    if (m_lane < 0 && recovered) {
        m_sentence->setText(tr("No inf or NaN has reached this run's weights; the loss scaler struggled and recovered."));
    } else if (m_lane < 0) {
        // A warning before (or without) any inf/NaN: the panel says so, and there is nothing to remedy yet.
        m_title->setText(tr("<b>NaN doctor · loss scaler</b>"));
        m_sentence->setText(tr("No inf or NaN has reached this run's weights; the loss scaler is struggling."));
        for (QPushButton* b : m_remedyButtons) b->setEnabled(false);
    }
}

QString DoctorPanel::sentence() const { return m_sentence->text(); }
QString DoctorPanel::scalerText() const { return m_scaler->isHidden() ? QString() : m_scaler->text(); }
QString DoctorPanel::verdictText() const { return m_verdict->text(); }

void DoctorPanel::showLane(int lane) {
    const auto it = m_faults.find(lane);
    if (it == m_faults.end()) return;
    if (lane != m_lane) {
        cancelRemedy();
        m_hasOutcome = false;
        m_verdict->clear();
        m_chart->setLanes({});
        m_chart->chart()->setTitle(tr("Original vs remedy"));
    }
    m_lane = lane;
    for (QPushButton* b : m_remedyButtons) b->setEnabled(true);
    const FirstNonFinite& f = it->second;
    m_title->setText(tr("<b>NaN doctor · %1</b>").arg(m_labels.value(lane)));
    m_sentence->setText(faultSentence(f));
    m_stripText->setText(tr("<b>NaN doctor · %1:</b> %2")
                             .arg(m_labels.value(lane).toHtmlEscaped(), faultSentence(f).toHtmlEscaped()));
    fillLeadUp(f);
    for (int i = 0; i < 4; ++i)
        m_remedyButtons[i]->setToolTip(QString::fromStdString(remedyDescription(kAllRemedies[i], m_scenario, f)));
    const QSignalBlocker quiet(m_laneChoice);
    m_laneChoice->setCurrentIndex(std::max(0, m_laneChoice->findData(lane)));
}

void DoctorPanel::fillLeadUp(const FirstNonFinite& f) {
    // Rows: every layer's three kinds; columns: the lead-up steps, oldest first.
    std::map<std::pair<int, int>, int> rowOf;
    for (const RangeSnapshot& s : f.leadUp)
        for (const TensorRange& t : s.tensors) rowOf.emplace(std::pair(t.layer, static_cast<int>(t.kind)), 0);
    int row = 0;
    QStringList rowNames;
    for (auto& [key, r] : rowOf) {
        r = row++;
        rowNames << tr("layer %1 %2").arg(key.first + 1).arg(tr(kKindShort[std::clamp(key.second, 0, 2)]));
    }
    m_table->clear();
    m_table->setRowCount(static_cast<int>(rowOf.size()));
    m_table->setColumnCount(static_cast<int>(f.leadUp.size()));
    m_table->setVerticalHeaderLabels(rowNames);
    QStringList cols;
    for (const RangeSnapshot& s : f.leadUp) cols << tr("step %1").arg(s.step);
    m_table->setHorizontalHeaderLabels(cols);
    for (int c = 0; c < static_cast<int>(f.leadUp.size()); ++c)
        for (const TensorRange& t : f.leadUp[c].tensors) {
            auto* item = new QTableWidgetItem(QString("%1 … %2").arg(num(t.absMinNonZero), num(t.absMax)));
            const bool hot = (std::isfinite(t.overflowShare) && t.overflowShare > 0) ||
                             (f.formatMax > 0 && t.absMax > f.formatMax / 4);
            const bool cold = std::isfinite(t.underflowShare) && t.underflowShare > 0;
            if (hot) item->setForeground(QColor(0xCC, 0x33, 0x33));
            else if (cold) item->setForeground(QColor(0x88, 0x88, 0x88));
            item->setToolTip(tr("%1, step %2: smallest non-zero %3, largest %4; underflowed %5, overflowed %6")
                                 .arg(rowNames.value(rowOf[{t.layer, static_cast<int>(t.kind)}]))
                                 .arg(f.leadUp[c].step)
                                 .arg(num(t.absMinNonZero), num(t.absMax), num(t.underflowShare), num(t.overflowShare)));
            m_table->setItem(rowOf[{t.layer, static_cast<int>(t.kind)}], c, item);
        }
    if (f.leadUp.empty()) {
        m_table->setColumnCount(1);
        m_table->setHorizontalHeaderLabels({tr("lead-up")});
        m_table->setRowCount(1);
        m_table->setItem(0, 0, new QTableWidgetItem(tr("no statistics kept (statistics off, or the fault at step 0)")));
    }
}

void DoctorPanel::runRemedy(Remedy remedy) {
    if (m_lane < 0 || !m_faults.count(m_lane)) return;
    const FirstNonFinite fault = m_faults[m_lane];
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

void DoctorPanel::cancelRemedy() {
    if (!m_running) return;
    m_jobs->cancel();  // whatever the cancelled job still posts is dropped
    m_running = false;
    m_cancel->setEnabled(false);
    m_progress->setFormat(tr("cancelled"));
    m_verdict->setText(tr("rerun cancelled"));
}

void DoctorPanel::waitForRemedy() {
    m_jobs->waitIdle();
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
}

void DoctorPanel::onProgress(qint64 done, qint64 total) {
    m_progress->setRange(0, static_cast<int>(std::max<qint64>(1, total)));
    m_progress->setValue(static_cast<int>(done));
}

void DoctorPanel::onOutcome(const RemedyOutcome& outcome, const QString& error) {
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
    const QString lane = m_labels.value(m_lane);
    const QString remedied = QString::fromStdString(remedyScenario(m_scenario, m_faults[m_lane], outcome.remedy)
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

void DoctorPanel::takeOver(DoctorPanel& previous) {
    if (previous.m_lane >= 0) showLane(previous.m_lane);
    if (previous.m_running) {
        previous.cancelRemedy();  // its worker ends with the old panel: the same rerun starts here
        runRemedy(previous.m_remedy);
    } else if (previous.m_hasOutcome) {
        m_remedy = previous.m_remedy;
        onOutcome(previous.m_outcome, QString());
    }
    if (hasFault()) setOpen(previous.isOpen());
}

void DoctorPanel::restyle() {
    if (m_hasOutcome) m_chart->setLanePens({lanePen(m_labels.value(m_lane)), remedyPen()});
    else m_chart->applyLaneColours();
}

}  // namespace presisi
