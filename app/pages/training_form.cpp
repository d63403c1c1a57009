// TrainingForm: the side panel's controls (run buttons and pace, data, model, lanes, scaler, autocast
// policy (PolicyEditor), chart choices), the scenario they describe and back, the lane field's check.
#include "training_form.h"

#include "training_page_common.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <iterator>

#include "engine/error.h"
#include "widgets/histogram_chart.h"
#include "widgets/number_field.h"
#include "chart_choices.h"
#include "policy_editor.h"
#include "widgets/section.h"
#include "widgets/text_bounds.h"

namespace presisi {

using namespace trainingpage;

namespace {

const DatasetKind kDatasets[] = {DatasetKind::Spiral, DatasetKind::Circles, DatasetKind::Xor, DatasetKind::Gaussians,
                                 DatasetKind::Moons,  DatasetKind::Sine,    DatasetKind::Plane, DatasetKind::Teacher};

// Steps per second offered by the pace box (0: as fast as the machine goes).
const double kPaces[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 0};

QString paceText(double pace) {
    return pace > 0 ? QCoreApplication::translate("presisi::TrainingForm", "%1 steps/s").arg(QLocale().toString(pace, 'g', 6))
                    : QCoreApplication::translate("presisi::TrainingForm", "max (as fast as it goes)");
}

const char* const kLaneSpecHelp = QT_TRANSLATE_NOOP("presisi::TrainingForm",
    "Lanes beyond the boxes, separated by commas: device:format[+scaler][+ftz][+native], e.g. cpu:f16+ftz, "
    "cpu:bf16+scaler, gpu:f16, cpu:bf16+native (the products on the CPU's own bf16 instructions, where it has "
    "them). Formats f32, bf16, f16.");

}  // namespace

TrainingForm::TrainingForm(QWidget* parent) : QWidget(parent) {
    QWidget* host = this;
    auto* v = new QVBoxLayout(host);
    v->setContentsMargins(2, 2, 2, 2);

    auto* runRow = new QHBoxLayout();
    m_play = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Play"));
    m_play->setToolTip(tr("Play / pause (Space). After a change of the controls, starts again from step 0."));
    m_step = new QPushButton(style()->standardIcon(QStyle::SP_MediaSkipForward), tr("Step"));
    m_step->setToolTip(tr("One step of every lane (.)"));
    m_reset = new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), tr("Reset"));
    m_reset->setToolTip(tr("Back to step 0 (Ctrl+R); a changed lane set applies now."));
    runRow->addWidget(m_play);
    runRow->addWidget(m_step);
    runRow->addWidget(m_reset);
    v->addLayout(runRow);
    // Pace: slow motion to narrate, up to as fast as the machine goes; each preset brings its own.
    auto* paceRow = new QHBoxLayout();
    auto* paceLabel = new QLabel(tr("pace"));
    m_pace = new QComboBox();
    for (double p : kPaces) m_pace->addItem(paceText(p), p);
    m_pace->setToolTip(tr("Steps per second: the engine waits between steps ('max' runs as fast as the machine goes). "
                          "Changes apply at once, also during a run."));
    paceLabel->setToolTip(m_pace->toolTip());
    paceLabel->setBuddy(m_pace);
    paceRow->addWidget(paceLabel);
    paceRow->addWidget(m_pace, 1);
    v->addLayout(paceRow);
    connect(m_pace, &QComboBox::currentIndexChanged, this, [this] { emit paceChanged(pace()); });
    connect(m_play, &QPushButton::clicked, this, &TrainingForm::playClicked);
    connect(m_step, &QPushButton::clicked, this, &TrainingForm::stepClicked);
    connect(m_reset, &QPushButton::clicked, this, &TrainingForm::resetClicked);

    auto* data = new QGroupBox(tr("Data"));
    auto* df = new QFormLayout(data);
    m_dataset = new QComboBox();
    for (DatasetKind k : kDatasets) m_dataset->addItem(qs(datasetName(k)), static_cast<int>(k));
    // Every field admits what `presisi train` admits (and so every preset): a preset is shown as it
    // is, never clipped to a field's limits.
    m_samples = new QSpinBox();
    m_samples->setRange(int(limits::kSamples.min), int(limits::kSamples.max));
    m_noise = new RealField(limits::kNoise.min, limits::kNoise.max);
    m_noise->setSingleStep(0.05);
    m_dataset->setToolTip(tr("The built-in data set every lane trains on (the same batches for every lane)."));
    m_samples->setToolTip(tr("Training samples of the built-in set; the evaluation samples are drawn after them."));
    m_noise->setToolTip(tr("Standard deviation of the noise added to the built-in set, in units of the data (0: none)."));
    df->addRow(tr("dataset"), m_dataset);
    df->addRow(tr("samples"), m_samples);
    df->addRow(tr("noise"), m_noise);
    // Samples and noise describe the built-in sets only: with data from .npy files they would be read as
    // a statement about that data, so they are off (their tooltips say why).
    connect(m_dataset, &QComboBox::currentIndexChanged, this, [this] {
        const bool builtIn = m_dataset->currentData().toInt() != static_cast<int>(DatasetKind::Npy);
        m_samples->setEnabled(builtIn);
        m_noise->setEnabled(builtIn);
        for (QWidget* w : {static_cast<QWidget*>(m_samples), static_cast<QWidget*>(m_noise)})
            w->setToolTip(builtIn ? w->property("builtInTip").toString()
                                  : tr("Not used: the data comes from .npy files (File > Load data…)."));
    });
    m_samples->setProperty("builtInTip", m_samples->toolTip());
    m_noise->setProperty("builtInTip", m_noise->toolTip());
    v->addWidget(data);
    m_trainingOnly << data;

    auto* model = new QGroupBox(tr("Model and optimizer"));
    auto* mf = new QFormLayout(model);
    m_sizes = new QLineEdit();
    m_sizes->setMaxLength(text_bounds::kSizes);
    m_sizes->setToolTip(tr("Layer widths: input, hidden…, output (2-64-64-3: 2 inputs, two hidden layers of 64, 3 outputs)."));
    m_activation = new QComboBox();
    for (Activation a : {Activation::Relu, Activation::Tanh, Activation::Gelu, Activation::Sigmoid})
        m_activation->addItem(qs(activationName(a)), static_cast<int>(a));
    m_norm = new QComboBox();
    m_norm->addItem(tr("none", "normalisation"), static_cast<int>(NormKind::None));
    for (NormKind n : {NormKind::Layer, NormKind::Rms, NormKind::Batch}) m_norm->addItem(normModuleName(n), static_cast<int>(n));
    m_norm->setToolTip(tr("A normalisation after every hidden linear layer, before its activation: nn.LayerNorm, nn.RMSNorm or "
                          "nn.BatchNorm1d, computed as PyTorch 2.x does (float32 statistics; the lane option "
                          "+naive-stats computes them in the lane's format)."));
    m_lossKind = new QComboBox();
    for (LossKind l : {LossKind::CrossEntropy, LossKind::Mse}) m_lossKind->addItem(qs(lossName(l)), static_cast<int>(l));
    m_optimizer = new QComboBox();
    m_optimizer->addItem("sgd", static_cast<int>(OptimizerSpec::Kind::Sgd));
    m_optimizer->addItem("adam", static_cast<int>(OptimizerSpec::Kind::Adam));
    m_optimizer->addItem("adamw", static_cast<int>(OptimizerSpec::Kind::AdamW));
    m_lr = new RealField(limits::kLr.min, limits::kLr.max, true);
    m_lr->setToolTip(tr("Learning rate of the optimizer (the arrows walk 0.01, 0.02, 0.05, 0.1, …)."));
    m_weightDecay = new RealField(limits::kWeightDecay.min, limits::kWeightDecay.max, true);  // the 1-2-5 ladder, as lr
    m_weightDecay->setToolTip(tr("Weight decay: sgd and adam add it times the weight to the gradient (L2), adamw "
                                 "shrinks the weight by lr times it before the step (decoupled; PyTorch's "
                                 "default for adamw is 0.01)."));
    // Choosing adamw where no weight decay is set takes PyTorch's AdamW default, as the command line does.
    connect(m_optimizer, &QComboBox::activated, this, [this] {
        if (static_cast<OptimizerSpec::Kind>(m_optimizer->currentData().toInt()) == OptimizerSpec::Kind::AdamW &&
            m_weightDecay->value() == 0)
            m_weightDecay->setValue(kAdamWDefaultWeightDecay);
    });
    m_activation->setToolTip(tr("The activation function between the linear layers."));
    m_lossKind->setToolTip(tr("cross_entropy (log_softmax then the negative log-likelihood) for classes, mse for regression."));
    m_optimizer->setToolTip(tr("The optimizer; it updates float32 master weights in every lane."));
    m_batch = new QSpinBox();
    m_batch->setRange(int(limits::kBatch.min), int(limits::kBatch.max));
    m_batch->setSpecialValueText(tr("full"));
    m_batch->setToolTip(tr("Samples per step ('full': the whole training set every step)."));
    m_gradAccum = new QSpinBox();
    m_gradAccum->setRange(int(limits::kGradAccum.min), int(limits::kGradAccum.max));
    m_gradAccum->setToolTip(tr("Gradient accumulation: micro-batches of 'batch' samples per optimizer step, each "
                               "backpropagating loss / K; summed in float32 (the lane option +accum-low: in the lane's format)."));
    m_steps = new QSpinBox();
    m_steps->setRange(int(limits::kSteps.min), int(limits::kSteps.max));
    m_seed = new SeedField();
    m_steps->setToolTip(tr("How many steps a run takes (Play after the end goes on for as many again)."));
    m_seed->setToolTip(tr("torch.manual_seed before the model is built (the data and batches use the seed + 1): every lane starts "
                          "from the same weights and sees the same batches."));
    mf->addRow(tr("sizes"), m_sizes);
    mf->addRow(tr("activation"), m_activation);
    mf->addRow(tr("normalisation"), m_norm);
    mf->addRow(tr("loss"), m_lossKind);
    mf->addRow(tr("optimizer"), m_optimizer);
    mf->addRow(tr("learning rate"), m_lr);
    mf->addRow(tr("weight decay"), m_weightDecay);
    mf->addRow(tr("batch"), m_batch);
    mf->addRow(tr("micro-batches"), m_gradAccum);
    mf->addRow(tr("steps"), m_steps);
    mf->addRow(tr("seed"), m_seed);
    m_modelBox = model;
    for (QWidget* field : {static_cast<QWidget*>(m_sizes), static_cast<QWidget*>(m_activation), static_cast<QWidget*>(m_norm),
                           static_cast<QWidget*>(m_gradAccum),
                           static_cast<QWidget*>(m_lossKind), static_cast<QWidget*>(m_optimizer),
                           static_cast<QWidget*>(m_lr), static_cast<QWidget*>(m_weightDecay)})
        m_trainingOnly << field << mf->labelForField(field);
    v->addWidget(model);

    auto* lanes = new QGroupBox(tr("Lanes"));
    lanes->setToolTip(tr("Each lane trains the same model on the same batches in one format: f32, bf16, f16, and f16 "
                         "with a loss scaler (+scaler)."));
    auto* lg = new QGridLayout(lanes);
    lg->addWidget(new QLabel(tr("CPU")), 0, 0);
    lg->addWidget(new QLabel(tr("GPU")), 0, 1);
    const CudaStatus& cuda = cudaStatus();
    for (int i = 0; i < 4; ++i) {
        for (int d = 0; d < 2; ++d) {
            auto* box = new QCheckBox(kDefaultLanes[i]);
            box->setProperty("lane", QString(d == 0 ? "cpu:" : "gpu:") + kDefaultLanes[i]);
            box->setToolTip(tr("Lane %1: trains in this format on the %2 (Ctrl+R or Play applies a change).")
                                .arg(box->property("lane").toString(), d == 0 ? tr("CPU") : tr("GPU")));
            if (d == 1 && !cuda.available) {
                box->setEnabled(false);
                box->setToolTip(qs(cuda.reason));
            }
            lg->addWidget(box, i + 1, d);
            m_laneBoxes.append(box);
        }
    }
    m_extraLanes = new QLineEdit();
    m_extraLanes->setMaxLength(text_bounds::kLanes);
    m_extraLanes->setPlaceholderText(tr("more: cpu:bf16+native, cpu:f16+ftz, …"));
    m_extraLanes->setToolTip(tr(kLaneSpecHelp));
    lg->addWidget(m_extraLanes, 5, 0, 1, 2);
    // A bad lane spec is marked while it is typed, with the reason under the field.
    m_laneProblem = new QLabel();
    m_laneProblem->setWordWrap(true);
    m_laneProblem->setStyleSheet("QLabel { color: #b03a00; }");
    m_laneProblem->hide();
    lg->addWidget(m_laneProblem, 7, 0, 1, 2);
    connect(m_extraLanes, &QLineEdit::textChanged, this, &TrainingForm::checkLaneText);
    for (QCheckBox* b : m_laneBoxes) connect(b, &QCheckBox::toggled, this, &TrainingForm::checkLaneText);
    if (!cuda.available) {
        auto* why = new QLabel(tr("GPU lanes off: %1").arg(qs(cuda.reason)));
        why->setWordWrap(true);
        why->setEnabled(false);
        why->setMinimumHeight(why->heightForWidth(200));
        lg->addWidget(why, 6, 0, 1, 2);
    }
    v->addWidget(lanes);

    // Settings a story rarely changes fold away, so the panel fits 1280x800 without scrolling.
    auto* scaler = new QGroupBox();
    auto* sf = new QFormLayout(scaler);
    m_initScale = new RealField(limits::kInitScale.min, limits::kInitScale.max, true);
    m_growth = new RealField(limits::kGrowthFactor.min, limits::kGrowthFactor.max);
    m_growth->setSingleStep(0.5);
    m_backoff = new RealField(limits::kBackoffFactor.min, limits::kBackoffFactor.max);
    m_backoff->setSingleStep(0.05);
    m_interval = new QSpinBox();
    m_interval->setRange(int(limits::kGrowthInterval.min), int(limits::kGrowthInterval.max));
    m_initScale->setToolTip(tr("The scale the loss is multiplied by at step 0 (GradScaler's init_scale, 65536 by default)."));
    m_growth->setToolTip(tr("The scale is multiplied by this after growth interval steps without inf/NaN (2 by default)."));
    m_backoff->setToolTip(tr("The scale is multiplied by this when a scaled gradient is inf/NaN; that step is skipped (0.5 by default)."));
    m_interval->setToolTip(tr("Clean steps in a row before the scale grows (2000 by default)."));
    sf->addRow(tr("initial scale"), m_initScale);
    sf->addRow(tr("growth factor"), m_growth);
    sf->addRow(tr("backoff factor"), m_backoff);
    sf->addRow(tr("growth interval"), m_interval);
    m_scalerSection = new Section(tr("Loss scaler (+scaler lanes)"), scaler, false);
    m_scalerSection->setToolTip(tr("GradScaler's settings for every +scaler lane: the loss is multiplied by the scale "
                                   "before the backward pass and the gradients divided by it before the step."));
    v->addWidget(m_scalerSection);
    m_trainingOnly << m_scalerSection;

    m_policy = new PolicyEditor();
    auto* policySection = new Section(tr("Autocast policy (every lane)"), m_policy, false);
    policySection->setToolTip(m_policy->table()->toolTip());
    v->addWidget(policySection);
    m_trainingOnly << policySection;

    m_charts = new ChartChoices();
    auto* chartSection = new Section(tr("Charts"), m_charts, false);
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

void TrainingForm::setPace(double stepsPerSecond) {
    const double p = stepsPerSecond > 0 ? stepsPerSecond : 0;
    int i = m_pace->findData(p);
    if (i < 0) {
        // A preset's or a file's own pace joins the list where it belongs.
        i = 0;
        while (i < m_pace->count() - 1 && m_pace->itemData(i).toDouble() < p) ++i;
        m_pace->insertItem(i, paceText(p), p);
    }
    m_pace->setCurrentIndex(i);
    emit paceChanged(p);  // also when it was the pace already: whoever runs follows it
}

QTableWidget* TrainingForm::policyTable() const { return m_policy->table(); }

double TrainingForm::pace() const { return m_pace->currentData().toDouble(); }

void TrainingForm::setScenario(const Scenario& s) {
    m_base = s;
    setPace(s.pace);
    // Data from .npy files (an experiment file, File > Load data…) joins the list when it comes.
    if (s.data.kind == DatasetKind::Npy && m_dataset->findData(static_cast<int>(DatasetKind::Npy)) < 0)
        m_dataset->addItem(qs(datasetName(DatasetKind::Npy)), static_cast<int>(DatasetKind::Npy));
    m_dataset->setCurrentIndex(std::max(0, m_dataset->findData(static_cast<int>(s.data.kind))));
    m_samples->setValue(s.data.samples);
    m_noise->setValue(s.data.noise);
    QStringList sizes;
    for (int w : s.sizes) sizes << QString::number(w);
    m_sizes->setText(sizes.join("-"));
    m_activation->setCurrentIndex(std::max(0, m_activation->findData(static_cast<int>(s.activation))));
    m_lossKind->setCurrentIndex(std::max(0, m_lossKind->findData(static_cast<int>(s.loss))));
    m_norm->setCurrentIndex(std::max(0, m_norm->findData(static_cast<int>(s.norm))));
    m_gradAccum->setValue(s.gradAccum);
    m_optimizer->setCurrentIndex(std::max(0, m_optimizer->findData(static_cast<int>(s.optimizer.kind))));
    m_lr->setValue(s.optimizer.lr);
    m_weightDecay->setValue(s.optimizer.weightDecay);
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
    m_policy->showScenario(s);
}

Scenario TrainingForm::scenarioFromControls() const {
    Scenario s = m_base;
    s.data.kind = static_cast<DatasetKind>(m_dataset->currentData().toInt());
    s.data.samples = m_samples->value();
    s.data.noise = m_noise->value();
    s.sizes.clear();
    for (const QString& part : m_sizes->text().split(QRegularExpression("[-,x ]+"), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int w = part.toInt(&ok);
        if (!ok) throw Error(tr("sizes: '%1' is not a width (write e.g. 2-64-64-3)").arg(text_bounds::quoted(part)).toStdString());
        s.sizes.push_back(w);
    }
    s.activation = static_cast<Activation>(m_activation->currentData().toInt());
    s.loss = static_cast<LossKind>(m_lossKind->currentData().toInt());
    s.norm = static_cast<NormKind>(m_norm->currentData().toInt());
    s.gradAccum = m_gradAccum->value();
    s.optimizer.kind = static_cast<OptimizerSpec::Kind>(m_optimizer->currentData().toInt());
    s.optimizer.lr = m_lr->value();
    s.optimizer.weightDecay = m_weightDecay->value();
    s.pace = m_pace->currentData().toDouble();
    s.batch = m_batch->value();
    s.steps = m_steps->value();
    bool seedOk = false;
    s.seed = m_seed->seed(&seedOk);
    if (!seedOk) throw Error(tr("seed: '%1' is not an integer from 0 to 2^64-1").arg(m_seed->text()).toStdString());
    s.lanes = lanesFromControls();
    s.scaler.initScale = m_initScale->value();
    s.scaler.growthFactor = m_growth->value();
    s.scaler.backoffFactor = m_backoff->value();
    s.scaler.growthInterval = m_interval->value();
    m_policy->applyTo(s);
    // A scenario that no longer matches its preset is not that preset any more (the pace is not part
    // of the setup).
    if (!sameSetup(s, m_base) || s.steps != m_base.steps || m_policy->edited()) s.preset.clear();
    return s;
}

std::vector<LaneSpec> TrainingForm::lanesFromControls() const {
    std::vector<LaneSpec> lanes;
    for (QCheckBox* b : m_laneBoxes)
        if (b->isChecked() && b->isEnabled()) lanes.push_back(parseLane(b->property("lane").toString().toStdString()));
    for (const QString& part : m_extraLanes->text().split(QRegularExpression("[, ]+"), Qt::SkipEmptyParts))
        lanes.push_back(parseLane(part.toStdString()));
    return lanes;
}

void TrainingForm::checkLaneText() {
    QString problem;
    try {
        const std::vector<LaneSpec> lanes = lanesFromControls();
        for (auto it = lanes.begin(); it != lanes.end() && problem.isEmpty(); ++it)
            if (std::find(lanes.begin(), it, *it) != it)
                problem = tr("lane '%1' is already in the run").arg(QString::fromStdString(it->label()));
            else if (const std::string why = scaledLaneProblem(*it); !why.empty())  // validate() refuses it at Run
                problem = QString::fromStdString(it->label() + ": " + why);
        if (problem.isEmpty() && lanes.empty()) problem = tr("no lane: tick at least one");
    } catch (const std::exception& e) {
        problem = QString::fromUtf8(e.what());
    }
    m_extraLanes->setStyleSheet(problem.isEmpty() ? QString() : "QLineEdit { border: 2px solid #d55e00; }");
    m_laneProblem->setText(problem);
    m_laneProblem->setVisible(!problem.isEmpty());
}

QString TrainingForm::laneProblem() const { return m_laneProblem->isHidden() ? QString() : m_laneProblem->text(); }

void TrainingForm::setSummation(bool summation) {
    for (QWidget* w : m_trainingOnly) w->setVisible(!summation);
    // A summation's model box holds its own fields: the values summed per step, how many steps.
    m_modelBox->setTitle(summation ? tr("Summation") : tr("Model and optimizer"));
    if (auto* batchLabel = qobject_cast<QLabel*>(static_cast<QFormLayout*>(m_modelBox->layout())->labelForField(m_batch)))
        batchLabel->setText(summation ? tr("values per step") : tr("batch"));
}

void TrainingForm::setRunning(bool running) {
    m_play->setText(running ? tr("Pause") : tr("Play"));
    m_play->setIcon(style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_step->setEnabled(!running);
}

}  // namespace presisi
