// Owns the main window and rebuilds it when the language changes: the runs stop cleanly, the new window
// is made in the new language (every text and number format follows, the pages' included) and opens
// on the same page, with the same geometry and Training lab setup.
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
