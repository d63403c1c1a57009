// Exports of any widget (a chart or a whole page): PNG at a chosen device pixel ratio, SVG, clipboard.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>

class QWidget;

namespace presisi {

// Renders `widget` laid out at `size` logical pixels (its current size when empty) into an image of
// size * dpr physical pixels. A non-empty caption (preset, lanes, seed) is drawn in a strip at the
// bottom, inside `size`, so a figure on a slide says how to reproduce it. The widget's own size is
// restored afterwards.
QImage renderWidget(QWidget* widget, QSize size = {}, qreal dpr = 2.0, const QString& caption = {});

// Both return false (and leave no partial file) when the file cannot be written.
bool exportPng(QWidget* widget, const QString& path, QSize size = {}, qreal dpr = 2.0,
               const QString& caption = {});
bool exportSvg(QWidget* widget, const QString& path, QSize size = {}, const QString& caption = {});
void copyToClipboard(QWidget* widget, const QString& caption = {});

}  // namespace presisi
