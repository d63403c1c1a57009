// ChartAlone: a chart shown alone in the window (double-click on it, or Return in presentation mode). It
// moves out of its page into a page of its own in the window's stack, its text larger for the back row,
// and goes back to the exact place in its page's layout, text as before.
#pragma once

#include <QObject>

class QLayout;
class QWidget;

namespace presisi {

class ChartAlone : public QObject {
    Q_OBJECT
public:
    // The text of a chart shown alone, relative to the window's text scale.
    static constexpr double kTextFactor = 1.6;

    explicit ChartAlone(QObject* parent = nullptr);
    // The page that holds the chart shown alone; the window puts it in its stack.
    QWidget* host() const { return m_host; }
    QWidget* chart() const { return m_chart; }  // the chart shown alone, or null

    // Moves `chart` into the host; false, and nothing moved, for a chart in no layout it could go back to.
    // A chart already alone goes back first.
    bool take(QWidget* chart);
    // Puts the chart shown alone back in its place; false when none is alone.
    bool giveBack();

private:
    // Where the chart shown alone came from: its layout and its place in it.
    struct Place {
        QLayout* layout = nullptr;
        int index = 0, row = 0, column = 0, rowSpan = 1, columnSpan = 1, stretch = 0;
        bool current = false;  // the shown widget of a stacked layout
    };
    QWidget* m_host = nullptr;
    QWidget* m_chart = nullptr;
    Place m_place;
};

}  // namespace presisi
