// The convergence check's chart: per lane a column of dots (each seed's final value), the lane's mean
// as a bar and its spread (mean ± sd) as a band, and the reference lane's spread drawn across every
// column, so "within the seed spread" can be seen before it is read. Painted directly.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <limits>

namespace presisi {

struct SeedColumn {
    QString label;            // lane label, "cpu:f16+scaler"
    QList<double> values;     // one per seed (NaN/inf: the run did not end finite)
    double mean = 0, spread = 0;  // NaN: not known yet
    bool reference = false;   // the float32 lane every other is compared with
    QString verdict;          // "reference", "safe", "audit", or empty while running
    QList<bool> leftOut;      // per seed (may be shorter than values): an outlier seed left out of the
                              // mean and spread, drawn as a hollow dot
};

class SeedChart : public QWidget {
    Q_OBJECT
public:
    explicit SeedChart(QWidget* parent = nullptr);

    void setTitles(const QString& title, const QString& yTitle);
    void setColumns(const QList<SeedColumn>& columns);
    // Half the width of the band judged safe around the reference lane's mean (NaN: the reference's
    // mean ± sd instead), drawn across every column.
    void setSafeBand(double halfWidth, const QString& name);
    // No value lies below it (a loss: 0; NaN: none): bands and the axis stop there.
    void setLowerBound(double bound);
    const QList<SeedColumn>& columns() const { return m_columns; }
    void setEmptyText(const QString& text);
    // The value axis's extent as drawn (for tests).
    double axisLo() const { return m_lo; }
    double axisHi() const { return m_hi; }
    QRectF plotRect() const;
    double yFor(double value) const;
    // Dots drawn by the last paint (finite values only), for tests.
    int dotsDrawn() const { return m_dots; }
    // Texts the last paint had to shorten ("cpu:f16…scaler") because their room was too small (for tests).
    QStringList elidedTexts() const { return m_elided; }

    QSize sizeHint() const override { return {560, 340}; }
    QSize minimumSizeHint() const override { return {320, 220}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void fitAxis();
    double clipped(double value) const;  // value, or the lower bound where it lies below

    QString m_title, m_yTitle, m_emptyText;
    QList<SeedColumn> m_columns;
    double m_lo = 0, m_hi = 1;
    double m_safe = std::numeric_limits<double>::quiet_NaN();
    double m_lowerBound = std::numeric_limits<double>::quiet_NaN();
    QString m_safeName;
    int m_dots = 0;
    QStringList m_elided;
};

}  // namespace presisi
