// Widget exports: PNG (2x DPR by default), SVG and the clipboard, each with an optional caption strip.
#include "chart_export.h"

#include <QApplication>
#include <QClipboard>
#include <QFontMetrics>
#include <QLayout>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

namespace presisi {

namespace {

constexpr int kCaptionPad = 4;

int captionHeight(const QWidget* widget, const QString& caption) {
    if (caption.isEmpty()) return 0;
    return QFontMetrics(widget->font()).height() + 2 * kCaptionPad;
}

// Lays the widget out at `size` for the duration of an export and puts it back afterwards.
class SizeGuard {
public:
    SizeGuard(QWidget* w, QSize size) : m_widget(w), m_old(w->size()) {
        if (size.isValid() && size != m_old) {
            m_changed = true;
            if (!w->isVisible()) w->setAttribute(Qt::WA_DontShowOnScreen, true);
            w->resize(size);
            if (auto* l = w->layout()) l->activate();
            QApplication::sendPostedEvents();
        }
    }
    ~SizeGuard() {
        if (m_changed) m_widget->resize(m_old);
    }

private:
    QWidget* m_widget;
    QSize m_old;
    bool m_changed = false;
};

void paintInto(QPainter& p, QWidget* widget, QSize size, const QString& caption) {
    const int ch = captionHeight(widget, caption);
    p.fillRect(QRect(QPoint(0, 0), size), widget->palette().window());
    {
        SizeGuard guard(widget, QSize(size.width(), size.height() - ch));
        widget->render(&p, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
    }
    if (ch > 0) {
        p.setFont(widget->font());
        p.setPen(widget->palette().color(QPalette::WindowText));
        p.drawText(QRect(kCaptionPad, size.height() - ch, size.width() - 2 * kCaptionPad, ch),
                   Qt::AlignVCenter | Qt::AlignLeft, caption);
    }
}

}  // namespace

QImage renderWidget(QWidget* widget, QSize size, qreal dpr, const QString& caption) {
    if (!size.isValid() || size.isEmpty()) size = widget->size();
    QImage image(size * dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(widget->palette().color(QPalette::Window));
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    paintInto(p, widget, size, caption);
    p.end();
    return image;
}

bool exportPng(QWidget* widget, const QString& path, QSize size, qreal dpr, const QString& caption) {
    const QImage image = renderWidget(widget, size, dpr, caption);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return false;
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        return false;
    }
    return file.commit();
}

bool exportSvg(QWidget* widget, const QString& path, QSize size, const QString& caption) {
    if (!size.isValid() || size.isEmpty()) size = widget->size();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return false;
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(caption.isEmpty() ? QStringLiteral("Presisi") : caption);
    svg.setDescription(caption);
    {
        QPainter p(&svg);
        p.setRenderHint(QPainter::Antialiasing);
        paintInto(p, widget, size, caption);
    }
    return file.commit();
}

void copyToClipboard(QWidget* widget, const QString& caption) {
    QApplication::clipboard()->setImage(renderWidget(widget, {}, widget->devicePixelRatioF() > 1 ? widget->devicePixelRatioF() : 2.0, caption));
}

}  // namespace presisi
