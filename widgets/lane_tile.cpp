// LaneTile: big numbers per lane under a coloured band naming the lane.
#include "lane_tile.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPalette>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "lane_style.h"
#include "text_scale.h"

namespace presisi {

LaneTile::LaneTile(const QString& lane, QWidget* parent) : QFrame(parent), m_lane(lane) {
    setFrameShape(QFrame::StyledPanel);
    const LaneStyle style = laneStyle(lane);
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(6, 4, 6, 4);
    v->setSpacing(2);
    auto* title = new QLabel(lane + (style.dashed && lane.contains(':') ? "  (GPU)" : ""));
    m_title = title;
    title->setToolTip(tr("The lane %1: device:format, then +ftz (subnormals flushed to zero), +native (the CPU's own "
                         "low-precision instructions) or +scaler (a loss scaler). Its colour and line pattern are the "
                         "same in every chart.").arg(lane));
    QFont tf = title->font();
    tf.setPointSizeF(12);
    tf.setBold(true);
    title->setFont(tf);
    v->addWidget(title);
    m_subtitle = new QLabel();
    QFont sf = m_subtitle->font();
    sf.setPointSizeF(10);
    sf.setBold(true);
    m_subtitle->setFont(sf);
    m_subtitle->hide();
    v->addWidget(m_subtitle);
    m_middle = new QHBoxLayout();
    m_middle->setSpacing(6);
    m_grid = new QGridLayout();
    m_grid->setHorizontalSpacing(8);
    m_grid->setVerticalSpacing(0);
    for (int i = 0; i < 3; ++i) {
        auto* caption = new QLabel();
        QFont cf = caption->font();
        cf.setPointSizeF(10);
        caption->setFont(cf);
        auto* value = new QLabel();
        QFont vf = value->font();
        vf.setPointSizeF(16);
        vf.setBold(true);
        value->setFont(vf);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_captions.append(caption);
        m_values.append(value);
    }
    placeNumbers(false);
    m_middle->addLayout(m_grid, 1);
    v->addLayout(m_middle, 1);
    m_details = new QLabel();
    QFont df = m_details->font();
    df.setPointSizeF(10);
    m_details->setFont(df);
    m_details->setWordWrap(true);
    // Two lines always, so a footer that wraps (or stops wrapping) never moves the tile's rows.
    m_details->setMinimumHeight(2 * m_details->fontMetrics().lineSpacing());
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_details);
    restyle();
    applyUiScale(this);  // a tile built while the window's text is enlarged starts enlarged
}

double contrastRatio(const QColor& a, const QColor& b) {
    const auto luminance = [](const QColor& c) {
        const auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

void LaneTile::restyle() {
    // Black or white by contrast, not by lightness: white on the f16 orange read at 2.2:1, black reads at 9:1.
    const QColor band = laneStyle(m_lane).color;
    const QColor text = contrastRatio(Qt::black, band) >= contrastRatio(Qt::white, band) ? Qt::black : Qt::white;
    m_title->setStyleSheet(
        QString("QLabel { color: %1; background: %2; padding: 1px 6px; }").arg(text.name(), band.name()));
    // The reason a tile cannot run is its content, not a greyed-out control: the disabled grey of the light
    // theme read at under 2:1 on the tile. Its palette follows the theme (set again at each change).
    QPalette p;  // no role set: the rest inherits from the tile
    if (m_unavailable)  // Text too: a selectable label draws its text through a document, in that role
        for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text})
            p.setColor(QPalette::Disabled, role, palette().color(QPalette::Active, QPalette::WindowText));
    m_details->setPalette(p);
}

void LaneTile::changeEvent(QEvent* event) {
    QFrame::changeEvent(event);
    // The window sets the palette first and the lanes' dark flag after it: restyled once both are set.
    if (event->type() == QEvent::PaletteChange) QTimer::singleShot(0, this, [this] { restyle(); });
}

void LaneTile::setSubtitle(const QString& text, const QString& toolTip) {
    m_subtitle->setText(text);
    m_subtitle->setToolTip(toolTip);
    m_subtitle->setVisible(!text.isEmpty());
}

QString LaneTile::subtitle() const { return m_subtitle->text(); }

void LaneTile::placeNumbers(bool stacked) {
    for (int i = 0; i < 3; ++i) {
        m_grid->removeWidget(m_captions[i]);
        m_grid->removeWidget(m_values[i]);
        if (stacked) {
            m_grid->addWidget(m_captions[i], 2 * i, 0);
            m_grid->addWidget(m_values[i], 2 * i + 1, 0);
        } else {
            m_grid->addWidget(m_captions[i], i, 0, Qt::AlignLeft | Qt::AlignBaseline);
            m_grid->addWidget(m_values[i], i, 1, Qt::AlignLeft | Qt::AlignBaseline);
        }
    }
    m_grid->setColumnStretch(stacked ? 0 : 1, 1);
}

void LaneTile::setBody(QWidget* body) {
    m_middle->insertWidget(0, body, 1);
    placeNumbers(true);
}

void LaneTile::setValuePointSize(qreal points) {
    for (auto* v : m_values) {
        QFont f = v->font();
        setScaledPointSize(v, "font", f, points);
        v->setFont(f);
    }
}

void LaneTile::setBigValues(const QList<QPair<QString, QString>>& values) {
    setEnabled(true);
    for (int i = 0; i < m_values.size(); ++i) {
        m_captions[i]->setText(i < values.size() ? values[i].first : QString());
        m_values[i]->setText(i < values.size() ? values[i].second : QString());
    }
}

void LaneTile::setDetails(const QString& text) {
    // Lines break between the " · " parts, not inside a short one: "overflows" and its count stay together
    // when a five-digit step pushes them to the next line, and "sat. 0.79 % / 12 %" is not cut after 0.79.
    // A long part (a sentence) still wraps at its spaces.
    constexpr int kKeptWhole = 24;
    QStringList lines = text.split('\n');
    for (QString& line : lines) {
        QStringList parts = line.split(QStringLiteral(" · "));
        for (QString& part : parts)
            if (part.size() <= kKeptWhole) {
                part.replace(' ', QChar(0x00A0));
                // '|' lets a line break after it even before a no-break space ("max |diff|" / "0.1428"): a word
                // joiner (U+2060, invisible) holds it to what follows.
                part.replace(QStringLiteral("|") + QChar(0x00A0), QStringLiteral("|") + QChar(0x2060) + QChar(0x00A0));
            }
        line = parts.join(QString(QChar(0x00A0)) + QStringLiteral("· "));  // the dot ends a line, never starts one
    }
    m_details->setText(lines.join('\n'));
}

void LaneTile::setRowToolTips(const QStringList& tips) {
    for (int i = 0; i < m_values.size(); ++i) {
        m_captions[i]->setToolTip(tips.value(i));
        m_values[i]->setToolTip(tips.value(i));
    }
}

void LaneTile::setDetailsToolTip(const QString& tip) { m_details->setToolTip(tip); }

void LaneTile::setUnavailable(const QString& reason) {
    setBigValues({});
    for (auto* c : m_captions) c->hide();
    for (auto* v : m_values) v->hide();
    m_details->setText(reason);
    m_unavailable = true;
    setEnabled(false);
    restyle();
    setToolTip(reason);
    m_details->setToolTip(reason);
}

QStringList LaneTile::bigValueTexts() const {
    QStringList out;
    for (auto* v : m_values) out << v->text();
    return out;
}

}  // namespace presisi
