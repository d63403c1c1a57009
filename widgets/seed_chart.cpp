// SeedChart: per-lane seed dots, mean bar, mean ± sd band, and the reference lane's spread across all.
#include "seed_chart.h"

#include <QLocale>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <limits>

#include "lane_style.h"
#include "live_chart.h"
#include "locale_number.h"

namespace presisi {

namespace {

QColor fg() { return chartsDark() ? QColor(0xEE, 0xEE, 0xEE) : QColor(0x22, 0x22, 0x22); }
QColor bg() { return chartsDark() ? QColor(0x22, 0x22, 0x22) : Qt::white; }
QColor gridColor() { return chartsDark() ? QColor(0x55, 0x55, 0x55) : QColor(0xDD, 0xDD, 0xDD); }

// 1, 2 or 5 times a power of ten, giving about `ticks` intervals over `span`.
double niceTick(double span, int ticks) {
    const double raw = span / std::max(1, ticks);
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * p) return m * p;
    return 10 * p;
}

constexpr int kMargin = 8;

// The verdict keys a column carries, shown in the window's language.
[[maybe_unused]] const char* const kVerdictNames[] = {QT_TRANSLATE_NOOP("presisi::SeedChart", "reference"),
                                                      QT_TRANSLATE_NOOP("presisi::SeedChart", "safe"),
                                                      QT_TRANSLATE_NOOP("presisi::SeedChart", "audit")};

}  // namespace

SeedChart::SeedChart(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_title = tr("Final evaluation loss per seed");
    m_yTitle = tr("eval loss (float32)");
    m_emptyText = tr("Press Run check");
}

void SeedChart::setTitles(const QString& title, const QString& yTitle) {
    m_title = title;
    m_yTitle = yTitle;
    update();
}

void SeedChart::setColumns(const QList<SeedColumn>& columns) {
    m_columns = columns;
    fitAxis();
    update();
}

void SeedChart::setSafeBand(double halfWidth, const QString& name) {
    m_safe = halfWidth;
    m_safeName = name;
    fitAxis();
    update();
}

void SeedChart::setLowerBound(double bound) {
    m_lowerBound = bound;
    fitAxis();
    update();
}

void SeedChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    update();
}

void SeedChart::fitAxis() {
    // Every finite value and every mean ± sd, padded by a tenth of the span on each side.
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const SeedColumn& c : m_columns) {
        for (double v : c.values)
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
        if (std::isfinite(c.mean) && std::isfinite(c.spread))
            lo = std::min(lo, c.mean - c.spread), hi = std::max(hi, c.mean + c.spread);
        if (c.reference && std::isfinite(c.mean) && std::isfinite(m_safe))
            lo = std::min(lo, c.mean - m_safe), hi = std::max(hi, c.mean + m_safe);
    }
    if (!std::isfinite(lo)) lo = 0, hi = 1;
    // Bands reaching below the bound (a loss's 0) stop at it: a safe band to -1 claims a negative loss.
    const bool bounded = std::isfinite(m_lowerBound);
    if (bounded) lo = std::max(lo, m_lowerBound), hi = std::max(hi, m_lowerBound);
    double span = hi - lo;
    if (span <= std::max(1e-12, std::abs(hi) * 1e-6)) span = std::max(1e-3, std::abs(hi) * 0.1);
    lo -= span * 0.1;
    hi += span * 0.1;
    const double t = niceTick(hi - lo, 5);
    m_lo = std::floor(lo / t) * t;
    m_hi = std::ceil(hi / t) * t;
    if (bounded && m_lo < m_lowerBound) m_lo = m_lowerBound;
}

QRectF SeedChart::plotRect() const {
    const QFontMetrics fm(font());
    const int line = fm.height();
    const double left = kMargin + line * 1.3 + fm.horizontalAdvance("0.00000");
    const double top = kMargin + line * 1.5;
    const double bottom = height() - kMargin - line * 2.4;  // lane labels and verdicts
    return QRectF(QPointF(left, top), QPointF(std::max(left + 10.0, width() - kMargin * 2.0), std::max(top + 10, bottom)));
}

double SeedChart::yFor(double value) const {
    const QRectF p = plotRect();
    return p.bottom() - (value - m_lo) / (m_hi - m_lo) * p.height();
}

double SeedChart::clipped(double value) const {
    return std::isfinite(m_lowerBound) ? std::max(value, m_lowerBound) : value;
}

void SeedChart::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), bg());
    const QFontMetrics fm(font());
    const int line = fm.height();
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(fg());
    p.drawText(QRectF(kMargin, kMargin, width() - 2 * kMargin, line * 1.2), Qt::AlignCenter, m_title);
    p.setFont(font());
    const QRectF plot = plotRect();
    m_dots = 0;
    m_elided.clear();
    // What is drawn shortened is remembered (a test walks every room for it).
    auto fitted = [&](const QFontMetrics& metrics, const QString& text, Qt::TextElideMode mode, int room) {
        const QString shown = metrics.elidedText(text, mode, room);
        if (shown != text) m_elided << shown;
        return shown;
    };

    // Value axis: ticks (about one per two text lines of height, at most 5), grid, and its title
    // turned upright along the left edge (elided to the plot's height).
    const int ticks = std::clamp(static_cast<int>(plot.height() / (2.0 * line)), 1, 5);
    double t = niceTick(m_hi - m_lo, ticks);
    // The axis range was rounded to a 5-tick step: keep ticks on whole multiples of the coarser one.
    const double start = std::ceil(m_lo / t - 1e-9) * t;
    for (double v = start; v <= m_hi + t * 1e-6; v += t) {
        const double y = yFor(v);
        p.setPen(QPen(gridColor(), 1));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(fg());
        p.drawText(QRectF(kMargin + line * 1.3, y - line / 2.0, plot.left() - kMargin - line * 1.3 - 4, line),
                   Qt::AlignRight | Qt::AlignVCenter, displayNumber(v, 4));
    }
    p.save();
    p.translate(kMargin + line * 0.2, plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-plot.height() / 2, 0, plot.height(), line), Qt::AlignCenter,
               fitted(fm, m_yTitle, Qt::ElideRight, static_cast<int>(plot.height())));
    p.restore();
    p.setPen(QPen(fg(), 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());

    if (m_columns.isEmpty()) {
        p.drawText(plot.adjusted(8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
        return;
    }
    // The reference lane's mean ± sd across every column: what "within the seed spread" means.
    const double colW = plot.width() / m_columns.size();
    for (const SeedColumn& c : m_columns)
        if (c.reference && std::isfinite(c.mean) && (std::isfinite(m_safe) || std::isfinite(c.spread))) {
            const double half = std::isfinite(m_safe) ? m_safe : c.spread;
            const double y0 = yFor(c.mean + half), y1 = yFor(clipped(c.mean - half));
            p.fillRect(QRectF(plot.left(), y0, plot.width(), std::max(1.0, y1 - y0)), QColor(0x88, 0x88, 0x88, 50));
            p.setPen(QPen(QColor(0x77, 0x77, 0x77), 1, Qt::DashLine));
            p.drawLine(QPointF(plot.left(), yFor(c.mean)), QPointF(plot.right(), yFor(c.mean)));
            p.setPen(fg());
            p.drawText(QRectF(plot.left() + 4, y0 - line - 2, plot.width() - 8, line), Qt::AlignLeft | Qt::AlignBottom,
                       std::isfinite(m_safe) ? m_safeName : tr("%1 mean ± sd (the seed spread)").arg(c.label));
        }
    for (int i = 0; i < m_columns.size(); ++i) {
        const SeedColumn& c = m_columns[i];
        const QColor colour = laneStyle(c.label).color;
        const double cx = plot.left() + colW * (i + 0.5);
        const double halfW = std::min(colW * 0.3, 60.0);
        if (std::isfinite(c.mean)) {
            if (std::isfinite(c.spread)) {
                const double y0 = yFor(c.mean + c.spread), y1 = yFor(clipped(c.mean - c.spread));
                QColor band = colour;
                band.setAlpha(60);
                p.fillRect(QRectF(cx - halfW, y0, 2 * halfW, std::max(1.0, y1 - y0)), band);
            }
            p.setPen(QPen(colour, 3));
            p.drawLine(QPointF(cx - halfW, yFor(c.mean)), QPointF(cx + halfW, yFor(c.mean)));
        }
        // Dots spread sideways by seed index (deterministic), so equal values stay countable.
        int nonFinite = 0;
        for (int k = 0; k < c.values.size(); ++k) {
            const double v = c.values[k];
            if (!std::isfinite(v)) {
                ++nonFinite;
                continue;
            }
            const double dx = c.values.size() > 1 ? (k / double(c.values.size() - 1) - 0.5) * halfW : 0;
            const bool leftOut = k < c.leftOut.size() && c.leftOut[k];
            p.setPen(QPen(leftOut ? colour : fg(), leftOut ? 2 : 1));
            p.setBrush(leftOut ? QBrush(Qt::NoBrush) : QBrush(colour));
            p.drawEllipse(QPointF(cx + dx, yFor(v)), 4.5, 4.5);
            if (leftOut) {
                p.setPen(fg());
                p.drawText(QRectF(cx + dx + 7, yFor(v) - line / 2.0, colW / 2, line), Qt::AlignLeft | Qt::AlignVCenter,
                           tr("left out"));
            }
            ++m_dots;
        }
        if (nonFinite > 0) {
            p.setPen(QColor(0xCC, 0x33, 0x33));
            p.drawText(QRectF(cx - colW / 2, plot.top(), colW, line), Qt::AlignCenter,
                       nonFinite > 1 ? tr("%1 runs inf/NaN").arg(nonFinite) : tr("1 run inf/NaN"));
        }
        p.setPen(fg());
        // The verdict line under it says "reference" for the f32 lane.
        p.drawText(QRectF(cx - colW / 2, plot.bottom() + 2, colW, line), Qt::AlignCenter,
                   fitted(fm, c.label, Qt::ElideMiddle, static_cast<int>(colW)));
        if (!c.verdict.isEmpty()) {
            const bool audit = c.verdict == "audit";
            p.setFont(bold);
            p.setPen(audit ? QColor(0xCC, 0x33, 0x33) : (c.verdict == "safe" ? QColor(0x00, 0x80, 0x5E) : fg()));
            p.drawText(QRectF(cx - colW / 2, plot.bottom() + 2 + line, colW, line), Qt::AlignCenter,
                       tr(c.verdict.toUtf8().constData()));
            p.setFont(font());
        }
    }
}

}  // namespace presisi
