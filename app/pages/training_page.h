// The Training lab page: scenario controls, the autocast policy table, per-lane decision boundaries
// and numbers, and live charts (loss, gradient underflow, loss scale, gradient-magnitude histogram).
#pragma once

#include <QList>
#include <map>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "engine/training/scenario.h"
#include "page.h"
#include "run_controller.h"

class QLabel;
class QTableWidget;
class QSlider;
class QToolButton;

namespace presisi {

class ChartDeck;
class DoctorPanel;
class GradientRangeView;
class HistogramChart;
class LiveChart;
class ScaleCastView;
class LaneBoard;
class RunTimeline;
class RunView;
class RunController;
class TrainingForm;
class TrainingSession;
struct RecordBatch;
struct RunInfo;
enum class RunState;

class TrainingPage : public Page {
    Q_OBJECT
public:
    explicit TrainingPage(QWidget* parent = nullptr);
    ~TrainingPage() override;

    QString title() const override { return tr("Training lab"); }
    QString explanation() const override;
    QString caption() const override;
    QList<QWidget*> charts() const override;
    bool exportCsv(const QString& path) const override;
    bool exportJson(const QString& path) const override;
    QString exportName(QWidget* chart) const override;  // app/pages/page_exports.cpp
    ChartData chartData(QWidget* chart) const override;  // the histogram: counts per bin
    void resetPage() override { resetRun(); }
    void rescale(double scale) override;
    QString statusText() const override;
    // The old page's run controller (its runner and records) becomes this page's, and its run is drawn
    // again from it: charts, tiles, histograms, ranges, the NaN doctor, the timeline.
    void takeOver(Page& previous) override;

    RunController* controller() const;
    int laneCount() const;

    bool loadPreset(const QString& name, bool start, QString* error = nullptr);
    // Loads a whole scenario (an experiment file, data from .npy files) as a preset is loaded, not started:
    // checked first (false, the reason in `error`), then the controls, the lanes and the run at step 0.
    // Its preset's name, when it has one, becomes the loaded preset (Reset to preset goes back to it).
    bool openScenario(const Scenario& scenario, QString* error = nullptr);
    QString loadedPreset() const;  // empty when none is loaded
    // Sets every control from the scenario (fields without a control are kept for the next run).
    void setScenario(const Scenario& scenario);
    // The scenario the controls describe (throws presisi::Error for a malformed field).
    Scenario scenarioFromControls() const;
    // Steps per second of the run (0: as fast as the machine goes); applies at once.
    void setPace(double stepsPerSecond);
    double pace() const;

    LiveChart* lossChart() const;
    LiveChart* underflowChart() const;
    LiveChart* scaleChart() const;
    LiveChart* castChart() const;  // the casts of the lanes of 8 bits and below (beside the scale chart)
    ScaleCastView* scaleCastView() const;  // the cell holding both, with the casts' statistic and operand
    HistogramChart* histogramChart() const;
    GradientRangeView* rangeView() const;
    DoctorPanel* doctorPanel() const { return m_doctor; }
    QTableWidget* policyTable() const;  // the autocast policy (in a folded section)
    int batchesReceived() const;
    std::int64_t lastStepShown() const;
    QString failureText() const;
    // Why the typed lanes cannot run (bad spec, duplicate, none); empty when they can.
    QString laneProblem() const;
    // Scrubbing (paused or finished): shows step `step`'s records in the tiles, its nearest kept
    // histogram, and a cursor on the charts. -1 from scrubStep(): not scrubbing.
    void scrubTo(std::int64_t step);
    std::int64_t scrubStep() const;
    QSlider* timeline() const;
    QString timelineText() const;  // the label beside it
    // The settings panel folded away (the button left of the timeline, presentation mode): the charts
    // take its width.
    void setPanelCollapsed(bool collapsed);
    bool panelCollapsed() const;
    // The charts' columns: two where each chart keeps a legible width, else one above the other.
    int chartColumns() const { return m_chartColumns; }
    // Key moments (engine/training/moments.h): the steps the timeline marks; the
    // caption of the moment the run paused at or N went to (empty: none shown, or the run went on);
    // whether a paced preset run pauses at each (on by default; the controller's setting).
    QList<std::int64_t> timelineMarks() const;
    QString momentText() const;
    void setPauseAtMoments(bool on);
    bool pauseAtMoments() const;
    // While the guided tour is open its steps run presets to what they explain: no stops at key
    // moments (the setting itself stays as View > Pause at key moments has it).
    void suspendMomentStops(bool suspended);

public slots:
    void run();        // start the controls' scenario from step 0
    void playPause();  // Space
    void stepOnce();
    void resetRun();   // Ctrl+R: back to step 0, charts cleared
    void showFailure(const QString& message);
    void restyle();    // re-applies lane colours (theme change)
    // N: a live or paused run runs on to its next key moment and pauses there; a finished run (or a
    // paused one looked back on) moves the timeline to the next moment it holds, from the first again
    // after the last.
    void nextMoment();

signals:
    void speedChanged(double stepsPerSecond);
    // A key moment was reached by the run (paused: it stopped there) or gone to with nextMoment().
    void momentReached(const presisi::Moment& moment, bool paused);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void connectController();  // the controller's signals to the views and this page
    void flowCharts();  // the charts in two columns or one, by the width they would get (see chartColumns)
    void onState(RunState state);

    TrainingSession* m_session = nullptr;  // the run commands and the controller

    TrainingForm* m_form = nullptr;      // the side panel's controls
    LaneBoard* m_board = nullptr;        // the lane tiles
    ChartDeck* m_deck = nullptr;         // the charts
    DoctorPanel* m_doctor = nullptr;
    RunTimeline* m_timeline = nullptr;   // the timeline row and the key moments' caption
    RunView* m_view = nullptr;           // the controller's reports to all of them
    QWidget* m_panel = nullptr;      // the side panel's scroll area
    QWidget* m_panelHost = nullptr;  // what it scrolls
    int m_chartColumns = 0;
    QToolButton* m_panelToggle = nullptr;
    QLabel* m_banner = nullptr;
};

}  // namespace presisi
