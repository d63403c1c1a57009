// The main window: the pages in a stack switched by tabs, the explanation panel and the status bar; its
// menus (WindowMenus), exports (WindowExports), a chart shown alone (ChartAlone), saved settings
// (WindowSettings), experiment files and presentation mode are classes of their own that it holds.
#pragma once

#include <QList>
#include <QMainWindow>
#include <QString>
#include <QStringList>

#include <chrono>
#include <cstdint>
#include <memory>

#include "engine/training/scenario.h"

class QLabel;
class QStackedWidget;
class QTabBar;
class QTextBrowser;

namespace presisi {

class Page;
class LinearPage;
class TrainingPage;
class FormatsPage;
class SpeedPage;
class ConvergencePage;
class ChartAlone;
class GuidedTour;
class PresentationMode;
class RunController;
class ExperimentFiles;
class WindowExports;
class WindowMenus;
enum class RunState;
struct ExportOptions;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum PageIndex { LinearIndex = 0, TrainingIndex = 1, FormatsIndex = 2, SpeedIndex = 3, ConvergenceIndex = 4 };
    // The longest the GUI thread waits for a run's current step to end (opening a file, quitting).
    static constexpr std::chrono::milliseconds kStopWait{5000};

    // persistent: read and write QSettings (off for --screenshot and tests, so they are reproducible).
    explicit MainWindow(bool persistent = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    void setPage(int index);
    int page() const;
    Page* currentPage() const;
    LinearPage* linearPage() const { return m_linear; }
    TrainingPage* trainingPage() const { return m_training; }
    FormatsPage* formatsPage() const { return m_formats; }
    SpeedPage* speedPage() const { return m_speedPage; }
    ConvergencePage* convergencePage() const { return m_convergence; }
    RunController* controller() const;
    // Loads a preset by name into the Training lab and starts it; false when unknown.
    bool loadPreset(const QString& name, bool start = true);
    // Experiment files: open, save, recent, reset to preset, load data (app/experiment_files.h).
    ExperimentFiles* experiments() const { return m_experiments; }
    // Chart, page and data exports (app/window_exports.h).
    WindowExports* exports() const { return m_exports; }
    // A problem in the status bar, and in a message box where a person can see one (not off-screen).
    void showProblem(const QString& title, const QString& message);
    void setDarkTheme(bool dark);
    // Text size for a room: 1x to 2x of every font, charts included (Ctrl+= / Ctrl+- / Ctrl+0).
    void setTextScale(double scale);
    // Shows one chart alone in the window (double-click on it): it moves into a page of its own that
    // fills the window's central area, its text larger for the back row; Esc or a second double-click
    // returns it to its place, text as before (app/chart_alone.h).
    void showChartAlone(QWidget* chart);
    void showAllCharts();
    QWidget* chartAlone() const;
    // The explanation panel beside the pages (View > Explanation panel; presentation mode shows it as a
    // caption instead). It folds by itself when the window becomes narrower than kWideWindow (a
    // 1024x768 projector: the charts need the width) and opens when it becomes wider again.
    void setExplanationShown(bool shown);
    bool explanationShown() const { return m_explanationShown; }
    static constexpr int kWideWindow = 1100;
    // View > Presentation mode (F5).
    PresentationMode* presentation() const { return m_presentation; }
    // The keyboard shortcuts, as Help shows them (app/window_menus.cpp).
    static QString shortcutsHtml();
    // The devices this build and machine have, for the status bar and Help > About.
    static QString deviceText();
    QLabel* statusStateLabel() const { return m_state; }
    GuidedTour* openGuidedTour();  // Help > Guided tour, from its first step (app/tour/guided_tour.cpp)

    // The current chart or page as a figure, for tests and --screenshot (WindowExports): false on failure.
    bool exportChart(const QString& path);  // .png (2x DPR) or .svg by suffix
    bool exportPage(const QString& path);
    // The same at a chosen size, font scale and pixel ratio (the export dialog's choices).
    bool exportChart(const QString& path, const ExportOptions& options);
    bool exportPage(const QString& path, const ExportOptions& options);

    // The window rebuilt in another language takes over `old` (still open): every page's state and the
    // Training lab's run controller, the theme.
    void takeOver(MainWindow& old);

signals:
    // View > Language chose another language ("en" or "id"); the WindowHost rebuilds the window in it.
    void languageChangeRequested(const QString& code);

protected:
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    QList<Page*> pages() const;  // in PageIndex order
    void updateExplanation();
    void fitExplanationWidth();  // the explanation panel's width bounds, by the text scale and the window
    void updateStatus();
    void connectController(RunController* rc);  // state, failures and holds reach this window
    void onStateChanged(RunState state);
    void onRunFailed(const QString& message);

    bool m_persistent;
    bool m_shownOnce = false;  // showEvent's first time
    QTabBar* m_tabs = nullptr;
    QStackedWidget* m_stack = nullptr;
    QTextBrowser* m_explanation = nullptr;
    LinearPage* m_linear = nullptr;
    TrainingPage* m_training = nullptr;
    FormatsPage* m_formats = nullptr;
    SpeedPage* m_speedPage = nullptr;
    ConvergencePage* m_convergence = nullptr;
    ChartAlone* m_alone = nullptr;  // the chart shown alone and its page in the stack
    bool m_explanationShown = true;
    bool m_wideWindow = true;  // at least kWideWindow wide, when last resized
    QLabel* m_caption = nullptr;  // presentation mode's explanation strip
    PresentationMode* m_presentation = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_speed = nullptr;
    QLabel* m_device = nullptr;
    ExperimentFiles* m_experiments = nullptr;  // File > Open/Save experiment, recent, reset, load data
    WindowExports* m_exports = nullptr;        // File > Export …
    WindowMenus* m_menus = nullptr;            // the menu bar
};

}  // namespace presisi
