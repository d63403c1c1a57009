// MainWindow's exports: the current chart or the whole page as PNG/SVG, the page's data as CSV/JSON.
#include "main_window.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

#include "pages/page.h"
#include "widgets/chart_export.h"

namespace presisi {

bool MainWindow::exportChart(const QString& path) {
    QWidget* chart = currentPage()->currentChart();
    if (!chart) return false;
    if (path.endsWith(".svg", Qt::CaseInsensitive)) return exportSvg(chart, path, {}, currentPage()->caption());
    return exportPng(chart, path, {}, 2.0, currentPage()->caption());
}

bool MainWindow::exportPage(const QString& path) {
    if (path.endsWith(".svg", Qt::CaseInsensitive)) return exportSvg(centralWidget(), path, {}, currentPage()->caption());
    return exportPng(centralWidget(), path, {}, 2.0, currentPage()->caption());
}

void MainWindow::exportDialog(bool wholePage, const QString& suffix) {
    const QString filter = suffix == "svg" ? "SVG image (*.svg)" : "PNG image (*.png)";
    QString path = QFileDialog::getSaveFileName(this, wholePage ? "Export page" : "Export chart",
                                                m_lastExportDir + "/presisi." + suffix, filter);
    if (path.isEmpty()) return;
    if (!path.endsWith("." + suffix, Qt::CaseInsensitive)) path += "." + suffix;
    m_lastExportDir = QFileInfo(path).absolutePath();
    const bool ok = wholePage ? exportPage(path) : exportChart(path);
    if (ok) statusBar()->showMessage("wrote " + path, 4000);
    else QMessageBox::warning(this, "Export failed", "Could not write " + path);
}

void MainWindow::exportDataDialog(bool json) {
    const QString suffix = json ? "json" : "csv";
    QString path = QFileDialog::getSaveFileName(this, "Export data", m_lastExportDir + "/presisi." + suffix,
                                                json ? "JSON (*.json)" : "CSV (*.csv)");
    if (path.isEmpty()) return;
    if (!path.endsWith("." + suffix, Qt::CaseInsensitive)) path += "." + suffix;
    m_lastExportDir = QFileInfo(path).absolutePath();
    const bool ok = json ? currentPage()->exportJson(path) : currentPage()->exportCsv(path);
    if (ok) statusBar()->showMessage("wrote " + path, 4000);
    else QMessageBox::warning(this, "Export failed", "Nothing to export yet, or could not write " + path);
}

}  // namespace presisi
