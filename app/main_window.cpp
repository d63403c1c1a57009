// MainWindow: pages in a stack switched from the menu bar's corner, with the side panel and status bar.
#include "main_window.h"

#include <QApplication>
#include <QCloseEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTextBrowser>

#include <cstdio>
#include <cstdlib>

#include "engine/device.h"
#include "pages/convergence_page.h"
#include "pages/formats_page.h"
#include "pages/linear_page.h"
#include "pages/speed_page.h"
#include "pages/training_page.h"
#include "engine_worker.h"
#include "chart_alone.h"
#include "experiment_files.h"
#include "page_area.h"
#include "presentation_mode.h"
#include "run_controller.h"
#include "widgets/input_guard.h"
#include "widgets/text_scale.h"
#include "window_exports.h"
#include "window_menus.h"
#include "window_settings.h"
#include "window_theme.h"

namespace presisi {

QString MainWindow::deviceText() {
    const CudaStatus& s = cudaStatus();
    if (s.available) return tr("CPU + GPU: %1").arg(QString::fromStdString(s.name));
    return tr("CPU (GPU: %1)").arg(QString::fromStdString(s.reason));
}

MainWindow::MainWindow(bool persistent, QWidget* parent) : QMainWindow(parent), m_persistent(persistent) {
    setWindowTitle(tr("Presisi — mixed-precision lab"));
    m_stack = new QStackedWidget();
    m_linear = new LinearPage();
    m_training = new TrainingPage();
    m_formats = new FormatsPage();
    m_speedPage = new SpeedPage();
    m_speedPage->setScenarioSource([this] { return m_training->scenarioFromControls(); });
    m_convergence = new ConvergencePage();
    m_convergence->setScenarioSource([this] { return m_training->scenarioFromControls(); });
    // Each page sits in a scroll area that only scrolls when the page cannot fit (text at 2x on a
    // small screen): no page ever widens the window, and none is cut.
    for (Page* p : pages()) m_stack->addWidget(new PageArea(p));

    m_explanation = new QTextBrowser();
    m_explanation->setOpenExternalLinks(false);
    fitExplanationWidth();
    m_explanation->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    QFont ef = m_explanation->font();
    ef.setPointSizeF(10.5);
    m_explanation->setFont(ef);

    // A chart shown alone has a page of its own in the stack, filling the central area.
    m_alone = new ChartAlone(this);
    m_stack->addWidget(m_alone->host());

    auto* central = new QWidget();
    auto* v = new QVBoxLayout(central);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);
    auto* h = new QHBoxLayout();
    h->setContentsMargins(0, 0, 4, 0);
    h->setSpacing(4);
    h->addWidget(m_stack, 1);
    h->addWidget(m_explanation);
    v->addLayout(h, 1);
    // Presentation mode's caption strip: the page's explanation under the charts, hidden otherwise.
    m_caption = new QLabel();
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::RichText);
    m_caption->setContentsMargins(12, 4, 12, 6);
    m_caption->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    v->addWidget(m_caption);
    setCentralWidget(central);
    m_presentation = new PresentationMode(this, m_caption);

    m_tabs = new QTabBar();
    m_tabs->addTab(tr("Linear lab"));
    m_tabs->addTab(tr("Training lab"));
    m_tabs->addTab(tr("Formats"));
    m_tabs->addTab(tr("Speed"));
    m_tabs->addTab(tr("Convergence check"));
    m_tabs->setDrawBase(false);
    m_tabs->setExpanding(false);
    connect(m_tabs, &QTabBar::currentChanged, this, [this](int i) {
        if (chartAlone()) showAllCharts();
        m_stack->setCurrentIndex(i);
        updateExplanation();
        updateStatus();
    });

    m_state = new QLabel();
    m_speed = new QLabel();
    // Short in the status bar (it must fit at 2x text); the reason a GPU is missing in the tooltip.
    m_device = new QLabel(cudaStatus().available ? deviceText() : tr("CPU only (no CUDA GPU)"));
    m_device->setToolTip(deviceText());
    statusBar()->addWidget(m_state, 1);  // the room left: a longer state text is never clipped
    // Permanent (right-hand side), so a passing message in the left part never runs under it.
    statusBar()->addPermanentWidget(m_speed);
    statusBar()->addPermanentWidget(m_device);

    for (Page* p : pages()) {
        connect(p, &Page::chartDoubleClicked, this, [this](QWidget* chart) {
            if (chartAlone() == chart) showAllCharts();
            else showChartAlone(chart);
        });
        connect(p, &Page::explanationChanged, this, &MainWindow::updateExplanation);
        connect(p, &Page::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 4000); });
        connect(p, &Page::statusChanged, this, [this, p] {
            if (p == currentPage()) updateStatus();
        });
    }
    connectController(m_training->controller());
    connect(m_training, &TrainingPage::speedChanged, this, [this](double stepsPerSecond) {
        m_speed->setText(tr("%1 steps/s").arg(QLocale().toString(stepsPerSecond, 'f', 0)));
    });

    m_experiments = new ExperimentFiles(*this, m_persistent);
    connect(m_experiments, &ExperimentFiles::loaded, this, [this] { setPage(TrainingIndex); });
    m_exports = new WindowExports(*this, m_persistent);
    m_menus = new WindowMenus(*this, m_persistent);
    connect(m_menus, &WindowMenus::presetHovered, m_explanation, &QTextBrowser::setHtml);
    connect(m_menus, &WindowMenus::presetsMenuHidden, this, &MainWindow::updateExplanation);
    menuBar()->setCornerWidget(m_tabs, Qt::TopRightCorner);
    // Space and Ctrl+R act on the run whatever field has focus.
    qApp->installEventFilter(new RunKeysFilter(this));

    resize(1280, 800);
    QStringList settingProblems;
    const int startPage = m_persistent ? WindowSettings::restore(*this, &settingProblems) : LinearIndex;
    setPage(startPage);
    updateStatus();
    if (!settingProblems.isEmpty())
        statusBar()->showMessage(tr("Settings reset to defaults: %1").arg(settingProblems.join("; ")), 15000);
}

MainWindow::~MainWindow() = default;

RunController* MainWindow::controller() const { return m_training->controller(); }

void MainWindow::connectController(RunController* rc) {
    connect(rc, &RunController::stateChanged, this, &MainWindow::onStateChanged);
    connect(rc, &RunController::runFailed, this, &MainWindow::onRunFailed);
    // The engine worker runs one job at a time: a Speed measurement or a convergence check holds the run.
    const auto holdText = [](JobKind kind) {
        return kind == JobKind::Speed ? tr("Training paused while the Speed lab measures")
                                      : tr("Training paused while the convergence check runs");
    };
    connect(rc, &RunController::heldBy, this, [this, holdText](JobKind kind) { statusBar()->showMessage(holdText(kind)); });
    // A held run stopped meanwhile does not resume: the hold's message goes with it.
    connect(rc, &RunController::stateChanged, this, [this, holdText](RunState state) {
        if (state == RunState::Running || state == RunState::Starting) return;
        const QString shown = statusBar()->currentMessage();
        if (shown == holdText(JobKind::Speed) || shown == holdText(JobKind::Check)) statusBar()->clearMessage();
    });
    connect(rc, &RunController::resumedAfterHold, this, [this] { statusBar()->showMessage(tr("Training resumed"), 4000); });
}

void MainWindow::setPage(int index) {
    if (index < 0 || index >= pages().size()) index = LinearIndex;
    if (chartAlone() && index != page()) showAllCharts();
    m_tabs->setCurrentIndex(index);
    if (!chartAlone()) m_stack->setCurrentIndex(index);
    updateExplanation();
}

// The tab's index: the stack shows the chart-alone page while a chart is alone.
int MainWindow::page() const { return m_tabs->currentIndex(); }
Page* MainWindow::currentPage() const { return pages().value(page(), m_linear); }

QList<Page*> MainWindow::pages() const { return {m_linear, m_training, m_formats, m_speedPage, m_convergence}; }

bool MainWindow::loadPreset(const QString& name, bool start) {
    QString error;
    if (!m_training->loadPreset(name, start, &error)) {
        if (!error.isEmpty()) statusBar()->showMessage(error, 6000);
        return false;
    }
    if (m_persistent) QSettings().setValue("training/preset", name);
    setWindowTitle(tr("Presisi — mixed-precision lab"));  // a preset now, no experiment file
    updateExplanation();
    return true;
}

void MainWindow::setTextScale(double scale) {
    setUiScale(scale);
    applyUiScale(this);
    fitExplanationWidth();
    for (Page* p : pages())
        p->rescale(uiScale());
    if (m_persistent) QSettings().setValue("window/textScale", uiScale());
}

void MainWindow::fitExplanationWidth() {
    // As wide as the text scale makes its words (code in it broke mid-word at 2x in a 1x width), but
    // never more than a fifth to a quarter of the window: the page's charts come first.
    const double s = uiScale();
    const int w = width();
    m_explanation->setMinimumWidth(std::min(static_cast<int>(std::lround(170 * s)), std::max(170, w / 5)));
    m_explanation->setMaximumWidth(std::min(static_cast<int>(std::lround(280 * s)), std::max(280, w / 4)));
}

QWidget* MainWindow::chartAlone() const { return m_alone->chart(); }

void MainWindow::showChartAlone(QWidget* chart) {
    if (chartAlone()) showAllCharts();
    if (!m_alone->take(chart)) return;
    m_stack->setCurrentWidget(m_alone->host());
    m_explanation->setVisible(false);
    statusBar()->showMessage(tr("one chart alone: Esc or a double-click returns to all charts"), 4000);
}

void MainWindow::showAllCharts() {
    if (!m_alone->giveBack()) return;
    m_stack->setCurrentIndex(page());
    m_explanation->setVisible(m_explanationShown);
    // Pages that arrange their charts by width (the Training lab's columns) arrange them again.
    if (Page* p = currentPage()) p->rescale(uiScale());
}

void MainWindow::setExplanationShown(bool shown) {
    m_explanationShown = shown;
    if (m_menus) m_menus->explanationAction()->setChecked(shown);
    m_explanation->setVisible(shown && !chartAlone());
}

void MainWindow::updateExplanation() {
    m_explanation->setHtml(currentPage()->explanation());
    if (m_presentation && m_presentation->isActive()) m_presentation->updateCaption();
}

void MainWindow::updateStatus() {
    // The status bar speaks for the visible page only.
    m_state->setText(currentPage()->statusText());
    m_speed->setVisible(currentPage() == m_training);
}

void MainWindow::onStateChanged(RunState state) {
    Q_UNUSED(state);
    updateStatus();
    if (state != RunState::Running && state != RunState::Starting) m_speed->clear();
}

void MainWindow::onRunFailed(const QString& message) {
    updateStatus();
    m_training->showFailure(message);
    // The run failed, the window lives on: a message box where a person can see it, not in tests
    // or --screenshot (no modal dialog off-screen).
    if (isVisible() && QGuiApplication::platformName() != "offscreen")
        QMessageBox::warning(this, tr("Run failed"), message);
}

void MainWindow::showProblem(const QString& title, const QString& message) {
    statusBar()->showMessage(title + ": " + message, 8000);
    // A message box where a person can see it; not in tests or --screenshot (no modal dialog off-screen).
    if (isVisible() && QGuiApplication::platformName() != "offscreen") QMessageBox::warning(this, title, message);
}

void MainWindow::setDarkTheme(bool dark) {
    if (m_menus && m_menus->darkAction()->isChecked() != dark) m_menus->darkAction()->setChecked(dark);
    applyTheme(this, dark);
    // The lane colours of f32 change with the background.
    m_linear->redraw();
    m_training->restyle();
    if (m_persistent) QSettings().setValue("window/dark", dark);
}

void MainWindow::takeOver(MainWindow& old) {
    RunController* spare = controller();
    const QList<Page*> mine = pages(), theirs = old.pages();
    for (int i = 0; i < mine.size() && i < theirs.size(); ++i) mine[i]->takeOver(*theirs[i]);
    // The Training lab took the old window's controller: its state reaches this window from now on.
    RunController* adopted = controller();
    if (adopted != spare) {
        disconnect(spare, nullptr, this, nullptr);
        disconnect(adopted, nullptr, &old, nullptr);
        connectController(adopted);
        onStateChanged(adopted->state());
    }
    if (const bool dark = old.m_menus->darkAction()->isChecked(); dark != m_menus->darkAction()->isChecked())
        m_menus->darkAction()->setChecked(dark);
    updateExplanation();
    updateStatus();
}

QString MainWindow::shortcutsHtml() { return WindowMenus::shortcutsHtml(); }

bool MainWindow::exportChart(const QString& path) { return m_exports->exportChart(path); }
bool MainWindow::exportPage(const QString& path) { return m_exports->exportPage(path); }
bool MainWindow::exportChart(const QString& path, const ExportOptions& options) {
    return m_exports->exportChart(path, options);
}
bool MainWindow::exportPage(const QString& path, const ExportOptions& options) {
    return m_exports->exportPage(path, options);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    // A status message given before the window was first shown (the settings that fell back, a file
    // opened at start) would be drawn over the state label: QStatusBar hides its normal widgets for a
    // message only while it is visible. Given again now, it takes their place.
    if (m_shownOnce) return;
    m_shownOnce = true;
    if (const QString message = statusBar()->currentMessage(); !message.isEmpty()) {
        statusBar()->clearMessage();
        statusBar()->showMessage(message, 10000);
    }
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    // A window made narrow (a projector) gives the explanation's width to the page, and takes it back when
    // wide again; in between, View > Explanation panel decides.
    if (const bool wide = width() >= kWideWindow; wide != m_wideWindow) {
        m_wideWindow = wide;
        if (!m_presentation->isActive()) setExplanationShown(wide);
    }
    fitExplanationWidth();
    // The page areas' minimum sizes follow the window's (see PageArea).
    for (int i = 0; i < m_stack->count(); ++i) m_stack->widget(i)->updateGeometry();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    controller()->stop();
    const bool idle = controller()->waitForIdle(kStopWait);
    if (m_persistent) WindowSettings::save(*this);
    event->accept();
    if (!idle) {
        // A step still running after kStopWait (a huge model, a stalled disk): the worker cannot be
        // interrupted inside it, and joining it would freeze the window. The window's runs write no
        // files, and the settings are saved: quit without waiting.
        std::fprintf(stderr, "presisi: the training step in progress did not end within %lld s; quitting without it\n",
                     static_cast<long long>(kStopWait.count() / 1000));
        std::fflush(stderr);
        std::_Exit(0);
    }
}

}  // namespace presisi
