// ExportDialog: the controls, their tooltips, the settings they persist and the proposed file path.
#include "export_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <algorithm>

#include "text_bounds.h"

namespace presisi {

namespace {

constexpr QSize kPresetSizes[] = {{1280, 720}, {1920, 1080}, {3840, 2160}};

QString folderOrNull(const QString& dir) {
    if (dir.isEmpty() || QDir(dir).isRoot() || !QFileInfo(dir).isDir()) return {};
    return dir;
}

}  // namespace

QString ExportDialog::exportFolder(bool persistent) {
    if (persistent) {
        const QString saved = folderOrNull(QSettings().value("export/folder").toString());
        if (!saved.isEmpty()) return saved;
    }
    const QString pictures = folderOrNull(QStandardPaths::writableLocation(QStandardPaths::PicturesLocation));
    if (!pictures.isEmpty()) return pictures;
    const QString home = folderOrNull(QDir::homePath());
    return home.isEmpty() ? QDir::tempPath() : home;
}

void ExportDialog::rememberFolder(const QString& folder, bool persistent) {
    if (persistent && !folderOrNull(folder).isEmpty()) QSettings().setValue("export/folder", folder);
}

ExportDialog::ExportDialog(const QString& baseName, QSize windowSize, bool persistent, QWidget* parent)
    : QDialog(parent), m_baseName(baseName), m_windowSize(windowSize), m_persistent(persistent) {
    setWindowTitle(tr("Export"));
    auto* form = new QFormLayout();

    m_format = new QComboBox();
    m_format->addItem(tr("PNG image"), "png");
    m_format->addItem(tr("SVG drawing"), "svg");
    m_format->setToolTip(tr("PNG: a picture for slides and documents. SVG: a drawing that stays sharp at any "
                            "size and can be edited (Inkscape, Illustrator)."));
    form->addRow(tr("Format"), m_format);

    m_preset = new QComboBox();
    for (QSize s : kPresetSizes) m_preset->addItem(QString::fromUtf8("%1 × %2").arg(s.width()).arg(s.height()));
    m_preset->addItem(tr("Window size (%1 × %2)").arg(windowSize.width()).arg(windowSize.height()));
    m_preset->addItem(tr("Custom"));
    m_preset->setToolTip(tr("The figure's size in pixels, caption included: 1920 × 1080 fills a 16:9 slide; "
                            "3840 × 2160 for a 4K projector; window size keeps the chart as it looks now."));
    form->addRow(tr("Size"), m_preset);

    auto* custom = new QHBoxLayout();
    m_width = new QSpinBox();
    m_height = new QSpinBox();
    for (QSpinBox* b : {m_width, m_height}) {
        b->setRange(200, 8000);
        b->setSuffix(" px");
        custom->addWidget(b);
    }
    m_width->setValue(1600);
    m_height->setValue(900);
    m_width->setToolTip(tr("Width of a custom figure in pixels."));
    m_height->setToolTip(tr("Height of a custom figure in pixels."));
    custom->insertWidget(1, new QLabel(QString::fromUtf8("×")));
    form->addRow(tr("Custom size"), custom);

    m_fontScale = new QDoubleSpinBox();
    m_fontScale->setRange(1.0, 2.5);
    m_fontScale->setSingleStep(0.25);
    m_fontScale->setDecimals(2);
    m_fontScale->setValue(kDefaultFontScale);
    m_fontScale->setToolTip(tr("How large text, lines and markers are drawn against the window at normal text "
                               "size. 2 makes a 1920 × 1080 figure readable from the back of a lecture room; "
                               "1 draws the chart as the window does, with more room for data. Larger figures (3840 × 2160) look "
                               "the same, only sharper."));
    form->addRow(tr("Font scale"), m_fontScale);

    m_dpr = new QComboBox();
    m_dpr->addItem(QString::fromUtf8("1×"), 1.0);
    m_dpr->addItem(QString::fromUtf8("2×"), 2.0);
    m_dpr->addItem(QString::fromUtf8("3×"), 3.0);
    m_dpr->setCurrentIndex(1);
    m_dpr->setToolTip(tr("Pixels per figure pixel in the PNG: at 2× a 1920 × 1080 figure is 3840 × 2160 pixels, "
                         "sharp on high-density screens and when the slide is scaled. SVG has no pixels."));
    form->addRow(tr("Pixel ratio"), m_dpr);

    m_caption = new QCheckBox(tr("Caption under the figure (setup, lanes, seed)"));
    m_caption->setChecked(true);
    m_caption->setToolTip(tr("A line of text under the chart that says how to reproduce it: the preset or "
                             "workload, the lanes and the seed. It wraps between words."));
    form->addRow(QString(), m_caption);

    auto* file = new QHBoxLayout();
    m_path = new QLineEdit();
    m_path->setMaxLength(text_bounds::kPath);
    m_path->setMinimumWidth(380);
    m_path->setToolTip(tr("Where the file is written. The name says what the figure is; the folder is "
                          "remembered for the next export."));
    auto* browse = new QPushButton(tr("Browse…"));
    browse->setToolTip(tr("Choose the folder and file name."));
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    file->addWidget(m_path, 1);
    file->addWidget(browse);
    form->addRow(tr("File"), file);

    m_pixels = new QLabel();
    m_pixels->setToolTip(tr("The size of the file that will be written."));
    form->addRow(QString(), m_pixels);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* root = new QVBoxLayout(this);
    root->addLayout(form);
    root->addWidget(buttons);

    if (m_persistent) {
        QSettings s;
        s.beginGroup("export");
        setFormat(s.value("format", "png").toString());
        m_preset->setCurrentIndex(std::clamp(s.value("preset", int(FullHd)).toInt(), 0, int(Custom)));
        m_width->setValue(s.value("width", 1600).toInt());
        m_height->setValue(s.value("height", 900).toInt());
        m_fontScale->setValue(s.value("fontScale", kDefaultFontScale).toDouble());
        setPixelRatio(s.value("pixelRatio", 2.0).toDouble());
        m_caption->setChecked(s.value("caption", true).toBool());
    } else {
        m_preset->setCurrentIndex(FullHd);
    }
    m_path->setText(QDir(exportFolder(m_persistent)).filePath(m_baseName + "." + format()));
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        // The suffix follows the format; the rest of the name is the user's.
        QString p = m_path->text();
        const QFileInfo info(p);
        if (info.suffix() == "png" || info.suffix() == "svg") p.chop(3);
        else if (!p.endsWith('.')) p += '.';
        m_path->setText(p + format());
        updateControls();
    });
    for (QComboBox* c : {m_preset, m_dpr}) connect(c, &QComboBox::currentIndexChanged, this, &ExportDialog::updateControls);
    for (QSpinBox* b : {m_width, m_height}) connect(b, &QSpinBox::valueChanged, this, &ExportDialog::updateControls);
    updateControls();
}

void ExportDialog::setFormat(const QString& suffix) {
    const int i = m_format->findData(suffix.toLower());
    if (i >= 0) m_format->setCurrentIndex(i);
}
QString ExportDialog::format() const { return m_format->currentData().toString(); }
void ExportDialog::setPreset(int preset) { m_preset->setCurrentIndex(std::clamp(preset, 0, int(Custom))); }
void ExportDialog::setCustomSize(QSize size) {
    m_width->setValue(size.width());
    m_height->setValue(size.height());
}
void ExportDialog::setFontScale(double scale) { m_fontScale->setValue(scale); }
void ExportDialog::setPixelRatio(double dpr) {
    const int i = m_dpr->findData(dpr);
    m_dpr->setCurrentIndex(i >= 0 ? i : 1);
}
void ExportDialog::setCaptionShown(bool on) { m_caption->setChecked(on); }
void ExportDialog::setFolder(const QString& folder) {
    if (!folderOrNull(folder).isEmpty()) m_path->setText(QDir(folder).filePath(QFileInfo(path()).fileName()));
}

QSize ExportDialog::figureSize() const {
    const int p = m_preset->currentIndex();
    if (p < WindowSize) return kPresetSizes[p];
    if (p == WindowSize) return m_windowSize;
    return {m_width->value(), m_height->value()};
}

QString ExportDialog::path() const {
    QString p = m_path->text().trimmed();
    if (!p.endsWith("." + format(), Qt::CaseInsensitive)) p += "." + format();
    return p;
}

ExportOptions ExportDialog::options(const QString& caption) const {
    const bool png = format() == "png";
    return ExportOptions{figureSize(), png ? m_dpr->currentData().toDouble() : 1.0, m_fontScale->value(),
                         m_caption->isChecked() ? caption : QString()};
}

void ExportDialog::remember() const {
    if (!m_persistent) return;
    QSettings s;
    s.beginGroup("export");
    s.setValue("format", format());
    s.setValue("preset", m_preset->currentIndex());
    s.setValue("width", m_width->value());
    s.setValue("height", m_height->value());
    s.setValue("fontScale", m_fontScale->value());
    s.setValue("pixelRatio", m_dpr->currentData().toDouble());
    s.setValue("caption", m_caption->isChecked());
    s.endGroup();
    rememberFolder(QFileInfo(path()).absolutePath(), true);
}

void ExportDialog::accept() {
    const QFileInfo info(path());
    if (!info.absoluteDir().exists()) {
        QMessageBox::warning(this, tr("Export"), tr("The folder %1 does not exist.").arg(info.absolutePath()));
        return;
    }
    remember();
    QDialog::accept();
}

void ExportDialog::updateControls() {
    const bool custom = m_preset->currentIndex() == Custom, png = format() == "png";
    m_width->setEnabled(custom);
    m_height->setEnabled(custom);
    m_dpr->setEnabled(png);
    const QSize s = figureSize();
    const double dpr = png ? m_dpr->currentData().toDouble() : 1.0;
    m_pixels->setText(png ? tr("The PNG will be %1 × %2 pixels.").arg(qRound(s.width() * dpr)).arg(qRound(s.height() * dpr))
                          : tr("The SVG's page will be %1 × %2.").arg(s.width()).arg(s.height()));
}

void ExportDialog::browse() {
    const QString filter = format() == "svg" ? tr("SVG drawing (*.svg)") : tr("PNG image (*.png)");
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export to"), path(), filter);
    if (!chosen.isEmpty()) m_path->setText(chosen);
}

}  // namespace presisi
