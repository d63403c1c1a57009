// A side-panel section that folds: a header button with an arrow, and a body shown or hidden by it,
// so a panel of many settings fits the window without scrolling.
#pragma once

#include <QWidget>

class QToolButton;

namespace presisi {

class Section : public QWidget {
    Q_OBJECT
public:
    // Takes ownership of `body`.
    Section(const QString& title, QWidget* body, bool expanded, QWidget* parent = nullptr);
    void setExpanded(bool expanded);
    bool isExpanded() const;
    QWidget* body() const { return m_body; }

signals:
    void expandedChanged(bool expanded);

private:
    QToolButton* m_header = nullptr;
    QWidget* m_body = nullptr;
};

}  // namespace presisi
