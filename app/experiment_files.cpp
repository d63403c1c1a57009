// ExperimentFiles: File > Open experiment…, Save experiment…, Open recent, Reset to preset and Load
// data… (the .presisi.json format of docs/EXPERIMENT_FILES.md, read and written by
// app/services/scenario_file.h; .npy data checked by the command line's own checks).
#include "experiment_files.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>

#include "engine/byte_size.h"
#include "engine/training/npy.h"
#include "engine_worker.h"
#include "main_window.h"
#include "pages/presets.h"
#include "pages/training_page.h"
#include "run_controller.h"
#include "services/scenario_file.h"
#include "services/training_data.h"
#include "widgets/chart_data.h"

namespace presisi {

namespace {

constexpr int kMaxRecent = 8;
const char* const kRecentKey = "experiments/recent";
const char* const kDirKey = "experiments/dir";
const char* const kSuffix = ".presisi.json";

}  // namespace

ExperimentFiles::ExperimentFiles(MainWindow& window, bool persistent)
    : QObject(&window), m_window(window), m_persistent(persistent) {
    if (m_persistent) m_recent = QSettings().value(kRecentKey).toStringList().mid(0, kMaxRecent);
}

ExperimentFiles::~ExperimentFiles() = default;

TrainingPage* ExperimentFiles::training() const { return m_window.trainingPage(); }

void ExperimentFiles::addActions(QMenu* file) {
    QAction* openAction = file->addAction(tr("&Open experiment…"), QKeySequence::Open, this, [this] {
        const QString dir = m_persistent ? QSettings().value(kDirKey).toString() : QString();
        const QString path = QFileDialog::getOpenFileName(
            &m_window, tr("Open experiment"), dir, tr("Presisi experiments (*.presisi.json);;JSON files (*.json);;All files (*)"));
        if (!path.isEmpty()) openInBackground(path);
    });
    openAction->setToolTip(tr("Load a saved experiment or a results file (.presisi.json, or a JSON export of a run): "
                        "every setting of the Training lab, ready to play"));
    QAction* saveAction = file->addAction(tr("&Save experiment…"), QKeySequence::Save, this, [this] {
        const QString dir = m_persistent ? QSettings().value(kDirKey).toString() : QString();
        QString path = QFileDialog::getSaveFileName(&m_window, tr("Save experiment"), proposedPath(dir, training()->loadedPreset()),
                                                    tr("Presisi experiments (*.presisi.json)"));
        if (path.isEmpty()) return;
        if (!path.endsWith(".json", Qt::CaseInsensitive)) path += kSuffix;
        save(path);
    });
    saveAction->setToolTip(tr("Save the Training lab's settings (model, data, optimizer, lanes, seed, policy, scaler, pace) "
                        "as an experiment file; `presisi train --scenario FILE` runs the same"));
    m_recentMenu = file->addMenu(tr("Open &recent"));
    m_recentMenu->setToolTipsVisible(true);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &ExperimentFiles::fillRecentMenu);
    fillRecentMenu();
    m_resetPresetAction = file->addAction(tr("Rese&t to preset"), this, [this] { resetToPreset(); });
    m_resetPresetAction->setToolTip(tr("Back to the loaded preset's own settings (undoes your changes to the controls)"));
    QAction* data = file->addAction(tr("Load &data…"), this, [this] {
        const QString dir = m_persistent ? QSettings().value(kDirKey).toString() : QString();
        const QString filter = tr("NumPy arrays (*.npy)");
        const QString x = QFileDialog::getOpenFileName(&m_window, tr("Load data: inputs X (float32, N rows)"), dir, filter);
        if (x.isEmpty()) return;
        const QString y = QFileDialog::getOpenFileName(
            &m_window, tr("Load data: targets Y (integer labels or float32, N rows)"), QFileInfo(x).absolutePath(), filter);
        if (!y.isEmpty()) loadDataInBackground(x, y);
    });
    data->setToolTip(tr("Train on your own data: X and Y as .npy files, checked as `presisi train --data X --targets Y` "
                        "checks them; the model's input and output widths and its loss follow the data"));
    file->addSeparator();
    connect(file, &QMenu::aboutToShow, this,
            [this] { m_resetPresetAction->setEnabled(!training()->loadedPreset().isEmpty()); });
    for (QAction* a : {openAction, saveAction, m_resetPresetAction, data}) a->setStatusTip(a->toolTip());
    file->setToolTipsVisible(true);
}

QString ExperimentFiles::proposedPath(const QString& dir, const QString& preset) {
    // The preset's name comes from a file: only its safe characters name the proposal, so a name such
    // as "../../elsewhere/x" cannot send the dialog to another folder.
    const QString slug = fileSlug(preset);
    return QDir(dir).filePath((slug.isEmpty() ? QStringLiteral("experiment") : slug) + kSuffix);
}

void ExperimentFiles::fillRecentMenu() {
    if (!m_recentMenu) return;  // before addActions
    m_recentMenu->clear();
    // Files deleted or moved since are dropped, and the status bar says so.
    QStringList kept, gone;
    for (const QString& p : std::as_const(m_recent)) (QFileInfo::exists(p) ? kept : gone) << p;
    if (!gone.isEmpty()) {
        m_recent = kept;
        if (m_persistent) QSettings().setValue(kRecentKey, m_recent);
        QStringList names;
        for (const QString& p : gone) names << QFileInfo(p).fileName();
        m_window.statusBar()->showMessage(tr("Removed from the recent experiments (no longer there): %1").arg(names.join(", ")), 6000);
    }
    for (int i = 0; i < m_recent.size(); ++i) {
        const QString path = m_recent[i];
        QAction* a = m_recentMenu->addAction(QString("&%1  %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        a->setToolTip(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { openInBackground(path); });
    }
    if (m_recent.isEmpty()) m_recentMenu->addAction(tr("(none yet)"))->setEnabled(false);
}

void ExperimentFiles::remember(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_recent.removeAll(absolute);
    m_recent.prepend(absolute);
    while (m_recent.size() > kMaxRecent) m_recent.removeLast();
    if (m_persistent) {
        QSettings s;
        s.setValue(kRecentKey, m_recent);
        s.setValue(kDirKey, QFileInfo(absolute).absolutePath());
    }
    fillRecentMenu();
}

void ExperimentFiles::openInBackground(const QString& path) {
    // Read on the engine worker, never on the GUI thread (a slow disk, a large results file); the
    // reader refuses FIFOs, devices and files over its limit at once (services::readExperimentFile).
    if (!m_files) m_files = std::make_unique<EngineChannel>(JobKind::Files);
    m_window.statusBar()->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
    // Only the latest request counts: a newer one (or open()) drops an older read's answer.
    m_pending = true;
    m_files->submit(
        this, [path](JobContext&) { return std::make_shared<Read>(read(path)); },
        [this, path](const std::shared_ptr<Read>& read) {
            m_pending = false;
            emit opened(path, apply(path, *read));
        },
        [this](const QString& message) {
            m_pending = false;
            m_window.showProblem(tr("Cannot open the experiment"), message);
        });
}

ExperimentFiles::Read ExperimentFiles::read(const QString& path) {
    Read r;
    try {
        r.scenario = services::readExperimentFile(path.toStdString());
        r.ok = true;
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
    }
    return r;
}

bool ExperimentFiles::open(const QString& path) {
    m_pending = false;
    if (m_files) m_files->cancel();  // a read still on its way in the background is superseded
    return apply(path, read(path));
}

bool ExperimentFiles::apply(const QString& path, const Read& read) {
    if (!read.ok) {
        m_window.showProblem(tr("Cannot open the experiment"), read.error);
        return false;
    }
    Scenario s = read.scenario;
    // The preset's title and explanation, for the panel, when the file names a preset without them.
    if (!s.preset.empty() && s.explanation.empty()) {
        try {
            const Scenario preset = loadPresetScenario(QString::fromStdString(s.preset));
            s.title = preset.title;
            s.explanation = preset.explanation;
        } catch (const std::exception&) {
            // A preset this build does not have: the file's settings are what counts.
        }
    }
    // A run in progress stops at its next step before the new scenario takes the controls.
    if (!stopRun()) return false;
    QString error;
    if (!training()->openScenario(s, &error)) {
        m_window.showProblem(tr("Cannot open the experiment"), QString("%1: %2").arg(path, error));
        return false;
    }
    emit loaded();
    m_window.setWindowTitle(tr("%1 — Presisi").arg(QFileInfo(path).fileName()));
    remember(path);
    m_window.statusBar()->showMessage(tr("Opened %1: press Play (Space) to run it").arg(QFileInfo(path).fileName()), 6000);
    return true;
}

bool ExperimentFiles::stopRun() {
    RunController* run = m_window.controller();
    run->stop();
    if (run->waitForIdle(MainWindow::kStopWait)) return true;
    m_window.showProblem(tr("The run is still stopping"),
                      tr("Its current step has not finished within %1 s; try again when the status bar says paused.")
                          .arg(MainWindow::kStopWait.count() / 1000));
    return false;
}

bool ExperimentFiles::save(const QString& path) {
    try {
        Scenario s = training()->scenarioFromControls();
        if (s.preset.empty()) s.preset = training()->loadedPreset().toStdString();
        services::writeExperimentFile(path.toStdString(), s);
    } catch (const std::exception& e) {
        m_window.showProblem(tr("Cannot save the experiment"), QString::fromUtf8(e.what()));
        return false;
    }
    m_window.setWindowTitle(tr("%1 — Presisi").arg(QFileInfo(path).fileName()));
    remember(path);
    m_window.statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 6000);
    return true;
}

bool ExperimentFiles::loadData(const QString& xPath, const QString& yPath) {
    m_pending = false;
    if (m_files) m_files->cancel();  // a read or check still on its way is superseded
    return applyData(xPath, yPath, checkData(training()->scenarioFromControls(), xPath, yPath));
}

void ExperimentFiles::loadDataInBackground(const QString& xPath, const QString& yPath) {
    if (!m_files) m_files = std::make_unique<EngineChannel>(JobKind::Files);
    m_window.statusBar()->showMessage(
        tr("Checking data %1 and %2… (Esc cancels)").arg(QFileInfo(xPath).fileName(), QFileInfo(yPath).fileName()));
    const Scenario controls = training()->scenarioFromControls();
    m_pending = true;
    m_files->submit(
        this,
        [this, controls, xPath, yPath](JobContext& context) {
            // The status line says how far the reading has come, once per whole percent; Esc stops the read
            // between two blocks.
            std::string shownPath;
            int shown = -1;
            const NpyProgress progress = [this, &context, &shownPath, &shown](const std::string& path, std::uint64_t done,
                                                                              std::uint64_t total) {
                const int percent = total ? static_cast<int>(100 * done / total) : 100;
                if (percent != shown || path != shownPath) {
                    shown = percent;
                    shownPath = path;
                    const QString name = QFileInfo(QString::fromStdString(path)).fileName();
                    const QString size = QString::fromStdString(formatBytes(static_cast<double>(total)));
                    context.post([this, name, size, percent] {
                        m_window.statusBar()->showMessage(
                            tr("Checking data: reading %1, %2% of %3… (Esc cancels)").arg(name).arg(percent).arg(size));
                    });
                }
                return !context.cancelled();
            };
            return std::make_shared<Read>(checkData(controls, xPath, yPath, progress));
        },
        [this, xPath, yPath](const std::shared_ptr<Read>& checked) {
            m_pending = false;
            emit dataLoaded(applyData(xPath, yPath, *checked));
        },
        [this](const QString& message) {
            m_pending = false;
            m_window.showProblem(tr("Cannot load the data"), message);
            emit dataLoaded(false);
        });
}

void ExperimentFiles::cancelBackground() {
    if (!m_pending) return;
    m_pending = false;
    if (m_files) m_files->cancel();
    m_window.statusBar()->showMessage(tr("Cancelled: nothing was loaded"), 5000);
}

ExperimentFiles::Read ExperimentFiles::checkData(Scenario s, const QString& xPath, const QString& yPath,
                                                 const NpyProgress& progress) {
    Read r;
    try {
        s.data.kind = DatasetKind::Npy;
        s.data.xPath = QFileInfo(xPath).absoluteFilePath().toStdString();
        s.data.yPath = QFileInfo(yPath).absoluteFilePath().toStdString();
        s.data.evalXPath.clear();
        s.data.evalYPath.clear();
        s.workload = Workload::Training;
        // The experiment is now about this data: a preset's name, title and story would describe other data.
        s.preset.clear();
        s.title = tr("Your data: %1 and %2").arg(QFileInfo(xPath).fileName(), QFileInfo(yPath).fileName()).toStdString();
        s.explanation.clear();
        s = services::fitModelToData(s);
        // A batch larger than the data becomes the full batch (the command line would refuse it).
        const NpyHeader x = readNpyHeader(s.data.xPath);
        if (!x.shape.empty() && s.batch > x.shape.front()) s.batch = 0;
        // What cannot fit is refused from the headers, before the data is read (as `presisi train` refuses it).
        services::checkTrainingMemory(s, services::kWindowMemoryAdvice);
        services::checkTrainingData(s, progress);
        r.scenario = std::move(s);
        r.ok = true;
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
    }
    return r;
}

bool ExperimentFiles::applyData(const QString& xPath, const QString& yPath, const Read& checked) {
    if (!checked.ok) {
        m_window.showProblem(tr("Cannot load the data"), checked.error);
        return false;
    }
    const Scenario& s = checked.scenario;
    if (!stopRun()) return false;
    QString error;
    if (!training()->openScenario(s, &error)) {
        m_window.showProblem(tr("Cannot load the data"), error);
        return false;
    }
    emit loaded();
    QStringList sizes;
    for (int w : s.sizes) sizes << QString::number(w);
    m_window.statusBar()->showMessage(tr("Data loaded: %1 and %2; model %3, loss %4")
                                 .arg(QFileInfo(xPath).fileName(), QFileInfo(yPath).fileName(), sizes.join("-"),
                                      QString::fromUtf8(lossName(s.loss).data())),
                             8000);
    return true;
}

bool ExperimentFiles::resetToPreset() {
    const QString preset = training()->loadedPreset();
    if (preset.isEmpty()) {
        m_window.showProblem(tr("Reset to preset"), tr("No preset is loaded: choose one in the Presets menu."));
        return false;
    }
    if (!stopRun()) return false;
    if (!m_window.loadPreset(preset, false)) return false;  // the title drops the experiment file's name
    m_window.statusBar()->showMessage(tr("Back to the settings of preset %1").arg(preset), 5000);
    return true;
}

}  // namespace presisi
