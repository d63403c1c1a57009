// The Training lab's timeline: a QSlider that marks the run's key moments (engine/training/moments.h)
// with a tick above the groove at each moment's step, and the caption a moment gets in the window.
#pragma once

#include <QList>
#include <QSlider>
#include <QString>
#include <cstdint>

#include "engine/training/moments.h"

namespace presisi {

// "step 23: cpu:f16's weight gradients jumped from 2 % zeros (step 13) to 61 % …", in the window's language.
QString momentCaption(const Moment& moment);

class MomentTimeline : public QSlider {
    Q_OBJECT
public:
    explicit MomentTimeline(QWidget* parent = nullptr);
    // The steps to mark (any order; steps outside the slider's range are not drawn).
    void setMarks(const QList<std::int64_t>& steps);
    const QList<std::int64_t>& marks() const { return m_marks; }
    // The x of a step's mark in the widget (for tests and tooltips); -1 when outside the range.
    int markX(std::int64_t step) const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QList<std::int64_t> m_marks;
};

}  // namespace presisi
