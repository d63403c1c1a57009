// ExperimentFiles: the window's experiment files — File > Open experiment…, Save experiment…, Open
// recent, Reset to preset, Load data… — read on the engine worker, the recent list kept in QSettings.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

#include "engine/training/npy.h"
#include "engine/training/scenario.h"

class QAction;
class QMenu;

namespace presisi {

class EngineChannel;
class MainWindow;
class TrainingPage;

class ExperimentFiles : public QObject {
    Q_OBJECT
public:
    // persistent: the recent list and the last folder are read from and written to QSettings.
    ExperimentFiles(MainWindow& window, bool persistent);
    ~ExperimentFiles() override;  // a read still running is cancelled and waited for

    // File > Open/Save experiment, Open recent, Reset to preset, Load data.
    void addActions(QMenu* file);
    // Each returns false on failure, says why (a message box when the window is shown, the status bar
    // always) and leaves the window as it was.
    bool open(const QString& path);  // loads it, paused at step 0; a running run stops first
    // The same, reading the file on the engine worker (File > Open, Open recent); opened() follows.
    void openInBackground(const QString& path);
    bool save(const QString& path);  // the Training lab's scenario as an experiment file
    bool loadData(const QString& xPath, const QString& yPath);  // .npy data, checked as `presisi train --data`
    // The same, the files read and checked on the engine worker (File > Load data: a large file does not
    // freeze the window); dataLoaded() follows. A newer open or load supersedes it; Escape cancels it.
    void loadDataInBackground(const QString& xPath, const QString& yPath);
    void cancelBackground();  // a read or check on its way is dropped, and the status bar says so
    bool backgroundPending() const { return m_pending; }
    bool resetToPreset();                                       // the loaded preset's own settings again
    QStringList recent() const { return m_recent; }
    // Save experiment's proposal in `dir`: the preset's name made safe (no folders), or "experiment".
    static QString proposedPath(const QString& dir, const QString& preset);

signals:
    void opened(const QString& path, bool ok);  // openInBackground's outcome (false: refused, and said why)
    void loaded();                              // a scenario from a file or data is in the Training lab
    void dataLoaded(bool ok);                   // loadDataInBackground's outcome (false: refused, and said why)

private:
    struct Read {
        bool ok = false;
        Scenario scenario;
        QString error;
    };
    static Read read(const QString& path);  // any thread
    bool apply(const QString& path, const Read& read);
    // The data's scenario from the Training lab's (GUI thread): the files read and checked on any thread.
    // `progress`: told as the files' data is read (on the engine worker: the background load's status line).
    static Read checkData(Scenario controls, const QString& xPath, const QString& yPath, const NpyProgress& progress = {});
    bool applyData(const QString& xPath, const QString& yPath, const Read& checked);
    // Stops the run and waits for its step to end, at most MainWindow::kStopWait; false (and said so) if not.
    bool stopRun();
    void remember(const QString& path);
    void fillRecentMenu();
    TrainingPage* training() const;

    MainWindow& m_window;
    bool m_persistent;
    QMenu* m_recentMenu = nullptr;
    QAction* m_resetPresetAction = nullptr;
    QStringList m_recent;  // most recent first, at most 8 (QSettings "experiments/recent")
    bool m_pending = false;  // a read or check submitted and not answered
    std::unique_ptr<EngineChannel> m_files;  // last: a read still running goes first
};

}  // namespace presisi
