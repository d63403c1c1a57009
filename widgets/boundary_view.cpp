// BoundaryView: decision regions (argmax class, pale by confidence) with the data on top.
#include "boundary_view.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

#include "live_chart.h"

namespace presisi {

namespace {
// Class colours kept apart from the lane colours: purple, teal, rose, olive, slate.
const QColor kClassColors[] = {QColor(0x88, 0x44, 0xAA), QColor(0x11, 0x99, 0x88), QColor(0xCC, 0x44, 0x77),
                               QColor(0x88, 0x88, 0x22), QColor(0x44, 0x66, 0x99)};
}  // namespace

namespace {

// The thumbnail's paper: the charts' background (white, or dark grey in the dark theme).
QColor background() { return chartsDark() ? QColor(0x22, 0x22, 0x22) : QColor(Qt::white); }

// `share` of the way from `from` to `to`.
QColor blend(const QColor& from, const QColor& to, double share) {
    return QColor::fromRgbF(from.redF() + share * (to.redF() - from.redF()), from.greenF() + share * (to.greenF() - from.greenF()),
                            from.blueF() + share * (to.blueF() - from.blueF()));
}

}  // namespace

QColor BoundaryView::classColor(int c, bool dark) {
    QColor k = kClassColors[std::clamp(c, 0, 4)];
    return dark ? k.darker(130) : k;
}

BoundaryView::BoundaryView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void BoundaryView::setData(const Matrix& x, const std::vector<int>& labels, const Matrix& targets, int classes) {
    m_x = x;
    m_labels = labels;
    m_targets = targets;
    m_classes = classes;
    clearPrediction();
}

void BoundaryView::clearPrediction() {
    m_values = Matrix();
    m_image = QImage();
    m_curve.clear();
    m_fit = Matrix();
    update();
}

void BoundaryView::restyle() {
    if (m_values.size() > 0) setPrediction(std::vector<float>(m_xs), std::vector<float>(m_ys), Matrix(m_values));
    else update();
}

void BoundaryView::setPrediction(const std::vector<float>& xs, const std::vector<float>& ys, const Matrix& values) {
    m_values = values;
    m_xs = xs;
    m_ys = ys;
    m_curve.clear();
    m_image = QImage();
    m_fit = Matrix();
    if (xs.empty() && ys.empty()) {
        m_fit = values;
        update();
        return;
    }
    if (ys.empty()) {
        for (std::size_t i = 0; i < xs.size() && static_cast<Index>(i) < values.rows(); ++i)
            m_curve.emplace_back(xs[i], values(static_cast<Index>(i), 0));
        update();
        return;
    }
    const int nx = static_cast<int>(xs.size()), ny = static_cast<int>(ys.size());
    if (values.rows() != static_cast<Index>(nx) * ny) return;
    m_image = QImage(nx, ny, QImage::Format_RGB32);
    double lo = 0, hi = 1;
    if (m_classes == 0) {
        lo = values.col(0).minCoeff();
        hi = values.col(0).maxCoeff();
        if (!(hi > lo)) hi = lo + 1;
    }
    for (int j = 0; j < ny; ++j) {
        for (int i = 0; i < nx; ++i) {
            const Index r = static_cast<Index>(j) * nx + i;
            QColor c;
            if (m_classes > 0 && values.cols() > 1) {
                Index best = 0;
                const float p = values.row(r).maxCoeff(&best);
                const double conf = std::isfinite(p) ? std::clamp((p - 1.0 / values.cols()) / (1.0 - 1.0 / values.cols()), 0.0, 1.0) : 0.0;
                const QColor k = classColor(static_cast<int>(best), false);
                // Pale towards the background as confidence falls.
                const double a = 0.15 + 0.45 * conf;
                c = blend(background(), k, a);
                if (!std::isfinite(p)) c = QColor(0xBB, 0xBB, 0xBB);
            } else {
                const double v = values(r, 0);
                const double t = std::isfinite(v) ? std::clamp((v - lo) / (hi - lo), 0.0, 1.0) : 0.5;
                // Diverging blue-white-orange map.
                const QColor a(0x56, 0xB4, 0xE9), b(0xE6, 0x9F, 0x00);
                const double u = std::abs(t - 0.5) * 2 * 0.6;
                const QColor k = t < 0.5 ? a : b;
                c = blend(background(), k, u);
            }
            // Row 0 of the image is the top: the largest y.
            m_image.setPixelColor(i, ny - 1 - j, c);
        }
    }
    update();
}

QRectF BoundaryView::dataRect() const {
    if (!m_xs.empty() && !m_ys.empty()) {
        const double dx = m_xs.size() > 1 ? (m_xs[1] - m_xs[0]) / 2 : 0.5, dy = m_ys.size() > 1 ? (m_ys[1] - m_ys[0]) / 2 : 0.5;
        return QRectF(QPointF(m_xs.front() - dx, m_ys.front() - dy), QPointF(m_xs.back() + dx, m_ys.back() + dy));
    }
    if (m_x.rows() == 0) return QRectF(-1, -1, 2, 2);
    double x0 = m_x.col(0).minCoeff(), x1 = m_x.col(0).maxCoeff();
    double y0, y1;
    if (m_x.cols() >= 2) {
        y0 = m_x.col(1).minCoeff();
        y1 = m_x.col(1).maxCoeff();
    } else if (m_targets.size() > 0) {
        y0 = m_targets.col(0).minCoeff();
        y1 = m_targets.col(0).maxCoeff();
    } else {
        y0 = -1;
        y1 = 1;
    }
    const double px = 0.1 * std::max(1e-3, x1 - x0), py = 0.1 * std::max(1e-3, y1 - y0);
    return QRectF(QPointF(x0 - px, y0 - py), QPointF(x1 + px, y1 + py));
}

void BoundaryView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const int side = std::min(width(), height());
    const QRect area((width() - side) / 2, (height() - side) / 2, side, side);
    p.fillRect(area, background());
    const QRectF d = dataRect();
    auto map = [&](double x, double y) {
        return QPointF(area.left() + (x - d.left()) / d.width() * area.width(),
                       area.bottom() - (y - d.top()) / d.height() * area.height());
    };
    p.setClipRect(area);
    if (m_x.cols() > 2 || (m_fit.size() > 0 && m_targets.size() > 0)) {
        // Fit view: every output against its target, with the y = x line.
        const Index n = std::min<Index>(m_fit.rows(), m_targets.rows());
        const Index cols = std::min<Index>(m_fit.cols(), m_targets.cols());
        double lo = 0, hi = 0;
        if (m_targets.size() > 0) {
            lo = m_targets.topRows(std::max<Index>(n, 1)).minCoeff();
            hi = m_targets.topRows(std::max<Index>(n, 1)).maxCoeff();
        }
        if (!(hi > lo)) hi = lo + 1;
        const double pad = 0.1 * (hi - lo);
        lo -= pad;
        hi += pad;
        auto fmap = [&](double t, double y) {
            return QPointF(area.left() + (t - lo) / (hi - lo) * area.width(), area.bottom() - (y - lo) / (hi - lo) * area.height());
        };
        p.setPen(QPen(QColor(0x99, 0x99, 0x99), 1, Qt::DashLine));
        p.drawLine(fmap(lo, lo), fmap(hi, hi));
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0xD5, 0x5E, 0x00, 90));
        const Index stride = std::max<Index>(1, n * cols / 2000);
        for (Index k = 0; k < n * cols; k += stride) {
            const Index r = k / cols, c = k % cols;
            const double y = m_fit(r, c);
            if (std::isfinite(y)) p.drawEllipse(fmap(m_targets(r, c), y), 1.5, 1.5);
        }
        p.setClipping(false);
        p.setPen(QPen(QColor(0x88, 0x88, 0x88), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(area.adjusted(0, 0, -1, -1));
        QFont f = font();
        f.setPointSizeF(9);
        p.setFont(f);
        p.setPen(chartsDark() ? QColor(0xBB, 0xBB, 0xBB) : QColor(0x55, 0x55, 0x55));
        p.drawText(area.adjusted(3, 1, -3, -1), Qt::AlignTop | Qt::AlignLeft, tr("fit"));
        return;
    }
    if (!m_image.isNull()) p.drawImage(area, m_image);
    const int n = static_cast<int>(m_x.rows());
    const double r = std::clamp(side / 110.0, 1.5, 3.0);
    for (int i = 0; i < n; ++i) {
        QPointF pt;
        QColor c;
        if (m_x.cols() >= 2) {
            pt = map(m_x(i, 0), m_x(i, 1));
            if (!m_labels.empty()) c = classColor(m_labels[i], true);
            else c = chartsDark() ? QColor(0xEE, 0xEE, 0xEE) : QColor(0x33, 0x33, 0x33);
        } else {
            pt = map(m_x(i, 0), m_targets.size() ? m_targets(i, 0) : 0.0);
            c = chartsDark() ? QColor(0xCC, 0xCC, 0xCC) : QColor(0x66, 0x66, 0x66);
        }
        p.setPen(QPen(Qt::white, 0.6));
        p.setBrush(c);
        p.drawEllipse(pt, r, r);
    }
    if (!m_curve.empty()) {
        QPen pen(QColor(0xD5, 0x5E, 0x00));
        pen.setWidthF(2.5);
        p.setPen(pen);
        for (std::size_t i = 1; i < m_curve.size(); ++i) {
            if (!std::isfinite(m_curve[i - 1].y()) || !std::isfinite(m_curve[i].y())) continue;
            p.drawLine(map(m_curve[i - 1].x(), std::clamp(m_curve[i - 1].y(), d.top() - d.height(), d.bottom() + d.height())),
                       map(m_curve[i].x(), std::clamp(m_curve[i].y(), d.top() - d.height(), d.bottom() + d.height())));
        }
    }
    p.setClipping(false);
    p.setPen(QPen(QColor(0x88, 0x88, 0x88), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(area.adjusted(0, 0, -1, -1));
}

}  // namespace presisi
