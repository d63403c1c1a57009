// The language of the window and the command line: English (the source texts) or Bahasa Indonesia
// (translations/presisi_id.ts, compiled into the program under :/i18n). Qt Core only, so the CLI uses it too.
#pragma once

#include <QLocale>
#include <QString>
#include <optional>
#include <string>
#include <vector>

namespace presisi::language {

// "en" or "id"; anything else is refused by parseCode.
std::optional<QString> parseCode(const QString& text);

// The language the system asks for: LC_ALL, then LC_MESSAGES, then LANG (POSIX order); "id" when the first
// one set names Indonesian (id, id_ID, id_ID.UTF-8), "en" otherwise.
QString systemCode();

// The one line a bad --lang value gets (the caller adds "presisi: " and exits with 2).
std::string badCodeMessage(const std::string& given);

// Takes "--lang X" or "--lang=X" out of args (anywhere). Returns the code, or std::nullopt when absent;
// *error is set (and the option still removed) for a missing or unknown value.
std::optional<QString> takeLangOption(std::vector<std::string>& args, std::string* error);

// Installs the translators for code on the running QCoreApplication (ours and Qt's own qtbase_<code>
// where the system has it), replacing those of an earlier call. With setLocale, QLocale::setDefault
// follows too (the window's numbers: Indonesian 0,1 and 1.234,5); the CLI leaves the locale alone, since
// its output keeps the C locale. Returns false if our translation could not be loaded.
bool install(const QString& code, bool setLocale);

// The language installed last ("en" before any install).
QString current();

// For texts printed before the application exists (the window's option errors): the language they
// use, and source translated in it straight from our translation (no application instance needed).
// Once an application with translators exists, the same as QCoreApplication::translate.
void setEarlyCode(const QString& code);
QString translateEarly(const char* context, const char* source);

// The locale the window uses for code: Indonesian (Indonesia), or English (United States) without group
// separators, as numbers were written before the window had languages.
QLocale localeFor(const QString& code);

// The language the window starts in: --lang when given, else QSettings "ui/language" when persistent and
// set, else the system's.
QString windowCode(const std::optional<QString>& fromCommandLine, bool persistent);
void saveWindowCode(const QString& code);  // QSettings "ui/language"

}  // namespace presisi::language
