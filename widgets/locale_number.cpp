// localeNumber and parseLocaleReal: the window's numbers in the UI language's locale.
#include "locale_number.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>

#include "number_field.h"
#include "text_bounds.h"

namespace presisi {

namespace {

// A locale writing '.' (English, C) keeps the C notation the window always had: no group separators.
QString inLocale(const QLocale& locale, double v, char format, int precision) {
    if (locale.decimalPoint() == QLatin1String(".")) return QString::number(v, format, precision);
    return locale.toString(v, format, precision);
}

}  // namespace

QString localeNumber(double v, char format, int precision) { return inLocale(QLocale(), v, format, precision); }

QString displayNumber(double v, int digits) {
    if (std::isnan(v)) return QStringLiteral("nan");
    if (std::isinf(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    QString text = QLocale().toString(v, 'g', digits);
    const qsizetype e = text.indexOf(QLatin1Char('E'), 0, Qt::CaseInsensitive);
    if (e < 0) return text;
    // The exponent's digits after its sign, without leading zeros (the locale's digits are ASCII here:
    // English and Indonesian both write 0-9).
    QString exponent = text.mid(e + 1);
    const bool negative = exponent.startsWith(QLatin1Char('-'));
    if (negative || exponent.startsWith(QLatin1Char('+'))) exponent.remove(0, 1);
    while (exponent.size() > 1 && exponent.front() == QLatin1Char('0')) exponent.remove(0, 1);
    return text.left(e) + QLatin1Char('e') + (negative ? QStringLiteral("-") : QString()) + exponent;
}

QString ungroupedNumber(double v, char format, int precision) {
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(v, format, precision);
}

QString fieldNumber(double v) {
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return inLocale(locale, v, 'g', QLocale::FloatingPointShortest);
}

bool parseLocaleReal(const QString& text, double* value, QString* why) {
    const QLocale locale;
    const QString t = text.trimmed();
    const qsizetype dots = t.count(QLatin1Char('.')), commas = t.count(QLatin1Char(','));
    if (dots + commas > 1) {
        if (why)
            *why = QCoreApplication::translate("presisi::RealField",
                                               "“%1”: type one decimal mark and no thousands separators (as 1234.5)")
                       .arg(text_bounds::quoted(t, 40));
        return false;
    }
    if (dots + commas == 1) {
        // The mark the window's language puts between thousands (English ',', Indonesian '.').
        const QChar group = locale.groupSeparator().isEmpty() ? QChar() : locale.groupSeparator().front();
        const QChar mark = dots ? QLatin1Char('.') : QLatin1Char(',');
        static const QRegularExpression grouped(QStringLiteral(R"(^[+-]?[1-9]\d{0,2}[.,]\d{3}$)"));
        if (mark == group && grouped.match(t).hasMatch()) {
            if (why) {
                const qsizetype at = t.indexOf(mark);
                QString whole = t;
                whole.remove(at, 1);
                QString decimal = t;
                decimal[at] = locale.decimalPoint().front();
                *why = QCoreApplication::translate("presisi::RealField",
                                                   "“%1” could be %2 or %3: type it without the “%4”, or with another "
                                                   "number of decimals")
                           .arg(t, whole, decimal, QString(mark));
            }
            return false;
        }
    }
    double v = 0;
    if (!parseReal(t, &v)) {  // C notation, a ',' read as the decimal mark
        if (why) *why = QCoreApplication::translate("presisi::RealField", "“%1” is not a number").arg(text_bounds::quoted(t, 40));
        return false;
    }
    *value = v;
    return true;
}

}  // namespace presisi
