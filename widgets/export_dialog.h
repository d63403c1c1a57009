// The one export dialog for charts and pages: format (PNG/SVG), size preset (1280x720, 1920x1080,
// 3840x2160, window size, custom), font scale, PNG pixel ratio, caption on/off and the file, with every
// choice and the folder remembered (QSettings) and a proposed name that says what the figure is.
#pragma once

#include <QDialog>
#include <QSize>
#include <QString>

#include "chart_export.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace presisi {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    // baseName: the proposed file name without suffix ("underflow-loss-step300"); windowSize: the
    // widget's size now (the "window size" preset); persistent: read and write QSettings.
    ExportDialog(const QString& baseName, QSize windowSize, bool persistent, QWidget* parent = nullptr);

    enum Preset { Hd = 0, FullHd = 1, Uhd = 2, WindowSize = 3, Custom = 4 };
    void setFormat(const QString& suffix);  // "png" or "svg"
    QString format() const;
    void setPreset(int preset);
    void setCustomSize(QSize size);
    void setFontScale(double scale);
    void setPixelRatio(double dpr);
    void setCaptionShown(bool on);
    void setFolder(const QString& folder);  // keeps the proposed file name
    QSize figureSize() const;
    QString path() const;
    // The export's options, the caption kept when the caption box is ticked.
    ExportOptions options(const QString& caption) const;
    // Writes the choices and the file's folder to QSettings (when persistent); called on accept.
    void remember() const;

    // The folder exports start in: the last one used (QSettings), else the user's Pictures, else home;
    // never the filesystem root.
    static QString exportFolder(bool persistent);
    static void rememberFolder(const QString& folder, bool persistent);
    // The default font scale: 1920x1080 at 2 reads from the back of a room (text about 2.5% of the height).
    static constexpr double kDefaultFontScale = 2.0;

    void accept() override;

private:
    void updateControls();
    void browse();

    QString m_baseName;
    QSize m_windowSize;
    bool m_persistent;
    QComboBox* m_format = nullptr;
    QComboBox* m_preset = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QDoubleSpinBox* m_fontScale = nullptr;
    QComboBox* m_dpr = nullptr;
    QCheckBox* m_caption = nullptr;
    QLineEdit* m_path = nullptr;
    QLabel* m_pixels = nullptr;
};

}  // namespace presisi
