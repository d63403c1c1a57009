// FrameClock: the window's one clock for drawing a run (PlotJuggler's coalescing replot): the batches
// the worker hands over wait, merged, until the next tick (every kFrameMs), which hands them to the views
// as one and tells the worker that it may hand over again. So the views draw at most once a frame, and
// the worker never posts faster than they draw.
#pragma once

#include <QObject>
#include <QTimer>
#include <atomic>
#include <cstdint>
#include <functional>

#include "run_stepper.h"

namespace presisi {

class FrameClock : public QObject {
    Q_OBJECT
public:
    static constexpr int kFrameMs = 33;

    // `drawn`: the token the worker waits for (set on every tick); `live`: whether the run still goes
    // on (the clock stops when it does not and nothing waits).
    FrameClock(std::atomic<bool>& drawn, std::function<bool()> live, QObject* parent = nullptr);

    void add(RecordBatch batch);  // drawn on the next tick, with whatever else arrives before it
    void drawNow();               // what waits, drawn at once (a command's end, a blocking wait)
    void clear();                 // a new run: what waits is dropped, the worker may hand over
    // Ticks so far (the views' slower parts count frames rather than keep a clock of their own).
    std::int64_t frames() const { return m_frames; }

signals:
    void frame(const presisi::RecordBatch& batch);

private:
    void tick();

    std::atomic<bool>& m_drawn;
    std::function<bool()> m_live;
    QTimer m_timer;
    std::int64_t m_frames = 0;
    RecordBatch m_waiting;  // batches since the last frame, merged
    bool m_hasWaiting = false;
};

}  // namespace presisi
