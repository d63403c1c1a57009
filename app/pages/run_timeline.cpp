// RunTimeline: the timeline row and the key-moment caption of the Training lab.
#include "run_timeline.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

#include "moment_timeline.h"

namespace presisi {

RunTimeline::RunTimeline(QWidget* parent) : QWidget(parent) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    // A key moment's caption, above the timeline that marks it.
    m_caption = new QLabel();
    m_caption->setObjectName("momentCaption");
    m_caption->setWordWrap(true);
    m_caption->setStyleSheet("QLabel { background: #fff3cd; color: #4a3500; border: 1px solid #e69f00; padding: 4px; }");
    m_caption->hide();
    column->addWidget(m_caption);
    m_row = new QHBoxLayout();
    m_slider = new MomentTimeline();
    m_slider->setEnabled(false);
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_slider->setToolTip(tr("The run's steps, when paused or finished: drag (or Home, End, arrows) to show a step's "
                            "tiles, histogram and a cursor on the charts. Play resumes from the end."));
    m_label = new QLabel(tr("timeline: run or step first"));
    m_label->setToolTip(m_slider->toolTip());
    // A fixed width, so the slider does not jump when the words change.
    m_label->setMinimumWidth(
        m_label->fontMetrics().horizontalAdvance(tr("step %1 of %2 · Play goes on from the end").arg(QStringLiteral("0000000"), QStringLiteral("0000000"))));
    m_row->addWidget(m_slider, 1);
    m_row->addWidget(m_label);
    column->addLayout(m_row);
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) { emit stepChosen(v); });
}

void RunTimeline::addLeading(QWidget* widget) { m_row->insertWidget(0, widget); }
QSlider* RunTimeline::slider() const { return m_slider; }
QString RunTimeline::text() const { return m_label->text(); }
QList<std::int64_t> RunTimeline::marks() const { return m_slider->marks(); }

void RunTimeline::showRun(std::int64_t lastStep, bool any, bool running, const std::vector<Moment>& moments) {
    m_lastStep = lastStep;
    const QSignalBlocker quiet(m_slider);
    m_slider->setEnabled(any && !running);
    m_slider->setRange(0, std::max<int>(0, static_cast<int>(lastStep)));
    markMoments(moments);
    if (running || !any) {
        m_slider->setValue(m_slider->maximum());
        m_scrubStep = -1;
    }
    m_label->setText(m_scrubStep >= 0 ? tr("step %1 of %2 · Play goes on from the end").arg(m_scrubStep).arg(lastStep)
                                      : (any ? tr("step %1 · drag to look back").arg(lastStep)
                                             : tr("timeline: run or step first")));
}

void RunTimeline::markMoments(const std::vector<Moment>& moments) {
    QList<std::int64_t> marks;
    for (const Moment& m : moments) marks << m.step;
    m_slider->setMarks(marks);
}

void RunTimeline::setScrubStep(std::int64_t step) {
    m_scrubStep = step;
    if (step < 0) return;
    const QSignalBlocker quiet(m_slider);
    m_slider->setValue(static_cast<int>(step));
}

void RunTimeline::showMoment(const std::vector<Moment>& all, int index, bool paused) {
    m_momentIndex = index;
    m_momentPaused = paused;
    if (index < 0 || index >= static_cast<int>(all.size())) {
        m_caption->hide();
        return;
    }
    // Every moment of that step (two lanes may meet theirs in the same step).
    const std::int64_t step = all[static_cast<std::size_t>(index)].step;
    QStringList lines;
    for (const Moment& m : all)
        if (m.step == step) lines << momentCaption(m).toHtmlEscaped();
    QString html = QStringLiteral("<b>%1</b> ").arg(tr("Key moment.")) + lines.join(QStringLiteral("<br>"));
    if (paused) html += QStringLiteral("<br><i>%1</i>").arg(tr("Paused here: Space goes on, N runs to the next key moment."));
    m_caption->setText(html);
    m_caption->show();
}

void RunTimeline::leaveMoment() {
    m_momentIndex = -1;
    m_momentPaused = false;  // going on: the charts get the caption's room back
    m_caption->hide();
}

QString RunTimeline::momentText() const { return m_caption->isHidden() ? QString() : m_caption->text(); }

int RunTimeline::nextMoment(const std::vector<Moment>& all, std::int64_t shown, bool wrap) const {
    if (all.empty()) return -1;
    if (m_momentIndex >= 0 && m_momentIndex + 1 < static_cast<int>(all.size()) &&
        all[static_cast<std::size_t>(m_momentIndex)].step == shown)
        return m_momentIndex + 1;  // a second moment in the same step
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].step > shown) return static_cast<int>(i);
    return wrap ? 0 : -1;
}

void RunTimeline::takeOver(const RunTimeline& old, const std::vector<Moment>& moments) {
    {
        // The handle where it was (at the end after a run: the range grew under it while it ran here).
        const QSignalBlocker quiet(m_slider);
        m_slider->setValue(old.m_slider->value());
    }
    markMoments(moments);
    if (!old.m_caption->isHidden()) showMoment(moments, old.m_momentIndex, old.m_momentPaused);
    else {
        m_momentIndex = old.m_momentIndex;
        m_momentPaused = old.m_momentPaused;
    }
}

}  // namespace presisi
