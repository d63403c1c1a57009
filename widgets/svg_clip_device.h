// An SVG paint device that keeps the painter's clipping (Qt 6.4's QSvgGenerator drops it, so a chart's
// series ran across its legend, and its QSvgRenderer ignores <clipPath>): every draw call is clipped
// geometrically to the painter's clip rectangle before it reaches the QSvgGenerator, so the file shows
// the same in any program.
#pragma once

#include <QByteArray>
#include <QPaintDevice>
#include <QSize>
#include <QString>
#include <memory>

namespace presisi {

class ClipGeometryEngine;

class ClippedSvgDevice : public QPaintDevice {
public:
    // size: the document's width and height in user units (= device pixels); dpi: the resolution text
    // is laid out at (the widget's logical DPI, so text measures as on screen).
    ClippedSvgDevice(QSize size, int dpi, const QString& title, const QString& description);
    ~ClippedSvgDevice() override;
    QPaintEngine* paintEngine() const override;
    // The document; valid once the painter on this device has ended.
    QByteArray svg() const;

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    QSize m_size;
    int m_dpi;
    std::unique_ptr<ClipGeometryEngine> m_engine;
};

}  // namespace presisi
