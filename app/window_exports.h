// WindowExports: the window's exports — File > Export chart…, Export page… through the export dialog
// (size, font scale, pixel ratio, caption, remembered folder, a name that says what it is), the current
// chart's data and the page's data as CSV/JSON — and the figure exports the tests and --screenshot call.
#pragma once

#include <QObject>
#include <QString>

class QMenu;

namespace presisi {

class MainWindow;
struct ExportOptions;

class WindowExports : public QObject {
    Q_OBJECT
public:
    // persistent: the export folder is read from and remembered in QSettings.
    WindowExports(MainWindow& window, bool persistent);

    void addActions(QMenu* file);  // File > Export chart…, page…, chart data, page data as CSV or JSON

    // The current page's chart or the page itself: false on failure.
    bool exportChart(const QString& path);  // .png (2x DPR) or .svg by suffix
    bool exportPage(const QString& path);
    // The same at a chosen size, font scale and pixel ratio (the export dialog's choices).
    bool exportChart(const QString& path, const ExportOptions& options);
    bool exportPage(const QString& path, const ExportOptions& options);

private:
    void exportDialog(bool wholePage);
    void exportDataDialog(bool json);
    void exportChartDataDialog();
    // Says why an export of `path` failed (the path, a full disk), or `nothingYet` when neither explains it.
    void exportFailed(const QString& path, const QString& nothingYet);

    MainWindow& m_window;
    bool m_persistent;
    QString m_lastExportDir;  // this session's last export folder
};

}  // namespace presisi
