// PresentationMode: what entering changes (window state, text scale, side panels, caption) and the keys
// it adds, each put back by leave().
#include "presentation_mode.h"

#include "engine/training/moments.h"

#include <QKeySequence>
#include <QLabel>
#include <QShortcut>
#include <QTextBlock>
#include <QTextDocument>
#include <algorithm>

#include "main_window.h"
#include "pages/page.h"
#include "pages/training_page.h"
#include "widgets/text_scale.h"

namespace presisi {

PresentationMode::PresentationMode(MainWindow* window, QLabel* caption) : QObject(window), m_window(window), m_caption(caption) {
    m_caption->hide();
    auto key = [this](QKeySequence sequence, auto slot) {
        auto* s = new QShortcut(sequence, m_window);
        s->setContext(Qt::WindowShortcut);
        s->setEnabled(false);
        connect(s, &QShortcut::activated, this, slot);
        m_keys << s;
    };
    key(QKeySequence(Qt::Key_Right), [this] { step(); });
    key(QKeySequence(Qt::Key_PageDown), [this] { step(); });
    // Return shows the page's current chart alone (and back), for the back row.
    auto alone = [this] {
        if (m_window->chartAlone()) m_window->showAllCharts();
        else if (Page* p = m_window->currentPage()) m_window->showChartAlone(p->currentChart());
    };
    key(QKeySequence(Qt::Key_Return), alone);
    key(QKeySequence(Qt::Key_Enter), alone);
}

void PresentationMode::toggle() {
    if (m_active) leave();
    else enter();
}

void PresentationMode::enter() {
    if (m_active) return;
    m_active = true;
    m_geometry = m_window->geometry();
    m_wasFullScreen = m_window->isFullScreen();
    m_wasMaximized = m_window->isMaximized();
    m_textScale = uiScale();
    m_panelCollapsed = m_window->trainingPage()->panelCollapsed();
    m_explanationShown = m_window->explanationShown();
    m_window->setTextScale(std::max(m_textScale, kTextScale));
    // The settings make room for the charts; the explanation moves under them as a caption.
    m_window->trainingPage()->setPanelCollapsed(true);
    m_window->setExplanationShown(false);
    updateCaption();
    m_caption->show();
    for (QShortcut* s : std::as_const(m_keys)) s->setEnabled(true);
    m_window->showFullScreen();
}

void PresentationMode::leave() {
    if (!m_active) return;
    m_active = false;
    for (QShortcut* s : std::as_const(m_keys)) s->setEnabled(false);
    if (m_window->chartAlone()) m_window->showAllCharts();
    m_caption->hide();
    m_window->setExplanationShown(m_explanationShown);
    m_window->trainingPage()->setPanelCollapsed(m_panelCollapsed);
    m_window->setTextScale(m_textScale);
    if (m_wasFullScreen) return;
    if (m_wasMaximized) m_window->showMaximized();
    else m_window->showNormal();
    if (!m_wasMaximized) m_window->setGeometry(m_geometry);
}

void PresentationMode::step() {
    // The one place presentation mode advances: to the loaded preset's next key moment (N), like the
    // next slide; a setup without key moments goes one step of every lane, as "." does.
    m_window->setPage(MainWindow::TrainingIndex);
    TrainingPage* page = m_window->trainingPage();
    if (!presetMomentKinds(page->loadedPreset().toStdString()).empty()) page->nextMoment();
    else page->stepOnce();
}

QString PresentationMode::captionText(const QString& explanationHtml) {
    // The side panel's explanation runs to several paragraphs; a strip under the charts holds what the
    // hall reads at a glance: its heading and its first paragraph.
    QTextDocument doc;
    doc.setHtml(explanationHtml);
    QString heading, body;
    for (QTextBlock b = doc.begin(); b.isValid() && body.isEmpty(); b = b.next()) {
        const QString text = b.text().trimmed();
        if (text.isEmpty()) continue;
        if (b.blockFormat().headingLevel() > 0 && heading.isEmpty()) heading = text;
        else body = text;
    }
    if (heading.isEmpty()) return body.toHtmlEscaped();
    return QStringLiteral("<b>%1</b> %2").arg(heading.toHtmlEscaped(), body.toHtmlEscaped());
}

void PresentationMode::updateCaption() {
    if (Page* p = m_window->currentPage()) m_caption->setText(captionText(p->explanation()));
}

}  // namespace presisi
