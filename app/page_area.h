// PageArea: a page's scroll area in the window's stack. It scrolls only when the page cannot fit (text at
// 2x on a small screen): no page ever widens the window, and none is cut.
#pragma once

#include <QScrollArea>
#include <QSize>

namespace presisi {

// A page's scroll area. It asks for the page's whole minimum size as long as that leaves the window
// room for the explanation panel (so a page that fits never scrolls), and for less beyond that (so
// a page enlarged by the text scale scrolls instead of widening the window).
class PageArea : public QScrollArea {
public:
    explicit PageArea(QWidget* page);
    QSize minimumSizeHint() const override;
    // The whole page where the window has room for it: a page that fits never scrolls.
    QSize sizeHint() const override;

private:
    static constexpr QSize kSmallScreen{1024, 768};
    // A page taller than the area scrolls down: its width then needs the scroll bar's beside it.
    QSize withScrollBar(QSize need) const;
};

}  // namespace presisi
