// A lane tile: the lane's name in its colour, three numbers in large type, details below; or, for a
// lane that cannot run here (GPU without a device), the reason, greyed out.
#pragma once

#include <QColor>
#include <QFrame>
#include <QList>
#include <QPair>
#include <QString>

class QLabel;
class QGridLayout;
class QHBoxLayout;

namespace presisi {

// WCAG's contrast ratio of two colours, 1 (the same) to 21 (black on white); text needs 4.5 to read.
double contrastRatio(const QColor& a, const QColor& b);

class LaneTile : public QFrame {
    Q_OBJECT
public:
    explicit LaneTile(const QString& lane, QWidget* parent = nullptr);

    QString lane() const { return m_lane; }
    // (caption, value) pairs shown in large type, e.g. {"output dtype", "bfloat16"}.
    void setBigValues(const QList<QPair<QString, QString>>& values);
    void setDetails(const QString& text);
    // A line in small type under the title, hidden while empty: the Linear lab's storage of a lane of
    // 8 bits and below ("mxfp8 · floor", "e4m3 · per-tensor · saturating"), with its tooltip.
    void setSubtitle(const QString& text, const QString& toolTip = {});
    QString subtitle() const;
    void setUnavailable(const QString& reason);
    // What each big number measures and how to read it (caption and value share the tip), and the
    // details line's; a later setBigValues keeps them.
    void setRowToolTips(const QStringList& tips);
    void setDetailsToolTip(const QString& tip);
    void setValuePointSize(qreal points);  // 16 pt by default
    // A widget shown left of the numbers (the training lab's decision boundary); the numbers then
    // stack caption over value to leave it room.
    void setBody(QWidget* body);
    // The value texts as shown, for tests and the screenshot check.
    QStringList bigValueTexts() const;
    // The title band (lane colour, text) and the details line: for the contrast test.
    QLabel* titleLabel() const { return m_title; }
    QLabel* detailsLabel() const { return m_details; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void placeNumbers(bool stacked);
    // The title band in the lane's colour of the theme now set, with black or white text, whichever reads
    // better on it; an unavailable tile's reason in the window's text colour (not the disabled grey).
    void restyle();

    QString m_lane;
    QList<QLabel*> m_captions;
    QList<QLabel*> m_values;
    QLabel* m_details = nullptr;
    QLabel* m_subtitle = nullptr;
    QLabel* m_title = nullptr;
    bool m_unavailable = false;
    QHBoxLayout* m_middle = nullptr;
    QGridLayout* m_grid = nullptr;
};

}  // namespace presisi
