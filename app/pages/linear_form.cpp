// LinearForm: the Linear lab's controls, the configuration and lanes they describe, and back.
#include "linear_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <utility>

#include "engine/device.h"
#include "engine/native/native_gemm.h"
#include "linear_files_box.h"
#include "linear_page_detail.h"
#include "widgets/input_guard.h"

namespace presisi {

namespace {

using namespace linear_page_detail;

constexpr int kControlsWidth = 205;  // the controls at text scale 1

constexpr int kSizeLimit = 4096;  // the spin boxes' range for in, out and batch (a file may fix more)

QSpinBox* spin(int lo, int hi, int value) {
    auto* s = new QSpinBox();
    s->setRange(lo, hi);
    s->setValue(value);
    s->setKeyboardTracking(false);
    return s;
}

}  // namespace

LinearForm::LinearForm(QWidget* parent) : QWidget(parent) {
    auto* cv = new QVBoxLayout(this);
    cv->setContentsMargins(0, 0, 0, 0);
    auto* sizes = new QGroupBox(tr("Layer and input"));
    sizes->setToolTip(tr("nn.Linear(in, out) applied to x = torch.randn(batch, in) after torch.manual_seed(seed)"));
    auto* form = new QFormLayout(sizes);
    m_in = spin(1, kSizeLimit, 256);
    m_out = spin(1, kSizeLimit, 256);
    m_batch = spin(1, kSizeLimit, 64);
    m_seed = spin(0, 2147483647, 0);
    m_in->setToolTip(tr("in: the layer's input width, the length of every dot product each output sums over. "
                        "Longer sums gather more rounding error, most visibly with storage-format accumulation."));
    m_out->setToolTip(tr("out: the layer's output width (its number of neurons). The outputs compared are batch × out."));
    m_batch->setToolTip(tr("batch: rows of x = torch.randn(batch, in). Each row gives out outputs; all of them "
                           "enter the metrics."));
    m_seed->setToolTip(tr("seed: torch.manual_seed(seed) before the layer and x are drawn, with PyTorch's own CPU "
                          "generator, so seed 0 gives the tutorial's numbers."));
    form->addRow(tr("in"), m_in);
    form->addRow(tr("out"), m_out);
    form->addRow(tr("batch"), m_batch);
    form->addRow(tr("seed"), m_seed);
    cv->addWidget(sizes);
    m_files = new LinearFilesBox();
    connect(m_files, &LinearFilesBox::filesChanged, this, [this] {
        const bool quiet = m_quiet;
        m_quiet = true;  // the spin boxes set by the files: one changed() after
        showFileSizes();
        m_quiet = quiet;
        emitChanged();
    });
    cv->addWidget(m_files);

    auto* lanesBox = new QGroupBox(tr("Lanes"));
    auto* lv = new QVBoxLayout(lanesBox);
    auto* f32 = new QCheckBox(tr("f32 (reference)"));
    f32->setToolTip(tr("The float32 lane, always on: the other lanes on the same device are compared with its "
                       "outputs."));
    f32->setChecked(true);
    f32->setEnabled(false);
    m_bf16 = new QCheckBox(tr("bf16 (autocast)"));
    m_bf16->setToolTip(tr("A lane as torch.autocast(dtype=torch.bfloat16) runs the layer: x, weights and bias "
                          "rounded to bfloat16, the output stored in bfloat16. Same range as float32, 8 bits of "
                          "precision."));
    m_bf16->setChecked(true);
    m_f16 = new QCheckBox(tr("f16 (autocast)"));
    m_f16->setToolTip(tr("A lane as autocast with torch.float16 runs the layer: 11 bits of precision, but "
                         "magnitudes of 65520 and more round to inf and those of 2^-25 or less to 0."));
    m_f16->setChecked(true);
    lv->addWidget(f32);
    lv->addWidget(m_bf16);
    lv->addWidget(m_f16);
    m_cpu = new QCheckBox(tr("CPU"));
    m_cpu->setToolTip(tr("Run the lanes on the CPU (Presisi's emulation of PyTorch's CPU autocast)."));
    m_cpu->setChecked(true);
    m_gpu = new QCheckBox(tr("GPU (CUDA)"));
    m_gpu->setToolTip(tr("Run the lanes on the CUDA GPU too (cuBLAS); each device's lanes are compared with "
                         "that device's f32 lane."));
    const CudaStatus& cuda = cudaStatus();
    if (!cuda.available) {
        m_gpu->setEnabled(false);
        m_gpu->setToolTip(qs(cuda.reason));
    } else {
        m_gpu->setText(tr("GPU: %1").arg(QString::fromStdString(cuda.name)));
    }
    lv->addWidget(m_cpu);
    lv->addWidget(m_gpu);
    if (!cuda.available) {
        m_gpuReason = new QLabel(qs(cuda.reason));
        m_gpuReason->setWordWrap(true);
        m_gpuReason->setEnabled(false);
        lv->addWidget(m_gpuReason);
    }
    // The verb on a line of its own and short choices under it: "accumulate in storage format" in one
    // combobox was cut at the side panel's width (and is longer in Indonesian).
    auto* accumulationLabel = new QLabel(tr("Accumulate in:"));
    m_accumulation = new QComboBox();
    m_accumulation->addItem(tr("f32"), static_cast<int>(Accumulation::F32));
    m_accumulation->addItem(tr("storage format"), static_cast<int>(Accumulation::Storage));
    m_accumulation->setToolTip(tr("How each dot product is summed: in float32, as autocast, cuBLAS and oneDNN do, or "
                                  "rounding every partial sum to the lane's format. The second shows why every "
                                  "library sums in f32: the error grows with in."));
    accumulationLabel->setToolTip(m_accumulation->toolTip());
    accumulationLabel->setBuddy(m_accumulation);
    lv->addWidget(accumulationLabel);
    lv->addWidget(m_accumulation);
    m_ftz = new QCheckBox(tr("flush subnormals to zero"));
    m_ftz->setToolTip(tr("The low lanes set subnormal values to zero, as hardware in flush-to-zero mode "
                         "does: x, the weights, the bias and the outputs are flushed at every rounding (the +ftz lanes)."));
    lv->addWidget(m_ftz);
    // A native lane beside each emulated CPU bf16/f16 lane: same inputs, the CPU's own low-precision
    // instructions (oneDNN), float32 accumulation; where the CPU has none it runs emulated and says so.
    // Short enough for the side panel at text scale 1 (oneDNN is named in the tooltip).
    m_native = new QCheckBox(tr("native bf16/f16"));
    m_native->setToolTip(tr("Adds a CPU lane beside each low-precision lane whose product runs on the CPU's own "
                            "bfloat16/float16 instructions (oneDNN), accumulating in float32 like the emulated lane. "
                            "Here: %1")
                             .arg(native::available(Format::BF16)
                                      ? tr("native bf16 (%1). %2")
                                            .arg(qs(native::support().version), qs(native::subnormalNote(Format::BF16)))
                                      : qs(native::fallbackMessage(Format::BF16))));
    lv->addWidget(m_native);
    cv->addWidget(lanesBox);

    // Lanes of 8 bits and below: x and W quantised along in (the reduction dimension), the dequantised
    // values multiplied with float32 accumulation, bias and output in float32. CPU only. Two columns of
    // short names keep the panel as narrow as the other groups; the tooltips say what each one is.
    auto* lowBox = new QGroupBox(tr("8 bits and below (CPU)"));
    lowBox->setToolTip(tr("FP8, FP6 and FP4 lanes: x and the weights are stored in the format, scaled along in (each "
                          "dot product's length), then multiplied with float32 accumulation; the bias and the output "
                          "stay float32. They show what the storage costs, not a rounded output."));
    auto* lg = new QGridLayout(lowBox);
    lg->setHorizontalSpacing(4);
    lg->setVerticalSpacing(2);
    const QString mxTip = tr("%1: blocks of 32 values along in share one power-of-two scale (e8m0); the elements are "
                             "%2. The block's largest value sets the scale (see the scale mode below), so one outlier "
                             "costs only its own block precision.");
    const struct {
        ScaledFormat format;
        QString tip;
    } scaledChoices[] = {
        {ScaledFormat::E4M3, tr("e4m3 (FP8, 3 mantissa bits, max 448): the format for activations and weights. One "
                                "float32 scale per tensor, max/amax, as torchao's tensorwise float8 recipe computes it.")},
        {ScaledFormat::E5M2, tr("e5m2 (FP8, 2 mantissa bits, max 57344): the format for gradients, with range rather "
                                "than precision. One float32 scale per tensor, max/amax.")},
        {ScaledFormat::Mxfp8, mxTip.arg(QStringLiteral("mxfp8"), tr("e4m3 (FP8)"))},
        {ScaledFormat::Mxfp6E2m3, mxTip.arg(QStringLiteral("mxfp6-e2m3"), tr("e2m3 (FP6, max 7.5)")) +
                                      tr(" (mxfp6-e3m2 and mxfp8-e5m2 run from the command line: presisi linear "
                                         "--lanes cpu:mxfp6-e3m2)")},
        {ScaledFormat::Mxfp4, mxTip.arg(QStringLiteral("mxfp4"), tr("e2m1 (FP4: 0, 0.5, 1, 1.5, 2, 3, 4, 6)"))},
        {ScaledFormat::Nvfp4, tr("nvfp4: blocks of 16 values along in with an e4m3 scale each, and one float32 scale "
                                 "for the tensor (amax / (448·6)); the elements are e2m1 (FP4). The finer blocks and "
                                 "scales make it more precise than mxfp4 at the same 4 bits.")},
    };
    int slot = 0;
    for (const auto& choice : scaledChoices) {
        // "mxfp6" is mxfp6-e2m3 (the full name would not fit the column; its tile names it in full).
        auto* box = new QCheckBox(choice.format == ScaledFormat::Mxfp6E2m3 ? QStringLiteral("mxfp6")
                                                                           : qs(traits(choice.format).name));
        box->setToolTip(choice.tip);
        // The tutorial's example shows FP8 and FP4 beside bf16 and f16.
        box->setChecked(choice.format == ScaledFormat::Mxfp8 || choice.format == ScaledFormat::Mxfp4);
        lg->addWidget(box, slot / 2, slot % 2);
        m_scaled.append({choice.format, box});
        ++slot;
    }
    m_scaleMode = new QComboBox();
    for (ScaleMode mode : {ScaleMode::Floor, ScaleMode::Ceil, ScaleMode::Even, ScaleMode::Rceil})
        m_scaleMode->addItem(qs(scaleModeName(mode)), static_cast<int>(mode));
    m_scaleMode->setToolTip(tr("How an MX block's power-of-two scale follows its largest value: floor (the OCP rule, "
                               "torchao's default) may push the largest values past the element's max, where they "
                               "saturate; rceil (Transformer Engine) rounds the scale up so nothing saturates, at the "
                               "cost of precision for the rest; ceil and even lie between."));
    auto* modeLabel = new QLabel(tr("MX scale"));
    modeLabel->setBuddy(m_scaleMode);
    modeLabel->setToolTip(m_scaleMode->toolTip());
    lg->addWidget(modeLabel, (slot + 1) / 2, 0);
    lg->addWidget(m_scaleMode, (slot + 1) / 2, 1);
    m_saturate = new QCheckBox(tr("saturate e4m3/e5m2"));
    m_saturate->setToolTip(tr("The per-tensor lanes clamp values beyond the format's max to ±max (torch's eager cast to "
                              "float8_e4m3fn, Transformer Engine's satfinite) instead of the OCP conversion (e4m3 → "
                              "NaN, e5m2 → inf). With the tensor's own amax nothing overflows, so the numbers rarely "
                              "change; the tile says which rule ran."));
    lg->addWidget(m_saturate, (slot + 1) / 2 + 1, 0, 1, 2);
    cv->addWidget(lowBox);
    m_note = new QLabel();
    m_note->setWordWrap(true);
    cv->addWidget(m_note);
    m_cancel = new QPushButton(tr("Cancel computation"));
    m_cancel->setToolTip(tr("Stops the computation; the last finished one stays on screen"));
    m_cancel->hide();
    connect(m_cancel, &QPushButton::clicked, this, &LinearForm::cancelClicked);
    cv->addWidget(m_cancel);
    cv->addStretch(1);
    guardWheel(this);
    setScale(1.0);
    for (QSpinBox* s : {m_in, m_out, m_batch, m_seed}) connect(s, &QSpinBox::valueChanged, this, &LinearForm::emitChanged);
    for (QCheckBox* c : {m_bf16, m_f16, m_cpu, m_gpu, m_ftz, m_native, m_saturate})
        connect(c, &QCheckBox::toggled, this, &LinearForm::emitChanged);
    for (const auto& [format, box] : m_scaled) connect(box, &QCheckBox::toggled, this, &LinearForm::emitChanged);
    connect(m_accumulation, &QComboBox::currentIndexChanged, this, &LinearForm::emitChanged);
    // The explanation describes the mode chosen at once (its numbers follow with the result).
    connect(m_accumulation, &QComboBox::currentIndexChanged, this, &LinearForm::accumulationChanged);
    connect(m_scaleMode, &QComboBox::currentIndexChanged, this, &LinearForm::emitChanged);
}

void LinearForm::emitChanged() {
    if (!m_quiet) emit changed();
}

void LinearForm::setConfig(const LinearConfig& config) {
    m_quiet = true;
    showConfig(config);
    m_quiet = false;
    emit changed();
}

void LinearForm::showConfig(const LinearConfig& config) {
    m_in->setValue(static_cast<int>(config.in));
    m_out->setValue(static_cast<int>(config.out));
    m_batch->setValue(static_cast<int>(config.batch));
    m_seed->setValue(static_cast<int>(config.seed));
}

void LinearForm::showFileSizes() {
    const std::pair<QSpinBox*, std::optional<int>> fixed[] = {
        {m_in, m_files->fixedIn()}, {m_out, m_files->fixedOut()}, {m_batch, m_files->fixedBatch()}};
    for (const auto& [box, value] : fixed) {
        box->setRange(1, std::max(kSizeLimit, value.value_or(0)));
        if (value) box->setValue(*value);
        box->setEnabled(!value);
    }
}

LinearFileNames LinearForm::files() const { return m_files->files(); }

LinearSizes LinearForm::freeSizes() const {
    LinearSizes s;
    if (!m_files->fixedIn()) s.in = m_in->value();
    if (!m_files->fixedOut()) s.out = m_out->value();
    if (!m_files->fixedBatch()) s.batch = m_batch->value();
    s.seed = static_cast<std::uint64_t>(m_seed->value());
    return s;
}

LinearConfig LinearForm::config() const {
    LinearConfig c;
    c.in = m_in->value();
    c.out = m_out->value();
    c.batch = m_batch->value();
    c.seed = static_cast<std::uint64_t>(m_seed->value());
    return c;
}

std::vector<LinearLane> LinearForm::lanes() const {
    std::vector<LinearLane> out;
    Device devices[2] = {Device::Cpu, Device::Gpu};
    int count = 0;
    if (m_cpu->isChecked()) devices[count++] = Device::Cpu;
    if (m_gpu->isChecked() && m_gpu->isEnabled()) devices[count++] = Device::Gpu;
    if (count == 0) devices[count++] = Device::Cpu;
    for (int k = 0; k < count; ++k) {
        const Device d = devices[k];
        std::vector<Format> formats{Format::F32};
        if (m_bf16->isChecked()) formats.push_back(Format::BF16);
        if (m_f16->isChecked()) formats.push_back(Format::F16);
        for (Format f : formats) {
            LinearLane lane;
            lane.device = d;
            lane.format = f;
            if (f != Format::F32) {
                lane.accumulation = accumulation();
                if (m_ftz->isChecked()) lane.subnormals = Subnormals::Flush;
            }
            out.push_back(lane);
            if (m_native->isChecked() && d == Device::Cpu && f != Format::F32 &&
                lane.accumulation == Accumulation::F32) {
                lane.native = true;
                out.push_back(lane);
            }
        }
    }
    // The lanes of 8 bits and below run on the CPU only (the quantisation is emulated there), whichever
    // devices are ticked; each compares with cpu:f32, which the charts then need beside them.
    const bool anyScaled = std::any_of(m_scaled.begin(), m_scaled.end(), [](const auto& c) { return c.second->isChecked(); });
    if (anyScaled && std::find(out.begin(), out.end(), LinearLane{}) == out.end()) out.insert(out.begin(), LinearLane{});
    for (const auto& [format, box] : m_scaled) {
        if (!box->isChecked()) continue;
        LinearLane lane;
        lane.scaled = format;
        if (isMx(format)) lane.scaleMode = static_cast<ScaleMode>(m_scaleMode->currentData().toInt());
        if (isPerTensor(format) && m_saturate->isChecked()) lane.overflow = Overflow::Saturate;
        out.push_back(lane);
    }
    return out;
}

void LinearForm::reset() {
    m_quiet = true;
    m_files->clear();
    showFileSizes();
    showConfig(LinearConfig{});
    m_bf16->setChecked(true);
    m_f16->setChecked(true);
    m_cpu->setChecked(true);
    m_gpu->setChecked(false);
    m_accumulation->setCurrentIndex(0);
    m_ftz->setChecked(false);
    m_native->setChecked(false);
    for (const auto& [format, box] : m_scaled)
        box->setChecked(format == ScaledFormat::Mxfp8 || format == ScaledFormat::Mxfp4);
    m_scaleMode->setCurrentIndex(0);
    m_saturate->setChecked(false);
    m_quiet = false;
    emit changed();
}

void LinearForm::copyFrom(const LinearForm& old) {
    m_quiet = true;
    m_files->copyFrom(*old.m_files);
    showFileSizes();
    using Spins = std::pair<QSpinBox*, QSpinBox*>;
    using Boxes = std::pair<QCheckBox*, QCheckBox*>;
    for (auto [mine, theirs] : std::initializer_list<Spins>{{m_in, old.m_in}, {m_out, old.m_out}, {m_batch, old.m_batch}, {m_seed, old.m_seed}})
        mine->setValue(theirs->value());
    for (auto [mine, theirs] : std::initializer_list<Boxes>{{m_bf16, old.m_bf16}, {m_f16, old.m_f16}, {m_cpu, old.m_cpu},
                                                            {m_gpu, old.m_gpu}, {m_ftz, old.m_ftz}, {m_native, old.m_native},
                                                            {m_saturate, old.m_saturate}})
        mine->setChecked(theirs->isChecked());
    for (int i = 0; i < m_scaled.size() && i < old.m_scaled.size(); ++i)
        m_scaled[i].second->setChecked(old.m_scaled[i].second->isChecked());
    m_accumulation->setCurrentIndex(old.m_accumulation->currentIndex());
    m_scaleMode->setCurrentIndex(old.m_scaleMode->currentIndex());
    m_quiet = false;
}

Accumulation LinearForm::accumulation() const { return static_cast<Accumulation>(m_accumulation->currentData().toInt()); }

int LinearForm::widthAt(double scale) { return static_cast<int>(std::lround(kControlsWidth * scale)); }

void LinearForm::setScale(double scale) {
    const int width = widthAt(scale);
    setFixedWidth(width);
    // The reason's lines at the group box's inner width, in the present font (a box sized by its
    // layout alone left them under the next controls).
    if (m_gpuReason)
        m_gpuReason->setMinimumHeight(m_gpuReason->heightForWidth(width - static_cast<int>(std::lround(25 * scale))));
}

void LinearForm::setNote(const QString& text) { m_note->setText(text); }
void LinearForm::setCancelVisible(bool visible) { m_cancel->setVisible(visible); }
bool LinearForm::cancelVisible() const { return m_cancel->isVisible(); }

}  // namespace presisi
