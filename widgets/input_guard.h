// Inputs that never surprise: the mouse wheel changes a field only when the field has keyboard focus
// (otherwise the panel behind it scrolls), and the run keys (Space, Ctrl+R) reach their shortcuts
// whatever widget has focus.
#pragma once

#include <QObject>

class QWidget;

namespace presisi {

// Gives every spin box, combo box and slider under `root` click-or-tab focus and makes the wheel
// over an unfocused one scroll the panel instead of changing its value. Call it after the panel's
// fields exist.
void guardWheel(QWidget* root);

// Installed on the application: Space and Ctrl+R go to the window's shortcuts even while a text or
// number field has focus (a field would otherwise take Space as text). Multi-line text editors keep
// their keys.
class RunKeysFilter : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace presisi
