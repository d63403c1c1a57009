// The wheel guard (an event filter per field) and the run-keys filter (one on the application).
#include "input_guard.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <QWheelEvent>
#include <QWidget>

namespace presisi {

namespace {

bool isField(QObject* o) {
    return qobject_cast<QAbstractSpinBox*>(o) || qobject_cast<QComboBox*>(o) || qobject_cast<QAbstractSlider*>(o);
}

class WheelGuard : public QObject {
public:
    using QObject::QObject;
    static WheelGuard* instance() {
        static WheelGuard guard;
        return &guard;
    }
    void watch(QWidget* w) {
        w->setFocusPolicy(Qt::StrongFocus);  // not WheelFocus: a wheel over it must not grab focus
        w->removeEventFilter(this);
        w->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Wheel) {
            auto* w = static_cast<QWidget*>(watched);
            if (!w->hasFocus()) {
                // Filtered and not accepted: Qt hands the wheel to the parent, the scroll area.
                event->ignore();
                return true;
            }
        }
        return false;
    }
};

}  // namespace

void guardWheel(QWidget* root) {
    for (QWidget* w : root->findChildren<QWidget*>())
        if (isField(w)) WheelGuard::instance()->watch(w);
}

bool RunKeysFilter::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ShortcutOverride) return false;
    auto* key = static_cast<QKeyEvent*>(event);
    const bool space = key->key() == Qt::Key_Space && key->modifiers() == Qt::NoModifier;
    const bool reset = key->key() == Qt::Key_R && key->modifiers() == Qt::ControlModifier;
    if (!space && !reset) return false;
    // The event reaches the window (a QWidgetWindow) before the focus widget: ask which widget has focus,
    // not only what is being watched, or a multi-line editor loses its spaces to Play.
    for (QObject* o : {watched, static_cast<QObject*>(QApplication::focusWidget())})
        if (qobject_cast<QTextEdit*>(o) || qobject_cast<QPlainTextEdit*>(o)) return false;
    // Not accepted and not delivered: the shortcut map treats the key as a shortcut.
    event->ignore();
    return true;
}

}  // namespace presisi
