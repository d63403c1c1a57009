// The window's saved settings, checked as they are read: a value that is missing, of the wrong type
// or out of its range (textScale=nan, a page of 99, a 100000×100000 geometry) falls back to its
// default, and the reader says which, in one line each. Qt Core only (the fuzz target reads it too).
#pragma once

#include <QRect>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace presisi::services {

class SettingsReader {
public:
    explicit SettingsReader(QSettings& settings) : m_s(settings) {}

    // The value at `key` when it is a finite number in [min, max], else `fallback`.
    double real(const QString& key, double fallback, double min, double max);
    // The value at `key` when it is an integer in [min, max], else `fallback`.
    int integer(const QString& key, int fallback, int min, int max);
    // true/false (also 1/0 and the strings "true"/"false"), else `fallback`.
    bool boolean(const QString& key, bool fallback);

    // One line per setting that fell back: "window/textScale = nan: not a number from 1 to 2; 1 used".
    const QStringList& problems() const { return m_problems; }
    // Notes a problem found by the caller (a geometry that did not fit the screen).
    void note(const QString& key, const QString& value, const QString& why, const QString& used);

private:
    QSettings& m_s;
    QStringList m_problems;
};

// A saved value for a message: printable, at most 40 characters.
QString settingText(const QVariant& value);

// The window's frame placed on the screen: at most the available size, and moved inside it, so that
// a saved 100000×100000 or (5000, 5000) geometry opens a window that can be seen and used whole.
// `frame` and the result are in the same coordinates as `available`; a rect that fits is returned as is.
QRect fitOnScreen(const QRect& frame, const QRect& available);

}  // namespace presisi::services
