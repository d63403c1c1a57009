// settle(): the suites' wait for what a widget deferred, counted in passes of the event queue, not in time.
#pragma once

#include <QCoreApplication>
#include <QEvent>

// Lets the window finish what it deferred (layout requests, the resizes the platform reports, zero-time
// timers such as the tiles' restyle, deferred deletes): pass after pass of the event queue, counted, not
// timed. A fixed wait (qWait(60)) let them run on an idle machine and not always on a busy one.
inline void settle() {
    for (int pass = 0; pass < 20; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
}
