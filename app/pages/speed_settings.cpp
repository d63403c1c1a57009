// SpeedSettings: the Speed page's controls, the memory budget's default, and the scenario and settings
// each section's measurement is given.
#include "speed_settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QStringList>
#include <algorithm>
#include <cmath>

#include "engine/device.h"
#include "engine/native/native_gemm.h"
#include "engine/speed/memory_plan.h"
#include "presets.h"
#include "widgets/number_field.h"

namespace presisi {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

QLabel* smallLabel(const QString& text, const QString& tip) {
    auto* l = new QLabel(text);
    l->setToolTip(tip);
    return l;
}

// A section's own controls in one row, laid out beside its Run and Cancel.
QHBoxLayout* controlsRow(QWidget* controls) {
    auto* row = new QHBoxLayout(controls);
    row->setContentsMargins(0, 0, 0, 0);
    return row;
}

}  // namespace

SpeedSettings::SpeedSettings(QObject* parent) : QObject(parent) {
    m_row = new QHBoxLayout();
    m_device = new QComboBox();
    m_device->addItems({tr("CPU"), tr("GPU"), tr("CPU + GPU")});
    const bool gpu = cudaStatus().available;
    // Items the machine cannot run stay listed, greyed, so a person sees what a GPU would add.
    for (int i : {1, 2})
        if (auto* model = qobject_cast<QStandardItemModel*>(m_device->model()); model && !gpu)
            model->item(i)->setEnabled(false);
    m_device->setToolTip(gpu ? tr("Which device the measurements run on. Memory, sweep and breakdown take the Training "
                                  "lab's lanes (their formats) on this device.")
                             : tr("Which device the measurements run on. No usable CUDA GPU here: CPU only (%1).")
                                   .arg(QString::fromStdString(cudaStatus().reason)));
    m_row->addWidget(smallLabel(tr("Device:"), m_device->toolTip()));
    m_row->addWidget(m_device);
    m_native = new QCheckBox(tr("+ native bf16 lane"));
    const bool nativeBf16 = native::available(Format::BF16);
    m_native->setChecked(nativeBf16);
    m_native->setEnabled(nativeBf16);
    m_native->setToolTip(nativeBf16 ? tr("Adds cpu:bf16+native to the Training lab's lanes for the memory, sweep and "
                                         "breakdown sections: its products run on the CPU's bf16 instructions (oneDNN), so "
                                         "its step speed is measured beside the emulated bf16 lane's.")
                                    : QString::fromStdString(native::fallbackMessage(Format::BF16)));
    m_row->addWidget(m_native);
    m_setup = new QLabel();
    m_setup->setWordWrap(true);
    m_setup->setToolTip(tr("The model and batch the memory, sweep and breakdown sections measure: the Training lab's "
                           "current setup (change it there)."));
    m_row->addWidget(m_setup, 1);

    m_throughputControls = new QWidget();
    QHBoxLayout* ge = controlsRow(m_throughputControls);
    m_maxSize = new QComboBox();
    for (int s : {512, 1024, 2048, 4096, 8192}) m_maxSize->addItem(tr("up to %1").arg(s), s);
    m_maxSize->setCurrentIndex(2);
    m_maxSize->setToolTip(tr("The largest product measured: sizes 256, 512, … up to this (powers of two). Large sizes "
                             "take seconds each on a CPU core; speed-ups are quoted at the largest."));
    m_shape = new QComboBox();
    m_shape->addItems({tr("square"), tr("layer")});
    m_shape->setToolTip(tr("square: m = n = k = size. layer: a linear layer's forward, batch 256 × size inputs → size "
                           "outputs."));
    ge->addWidget(m_maxSize);
    ge->addWidget(m_shape);

    m_memoryControls = new QWidget();
    QHBoxLayout* me = controlsRow(m_memoryControls);
    m_budget = new RealField(1e-9, 1e6);
    m_budget->setToolTip(tr("The memory budget: the largest batch that fits it is given per lane, and the batch sweep "
                            "stops there. Default: the machine's available memory (MemAvailable; on a GPU its free "
                            "memory)."));
    // The unit in the label: RealField reads plain numbers only (no suffix to type around).
    me->addWidget(smallLabel(tr("budget (GiB)"), m_budget->toolTip()));
    me->addWidget(m_budget);
    connect(m_budget, &RealField::valueChanged, this, [this](double gib) { m_budgetValue = gib * kGiB; });

    m_breakdownControls = new QWidget();
    QHBoxLayout* be = controlsRow(m_breakdownControls);
    m_loader = new RealField(0, 10000);
    m_loader->setValue(0);
    m_loader->setToolTip(tr("Loader cost per batch (ms): the built-in loader waits this long for every batch, like a "
                            "slow disk or heavy preprocessing. Set 20 ms to see a data-bound step."));
    be->addWidget(smallLabel(tr("loader cost per batch (ms)"), m_loader->toolTip()));
    be->addWidget(m_loader);

    connect(m_native, &QCheckBox::toggled, this, &SpeedSettings::updateSetup);
    connect(m_device, &QComboBox::currentIndexChanged, this, [this] {
        setBudgetBytes(0);
        updateSetup();
        emit deviceChanged();
    });
    setBudgetBytes(0);
    updateSetup();
}

void SpeedSettings::setScenarioSource(std::function<Scenario()> source) {
    m_source = std::move(source);
    updateSetup();
}

void SpeedSettings::setNativeLane(bool on) { m_native->setChecked(on); }
bool SpeedSettings::nativeLane() const { return m_native->isChecked(); }

void SpeedSettings::setDevice(DeviceChoice choice) { m_device->setCurrentIndex(choice); }
SpeedSettings::DeviceChoice SpeedSettings::device() const { return static_cast<DeviceChoice>(m_device->currentIndex()); }

Scenario SpeedSettings::measuredScenario() const {
    Scenario s = m_source ? m_source() : Scenario{};
    std::vector<Device> devices;
    if (device() != GpuOnly) devices.push_back(Device::Cpu);
    if (device() != CpuOnly) devices.push_back(Device::Gpu);
    // The Training lab's formats (and their scaler/ftz options) on each chosen device, once each.
    std::vector<LaneSpec> lanes;
    for (Device d : devices)
        for (LaneSpec lane : s.lanes) {
            lane.device = d;
            if (d == Device::Gpu) lane.native = false;  // native means the CPU's instructions
            if (std::find(lanes.begin(), lanes.end(), lane) == lanes.end()) lanes.push_back(lane);
        }
    LaneSpec nativeBf16{Device::Cpu, Format::BF16};
    nativeBf16.native = true;
    if (nativeLane() && device() != GpuOnly && native::available(Format::BF16) &&
        std::find(lanes.begin(), lanes.end(), nativeBf16) == lanes.end())
        lanes.push_back(nativeBf16);
    s.lanes = lanes;
    s.statistics = false;
    return s;
}

// The measured batch; with gradient accumulation a measured step is one micro-batch and the optimizer.
QString SpeedSettings::batchText(const Scenario& s) {
    const QString batch = s.batch > 0 ? QString::number(s.batch) : tr("full (%1)").arg(s.data.samples);
    return s.gradAccum > 1 ? tr("%1 (1 of %2 micro-batches)").arg(batch).arg(s.gradAccum) : batch;
}

void SpeedSettings::updateSetup() {
    try {
        const Scenario s = measuredScenario();
        QStringList widths;
        for (int w : s.sizes) widths << QString::number(w);
        // The normalisation's name as the command line writes it (--norm batch: "2-64-64-3, batch norm").
        const QString model = widths.join("-") + (s.norm == NormKind::None ? QString() : ", " + QString::fromUtf8(normName(s.norm).data()) + " norm");
        const QStringList lanes = laneLabels(s);
        const QString name = s.preset.empty() ? tr("the Training lab's setup") : QString::fromStdString(s.preset);
        // One line (a second would take height from the charts); the lanes are named in full in the tooltip.
        m_setup->setText(tr("Measures <b>%1</b>: model %2, batch %3, %4, %5 lanes")
                             .arg(name.toHtmlEscaped(), model)
                             .arg(batchText(s))
                             .arg(QString::fromStdString(std::string(optimizerName(s.optimizer.kind))))
                             .arg(s.lanes.size()));
        m_setup->setToolTip(tr("The model and batch the memory, sweep and breakdown sections measure: the Training "
                               "lab's current setup (change it there). Lanes: %1.").arg(lanes.join(", ")));
    } catch (const std::exception& e) {
        m_setup->setText(tr("The Training lab's setup cannot be read: %1").arg(QString::fromUtf8(e.what()).toHtmlEscaped()));
    }
}

QString SpeedSettings::setupText() const { return m_setup->text(); }

void SpeedSettings::setBudgetBytes(double bytes) {
    if (bytes <= 0) {
        // The default: what the first lane's device has free (MemAvailable, or the GPU's free memory).
        LaneSpec lane;
        lane.device = device() == GpuOnly ? Device::Gpu : Device::Cpu;
        bytes = defaultBudget(lane);
        if (bytes <= 0) bytes = 4 * kGiB;
        // Rounded down to 0.1 GiB: a readable field, and still within what is free.
        if (bytes >= kGiB) bytes = std::floor(bytes / kGiB * 10) / 10 * kGiB;
    }
    // The bytes are kept exactly (a budget set in bytes must not come back one byte short through GiB).
    m_budgetValue = bytes;
    const QSignalBlocker block(m_budget);
    m_budget->setValue(bytes / kGiB);
}

void SpeedSettings::setLoaderMilliseconds(double ms) { m_loader->setValue(ms); }

void SpeedSettings::setGemmSizes(const std::vector<std::int64_t>& sizes) {
    m_gemmSizes = sizes;
    // The "up to" box says the largest size measured where it offers it.
    if (!sizes.empty())
        if (const int i = m_maxSize->findData(static_cast<int>(*std::max_element(sizes.begin(), sizes.end()))); i >= 0)
            m_maxSize->setCurrentIndex(i);
}

GemmBenchSettings SpeedSettings::throughputSettings() const {
    GemmBenchSettings settings;
    if (!m_gemmSizes.empty()) settings.sizes = m_gemmSizes;
    else {
        settings.sizes.clear();
        for (std::int64_t s = 256; s <= m_maxSize->currentData().toInt(); s *= 2) settings.sizes.push_back(s);
    }
    settings.square = m_shape->currentIndex() == 0;
    settings.repeats = m_gemmRepeats;
    settings.device = device() == GpuOnly ? Device::Gpu : Device::Cpu;
    settings.allDevices = device() == CpuAndGpu;
    return settings;
}

SweepSettings SpeedSettings::sweepSettings() const {
    SweepSettings settings;
    settings.budgetBytes = budgetBytes();
    settings.stepsPerPoint = m_sweepSteps;
    return settings;
}

BreakdownSettings SpeedSettings::breakdownSettings() const {
    BreakdownSettings settings;
    settings.steps = m_breakdownSteps;
    settings.loaderSecondsPerBatch = m_loader->value() / 1000.0;
    return settings;
}

void SpeedSettings::takeOver(const SpeedSettings& other) {
    setDevice(other.device());  // before the budget: a device change sets the budget to its default
    setNativeLane(other.nativeLane());
    m_maxSize->setCurrentIndex(other.m_maxSize->currentIndex());
    m_shape->setCurrentIndex(other.m_shape->currentIndex());
    setBudgetBytes(other.budgetBytes());
    setLoaderMilliseconds(other.m_loader->value());
    m_gemmSizes = other.m_gemmSizes;
    m_gemmRepeats = other.m_gemmRepeats;
    m_sweepSteps = other.m_sweepSteps;
    m_breakdownSteps = other.m_breakdownSteps;
    updateSetup();
}

}  // namespace presisi
