// PageArea and the holder that keeps its page: the sizes a page's scroll area asks of the window.
#include "page_area.h"

#include <QEvent>
#include <QStyle>
#include <algorithm>

namespace presisi {

namespace {

// Holds a page inside its scroll area without a layout: a layout would pass on the page's
// height-for-width, and the scroll area would then size the page by the sum of its charts' preferred
// heights instead of fitting it to the window.
class PageHolder : public QWidget {
public:
    explicit PageHolder(QWidget* page) : m_page(page) {
        page->setParent(this);
        page->installEventFilter(this);
    }
    QSize minimumSizeHint() const override { return m_page->minimumSizeHint(); }
    QSize sizeHint() const override { return m_page->minimumSizeHint(); }

protected:
    void resizeEvent(QResizeEvent*) override { m_page->setGeometry(rect()); }
    bool eventFilter(QObject* watched, QEvent* event) override {
        // The page's minimum size may have changed (tiles built after a computation): tell the
        // scroll area and, through it, the window's layout.
        if (watched == m_page && event->type() == QEvent::LayoutRequest) {
            updateGeometry();
            for (QWidget* w = parentWidget(); w; w = w->parentWidget())
                if (auto* area = qobject_cast<QScrollArea*>(w)) {
                    area->updateGeometry();
                    area->setWidgetResizable(true);  // re-fits the holder to the viewport
                    break;
                }
        }
        return false;
    }

private:
    QWidget* m_page;
};

}  // namespace

PageArea::PageArea(QWidget* page) {
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true);
    setWidget(new PageHolder(page));
}

QSize PageArea::minimumSizeHint() const {
    const QWidget* holder = widget();
    const QWidget* top = window();
    if (!holder || !top) return QScrollArea::minimumSizeHint();
    // Bounded by a 1024x768 screen (a projector) too, not by the window alone: a bound that followed the
    // window would hold a window once widened by its widest page (the Speed page) at that width.
    const QSize need = withScrollBar(holder->minimumSizeHint());
    return {std::min(need.width(), std::max(200, std::min(top->width(), kSmallScreen.width()) - 190)),
            std::min(need.height(), std::max(200, std::min(top->height(), kSmallScreen.height()) - 110))};
}

QSize PageArea::sizeHint() const {
    const QWidget* holder = widget();
    const QWidget* top = window();
    if (!holder || !top) return QScrollArea::sizeHint();
    const QSize need = withScrollBar(holder->minimumSizeHint());
    return {std::min(need.width(), std::max(200, top->width() - 190)),
            std::min(need.height(), std::max(200, top->height() - 110))};
}

QSize PageArea::withScrollBar(QSize need) const {
    if (need.height() > viewport()->height()) need.rwidth() += style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    return need;
}

}  // namespace presisi
