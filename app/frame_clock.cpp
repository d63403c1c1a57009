// FrameClock: batches merged until the next tick, drawn once per frame.
#include "frame_clock.h"

#include <utility>

namespace presisi {

FrameClock::FrameClock(std::atomic<bool>& drawn, std::function<bool()> live, QObject* parent)
    : QObject(parent), m_drawn(drawn), m_live(std::move(live)) {
    m_timer.setInterval(kFrameMs);
    connect(&m_timer, &QTimer::timeout, this, &FrameClock::tick);
}

void FrameClock::add(RecordBatch batch) {
    if (m_hasWaiting) {
        m_waiting.absorb(std::move(batch));
    } else {
        m_waiting = std::move(batch);
        m_hasWaiting = true;
    }
    if (!m_timer.isActive()) m_timer.start();
}

void FrameClock::tick() {
    ++m_frames;
    drawNow();
    m_drawn = true;
    if (!m_live()) m_timer.stop();
}

void FrameClock::drawNow() {
    if (!m_hasWaiting) return;
    const RecordBatch batch = std::exchange(m_waiting, RecordBatch{});
    m_hasWaiting = false;
    emit frame(batch);
}

void FrameClock::clear() {
    m_waiting = RecordBatch{};
    m_hasWaiting = false;
    m_drawn = true;
}

}  // namespace presisi
