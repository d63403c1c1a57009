// TrainingPage's key moments: the caption when a run reaches one (and pauses there), N to the next one,
// the timeline's marks. The detector is engine/training/moments.h; the pause is RunController's.
#include "training_page.h"

#include <QLabel>

#include "moment_timeline.h"
#include "run_controller.h"
#include "training_page_common.h"

namespace presisi {

using namespace trainingpage;

QList<std::int64_t> TrainingPage::timelineMarks() const { return m_momentTimeline->marks(); }

QString TrainingPage::momentText() const { return m_momentCaption->isHidden() ? QString() : m_momentCaption->text(); }

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
    QList<std::int64_t> marks;
    for (const Moment& m : m_controller->moments()) marks << m.step;
    m_momentTimeline->setMarks(marks);
    // A run that goes through its moments (pace max, the option off) marks them and says nothing: the
    // caption is for a run that stops there, or for N.
    if (paused) showMoment(moment, paused);
    else emit momentReached(moment, false);
}

void TrainingPage::showMoment(const Moment& moment, bool paused) {
    const std::vector<Moment>& all = m_controller->moments();
    m_momentIndex = -1;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].step == moment.step) m_momentIndex = static_cast<int>(i);  // the last one of its step
    m_momentPaused = paused;
    updateMomentCaption();
    emit momentReached(moment, paused);
}

void TrainingPage::updateMomentCaption() {
    const std::vector<Moment>& all = m_controller->moments();
    if (m_momentIndex < 0 || m_momentIndex >= static_cast<int>(all.size())) {
        m_momentCaption->hide();
        return;
    }
    // Every moment of that step (two lanes may meet theirs in the same step).
    const std::int64_t step = all[static_cast<std::size_t>(m_momentIndex)].step;
    QStringList lines;
    for (const Moment& m : all)
        if (m.step == step) lines << momentCaption(m).toHtmlEscaped();
    QString html = QStringLiteral("<b>%1</b> ").arg(tr("Key moment.")) + lines.join(QStringLiteral("<br>"));
    if (m_momentPaused)
        html += QStringLiteral("<br><i>%1</i>").arg(tr("Paused here: Space goes on, N runs to the next key moment."));
    m_momentCaption->setText(html);
    m_momentCaption->show();
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
        const std::int64_t shown = m_scrubStep >= 0 ? m_scrubStep : m_lastStep;
        int next = -1;
        if (m_momentIndex >= 0 && m_momentIndex + 1 < static_cast<int>(all.size()) &&
            all[static_cast<std::size_t>(m_momentIndex)].step == shown)
            next = m_momentIndex + 1;
        else
            for (std::size_t i = 0; i < all.size() && next < 0; ++i)
                if (all[i].step > shown) next = static_cast<int>(i);
        if (next < 0 && state == RunState::Finished) next = 0;
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
