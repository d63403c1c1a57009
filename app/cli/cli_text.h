// The command line's human-readable text in the chosen language (translation context "cli"). Each text
// is written QCoreApplication::translate("cli", "...") where it is used, so lupdate finds it, and u8()
// hands it to the std::ostream as UTF-8; tables of static texts use QT_TRANSLATE_NOOP("cli", ...) and
// trCli(). JSON, CSV and their keys never go through here: they do not change with the language.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <string>

#include "widgets/qs.h"

namespace presisi::cli {

inline std::string u8(const QString& text) { return text.toStdString(); }
inline std::string trCli(const char* source) { return QCoreApplication::translate("cli", source).toStdString(); }
// A preset's title or explanation (English in resources/presets) in the chosen language: the window's
// own translations, context "Preset" (app/pages/presets.cpp). JSON keeps the English.
inline std::string presetText(const std::string& english) {
    return english.empty() ? english : QCoreApplication::translate("Preset", english.c_str()).toStdString();
}

// label padded with spaces to width characters (code points, not bytes), so the colons of a block of
// "label: value" lines stand in one column in every language.
inline std::string padLabel(const QString& label, int width) {
    return u8(label + QString(std::max(0, width - static_cast<int>(label.size())), QLatin1Char(' ')));
}

}  // namespace presisi::cli
