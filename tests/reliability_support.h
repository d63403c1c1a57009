// Support for the window's reliability suites (tst_reliability, tst_window_views): a frozen-event-loop
// watchdog, the run threads, axis tick bounds, waiting with a live event loop, settling, preset actions.
#pragma once

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QComboBox>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QToolButton>
#include <QSpinBox>
#include <QWheelEvent>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QValueAxis>
#include <QtTest>
#include "settle.h"
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "services/scenario_file.h"
#include "main_window.h"
#include "pages/formats_page.h"
#include "pages/linear_page.h"
#include "pages/presets.h"
#include "pages/training_page.h"
#include "record_store.h"
#include "responsiveness.h"
#include "run_controller.h"
#include "widgets/histogram_chart.h"
#include "widgets/lane_tile.h"
#include "widgets/section.h"
#include "widgets/text_scale.h"
#include "widgets/live_chart.h"
#include "widgets/number_field.h"

namespace presisi::reliability {

// Aborts the process (so the test fails instead of hanging) when the GUI thread processes no event
// for `limitMs`: a 25 ms timer on the GUI thread pets it.
class Watchdog {
public:
    Watchdog(int limitMs, QString context) : m_limitMs(limitMs), m_context(std::move(context)) {
        m_last = now();
        m_pet.setInterval(25);
        QObject::connect(&m_pet, &QTimer::timeout, [this] { m_last = now(); });
        m_pet.start();
        m_thread = std::thread([this] {
            while (!m_done) {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                if (!m_paused && now() - m_last > m_limitMs) {
                    std::fprintf(stderr, "FAIL: the event loop processed nothing for %d ms (%s)\n", m_limitMs,
                                 qPrintable(m_context));
                    std::fflush(stderr);
                    std::abort();
                }
            }
        });
    }
    ~Watchdog() {
        m_done = true;
        m_thread.join();
    }
    // Around calls that block the GUI thread on purpose (waitForIdle at the end of a test).
    void pause(bool paused) {
        m_last = now();
        m_paused = paused;
    }

private:
    static qint64 now() {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
    int m_limitMs;
    QString m_context;
    QTimer m_pet;
    std::atomic<qint64> m_last{0};
    std::atomic<bool> m_done{false}, m_paused{false};
    std::thread m_thread;
};

// Threads of this process named "presisi-engine" (the window's one engine worker).
inline int engineThreads() {
    int n = 0;
    const QDir tasks("/proc/self/task");
    for (const QString& t : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(t + "/comm"));
        if (comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed() == "presisi-engine") ++n;
    }
    return n;
}


// Every value axis of every chart on the page keeps a countable number of ticks.
inline void verifyAxesBounded(const QList<QWidget*>& charts) {
    for (QWidget* w : charts) {
        auto* view = qobject_cast<QChartView*>(w);
        if (!view) continue;
        for (QAbstractAxis* a : view->chart()->axes()) {
            auto* axis = qobject_cast<QValueAxis*>(a);
            if (!axis) continue;
            const double span = axis->max() - axis->min();
            QVERIFY2(span > 0, qPrintable(view->chart()->title()));
            if (axis->tickType() == QValueAxis::TicksDynamic)
                QVERIFY2(span / axis->tickInterval() <= kMaxAxisTicks,
                         qPrintable(QString("%1: %2 ticks").arg(view->chart()->title()).arg(span / axis->tickInterval())));
            else
                QVERIFY(axis->tickCount() <= kMaxAxisTicks);
        }
    }
}

inline bool waitUntil(const std::function<bool()>& done, int timeoutMs) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs) return false;
        QTest::qWait(5);
    }
    return true;
}

inline QAction* presetAction(MainWindow& w, int index) {
    for (QAction* menu : w.menuBar()->actions())
        if (menu->text() == QCoreApplication::translate("presisi::WindowMenus", "&Presets")) {  // in either language
            const QList<QAction*> items = menu->menu()->actions();
            return items.isEmpty() ? nullptr : items.at(index % items.size());
        }
    return nullptr;
}

inline void showActive(MainWindow& w) {
    w.resize(1280, 800);
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
}


}  // namespace presisi::reliability
