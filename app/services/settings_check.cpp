// SettingsReader and fitOnScreen: every saved setting checked on read, falling back with a message.
#include "settings_check.h"

#include <algorithm>
#include <cmath>

namespace presisi::services {

QString settingText(const QVariant& value) {
    QString t = value.toString();
    if (t.isEmpty() && value.isValid() && !value.canConvert<QString>()) t = QStringLiteral("(%1)").arg(value.typeName());
    QString out;
    for (const QChar c : t) out += c.isPrint() ? c : QChar(u'?');
    if (out.size() > 40) out = out.left(39) + QChar(u'…');
    return out;
}

void SettingsReader::note(const QString& key, const QString& value, const QString& why, const QString& used) {
    m_problems << QStringLiteral("%1 = %2: %3; %4 used").arg(key, value, why, used);
}

double SettingsReader::real(const QString& key, double fallback, double min, double max) {
    if (!m_s.contains(key)) return fallback;
    const QVariant v = m_s.value(key);
    bool ok = false;
    const double d = v.toDouble(&ok);
    if (ok && std::isfinite(d) && d >= min && d <= max) return d;
    note(key, settingText(v), QStringLiteral("not a number from %1 to %2").arg(min).arg(max), QString::number(fallback));
    return fallback;
}

int SettingsReader::integer(const QString& key, int fallback, int min, int max) {
    if (!m_s.contains(key)) return fallback;
    const QVariant v = m_s.value(key);
    bool ok = false;
    const qlonglong i = v.toLongLong(&ok);
    if (ok && i >= min && i <= max) return static_cast<int>(i);
    note(key, settingText(v), QStringLiteral("not an integer from %1 to %2").arg(min).arg(max), QString::number(fallback));
    return fallback;
}

bool SettingsReader::boolean(const QString& key, bool fallback) {
    if (!m_s.contains(key)) return fallback;
    const QVariant v = m_s.value(key);
    const QString t = v.toString().trimmed().toLower();
    if (v.typeId() == QMetaType::Bool) return v.toBool();
    if (t == QLatin1String("true") || t == QLatin1String("1")) return true;
    if (t == QLatin1String("false") || t == QLatin1String("0")) return false;
    note(key, settingText(v), QStringLiteral("not true or false"), fallback ? QStringLiteral("true") : QStringLiteral("false"));
    return fallback;
}

QRect fitOnScreen(const QRect& frame, const QRect& available) {
    if (!available.isValid()) return frame;
    if (available.contains(frame)) return frame;
    const int w = std::clamp(frame.width(), 1, available.width());
    const int h = std::clamp(frame.height(), 1, available.height());
    // Kept where it was as far as it fits; else pushed inside from the side it stood out of.
    const int x = std::clamp(frame.x(), available.left(), available.left() + available.width() - w);
    const int y = std::clamp(frame.y(), available.top(), available.top() + available.height() - h);
    return QRect(x, y, w, h);
}

}  // namespace presisi::services
