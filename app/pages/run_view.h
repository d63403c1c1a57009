// RunView: what the Training lab's run controller reports, drawn — record batches on the tiles
// (LaneBoard) and the charts (ChartDeck), findings in the NaN doctor, the run's extent and key moments on
// the timeline (RunTimeline), looking back at a step — and an adopted run drawn again after a language
// switch. The page builds the widgets and runs the controller; this is the way from one to the other.
#pragma once

#include <QObject>
#include <QStringList>
#include <cstdint>
#include <map>
#include <vector>

#include "boundary_snapshot.h"
#include "engine/training/moments.h"
#include "engine/training/record.h"
#include "engine/training/scenario.h"
#include "run_controller.h"  // its metatypes (Moment) before this header's signals

namespace presisi {

class ChartDeck;
class DoctorPanel;
class LaneBoard;
class RunTimeline;
class TrainingForm;

class RunView : public QObject {
    Q_OBJECT
public:
    struct Views {
        TrainingForm* form;  // the chart choices; the histogram layers follow the lanes
        LaneBoard* board;
        ChartDeck* deck;
        DoctorPanel* doctor;
        RunTimeline* timeline;
    };
    RunView(const Views& views, QObject* parent = nullptr);

    // The controller whose reports are drawn (a language switch hands the page another one).
    void follow(RunController* controller);

    // New lanes for `scenario`: tiles, series, the doctor's run, the timeline at "run or step first".
    void setLanes(const Scenario& scenario);
    const QStringList& laneLabels() const { return m_laneLabels; }
    int batches() const { return m_batches; }
    std::int64_t lastStep() const { return m_lastStep; }

    // Looking back (paused or finished): step `step`'s records on the tiles, what was kept nearest to it
    // on the thumbnails, histograms and ranges, a cursor on the charts.
    void scrubTo(std::int64_t step);
    void updateTimeline();
    // The caption of `moment` (every moment of its step); `paused`: the run stopped there.
    void showMoment(const Moment& moment, bool paused);

    // A rebuilt window: `old`'s run drawn again from the controller's record store, with what `old` kept
    // for looking back (histograms, boundaries, ranges), its findings and its timeline.
    void replay(const RunView& old);

signals:
    void statusChanged();
    void statusMessage(const QString& text);
    void speedChanged(double stepsPerSecond);
    void momentReached(const presisi::Moment& moment, bool paused);

private:
    void setLanes(const QStringList& labels, const Scenario& scenario);  // labels: the lanes', in its order
    void onRunStarted(const RunInfo& info);
    // A batch: the charts at once, tiles and boundaries every few frames of the controller's clock.
    void onRecords(const RecordBatch& batch);
    void onState(RunState state);
    void onMoment(const Moment& moment, bool paused);
    void showDiagnostics(const RecordBatch& batch);  // ranges, first inf/NaN, scaler warnings

    Views m_views;
    RunController* m_controller = nullptr;
    QStringList m_laneLabels;
    bool m_classification = true;
    bool m_summation = false;  // the accumulation workload: sums instead of a training run
    std::vector<FirstNonFinite> m_seenFaults;  // this run's, as they came (a rebuilt window shows them again)
    std::vector<ScalerWarning> m_seenWarnings;
    // What the tiles show next (every few frames; the charts draw every batch).
    std::int64_t m_tileFrame = -1;  // the controller's frame the tiles were last drawn at (-1: never)
    std::map<int, StepRecord> m_pendingTile;  // latest record per lane not yet shown on its tile
    std::vector<GradHistogram> m_pendingHistograms;
    BoundarySnapshot m_pendingBoundary;
    int m_batches = 0;
    std::int64_t m_lastStep = -1;
};

}  // namespace presisi
