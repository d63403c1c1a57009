// RealField and SeedField: number fields whose shown text reads back as the value they hold.
#include "number_field.h"

#include <QRegularExpressionValidator>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <string>

#include "locale_number.h"

namespace presisi {

bool parseReal(const QString& text, double* value) {
    std::string s = text.trimmed().toStdString();
    std::replace(s.begin(), s.end(), ',', '.');
    if (s.empty()) return false;
    const char* first = s.data();
    if (*first == '+') ++first;
    double v = 0;
    const auto [end, ec] = std::from_chars(first, s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return false;
    *value = v;
    return true;
}

RealField::RealField(double min, double max, bool logarithmic, QWidget* parent)
    : QDoubleSpinBox(parent), m_log(logarithmic) {
    // QDoubleSpinBox rounds every value to `decimals` places: the most it allows keeps every double
    // from 1e-306 up unchanged (its 'f' rendering with 323 places reads back to the same double).
    setDecimals(DBL_MAX_10_EXP + DBL_DIG);
    setRange(min, max);
    setKeyboardTracking(false);
    setFocusPolicy(Qt::StrongFocus);
    setAccelerated(true);
}

// Shown in the window's decimal mark without group separators, read by parseLocaleReal's one rule
// (widgets/locale_number.h): "0.125" is 0.125 in every language, "1.234,5" and "2,500" are refused.
QString RealField::textFromValue(double value) const { return fieldNumber(value); }

double RealField::valueFromText(const QString& text) const {
    double v = 0;
    return parseLocaleReal(text, &v) ? v : value();
}

QValidator::State RealField::validate(QString& text, int&) const {
    double v = 0;
    if (parseLocaleReal(text, &v)) return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
    // What may still become a number while it is typed ("", "-", "1e", "1e-", "0,"), or text that
    // parseLocaleReal refuses for its marks ("2,500"): Intermediate, so fixup() says why.
    static const QRegularExpression partial(R"(^\s*[+-]?([\d.,]*)([eE][+-]?\d*)?\s*$)");
    return partial.match(text).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
}

void RealField::fixup(QString& text) const {
    double v = 0;
    QString why;
    if (parseLocaleReal(text, &v, &why)) {
        text = textFromValue(std::clamp(v, minimum(), maximum()));
        return;
    }
    // Refused: the field keeps its value and says why, where the person is looking.
    m_refusal = why;
    if (!text.trimmed().isEmpty() && isVisible())
        QToolTip::showText(mapToGlobal(QPoint(0, height())), why, const_cast<RealField*>(this), QRect(), 6000);
    text = textFromValue(value());
}

void RealField::stepBy(int steps) {
    if (!m_log) {
        QDoubleSpinBox::stepBy(steps);
        return;
    }
    // The 1-2-5 ladder: the next rung above (or below) the current value, `steps` times.
    double v = value();
    for (int i = 0; i < std::abs(steps); ++i) {
        if (v <= 0) {
            v = steps > 0 ? std::max(minimum(), 1e-6) : minimum();
            continue;
        }
        const double decade = std::pow(10.0, std::floor(std::log10(v)));
        double next = steps > 0 ? 10 * decade : decade / 10;
        for (double d : {decade / 10, decade, decade * 10})
            for (double r : {1.0, 2.0, 5.0}) {
                const double rung = r * d;
                if (steps > 0 && rung > v * (1 + 1e-9)) next = std::min(next, rung);
                if (steps < 0 && rung < v * (1 - 1e-9)) next = std::max(next, rung);
            }
        v = next;
    }
    // Rungs are written as decimal numbers (0.2, not 0.20000000000000001).
    double rounded = 0;
    if (parseReal(QString::number(v, 'g', 12), &rounded)) v = rounded;
    setValue(std::clamp(v, minimum(), maximum()));
}

void RealField::wheelEvent(QWheelEvent* event) {
    if (!hasFocus()) {
        event->ignore();  // the scroll area behind scrolls instead
        return;
    }
    QDoubleSpinBox::wheelEvent(event);
}

SeedField::SeedField(QWidget* parent) : QLineEdit(parent) {
    setValidator(new QRegularExpressionValidator(QRegularExpression(R"(\d{1,20})"), this));
    setMaxLength(20);  // 2^64 - 1 has 20 digits; setText() is not validated
    setToolTip(tr("Random seed: any integer from 0 to 18446744073709551615 (as torch.manual_seed takes it)"));
}

void SeedField::setSeed(std::uint64_t seed) { setText(QString::number(seed)); }

std::uint64_t SeedField::seed(bool* ok) const {
    const std::string s = text().trimmed().toStdString();
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    const bool good = !s.empty() && ec == std::errc() && end == s.data() + s.size();
    if (ok) *ok = good;
    return good ? v : 0;
}

}  // namespace presisi
