// TrainingSession: the Training lab's run as a person drives it — Play/Pause, Step, Reset, N to the next
// key moment, a preset or an experiment loaded into the controls — over the run controller it owns.
// The page shows what it says (TrainingPage), the views what the controller reports (RunView).
#pragma once

#include <QObject>
#include <QString>

#include "engine/training/scenario.h"

namespace presisi {

class RunController;
class RunTimeline;
class RunView;
class TrainingForm;

class TrainingSession : public QObject {
    Q_OBJECT
public:
    TrainingSession(TrainingForm* form, RunView* view, RunTimeline* timeline, QObject* parent = nullptr);

    RunController* controller() const { return m_controller; }
    // A rebuilt window's session: the controllers change places (this one runs `old`'s run; `old`, about
    // to close, keeps this one's idle controller), the loaded preset and the key-moment settings go along.
    void adopt(TrainingSession& old);

    // A preset into the controls and the lanes (started when `start`); false and the reason in `error`
    // when it cannot be read.
    bool loadPreset(const QString& name, bool start, QString* error = nullptr);
    // A whole scenario (an experiment file, .npy data) checked, then into the controls, the run at step 0.
    // Its preset's name, when it has one, becomes the loaded preset (Reset to preset goes back to it).
    bool openScenario(const Scenario& scenario, QString* error = nullptr);
    QString preset() const { return m_preset; }  // empty when none is loaded

    void run();        // the controls' scenario from step 0
    void playPause();  // a live run stops; a held one goes on when the controls still describe it
    void stepOnce();
    void reset();      // back to step 0 with the controls' lanes
    // N: a live or paused run runs on to its next key moment and pauses there; a finished run (or a
    // paused one looked back on) moves the timeline to the next moment it holds.
    void nextMoment();
    void setPauseAtMoments(bool on);
    bool pauseAtMoments() const { return m_pauseAtMoments; }
    void suspendMomentStops(bool suspended);  // while the guided tour runs presets to what they explain
    // Whether the controls describe the held run's setup (Play and N go on with it, else start anew).
    bool controlsDescribeTheRun() const;

signals:
    void failed(const QString& message);  // the controls' scenario cannot run (empty: a start clears it)
    void loaded();                        // a preset or scenario is in the controls and the lanes
    void statusChanged();

private:
    TrainingForm* m_form;
    RunView* m_view;
    RunTimeline* m_timeline;
    RunController* m_controller;
    QString m_preset;
    bool m_pauseAtMoments = true;         // View > Pause at key moments
    bool m_momentStopsSuspended = false;  // the guided tour is open
};

}  // namespace presisi
