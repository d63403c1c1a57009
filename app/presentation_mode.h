// Presentation mode for a lecture hall (View > Presentation mode, F5; Esc leaves): full screen, large
// text, the page's explanation as a caption strip under the charts, a chart alone on Return, and → or
// PageDown going to the preset's next key moment (one step without moments); leaving restores the window as it was.
#pragma once

#include <QList>
#include <QObject>
#include <QRect>
#include <QString>

class QLabel;
class QShortcut;

namespace presisi {

class MainWindow;

class PresentationMode : public QObject {
    Q_OBJECT
public:
    // The text scale while presenting (the largest the window offers is 2x).
    static constexpr double kTextScale = 1.75;

    // `caption`: the strip under the charts, hidden while the mode is off (the window lays it out).
    PresentationMode(MainWindow* window, QLabel* caption);
    bool isActive() const { return m_active; }
    QLabel* caption() const { return m_caption; }
    // What the caption strip says for a page's explanation: its heading and first paragraph.
    static QString captionText(const QString& explanationHtml);

public slots:
    void enter();
    void leave();
    void toggle();
    // → / PageDown: the next thing to narrate, the preset's next key moment (TrainingPage::nextMoment),
    // or one step where the setup has none. The single place presentation mode advances the run.
    void step();
    // The caption strip follows the page and its explanation.
    void updateCaption();

private:
    MainWindow* m_window;
    QLabel* m_caption;
    QList<QShortcut*> m_keys;  // active only while presenting
    bool m_active = false;
    // What entering changed, to put back.
    QRect m_geometry;  // the normal window's
    bool m_wasFullScreen = false, m_wasMaximized = false;
    double m_textScale = 1.0;
    bool m_panelCollapsed = false;
    bool m_explanationShown = true;
};

}  // namespace presisi
