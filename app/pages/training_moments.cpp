// TrainingPage's key moments: the caption when a run reaches one (and pauses there), N to the next one,
// the timeline's marks. The detector is engine/training/moments.h; the pause is RunController's.
#include "training_page.h"

#include "run_timeline.h"
#include "run_controller.h"
#include "training_page_common.h"

namespace presisi {

using namespace trainingpage;

QList<std::int64_t> TrainingPage::timelineMarks() const { return m_timeline->marks(); }

QString TrainingPage::momentText() const { return m_timeline->momentText(); }

void TrainingPage::setPauseAtMoments(bool on) {
    m_pauseAtMoments = on;
    m_controller->setPauseAtMoments(on && !m_momentStopsSuspended);
}

bool TrainingPage::pauseAtMoments() const { return m_pauseAtMoments; }

void TrainingPage::suspendMomentStops(bool suspended) {
    m_momentStopsSuspended = suspended;
    m_controller->setPauseAtMoments(m_pauseAtMoments && !suspended);
}

void TrainingPage::onMoment(const Moment& moment, bool paused) {
    updateTimeline();  // its marks
    // A run that goes through its moments (pace max, the option off) marks them and says nothing: the
    // caption is for a run that stops there, or for N.
    if (paused) showMoment(moment, paused);
    else emit momentReached(moment, false);
}

void TrainingPage::showMoment(const Moment& moment, bool paused) {
    const std::vector<Moment>& all = m_controller->moments();
    int index = -1;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].step == moment.step) index = static_cast<int>(i);  // the last one of its step
    m_timeline->showMoment(all, index, paused);
    emit momentReached(moment, paused);
}

void TrainingPage::nextMoment() {
    if (m_controller->busy()) {
        m_controller->runToNextMoment();  // stops at the next one it reaches
        return;
    }
    const RunState state = m_controller->state();
    const std::vector<Moment>& all = m_controller->moments();
    const bool held = state == RunState::Paused || state == RunState::Finished;
    if (held && !all.empty()) {
        // The next moment the run already holds after the step shown (a paused run looked back on, or
        // a second moment in the same step); a finished run starts over after its last.
        const std::int64_t shown = scrubStep() >= 0 ? scrubStep() : m_lastStep;
        const int next = m_timeline->nextMoment(all, shown, state == RunState::Finished);
        if (next >= 0) {
            const Moment m = all[static_cast<std::size_t>(next)];
            scrubTo(m.step);
            showMoment(m, false);
            return;
        }
    }
    if (state == RunState::Finished) return;  // a run without key moments: nothing to go to
    if (state == RunState::Paused && controlsDescribeTheRun()) {
        m_controller->runToNextMoment();
        return;
    }
    // Nothing to go on with: a fresh run of the controls' scenario, to its first moment.
    run();
    if (m_controller->busy()) m_controller->runToNextMoment();
}

}  // namespace presisi
