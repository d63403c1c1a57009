// The text under each Speed chart (results, notes, errors): as tall as its text, between three and five
// lines, scrolling with the wheel and a scroll bar beyond that. Window only.
#pragma once

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <algorithm>

namespace presisi {

class SpeedTextArea : public QScrollArea {
public:
    static constexpr int kMinLines = 3;
    static constexpr int kMaxLines = 5;

    explicit SpeedTextArea(QLabel* text, QWidget* parent = nullptr) : QScrollArea(parent), m_text(text) {
        setFrameShape(QFrame::NoFrame);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        // The label is laid out here, at the viewport's width and the height its text needs there, and the
        // box's height follows it (a fixed three-line box cut longer texts).
        setWidgetResizable(false);
        setWidget(text);
        fit();
    }

    // After the text or the font changes: the label's height and the box's follow.
    void fit() {
        const int width = std::max(1, viewport()->width());
        const int need = m_text->heightForWidth(width);
        m_text->resize(width, std::max(need, 1));
        const int line = m_text->fontMetrics().lineSpacing();
        const int wanted = std::clamp(need, kMinLines * line, kMaxLines * line) + 2 * frameWidth();
        if (height() != wanted || minimumHeight() != wanted) setFixedHeight(wanted);
        verticalScrollBar()->setSingleStep(line);
    }

protected:
    bool viewportEvent(QEvent* event) override {
        if (event->type() == QEvent::Resize) fit();
        return QScrollArea::viewportEvent(event);
    }

private:
    QLabel* m_text;
};

}  // namespace presisi
