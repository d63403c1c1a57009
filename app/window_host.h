// Owns the main window and rebuilds it when the language changes: the new window is made in the new
// language (every text and number format follows, the pages' included), takes over every page's state
// (the Training lab's run controller with its run, results, settings; MainWindow::takeOver) and opens on
// the same page with the same geometry; a run that was running goes on.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

namespace presisi {

class MainWindow;

class WindowHost : public QObject {
    Q_OBJECT
public:
    // persistent: as MainWindow's (QSettings read and written).
    explicit WindowHost(bool persistent, QObject* parent = nullptr);
    ~WindowHost() override;

    MainWindow* window() const { return m_window; }
    // Installs code's translators and locale and rebuilds the window; nothing when code is current.
    void switchLanguage(const QString& code);

signals:
    void windowRebuilt(presisi::MainWindow* window);

private:
    MainWindow* create();

    bool m_persistent;
    QPointer<MainWindow> m_window;
};

}  // namespace presisi
