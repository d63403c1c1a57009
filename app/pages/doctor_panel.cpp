// DoctorPanel: the first inf/NaN's sentence, the scaler's warnings and the lead-up table, with the remedies'
// column and rerun chart (RemedyReruns) beside them.
#include "doctor_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "fault_text.h"
#include "widgets/live_chart.h"

namespace presisi {

namespace {

const char* const kKindShort[] = {QT_TRANSLATE_NOOP("presisi::DoctorPanel", "outputs"),
                                  QT_TRANSLATE_NOOP("presisi::DoctorPanel", "output grads"),
                                  QT_TRANSLATE_NOOP("presisi::DoctorPanel", "weight grads")};

}  // namespace

DoctorPanel::DoctorPanel(QWidget* parent) : QFrame(parent), m_reruns(new RemedyReruns(this)) {
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
    columns->addLayout(v, 4);
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
        m_reruns->cancel();
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

    columns->addLayout(m_reruns->column(), 3);
    columns->addWidget(m_reruns->chart(), 4);
    hide();
}

void DoctorPanel::setRun(const Scenario& scenario, const QStringList& labels) {
    m_reruns->reset();
    m_scenario = scenario;
    m_labels = labels;
    m_faults.clear();
    m_warnings.clear();
    m_warningSteps.clear();
    m_warningTexts.clear();
    m_lane = -1;
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
        for (QPushButton* b : m_reruns->buttons()) b->setEnabled(false);
    }
}

QString DoctorPanel::sentence() const { return m_sentence->text(); }
QString DoctorPanel::scalerText() const { return m_scaler->isHidden() ? QString() : m_scaler->text(); }

void DoctorPanel::showLane(int lane) {
    const auto it = m_faults.find(lane);
    if (it == m_faults.end()) return;
    if (lane != m_lane) m_reruns->forgetOutcome();
    m_lane = lane;
    const FirstNonFinite& f = it->second;
    m_title->setText(tr("<b>NaN doctor · %1</b>").arg(m_labels.value(lane)));
    m_sentence->setText(faultSentence(f));
    m_stripText->setText(tr("<b>NaN doctor · %1:</b> %2")
                             .arg(m_labels.value(lane).toHtmlEscaped(), faultSentence(f).toHtmlEscaped()));
    fillLeadUp(f);
    m_reruns->setFinding(m_scenario, f, m_labels.value(lane));
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
            auto* item =
                new QTableWidgetItem(QString("%1 … %2").arg(doctorNumber(t.absMinNonZero), doctorNumber(t.absMax)));
            const bool hot = (std::isfinite(t.overflowShare) && t.overflowShare > 0) ||
                             (f.formatMax > 0 && t.absMax > f.formatMax / 4);
            const bool cold = std::isfinite(t.underflowShare) && t.underflowShare > 0;
            if (hot) item->setForeground(QColor(0xCC, 0x33, 0x33));
            else if (cold) item->setForeground(QColor(0x88, 0x88, 0x88));
            item->setToolTip(tr("%1, step %2: smallest non-zero %3, largest %4; underflowed %5, overflowed %6")
                                 .arg(rowNames.value(rowOf[{t.layer, static_cast<int>(t.kind)}]))
                                 .arg(f.leadUp[c].step)
                                 .arg(doctorNumber(t.absMinNonZero), doctorNumber(t.absMax),
                                      doctorNumber(t.underflowShare), doctorNumber(t.overflowShare)));
            m_table->setItem(rowOf[{t.layer, static_cast<int>(t.kind)}], c, item);
        }
    if (f.leadUp.empty()) {
        m_table->setColumnCount(1);
        m_table->setHorizontalHeaderLabels({tr("lead-up")});
        m_table->setRowCount(1);
        m_table->setItem(0, 0, new QTableWidgetItem(tr("no statistics kept (statistics off, or the fault at step 0)")));
    }
}


void DoctorPanel::takeOver(DoctorPanel& previous) {
    if (previous.m_lane >= 0) showLane(previous.m_lane);
    m_reruns->takeOver(*previous.m_reruns);
    if (hasFault()) setOpen(previous.isOpen());
}

}  // namespace presisi
