// Numbers in the window's language: shown and read with QLocale() (the default locale, which the chosen
// UI language sets: Indonesian writes 0,1 and 1.234,5), never for files, JSON or the command line.
#pragma once

#include <QLocale>
#include <QString>

namespace presisi {

// v in the window's locale: 'g' with the shortest digits that read back as v by default.
QString localeNumber(double v, char format = 'g', int precision = QLocale::FloatingPointShortest);

// Reads a number typed in the window, by one rule in every language, a rule that cannot scale a
// value silently (docs/LANGUAGES.md, "Numbers typed in the window"):
//  - the decimal mark is the one '.' or ',' the text holds: "0.125", "0,125" and "1e-5" read as
//    written, in English and in Indonesian alike;
//  - group separators are never read: a text with two or more marks ("1.234,5", "1,000,000") is
//    refused;
//  - a single mark that the window's language writes between thousands, after a whole part of 1 to 3
//    digits (not 0) and before exactly 3 digits ("2,500" in English, "12.345" in Indonesian), could be
//    read either way, 1000 times apart: it is refused, with a hint to type "2500" or "2.5".
// False when the text is not one whole finite number by that rule, with the reason in *why (one
// sentence in the window's language) when given. *value is untouched on failure.
bool parseLocaleReal(const QString& text, double* value, QString* why = nullptr);

// v as tiles, captions and sentences show it: the window's locale, `digits` significant digits ('g'),
// and an exponent written as the charts' axes write it, lowercase without padding: 3.738e-8, 6.55e4
// (QLocale writes 3.738E-08); nan and ±inf as written everywhere.
QString displayNumber(double v, int digits);

// v in the window's locale without group separators ("65504" beside "65504", not "65.504" in
// Indonesian), as QLocale::toString writes it for `format` and `precision`.
QString ungroupedNumber(double v, char format, int precision);

// v as a field shows it: the window's decimal mark, no group separators (so it reads back by the rule
// above), shortest round-trip digits.
QString fieldNumber(double v);

}  // namespace presisi
