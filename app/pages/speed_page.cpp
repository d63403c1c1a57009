// SpeedPage: the four sections with their Run/Cancel/progress beside the settings' controls, and the one
// worker thread that measures (one measurement at a time: two at once would slow each other and both
// figures would lie).
#include "speed_page.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QShowEvent>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "engine/error.h"
#include "engine/training/memory_estimate.h"
#include "engine_worker.h"
#include "presets.h"
#include "speed_text_area.h"
#include "widgets/input_guard.h"
#include "widgets/tool_tips.h"

namespace presisi {

namespace {

QString plain(QString html) { return html.remove(QRegularExpression("<[^>]*>")); }

}  // namespace

SpeedPage::SpeedPage(QWidget* parent) : Page(parent) {
    wrapLongToolTips();  // the explanations below are paragraphs
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(6, 6, 6, 6);
    v->setSpacing(4);

    m_settings = new SpeedSettings(this);
    v->addLayout(m_settings->setupRow());

    m_results = new SpeedResults(this);
    auto* grid = new QGridLayout();
    grid->setSpacing(6);

    grid->addWidget(buildSection(Throughput, tr("1 · Throughput of matrix products"), m_settings->throughputControls()), 0, 0);
    grid->addWidget(buildSection(Memory, tr("2 · Memory per lane"), m_settings->memoryControls()), 0, 1);
    grid->addWidget(buildSection(Sweep, tr("3 · Batch-size sweep"), nullptr), 1, 0);
    grid->addWidget(buildSection(Breakdown, tr("4 · Where a step's time goes"), m_settings->breakdownControls()), 1, 1);
    // No stretch factors: the four sections share the room by their own (equal) size policies, and a
    // row or column whose sections are hidden collapses, so a chart shown alone gets the whole page.
    v->addLayout(grid, 1);

    m_jobs = std::make_unique<EngineChannel>(JobKind::Speed);
    connect(m_settings, &SpeedSettings::deviceChanged, this, &SpeedPage::explanationChanged);
    guardWheel(this);
    rescale(1.0);
    trackCharts();
    updateButtons();
}

SpeedPage::~SpeedPage() {
    // Stop and wait here, while every member the job's result step could touch still exists.
    if (m_stop) *m_stop = true;
    m_jobs.reset();
}

QWidget* SpeedPage::buildSection(Section section, const QString& title, QWidget* extra) {
    auto* box = new QGroupBox(title);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(4, 4, 4, 4);
    v->setSpacing(3);
    auto* row = new QHBoxLayout();
    SectionUi& ui = m_ui[section];
    ui.run = new QPushButton(tr("Run"));
    ui.run->setToolTip(tr("Measure now, on a worker thread: the window stays usable. One measurement runs at a time "
                          "(two at once would slow each other and both figures would be wrong)."));
    ui.cancel = new QPushButton(tr("Cancel"));
    ui.cancel->setToolTip(tr("Stop this measurement (Esc). What was measured before is kept."));
    ui.progress = new QProgressBar();
    ui.progress->setRange(0, 1);
    ui.progress->setValue(0);
    ui.progress->setTextVisible(true);
    // As high as its percentage's text, not the row's height (a fixed 18 px cut the text at 2x).
    ui.progress->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    ui.progress->setToolTip(tr("Measurement progress: products, points or steps done of all."));
    row->addWidget(ui.run);
    row->addWidget(ui.cancel);
    if (extra) row->addWidget(extra);
    row->addWidget(ui.progress, 1);
    v->addLayout(row);
    v->addWidget(m_results->chart(section), 1);
    v->addWidget(m_results->textArea(section));
    connect(ui.run, &QPushButton::clicked, this, [this, section] { run(section); });
    connect(ui.cancel, &QPushButton::clicked, this, &SpeedPage::cancel);
    return box;
}

void SpeedPage::rescale(double scale) {
    for (const SectionUi& ui : m_ui) {
        // Buttons as wide as their text and a narrow progress bar (its percentage still shows), not the style's
        // 80 px buttons: two sections side by side then fit a 1024-pixel window.
        for (QPushButton* b : {ui.run, ui.cancel})
            b->setMinimumWidth(b->fontMetrics().horizontalAdvance(b->text()) + b->fontMetrics().averageCharWidth() * 3);
        ui.progress->setMinimumWidth(ui.progress->fontMetrics().horizontalAdvance(QStringLiteral("100%")) + 12);
    }
    m_results->rescale(scale);
}

void SpeedPage::changeEvent(QEvent* event) {
    Page::changeEvent(event);
    if (event->type() != QEvent::PaletteChange) return;
    // Deferred: the window sets the palette first and the charts' dark flag after it.
    QTimer::singleShot(0, this, [this] { m_results->restyle(); });
}

void SpeedPage::resetPage() {
    cancel();
    m_results->clear();
    for (QString& t : m_doneText) t.clear();
    for (int i = 0; i < 4; ++i) {
        if (i == m_running) continue;  // it says "Cancelled" when its thread has stopped
        m_results->setText(static_cast<Section>(i), QString());
        m_ui[i].progress->setValue(0);
    }
    emit explanationChanged();
}

QString SpeedPage::explanation() const {
    return tr("<b>Speed.</b> What mixed precision buys on this machine. Each section measures on its own: press its "
              "<b>Run</b>; Esc cancels.<br><br>"
              "<b>1 Throughput</b>: TFLOP/s of matrix products per format. A <i>native</i> lane uses the CPU's bf16/f16 "
              "instructions (AVX512_BF16, AMX) or the GPU's tensor cores; an <i>emulated</i> lane rounds to the format "
              "but multiplies in float32 — right numbers, no speed-up.<br>"
              "<b>2 Memory</b>: what one lane holds at the Training lab's batch, and the largest batch that fits the "
              "budget. Activations grow with the batch; low formats halve them.<br>"
              "<b>3 Batch sweep</b>: samples/s against batch size up to the memory limit. The knee is where a larger "
              "batch stops paying.<br>"
              "<b>4 Where a step's time goes</b>: the larger side names the bottleneck. <i>Compute-bound</i> "
              "(forward, backward, optimizer): mixed precision helps. <i>Transfer-bound</i> (host→device copies): it "
              "will not — keep data on the device or overlap copies. <i>Data-bound</i> (loading): it will not — speed "
              "up loading. Set the loader cost to 20 ms to see the data-bound case.<br><br>"
              "A measurement holds the Training lab's run while it measures and lets it go on after: both would share "
              "the CPU, and a measurement taken beside a run reads low.");
}

QString SpeedPage::caption() const {
    return tr("Presisi speed · %1").arg(plain(m_settings->setupText()));
}

bool SpeedPage::exportCsv(const QString& path) const { return m_results->exportCsv(path); }
bool SpeedPage::exportJson(const QString& path) const { return m_results->exportJson(path, caption()); }

QList<QWidget*> SpeedPage::charts() const { return m_results->charts(); }

void SpeedPage::showEvent(QShowEvent* event) {
    Page::showEvent(event);
    m_settings->updateSetup();  // the Training lab may have changed while another page was shown
}

void SpeedPage::updateButtons() {
    for (int i = 0; i < 4; ++i) {
        m_ui[i].run->setEnabled(m_running < 0);
        m_ui[i].cancel->setEnabled(m_running == i);
    }
    // Settings that a running measurement has already read stay editable: they apply to the next run.
    emit statusChanged();
}

QString SpeedPage::statusText() const {
    static const char* names[] = {QT_TR_NOOP("throughput"), QT_TR_NOOP("memory"), QT_TR_NOOP("batch sweep"),
                                  QT_TR_NOOP("step breakdown")};
    if (m_running >= 0) return tr("Speed: measuring %1… (Esc cancels)").arg(tr(names[m_running]));
    return tr("Speed");
}

void SpeedPage::cancel() {
    if (m_running >= 0 && m_stop) *m_stop = true;
}

void SpeedPage::start(Section section,
                      std::function<std::function<void()>(const std::atomic<bool>&, std::function<void(int, int)>)> job) {
    if (m_running >= 0) return;
    m_running = section;
    m_ui[section].progress->setRange(0, 0);  // busy until the first progress report
    m_results->setText(section, tr("<i>measuring…</i>"));
    updateButtons();
    // The run's own stop flag, not the channel's token: Esc must reach a measurement that is still waiting
    // for the engine (behind another page's job) too, and a cancelled measurement still reports back.
    auto stop = std::make_shared<std::atomic<bool>>(false);
    m_stop = stop;
    m_started = false;
    struct Outcome {
        std::function<void()> apply;  // null when cancelled
        bool cancelled = false;
    };
    m_jobs->submit(
        this,
        [this, job, stop](JobContext& context) {
            context.post([this] { m_started = true; });
            Outcome outcome;
            try {
                outcome.apply = job(*stop, [this, &context](int done, int total) {
                    context.post([this, done, total] { onProgress(done, total); });
                });
            } catch (const Cancelled&) {
                outcome.cancelled = true;
            }
            return outcome;
        },
        [this](const Outcome& outcome) {
            if (outcome.apply) outcome.apply();
            onFinished(QString(), outcome.cancelled);
        },
        [this](const QString& error) { onFinished(error, false); });
}

void SpeedPage::onProgress(int done, int total) {
    if (m_running < 0 || total <= 0) return;
    QProgressBar* bar = m_ui[m_running].progress;
    bar->setRange(0, total);
    bar->setValue(std::min(done, total));
}

void SpeedPage::onFinished(const QString& error, bool cancelled) {
    if (m_running < 0) return;
    const int section = m_running;
    m_running = -1;
    QProgressBar* bar = m_ui[section].progress;
    if (bar->maximum() == 0) bar->setRange(0, 1);
    // After a cancel or a failure the chart still shows the last finished measurement: say so, with its text.
    const QString before = m_doneText[section].isEmpty()
                               ? QString()
                               : tr("<br><i>Shown: the last finished measurement.</i><br>") + m_doneText[section];
    if (cancelled) {
        m_results->setText(static_cast<Section>(section), tr("<b>Cancelled.</b> Press Run to measure again.") + before);
        bar->setValue(0);
    } else if (!error.isEmpty()) {
        m_results->setText(static_cast<Section>(section), tr("<b>Could not measure:</b> %1").arg(error.toHtmlEscaped()) + before);
        bar->setValue(0);
    } else {
        m_doneText[section] = sectionText(static_cast<Section>(section));
        bar->setValue(bar->maximum());
        emit statusMessage(tr("measurement finished"));
    }
    updateButtons();
    emit explanationChanged();
}

void SpeedPage::takeOver(Page& previous) {
    auto& old = static_cast<SpeedPage&>(previous);
    m_settings->takeOver(*old.m_settings);
    // The results, drawn and written again in this page's language.
    m_results->takeOver(*old.m_results);
    for (int i = 0; i < 4; ++i) {
        if (old.m_doneText[i].isEmpty()) continue;
        m_doneText[i] = sectionText(static_cast<Section>(i));
        m_ui[i].progress->setRange(0, 1);
        m_ui[i].progress->setValue(1);
    }
    // A measurement still running: the old page's worker ends with it, so it is measured again here.
    if (old.m_running >= 0) {
        const auto section = static_cast<Section>(old.m_running);
        old.cancel();
        run(section);
    }
    updateButtons();
    emit explanationChanged();
}

void SpeedPage::run(Section section) {
    if (m_running >= 0) return;
    Scenario scenario;
    try {
        scenario = m_settings->measuredScenario();
        if (section != Throughput) validate(scenario);
    } catch (const std::exception& e) {
        m_results->setText(section, tr("<b>The Training lab's setup cannot be measured:</b> %1")
                                    .arg(QString::fromUtf8(e.what()).toHtmlEscaped()));
        return;
    }
    m_settings->updateSetup();
    const QStringList laneNames = laneLabels(scenario);
    const QString setup = plain(m_settings->setupText());
    const double budget = budgetBytes();
    if (section == Throughput) {
        const GemmBenchSettings settings = m_settings->throughputSettings();
        start(section, [this, settings](const std::atomic<bool>& cancel, std::function<void(int, int)> progress) {
            GemmBenchReport report = benchGemm(settings, progress, cancel);
            return std::function<void()>([this, report] { m_results->setThroughput(report); });
        });
    } else if (section == Memory) {
        const int batch = scenario.batch > 0 ? scenario.batch : scenario.data.samples;
        start(section, [this, scenario, batch, budget, laneNames, setup](const std::atomic<bool>&,
                                                                          std::function<void(int, int)> progress) {
            std::vector<LaneMemory> lanes = laneMemory(scenario, batch);
            std::vector<std::int64_t> largest;
            for (int i = 0; i < static_cast<int>(scenario.lanes.size()); ++i) {
                largest.push_back(largestBatch(scenario, i, budget));
                progress(i + 1, static_cast<int>(scenario.lanes.size()));
            }
            return std::function<void()>([this, lanes, largest, batch, budget, laneNames, setup] {
                m_results->setMemory(lanes, largest, batch, budget, laneNames, setup);
            });
        });
    } else if (section == Sweep) {
        const SweepSettings settings = m_settings->sweepSettings();
        start(section, [this, scenario, settings, laneNames, setup](const std::atomic<bool>& cancel,
                                                                     std::function<void(int, int)> progress) {
            SweepReport report = runBatchSweep(scenario, settings, progress, cancel);
            return std::function<void()>(
                [this, report, laneNames, setup] { m_results->setSweep(report, laneNames, setup); });
        });
    } else {
        const BreakdownSettings settings = m_settings->breakdownSettings();
        start(section, [this, scenario, settings, laneNames, setup](const std::atomic<bool>& cancel,
                                                                     std::function<void(int, int)> progress) {
            BreakdownReport report = runStepBreakdown(scenario, settings, progress, cancel);
            return std::function<void()>([this, report, settings, laneNames, setup] {
                m_results->setBreakdown(report, settings.loaderSecondsPerBatch * 1000.0, laneNames, setup);
            });
        });
    }
}

}  // namespace presisi
