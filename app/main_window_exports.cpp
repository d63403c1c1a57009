// MainWindow's exports: the current chart or the page through the export dialog (size, font scale,
// pixel ratio, caption, remembered folder, a name that says what it is), the current chart's data and
// the page's data as CSV/JSON.
#include "main_window.h"

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

void MainWindow::addExportActions(QMenu* file) {
    file->addAction(tr("Export &chart…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] { exportDialog(false); });
    file->addAction(tr("Export &page…"), this, [this] { exportDialog(true); });
    file->addAction(tr("Export chart d&ata (CSV or JSON)…"), this, [this] { exportChartDataDialog(); });
    file->addSeparator();
    file->addAction(tr("Export page data as CS&V…"), this, [this] { exportDataDialog(false); });
    file->addAction(tr("Export page data as &JSON…"), this, [this] { exportDataDialog(true); });
}

bool MainWindow::exportChart(const QString& path) { return exportChart(path, asShown(currentPage()->caption())); }
bool MainWindow::exportPage(const QString& path) { return exportPage(path, asShown(currentPage()->caption())); }

bool MainWindow::exportChart(const QString& path, const ExportOptions& options) {
    return exportWidget(currentPage()->currentChart(), path, options);
}

bool MainWindow::exportPage(const QString& path, const ExportOptions& options) {
    return exportWidget(currentPage(), path, options);
}

void MainWindow::exportDialog(bool wholePage) {
    Page* page = currentPage();
    QWidget* target = wholePage ? static_cast<QWidget*>(page) : page->currentChart();
    if (!target) {
        statusBar()->showMessage(tr("This page has no chart to export"), 4000);
        return;
    }
    ExportDialog dialog(page->exportName(wholePage ? nullptr : target), target->size(), m_persistent, this);
    dialog.setWindowTitle(wholePage ? tr("Export page") : tr("Export chart"));
    if (!m_lastExportDir.isEmpty()) dialog.setFolder(m_lastExportDir);  // this session's last folder
    if (dialog.exec() != QDialog::Accepted) return;
    const QString path = dialog.path();
    m_lastExportDir = QFileInfo(path).absolutePath();
    QString why;
    const bool ok = exportWidget(target, path, dialog.options(page->caption()), &why);
    if (ok) statusBar()->showMessage(tr("wrote %1").arg(path), 4000);
    else QMessageBox::warning(this, tr("Export failed"), tr("Could not write %1: %2").arg(path, why));
}

void MainWindow::exportChartDataDialog() {
    Page* page = currentPage();
    QWidget* chart = page->currentChart();
    if (!chart) {
        statusBar()->showMessage(tr("This page has no chart to export"), 4000);
        return;
    }
    const QString folder = m_lastExportDir.isEmpty() ? ExportDialog::exportFolder(m_persistent) : m_lastExportDir;
    // The data and its name are taken together, now: a run going on while the dialog is open must not
    // write steps 0-112 into "underflow-loss-step51.csv".
    const ChartData data = page->chartData(chart);
    const QString name = page->exportName(chart);
    QString path = QFileDialog::getSaveFileName(this, tr("Export chart data"), QDir(folder).filePath(name + ".csv"),
                                                tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(".csv", Qt::CaseInsensitive) && !path.endsWith(".json", Qt::CaseInsensitive)) path += ".csv";
    m_lastExportDir = QFileInfo(path).absolutePath();
    ExportDialog::rememberFolder(m_lastExportDir, m_persistent);
    if (data.empty()) {
        QMessageBox::warning(this, tr("Export failed"), tr("The chart has no data yet: run something first."));
        return;
    }
    if (Page::writeChartData(data, path)) statusBar()->showMessage(tr("wrote %1").arg(path), 4000);
    else exportFailed(path, QString());
}

void MainWindow::exportDataDialog(bool json) {
    Page* page = currentPage();
    const QString suffix = json ? "json" : "csv";
    const QString folder = m_lastExportDir.isEmpty() ? ExportDialog::exportFolder(m_persistent) : m_lastExportDir;
    // The page's data is written now, with the name that describes it; the dialog only chooses where it
    // goes (a run going on meanwhile does not change what the proposed name says).
    QTemporaryDir scratch;
    const QString taken = scratch.filePath("page." + suffix);
    if (!scratch.isValid() || !(json ? page->exportJson(taken) : page->exportCsv(taken))) {
        showProblem(tr("Export failed"), tr("This page has nothing to export yet: run something first."));
        return;
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Export page data"),
                                                QDir(folder).filePath(page->exportName(nullptr) + "." + suffix),
                                                json ? tr("JSON (*.json)") : tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (!path.endsWith("." + suffix, Qt::CaseInsensitive)) path += "." + suffix;
    m_lastExportDir = QFileInfo(path).absolutePath();
    ExportDialog::rememberFolder(m_lastExportDir, m_persistent);
    QFile file(taken);
    const bool ok = file.open(QIODevice::ReadOnly) && writeFileWhole(path, file.readAll());
    if (ok) statusBar()->showMessage(tr("wrote %1").arg(path), 4000);
    else exportFailed(path, QString());
}

void MainWindow::exportFailed(const QString& path, const QString& nothingYet) {
    // The writers say only "false": the path and the disk say why; where neither does, the page had
    // nothing to write.
    const QString why = writeProblem(path);
    const QString text = !why.isEmpty() ? tr("Could not write %1: %2").arg(path, why)
                         : !nothingYet.isEmpty() ? nothingYet
                                                 : tr("Could not write %1").arg(path);
    showProblem(tr("Export failed"), text);
}

}  // namespace presisi
