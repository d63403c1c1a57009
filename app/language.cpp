// Choosing and installing the UI language: translators for Presisi and Qt, and the default locale.
#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>
#include <memory>

namespace presisi::language {

namespace {

// Owned here so that a second install replaces the first; removed from the application before deletion.
std::unique_ptr<QTranslator> g_ours;
std::unique_ptr<QTranslator> g_qt;
QString g_current = QStringLiteral("en");

void removeInstalled() {
    for (auto* t : {&g_ours, &g_qt}) {
        if (*t && QCoreApplication::instance()) QCoreApplication::removeTranslator(t->get());
        t->reset();
    }
}

}  // namespace

std::optional<QString> parseCode(const QString& text) {
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("en") || t == QLatin1String("id")) return t;
    return std::nullopt;
}

QString systemCode() {
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const QByteArray v = qgetenv(name);
        if (v.isEmpty()) continue;
        // id, id_ID, id_ID.UTF-8, id@... ; "C", "POSIX" and everything else: English.
        const bool indonesian = v == "id" || v.startsWith("id_") || v.startsWith("id.") || v.startsWith("id@");
        return indonesian ? QStringLiteral("id") : QStringLiteral("en");
    }
    return QStringLiteral("en");
}

std::string badCodeMessage(const std::string& given) {
    return "--lang: expected en (English) or id (Bahasa Indonesia), got '" + given + "'";
}

std::optional<QString> takeLangOption(std::vector<std::string>& args, std::string* error) {
    std::optional<QString> code;
    for (std::size_t i = 0; i < args.size();) {
        std::string value;
        std::size_t used = 0;
        if (args[i] == "--lang") {
            if (i + 1 >= args.size()) {
                if (error) *error = "--lang: missing value (en or id)";
                args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
                return std::nullopt;
            }
            value = args[i + 1];
            used = 2;
        } else if (args[i].rfind("--lang=", 0) == 0) {
            value = args[i].substr(7);
            used = 1;
        } else {
            ++i;
            continue;
        }
        args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i + used));
        const auto parsed = parseCode(QString::fromStdString(value));
        if (!parsed) {
            if (error) *error = badCodeMessage(value);
            return std::nullopt;
        }
        code = parsed;  // the last one wins, as with repeated Qt options
    }
    return code;
}

QLocale localeFor(const QString& code) {
    if (code == QLatin1String("id")) return QLocale(QLocale::Indonesian, QLocale::Indonesia);
    QLocale english(QLocale::English, QLocale::UnitedStates);
    english.setNumberOptions(QLocale::OmitGroupSeparator);
    return english;
}

bool install(const QString& code, bool setLocale) {
    removeInstalled();
    g_current = code == QLatin1String("id") ? code : QStringLiteral("en");
    if (setLocale) QLocale::setDefault(localeFor(g_current));
    if (g_current == QLatin1String("en")) return true;  // the source texts are English
    bool ok = true;
    g_ours = std::make_unique<QTranslator>();
    if (g_ours->load(QStringLiteral(":/i18n/presisi_%1.qm").arg(g_current))) {
        QCoreApplication::installTranslator(g_ours.get());
    } else {
        g_ours.reset();
        ok = false;
    }
    // Qt's own texts (standard buttons, file dialogs) where the system has them (qt6-translations-l10n).
    g_qt = std::make_unique<QTranslator>();
    if (g_qt->load(QStringLiteral("qtbase_%1").arg(g_current), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(g_qt.get());
    else
        g_qt.reset();
    return ok;
}

QString current() { return g_current; }

namespace {
std::unique_ptr<QTranslator> g_early;  // our translation, loaded without an application
}  // namespace

void setEarlyCode(const QString& code) {
    g_early.reset();
    if (code != QLatin1String("id")) return;
    g_early = std::make_unique<QTranslator>();
    if (!g_early->load(QStringLiteral(":/i18n/presisi_%1.qm").arg(code))) g_early.reset();
}

QString translateEarly(const char* context, const char* source) {
    if (QCoreApplication::instance() || !g_early) return QCoreApplication::translate(context, source);
    const QString t = g_early->translate(context, source);
    return t.isEmpty() ? QString::fromUtf8(source) : t;
}

QString windowCode(const std::optional<QString>& fromCommandLine, bool persistent) {
    if (fromCommandLine) return *fromCommandLine;
    if (persistent) {
        const auto saved = parseCode(QSettings().value(QStringLiteral("ui/language")).toString());
        if (saved) return *saved;
    }
    return systemCode();
}

void saveWindowCode(const QString& code) { QSettings().setValue(QStringLiteral("ui/language"), code); }

}  // namespace presisi::language
