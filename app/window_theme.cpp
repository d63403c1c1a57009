// applyTheme: the two palettes (contrast ratios checked for the placeholder greys) and what an existing
// window needs beyond QApplication::setPalette.
#include "window_theme.h"

#include <QApplication>
#include <QChartView>
#include <QLineEdit>
#include <QPalette>
#include <QPlainTextEdit>
#include <QStyle>

#include "widgets/chart_style.h"
#include "widgets/lane_style.h"

namespace presisi {

void applyTheme(QWidget* window, bool dark) {
    QPalette p;
    if (dark) {
        p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        p.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
        p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
        p.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
        p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
        p.setColor(QPalette::ButtonText, QColor(0xee, 0xee, 0xee));
        p.setColor(QPalette::Highlight, QColor(0x56, 0xB4, 0xE9));
        p.setColor(QPalette::HighlightedText, Qt::black);
        p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3a));
        p.setColor(QPalette::ToolTipText, QColor(0xee, 0xee, 0xee));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x99, 0x99, 0x99));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x99, 0x99, 0x99));
        p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));  // 6.4:1 on Base (the light one was 1.3:1)
    } else {
        p = QApplication::style()->standardPalette();
        p.setColor(QPalette::PlaceholderText, QColor(0x6e, 0x6e, 0x6e));  // 5:1 on white (the style's grey is 3.9:1)
    }
    QApplication::setPalette(p);
    // Qt 6.4 gives a new PlaceholderText to widgets made from now on, not to those that exist: each field
    // showing a placeholder is given that role alone (its other roles keep following the theme).
    QPalette placeholder;
    placeholder.setColor(QPalette::PlaceholderText, p.color(QPalette::PlaceholderText));
    for (QLineEdit* e : window->findChildren<QLineEdit*>())
        if (!e->placeholderText().isEmpty()) e->setPalette(placeholder);
    for (QPlainTextEdit* e : window->findChildren<QPlainTextEdit*>())
        if (!e->placeholderText().isEmpty()) e->setPalette(placeholder);
    setDarkBackground(dark);
    setChartsDark(dark);
    for (QChartView* v : window->findChildren<QChartView*>()) applyChartColours(v->chart());
}

}  // namespace presisi
