// TrainingSession: the run commands of the Training lab, presets and scenarios into its controls.
#include "training_session.h"

#include <exception>

#include "presets.h"
#include "services/training_data.h"
#include "run_controller.h"
#include "run_timeline.h"
#include "run_view.h"
#include "training_form.h"
#include "training_page_common.h"

namespace presisi {

using namespace trainingpage;

TrainingSession::TrainingSession(TrainingForm* form, RunView* view, RunTimeline* timeline, QObject* parent)
    : QObject(parent), m_form(form), m_view(view), m_timeline(timeline), m_controller(new RunController(this)) {}

void TrainingSession::adopt(TrainingSession& old) {
    RunController* adopted = old.m_controller;
    RunController* spare = m_controller;
    adopted->setParent(this);
    spare->setParent(&old);
    m_controller = adopted;
    old.m_controller = spare;
    m_preset = old.m_preset;
    m_pauseAtMoments = old.m_pauseAtMoments;
    m_momentStopsSuspended = old.m_momentStopsSuspended;
}

bool TrainingSession::loadPreset(const QString& name, bool start, QString* error) {
    try {
        const Scenario s = loadPresetScenario(name);
        m_preset = name;
        m_form->setScenario(s);
        m_view->setLanes(s);
        emit loaded();  // the lane count of the loaded preset, before it runs
        if (start) run();
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

bool TrainingSession::openScenario(const Scenario& scenario, QString* error) {
    try {
        validate(scenario);
        m_preset = QString::fromStdString(scenario.preset);
        m_form->setScenario(scenario);
        const Scenario s = m_form->scenarioFromControls();
        m_controller->prepare(s);  // the old run ends (stopped by the caller), its records go
        m_controller->reset();
        m_view->setLanes(s);
        emit loaded();
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

bool TrainingSession::controlsDescribeTheRun() const {
    try {
        return sameSetup(m_form->scenarioFromControls(), m_controller->scenario());
    } catch (const std::exception&) {
        return false;  // a field that does not form a setup describes no run
    }
}

void TrainingSession::run() {
    emit failed({});
    try {
        Scenario s = m_form->scenarioFromControls();
        // A loaded preset's story does not go with a setup of one's own.
        if (s.preset.empty() && !m_preset.isEmpty() && s.title == m_form->base().title) {
            s.title.clear();
            s.explanation.clear();
        }
        validate(s);
        services::checkTrainingMemory(s, services::kWindowMemoryAdvice);
        m_controller->start(s);
    } catch (const std::exception& e) {
        emit failed(QString::fromUtf8(e.what()));
    }
}

void TrainingSession::playPause() {
    if (m_controller->busy()) {
        m_controller->stop();
        return;
    }
    const RunState st = m_controller->state();
    // Play goes on with the held run only when the controls describe its setup; any change that alters
    // what a lane computes (model, data, loss, optimizer, scaler, policy, products) starts again from
    // step 0 with the new one.
    if ((st == RunState::Paused || st == RunState::Finished) && controlsDescribeTheRun()) {
        m_controller->resume();
        return;
    }
    run();
}

void TrainingSession::stepOnce() {
    if (m_controller->busy()) return;
    if (!m_controller->hasRunner()) {
        try {
            Scenario s = m_form->scenarioFromControls();
            validate(s);
            services::checkTrainingMemory(s, services::kWindowMemoryAdvice);
            m_controller->prepare(s);
        } catch (const std::exception& e) {
            emit failed(QString::fromUtf8(e.what()));
            return;
        }
    }
    m_controller->stepOnce();
}

void TrainingSession::reset() {
    // Reset takes the lane set in the controls: tiles and charts follow it at once.
    try {
        const Scenario s = m_form->scenarioFromControls();
        if (!(s.lanes == m_controller->scenario().lanes)) {
            validate(s);
            m_controller->prepare(s);  // the reset then shows the controls' lanes
        }
    } catch (const std::exception&) {
        // A bad field keeps the old lanes; the field itself says what is wrong.
    }
    m_controller->reset();
    emit statusChanged();
}

void TrainingSession::setPauseAtMoments(bool on) {
    m_pauseAtMoments = on;
    m_controller->setPauseAtMoments(on && !m_momentStopsSuspended);
}

void TrainingSession::suspendMomentStops(bool suspended) {
    m_momentStopsSuspended = suspended;
    m_controller->setPauseAtMoments(m_pauseAtMoments && !suspended);
}

void TrainingSession::nextMoment() {
    if (m_controller->busy()) {
        m_controller->runToNextMoment();  // stops at the next one it reaches
        return;
    }
    const RunState state = m_controller->state();
    const std::vector<Moment>& all = m_controller->moments();
    if (state == RunState::Paused || state == RunState::Finished) {
        // The next moment the run already holds after the step shown (a paused run looked back on, or
        // a second moment in the same step); a finished run starts over after its last.
        const std::int64_t shown = m_timeline->scrubStep() >= 0 ? m_timeline->scrubStep() : m_view->lastStep();
        const int next = m_timeline->nextMoment(all, shown, state == RunState::Finished);
        if (next >= 0) {
            const Moment m = all[static_cast<std::size_t>(next)];
            m_view->scrubTo(m.step);
            m_view->showMoment(m, false);
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
