// ClippedSvgDevice: a paint engine that records the outer painter's state, cuts every draw call to the
// outer painter's clip rectangle (in logical coordinates: lines by Liang-Barsky, fills by intersection,
// images by their source rectangle, text kept or dropped whole) and replays it on a QSvgGenerator.
#include "svg_clip_device.h"

#include <QBuffer>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QSvgGenerator>
#include <QTextItem>
#include <algorithm>

namespace presisi {

namespace {

// The part of segment a-b inside `r` (Liang-Barsky); false when none.
bool clipSegment(QPointF& a, QPointF& b, const QRectF& r) {
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0) t0 = std::max(t0, t);
        else t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    const QPointF a0 = a;
    a = a0 + t0 * QPointF(dx, dy);
    b = a0 + t1 * QPointF(dx, dy);
    return true;
}

// The pieces of a polyline inside `r`, consecutive clipped segments joined into one piece.
QList<QPolygonF> clipPolyline(const QPolygonF& line, const QRectF& r) {
    QList<QPolygonF> pieces;
    QPolygonF piece;
    for (int i = 0; i + 1 < line.size(); ++i) {
        QPointF a = line[i], b = line[i + 1];
        if (!clipSegment(a, b, r)) continue;
        if (piece.isEmpty() || piece.last() != a) {
            if (piece.size() > 1) pieces << piece;
            piece = QPolygonF{a};
        }
        piece << b;
    }
    if (piece.size() > 1) pieces << piece;
    return pieces;
}

QPainterPath rectPath(const QRectF& r) {
    QPainterPath p;
    p.addRect(r);
    return p;
}

}  // namespace

class ClipGeometryEngine : public QPaintEngine {
public:
    ClipGeometryEngine(QSize size, int dpi, const QString& title, const QString& description)
        : QPaintEngine(PaintEngineFeatures(QPaintEngine::AllFeatures) & ~QPaintEngine::PerspectiveTransform &
                       ~QPaintEngine::ConicalGradientFill & ~QPaintEngine::PorterDuff) {
        m_buffer.open(QIODevice::WriteOnly);
        m_generator.setOutputDevice(&m_buffer);
        m_generator.setSize(size);
        m_generator.setViewBox(QRect(QPoint(0, 0), size));
        m_generator.setResolution(dpi);
        m_generator.setTitle(title);
        m_generator.setDescription(description);
    }

    bool begin(QPaintDevice*) override { return m_inner.begin(&m_generator); }
    bool end() override { return m_inner.end(); }
    Type type() const override { return QPaintEngine::SVG; }

    void updateState(const QPaintEngineState& s) override {
        const DirtyFlags f = s.state();
        if (f & DirtyPen) m_inner.setPen(s.pen());
        if (f & DirtyBrush) m_inner.setBrush(s.brush());
        if (f & DirtyBrushOrigin) m_inner.setBrushOrigin(s.brushOrigin());
        if (f & DirtyBackground) m_inner.setBackground(s.backgroundBrush());
        if (f & DirtyBackgroundMode) m_inner.setBackgroundMode(s.backgroundMode());
        if (f & DirtyFont) m_inner.setFont(s.font());
        if (f & DirtyTransform) m_inner.setTransform(s.transform());
        if (f & DirtyOpacity) m_inner.setOpacity(s.opacity());
        if (f & DirtyHints) {
            m_inner.setRenderHints(QPainter::RenderHints(0xff), false);
            m_inner.setRenderHints(s.renderHints(), true);
        }
    }

    void drawPath(const QPainterPath& path) override {
        QRectF r;
        if (!clipRect(r) || r.contains(path.controlPointRect())) return m_inner.drawPath(path);
        if (!r.intersects(path.controlPointRect().adjusted(-1, -1, 1, 1))) return;
        if (m_inner.brush().style() != Qt::NoBrush) fillOnly(path.intersected(rectPath(r)));
        if (m_inner.pen().style() != Qt::NoPen)
            for (const QPolygonF& poly : path.toSubpathPolygons()) strokeOnly(poly, r);
    }
    void drawPolygon(const QPointF* points, int n, PolygonDrawMode mode) override {
        const QPolygonF poly(QList<QPointF>(points, points + n));
        QRectF r;
        if (!clipRect(r) || r.contains(poly.boundingRect())) {
            if (mode == PolylineMode) m_inner.drawPolyline(poly);
            else if (mode == ConvexMode) m_inner.drawConvexPolygon(poly);
            else m_inner.drawPolygon(poly, mode == WindingMode ? Qt::WindingFill : Qt::OddEvenFill);
            return;
        }
        if (mode == PolylineMode) return strokeOnly(poly, r);
        QPainterPath path;
        path.addPolygon(poly);
        path.closeSubpath();
        path.setFillRule(mode == WindingMode ? Qt::WindingFill : Qt::OddEvenFill);
        drawPath(path);
    }
    void drawPolygon(const QPoint* points, int n, PolygonDrawMode mode) override {
        QList<QPointF> f;
        for (int i = 0; i < n; ++i) f << QPointF(points[i]);
        drawPolygon(f.constData(), n, mode);
    }
    void drawLines(const QLineF* lines, int n) override {
        QRectF r;
        const bool clipped = clipRect(r);
        for (int i = 0; i < n; ++i) {
            QPointF a = lines[i].p1(), b = lines[i].p2();
            if (!clipped || clipSegment(a, b, r)) m_inner.drawLine(a, b);
        }
    }
    void drawLines(const QLine* lines, int n) override {
        for (int i = 0; i < n; ++i) {
            const QLineF l(lines[i]);
            drawLines(&l, 1);
        }
    }
    void drawRects(const QRectF* rects, int n) override {
        for (int i = 0; i < n; ++i) {
            QPainterPath p;
            p.addRect(rects[i]);
            drawPath(p);
        }
    }
    void drawRects(const QRect* rects, int n) override {
        for (int i = 0; i < n; ++i) {
            const QRectF f(rects[i]);
            drawRects(&f, 1);
        }
    }
    void drawEllipse(const QRectF& e) override {
        QPainterPath p;
        p.addEllipse(e);
        drawPath(p);
    }
    void drawEllipse(const QRect& e) override { drawEllipse(QRectF(e)); }
    void drawPoints(const QPointF* points, int n) override {
        QRectF r;
        const bool clipped = clipRect(r);
        for (int i = 0; i < n; ++i)
            if (!clipped || r.contains(points[i])) m_inner.drawPoint(points[i]);
    }
    void drawPoints(const QPoint* points, int n) override {
        for (int i = 0; i < n; ++i) {
            const QPointF f(points[i]);
            drawPoints(&f, 1);
        }
    }
    void drawPixmap(const QRectF& target, const QPixmap& pm, const QRectF& source) override {
        QRectF t = target, s = source;
        if (cropImage(t, s)) m_inner.drawPixmap(t, pm, s);
    }
    void drawImage(const QRectF& target, const QImage& image, const QRectF& source,
                   Qt::ImageConversionFlags flags) override {
        QRectF t = target, s = source;
        if (cropImage(t, s)) m_inner.drawImage(t, image, s, flags);
    }
    void drawTiledPixmap(const QRectF& target, const QPixmap& pm, const QPointF& offset) override {
        QRectF r;
        if (!clipRect(r)) return m_inner.drawTiledPixmap(target, pm, offset);
        const QRectF t = target & r;
        if (!t.isEmpty()) m_inner.drawTiledPixmap(t, pm, offset + (t.topLeft() - target.topLeft()));
    }
    // Text is kept or dropped whole: a label cut in half helps nobody, and labels the window shows
    // lie inside their clip.
    void drawTextItem(const QPointF& p, const QTextItem& ti) override {
        QRectF r;
        const QRectF box(p.x(), p.y() - ti.ascent(), ti.width(), ti.ascent() + ti.descent());
        if (!clipRect(r) || r.intersects(box)) m_inner.drawTextItem(p, ti);
    }

    QByteArray document() const { return m_buffer.data(); }

private:
    // The outer painter's clip as a rectangle in the logical coordinates draw calls arrive in; false
    // when there is no clip or the transform rotates (rotated text only: drawn as is).
    bool clipRect(QRectF& r) const {
        QPainter* p = painter();
        if (!p || !p->hasClipping()) return false;
        const QTransform t = m_inner.transform();
        if (t.type() > QTransform::TxScale) return false;
        const QRectF device = p->deviceTransform().map(p->clipPath()).boundingRect();
        r = t.inverted().mapRect(device);
        return true;
    }
    void fillOnly(const QPainterPath& path) {
        if (path.isEmpty()) return;
        const QPen pen = m_inner.pen();
        m_inner.setPen(Qt::NoPen);
        m_inner.drawPath(path);
        m_inner.setPen(pen);
    }
    void strokeOnly(const QPolygonF& poly, const QRectF& r) {
        const QBrush brush = m_inner.brush();
        m_inner.setBrush(Qt::NoBrush);
        for (const QPolygonF& piece : clipPolyline(poly, r)) m_inner.drawPolyline(piece);
        m_inner.setBrush(brush);
    }
    // Cuts an image's target to the clip and its source rectangle in proportion; false: nothing left.
    bool cropImage(QRectF& target, QRectF& source) const {
        QRectF r;
        if (!clipRect(r) || r.contains(target)) return true;
        const QRectF t = target & r;
        if (t.isEmpty() || target.isEmpty()) return false;
        const double sx = source.width() / target.width(), sy = source.height() / target.height();
        source = QRectF(source.x() + (t.x() - target.x()) * sx, source.y() + (t.y() - target.y()) * sy,
                        t.width() * sx, t.height() * sy);
        target = t;
        return true;
    }

    QBuffer m_buffer;
    QSvgGenerator m_generator;
    QPainter m_inner;
};

ClippedSvgDevice::ClippedSvgDevice(QSize size, int dpi, const QString& title, const QString& description)
    : m_size(size), m_dpi(dpi), m_engine(std::make_unique<ClipGeometryEngine>(size, dpi, title, description)) {}

ClippedSvgDevice::~ClippedSvgDevice() = default;

QPaintEngine* ClippedSvgDevice::paintEngine() const { return m_engine.get(); }

QByteArray ClippedSvgDevice::svg() const { return m_engine->document(); }

int ClippedSvgDevice::metric(PaintDeviceMetric metric) const {
    switch (metric) {
    case PdmWidth: return m_size.width();
    case PdmHeight: return m_size.height();
    case PdmWidthMM: return qRound(m_size.width() * 25.4 / m_dpi);
    case PdmHeightMM: return qRound(m_size.height() * 25.4 / m_dpi);
    case PdmNumColors: return 0x7fffffff;
    case PdmDepth: return 32;
    case PdmDpiX:
    case PdmDpiY:
    case PdmPhysicalDpiX:
    case PdmPhysicalDpiY: return m_dpi;
    case PdmDevicePixelRatio: return 1;
    case PdmDevicePixelRatioScaled: return qRound(QPaintDevice::devicePixelRatioFScale());
    default: return 0;
    }
}

}  // namespace presisi
