// WindowExports: figures through the export dialog, data through a file dialog, and why a write failed.
#include "window_exports.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStorageInfo>
#include <QStatusBar>
#include <QTemporaryDir>

#include "main_window.h"
#include "pages/page.h"
#include "services/atomic_file.h"
#include "widgets/chart_export.h"
#include "widgets/export_dialog.h"
#include "widgets/text_scale.h"

namespace presisi {

namespace {

// The window's own look at its own size: what the earlier fixed exports gave (2x, text as shown).
ExportOptions asShown(const QString& caption) { return ExportOptions{{}, 2.0, uiScale(), caption}; }

bool exportWidget(QWidget* widget, const QString& path, const ExportOptions& options, QString* error = nullptr) {
    if (!widget) return false;
    if (path.endsWith(".svg", Qt::CaseInsensitive)) return exportSvg(widget, path, options, error);
    return exportPng(widget, path, options, error);
}

// Why writing `path` failed, when the writer did not say: the path itself (a directory, no
// permission, no such folder) or a full disk; empty when neither explains it.
QString writeProblem(const QString& path) {
    if (const std::string why = services::outputPathProblem(QFile::encodeName(path).toStdString()); !why.empty())
        return QString::fromStdString(why);
    const QStorageInfo disk(QFileInfo(path).absolutePath());
    if (disk.isValid() && disk.bytesAvailable() == 0) return QObject::tr("No space left on device");
    return {};
}

}  // namespace

WindowExports::WindowExports(MainWindow& window, bool persistent)
    : QObject(&window), m_window(window), m_persistent(persistent) {}

void WindowExports::addActions(QMenu* file) {
    file->addAction(tr("Export &chart…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] { exportDialog(false); });
    file->addAction(tr("Export &page…"), this, [this] { exportDialog(true); });
    file->addAction(tr("Export chart d&ata (CSV or JSON)…"), this, [this] { exportChartDataDialog(); });
    file->addSeparator();
    file->addAction(tr("Export page data as CS&V…"), this, [this] { exportDataDialog(false); });
    file->addAction(tr("Export page data as &JSON…"), this, [this] { exportDataDialog(true); });
}

bool WindowExports::exportChart(const QString& path) {
    return exportChart(path, asShown(m_window.currentPage()->caption()));
}

bool WindowExports::exportPage(const QString& path) {
    return exportPage(path, asShown(m_window.currentPage()->caption()));
}

bool WindowExports::exportChart(const QString& path, const ExportOptions& options) {
    return exportWidget(m_window.currentPage()->currentChart(), path, options);
}

bool WindowExports::exportPage(const QString& path, const ExportOptions& options) {
    return exportWidget(m_window.currentPage(), path, options);
}

void WindowExports::exportDialog(bool wholePage) {
    Page* page = m_window.currentPage();
    QWidget* target = wholePage ? static_cast<QWidget*>(page) : page->currentChart();
    if (!target) {
        m_window.statusBar()->showMessage(tr("This page has no chart to export"), 4000);
        return;
    }
    ExportDialog dialog(page->exportName(wholePage ? nullptr : target), target->size(), m_persistent, &m_window);
    dialog.setWindowTitle(wholePage ? tr("Export page") : tr("Export chart"));
    if (!m_lastExportDir.isEmpty()) dialog.setFolder(m_lastExportDir);  // this session's last folder
    if (dialog.exec() != QDialog::Accepted) return;
    const QString path = dialog.path();
    m_lastExportDir = QFileInfo(path).absolutePath();
    QString why;
    const bool ok = exportWidget(target, path, dialog.options(page->caption()), &why);
    if (ok) m_window.statusBar()->showMessage(tr("wrote %1").arg(path), 4000);
    else QMessageBox::warning(&m_window, tr("Export failed"), tr("Could not write %1: %2").arg(path, why));
}

void WindowExports::exportChartDataDialog() {
    Page* page = m_window.currentPage();
    QWidget* chart = page->currentChart();
    if (!chart) {
        m_window.statusBar()->showMessage(tr("This page has no chart to export"), 4000);
        return;
    }
    const QString folder = m_lastExportDir.isEmpty() ? ExportDialog::exportFolder(m_persistent) : m_lastExportDir;
    // The data and its name are taken together, now: a run going on while the dialog is open must not
    // write steps 0-112 into "underflow-loss-step51.csv".
    const ChartData data = page->chartData(chart);
    const QString name = page->exportName(chart);
    QString path = QFileDialog::getSaveFileName(&m_window, tr("Export chart data"),
                                                QDir(folder).filePath(name + ".csv"), tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(".csv", Qt::CaseInsensitive) && !path.endsWith(".json", Qt::CaseInsensitive)) path += ".csv";
    m_lastExportDir = QFileInfo(path).absolutePath();
    ExportDialog::rememberFolder(m_lastExportDir, m_persistent);
    if (data.empty()) {
        QMessageBox::warning(&m_window, tr("Export failed"), tr("The chart has no data yet: run something first."));
        return;
    }
    if (Page::writeChartData(data, path)) m_window.statusBar()->showMessage(tr("wrote %1").arg(path), 4000);
    else exportFailed(path, QString());
}

void WindowExports::exportDataDialog(bool json) {
    Page* page = m_window.currentPage();
    const QString suffix = json ? "json" : "csv";
    const QString folder = m_lastExportDir.isEmpty() ? ExportDialog::exportFolder(m_persistent) : m_lastExportDir;
    // The page's data is written now, with the name that describes it; the dialog only chooses where it
    // goes (a run going on meanwhile does not change what the proposed name says).
    QTemporaryDir scratch;
    const QString taken = scratch.filePath("page." + suffix);
    if (!scratch.isValid() || !(json ? page->exportJson(taken) : page->exportCsv(taken))) {
        m_window.showProblem(tr("Export failed"), tr("This page has nothing to export yet: run something first."));
        return;
    }
    QString path = QFileDialog::getSaveFileName(&m_window, tr("Export page data"),
                                                QDir(folder).filePath(page->exportName(nullptr) + "." + suffix),
                                                json ? tr("JSON (*.json)") : tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (!path.endsWith("." + suffix, Qt::CaseInsensitive)) path += "." + suffix;
    m_lastExportDir = QFileInfo(path).absolutePath();
    ExportDialog::rememberFolder(m_lastExportDir, m_persistent);
    QFile file(taken);
    const bool ok = file.open(QIODevice::ReadOnly) && writeFileWhole(path, file.readAll());
    if (ok) m_window.statusBar()->showMessage(tr("wrote %1").arg(path), 4000);
    else exportFailed(path, QString());
}

void WindowExports::exportFailed(const QString& path, const QString& nothingYet) {
    // The writers say only "false": the path and the disk say why; where neither does, the page had
    // nothing to write.
    const QString why = writeProblem(path);
    const QString text = !why.isEmpty() ? tr("Could not write %1: %2").arg(path, why)
                         : !nothingYet.isEmpty() ? nothingYet
                                                 : tr("Could not write %1").arg(path);
    m_window.showProblem(tr("Export failed"), text);
}

}  // namespace presisi
