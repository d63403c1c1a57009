// MainWindow's menu bar: File, Edit, View, Presets and Help, and the shortcuts table Help shows.
#include "main_window.h"
#include "experiment_files.h"
#include "presentation_mode.h"
#include "window_exports.h"

#include <QAction>
#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTextBrowser>

#include "engine/device.h"
#include "pages/convergence_page.h"
#include "pages/speed_page.h"
#include "pages/training_page.h"
#include "widgets/chart_export.h"
#include "widgets/text_scale.h"

namespace presisi {

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_experiments->addActions(file);  // experiment files and data (app/experiment_files.cpp)
    m_exports->addActions(file);  // chart, page and data exports (app/window_exports.cpp)
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Copy chart"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this, [this] {
        if (QWidget* c = currentPage()->currentChart()) copyToClipboard(c, currentPage()->caption());
        statusBar()->showMessage(tr("chart copied to the clipboard"), 3000);
    });
    edit->addAction(tr("Copy &page"), this, [this] {
        copyToClipboard(currentPage(), currentPage()->caption());
        statusBar()->showMessage(tr("page copied to the clipboard"), 3000);
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Linear lab"), QKeySequence(Qt::CTRL | Qt::Key_1), this, [this] { setPage(LinearIndex); });
    view->addAction(tr("&Training lab"), QKeySequence(Qt::CTRL | Qt::Key_2), this, [this] { setPage(TrainingIndex); });
    view->addAction(tr("&Formats"), QKeySequence(Qt::CTRL | Qt::Key_3), this, [this] { setPage(FormatsIndex); });
    view->addAction(tr("S&peed"), QKeySequence(Qt::CTRL | Qt::Key_4), this, [this] { setPage(SpeedIndex); });
    view->addAction(tr("&Convergence check"), QKeySequence(Qt::CTRL | Qt::Key_5), this,
                    [this] { setPage(ConvergenceIndex); });
    view->addSeparator();
    addLanguageActions(view);  // View > Language (app/main_window_language.cpp)
    m_darkAction = view->addAction(tr("&Dark theme"));
    m_darkAction->setCheckable(true);
    connect(m_darkAction, &QAction::toggled, this, &MainWindow::setDarkTheme);
    view->addSeparator();
    m_playAction = view->addAction(tr("Pla&y / pause"), QKeySequence(Qt::Key_Space), this, [this] {
        setPage(TrainingIndex);
        m_training->playPause();
    });
    view->addAction(tr("&Single step"), QKeySequence(Qt::Key_Period), this, [this] {
        setPage(TrainingIndex);
        m_training->stepOnce();
    });
    view->addAction(tr("&Reset"), QKeySequence(Qt::CTRL | Qt::Key_R), this, [this] { currentPage()->resetPage(); });
    // Key moments (app/pages/training_moments.cpp): N runs on to the next, or moves a finished run's
    // timeline there; the option pauses a paced preset run at each.
    QAction* nextMoment = view->addAction(tr("Next key &moment"), QKeySequence(Qt::Key_N), this, [this] {
        setPage(TrainingIndex);
        m_training->nextMoment();
    });
    nextMoment->setObjectName("nextMomentAction");
    QAction* pauseAtMoments = view->addAction(tr("Pause at &key moments"));
    pauseAtMoments->setObjectName("pauseAtMomentsAction");
    pauseAtMoments->setCheckable(true);
    pauseAtMoments->setChecked(m_training->pauseAtMoments());
    pauseAtMoments->setToolTip(tr("A preset run at its lecture pace stops after each key moment with a caption; "
                                  "Space goes on. Runs at pace max never stop."));
    connect(pauseAtMoments, &QAction::toggled, m_training, &TrainingPage::setPauseAtMoments);
    view->addSeparator();
    m_fullScreenAction = view->addAction(tr("F&ull screen"), QKeySequence(Qt::Key_F11), this, [this] {
        if (isFullScreen()) showNormal();
        else showFullScreen();
    });
    view->addAction(tr("Presentation m&ode"), QKeySequence(Qt::Key_F5), this, [this] { m_presentation->toggle(); });
    m_explanationAction = view->addAction(tr("&Explanation panel"));
    m_explanationAction->setCheckable(true);
    m_explanationAction->setChecked(m_explanationShown);
    connect(m_explanationAction, &QAction::toggled, this, [this](bool on) { setExplanationShown(on); });
    QAction* larger = view->addAction(tr("Larger te&xt"), QKeySequence(Qt::CTRL | Qt::Key_Equal), this,
                                      [this] { setTextScale(uiScale() + 0.25); });
    // Ctrl++ too (Shift+= on most keyboards, a key of its own on the keypad), and the platform's zoom-in
    // keys, each once: a sequence listed twice (ZoomIn is Ctrl++ here) makes Qt call the shortcut
    // ambiguous and do nothing.
    QList<QKeySequence> keys{QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)};
    for (const QKeySequence& k : QKeySequence::keyBindings(QKeySequence::ZoomIn))
        if (!keys.contains(k)) keys << k;
    larger->setShortcuts(keys);
    view->addAction(tr("Sm&aller text"), QKeySequence(Qt::CTRL | Qt::Key_Minus), this, [this] { setTextScale(uiScale() - 0.25); });
    view->addAction(tr("&Normal text size"), QKeySequence(Qt::CTRL | Qt::Key_0), this, [this] { setTextScale(1.0); });
    QAction* back = view->addAction(tr("All charts (leave a chart shown alone)"), QKeySequence(Qt::Key_Escape), this,
                                    [this] {
                                        // Esc cancels a running convergence check on its page.
                                        if (!chartAlone() && currentPage() == m_convergence && m_convergence->running())
                                            m_convergence->cancel();
                                        else if (!chartAlone() && currentPage() == m_speedPage && m_speedPage->isBusy()) m_speedPage->cancel();
                                        else if (chartAlone()) showAllCharts();
                                        else if (m_presentation->isActive()) m_presentation->leave();
                                    });
    back->setShortcutContext(Qt::WindowShortcut);

    m_presetsMenu = menuBar()->addMenu(tr("&Presets"));
    for (const PresetInfo& p : TrainingPage::presets()) {
        QAction* a = m_presetsMenu->addAction(p.name + (p.title.isEmpty() ? QString() : "  —  " + p.title));
        a->setToolTip(p.explanation);
        a->setStatusTip(p.explanation);
        const QString name = p.name;
        connect(a, &QAction::triggered, this, [this, name] {
            setPage(TrainingIndex);
            loadPreset(name, true);
        });
        connect(a, &QAction::hovered, this, [this, p] {
            m_explanation->setHtml(tr("<h3>%1</h3><p>%2</p><p><i>Click to load it and start the run.</i></p>")
                                       .arg(p.title.isEmpty() ? p.name : p.title, p.explanation.toHtmlEscaped()));
        });
    }
    connect(m_presetsMenu, &QMenu::aboutToHide, this, &MainWindow::updateExplanation);
    if (m_presetsMenu->isEmpty()) m_presetsMenu->addAction(tr("(no presets found)"))->setEnabled(false);
    m_presetsMenu->setToolTipsVisible(true);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Guided tour"), this, [this] { openGuidedTour(); });
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this, [this] {
        QMessageBox box(this);
        box.setWindowTitle(tr("Keyboard shortcuts"));
        box.setTextFormat(Qt::RichText);
        box.setText(shortcutsHtml());
        box.exec();
    });
    help->addAction(tr("&About Presisi"), this, [this] {
        QMessageBox::about(this, tr("About Presisi"),
                           tr("<b>Presisi</b> 0.1 — a laboratory for mixed-precision numerics.<br>"
                              "Lanes (device, format, policy) run side by side: float32, bfloat16, float16 with or "
                              "without a loss scaler, on the CPU and, when present, a CUDA GPU.<br><br>%1")
                               .arg(deviceText().toHtmlEscaped()));
    });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

QString MainWindow::shortcutsHtml() {
    const QList<QPair<QString, QString>> keys = {
        {tr("Space"), tr("play / pause the training run (from any field)")},
        {tr("."), tr("one step of every lane")},
        {tr("N"), tr("run on to the next key moment (a finished run: show it on the timeline)")},
        {tr("Ctrl+R"), tr("reset to step 0 (applies a changed lane set)")},
        {tr("Ctrl+1 … Ctrl+4"), tr("Linear lab, Training lab, Formats, Speed (Esc cancels a measurement)")},
        {tr("Ctrl+5"), tr("Convergence check (Ctrl+Return runs it, Esc cancels a running check)")},
        {tr("Ctrl+= or Ctrl++, Ctrl+-, Ctrl+0"), tr("larger, smaller, normal text (1x to 2x, charts included)")},
        {tr("F11"), tr("full screen")},
        {tr("F5"), tr("presentation mode: full screen, large text, the explanation as a caption; → or Page Down "
                      "goes to the preset's next key moment, Return shows the current chart alone, Esc leaves")},
        {tr("double-click a chart"), tr("show it alone; Esc or another double-click returns")},
        {tr("click a legend entry"), tr("hide or show that lane")},
        {tr("drag a rectangle, or the wheel, over a chart"), tr("zoom (the view holds while the run goes on)")},
        {tr("right click on a chart"), tr("back to the whole run; ← → pan a zoomed chart")},
        {tr("timeline under the charts"), tr("when paused or finished: drag, or Home End ← →, to look back")},
        {tr("hover a line"), tr("lane, step and value")},
        {tr("Ctrl+E"), tr("export the current chart as PNG")},
        {tr("Ctrl+Shift+C"), tr("copy the current chart")},
        {tr("wheel over the side panel"), tr("scrolls it; changes a field only while it has focus (click or Tab)")},
        {tr("Ctrl+Q"), tr("quit")},
    };
    QString html = "<table cellspacing='4'>";
    for (const auto& [key, what] : keys)
        html += QString("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(key.toHtmlEscaped(), what.toHtmlEscaped());
    return html + "</table>";
}

}  // namespace presisi
