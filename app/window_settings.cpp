// WindowSettings: the keys the window reads at start and writes at close, and a restored geometry fitted
// on the screen.
#include "window_settings.h"

#include <QGuiApplication>
#include <QScreen>
#include <QSettings>

#include "main_window.h"
#include "services/settings_check.h"
#include "widgets/text_scale.h"

namespace presisi {

int WindowSettings::restore(MainWindow& window, QStringList* problems) {
    QSettings s;
    services::SettingsReader r(s);
    bool restored = false;
    if (s.contains("window/geometry")) {
        restored = window.restoreGeometry(s.value("window/geometry").toByteArray());
        if (!restored)
            r.note("window/geometry", tr("(%1 bytes)").arg(s.value("window/geometry").toByteArray().size()),
                   "not a saved window geometry", "1280×800");
    }
    // ConvergenceIndex: the last page.
    const int startPage = r.integer("window/page", MainWindow::LinearIndex, 0, MainWindow::ConvergenceIndex);
    window.setDarkTheme(r.boolean("window/dark", false));
    if (s.contains("window/textScale")) window.setTextScale(r.real("window/textScale", 1.0, kMinUiScale, kMaxUiScale));
    const QString preset = s.value("training/preset").toString();
    if (!preset.isEmpty()) window.loadPreset(preset, false);
    *problems = r.problems();
    // A saved geometry that does not fit is a setting that fell back; the default size on a small
    // screen is simply fitted. (A window made for tests or --screenshot keeps its size.)
    fitOnScreen(window, restored ? problems : nullptr);
    return startPage;
}

void WindowSettings::save(const MainWindow& window) {
    QSettings s;
    s.setValue("window/geometry", window.saveGeometry());
    s.setValue("window/page", window.page());
    s.sync();
}

void WindowSettings::fitOnScreen(MainWindow& window, QStringList* problems) {
    // A window larger than the screen, or off it (a saved geometry from another monitor, a corrupt
    // settings file), is brought inside the screen's available area.
    const QScreen* screen = window.screen() ? window.screen() : QGuiApplication::primaryScreen();
    if (!screen) return;
    const QRect available = screen->availableGeometry();
    const QRect frame = window.geometry();
    const QRect fitted = services::fitOnScreen(frame, available);
    if (fitted == frame) return;
    if (problems && (frame.width() > available.width() || frame.height() > available.height() || !available.intersects(frame)))
        problems->append(tr("window/geometry = %1×%2 at (%3, %4): does not fit the screen (%5×%6); %7×%8 used")
                             .arg(frame.width()).arg(frame.height()).arg(frame.x()).arg(frame.y())
                             .arg(available.width()).arg(available.height()).arg(fitted.width()).arg(fitted.height()));
    window.setGeometry(fitted);
}

}  // namespace presisi
