// WindowMenus: the main window's menu bar — File, Edit, View (with View > Language), Presets and Help — its
// shortcuts, and the shortcuts table Help shows.
#pragma once

#include <QObject>
#include <QString>

class QAction;
class QMenu;

namespace presisi {

class MainWindow;

class WindowMenus : public QObject {
    Q_OBJECT
public:
    // Fills `window`'s menu bar; File takes the experiment files' and the exports' actions.
    // persistent: a language chosen is saved in QSettings.
    WindowMenus(MainWindow& window, bool persistent);

    QAction* darkAction() const { return m_darkAction; }                // View > Dark theme
    QAction* explanationAction() const { return m_explanationAction; }  // View > Explanation panel
    // The keyboard shortcuts, as Help shows them.
    static QString shortcutsHtml();

signals:
    // A preset hovered in the Presets menu: what it shows, for the explanation panel.
    void presetHovered(const QString& html);
    void presetsMenuHidden();  // the explanation panel shows the page's explanation again

private:
    void addLanguageActions(QMenu* view);  // View > Language

    MainWindow& m_window;
    bool m_persistent;
    QAction* m_darkAction = nullptr;
    QAction* m_explanationAction = nullptr;
};

}  // namespace presisi
