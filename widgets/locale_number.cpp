// localeNumber and parseLocaleReal: the window's numbers in the UI language's locale.
#include "locale_number.h"

#include <cmath>

#include "number_field.h"

namespace presisi {

QString localeNumber(double v, char format, int precision) {
    const QLocale locale;
    // A locale writing '.' (English, C) keeps the C notation the window always had: no group separators.
    if (locale.decimalPoint() == QLatin1String(".")) return QString::number(v, format, precision);
    return locale.toString(v, format, precision);
}

bool parseLocaleReal(const QString& text, double* value) {
    const QLocale locale;
    if (locale.decimalPoint() != QLatin1String(".")) {
        bool ok = false;
        const double v = locale.toDouble(text.trimmed(), &ok);
        if (ok && std::isfinite(v)) {
            *value = v;
            return true;
        }
    }
    return parseReal(text, value);  // C notation, ',' read as the decimal mark (English as before)
}

}  // namespace presisi
