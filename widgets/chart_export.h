// Exports of any widget (a chart or a whole page) fit for slides: PNG at a chosen size, font scale and
// device pixel ratio, SVG with every series clipped to its plot area, a wrapped caption, the clipboard.
#pragma once

#include <QFont>
#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

class QWidget;

namespace presisi {

struct ExportOptions {
    QSize size;               // the figure in logical pixels, caption included; empty: the widget's size
    qreal dpr = 2.0;          // PNG pixels per logical pixel (1920x1080 at 2 gives 3840x2160 pixels)
    double fontScale = 1.0;   // text and lines against the window at 1x text (the window's own text
                              // scale is divided out, so a figure does not depend on it); beyond
                              // 1920x1080 it grows with the size (a 4K figure looks like a 1080p one)
    QString caption;          // preset, lanes, seed; empty: no caption strip
};

// How an export lays the widget out: the widget at `widgetSize` logical pixels, drawn scaled by
// `scale` into the figure, with `captionLines` under it (each fits `size.width()` at the scale).
struct ExportLayout {
    double scale = 1.0;
    QSize widgetSize;
    QStringList captionLines;
    int captionHeight = 0;  // in the widget's (unscaled) pixels
};
// The scale is the font scale over the window's text scale, lowered where the widget would fall
// below its minimum size (so nothing is squeezed and clipped at 1280x720).
ExportLayout exportLayout(const QWidget* widget, const ExportOptions& options);

// Greedy word wrap of `text` into lines no wider than `width` pixels in `font`; a line breaks only
// between words (a single word wider than the line is the only line that can exceed it).
QStringList wrapCaption(const QString& text, const QFont& font, int width);

QImage renderWidget(QWidget* widget, const ExportOptions& options);
// Both return false (and leave no partial file) when the file cannot be written.
// `bytes` written to `path` whole or not at all (QSaveFile); false with the reason in *error when given
// ("No space left on device": errno where QSaveFile says only "Unknown error").
bool writeFileWhole(const QString& path, const QByteArray& bytes, QString* error = nullptr);

// False when the file could not be written, with the reason in *error when given ("No space left on
// device"); the file is then untouched (QSaveFile), and nothing is printed.
bool exportPng(QWidget* widget, const QString& path, const ExportOptions& options, QString* error = nullptr);
bool exportSvg(QWidget* widget, const QString& path, const ExportOptions& options, QString* error = nullptr);

// The earlier signatures (font scale 1), kept for callers that fix a size in code.
QImage renderWidget(QWidget* widget, QSize size = {}, qreal dpr = 2.0, const QString& caption = {});
bool exportPng(QWidget* widget, const QString& path, QSize size = {}, qreal dpr = 2.0,
               const QString& caption = {});
bool exportSvg(QWidget* widget, const QString& path, QSize size = {}, const QString& caption = {});
void copyToClipboard(QWidget* widget, const QString& caption = {});

}  // namespace presisi
