// TrainingPage: controls on the left, lanes (decision boundary + numbers) on top, four live charts below,
// the timeline under them: the layout, what the page says (explanation, caption, status, exports) and a
// rebuilt window's hand-over. The side panel is TrainingForm, the tiles LaneBoard, the charts ChartDeck,
// the timeline RunTimeline; TrainingSession runs the run, RunView draws it.
#include "training_page.h"

#include "chart_choices.h"
#include "chart_deck.h"
#include "doctor_panel.h"
#include "lane_board.h"
#include "training_form.h"
#include "gradient_ranges.h"
#include "run_timeline.h"
#include "run_view.h"
#include "training_session.h"
#include "training_page_common.h"
#include "widgets/range_chart.h"

#include <QChartView>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "presets.h"
#include "run_controller.h"
#include "services/scenario_file.h"
#include "widgets/input_guard.h"
#include "widgets/histogram_chart.h"
#include "widgets/live_chart.h"

namespace presisi {

using namespace trainingpage;

TrainingPage::TrainingPage(QWidget* parent) : Page(parent) {
    auto* root = new QHBoxLayout(this);
    root->setContentsMargins(4, 4, 4, 4);
    auto* scroll = new QScrollArea();
    m_panel = scroll;
    scroll->setWidgetResizable(true);
    scroll->setFixedWidth(kPanelWidth);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_form = new TrainingForm();
    QWidget* host = m_form;
    m_panelHost = host;
    host->setFixedWidth(kPanelWidth - 16);  // room for the vertical scroll bar
    connect(m_form, &TrainingForm::paceChanged, this, [this](double pace) { controller()->setPace(pace); });
    connect(m_form, &TrainingForm::playClicked, this, &TrainingPage::playPause);
    connect(m_form, &TrainingForm::stepClicked, this, &TrainingPage::stepOnce);
    connect(m_form, &TrainingForm::resetClicked, this, &TrainingPage::resetRun);
    // The underflow chart's title names what it counts, and it is redrawn from the store for that kind.
    connect(m_form->charts(), &ChartChoices::underflowKindChanged, this, [this] {
        m_deck->nameUnderflowChart();
        m_deck->replotUnderflow();
    });
    connect(m_form->charts(), &ChartChoices::histogramLayerChanged, this, [this] { m_deck->showHistograms(); });
    connect(m_form->charts(), &ChartChoices::logLossToggled, this, [this](bool on) { m_deck->setLogLoss(on); });
    guardWheel(host);
    scroll->setWidget(host);
    root->addWidget(scroll);

    auto* centre = new QVBoxLayout();
    m_banner = new QLabel();
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet("QLabel { background: #fde0dc; color: #7a1c10; border: 1px solid #d55e00; padding: 4px; }");
    m_banner->hide();
    centre->addWidget(m_banner);
    m_board = new LaneBoard();
    centre->addWidget(m_board, 0);

    m_deck = new ChartDeck(m_form->charts(), [this]() -> const RecordStore& { return controller()->records(); }, this);
    // Two columns, or one where two would squeeze the charts (flowCharts); every row the same height,
    // whatever each chart's preferred size (a squeezed row's axis labels elide).
    flowCharts();
    centre->addLayout(m_deck->grid(), 1);
    // The timeline: when paused or finished, drag it (or ← → Home End with it focused) to look at
    // any step of the run; Play resumes from the end. Left of it, the toggle that folds the settings
    // panel away, for the charts' sake (a projector, large text).
    m_timeline = new RunTimeline();
    m_panelToggle = new QToolButton();
    m_panelToggle->setAutoRaise(true);
    m_panelToggle->setArrowType(Qt::LeftArrow);
    m_panelToggle->setToolTip(tr("Hide or show the settings panel (the charts take its width)"));
    connect(m_panelToggle, &QToolButton::clicked, this, [this] { setPanelCollapsed(!panelCollapsed()); });
    m_timeline->addLeading(m_panelToggle);
    centre->addWidget(m_timeline);
    connect(m_timeline, &RunTimeline::stepChosen, this, &TrainingPage::scrubTo);
    root->addLayout(centre, 1);
    // The NaN doctor, hidden until a lane's first inf/NaN, takes the lane tiles' place while open.
    m_doctor = new DoctorPanel();
    centre->insertWidget(centre->indexOf(m_board) + 1, m_doctor, 0);
    // Open, the panel takes exactly the tiles' height, so the charts below keep theirs (their axis labels
    // elide when squeezed); its lead-up table scrolls instead.
    connect(m_doctor, &DoctorPanel::openChanged, m_board, [this](bool open) {
        if (open) m_doctor->setMaximumHeight(std::max(m_board->minimumHeight(), m_board->height()));
        else m_doctor->setMaximumHeight(QWIDGETSIZE_MAX);
        m_board->setVisible(!open);
    });
    trackCharts();
    m_view = new RunView({m_form, m_board, m_deck, m_doctor, m_timeline}, this);
    connect(m_view, &RunView::statusChanged, this, &Page::statusChanged);
    connect(m_view, &RunView::statusMessage, this, &Page::statusMessage);
    connect(m_view, &RunView::speedChanged, this, &TrainingPage::speedChanged);
    connect(m_view, &RunView::momentReached, this, &TrainingPage::momentReached);
    m_session = new TrainingSession(m_form, m_view, m_timeline, this);
    connect(m_session, &TrainingSession::failed, this, &TrainingPage::showFailure);
    connect(m_session, &TrainingSession::loaded, this, [this] {
        emit explanationChanged();
        emit statusChanged();
    });
    connect(m_session, &TrainingSession::statusChanged, this, &Page::statusChanged);
    connectController();

    // The window opens on the first preset's scenario (or the defaults), not yet run.
    Scenario s;
    s.lanes.clear();
    for (const char* l : kDefaultLanes) s.lanes.push_back(parseLane(std::string("cpu:") + l));
    setScenario(s);
    m_view->setLanes(s);
}

// The controller (a child) ends its worker in its own destructor, without running events here.
TrainingPage::~TrainingPage() = default;

void TrainingPage::setScenario(const Scenario& scenario) { m_form->setScenario(scenario); }
Scenario TrainingPage::scenarioFromControls() const { return m_form->scenarioFromControls(); }
void TrainingPage::setPace(double stepsPerSecond) { m_form->setPace(stepsPerSecond); }
double TrainingPage::pace() const { return m_form->pace(); }
QString TrainingPage::laneProblem() const { return m_form->laneProblem(); }
QTableWidget* TrainingPage::policyTable() const { return m_form->policyTable(); }

void TrainingPage::connectController() {
    // The views first (RunView), then what the page itself shows of the run.
    RunController* controller = m_session->controller();
    m_view->follow(controller);
    connect(controller, &RunController::runStarted, this, [this] {
        m_banner->hide();
        emit explanationChanged();
    });
    connect(controller, &RunController::stateChanged, this, &TrainingPage::onState);
    connect(controller, &RunController::runReset, this, [this] { m_banner->hide(); });
}

RunController* TrainingPage::controller() const { return m_session->controller(); }
bool TrainingPage::loadPreset(const QString& name, bool start, QString* error) { return m_session->loadPreset(name, start, error); }
bool TrainingPage::openScenario(const Scenario& scenario, QString* error) { return m_session->openScenario(scenario, error); }
QString TrainingPage::loadedPreset() const { return m_session->preset(); }
void TrainingPage::run() { m_session->run(); }
void TrainingPage::playPause() { m_session->playPause(); }
void TrainingPage::stepOnce() { m_session->stepOnce(); }
void TrainingPage::resetRun() { m_session->reset(); }
void TrainingPage::nextMoment() { m_session->nextMoment(); }
void TrainingPage::setPauseAtMoments(bool on) { m_session->setPauseAtMoments(on); }
bool TrainingPage::pauseAtMoments() const { return m_session->pauseAtMoments(); }
void TrainingPage::suspendMomentStops(bool suspended) { m_session->suspendMomentStops(suspended); }
QList<std::int64_t> TrainingPage::timelineMarks() const { return m_timeline->marks(); }
QString TrainingPage::momentText() const { return m_timeline->momentText(); }

QString TrainingPage::explanation() const {
    const Scenario& base = m_form->base();
    QString out;
    if (!base.preset.empty() || !loadedPreset().isEmpty()) {
        const QString shown = base.title.empty() ? loadedPreset() : presetText(base.title);
        out += tr("<h3>Preset: %1</h3><p>%2</p><hr>").arg(shown.toHtmlEscaped(), presetText(base.explanation).toHtmlEscaped());
    } else if (!base.title.empty()) {
        // An experiment of one's own (loaded data, a saved file): its own title, no preset's story.
        out += QString("<h3>%1</h3>").arg(presetText(base.title).toHtmlEscaped());
        if (!base.explanation.empty()) out += QString("<p>%1</p>").arg(presetText(base.explanation).toHtmlEscaped());
        out += "<hr>";
    }
    if (base.workload == Workload::Accumulation) {
        out += tr("<b>Summation.</b> Every lane adds the same values, one by one, into an accumulator held in its "
                  "format; each partial sum is rounded to it. The left chart shows each lane's running sum against the "
                  "exact sum (the wide pale band), the right one how far each lane is from it, in percent. Once a "
                  "format's spacing at the running sum exceeds twice the value added, the sum stops growing.");
        return out;
    }
    out += tr("<b>Training lab.</b> Every lane trains the same model from the same seed on the same batches; only "
           "the number format and the policy differ. Forward and loss run under autocast, master weights and "
           "the optimizer stay in f32.<br><br>"
           "Charts: the loss; the share of gradients that are zero in a lane but not in f32 (underflow); the "
           "loss scaler's scale with skipped steps marked; gradient magnitudes on log2 bins against the f16 and "
           "bf16 ranges. A lane whose loss turns NaN leaves the loss chart where a cross marks its last "
           "finite value, in the lane's colour; its tile says nan.<br><br>"
           "<b>Ranges</b> (beside Histogram): one lane's tensors per layer, smallest to largest magnitude, over "
           "its format's zero, subnormal, normal and overflow regions. <b>NaN doctor</b>: when a lane first turns "
           "inf or NaN, a panel says where, shows the steps before, and reruns the lane with each remedy.");
    return out;
}

QString TrainingPage::caption() const {
    const Scenario& s = controller()->scenario();
    QStringList sizes;
    for (int w : s.sizes) sizes << QString::number(w);
    // The model with its normalisation ("2-64-64-3 BatchNorm"), the batch with its micro-batches ("1 × 4096").
    const QString model = s.norm == NormKind::None ? sizes.join("-") : sizes.join("-") + ' ' + normModuleName(s.norm);
    QString batch = s.batch > 0 ? QString::number(s.batch) : tr("full");  // batch 0 is the full batch
    if (s.gradAccum > 1) batch += QString(" × %1").arg(s.gradAccum);
    return tr("Presisi training lab%1: %2 %3, %4 %5 lr %6, batch %7, seed %8; lanes %9; step %10")
        .arg(s.preset.empty() ? QString() : tr(" (preset %1)").arg(QString::fromStdString(s.preset)))
        .arg(qs(datasetName(s.data.kind)), model, qs(activationName(s.activation)), qs(optimizerName(s.optimizer.kind)))
        .arg(s.optimizer.lr)
        .arg(batch)
        .arg(s.seed)
        .arg(m_view->laneLabels().join(", "))
        .arg(m_view->lastStep() + 1);
}

QList<QWidget*> TrainingPage::charts() const {
    return {m_deck->loss(), m_deck->underflow(), m_deck->scale(), m_deck->histogram(), m_deck->ranges()->chart(), m_deck->casts()};
}

QString TrainingPage::failureText() const { return m_banner->isHidden() ? QString() : m_banner->text(); }

QString TrainingPage::statusText() const {
    // "finished" only when the run reached its step count (the controller's Finished state).
    QString text = tr("Training: %1 · %2 lanes").arg(runStateName(controller()->state())).arg(laneCount());
    const std::int64_t done = m_view->lastStep() + 1, set = controller()->scenario().steps;
    if (done > set)  // Play on a finished run went on for as many steps again
        text += tr(" · %1 steps done (%2 after the set %3)").arg(done).arg(done - set).arg(set);
    else if (m_view->lastStep() >= 0)
        text += tr(" · %1 of %2 steps done").arg(done).arg(set);
    return text;
}

void TrainingPage::showFailure(const QString& message) {
    m_banner->setText(tr("Run failed: %1").arg(message));
    m_banner->setVisible(!message.isEmpty());
}

void TrainingPage::onState(RunState state) {
    const bool running = state == RunState::Running || state == RunState::Starting;
    // Antialiased strokes are most of a frame's cost: live frames are drawn without, the still
    // picture after a run (and every export of it) with.
    for (QWidget* c : charts())
        if (auto* view = qobject_cast<QChartView*>(c)) view->setRenderHint(QPainter::Antialiasing, !running);
    m_form->setRunning(running);
}

bool TrainingPage::exportCsv(const QString& path) const {
    const RecordStore& records = controller()->records();
    if (records.empty()) return false;
    return writeFileWhole(path, trainingCsv(controller()->scenario(), records.toVector()));
}

bool TrainingPage::exportJson(const QString& path) const {
    const RecordStore& records = controller()->records();
    if (records.empty()) return false;
    // The whole scenario goes into the file: "preset" names the loaded preset (also after its settings
    // were changed) and the .npy paths are written as seen from the file.
    Scenario s = controller()->scenario();
    if (s.preset.empty()) s.preset = loadedPreset().toStdString();
    s = services::scenarioForFile(s, path.toStdString());
    return writeFileWhole(path, trainingJson(s, records.toVector(), controller()->finals()));
}

// The old page's controller becomes this page's (TrainingSession::adopt), the controls as the person
// left them, and the run drawn again (RunView::replay).
void TrainingPage::takeOver(Page& previous) {
    auto& old = static_cast<TrainingPage&>(previous);
    RunController* adopted = old.controller();
    disconnect(adopted, nullptr, &old, nullptr);
    disconnect(controller(), nullptr, this, nullptr);
    m_session->adopt(*old.m_session);
    old.m_view->follow(old.controller());
    connectController();

    // The setup the controls describe (where a field does not form one, a lane field holding
    // "nonsense", the run's setup instead), the loaded preset and the chart choices.
    Scenario setup;
    try {
        setup = old.scenarioFromControls();
    } catch (const std::exception&) {
        setup = adopted->scenario();
    }
    setScenario(setup);
    m_form->setBase(old.m_form->base());
    m_form->charts()->setWeightUnderflow(old.m_form->charts()->weightUnderflow());
    m_form->charts()->setLogLoss(old.m_form->charts()->logLoss());
    if (!old.m_banner->isHidden()) {
        m_banner->setText(old.m_banner->text());
        m_banner->show();
    }
    m_view->replay(*old.m_view);
    onState(adopted->state());  // Play or Pause
    emit explanationChanged();
    emit statusChanged();
}

int TrainingPage::laneCount() const { return m_view->laneLabels().size(); }
int TrainingPage::batchesReceived() const { return m_view->batches(); }
std::int64_t TrainingPage::lastStepShown() const { return m_view->lastStep(); }
LiveChart* TrainingPage::lossChart() const { return m_deck->loss(); }
LiveChart* TrainingPage::underflowChart() const { return m_deck->underflow(); }
LiveChart* TrainingPage::scaleChart() const { return m_deck->scale(); }
LiveChart* TrainingPage::castChart() const { return m_deck->casts(); }
ScaleCastView* TrainingPage::scaleCastView() const { return m_deck->scaleCell(); }
HistogramChart* TrainingPage::histogramChart() const { return m_deck->histogram(); }
GradientRangeView* TrainingPage::rangeView() const { return m_deck->ranges(); }
QSlider* TrainingPage::timeline() const { return m_timeline->slider(); }
QString TrainingPage::timelineText() const { return m_timeline->text(); }
std::int64_t TrainingPage::scrubStep() const { return m_timeline->scrubStep(); }
void TrainingPage::scrubTo(std::int64_t step) { m_view->scrubTo(step); }

void TrainingPage::flowCharts() {
    // The chart cells in reading order; a chart shown alone elsewhere is left out until it returns
    // (MainWindow then calls rescale, which flows them again).
    m_chartColumns = flowChartGrid(m_deck->grid(), m_deck->cells(), m_panel->isHidden() ? 0 : m_panel->width(), m_chartColumns, this);
}

void TrainingPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    flowCharts();
}

void TrainingPage::rescale(double scale) {
    m_panel->setFixedWidth(static_cast<int>(kPanelWidth * scale));
    m_panelHost->setFixedWidth(static_cast<int>(kPanelWidth * scale) - 16);
    // Charts keep a legible height as the text grows (their axes and legend take more of it).
    m_deck->setMinimumChartHeight(static_cast<int>(std::lround(kMinChartHeight * scale)));
    m_chartColumns = 0;
    m_board->reflow();
    flowCharts();
}

void TrainingPage::setPanelCollapsed(bool collapsed) {
    m_panel->setVisible(!collapsed);
    m_panelToggle->setArrowType(collapsed ? Qt::RightArrow : Qt::LeftArrow);
    m_chartColumns = 0;
    flowCharts();
    m_board->reflow();
}

bool TrainingPage::panelCollapsed() const { return m_panel->isHidden(); }

void TrainingPage::restyle() {
    m_board->restyle();
    m_deck->restyle();
    m_doctor->restyle();
}

}  // namespace presisi
