// WindowSettings: what the main window keeps between sessions in QSettings. At start it reads back the
// geometry, page, theme, text size and the Training lab's preset, every value checked
// (app/services/settings_check.h): a corrupt or hand-edited file falls back to the defaults, and the
// status bar says which. At close it saves the geometry and page; the rest the window saves as it changes.
#pragma once

#include <QCoreApplication>
#include <QStringList>

namespace presisi {

class MainWindow;

class WindowSettings {
    Q_DECLARE_TR_FUNCTIONS(presisi::WindowSettings)
public:
    // Restores `window` (made at its default size) from the saved settings: geometry, fitted on the
    // screen, theme, text size and preset. Returns the page to show first; `problems` gets one line per
    // setting that fell back.
    static int restore(MainWindow& window, QStringList* problems);
    // Saves the geometry and the page (at close).
    static void save(const MainWindow& window);

private:
    // Brings `window` inside the screen's available area; notes a saved geometry that did not fit.
    static void fitOnScreen(MainWindow& window, QStringList* problems);
};

}  // namespace presisi
