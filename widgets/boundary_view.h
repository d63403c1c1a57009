// The training lab's 2-D view, like TensorFlow Playground: the data as dots over a lane's decision
// regions (classification) or its output as a colour map (2-input regression), or the data and the
// lane's fitted curve (1-input regression).
#pragma once

#include <QImage>
#include <QWidget>
#include <vector>

#include "engine/tensor.h"

namespace presisi {

class BoundaryView : public QWidget {
    Q_OBJECT
public:
    explicit BoundaryView(QWidget* parent = nullptr);

    // x: (n, 1 or 2); labels for classification (else empty) and targets (n, 1) for regression.
    void setData(const Matrix& x, const std::vector<int>& labels, const Matrix& targets, int classes);
    // 2-input: values (ys.size() * xs.size(), outputs), row j*xs.size()+i, class probabilities or raw
    // outputs. 1-input: values (xs.size(), 1) and ys empty. Other models (xs and ys empty): the
    // outputs (n, out) on the first n data rows, drawn as output against target (a fit view).
    void setPrediction(const std::vector<float>& xs, const std::vector<float>& ys, const Matrix& values);
    void clearPrediction();
    // Draws the last prediction again in the current theme's colours.
    void restyle();
    int samples() const { return static_cast<int>(m_x.rows()); }  // the data points drawn
    bool hasPrediction() const { return !m_image.isNull() || !m_curve.empty() || m_fit.size() > 0; }
    QSize sizeHint() const override { return {160, 160}; }
    QSize minimumSizeHint() const override { return {64, 64}; }
    static QColor classColor(int c, bool dark);

protected:
    void paintEvent(QPaintEvent*) override;

private:
    QRectF dataRect() const;
    Matrix m_x;
    std::vector<int> m_labels;
    Matrix m_targets;
    int m_classes = 0;
    QImage m_image;  // one pixel per grid cell, scaled when painted
    std::vector<float> m_xs, m_ys;
    std::vector<QPointF> m_curve;
    Matrix m_fit;  // fit view: outputs on the first rows
    Matrix m_values;  // the last prediction, for restyle()
};

}  // namespace presisi
