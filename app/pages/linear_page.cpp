// LinearPage: the controls and the computation off the window's thread (results: linear_page_results.cpp).
#include "linear_page.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <utility>

#include "engine/error.h"
#include "engine/native/native_gemm.h"
#include "engine_worker.h"
#include "linear_page_detail.h"
#include "services/number_text.h"
#include "widgets/histogram_chart.h"
#include "widgets/input_guard.h"
#include "widgets/lane_tile.h"
#include "widgets/scatter_chart.h"
#include "widgets/tool_tips.h"

namespace presisi {

namespace {

using namespace linear_page_detail;

constexpr int kControlsWidth = 205;  // the side panel's controls at text scale 1
constexpr int kScrollBarRoom = 16;   // and the room its vertical scroll bar takes when the controls scroll

QSpinBox* spin(int lo, int hi, int value) {
    auto* s = new QSpinBox();
    s->setRange(lo, hi);
    s->setValue(value);
    s->setKeyboardTracking(false);
    return s;
}

}  // namespace

LinearPage::LinearPage(QWidget* parent) : Page(parent) {
    m_status = tr("Linear lab");
    wrapLongToolTips();  // the explanations below are paragraphs
    auto* root = new QHBoxLayout(this);
    root->setContentsMargins(4, 4, 4, 4);

    // Controls, in a panel that scrolls where the text scale makes them taller than the page.
    auto* panel = new QScrollArea();
    m_panel = panel;
    panel->setWidgetResizable(true);
    panel->setFrameShape(QFrame::NoFrame);
    panel->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* controls = new QWidget();
    m_controls = controls;
    auto* cv = new QVBoxLayout(controls);
    cv->setContentsMargins(0, 0, 0, 0);
    auto* sizes = new QGroupBox(tr("Layer and input"));
    sizes->setToolTip(tr("nn.Linear(in, out) applied to x = torch.randn(batch, in) after torch.manual_seed(seed)"));
    auto* form = new QFormLayout(sizes);
    m_in = spin(1, 4096, 256);
    m_out = spin(1, 4096, 256);
    m_batch = spin(1, 4096, 64);
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
    connect(m_cancel, &QPushButton::clicked, this, &LinearPage::cancelCompute);
    cv->addWidget(m_cancel);
    cv->addStretch(1);
    guardWheel(controls);
    setPanelWidth(1.0);
    panel->setWidget(controls);
    root->addWidget(panel);

    // Tiles and charts.
    auto* centre = new QVBoxLayout();
    m_tileGrid = new QGridLayout();
    m_tileGrid->setContentsMargins(0, 0, 0, 0);
    m_tileHost = new QWidget();
    m_tileHost->setLayout(m_tileGrid);
    // The host takes the width it is given and sets its own minimum height from the rows (flowTiles); its
    // scroll area is as tall as the rows where the page has room and scrolls beyond (seven lanes and more
    // at 1280x800, nine at 1920x1080), so a tile is never squeezed below the height its numbers need.
    m_tileHost->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_tileHost->installEventFilter(this);  // the scroll bar's coming and going changes its width
    m_tileArea = new linear_page_detail::TileArea();
    m_tileArea->setFrameShape(QFrame::NoFrame);
    m_tileArea->setWidgetResizable(true);
    m_tileArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_tileArea->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_tileArea->setWidget(m_tileHost);
    centre->addWidget(m_tileArea);
    auto* grid = new QGridLayout();
    m_scatter = new ScatterChart(tr("Lane output against f32 output"), tr("f32 output"), tr("lane output"));
    m_scatter->setDiagonal(true);
    m_scatter->setToolTip(tr("Each dot is one output: its f32 value across, the lane's value up (about 1500 per "
                             "lane). Dots on the line y = x are exact; the thickness of the cloud is the lane's error."));
    m_errorHist = new HistogramChart(tr("Errors |lane - f32| (share of outputs)"), tr("log2 |error|  (binade)"),
                                     tr("% of outputs"));
    m_errorHist->setToolTip(tr("How many outputs have an error in each binade (power of two) of |lane - f32|; exact "
                               "outputs are left out. A lane further left is more precise: each step left halves "
                               "the error."));
    m_bars = new BarChart(tr("Mean |lane - f32| per lane"), tr("mean |difference| (log)"));
    m_bars->setToolTip(tr("The mean absolute difference of each lane's outputs from its device's f32 outputs (the "
                          "tiles' mean |diff|), on a log axis: each grid line is ten times the one below, so bf16's "
                          "bar shows beside mxfp4's, which is far longer. Shorter is closer to float32; f32 itself "
                          "is 0 and stays at the foot."));
    m_errVsMag = new ScatterChart(tr("|Error| against |f32 output|"), tr("|f32 output|"), tr("|lane - f32|"));
    m_errVsMag->setToolTip(tr("Each dot: an output's size across, its error up. Rounding error is relative, so it "
                              "grows with the size of the value, in steps at each power of two."));
    m_chartGrid = grid;
    // Two columns, or one where two would squeeze the charts (flowCharts).
    flowCharts();
    centre->addLayout(grid, 1);
    root->addLayout(centre, 1);
    trackCharts();

    m_jobs = std::make_unique<EngineChannel>(JobKind::Linear);
    m_slow = new QTimer(this);
    m_slow->setSingleShot(true);
    m_slow->setInterval(500);
    connect(m_slow, &QTimer::timeout, this, [this] {
        if (!m_computing) return;
        m_cancel->show();
        m_note->setText(tr("computing…"));
    });
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(120);
    connect(m_debounce, &QTimer::timeout, this, &LinearPage::startCompute);
    for (QSpinBox* s : {m_in, m_out, m_batch, m_seed})
        connect(s, &QSpinBox::valueChanged, this, &LinearPage::scheduleCompute);
    for (QCheckBox* c : {m_bf16, m_f16, m_cpu, m_gpu, m_ftz, m_native, m_saturate})
        connect(c, &QCheckBox::toggled, this, &LinearPage::scheduleCompute);
    for (const auto& [format, box] : m_scaled) connect(box, &QCheckBox::toggled, this, &LinearPage::scheduleCompute);
    connect(m_accumulation, &QComboBox::currentIndexChanged, this, &LinearPage::scheduleCompute);
    // The explanation describes the mode chosen at once (its numbers follow with the result).
    connect(m_accumulation, &QComboBox::currentIndexChanged, this, &Page::explanationChanged);
    connect(m_scaleMode, &QComboBox::currentIndexChanged, this, &LinearPage::scheduleCompute);

    computeNow();
}

LinearPage::~LinearPage() {
    m_jobs.reset();  // cancels a running computation and waits for it
}

QString LinearPage::explanation() const {
    // The text follows the inputs on screen: the tutorial's numbers only where they are the inputs.
    const LinearConfig c = config();
    const bool tutorial = c.in == 256 && c.out == 256 && c.batch == 64 && c.seed == 0;
    QString out = tr("<b>Linear lab.</b> <code>torch.manual_seed(%1)</code>, <code>nn.Linear(%2, %3)</code>, "
                     "<code>x = torch.randn(%4, %2)</code>, with and without autocast on the CPU%5.<br><br>")
                      .arg(c.seed).arg(c.in).arg(c.out).arg(c.batch)
                      .arg(tutorial ? tr(" &mdash; the tutorial's example") : QString());
    // The accumulation chosen: the text describes it, with the numbers of lanes that summed that way (none
    // while the result of the other mode is still on screen).
    const auto accumulation = static_cast<Accumulation>(m_accumulation->currentData().toInt());
    const LinearLaneResult* bf16 = nullptr;
    const LinearLaneResult* f16 = nullptr;
    if (m_result && m_result->config.in == c.in && m_result->config.out == c.out && m_result->config.batch == c.batch &&
        m_result->config.seed == c.seed)
        for (const auto& lr : m_result->lanes) {
            if (lr.lane.device != Device::Cpu || lr.lane.accumulation != accumulation || lr.lane.native ||
                lr.lane.scaled)
                continue;
            if (lr.lane.format == Format::BF16) bf16 = &lr;
            if (lr.lane.format == Format::F16) f16 = &lr;
        }
    if (accumulation == Accumulation::Storage) {
        out += tr("<b>Accumulating in the storage format.</b> Each output sums %1 products, and here every partial "
                  "sum is rounded to the lane's format (bf16 or f16) before the next product is added, as a naive "
                  "low-precision kernel would do. Each rounding adds its own error, so the error grows with "
                  "<code>in</code>.")
                   .arg(c.in);
        if (bf16)
            out += tr(" The bf16 tile: a mean absolute difference of %1 and a correlation of %2.")
                       .arg(pyRound(bf16->metrics.meanAbsError, 6), pyRound(bf16->metrics.correlation, 4));
        if (f16)
            out += tr(" The f16 tile: %1 and %2.")
                       .arg(pyRound(f16->metrics.meanAbsError, 6), pyRound(f16->metrics.correlation, 4));
        out += tr("<br><br>Switch the accumulation back to f32, as autocast, cuBLAS and oneDNN sum, and compare the "
                  "tiles: that is why every library accumulates in float32.");
        return out;
    }
    if (bf16)
        out += tr("Look at the bf16 tile: output dtype bfloat16, a mean absolute difference of %1 and a "
                  "correlation of %2 &mdash; the signal survives.")
                   .arg(pyRound(bf16->metrics.meanAbsError, 6), pyRound(bf16->metrics.correlation, 4));
    if (bf16 && f16 && f16->metrics.meanAbsError > 0)
        out += tr("<br><br>f16 keeps 3 more mantissa bits, so its error is about %1&times; smaller here, but its "
                  "range ends at 65504.")
                   .arg(QLocale().toString(bf16->metrics.meanAbsError / f16->metrics.meanAbsError, 'f', 0));
    // The lanes of 8 bits and below against bf16: what storing x and W in FP8, FP6 or FP4 costs.
    QStringList costs;
    if (m_result && m_result->config.in == c.in && m_result->config.seed == c.seed)
        for (const auto& lr : m_result->lanes) {
            if (!lr.lane.scaled) continue;
            const QString mean = pyRound(lr.metrics.meanAbsError, 6);
            costs << (bf16 && bf16->metrics.meanAbsError > 0
                          ? tr("%1 %2 (%3&times; bf16's)")
                                .arg(storageText(lr.lane).toHtmlEscaped(), mean,
                                     QLocale().toString(lr.metrics.meanAbsError / bf16->metrics.meanAbsError, 'f', 0))
                          : tr("%1 %2").arg(storageText(lr.lane).toHtmlEscaped(), mean));
        }
    if (!costs.isEmpty())
        out += tr("<br><br>Below 16 bits the storage itself costs accuracy. Mean |diff| with x and W stored in "
                  "%1. Each bit of mantissa lost doubles the error; the scales only keep the values in range.")
                   .arg(costs.join(tr(", ")));
    // FLOOR puts a block's amax in the element's top binade, where it may pass the max and be clamped: for
    // nn.Linear's uniform weights, bounded just under a power of two, an eighth of them in mxfp8.
    const LinearLaneResult* clamped = nullptr;
    if (!costs.isEmpty())
        for (const auto& lr : m_result->lanes)
            if (lr.lane.scaled && isMx(*lr.lane.scaled) && lr.lane.scaleMode == ScaleMode::Floor && lr.quantization &&
                lr.quantization->x.saturatedShare + lr.quantization->weight.saturatedShare > 0 && !clamped)
                clamped = &lr;
    if (clamped)
        out += tr(" Under floor the largest values of some blocks pass the element's max and are clamped (in %1: "
                  "%2 % of x, %3 % of the weights): choose rceil as the MX scale to see the difference.")
                   .arg(qs(traits(*clamped->lane.scaled).name),
                        QLocale().toString(100 * clamped->quantization->x.saturatedShare, 'g', 2),
                        QLocale().toString(100 * clamped->quantization->weight.saturatedShare, 'g', 2));
    out += tr(" Switch the accumulation to the storage format to see why every library sums in f32.");
    return out;
}

QString LinearPage::caption() const {
    const LinearConfig c = config();
    QStringList lanes;
    for (const auto& l : this->lanes()) lanes << label(l);
    return tr("Presisi linear lab: nn.Linear(%1, %2), batch %3, seed %4; lanes %5")
        .arg(c.in).arg(c.out).arg(c.batch).arg(c.seed).arg(lanes.join(", "));
}

QList<QWidget*> LinearPage::charts() const { return {m_scatter, m_errorHist, m_bars, m_errVsMag}; }

void LinearPage::setConfig(const LinearConfig& config) {
    m_blockCompute = true;
    m_in->setValue(static_cast<int>(config.in));
    m_out->setValue(static_cast<int>(config.out));
    m_batch->setValue(static_cast<int>(config.batch));
    m_seed->setValue(static_cast<int>(config.seed));
    m_blockCompute = false;
    scheduleCompute();
}

LinearConfig LinearPage::config() const {
    LinearConfig c;
    c.in = m_in->value();
    c.out = m_out->value();
    c.batch = m_batch->value();
    c.seed = static_cast<std::uint64_t>(m_seed->value());
    return c;
}

std::vector<LinearLane> LinearPage::lanes() const {
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
                lane.accumulation = static_cast<Accumulation>(m_accumulation->currentData().toInt());
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

void LinearPage::setPanelWidth(double scale) {
    const int width = static_cast<int>(std::lround(kControlsWidth * scale));
    m_panel->setFixedWidth(width + kScrollBarRoom);
    m_controls->setFixedWidth(width);
    // The reason's lines at the group box's inner width, in the present font (a box sized by its
    // layout alone left them under the next controls).
    if (m_gpuReason)
        m_gpuReason->setMinimumHeight(m_gpuReason->heightForWidth(width - static_cast<int>(std::lround(25 * scale))));
}

void LinearPage::flowCharts() {
    m_chartColumns = flowChartGrid(m_chartGrid, {m_scatter, m_errorHist, m_bars, m_errVsMag}, m_panel->width(),
                                   m_chartColumns, this);
}

void LinearPage::rescale(double scale) {
    m_scale = scale;
    setPanelWidth(scale);
    // Charts keep a legible height as the text grows (their axes and legend take more of it).
    for (QWidget* c : QList<QWidget*>{m_scatter, m_errorHist, m_bars, m_errVsMag})
        c->setMinimumHeight(static_cast<int>(std::lround(kMinChartHeight * scale)));
    m_tileColumns = 0;
    m_chartColumns = 0;
    flowTiles();
    flowCharts();
}

void LinearPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    flowTiles();
    flowCharts();
}

bool LinearPage::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_tileHost && event->type() == QEvent::Resize &&
        static_cast<QResizeEvent*>(event)->oldSize().width() != m_tileHost->width())
        flowTiles();
    return Page::eventFilter(watched, event);
}

QScrollArea* LinearPage::tileArea() const { return m_tileArea; }

void LinearPage::resetPage() {
    setConfig(LinearConfig{});
    m_blockCompute = true;
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
    m_blockCompute = false;
    scheduleCompute();
}

void LinearPage::takeOver(Page& previous) {
    auto& old = static_cast<LinearPage&>(previous);
    m_blockCompute = true;
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
    m_blockCompute = false;
    // The old result is the one of these settings unless it was being recomputed: then it is computed here.
    if (old.m_result && !old.m_computing && !old.m_debounce->isActive()) {
        m_jobs->cancel();  // the computation the constructor started is not needed
        finishCompute();
        m_debounce->stop();
        showResult(old.m_result);
    } else {
        computeNow();
    }
    emit explanationChanged();
}

void LinearPage::scheduleCompute() {
    if (!m_blockCompute) m_debounce->start();
}

namespace {
std::atomic<int> g_guiThreadComputations{0};
}

int LinearPage::guiThreadComputations() { return g_guiThreadComputations.load(); }

void LinearPage::computeNow() {
    m_debounce->stop();
    startCompute();
}

void LinearPage::redraw() {
    if (m_result) showResult(m_result);
}

void LinearPage::cancelCompute() {
    if (!m_computing) return;
    m_jobs->cancel();  // whatever the cancelled job still posts is dropped
    finishCompute();
    m_note->setText(tr("Cancelled: the tiles and charts show the last finished computation."));
    m_status = tr("Linear lab: computation cancelled");
    emit statusChanged();
}

void LinearPage::finishCompute() {
    m_computing = false;
    m_slow->stop();
    m_cancel->hide();
}

void LinearPage::startCompute() {
    const LinearConfig c = config();
    const std::vector<LinearLane> l = lanes();
    m_computing = true;
    m_note->setText(tr("computing…"));
    m_status = tr("Linear lab: computing…");
    emit statusChanged();
    m_slow->start();  // the Cancel button and a percentage appear if this takes more than 0.5 s
    m_jobs->submit(
        this,
        [this, c, l](JobContext& job) {
            if (QThread::currentThread() == qApp->thread()) ++g_guiThreadComputations;
            QElapsedTimer sinceReport;
            sinceReport.start();
            // Progress reaches the page at most ten times a second; the token stops the work.
            return std::make_shared<const LinearResult>(runLinear(c, l, [&](double done) {
                if (sinceReport.elapsed() >= 100) {
                    sinceReport.restart();
                    job.post([this, done] {  // on the GUI thread, while this is still the latest job
                        if (m_cancel->isVisible()) m_note->setText(tr("computing… %1 %").arg(qRound(100 * done)));
                    });
                }
                return !job.cancelled();
            }));
        },
        [this](std::shared_ptr<const LinearResult> result) {
            finishCompute();
            showResult(result);
            emit computed();
        },
        [this](const QString& error) {
            finishCompute();
            m_note->setText(tr("Could not compute: %1").arg(error));
            m_status = tr("Linear lab: could not compute");
            emit statusChanged();
            emit computed();
        });
}

}  // namespace presisi
