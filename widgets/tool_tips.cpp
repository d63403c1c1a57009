// The application-wide filter that shows long plain-text tooltips as wrapped rich text.
#include "tool_tips.h"

#include <QApplication>
#include <QHelpEvent>
#include <QTextDocument>
#include <QToolTip>
#include <QWidget>

#include "range_chart.h"

namespace presisi {

namespace {

constexpr int kWrapFrom = 70;  // characters: shorter tips fit on one line

class ToolTipWrapper : public QObject {
protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::ToolTip) return false;
        auto* widget = qobject_cast<QWidget*>(watched);
        // The range chart answers per row itself; rich text already wraps.
        if (!widget || qobject_cast<RangeChart*>(widget)) return false;
        const QString tip = widget->toolTip();
        if (tip.size() < kWrapFrom || Qt::mightBeRichText(tip)) return false;
        QString html = tip.toHtmlEscaped();
        html.replace('\n', "<br>");
        const auto* help = static_cast<QHelpEvent*>(event);
        QToolTip::showText(help->globalPos(), "<p>" + html + "</p>", widget, widget->rect());
        return true;
    }
};

}  // namespace

void wrapLongToolTips() {
    static ToolTipWrapper* wrapper = nullptr;
    if (wrapper || !qApp) return;
    wrapper = new ToolTipWrapper();
    wrapper->setParent(qApp);
    qApp->installEventFilter(wrapper);
}

}  // namespace presisi
