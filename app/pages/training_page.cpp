// TrainingPage: controls on the left, lanes (decision boundary + numbers) on top, four live charts below.
#include "training_page.h"

#include "doctor_panel.h"
#include "gradient_ranges.h"
#include "widgets/range_chart.h"

#include <QChartView>
#include <QCheckBox>
#include <QSlider>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "engine/error.h"
#include "presets.h"
#include "run_controller.h"
#include "widgets/input_guard.h"
#include "widgets/number_field.h"
#include "widgets/section.h"
#include "widgets/boundary_view.h"
#include "widgets/histogram_chart.h"
#include "widgets/lane_style.h"
#include "widgets/lane_tile.h"
#include "widgets/live_chart.h"

namespace presisi {

namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

QString fmt(double v, int digits = 4) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return QString::number(v, 'g', digits);
}

QString pct(double share) {
    if (std::isnan(share)) return "—";
    return QString::number(100.0 * share, 'f', share < 0.001 && share > 0 ? 3 : 1) + QChar(0x00A0) + "%";
}

QString log2Text(double scale) {
    if (!(scale > 0) || !std::isfinite(scale)) return fmt(scale);
    const double e = std::log2(scale);
    if (std::abs(e - std::round(e)) < 1e-9) return QString("2^%1").arg(static_cast<int>(std::round(e)));
    return fmt(scale);
}

const char* const kDefaultLanes[] = {"f32", "bf16", "f16", "f16+scaler"};
const DatasetKind kDatasets[] = {DatasetKind::Spiral, DatasetKind::Circles, DatasetKind::Xor, DatasetKind::Gaussians,
                                 DatasetKind::Moons,  DatasetKind::Sine,    DatasetKind::Plane, DatasetKind::Teacher};
const OpPolicy kPolicies[] = {OpPolicy::Low, OpPolicy::F32, OpPolicy::AsInput};

constexpr int kPointCap = 3000;
constexpr int kPanelWidth = 250;  // side panel at text scale 1
const QString kHistogramTitle = "Gradient magnitudes (log2 bins)";
const QString kExactLabel = "exact";
constexpr int kKeptHistograms = 400;  // per lane, for scrubbing
constexpr int kKeptBoundaries = 100;  // decision-boundary snapshots, for scrubbing

// Steps per second offered by the pace box (0: as fast as the machine goes).
const double kPaces[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 0};

QString paceText(double pace) {
    return pace > 0 ? QString("%1 steps/s").arg(QString::number(pace, 'g', 6)) : QString("max (as fast as it goes)");
}

const char* const kLaneSpecHelp =
    "Lanes beyond the boxes, separated by commas: device:format[+scaler][+ftz], e.g. cpu:f16+ftz, "
    "cpu:bf16+scaler, gpu:f16. Formats f32, bf16, f16.";

}  // namespace

TrainingPage::TrainingPage(QWidget* parent) : Page(parent) {
    m_controller = new RunController(this);
    connect(m_controller, &RunController::runStarted, this, &TrainingPage::onRunStarted);
    connect(m_controller, &RunController::recordsReady, this, &TrainingPage::onRecords);
    connect(m_controller, &RunController::stateChanged, this, &TrainingPage::onState);
    connect(m_controller, &RunController::runReset, this, [this] {
        m_loss->clearPoints();
        m_underflow->clearPoints();
        m_scale->clearPoints();
        setupLanes(m_laneLabels, m_controller->scenario());
        m_banner->hide();
    });

    auto* root = new QHBoxLayout(this);
    root->setContentsMargins(4, 4, 4, 4);
    auto* scroll = new QScrollArea();
    m_panel = scroll;
    scroll->setWidgetResizable(true);
    scroll->setFixedWidth(kPanelWidth);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* host = new QWidget();
    m_panelHost = host;
    host->setFixedWidth(kPanelWidth - 16);  // room for the vertical scroll bar
    buildControls(host);
    guardWheel(host);
    scroll->setWidget(host);
    root->addWidget(scroll);

    auto* centre = new QVBoxLayout();
    m_banner = new QLabel();
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet("QLabel { background: #fde0dc; color: #7a1c10; border: 1px solid #d55e00; padding: 4px; }");
    m_banner->hide();
    centre->addWidget(m_banner);
    m_laneGrid = new QGridLayout();
    m_laneGrid->setSpacing(4);
    auto* laneHost = new QWidget();
    m_laneHost = laneHost;
    laneHost->setLayout(m_laneGrid);
    // The tiles never widen the window: they wrap into rows instead (flowTiles), so the lane host
    // takes the width it is given and sets its own minimum height from the rows.
    laneHost->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    laneHost->setMinimumSize(1, 250);
    centre->addWidget(laneHost, 0);

    m_loss = new LiveChart("Training loss per step", "step", "loss");
    m_underflow = new LiveChart("Gradient underflow", "step", "% underflowed");
    m_underflow->setValueCeiling(100);
    m_underflow->setToolTip("Share of gradient elements that are exactly 0 in the lane while a float32 backward gives non-zero");
    m_scale = new LiveChart("Loss scale (skipped steps marked)", "step", "scale");
    m_scale->setMarkerName("skipped");
    m_loss->setToolTip("A cross marks where a lane's loss turned inf or NaN (at its last finite value).");
    m_scale->setScale(AxisScale::Log2);
    m_histogram = new HistogramChart(kHistogramTitle, "log2 |gradient| (scaled)", "% of gradients");
    for (LiveChart* c : {m_loss, m_underflow, m_scale}) {
        c->setPointCap(kPointCap);
        c->setEmptyText("Press Play (Space), or step (.)");
    }
    m_loss->setScale(m_logLoss->isChecked() ? AxisScale::Log10 : AxisScale::Linear);
    const FormatTraits& h = traits(Format::F16);
    const FormatTraits& b = traits(Format::BF16);
    // bf16's range as a strip along the top, f16's below it: no band lies on another, so each
    // looks like its legend swatch.
    m_histogram->addBand(std::log2(b.minSubnormal), std::log2(b.max) + 1, "bf16 range", laneStyle(Device::Cpu, Format::BF16).color, 0.92, 1.0);
    m_histogram->addBand(std::log2(h.minSubnormal), std::log2(h.minNormal), "f16 subnormal", QColor(0xD5, 0x5E, 0x00), 0, 0.92);
    m_histogram->addBand(std::log2(h.minNormal), std::log2(h.max) + 1, "f16 normal", laneStyle(Device::Cpu, Format::F16).color, 0, 0.92);
    m_histogram->setEmptyText("Press Play (Space), or step (.)");
    m_histogram->setLegendRight(true);
    m_histogram->setToolTip("Bands: bf16 from 2^-133 (subnormal) up (the strip along the top); f16 subnormal 2^-24 to "
                            "2^-14, normal 2^-14 to 65504. Exact zeros and inf/NaN have no bin: the legend gives "
                            "their share beside each lane.");
    auto* charts = new QGridLayout();
    charts->setSpacing(4);
    charts->addWidget(m_loss, 0, 0);
    charts->addWidget(m_underflow, 0, 1);
    charts->addWidget(m_scale, 1, 0);
    m_ranges = new GradientRangeView(m_histogram);  // Histogram | Ranges in one cell
    charts->addWidget(m_ranges, 1, 1);
    // Both rows of charts the same height, whatever each chart's preferred size (the lower row would
    // otherwise be squeezed until its axis labels elide).
    charts->setRowStretch(0, 1);
    charts->setRowStretch(1, 1);
    centre->addLayout(charts, 1);
    // The timeline: when paused or finished, drag it (or ← → Home End with it focused) to look at
    // any step of the run; Play resumes from the end.
    auto* timelineRow = new QHBoxLayout();
    m_timeline = new QSlider(Qt::Horizontal);
    m_timeline->setEnabled(false);
    m_timeline->setFocusPolicy(Qt::StrongFocus);
    m_timeline->setToolTip("The run's steps: drag to show a step's tiles and histogram; Play resumes from the end");
    m_timelineLabel = new QLabel("timeline: run or step first");
    // A fixed width, so the slider does not jump when the words change.
    m_timelineLabel->setMinimumWidth(
        m_timelineLabel->fontMetrics().horizontalAdvance("step 0000000 of 0000000 · Play goes on from the end"));
    timelineRow->addWidget(m_timeline, 1);
    timelineRow->addWidget(m_timelineLabel);
    centre->addLayout(timelineRow);
    connect(m_timeline, &QSlider::valueChanged, this, [this](int v) { scrubTo(v); });
    root->addLayout(centre, 1);
    // The NaN doctor, hidden until a lane's first inf/NaN, takes the lane tiles' place while open.
    m_doctor = new DoctorPanel();
    centre->insertWidget(centre->indexOf(laneHost) + 1, m_doctor, 0);
    // Open, the panel takes exactly the tiles' height, so the charts below keep theirs (their axis labels
    // elide when squeezed); its lead-up table scrolls instead.
    connect(m_doctor, &DoctorPanel::openChanged, laneHost, [this, laneHost](bool open) {
        if (open) m_doctor->setMaximumHeight(std::max(laneHost->minimumHeight(), laneHost->height()));
        else m_doctor->setMaximumHeight(QWIDGETSIZE_MAX);
        laneHost->setVisible(!open);
    });
    trackCharts();

    // The window opens on the first preset's scenario (or the defaults), not yet run.
    Scenario s;
    s.lanes.clear();
    for (const char* l : kDefaultLanes) s.lanes.push_back(parseLane(std::string("cpu:") + l));
    setScenario(s);
    m_base = s;
    m_laneLabels.clear();
    for (const auto& l : s.lanes) m_laneLabels << QString::fromStdString(l.label());
    setupLanes(m_laneLabels, s);
}

// The controller (a child) ends its worker in its own destructor, without running events here.
TrainingPage::~TrainingPage() = default;

void TrainingPage::buildControls(QWidget* host) {
    auto* v = new QVBoxLayout(host);
    v->setContentsMargins(2, 2, 2, 2);

    auto* runRow = new QHBoxLayout();
    m_play = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), "Play");
    m_play->setToolTip("Play / pause (Space). After a change of the controls, starts again from step 0.");
    m_step = new QPushButton(style()->standardIcon(QStyle::SP_MediaSkipForward), "Step");
    m_step->setToolTip("One step of every lane (.)");
    m_reset = new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), "Reset");
    m_reset->setToolTip("Back to step 0 (Ctrl+R)");
    runRow->addWidget(m_play);
    runRow->addWidget(m_step);
    runRow->addWidget(m_reset);
    v->addLayout(runRow);
    // Pace: slow motion to narrate, up to as fast as the machine goes; each preset brings its own.
    auto* paceRow = new QHBoxLayout();
    auto* paceLabel = new QLabel("pace");
    m_pace = new QComboBox();
    for (double p : kPaces) m_pace->addItem(paceText(p), p);
    m_pace->setToolTip("Steps per second. The engine waits between steps; 'max' runs as fast as the machine goes. "
                       "Changes apply at once, also during a run.");
    paceLabel->setBuddy(m_pace);
    paceRow->addWidget(paceLabel);
    paceRow->addWidget(m_pace, 1);
    v->addLayout(paceRow);
    connect(m_pace, &QComboBox::currentIndexChanged, this, [this] { m_controller->setPace(m_pace->currentData().toDouble()); });
    connect(m_play, &QPushButton::clicked, this, &TrainingPage::playPause);
    connect(m_step, &QPushButton::clicked, this, &TrainingPage::stepOnce);
    connect(m_reset, &QPushButton::clicked, this, &TrainingPage::resetRun);

    auto* data = new QGroupBox("Data");
    auto* df = new QFormLayout(data);
    m_dataset = new QComboBox();
    for (DatasetKind k : kDatasets) m_dataset->addItem(qs(datasetName(k)), static_cast<int>(k));
    // Every field admits what `presisi train` admits (and so every preset): a preset is shown as it
    // is, never clipped to a field's limits.
    m_samples = new QSpinBox();
    m_samples->setRange(1, 1000000);
    m_noise = new RealField(0, 1e6);
    m_noise->setSingleStep(0.05);
    df->addRow("dataset", m_dataset);
    df->addRow("samples", m_samples);
    df->addRow("noise", m_noise);
    v->addWidget(data);
    m_trainingOnly << data;

    auto* model = new QGroupBox("Model and optimizer");
    auto* mf = new QFormLayout(model);
    m_sizes = new QLineEdit();
    m_sizes->setToolTip("Layer widths: input, hidden…, output (2-64-64-3: 2 inputs, 3 classes)");
    m_activation = new QComboBox();
    for (Activation a : {Activation::Relu, Activation::Tanh, Activation::Gelu, Activation::Sigmoid})
        m_activation->addItem(qs(activationName(a)), static_cast<int>(a));
    m_lossKind = new QComboBox();
    for (LossKind l : {LossKind::CrossEntropy, LossKind::Mse}) m_lossKind->addItem(qs(lossName(l)), static_cast<int>(l));
    m_optimizer = new QComboBox();
    m_optimizer->addItem("sgd", static_cast<int>(OptimizerSpec::Kind::Sgd));
    m_optimizer->addItem("adam", static_cast<int>(OptimizerSpec::Kind::Adam));
    m_lr = new RealField(0, 1e9, true);
    m_lr->setToolTip("Learning rate (the arrows walk 0.01, 0.02, 0.05, 0.1, …)");
    m_batch = new QSpinBox();
    m_batch->setRange(0, 1000000);
    m_batch->setSpecialValueText("full");
    m_steps = new QSpinBox();
    m_steps->setRange(1, 100000000);
    m_seed = new SeedField();
    mf->addRow("sizes", m_sizes);
    mf->addRow("activation", m_activation);
    mf->addRow("loss", m_lossKind);
    mf->addRow("optimizer", m_optimizer);
    mf->addRow("learning rate", m_lr);
    mf->addRow("batch", m_batch);
    mf->addRow("steps", m_steps);
    mf->addRow("seed", m_seed);
    m_modelBox = model;
    for (QWidget* field : {static_cast<QWidget*>(m_sizes), static_cast<QWidget*>(m_activation),
                           static_cast<QWidget*>(m_lossKind), static_cast<QWidget*>(m_optimizer),
                           static_cast<QWidget*>(m_lr)})
        m_trainingOnly << field << mf->labelForField(field);
    v->addWidget(model);

    auto* lanes = new QGroupBox("Lanes");
    auto* lg = new QGridLayout(lanes);
    lg->addWidget(new QLabel("CPU"), 0, 0);
    lg->addWidget(new QLabel("GPU"), 0, 1);
    const CudaStatus& cuda = cudaStatus();
    for (int i = 0; i < 4; ++i) {
        for (int d = 0; d < 2; ++d) {
            auto* box = new QCheckBox(kDefaultLanes[i]);
            box->setProperty("lane", QString(d == 0 ? "cpu:" : "gpu:") + kDefaultLanes[i]);
            if (d == 1 && !cuda.available) {
                box->setEnabled(false);
                box->setToolTip(qs(cuda.reason));
            }
            lg->addWidget(box, i + 1, d);
            m_laneBoxes.append(box);
        }
    }
    m_extraLanes = new QLineEdit();
    m_extraLanes->setPlaceholderText("more: cpu:f16+ftz, …");
    m_extraLanes->setToolTip(kLaneSpecHelp);
    lg->addWidget(m_extraLanes, 5, 0, 1, 2);
    // A bad lane spec is marked while it is typed, with the reason under the field.
    m_laneProblem = new QLabel();
    m_laneProblem->setWordWrap(true);
    m_laneProblem->setStyleSheet("QLabel { color: #b03a00; }");
    m_laneProblem->hide();
    lg->addWidget(m_laneProblem, 7, 0, 1, 2);
    connect(m_extraLanes, &QLineEdit::textChanged, this, &TrainingPage::checkLaneText);
    for (QCheckBox* b : m_laneBoxes) connect(b, &QCheckBox::toggled, this, &TrainingPage::checkLaneText);
    if (!cuda.available) {
        auto* why = new QLabel("GPU lanes off: " + qs(cuda.reason));
        why->setWordWrap(true);
        why->setEnabled(false);
        why->setMinimumHeight(why->heightForWidth(200));
        lg->addWidget(why, 6, 0, 1, 2);
    }
    v->addWidget(lanes);

    // Settings a story rarely changes fold away, so the panel fits 1280x800 without scrolling.
    auto* scaler = new QGroupBox();
    auto* sf = new QFormLayout(scaler);
    m_initScale = new RealField(1e-38, 3.4e38, true);
    m_growth = new RealField(1.0000001, 1e6);
    m_growth->setSingleStep(0.5);
    m_backoff = new RealField(1e-30, 0.9999999);
    m_backoff->setSingleStep(0.05);
    m_interval = new QSpinBox();
    m_interval->setRange(1, 1000000000);
    sf->addRow("initial scale", m_initScale);
    sf->addRow("growth factor", m_growth);
    sf->addRow("backoff factor", m_backoff);
    sf->addRow("growth interval", m_interval);
    m_scalerSection = new Section("Loss scaler (+scaler lanes)", scaler, false);
    v->addWidget(m_scalerSection);
    m_trainingOnly << m_scalerSection;

    auto* policy = new QGroupBox();
    auto* pv = new QVBoxLayout(policy);
    m_policy = new QTableWidget(5, 1);
    m_policy->horizontalHeader()->setVisible(false);
    m_policy->horizontalHeader()->setStretchLastSection(true);
    m_policy->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_policy->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int r = 0; r < 5; ++r) {
        m_policy->setVerticalHeaderItem(r, new QTableWidgetItem(qs(opKindName(kAllOpKinds[r]))));
        auto* combo = new QComboBox();
        for (OpPolicy p : kPolicies) combo->addItem(qs(opPolicyName(p)), static_cast<int>(p));
        m_policy->setCellWidget(r, 0, combo);
        connect(combo, &QComboBox::activated, this, [this] { m_policy->setProperty("edited", true); });
    }
    m_policy->setFixedHeight(5 * 30 + 6);
    pv->addWidget(m_policy);
    auto* defaults = new QHBoxLayout();
    auto* cpuDefaults = new QPushButton("CPU defaults");
    auto* cudaDefaults = new QPushButton("CUDA defaults");
    connect(cpuDefaults, &QPushButton::clicked, this, [this] {
        setPolicyTable(AutocastPolicy::cpu());
        m_policy->setProperty("edited", true);
    });
    connect(cudaDefaults, &QPushButton::clicked, this, [this] {
        setPolicyTable(AutocastPolicy::cuda());
        m_policy->setProperty("edited", true);
    });
    defaults->addWidget(cpuDefaults);
    defaults->addWidget(cudaDefaults);
    pv->addLayout(defaults);
    auto* policySection = new Section("Autocast policy (every lane)", policy, false);
    v->addWidget(policySection);
    m_trainingOnly << policySection;

    auto* view = new QGroupBox();
    auto* vf = new QFormLayout(view);
    m_underflowKind = new QComboBox();
    m_underflowKind->addItem("activation gradients");
    m_underflowKind->addItem("weight gradients");
    m_underflowKind->setCurrentIndex(1);
    m_logLoss = new QCheckBox("log axis");
    m_logLoss->setChecked(true);
    m_histLayer = new QComboBox();
    m_histLayer->setToolTip("Which gradients the histogram shows: every layer together, or one layer's weight or "
                            "output gradients");
    connect(m_histLayer, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_latestHistograms.empty()) showHistograms();
    });
    vf->addRow("underflow of", m_underflowKind);
    vf->addRow("loss", m_logLoss);
    vf->addRow("histogram", m_histLayer);
    connect(m_logLoss, &QCheckBox::toggled, this, [this](bool on) { m_loss->setScale(on ? AxisScale::Log10 : AxisScale::Linear); });
    auto* chartSection = new Section("Charts", view, false);
    v->addWidget(chartSection);
    m_trainingOnly << chartSection;
    v->addStretch(1);

    // Compact rows: the panel holds every section a story needs at 1280x800 without scrolling.
    v->setSpacing(3);
    for (QFormLayout* form : host->findChildren<QFormLayout*>()) {
        form->setVerticalSpacing(2);
        form->setContentsMargins(6, 4, 6, 4);
    }
    lg->setVerticalSpacing(0);
    lg->setContentsMargins(6, 4, 6, 4);
}

void TrainingPage::setPolicyTable(const AutocastPolicy& policy) {
    for (int r = 0; r < 5; ++r) {
        auto* combo = static_cast<QComboBox*>(m_policy->cellWidget(r, 0));
        combo->setCurrentIndex(combo->findData(static_cast<int>(policy.get(kAllOpKinds[r]))));
    }
}

void TrainingPage::setPace(double stepsPerSecond) {
    const double p = stepsPerSecond > 0 ? stepsPerSecond : 0;
    int i = m_pace->findData(p);
    if (i < 0) {
        // A preset's or a file's own pace joins the list where it belongs.
        i = 0;
        while (i < m_pace->count() - 1 && m_pace->itemData(i).toDouble() < p) ++i;
        m_pace->insertItem(i, paceText(p), p);
    }
    m_pace->setCurrentIndex(i);
    m_controller->setPace(p);
}

double TrainingPage::pace() const { return m_pace->currentData().toDouble(); }

void TrainingPage::setScenario(const Scenario& s) {
    m_base = s;
    setPace(s.pace);
    m_dataset->setCurrentIndex(std::max(0, m_dataset->findData(static_cast<int>(s.data.kind))));
    m_samples->setValue(s.data.samples);
    m_noise->setValue(s.data.noise);
    QStringList sizes;
    for (int w : s.sizes) sizes << QString::number(w);
    m_sizes->setText(sizes.join("-"));
    m_activation->setCurrentIndex(std::max(0, m_activation->findData(static_cast<int>(s.activation))));
    m_lossKind->setCurrentIndex(std::max(0, m_lossKind->findData(static_cast<int>(s.loss))));
    m_optimizer->setCurrentIndex(std::max(0, m_optimizer->findData(static_cast<int>(s.optimizer.kind))));
    m_lr->setValue(s.optimizer.lr);
    m_batch->setValue(s.batch);
    m_steps->setValue(s.steps);
    m_seed->setSeed(s.seed);
    QStringList extra;
    for (QCheckBox* b : m_laneBoxes) b->setChecked(false);
    for (const LaneSpec& l : s.lanes) {
        const QString label = QString::fromStdString(l.label());
        bool found = false;
        for (QCheckBox* b : m_laneBoxes)
            if (b->property("lane").toString() == label) {
                b->setChecked(true);
                found = true;
            }
        if (!found) extra << label;
    }
    m_extraLanes->setText(extra.join(", "));
    m_initScale->setValue(s.scaler.initScale);
    m_growth->setValue(s.scaler.growthFactor);
    m_backoff->setValue(s.scaler.backoffFactor);
    m_interval->setValue(s.scaler.growthInterval);
    setPolicyTable(s.policyFor(LaneSpec{Device::Cpu, Format::BF16}));
    m_policy->setProperty("edited", false);
}

Scenario TrainingPage::scenarioFromControls() const {
    Scenario s = m_base;
    s.data.kind = static_cast<DatasetKind>(m_dataset->currentData().toInt());
    s.data.samples = m_samples->value();
    s.data.noise = m_noise->value();
    s.sizes.clear();
    for (const QString& part : m_sizes->text().split(QRegularExpression("[-,x ]+"), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int w = part.toInt(&ok);
        if (!ok) throw Error("sizes: '" + part.toStdString() + "' is not a width (write e.g. 2-64-64-3)");
        s.sizes.push_back(w);
    }
    s.activation = static_cast<Activation>(m_activation->currentData().toInt());
    s.loss = static_cast<LossKind>(m_lossKind->currentData().toInt());
    s.optimizer.kind = static_cast<OptimizerSpec::Kind>(m_optimizer->currentData().toInt());
    s.optimizer.lr = m_lr->value();
    s.pace = m_pace->currentData().toDouble();
    s.batch = m_batch->value();
    s.steps = m_steps->value();
    bool seedOk = false;
    s.seed = m_seed->seed(&seedOk);
    if (!seedOk) throw Error("seed: '" + m_seed->text().toStdString() + "' is not an integer from 0 to 2^64-1");
    s.lanes = lanesFromControls();
    s.scaler.initScale = m_initScale->value();
    s.scaler.growthFactor = m_growth->value();
    s.scaler.backoffFactor = m_backoff->value();
    s.scaler.growthInterval = m_interval->value();
    if (m_policy->property("edited").toBool()) {
        s.policyBase = PolicyBase::Cpu;
        s.opOverrides.clear();
        for (int r = 0; r < 5; ++r) {
            auto* combo = static_cast<QComboBox*>(m_policy->cellWidget(r, 0));
            s.opOverrides.emplace_back(kAllOpKinds[r], static_cast<OpPolicy>(combo->currentData().toInt()));
        }
    }
    // A scenario that no longer matches its preset is not that preset any more.
    if (!(s.sizes == m_base.sizes && s.lanes == m_base.lanes && s.steps == m_base.steps && s.seed == m_base.seed &&
          s.batch == m_base.batch && s.optimizer.lr == m_base.optimizer.lr && s.data.kind == m_base.data.kind &&
          s.data.samples == m_base.data.samples && s.data.noise == m_base.data.noise && s.activation == m_base.activation &&
          s.loss == m_base.loss && s.optimizer.kind == m_base.optimizer.kind && !m_policy->property("edited").toBool() &&
          s.scaler.initScale == m_base.scaler.initScale && s.scaler.growthFactor == m_base.scaler.growthFactor &&
          s.scaler.backoffFactor == m_base.scaler.backoffFactor && s.scaler.growthInterval == m_base.scaler.growthInterval))
        s.preset.clear();
    return s;
}

QList<PresetInfo> TrainingPage::presets() {
    QList<PresetInfo> out;
    for (const PresetEntry& p : listPresets()) out.append({p.name, p.title, p.explanation});
    return out;
}

bool TrainingPage::loadPreset(const QString& name, bool start, QString* error) {
    try {
        const Scenario s = loadPresetScenario(name);
        m_preset = name;
        setScenario(s);
        m_laneLabels.clear();
        for (const auto& l : s.lanes) m_laneLabels << QString::fromStdString(l.label());
        setupLanes(m_laneLabels, s);
        emit explanationChanged();
        if (start) run();
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

QString TrainingPage::explanation() const {
    QString out;
    if (!m_base.preset.empty() || !m_preset.isEmpty()) {
        const QString title = m_base.title.empty() ? m_preset : QString::fromStdString(m_base.title);
        out += QString("<h3>Preset: %1</h3><p>%2</p><hr>")
                   .arg(title.toHtmlEscaped(), QString::fromStdString(m_base.explanation).toHtmlEscaped());
    }
    if (m_base.workload == Workload::Accumulation) {
        out += "<b>Summation.</b> Every lane adds the same values, one by one, into an accumulator held in its "
               "format; each partial sum is rounded to it. The left chart shows each lane's running sum against the "
               "exact sum (the wide pale band), the right one how far each lane is from it, in percent. Once a "
               "format's spacing at the running sum exceeds twice the value added, the sum stops growing.";
        return out;
    }
    out += "<b>Training lab.</b> Every lane trains the same model from the same seed on the same batches; only "
           "the number format and the policy differ. Forward and loss run under autocast, master weights and "
           "the optimizer stay in f32.<br><br>"
           "Charts: the loss; the share of gradients that are zero in a lane but not in f32 (underflow); the "
           "loss scaler's scale with skipped steps marked; gradient magnitudes on log2 bins against the f16 and "
           "bf16 ranges. A lane whose loss turns NaN leaves the loss chart where a cross marks its last "
           "finite value, in the lane's colour; its tile says nan.<br><br>"
           "<b>Ranges</b> (beside Histogram): one lane's tensors per layer, smallest to largest magnitude, over "
           "its format's zero, subnormal, normal and overflow regions. <b>NaN doctor</b>: when a lane first turns "
           "inf or NaN, a panel says where, shows the steps before, and reruns the lane with each remedy.";
    return out;
}

QString TrainingPage::caption() const {
    const Scenario& s = m_controller->scenario();
    QStringList sizes;
    for (int w : s.sizes) sizes << QString::number(w);
    return QString("Presisi training lab%1: %2 %3, %4 %5 lr %6, batch %7, seed %8; lanes %9; step %10")
        .arg(s.preset.empty() ? QString() : QString(" (preset %1)").arg(QString::fromStdString(s.preset)))
        .arg(qs(datasetName(s.data.kind)), sizes.join("-"), qs(activationName(s.activation)),
             qs(optimizerName(s.optimizer.kind)))
        .arg(s.optimizer.lr)
        .arg(s.batch)
        .arg(s.seed)
        .arg(m_laneLabels.join(", "))
        .arg(m_lastStep + 1);
}

QList<QWidget*> TrainingPage::charts() const { return {m_loss, m_underflow, m_scale, m_histogram, m_ranges->chart()}; }

QString TrainingPage::failureText() const { return m_banner->isHidden() ? QString() : m_banner->text(); }

void TrainingPage::run() {
    m_banner->hide();
    try {
        Scenario s = scenarioFromControls();
        if (s.preset.empty() && !m_preset.isEmpty() && s.title == m_base.title) {
            s.title.clear();
            s.explanation.clear();
        }
        validate(s);
        m_controller->start(s);
    } catch (const std::exception& e) {
        showFailure(QString::fromUtf8(e.what()));
    }
}

void TrainingPage::playPause() {
    if (m_controller->busy()) {
        m_controller->stop();
        return;
    }
    const RunState st = m_controller->state();
    if (st == RunState::Paused || st == RunState::Finished) {
        bool same = false;
        try {
            const Scenario s = scenarioFromControls();
            const Scenario& cur = m_controller->scenario();
            same = s.sizes == cur.sizes && s.lanes == cur.lanes && s.seed == cur.seed && s.batch == cur.batch &&
                   s.optimizer.lr == cur.optimizer.lr && s.data.kind == cur.data.kind;
        } catch (const std::exception&) {
        }
        if (same) {
            m_controller->resume();
            return;
        }
    }
    run();
}

void TrainingPage::stepOnce() {
    if (m_controller->busy()) return;
    if (!m_controller->hasRunner()) {
        try {
            Scenario s = scenarioFromControls();
            validate(s);
            m_controller->prepare(s);
        } catch (const std::exception& e) {
            showFailure(QString::fromUtf8(e.what()));
            return;
        }
    }
    m_controller->stepOnce();
}

void TrainingPage::rebuildLayerChoice(const Scenario& scenario) {
    const QSignalBlocker quiet(m_histLayer);
    const int previous = m_histLayer->currentData().isValid() ? m_histLayer->currentData().toInt() : -1;
    m_histLayer->clear();
    m_histLayer->addItem("all layers", -1);
    const int layers = std::max<int>(0, static_cast<int>(scenario.sizes.size()) - 1);
    for (int k = 0; k < layers; ++k) {
        m_histLayer->addItem(QString("layer %1 weights").arg(k + 1), 2 * k);
        m_histLayer->addItem(QString("layer %1 outputs").arg(k + 1), 2 * k + 1);
    }
    m_histLayer->setCurrentIndex(std::max(0, m_histLayer->findData(previous)));
}

QString TrainingPage::statusText() const {
    // "finished" only when the run reached its step count (the controller's Finished state).
    QString text = QString("Training: %1 · %2 lanes").arg(runStateName(m_controller->state())).arg(laneCount());
    if (m_lastStep >= 0) text += QString(" · step %1 of %2").arg(m_lastStep + 1).arg(m_controller->scenario().steps);
    return text;
}

void TrainingPage::flowTiles() {
    const int n = m_tiles.size();
    if (n == 0) return;
    int minW = 1, minH = 1;
    for (LaneTile* t : m_tiles) {
        minW = std::max(minW, t->minimumSizeHint().width());
        minH = std::max(minH, t->minimumSizeHint().height());
    }
    const int spacing = std::max(0, m_laneGrid->horizontalSpacing());
    const int available = m_laneHost->width() > 1 ? m_laneHost->width() : minW * n;
    int cols = std::clamp((available + spacing) / (minW + spacing), 1, n);
    const int rows = (n + cols - 1) / cols;
    cols = (n + rows - 1) / rows;  // balanced rows: 8 lanes as 4 + 4, not 5 + 3
    const int wantHeight = std::max(250, rows * minH + (rows - 1) * std::max(0, m_laneGrid->verticalSpacing()));
    if (cols == m_tileColumns && m_laneHost->minimumHeight() == wantHeight) return;
    m_tileColumns = cols;
    for (LaneTile* t : m_tiles) m_laneGrid->removeWidget(t);
    for (int c = 0; c < m_laneGrid->columnCount(); ++c) m_laneGrid->setColumnStretch(c, 0);
    for (int i = 0; i < n; ++i) m_laneGrid->addWidget(m_tiles[i], i / cols, i % cols);
    for (int c = 0; c < cols; ++c) m_laneGrid->setColumnStretch(c, 1);
    m_laneHost->setMinimumHeight(wantHeight);
}

void TrainingPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    flowTiles();
}

void TrainingPage::rescale(double scale) {
    m_panel->setFixedWidth(static_cast<int>(kPanelWidth * scale));
    m_panelHost->setFixedWidth(static_cast<int>(kPanelWidth * scale) - 16);
    m_tileColumns = 0;
    flowTiles();
}

std::vector<LaneSpec> TrainingPage::lanesFromControls() const {
    std::vector<LaneSpec> lanes;
    for (QCheckBox* b : m_laneBoxes)
        if (b->isChecked() && b->isEnabled()) lanes.push_back(parseLane(b->property("lane").toString().toStdString()));
    for (const QString& part : m_extraLanes->text().split(QRegularExpression("[, ]+"), Qt::SkipEmptyParts))
        lanes.push_back(parseLane(part.toStdString()));
    return lanes;
}

void TrainingPage::checkLaneText() {
    QString problem;
    try {
        const std::vector<LaneSpec> lanes = lanesFromControls();
        for (auto it = lanes.begin(); it != lanes.end() && problem.isEmpty(); ++it)
            if (std::find(lanes.begin(), it, *it) != it)
                problem = QString("lane '%1' is already in the run").arg(QString::fromStdString(it->label()));
        if (problem.isEmpty() && lanes.empty()) problem = "no lane: tick at least one";
    } catch (const std::exception& e) {
        problem = QString::fromUtf8(e.what());
    }
    m_extraLanes->setStyleSheet(problem.isEmpty() ? QString() : "QLineEdit { border: 2px solid #d55e00; }");
    m_laneProblem->setText(problem);
    m_laneProblem->setVisible(!problem.isEmpty());
}

QString TrainingPage::laneProblem() const { return m_laneProblem->isHidden() ? QString() : m_laneProblem->text(); }

void TrainingPage::resetRun() {
    // Reset takes the lane set in the controls: tiles and charts follow it at once.
    try {
        const Scenario s = scenarioFromControls();
        if (!(s.lanes == m_controller->scenario().lanes)) {
            validate(s);
            m_controller->prepare(s);
            m_laneLabels.clear();
            for (const auto& l : s.lanes) m_laneLabels << QString::fromStdString(l.label());
        }
    } catch (const std::exception&) {
        // A bad field keeps the old lanes; the field itself says what is wrong.
    }
    m_controller->reset();
    m_lastStep = -1;
    emit statusChanged();
}

void TrainingPage::showFailure(const QString& message) {
    m_banner->setText("Run failed: " + message);
    m_banner->show();
}

void TrainingPage::restyle() {
    for (BoundaryView* b : m_boundaries) b->restyle();
    for (LiveChart* c : {m_loss, m_underflow, m_scale}) c->applyLaneColours();
    m_histogram->applyLaneColours();
    m_ranges->chart()->update();
    m_doctor->restyle();
}

qint64 TrainingPage::summedValues(std::int64_t step) const {
    const Scenario& s = m_controller->scenario();
    const qint64 per = s.batch == 0 ? s.accumulationValues : s.batch;
    return std::min<qint64>(static_cast<qint64>(s.accumulationValues), (step + 1) * per);
}

void TrainingPage::setSummationView(bool summation) {
    m_summation = summation;
    // A summation has no loss, gradients or scaler: its charts are the running sums against the
    // exact sum and their error, and the side panel shows only the settings that apply to it.
    if (summation) {
        m_loss->setTitles("Running sum per lane and the exact sum", "running sum");
        m_loss->setToolTip("Each lane's running sum, held in its format; the wide pale band is the exact sum of the "
                           "same values (in double)");
        m_underflow->setTitles("Error of the running sum", "% of the exact sum");
        m_loss->setScale(AxisScale::Linear);
    } else {
        m_loss->setTitles("Training loss per step", "loss");
        m_underflow->setTitles("Gradient underflow", "% underflowed");
        m_loss->setScale(m_logLoss->isChecked() ? AxisScale::Log10 : AxisScale::Linear);
    }
    m_scale->setVisible(!summation);
    m_ranges->setVisible(!summation);
    for (QWidget* w : m_trainingOnly) w->setVisible(!summation);
    for (BoundaryView* b : m_boundaries) b->setVisible(!summation);
    m_modelBox->setTitle(summation ? "Summation" : "Model and optimizer");
    if (auto* batchLabel = qobject_cast<QLabel*>(static_cast<QFormLayout*>(m_modelBox->layout())->labelForField(m_batch)))
        batchLabel->setText(summation ? "values per step" : "batch");
}

void TrainingPage::setupLanes(const QStringList& labels, const Scenario& scenario) {
    m_summation = scenario.workload == Workload::Accumulation;
    for (LaneTile* t : m_tiles) {
        m_laneGrid->removeWidget(t);
        delete t;
    }
    m_tiles.clear();
    m_boundaries.clear();
    m_scaleLane.clear();
    QStringList scaleLabels;
    for (int i = 0; i < labels.size(); ++i) {
        auto* tile = new LaneTile(labels[i]);
        tile->setValuePointSize(labels.size() > 4 ? 10 : 11);
        auto* boundary = new BoundaryView();
        tile->setBody(boundary);
        tile->setBigValues({{"loss", "—"}, {m_classification ? "accuracy" : "eval loss", "—"}, {"underflow", "—"}});
        m_tiles.append(tile);
        m_boundaries.append(boundary);
        const bool scaler = labels[i].contains("scaler");
        m_scaleLane.append(scaler ? scaleLabels.size() : -1);
        if (scaler) scaleLabels << labels[i];
    }
    m_tileColumns = 0;
    flowTiles();
    m_loss->setLanes(m_summation ? QStringList(labels) << kExactLabel : labels);
    m_underflow->setLanes(labels);
    m_scale->setLanes(scaleLabels);
    m_scale->chart()->setTitle(scaleLabels.isEmpty() ? "Loss scale: no lane uses a scaler" : "Loss scale (skipped steps marked)");
    m_scale->setEmptyText(scaleLabels.isEmpty() ? "Add a +scaler lane (e.g. cpu:f16+scaler) to see its scale"
                                                : "Press Play (Space), or step (.)");
    m_histogram->setLanes(labels);
    m_histogram->chart()->setTitle(kHistogramTitle);
    m_latestHistograms.clear();
    m_keptHistograms.clear();
    m_keptBoundaries.clear();
    m_scrubStep = -1;
    m_nonFiniteMarked.clear();
    m_lastFiniteLoss.clear();
    m_scalerWarned.clear();
    rebuildLayerChoice(scenario);
    m_histogram->refresh();
    m_ranges->setLanes(labels, scenario);
    m_doctor->setRun(scenario, labels);
    m_histogramShown.assign(labels.size(), false);
    m_batches = 0;
    m_lastStep = -1;
    setSummationView(m_summation);
}

void TrainingPage::onRunStarted(const RunInfo& info) {
    m_classification = info.classification;
    m_laneLabels = info.lanes;
    setupLanes(info.lanes, info.scenario);
    for (BoundaryView* b : m_boundaries) b->setData(info.data.x, info.data.labels, info.data.targets, info.data.classes);
    m_banner->hide();
    emit explanationChanged();
}

void TrainingPage::onRecords(const RecordBatch& batch) {
    if (!batch.records.empty() || !batch.finals.empty()) ++m_batches;
    const int lanes = m_laneLabels.size();
    QList<QList<QPointF>> loss(lanes), under(lanes), scale(lanes), skipped(lanes);
    const bool weightKind = m_underflowKind->currentIndex() == 1;
    std::vector<const StepRecord*> last(lanes, nullptr);
    QList<QPointF> exact;  // Workload::Accumulation: the exact running sum, one point per step
    showDiagnostics(batch);
    for (const StepRecord& r : batch.records) {
        if (r.lane < 0 || r.lane >= lanes) continue;
        const double x = static_cast<double>(r.step);
        loss[r.lane].append(QPointF(x, r.loss));
        if (std::isfinite(r.loss)) m_lastFiniteLoss[r.lane] = r.loss;
        else if (!m_nonFiniteMarked.value(r.lane, false) && !m_summation) {
            m_nonFiniteMarked[r.lane] = true;
            const double y = m_lastFiniteLoss.value(r.lane, 1.0);
            m_loss->markEvent(r.lane, x, y);
        }
        if (m_summation) {
            // The error chart: how far each lane's running sum is from the exact one.
            if (r.exactSum > 0) under[r.lane].append(QPointF(x, 100.0 * std::abs(r.loss - r.exactSum) / r.exactSum));
            if (r.lane == 0) exact.append(QPointF(x, r.exactSum));
            last[r.lane] = &r;
            continue;
        }
        const double u = weightKind ? r.weightGradUnderflow : r.actGradUnderflow;
        if (!std::isnan(u)) under[r.lane].append(QPointF(x, 100.0 * u));
        scale[r.lane].append(QPointF(x, r.scale));
        if (r.skipped) skipped[r.lane].append(QPointF(x, r.scale));
        last[r.lane] = &r;
    }
    if (!exact.isEmpty()) m_loss->appendPoints(lanes, exact);  // the extra "exact" series
    for (int i = 0; i < lanes; ++i) {
        if (!loss[i].isEmpty()) m_loss->appendPoints(i, loss[i]);
        if (!under[i].isEmpty()) m_underflow->appendPoints(i, under[i]);
        const int si = m_scaleLane.value(i, -1);
        if (si >= 0) {
            m_scale->appendPoints(si, scale[i]);
            if (!skipped[i].isEmpty()) m_scale->appendMarkers(si, skipped[i]);
        }
    }
    m_loss->refresh();
    m_underflow->refresh();
    m_scale->refresh();

    // Tiles and boundaries change text and images: at most every 200 ms (and on the last batch), so
    // their relayouts stay off the charts' frame budget.
    const bool final = !batch.finals.empty() || !m_controller->busy() || m_controller->state() == RunState::Stopping;
    if (!final && m_tileClock.isValid() && m_tileClock.elapsed() < 200) {
        for (int i = 0; i < lanes; ++i)
            if (last[i]) m_pendingTile[i] = *last[i];
        if (batch.lastStep >= 0) m_lastStep = batch.lastStep;
        if (batch.boundary.valid()) m_pendingBoundary = batch.boundary;
        if (!batch.histograms.empty()) m_pendingHistograms.insert(m_pendingHistograms.end(), batch.histograms.begin(), batch.histograms.end());
        if (batch.stepsPerSecond > 0 && !batch.records.empty()) emit speedChanged(batch.stepsPerSecond);
        return;
    }
    m_tileClock.start();
    for (int i = 0; i < lanes; ++i)
        if (!last[i] && m_pendingTile.count(i)) last[i] = &m_pendingTile[i];
    std::vector<GradHistogram> histograms = std::move(m_pendingHistograms);
    m_pendingHistograms.clear();
    histograms.insert(histograms.end(), batch.histograms.begin(), batch.histograms.end());
    const BoundarySnapshot& boundary = batch.boundary.valid() ? batch.boundary : m_pendingBoundary;

    // Tiles: the lane's latest step.
    for (int i = 0; i < lanes && i < m_tiles.size(); ++i)
        if (last[i]) showTile(i, *last[i]);
    for (const LaneFinal& f : batch.finals) {
        if (m_summation || f.lane < 0 || f.lane >= m_tiles.size()) continue;
        const StepRecord* r = last[f.lane];
        m_tiles[f.lane]->setDetails(QString("step %1 · eval loss %2%3%4")
                                        .arg(r ? r->step : m_lastStep)
                                        .arg(fmt(f.evalLoss))
                                        .arg(std::isnan(f.evalAccuracy) ? QString() : " · eval acc. " + pct(f.evalAccuracy))
                                        .arg(m_scalerWarned.contains(f.lane) ? " · ⚠ scaler: try bf16" : ""));
    }

    // Histogram: each lane's latest, the chosen layers together, as a share of all its gradient
    // elements (exact zeros and inf/NaN have no bin: their shares go beside the lane's legend entry).
    for (const GradHistogram& g : histograms)
        if (g.lane >= 0 && g.lane < lanes) {
            m_latestHistograms[g.lane] = g;
            keepHistogram(g);
        }
    if (!histograms.empty()) showHistograms();

    if (boundary.valid()) {
        showBoundary(boundary);
        keepBoundary(boundary);
    }
    m_pendingBoundary = BoundarySnapshot{};
    m_pendingTile.clear();
    if (batch.lastStep >= 0) m_lastStep = batch.lastStep;
    if (batch.stepsPerSecond > 0 && !batch.records.empty()) emit speedChanged(batch.stepsPerSecond);
    updateTimeline();
    emit statusChanged();
}

void TrainingPage::showTile(int i, const StepRecord& r) {
    if (i < 0 || i >= m_tiles.size()) return;
    if (m_summation) {
        const double error = r.exactSum > 0 ? std::abs(r.loss - r.exactSum) / r.exactSum : kNotMeasured;
        m_tiles[i]->setBigValues({{"running sum", fmt(r.loss)}, {"exact sum", fmt(r.exactSum)}, {"error", pct(error)}});
        m_tiles[i]->setDetails(QString("step %1 · %2 values summed").arg(r.step).arg(summedValues(r.step)));
        return;
    }
    const bool weightKind = m_underflowKind->currentIndex() == 1;
    const double u = weightKind ? r.weightGradUnderflow : r.actGradUnderflow;
    m_tiles[i]->setBigValues({{"loss", fmt(r.loss)},
                              {m_classification ? "accuracy" : "grad norm",
                               m_classification ? pct(r.accuracy) : fmt(r.gradNorm, 3)},
                              {"underflow", pct(u)}});
    m_tiles[i]->setDetails(QString("step %1 · scale %2%3 · overflows %4%5")
                               .arg(r.step)
                               .arg(log2Text(r.scale))
                               .arg(r.skipped ? " (skipped)" : "")
                               .arg(r.overflows)
                               .arg(m_scalerWarned.contains(i) ? " · ⚠ scaler: try bf16" : ""));
}

namespace {

// Keeps `kept` at most `cap` entries by dropping every other one (never the newest) when full:
// what stays is spread evenly over the run, whatever its length.
template <typename Map>
void thinEvenly(Map& kept, int cap) {
    if (static_cast<int>(kept.size()) <= cap) return;
    bool drop = false;
    for (auto it = kept.begin(); it != kept.end();) {
        if (drop && std::next(it) != kept.end()) it = kept.erase(it);
        else ++it;
        drop = !drop;
    }
}

// The entry of `kept` (not empty) whose step is nearest to `step` (the later one on a tie).
template <typename Map>
const typename Map::mapped_type& nearestKept(const Map& kept, std::int64_t step) {
    auto it = kept.lower_bound(step);
    if (it == kept.end() || (it != kept.begin() && step - std::prev(it)->first < it->first - step)) --it;
    return it->second;
}

}  // namespace

void TrainingPage::keepHistogram(const GradHistogram& g) {
    // Every histogram of the run for scrubbing, at most kKeptHistograms per lane.
    auto& kept = m_keptHistograms[g.lane];
    kept[g.step] = g;
    thinEvenly(kept, kKeptHistograms);
}

void TrainingPage::showBoundary(const BoundarySnapshot& boundary) {
    for (int i = 0; i < m_boundaries.size() && i < static_cast<int>(boundary.perLane.size()); ++i)
        m_boundaries[i]->setPrediction(boundary.xs, boundary.ys, boundary.perLane[i]);
}

void TrainingPage::keepBoundary(const BoundarySnapshot& boundary) {
    // For scrubbing: up to kKeptBoundaries snapshots (a few hundred kB each at most).
    m_keptBoundaries[boundary.step] = boundary;
    thinEvenly(m_keptBoundaries, kKeptBoundaries);
}

void TrainingPage::updateTimeline() {
    const bool running = m_controller->state() == RunState::Running || m_controller->state() == RunState::Starting ||
                         m_controller->state() == RunState::Stopping;
    const bool any = m_lastStep >= 0 && !m_controller->records().empty();
    const QSignalBlocker quiet(m_timeline);
    m_timeline->setEnabled(any && !running);
    m_timeline->setRange(0, std::max<int>(0, static_cast<int>(m_lastStep)));
    if (running || !any) {
        m_timeline->setValue(m_timeline->maximum());
        m_scrubStep = -1;
        for (LiveChart* c : {m_loss, m_underflow, m_scale}) c->setCursor(std::numeric_limits<double>::quiet_NaN());
    }
    m_timelineLabel->setText(m_scrubStep >= 0 ? QString("step %1 of %2 · Play goes on from the end")
                                                    .arg(m_scrubStep).arg(m_lastStep)
                                              : (any ? QString("step %1 · drag to look back").arg(m_lastStep)
                                                     : QString("timeline: run or step first")));
}

void TrainingPage::scrubTo(std::int64_t step) {
    if (m_lastStep < 0 || m_controller->busy()) return;
    step = std::clamp<std::int64_t>(step, 0, m_lastStep);
    m_scrubStep = step;
    // The tiles show that step's records (read back from the run's record store: records are in
    // step order, every lane once per step).
    const RecordStore& store = m_controller->records();
    std::size_t lo = 0, hi = store.size();
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (store.at(mid).step < step) lo = mid + 1;
        else hi = mid;
    }
    for (std::size_t i = lo; i < store.size(); ++i) {
        const StepRecord r = store.at(i);
        if (r.step != step) break;
        showTile(r.lane, r);
    }
    for (LiveChart* c : {m_loss, m_underflow, m_scale}) c->setCursor(static_cast<double>(step));
    // The fit or boundary thumbnails: the kept snapshot nearest to the step.
    if (!m_keptBoundaries.empty()) showBoundary(nearestKept(m_keptBoundaries, step));
    // The histogram: each lane's kept histogram nearest to the step.
    if (!m_summation) {
        for (const auto& [lane, kept] : m_keptHistograms)
            if (!kept.empty()) m_latestHistograms[lane] = nearestKept(kept, step);
        showHistograms();
        m_ranges->showNearest(step);
    }
    const QSignalBlocker quiet(m_timeline);
    m_timeline->setValue(static_cast<int>(step));
    updateTimeline();
}

std::int64_t TrainingPage::scrubStep() const { return m_scrubStep; }

void TrainingPage::showHistograms() {
    const int lanes = m_laneLabels.size();
    const int layerChoice = m_histLayer ? m_histLayer->currentData().toInt() : -1;  // -1: all
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    std::int64_t step = -1;
    for (int lane = 0; lane < lanes; ++lane) {
        const auto it = m_latestHistograms.find(lane);
        if (it == m_latestHistograms.end() || it->second.layers.empty()) continue;
        const GradHistogram& g = it->second;
        const HistogramView view = makeHistogramView(g, layerChoice);
        if (!view.any) continue;
        // Exact zeros and inf/NaN have no log2 bin: their shares are written on the chart.
        QStringList note;
        if (view.zeroShare > 0) note << QString("%1 zeros").arg(pct(view.zeroShare));
        if (view.nonFiniteShare > 0) note << QString("%1 inf/NaN").arg(pct(view.nonFiniteShare));
        m_histogram->setLaneNote(lane, note.join(", "));
        m_histogram->setHistogram(lane, view.edges, view.values);
        if (std::isfinite(view.lo)) {
            lo = std::min(lo, view.lo);
            hi = std::max(hi, view.hi);
        }
        step = std::max(step, g.step);
    }
    // The x range follows the data (scaled gradients included), with f16's range always in view.
    lo = std::min(std::isfinite(lo) ? lo : -26.0, -26.0);
    hi = std::max(std::isfinite(hi) ? hi : 2.0, 2.0);
    m_histogram->setXRange(lo, hi);
    m_histogram->chart()->setTitle(step >= 0 ? QString("Gradient magnitudes, step %1").arg(step) : kHistogramTitle);
    m_histogram->refresh();
}

void TrainingPage::onState(RunState state) {
    const bool running = state == RunState::Running || state == RunState::Starting;
    if (running) m_scrubStep = -1;
    // A run that ended between two tile updates: show what is still pending.
    if (!running && state != RunState::Stopping && (!m_pendingTile.empty() || m_pendingBoundary.valid() || !m_pendingHistograms.empty()))
        onRecords(RecordBatch{});
    // Antialiased strokes are most of a frame's cost: live frames are drawn without, the still
    // picture after a run (and every export of it) with.
    for (QWidget* c : charts())
        if (auto* view = qobject_cast<QChartView*>(c)) view->setRenderHint(QPainter::Antialiasing, !running);
    updateTimeline();
    m_play->setText(running ? "Pause" : "Play");
    m_play->setIcon(style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_step->setEnabled(!running);
}

bool TrainingPage::exportCsv(const QString& path) const {
    const RecordStore& records = m_controller->records();
    if (records.empty()) return false;
    return writeTextFile(path, trainingCsv(m_controller->scenario(), records.toVector()));
}

bool TrainingPage::exportJson(const QString& path) const {
    const RecordStore& records = m_controller->records();
    if (records.empty()) return false;
    return writeTextFile(path, trainingJson(m_controller->scenario(), records.toVector(), m_controller->finals()));
}

}  // namespace presisi
