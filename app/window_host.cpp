// WindowHost: the main window's owner, rebuilding it in another language (see window_host.h).
#include "window_host.h"

#include <QCoreApplication>
#include <QStatusBar>

#include "language.h"
#include "main_window.h"
#include "pages/training_page.h"
#include "run_controller.h"

namespace presisi {

WindowHost::WindowHost(bool persistent, QObject* parent) : QObject(parent), m_persistent(persistent) {
    m_window = create();
}

WindowHost::~WindowHost() { delete m_window.data(); }

MainWindow* WindowHost::create() {
    auto* w = new MainWindow(m_persistent);
    // Queued: the request comes from inside one of the old window's menu actions.
    connect(w, &MainWindow::languageChangeRequested, this, &WindowHost::switchLanguage, Qt::QueuedConnection);
    return w;
}

void WindowHost::switchLanguage(const QString& code) {
    const auto parsed = language::parseCode(code);
    if (!parsed || *parsed == language::current() || !m_window) return;
    MainWindow* old = m_window;
    // The run pauses at a step boundary first, so that the new window draws it from a record store that
    // no batch is on its way to; it goes on in the new window.
    RunController* run = old->controller();
    const bool running = run->busy();
    run->stop();
    if (!run->waitForIdle(MainWindow::kStopWait)) {
        // Its step has not ended: switching now would leave a worker reporting to a deleted window.
        old->statusBar()->showMessage(QCoreApplication::translate("presisi::MainWindow",
                                                                  "The run is still stopping: choose the language again when it has."),
                                      8000);
        return;
    }
    const int page = old->page();
    const QByteArray geometry = old->saveGeometry();
    const bool visible = old->isVisible();

    language::install(*parsed, true);
    MainWindow* fresh = create();
    // Every page's state, the Training lab's run controller included (the worker, runner and records).
    fresh->takeOver(*old);
    fresh->restoreGeometry(geometry);
    fresh->setPage(page);
    m_window = fresh;
    if (visible) {
        fresh->show();
        // The keyboard stays with the window: without a window manager handing focus over (a kiosk, a
        // lecture rehearsed under Xvfb), the next keys after a switch went nowhere.
        fresh->raise();
        fresh->activateWindow();
    }
    // Shown before the old one closes, so the application does not quit on its last window closing.
    old->close();
    old->deleteLater();
    if (running) fresh->controller()->resume();
    emit windowRebuilt(fresh);
}

}  // namespace presisi
