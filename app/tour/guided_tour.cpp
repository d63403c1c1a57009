// GuidedTour: the tour's panel (step k of n, title, text, Back / Next / Close), the highlight frame that
// points at each step's widget, Esc handling, and MainWindow::openGuidedTour (Help > Guided tour).
#include "guided_tour.h"

#include <QApplication>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "main_window.h"
#include "pages/training_page.h"

namespace presisi {

namespace {

constexpr int kPanelWidth = 400;  // px at text scale 1: three sentences in about eight lines
constexpr int kMargin = 12;       // from the window's edges
constexpr int kFrame = 4;         // highlight pen width

// The tour's visible widget of `w`: the highlight goes around it only when it is on screen.
bool onScreen(QWidget* w) { return w && w->isVisible() && w->width() > 0 && w->height() > 0; }

}  // namespace

TourHighlight::TourHighlight(QWidget* window) : QWidget(window) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
}

void TourHighlight::setTarget(QWidget* target) {
    m_target = target;
    follow();
}

void TourHighlight::follow() {
    QWidget* host = parentWidget();
    if (!host || !onScreen(m_target) || !host->isAncestorOf(m_target)) {
        hide();
        return;
    }
    // A scroll area shows only part of the target: frame the visible part.
    QRect r(m_target->mapTo(host, QPoint(0, 0)), m_target->size());
    for (QWidget* p = m_target->parentWidget(); p && p != host; p = p->parentWidget())
        if (auto* area = qobject_cast<QScrollArea*>(p))
            r &= QRect(area->viewport()->mapTo(host, QPoint(0, 0)), area->viewport()->size());
    // Scrolled (nearly) out of view, the step brings it in a moment later: no frame around a sliver.
    if (r.height() < std::min(20, m_target->height()) || r.width() < std::min(20, m_target->width())) {
        hide();
        return;
    }
    r.adjust(-kFrame, -kFrame, kFrame, kFrame);
    r &= host->rect();
    if (geometry() != r) setGeometry(r);
    show();
    raise();
}

void TourHighlight::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    // Orange (Okabe-Ito #E69F00) with a dark outline: visible on the light and the dark theme.
    p.setPen(QPen(QColor(0x20, 0x20, 0x20, 200), kFrame + 2));
    p.drawRoundedRect(QRectF(rect()).adjusted(kFrame / 2.0, kFrame / 2.0, -kFrame / 2.0, -kFrame / 2.0), 6, 6);
    p.setPen(QPen(QColor(0xE6, 0x9F, 0x00), kFrame));
    p.drawRoundedRect(QRectF(rect()).adjusted(kFrame / 2.0, kFrame / 2.0, -kFrame / 2.0, -kFrame / 2.0), 6, 6);
}

GuidedTour::GuidedTour(MainWindow* window) : QFrame(window), m_window(window) {
    setObjectName("guidedTour");
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    // Opaque (the window's own background colour), so what lies under the panel does not show through.
    setStyleSheet("#guidedTour { background: palette(window); border: 2px solid #E69F00; border-radius: 6px; }");
    m_highlight = new TourHighlight(window);
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(10, 8, 10, 8);
    v->setSpacing(6);
    auto* head = new QHBoxLayout();
    m_counter = new QLabel();
    m_close = new QPushButton(tr("Close"));
    m_close->setToolTip(tr("End the tour (Esc); the window stays as the step left it"));
    head->addWidget(m_counter, 1);
    head->addWidget(m_close);
    v->addLayout(head);
    m_title = new QLabel();
    QFont tf = m_title->font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.15);
    m_title->setFont(tf);
    m_title->setWordWrap(true);
    v->addWidget(m_title);
    m_body = new QLabel();
    m_body->setWordWrap(true);
    m_body->setTextFormat(Qt::PlainText);
    v->addWidget(m_body);
    auto* buttons = new QHBoxLayout();
    m_back = new QPushButton(tr("← &Back"));
    m_back->setToolTip(tr("The previous step: sets the window up for it again"));
    m_next = new QPushButton(tr("&Next →"));
    m_next->setToolTip(tr("The next step: sets the window up for it (a run still going is stopped first)"));
    buttons->addWidget(m_back);
    buttons->addStretch(1);
    buttons->addWidget(m_next);
    v->addLayout(buttons);
    connect(m_back, &QPushButton::clicked, this, &GuidedTour::back);
    connect(m_next, &QPushButton::clicked, this, &GuidedTour::next);
    connect(m_close, &QPushButton::clicked, this, &GuidedTour::closeTour);
    // The frame follows its widget as layouts change (tiles reflow, the doctor opens, a chart shown alone).
    m_follow = new QTimer(this);
    m_follow->setInterval(150);
    connect(m_follow, &QTimer::timeout, this, &GuidedTour::refresh);
    qApp->installEventFilter(this);
    hide();
}

GuidedTour::~GuidedTour() { qApp->removeEventFilter(this); }

int GuidedTour::stepCount() const { return static_cast<int>(tourSteps().size()); }

QString GuidedTour::titleText() const { return m_title->text(); }
QString GuidedTour::bodyText() const { return m_body->text(); }
QWidget* GuidedTour::target() const {
    const QList<TourStep>& steps = tourSteps();
    return m_step >= 0 && m_step < steps.size() ? steps[m_step].target(*m_window) : nullptr;
}

void GuidedTour::refresh() {
    if (isHidden()) return;
    QWidget* now = target();
    if (now != m_highlight->target()) m_highlight->setTarget(now);
    else m_highlight->follow();
    place();
}

void GuidedTour::showStep(int index) {
    const QList<TourStep>& steps = tourSteps();
    if (steps.isEmpty()) return;
    index = std::clamp(index, 0, static_cast<int>(steps.size()) - 1);
    const TourStep& s = steps[index];
    m_step = index;
    m_window->trainingPage()->suspendMomentStops(true);  // each step runs its preset to what it explains
    // Whatever the previous step started stops first, so a fast Next, Next, Back leaves one piece of work.
    stopTourWork(*m_window);
    s.setup(*m_window);
    QString text = QCoreApplication::translate("GuidedTour", s.text);
    if (s.args)
        for (const QString& a : s.args()) text = text.arg(a);
    m_counter->setText(tr("Guided tour · step %1 of %2").arg(index + 1).arg(steps.size()));
    m_title->setText(QCoreApplication::translate("GuidedTour", s.title));
    m_body->setText(text);
    m_back->setEnabled(index > 0);
    m_next->setText(index + 1 < steps.size() ? tr("&Next →") : tr("&Finish"));
    QWidget* target = s.target(*m_window);
    // In a scrolled side panel the widget is brought into view, once the step's layout has settled (a
    // section just unfolded has no height yet).
    QTimer::singleShot(100, this, [this, index] {
        QWidget* t = m_step == index ? this->target() : nullptr;
        for (QWidget* p = t ? t->parentWidget() : nullptr; p; p = p->parentWidget())
            if (auto* area = qobject_cast<QScrollArea*>(p)) {
                area->ensureWidgetVisible(t, 0, 0);
                break;
            }
        refresh();
    });
    show();
    m_highlight->setTarget(target);
    place();
    raise();
    m_follow->start();
    emit stepShown(index);
}

void GuidedTour::next() {
    if (m_step + 1 >= stepCount()) closeTour();
    else showStep(m_step + 1);
}

void GuidedTour::back() {
    if (m_step > 0) showStep(m_step - 1);
}

void GuidedTour::closeTour() {
    m_window->trainingPage()->suspendMomentStops(false);
    m_follow->stop();
    m_highlight->hide();
    hide();
}

void GuidedTour::place() {
    QWidget* host = parentWidget();
    if (!host || isHidden()) return;
    const int width = std::min(kPanelWidth * fontMetrics().height() / 16 + 80, host->width() - 2 * kMargin);
    const int height = std::min(heightForWidth(width) > 0 ? heightForWidth(width) : sizeHint().height(),
                                host->height() - 2 * kMargin);
    const QSize size(width, height);
    // The corners below the menu bar, bottom right first: the one that covers least of the target.
    const int top = kMargin + 30;
    const QList<QPoint> corners = {{host->width() - width - kMargin, host->height() - height - kMargin - 24},
                                   {kMargin, host->height() - height - kMargin - 24},
                                   {host->width() - width - kMargin, top},
                                   {kMargin, top}};
    const QRect target = m_highlight->isVisible() ? m_highlight->geometry() : QRect();
    QPoint best = corners.front();
    qint64 least = -1;
    for (const QPoint& c : corners) {
        const QRect overlap = QRect(c, size) & target;
        const qint64 area = overlap.isEmpty() ? 0 : qint64(overlap.width()) * overlap.height();
        if (least < 0 || area < least) least = area, best = c;
    }
    const QRect r(best, size);
    if (geometry() != r) setGeometry(r);
    raise();
}

bool GuidedTour::eventFilter(QObject* watched, QEvent* event) {
    // Esc ends the tour while it is shown (before the window's own Esc action: show all charts, cancel).
    if (isVisible() && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)) {
        auto* key = static_cast<QKeyEvent*>(event);
        auto* w = qobject_cast<QWidget*>(watched);
        if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier && w && w->window() == m_window) {
            if (event->type() == QEvent::ShortcutOverride) event->accept();
            else closeTour();
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

GuidedTour* MainWindow::openGuidedTour() {
    auto* tour = findChild<GuidedTour*>(QString(), Qt::FindDirectChildrenOnly);
    if (!tour) tour = new GuidedTour(this);
    tour->showStep(0);
    return tour;
}

}  // namespace presisi
