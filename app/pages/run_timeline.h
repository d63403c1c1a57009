// RunTimeline: the Training lab's timeline row — a slider over the run's steps with its key moments
// marked, the words beside it, and above it the caption of the key moment the run reached or was taken to.
// Looking back (dragging the handle, Home/End/arrows) is offered while the run is paused or finished.
#pragma once

#include <QWidget>
#include <cstdint>
#include <vector>

#include "engine/training/moments.h"

class QHBoxLayout;
class QLabel;
class QSlider;

namespace presisi {

class MomentTimeline;

class RunTimeline : public QWidget {
    Q_OBJECT
public:
    explicit RunTimeline(QWidget* parent = nullptr);

    void addLeading(QWidget* widget);  // left of the slider (the settings panel's toggle)
    QSlider* slider() const;
    QString text() const;  // the words beside the slider
    QList<std::int64_t> marks() const;

    // Steps 0 to `lastStep` held (`any`: the run has records), whether it runs (then the handle follows
    // the end and nothing is looked back at), the key moments reached so far.
    void showRun(std::int64_t lastStep, bool any, bool running, const std::vector<Moment>& moments);
    // The step looked back at: the handle goes there (without stepChosen); showRun words it.
    void setScrubStep(std::int64_t step);
    std::int64_t scrubStep() const { return m_scrubStep; }  // -1: not looking back

    // The caption of every moment of moments[index]'s step; `paused`: the run stopped there (it says
    // how to go on).
    void showMoment(const std::vector<Moment>& moments, int index, bool paused);
    void leaveMoment();  // the run goes on: the caption goes, its moment is forgotten
    QString momentText() const;  // empty when none is shown
    // The next moment `moments` holds after step `shown` (the one after the caption's, in the same step
    // first); from the first again after the last when `wrap`. -1: none.
    int nextMoment(const std::vector<Moment>& moments, std::int64_t shown, bool wrap) const;
    // A rebuilt window's timeline: the old one's handle, step looked back at and caption.
    void takeOver(const RunTimeline& old, const std::vector<Moment>& moments);

signals:
    void stepChosen(std::int64_t step);  // the person moved the handle

private:
    void markMoments(const std::vector<Moment>& moments);  // a tick above the groove at each one's step

    MomentTimeline* m_slider = nullptr;
    QHBoxLayout* m_row = nullptr;
    QLabel* m_label = nullptr;
    QLabel* m_caption = nullptr;
    std::int64_t m_scrubStep = -1;
    std::int64_t m_lastStep = -1;
    int m_momentIndex = -1;       // into the run's moments: the one the caption is about
    bool m_momentPaused = false;  // the run stopped at it
};

}  // namespace presisi
