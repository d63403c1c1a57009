// Number and name text shared by the Formats page and its value rows (FormatValueRows). Window only.
#pragma once

#include <QLocale>
#include <QString>
#include <cmath>
#include <string_view>
#include "widgets/qs.h"

namespace presisi::formats_page_detail {

inline QString num(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == 0) return std::signbit(v) ? "-0" : "0";  // the sign of zero is stored: show it
    return QString::number(v, 'g', 10);
}

// num() in the window's locale (0,1 in Indonesian), without group separators: the text reads back as a number.
inline QString numUi(double v) {
    if (!std::isfinite(v) || v == 0) return num(v);
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(v, 'g', 10);
}

}  // namespace presisi::formats_page_detail
