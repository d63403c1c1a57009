// Help > Guided tour: a small non-modal panel over the main window that walks the tutorial's points in
// its order. Each step sets the window up (page, preset or Linear lab parameters, run), frames the one
// widget to look at, and says it in two or three sentences; Back / Next / Close (Esc).
#pragma once

#include <QFrame>
#include <QList>
#include <QPointer>
#include <QString>
#include <functional>

class QLabel;
class QPushButton;
class QTimer;

namespace presisi {

class MainWindow;

// One step: what it says (translated at display, context "GuidedTour"; %1.. filled by `args`), how it sets
// the window up, and the widget it points at.
struct TourStep {
    const char* title;
    const char* text;
    std::function<QStringList()> args;               // numbers in the window's locale; may be empty
    std::function<void(MainWindow&)> setup;
    std::function<QWidget*(MainWindow&)> target;
};

// The tutorial's points, in its order (app/tour/tour_steps.cpp).
const QList<TourStep>& tourSteps();
// Stops whatever work a step started (training run, convergence check, remedy rerun) before the next setup.
void stopTourWork(MainWindow& window);

// A frame drawn above `target` (a transparent child of the window, raised; follows it while shown).
class TourHighlight : public QWidget {
    Q_OBJECT
public:
    explicit TourHighlight(QWidget* window);
    void setTarget(QWidget* target);
    QWidget* target() const { return m_target; }
    void follow();  // to the target's current place (hidden while the target is)

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QPointer<QWidget> m_target;
};

class GuidedTour : public QFrame {
    Q_OBJECT
public:
    explicit GuidedTour(MainWindow* window);
    ~GuidedTour() override;

    int stepCount() const;
    int step() const { return m_step; }
    void showStep(int index);  // sets the window up for step `index` and points at its widget
    void next();
    void back();
    void closeTour();          // hides the panel and the frame; what the step started keeps running
    QString titleText() const;
    QString bodyText() const;
    QWidget* target() const;  // the step's widget now (a page may rebuild it, e.g. the Linear lab's tiles)
    void refresh();           // the frame to the step's widget where it is now, the panel beside it
    TourHighlight* highlight() const { return m_highlight; }
    QPushButton* nextButton() const { return m_next; }
    QPushButton* backButton() const { return m_back; }

signals:
    void stepShown(int index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void place();  // the panel in the window corner farthest from the target

    MainWindow* m_window;
    int m_step = -1;
    TourHighlight* m_highlight = nullptr;
    QLabel* m_counter = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_body = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_close = nullptr;
    QTimer* m_follow = nullptr;
};

}  // namespace presisi
