// Numbers in the window's language: shown and read with QLocale() (the default locale, which the chosen
// UI language sets: Indonesian writes 0,1 and 1.234,5), never for files, JSON or the command line.
#pragma once

#include <QLocale>
#include <QString>

namespace presisi {

// v in the window's locale: 'g' with the shortest digits that read back as v by default.
QString localeNumber(double v, char format = 'g', int precision = QLocale::FloatingPointShortest);

// Reads text typed in the window: in the window's locale first where its decimal mark is not '.'
// ("0,1", "1.234,5" in Indonesian), then as the C locale writes it ("0.1", "1e-5"); false unless the
// whole text is one finite number. *value is untouched on failure.
bool parseLocaleReal(const QString& text, double* value);

}  // namespace presisi
