// A "where does each tensor sit in the format's range" chart: per row (a layer's tensor of one kind) a
// horizontal bar from the smallest non-zero to the largest magnitude on a log2 axis, with the lane
// format's flush-to-zero, subnormal, normal and overflow regions drawn behind. Painted directly (no
// Qt Charts): rows, bands and labels are laid out together so nothing clips at 1280x800.
#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>

namespace presisi {

// One row. Magnitudes are plain values (not log2); NaN or <= 0: not measured / none.
struct RangeBar {
    QString label;             // "layer 1 activations"
    int kind = 0;              // 0 activation, 1 activation gradient, 2 weight gradient (colour)
    double absMinNonZero = 0;  // smallest finite non-zero |v| in the lane's format
    double absMax = 0;         // largest finite |v| in the lane's format
    double shadowMin = 0;      // the same in the shadow float32 (where the values would sit)
    double shadowMax = 0;
    double underflowShare = 0, subnormalShare = 0, overflowShare = 0;  // 0..1 (NaN: not measured)
};

// The format's limits: values below minSubnormal/2 flush to zero, [minSubnormal, minNormal) are
// subnormal, [minNormal, max] normal, above max overflow to inf.
struct RangeLimits {
    QString name;  // "f16"
    double minSubnormal = 0, minNormal = 0, max = 0;
};

class RangeChart : public QWidget {
    Q_OBJECT
public:
    explicit RangeChart(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    QString title() const { return m_title; }
    void setLimits(const RangeLimits& limits);
    const RangeLimits& limits() const { return m_limits; }
    void setBars(const QList<RangeBar>& bars);
    const QList<RangeBar>& bars() const { return m_bars; }
    void clearBars() { setBars({}); }
    void setEmptyText(const QString& text);
    bool isEmpty() const { return m_bars.isEmpty(); }

    // The log2 extent of the axis (the format's named limits of f16 always in view; bf16/f32 follow
    // the data) and where a log2 value lands on the widget (for tests and tooltips).
    double axisLo() const { return m_lo; }
    double axisHi() const { return m_hi; }
    double xFor(double log2Value) const;
    QRectF plotRect() const;
    // The band limits as drawn, in log2 (subnormal floor, normal floor, overflow): for tests.
    QList<double> drawnLimits() const { return m_drawnLimits; }
    static QColor kindColor(int kind);
    static QString kindName(int kind);

    QSize sizeHint() const override { return {480, 300}; }
    QSize minimumSizeHint() const override { return {300, 200}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;  // tooltips per row

private:
    void fitAxis();
    int rowAt(QPoint pos) const;
    QRectF rowRect(int row) const;
    int labelWidth() const;

    QString m_title;
    QString m_emptyText;
    RangeLimits m_limits;
    QList<RangeBar> m_bars;
    double m_lo = -30, m_hi = 18;
    mutable QList<double> m_drawnLimits;
};

}  // namespace presisi
