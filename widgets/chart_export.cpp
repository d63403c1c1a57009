// Widget exports: the widget laid out at the figure's size over the scale, painted scaled (text, lines
// and markers grow together), a wrapped caption strip under it; PNG, clipped SVG and the clipboard.
#include "chart_export.h"

#include <QApplication>
#include <QBuffer>
#include <QChartView>
#include <QClipboard>
#include <QFontMetrics>
#include <QLayout>
#include <QPainter>
#include <QSaveFile>
#include <QWidget>
#include <algorithm>
#include <cerrno>
#include <cstring>

#include "svg_clip_device.h"
#include "text_scale.h"

namespace presisi {

namespace {

constexpr int kCaptionPad = 6;

// Lays the widget out at `size` for the duration of an export and puts it back afterwards.
class SizeGuard {
public:
    SizeGuard(QWidget* w, QSize size) : m_widget(w), m_old(w->size()) {
        if (size.isValid() && size != m_old) {
            m_changed = true;
            if (!w->isVisible()) w->setAttribute(Qt::WA_DontShowOnScreen, true);
            // A layout request pending on the parent (posted before, delivered by the flush) puts a
            // chart in a page back at its place's size: resize again until the size holds.
            for (int round = 0; round < 3 && w->size() != size; ++round) {
                w->resize(size);
                if (auto* l = w->layout()) l->activate();
                QApplication::sendPostedEvents();
            }
        }
    }
    ~SizeGuard() {
        if (!m_changed) return;
        // Back at its own size and laid out again now, not at the next event.
        m_widget->resize(m_old);
        if (auto* l = m_widget->layout()) l->activate();
        QApplication::sendPostedEvents();
    }

private:
    QWidget* m_widget;
    QSize m_old;
    bool m_changed = false;
};

// Room a caption line leaves free at its right beyond the padding: the widths measured here are the
// screen's hinted ones, while an SVG viewer draws the text unhinted at the figure's scale, and perhaps in a
// font of its own, wider by a few percent; a line filled to the measured edge then touched the figure's
// right edge. Two average characters, and a twenty-fifth of the width in wide figures.
int captionSlack(const QFontMetrics& fm, int width) { return std::max(2 * fm.averageCharWidth(), width / 25); }

QSize figureSize(const QWidget* widget, const ExportOptions& o) {
    return o.size.isValid() && !o.size.isEmpty() ? o.size : widget->size();
}

void paintInto(QPainter& p, QWidget* widget, const ExportOptions& o) {
    const QSize size = figureSize(widget, o);
    const ExportLayout layout = exportLayout(widget, o);
    p.fillRect(QRect(QPoint(0, 0), size), widget->palette().window());
    p.save();
    p.scale(layout.scale, layout.scale);
    {
        SizeGuard guard(widget, layout.widgetSize);
        widget->render(&p, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
    }
    if (!layout.captionLines.isEmpty()) {
        p.setFont(widget->font());
        p.setPen(widget->palette().color(QPalette::WindowText));
        const QFontMetrics fm(widget->font());
        int y = layout.widgetSize.height() + kCaptionPad;
        for (const QString& line : layout.captionLines) {
            p.drawText(QRect(kCaptionPad, y, layout.widgetSize.width() - 2 * kCaptionPad, fm.height()),
                       Qt::AlignVCenter | Qt::AlignLeft | Qt::TextSingleLine, line);
            y += fm.lineSpacing();
        }
    }
    p.restore();
}

}  // namespace

QStringList wrapCaption(const QString& text, const QFont& font, int width) {
    const QFontMetrics fm(font);
    QStringList lines;
    QString line;
    for (const QString& word : text.split(' ', Qt::SkipEmptyParts)) {
        const QString candidate = line.isEmpty() ? word : line + ' ' + word;
        if (line.isEmpty() || fm.horizontalAdvance(candidate) <= width) {
            line = candidate;
        } else {
            lines << line;
            line = word;
        }
    }
    if (!line.isEmpty()) lines << line;
    return lines;
}

ExportLayout exportLayout(const QWidget* widget, const ExportOptions& o) {
    const QSize size = figureSize(widget, o);
    // A page (a widget with a layout and charts) squeezed to its minimum leaves its charts too little room for
    // their tick labels (Qt Charts elides them): a page is laid out at least at the size it has in
    // the window (its preferred size when hidden), so its export looks as the window does.
    QSize minimum = widget->minimumSize().expandedTo(widget->minimumSizeHint()).expandedTo(QSize(1, 1));
    if (widget->layout() && !widget->findChildren<QChartView*>().isEmpty())
        minimum = minimum.expandedTo(widget->isVisible() ? widget->size() : widget->sizeHint());
    const QFontMetrics fm(widget->font());
    ExportLayout l;
    // Figures larger than 1920x1080 (a 4K slide) keep a 1920x1080 figure's proportions: the scale grows
    // with the size, so only the sharpness changes. Smaller ones take the font scale as it is.
    const double beyondFullHd = std::max(1.0, std::min(size.width() / 1920.0, size.height() / 1080.0));
    l.scale = std::max(0.05, o.fontScale * beyondFullHd / uiScale());
    // The caption's height depends on the scale (lines wrap at width / scale) and the scale on the
    // height left to the widget: a few rounds settle it (the scale only falls).
    for (int round = 0; round < 4; ++round) {
        l.scale = std::min(l.scale, size.width() / double(minimum.width()));
        const int width = int(size.width() / l.scale);
        l.captionLines = o.caption.isEmpty() ? QStringList()
                                             : wrapCaption(o.caption, widget->font(), width - 2 * kCaptionPad - captionSlack(fm, width));
        l.captionHeight = l.captionLines.isEmpty()
                              ? 0
                              : fm.height() + fm.lineSpacing() * int(l.captionLines.size() - 1) + 2 * kCaptionPad;
        const double heightLeft = size.height() / l.scale - l.captionHeight;
        if (heightLeft >= minimum.height()) break;
        l.scale = size.height() / double(minimum.height() + l.captionHeight);
    }
    l.widgetSize = QSize(int(size.width() / l.scale), std::max(1, int(size.height() / l.scale) - l.captionHeight));
    return l;
}

QImage renderWidget(QWidget* widget, const ExportOptions& o) {
    const QSize size = figureSize(widget, o);
    QImage image(size * o.dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(o.dpr);
    // Text measures as on screen (the image's DPI is the widget's).
    image.setDotsPerMeterX(qRound(widget->logicalDpiX() / 0.0254));
    image.setDotsPerMeterY(qRound(widget->logicalDpiY() / 0.0254));
    image.fill(widget->palette().color(QPalette::Window));
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    paintInto(p, widget, o);
    p.end();
    return image;
}

bool writeFileWhole(const QString& path, const QByteArray& bytes, QString* error) {
    QSaveFile file(path);
    errno = 0;
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit()) return true;
    const int e = errno;
    if (error) {
        // Before cancelWriting, which replaces it with "canceled"; QSaveFile says "Unknown error" for
        // a write that failed in its final flush, where errno still holds the cause (a full disk).
        *error = file.errorString();
        if (e != 0 && (file.error() == QFileDevice::NoError || *error == QLatin1String("Unknown error")))
            *error = QString::fromLocal8Bit(std::strerror(e));
    }
    file.cancelWriting();
    return false;
}


bool exportPng(QWidget* widget, const QString& path, const ExportOptions& o, QString* error) {
    // Encoded in memory first: a full disk is then one failed write with its reason, not libpng's
    // own error lines on stderr.
    const QImage image = renderWidget(widget, o);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) {
        if (error) *error = QStringLiteral("the image could not be encoded as PNG");
        return false;
    }
    return writeFileWhole(path, png, error);
}

bool exportSvg(QWidget* widget, const QString& path, const ExportOptions& o, QString* error) {
    ClippedSvgDevice svg(figureSize(widget, o), widget->logicalDpiY(),
                         o.caption.isEmpty() ? QStringLiteral("Presisi") : o.caption, o.caption);
    {
        QPainter p(&svg);
        p.setRenderHint(QPainter::Antialiasing);
        paintInto(p, widget, o);
    }
    return writeFileWhole(path, svg.svg(), error);
}

QImage renderWidget(QWidget* widget, QSize size, qreal dpr, const QString& caption) {
    return renderWidget(widget, ExportOptions{size, dpr, uiScale(), caption});
}

bool exportPng(QWidget* widget, const QString& path, QSize size, qreal dpr, const QString& caption) {
    return exportPng(widget, path, ExportOptions{size, dpr, uiScale(), caption});
}

bool exportSvg(QWidget* widget, const QString& path, QSize size, const QString& caption) {
    return exportSvg(widget, path, ExportOptions{size, 1.0, uiScale(), caption});
}

void copyToClipboard(QWidget* widget, const QString& caption) {
    const qreal dpr = widget->devicePixelRatioF() > 1 ? widget->devicePixelRatioF() : 2.0;
    QApplication::clipboard()->setImage(renderWidget(widget, ExportOptions{{}, dpr, uiScale(), caption}));
}

}  // namespace presisi
