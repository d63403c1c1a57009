// WindowMenus: the window's menu bar, built once with every action's text, shortcut and tooltip; the
// actions reach the window through its public face (pages, text size, theme, presentation mode).
#include "window_menus.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

#include "experiment_files.h"
#include "language.h"
#include "main_window.h"
#include "pages/convergence_page.h"
#include "pages/presets.h"
#include "pages/speed_page.h"
#include "pages/training_page.h"
#include "presentation_mode.h"
#include "widgets/chart_export.h"
#include "widgets/text_scale.h"
#include "window_exports.h"

namespace presisi {

WindowMenus::WindowMenus(MainWindow& window, bool persistent)
    : QObject(&window), m_window(window), m_persistent(persistent) {
    QMenu* file = window.menuBar()->addMenu(tr("&File"));
    window.experiments()->addActions(file);  // experiment files and data (app/experiment_files.cpp)
    window.exports()->addActions(file);      // chart, page and data exports (app/window_exports.cpp)
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, &window, &QWidget::close);

    QMenu* edit = window.menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Copy chart"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this, [this] {
        if (QWidget* c = m_window.currentPage()->currentChart()) copyToClipboard(c, m_window.currentPage()->caption());
        m_window.statusBar()->showMessage(tr("chart copied to the clipboard"), 3000);
    });
    edit->addAction(tr("Copy &page"), this, [this] {
        copyToClipboard(m_window.currentPage(), m_window.currentPage()->caption());
        m_window.statusBar()->showMessage(tr("page copied to the clipboard"), 3000);
    });

    QMenu* view = window.menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Linear lab"), QKeySequence(Qt::CTRL | Qt::Key_1), this,
                    [this] { m_window.setPage(MainWindow::LinearIndex); });
    view->addAction(tr("&Training lab"), QKeySequence(Qt::CTRL | Qt::Key_2), this,
                    [this] { m_window.setPage(MainWindow::TrainingIndex); });
    view->addAction(tr("&Formats"), QKeySequence(Qt::CTRL | Qt::Key_3), this,
                    [this] { m_window.setPage(MainWindow::FormatsIndex); });
    view->addAction(tr("S&peed"), QKeySequence(Qt::CTRL | Qt::Key_4), this,
                    [this] { m_window.setPage(MainWindow::SpeedIndex); });
    view->addAction(tr("&Convergence check"), QKeySequence(Qt::CTRL | Qt::Key_5), this,
                    [this] { m_window.setPage(MainWindow::ConvergenceIndex); });
    view->addSeparator();
    addLanguageActions(view);
    m_darkAction = view->addAction(tr("&Dark theme"));
    m_darkAction->setCheckable(true);
    connect(m_darkAction, &QAction::toggled, &window, &MainWindow::setDarkTheme);
    view->addSeparator();
    view->addAction(tr("Pla&y / pause"), QKeySequence(Qt::Key_Space), this, [this] {
        m_window.setPage(MainWindow::TrainingIndex);
        m_window.trainingPage()->playPause();
    });
    view->addAction(tr("&Single step"), QKeySequence(Qt::Key_Period), this, [this] {
        m_window.setPage(MainWindow::TrainingIndex);
        m_window.trainingPage()->stepOnce();
    });
    view->addAction(tr("&Reset"), QKeySequence(Qt::CTRL | Qt::Key_R), this,
                    [this] { m_window.currentPage()->resetPage(); });
    // Key moments (TrainingSession::nextMoment): N runs on to the next, or moves a finished run's
    // timeline there; the option pauses a paced preset run at each.
    QAction* nextMoment = view->addAction(tr("Next key &moment"), QKeySequence(Qt::Key_N), this, [this] {
        m_window.setPage(MainWindow::TrainingIndex);
        m_window.trainingPage()->nextMoment();
    });
    nextMoment->setObjectName("nextMomentAction");
    QAction* pauseAtMoments = view->addAction(tr("Pause at &key moments"));
    pauseAtMoments->setObjectName("pauseAtMomentsAction");
    pauseAtMoments->setCheckable(true);
    pauseAtMoments->setChecked(window.trainingPage()->pauseAtMoments());
    pauseAtMoments->setToolTip(tr("A preset run at its lecture pace stops after each key moment with a caption; "
                                  "Space goes on. Runs at pace max never stop."));
    connect(pauseAtMoments, &QAction::toggled, window.trainingPage(), &TrainingPage::setPauseAtMoments);
    view->addSeparator();
    view->addAction(tr("F&ull screen"), QKeySequence(Qt::Key_F11), this, [this] {
        if (m_window.isFullScreen()) m_window.showNormal();
        else m_window.showFullScreen();
    });
    view->addAction(tr("Presentation m&ode"), QKeySequence(Qt::Key_F5), this,
                    [this] { m_window.presentation()->toggle(); });
    m_explanationAction = view->addAction(tr("&Explanation panel"));
    m_explanationAction->setCheckable(true);
    m_explanationAction->setChecked(window.explanationShown());
    connect(m_explanationAction, &QAction::toggled, &window, &MainWindow::setExplanationShown);
    QAction* larger = view->addAction(tr("Larger te&xt"), QKeySequence(Qt::CTRL | Qt::Key_Equal), this,
                                      [this] { m_window.setTextScale(uiScale() + 0.25); });
    // Ctrl++ too (Shift+= on most keyboards, a key of its own on the keypad), and the platform's zoom-in
    // keys, each once: a sequence listed twice (ZoomIn is Ctrl++ here) makes Qt call the shortcut
    // ambiguous and do nothing.
    QList<QKeySequence> keys{QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)};
    for (const QKeySequence& k : QKeySequence::keyBindings(QKeySequence::ZoomIn))
        if (!keys.contains(k)) keys << k;
    larger->setShortcuts(keys);
    view->addAction(tr("Sm&aller text"), QKeySequence(Qt::CTRL | Qt::Key_Minus), this,
                    [this] { m_window.setTextScale(uiScale() - 0.25); });
    view->addAction(tr("&Normal text size"), QKeySequence(Qt::CTRL | Qt::Key_0), this,
                    [this] { m_window.setTextScale(1.0); });
    const auto escape = [this] {
        const bool alone = m_window.chartAlone() != nullptr;
        Page* page = m_window.currentPage();
        ConvergencePage* check = m_window.convergencePage();
        SpeedPage* speed = m_window.speedPage();
        // Esc cancels a running convergence check on its page, a Speed measurement on its page, and a file
        // being read or checked (File > Open, Load data) on any page.
        if (!alone && page == check && check->running()) check->cancel();
        else if (!alone && page == speed && speed->isBusy()) speed->cancel();
        else if (m_window.experiments()->backgroundPending()) m_window.experiments()->cancelBackground();
        else if (alone) m_window.showAllCharts();
        else if (m_window.presentation()->isActive()) m_window.presentation()->leave();
    };
    QAction* back =
        view->addAction(tr("All charts (leave a chart shown alone)"), QKeySequence(Qt::Key_Escape), this, escape);
    back->setShortcutContext(Qt::WindowShortcut);

    QMenu* presets = window.menuBar()->addMenu(tr("&Presets"));
    for (const PresetEntry& p : listPresets()) {
        QAction* a = presets->addAction(p.name + (p.title.isEmpty() ? QString() : "  —  " + p.title));
        a->setToolTip(p.explanation);
        a->setStatusTip(p.explanation);
        const QString name = p.name;
        connect(a, &QAction::triggered, this, [this, name] {
            m_window.setPage(MainWindow::TrainingIndex);
            m_window.loadPreset(name, true);
        });
        connect(a, &QAction::hovered, this, [this, p] {
            emit presetHovered(tr("<h3>%1</h3><p>%2</p><p><i>Click to load it and start the run.</i></p>")
                                   .arg(p.title.isEmpty() ? p.name : p.title, p.explanation.toHtmlEscaped()));
        });
    }
    connect(presets, &QMenu::aboutToHide, this, &WindowMenus::presetsMenuHidden);
    if (presets->isEmpty()) presets->addAction(tr("(no presets found)"))->setEnabled(false);
    presets->setToolTipsVisible(true);

    QMenu* help = window.menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Guided tour"), this, [this] { m_window.openGuidedTour(); });
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this, [this] {
        QMessageBox box(&m_window);
        box.setWindowTitle(tr("Keyboard shortcuts"));
        box.setTextFormat(Qt::RichText);
        box.setText(shortcutsHtml());
        box.exec();
    });
    help->addAction(tr("&About Presisi"), this, [this] {
        QMessageBox::about(&m_window, tr("About Presisi"),
                           tr("<b>Presisi</b> 0.1 — a laboratory for mixed-precision numerics.<br>"
                              "Lanes (device, format, policy) run side by side: float32, bfloat16, float16 with or "
                              "without a loss scaler, on the CPU and, when present, a CUDA GPU.<br><br>%1")
                               .arg(MainWindow::deviceText().toHtmlEscaped()));
    });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void WindowMenus::addLanguageActions(QMenu* view) {
    QMenu* menu = view->addMenu(tr("Lan&guage"));
    auto* group = new QActionGroup(menu);
    // The names are not translated: each language is named as its speakers write it.
    const QList<QPair<QString, QString>> choices = {{QStringLiteral("en"), QStringLiteral("English")},
                                                     {QStringLiteral("id"), QStringLiteral("Bahasa Indonesia")}};
    for (const auto& [code, name] : choices) {
        QAction* a = menu->addAction(name);
        a->setCheckable(true);
        a->setChecked(language::current() == code);
        a->setData(code);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, code = code] {
            if (code == language::current()) return;
            if (m_persistent) language::saveWindowCode(code);
            emit m_window.languageChangeRequested(code);
        });
    }
}

QString WindowMenus::shortcutsHtml() {
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
