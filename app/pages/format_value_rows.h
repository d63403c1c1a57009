// The Formats page's Value tab: one row per format of kEveryFormat with the typed value's stored bits, class,
// error and neighbours, and where the value sits among the formats' ranges; and the value in every format as
// the page's exports write it. Window only.
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QObject>
#include <QString>

#include "engine/format.h"

class QLabel;
class QWidget;

namespace presisi {

class BitsView;
class RangeView;

class FormatValueRows : public QObject {
    Q_OBJECT
public:
    // Makes the tab (the rows and the range view in a scroll area), which the page adds to its tabs.
    explicit FormatValueRows(QObject* parent = nullptr);
    QWidget* tab() const { return m_tab; }

    // Which rows are shown: the 32- and 16-bit compute formats, those of 8 bits and below, or both.
    void showFormats(bool compute, bool mini);
    // `value` stored in every format: each row's bits and text, and the range view's marker.
    void show(double value, Overflow overflow);
    // A row's text, indexed as kEveryFormat: "stored 65504 …".
    QString summary(int formatIndex) const;
    bool rowShown(int formatIndex) const;

    // `value` in every format, as the exports write numbers (C locale, ten digits): the CSV's header and one
    // line per format (`input` as typed), and the JSON's "formats" array.
    static QByteArray csv(double value, const QString& input, Overflow overflow);
    static QJsonArray json(double value, Overflow overflow);

private:
    QWidget* m_tab = nullptr;
    QList<QWidget*> m_rows;  // one per format of kEveryFormat
    QList<BitsView*> m_bits;
    QList<QLabel*> m_texts;
    RangeView* m_range = nullptr;
};

}  // namespace presisi
