// LinearPage: its controls (LinearForm) and the computation on the engine worker; LinearResultsView shows the result.
#include "linear_page.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QApplication>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QMessageBox>
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
#include "linear_files_box.h"
#include "linear_form.h"
#include "linear_page_detail.h"
#include "linear_results_view.h"
#include "services/linear_save.h"
#include "services/number_text.h"
#include "widgets/input_guard.h"
#include "widgets/tool_tips.h"

namespace presisi {

namespace {

using namespace linear_page_detail;

constexpr int kScrollBarRoom = 16;  // the room the side panel's vertical scroll bar takes when the controls scroll

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
    m_form = new LinearForm();
    connect(m_form, &LinearForm::changed, this, &LinearPage::scheduleCompute);
    connect(m_form, &LinearForm::accumulationChanged, this, &Page::explanationChanged);
    connect(m_form, &LinearForm::cancelClicked, this, &LinearPage::cancelCompute);
    connect(m_form->filesBox(), &LinearFilesBox::saveClicked, this, &LinearPage::chooseSaveFolder);
    m_form->filesBox()->setSaveEnabled(false);
    setPanelWidth(1.0);
    panel->setWidget(m_form);
    root->addWidget(panel);

    // Tiles and charts.
    auto* centre = new QVBoxLayout();
    m_view = new LinearResultsView(this);
    m_sources = new QLabel();
    m_sources->setWordWrap(true);
    m_sources->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_sources->hide();
    centre->addWidget(m_sources);
    centre->addWidget(m_view->tileArea());
    auto* grid = new QGridLayout();
    m_chartGrid = grid;
    // Two columns, or one where two would squeeze the charts (flowCharts).
    flowCharts();
    centre->addLayout(grid, 1);
    root->addLayout(centre, 1);
    trackCharts();

    m_jobs = std::make_unique<EngineChannel>(JobKind::Linear);
    m_saves = std::make_unique<EngineChannel>(JobKind::Files);
    m_slow = new QTimer(this);
    m_slow->setSingleShot(true);
    m_slow->setInterval(500);
    connect(m_slow, &QTimer::timeout, this, [this] {
        if (!m_computing) return;
        m_form->setCancelVisible(true);
        m_form->setNote(tr("computing…"));
    });
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(120);
    connect(m_debounce, &QTimer::timeout, this, &LinearPage::startCompute);
    computeNow();
}

LinearPage::~LinearPage() {
    m_jobs.reset();  // cancels a running computation and waits for it
    m_saves.reset();
}

QString LinearPage::explanation() const {
    // The text follows the inputs on screen: the tutorial's numbers only where they are the inputs.
    const LinearConfig c = config();
    const bool tutorial = c.in == 256 && c.out == 256 && c.batch == 64 && c.seed == 0;
    const QString files = m_form->filesBox()->summary();
    // x and W from files: nothing is drawn (b is a file's or absent), and the seed is not worth a word.
    const LinearFileNames names = m_form->files();
    const bool drawsFromSeed = names.x.empty() || names.weight.empty();
    QString out = files.isEmpty()
                      ? tr("<b>Linear lab.</b> <code>torch.manual_seed(%1)</code>, <code>nn.Linear(%2, %3)</code>, "
                           "<code>x = torch.randn(%4, %2)</code>, with and without autocast on the CPU%5.<br><br>")
                            .arg(c.seed).arg(c.in).arg(c.out).arg(c.batch)
                            .arg(tutorial ? tr(" &mdash; the tutorial's example") : QString())
                      : (drawsFromSeed ? tr("<b>Linear lab on your tensors.</b> <code>F.linear</code> with and without "
                                            "autocast on the CPU, in %1, out %2, batch %3 (%4; the rest drawn with seed "
                                            "%5).<br><br>")
                                             .arg(c.in).arg(c.out).arg(c.batch).arg(files.toHtmlEscaped()).arg(c.seed)
                                       : tr("<b>Linear lab on your tensors.</b> <code>F.linear</code> with and without "
                                            "autocast on the CPU, in %1, out %2, batch %3 (%4).<br><br>")
                                             .arg(c.in).arg(c.out).arg(c.batch).arg(files.toHtmlEscaped()));
    // The accumulation chosen: the text describes it, with the numbers of lanes that summed that way (none
    // while the result of the other mode is still on screen).
    const Accumulation accumulation = m_form->accumulation();
    const LinearLaneResult* bf16 = nullptr;
    const LinearLaneResult* f16 = nullptr;
    const LinearResult* shown = result();
    if (shown && shown->config.in == c.in && shown->config.out == c.out && shown->config.batch == c.batch &&
        shown->config.seed == c.seed)
        for (const auto& lr : shown->lanes) {
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
    if (shown && shown->config.in == c.in && shown->config.seed == c.seed)
        for (const auto& lr : shown->lanes) {
            if (!lr.lane.scaled) continue;
            const QString mean = pyRound(lr.metrics.meanAbsError, 6);
            costs << (bf16 && bf16->metrics.meanAbsError > 0
                          ? tr("%1 %2 (%3&times; bf16's)")
                                .arg(m_view->storageText(lr.lane).toHtmlEscaped(), mean,
                                     QLocale().toString(lr.metrics.meanAbsError / bf16->metrics.meanAbsError, 'f', 0))
                          : tr("%1 %2").arg(m_view->storageText(lr.lane).toHtmlEscaped(), mean));
        }
    if (!costs.isEmpty())
        out += tr("<br><br>Below 16 bits the storage itself costs accuracy. Mean |diff| with x and W stored in "
                  "%1. Each bit of mantissa lost doubles the error; the scales only keep the values in range.")
                   .arg(costs.join(tr(", ")));
    // FLOOR puts a block's amax in the element's top binade, where it may pass the max and be clamped: for
    // nn.Linear's uniform weights, bounded just under a power of two, an eighth of them in mxfp8.
    const LinearLaneResult* clamped = nullptr;
    if (!costs.isEmpty())
        for (const auto& lr : shown->lanes)
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
    const QString files = m_form->filesBox()->summary();
    if (!files.isEmpty())
        return tr("Presisi linear lab: F.linear on %1 (in %2, out %3, batch %4, seed %5); lanes %6")
            .arg(files).arg(c.in).arg(c.out).arg(c.batch).arg(c.seed).arg(lanes.join(", "));
    return tr("Presisi linear lab: nn.Linear(%1, %2), batch %3, seed %4; lanes %5")
        .arg(c.in).arg(c.out).arg(c.batch).arg(c.seed).arg(lanes.join(", "));
}

QList<QWidget*> LinearPage::charts() const { return m_view->charts(); }
bool LinearPage::exportCsv(const QString& path) const { return m_view->exportCsv(path); }
bool LinearPage::exportJson(const QString& path) const { return m_view->exportJson(path); }
const LinearResult* LinearPage::result() const { return m_view->result().get(); }
QList<LaneTile*> LinearPage::tiles() const { return m_view->tiles(); }

void LinearPage::setConfig(const LinearConfig& config) { m_form->setConfig(config); }
LinearConfig LinearPage::config() const { return m_form->config(); }
std::vector<LinearLane> LinearPage::lanes() const { return m_form->lanes(); }

void LinearPage::setPanelWidth(double scale) {
    m_form->setScale(scale);
    m_panel->setFixedWidth(LinearForm::widthAt(scale) + kScrollBarRoom);
}

void LinearPage::flowCharts() {
    m_chartColumns = flowChartGrid(m_chartGrid, m_view->charts(), m_panel->width(), m_chartColumns, this);
}

void LinearPage::rescale(double scale) {
    setPanelWidth(scale);
    m_view->rescale(scale);
    m_chartColumns = 0;
    flowCharts();
}

void LinearPage::resizeEvent(QResizeEvent* event) {
    Page::resizeEvent(event);
    m_view->flowTiles();
    flowCharts();
}

QScrollArea* LinearPage::tileArea() const { return m_view->tileArea(); }

void LinearPage::resetPage() { m_form->reset(); }

void LinearPage::takeOver(Page& previous) {
    auto& old = static_cast<LinearPage&>(previous);
    m_form->copyFrom(*old.m_form);
    // The old result is the one of these settings unless it was being recomputed: then it is computed here.
    if (old.result() && !old.m_computing && !old.m_debounce->isActive()) {
        m_jobs->cancel();  // the computation the constructor started is not needed
        finishCompute();
        m_debounce->stop();
        showResult(old.m_view->result());
    } else {
        // A computation on its way: its channel comes here, so that deleting the old page does not hold the GUI
        // thread until the lane it is in ends (the token is read between lanes: 0.5 s of a 2048-wide lane under
        // load, more for larger ones, was most of a language switch's stall). Computing here replaces it: its
        // token turns, it stops at its next lane, and what it still posts goes to the old page, dropped.
        m_jobs->cancel();  // the computation the constructor started is not needed
        std::swap(m_jobs, old.m_jobs);
        computeNow();
    }
    emit explanationChanged();
}

void LinearPage::scheduleCompute() { m_debounce->start(); }

namespace {
std::atomic<int> g_guiThreadComputations{0};
}

int LinearPage::guiThreadComputations() { return g_guiThreadComputations.load(); }

void LinearPage::computeNow() {
    m_debounce->stop();
    startCompute();
}

void LinearPage::redraw() {
    if (result()) showResult(m_view->result());
}

void LinearPage::cancelCompute() {
    if (!m_computing) return;
    m_jobs->cancel();  // whatever the cancelled job still posts is dropped
    finishCompute();
    m_form->setNote(tr("Cancelled: the tiles and charts show the last finished computation."));
    m_status = tr("Linear lab: computation cancelled");
    emit statusChanged();
}

void LinearPage::finishCompute() {
    m_computing = false;
    m_slow->stop();
    m_form->setCancelVisible(false);
}

LinearFilesBox* LinearPage::filesBox() const { return m_form->filesBox(); }

void LinearPage::chooseSaveFolder() {
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Save the outputs into a new or empty folder"), QString(), QFileDialog::ShowDirsOnly);
    if (!dir.isEmpty()) saveOutputsTo(dir);
}

void LinearPage::saveOutputsTo(const QString& dir) {
    const std::shared_ptr<const LinearResult> shown = m_view->result();
    if (!shown) {
        emit saved(tr("nothing computed yet"));
        return;
    }
    m_status = tr("Linear lab: saving the outputs…");
    emit statusChanged();
    const std::string path = dir.toStdString();
    m_saves->submit(
        this,
        [shown, path](JobContext& job) {
            services::LinearSaveOptions options;
            options.inputs = true;
            options.stop = &job.token();
            return static_cast<int>(services::saveLinearOutputs(*shown, path, options, "Save outputs").size());
        },
        [this, dir](int files) {
            m_status = tr("Linear lab: %n files saved in %1", nullptr, files).arg(dir);
            emit statusChanged();
            emit saved(QString());
        },
        [this](const QString& error) {
            m_status = tr("Linear lab: the outputs were not saved");
            emit statusChanged();
            emit saved(error);
            QMessageBox::warning(this, tr("Outputs not saved"), error);
        });
}

void LinearPage::startCompute() {
    const LinearConfig c = config();
    const std::vector<LinearLane> l = lanes();
    const LinearFileNames files = m_form->files();
    const LinearSizes sizes = m_form->freeSizes();
    m_computing = true;
    m_form->setNote(tr("computing…"));
    m_status = tr("Linear lab: computing…");
    emit statusChanged();
    m_slow->start();  // the Cancel button and a percentage appear if this takes more than 0.5 s
    m_jobs->submit(
        this,
        [this, c, l, files, sizes](JobContext& job) {
            if (QThread::currentThread() == qApp->thread()) ++g_guiThreadComputations;
            QElapsedTimer sinceReport;
            sinceReport.start();
            // Progress reaches the page at most ten times a second; the token stops the work.
            const LinearProgress progress = [&](double done) {
                if (sinceReport.elapsed() >= 100) {
                    sinceReport.restart();
                    job.post([this, done] {  // on the GUI thread, while this is still the latest job
                        if (m_form->cancelVisible()) m_form->setNote(tr("computing… %1 %").arg(qRound(100 * done)));
                    });
                }
                return !job.cancelled();
            };
            if (!files.any()) return std::make_shared<const LinearResult>(runLinear(c, l, progress));
            // The person's files, read here on the engine worker (their headers were checked when chosen).
            return std::make_shared<const LinearResult>(runLinear(loadLinearInputs(files, sizes), sizes.seed, l, progress));
        },
        [this](std::shared_ptr<const LinearResult> result) {
            finishCompute();
            showResult(result);
            emit computed();
        },
        [this](const QString& error) {
            finishCompute();
            m_form->setNote(tr("Could not compute: %1").arg(error));
            m_status = tr("Linear lab: could not compute");
            emit statusChanged();
            emit computed();
        });
}

void LinearPage::showResult(std::shared_ptr<const LinearResult> result) {
    m_view->show(std::move(result));
    m_form->filesBox()->setSaveEnabled(true);
    const QString files = LinearFilesBox::summaryOf(m_view->result()->sources);
    m_sources->setText(tr("Your tensors: %1").arg(files));
    m_sources->setVisible(!files.isEmpty());
    const LinearResult& r = *m_view->result();
    QStringList notes;
    for (const auto& n : r.notes) notes << QString::fromStdString(n);
    m_form->setNote(notes.join("\n"));
    m_status = tr("Linear lab: %n lanes computed", nullptr, static_cast<int>(r.lanes.size()));
    emit statusChanged();
    emit explanationChanged();
}

}  // namespace presisi
