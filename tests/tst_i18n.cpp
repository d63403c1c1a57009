// Bahasa Indonesia: lupdate finds no unfinished message; the window in Indonesian shows no English text
// that has an Indonesian translation; `presisi linear --lang id` prints the tutorial's lines; --lang xx is
// refused in one line; Indonesian fields read "0,1" and show 1.234,5; switching languages while a run goes
// on rebuilds the window without a crash. Expected texts are the tutorial's own
// (../shared/seed/mixed-precision-tutorial.id.txt) and the translations file itself.
#include <QAbstractButton>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDomDocument>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QProcess>
#include <QSet>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app_support.h"
#include "language.h"
#include "main_window.h"
#include "pages/presets.h"
#include "pages/training_page.h"
#include "run_controller.h"
#include "widgets/locale_number.h"
#include "widgets/number_field.h"
#include "window_host.h"
#include "widgets/chart_legend.h"

using namespace presisi;
using presisi::apptest::waitFor;

namespace {

// A displayed text as compared with a source text: the mnemonic '&' taken out, spaces trimmed.
QString plain(QString s) {
    s.replace(QLatin1String("&&"), QLatin1String("\x01"));
    s.remove(QLatin1Char('&'));
    s.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return s.trimmed();
}

// Source text -> its context, for every message of the merged translation whose Indonesian differs.
// A source some context deliberately keeps as it is ("seed" in the Linear lab) is left out: the walk
// cannot tell which context a widget's text came from.
QHash<QString, QString> translatedSources() {
    QHash<QString, QString> out;
    QSet<QString> kept;
    QFile f(QStringLiteral(PRESISI_SOURCE_DIR "/translations/presisi_id.ts"));
    if (!f.open(QIODevice::ReadOnly)) return out;
    QDomDocument doc;
    if (!doc.setContent(&f)) return out;
    const QDomNodeList contexts = doc.elementsByTagName(QStringLiteral("context"));
    for (int i = 0; i < contexts.size(); ++i) {
        const QDomElement c = contexts.at(i).toElement();
        const QString name = c.firstChildElement(QStringLiteral("name")).text();
        for (QDomElement m = c.firstChildElement(QStringLiteral("message")); !m.isNull();
             m = m.nextSiblingElement(QStringLiteral("message"))) {
            const QDomElement t = m.firstChildElement(QStringLiteral("translation"));
            const QString type = t.attribute(QStringLiteral("type"));
            if (type == QLatin1String("unfinished") || type == QLatin1String("vanished") ||
                type == QLatin1String("obsolete"))
                continue;
            const QString source = plain(m.firstChildElement(QStringLiteral("source")).text());
            if (source.isEmpty()) continue;
            if (plain(t.text()) == source) kept.insert(source);
            else out.insert(source, name);
        }
    }
    for (const QString& k : std::as_const(kept)) out.remove(k);
    return out;
}

// Every text a person can see on the window's widgets, actions and charts, with where it was found.
QList<QPair<QString, QString>> visibleTexts(QWidget* root) {
    QList<QPair<QString, QString>> texts;
    auto add = [&texts](const QString& text, const QString& where) {
        if (!text.trimmed().isEmpty()) texts.append({text, where});
    };
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    QSet<QAction*> actions;
    for (QWidget* w : widgets) {
        // Where: the widget's class and its ancestors' classes up to the page, so a failure names the place.
        QStringList chain;
        for (QWidget* p = w; p && p != root && chain.size() < 4; p = p->parentWidget())
            chain << QString::fromLatin1(p->metaObject()->className()).remove(QStringLiteral("presisi::"));
        const QString where = chain.join(QStringLiteral(" < "));
        add(w->toolTip(), where + " toolTip");
        add(w->statusTip(), where + " statusTip");
        if (w->isWindow()) add(w->windowTitle(), where + " windowTitle");
        if (auto* b = qobject_cast<QAbstractButton*>(w)) add(b->text(), where + " text");
        if (auto* l = qobject_cast<QLabel*>(w)) add(l->text(), where + " text");
        if (auto* e = qobject_cast<QLineEdit*>(w)) add(e->placeholderText(), where + " placeholderText");
        if (auto* g = qobject_cast<QGroupBox*>(w)) add(g->title(), where + " title");
        if (auto* t = qobject_cast<QTabBar*>(w))
            for (int i = 0; i < t->count(); ++i) {
                add(t->tabText(i), where + " tab");
                add(t->tabToolTip(i), where + " tab toolTip");
            }
        if (auto* t = qobject_cast<QTabWidget*>(w))
            for (int i = 0; i < t->count(); ++i) add(t->tabText(i), where + " tab");
        if (auto* c = qobject_cast<QComboBox*>(w))
            for (int i = 0; i < c->count(); ++i) {
                add(c->itemText(i), where + " item");
                add(c->itemData(i, Qt::ToolTipRole).toString(), where + " item toolTip");
            }
        if (auto* v = qobject_cast<QChartView*>(w)) {
            add(fullTitle(v->chart()), where + " chart title");
            for (QAbstractAxis* a : v->chart()->axes()) add(a->titleText(), where + " axis title");
        }
        for (QAction* a : w->actions()) actions.insert(a);
    }
    for (QAction* a : root->findChildren<QAction*>()) actions.insert(a);
    for (QAction* a : std::as_const(actions)) {
        add(a->text(), "QAction text");
        add(a->toolTip(), "QAction toolTip");
        add(a->statusTip(), "QAction statusTip");
    }
    return texts;
}

QProcess* runPresisi(const QStringList& args) {
    auto* p = new QProcess();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LC_ALL"));
    env.remove(QStringLiteral("LC_MESSAGES"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(PRESISI_EXE), args);
    p->waitForFinished(120000);
    return p;
}

}  // namespace

class TestI18n : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { language::install(QStringLiteral("en"), true); }

    // (a) scripts/translations.sh check: lupdate over the window's and the CLI's sources finds every
    // message translated in the merged file.
    void noUnfinishedMessage() {
        if (!QFileInfo::exists(QStringLiteral("/usr/lib/qt6/bin/lupdate")))
            QSKIP("lupdate missing (apt-get install qt6-l10n-tools; scripts/install-deps.sh installs it)");
        QProcess p;
        p.start(QStringLiteral("bash"), {QStringLiteral(PRESISI_SOURCE_DIR "/scripts/translations.sh"), QStringLiteral("check")});
        QVERIFY(p.waitForFinished(300000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput()) + QString::fromUtf8(p.readAllStandardError());
        if (p.exitCode() != 0) qWarning().noquote() << out.right(6000);
        QCOMPARE(p.exitCode(), 0);
    }

    // (c) The tutorial's lines, aligned as the tutorial prints them, and English unchanged by default.
    void cliLinearIndonesian() {
        std::unique_ptr<QProcess> p(runPresisi({QStringLiteral("linear"), QStringLiteral("--lang"), QStringLiteral("id")}));
        QCOMPARE(p->exitCode(), 0);
        QStringList lines;
        for (const QString& l : QString::fromUtf8(p->readAllStandardOutput()).split(QLatin1Char('\n'))) lines << l.trimmed();
        QVERIFY2(lines.contains(QStringLiteral("presisi keluaran autocast: bfloat16")), qPrintable(lines.join('\n')));
        QVERIFY2(lines.contains(QStringLiteral("selisih rata-rata        : 0.001253")), qPrintable(lines.join('\n')));
        QVERIFY2(lines.contains(QStringLiteral("korelasi arah            : 1.0")), qPrintable(lines.join('\n')));
        // Without --lang (LANG=C.UTF-8): the English lines as before.
        std::unique_ptr<QProcess> en(runPresisi({QStringLiteral("linear")}));
        const QString text = QString::fromUtf8(en->readAllStandardOutput());
        QVERIFY(text.contains(QStringLiteral("  mean absolute difference: 0.001253\n")));
        QVERIFY(text.contains(QStringLiteral("  output dtype            : bfloat16\n")));
        // The JSON does not change with the language.
        std::unique_ptr<QProcess> j1(runPresisi({QStringLiteral("linear"), QStringLiteral("--json")}));
        std::unique_ptr<QProcess> j2(runPresisi({QStringLiteral("--lang"), QStringLiteral("id"), QStringLiteral("linear"), QStringLiteral("--json")}));
        // Each lane's "seconds" is a measured time, different on every run: the rest must be identical.
        const QRegularExpression timing(QStringLiteral("\"seconds\":[-+.eE0-9]+"));
        const QString json1 = QString::fromUtf8(j1->readAllStandardOutput()).replace(timing, QString());
        const QString json2 = QString::fromUtf8(j2->readAllStandardOutput()).replace(timing, QString());
        QVERIFY(json1.contains(QStringLiteral("\"mean_abs_error\"")));
        QCOMPARE(json2, json1);
    }

    void cliBadLanguage() {
        for (const QStringList& args : {QStringList{"--lang", "xx", "linear"}, QStringList{"linear", "--lang=xx"}}) {
            std::unique_ptr<QProcess> p(runPresisi(args));
            QCOMPARE(p->exitCode(), 2);
            QVERIFY(p->readAllStandardOutput().isEmpty());
            const QString err = QString::fromUtf8(p->readAllStandardError());
            QCOMPARE(err.count(QLatin1Char('\n')), 1);
            QVERIFY2(err.startsWith(QStringLiteral("presisi: --lang:")) && err.contains(QStringLiteral("'xx'")), qPrintable(err));
        }
    }

    // Preset titles on the command line come from the window's "Preset" translations.
    void cliPresetTitlesIndonesian() {
        std::unique_ptr<QProcess> en(runPresisi({QStringLiteral("presets")}));
        std::unique_ptr<QProcess> id(runPresisi({QStringLiteral("presets"), QStringLiteral("--lang"), QStringLiteral("id")}));
        const QString first = QString::fromUtf8(en->readAllStandardOutput()).section(QLatin1Char('\n'), 0, 0);
        const QString firstId = QString::fromUtf8(id->readAllStandardOutput()).section(QLatin1Char('\n'), 0, 0);
        const QString name = first.section(QStringLiteral("  "), 0, 0);
        const QString title = first.section(QStringLiteral("  "), 1);
        QVERIFY(!title.isEmpty());
        // The expected Indonesian: the merged translation file's own entry for that title.
        QString expected;
        QFile f(QStringLiteral(PRESISI_SOURCE_DIR "/translations/presisi_id.ts"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QDomDocument doc;
        QVERIFY(doc.setContent(&f));
        const QDomNodeList messages = doc.elementsByTagName(QStringLiteral("message"));
        for (int i = 0; i < messages.size(); ++i) {
            const QDomElement m = messages.at(i).toElement();
            if (m.parentNode().firstChildElement(QStringLiteral("name")).text() == QLatin1String("Preset") &&
                m.firstChildElement(QStringLiteral("source")).text() == title)
                expected = m.firstChildElement(QStringLiteral("translation")).text();
        }
        if (expected.isEmpty()) QSKIP("the first preset's title has no Indonesian yet");
        QCOMPARE(firstId, name + QStringLiteral("  ") + expected);
    }

    // The window's option errors come before the application exists: still in the chosen language.
    void windowOptionErrorIndonesian() {
        std::unique_ptr<QProcess> p(runPresisi({QStringLiteral("--page"), QStringLiteral("nope"), QStringLiteral("--lang"), QStringLiteral("id")}));
        QCOMPARE(p->exitCode(), 2);
        QCOMPARE(QString::fromUtf8(p->readAllStandardError()),
                 QStringLiteral("presisi: --page: diharapkan linear, training, formats, speed atau convergence, didapat 'nope'\n"));
        std::unique_ptr<QProcess> en(runPresisi({QStringLiteral("--page"), QStringLiteral("nope")}));
        QCOMPARE(QString::fromUtf8(en->readAllStandardError()),
                 QStringLiteral("presisi: --page: expected linear, training, formats, speed or convergence, got 'nope'\n"));
    }

    // The system's language: LC_ALL before LC_MESSAGES before LANG.
    void systemLanguage() {
        const QByteArray all = qgetenv("LC_ALL"), msg = qgetenv("LC_MESSAGES"), lang = qgetenv("LANG");
        qunsetenv("LC_ALL");
        qunsetenv("LC_MESSAGES");
        qputenv("LANG", "id_ID.UTF-8");
        QCOMPARE(language::systemCode(), QStringLiteral("id"));
        qputenv("LC_MESSAGES", "en_US.UTF-8");
        QCOMPARE(language::systemCode(), QStringLiteral("en"));
        qputenv("LC_ALL", "id_ID");
        QCOMPARE(language::systemCode(), QStringLiteral("id"));
        qputenv("LC_ALL", "C");
        QCOMPARE(language::systemCode(), QStringLiteral("en"));
        const auto restore = [](const char* name, const QByteArray& value) {
            if (value.isNull()) qunsetenv(name);
            else qputenv(name, value);
        };
        restore("LC_ALL", all);
        restore("LC_MESSAGES", msg);
        restore("LANG", lang);
    }

    // (d) Numbers typed in a field, by one rule in both languages (widgets/locale_number.h): the one
    // '.' or ',' is the decimal mark, group separators are never read, and a single mark that could be
    // a thousands separator in the window's language is refused rather than read 1000 times off.
    // Before: Indonesian read "0.125" as 125, "0.001" as 1 and "12.345" as 12345 ("0.1" stayed 0.1),
    // and English read "2,500" as 2.5.
    void localeNumbers() {
        QVERIFY(language::install(QStringLiteral("id"), true));
        RealField field(0, 1e6);
        field.setValue(7);
        QCOMPARE(field.valueFromText(QStringLiteral("0,1")), 0.1);
        QCOMPARE(field.valueFromText(QStringLiteral("0.125")), 0.125);  // the C-locale number of every tutorial
        QCOMPARE(field.valueFromText(QStringLiteral("0.001")), 0.001);
        QCOMPARE(field.valueFromText(QStringLiteral("0,125")), 0.125);
        QCOMPARE(field.valueFromText(QStringLiteral("1e-5")), 1e-5);
        QCOMPARE(field.valueFromText(QStringLiteral("1.5")), 1.5);
        // Refused, the field keeps its value: a grouped number, and one that reads 12345 or 12.345.
        for (const QString& refused : {QStringLiteral("12.345"), QStringLiteral("1.234,5"), QStringLiteral("1.000.000")}) {
            QCOMPARE(field.valueFromText(refused), 7.0);
            QString why;
            double v = 0;
            QVERIFY2(!parseLocaleReal(refused, &v, &why) && !why.isEmpty(), qPrintable(refused));
        }
        QCOMPARE(field.valueFromText(QStringLiteral("12,345")), 12.345);  // ',' is Indonesian's decimal mark
        // Shown without group separators, so what a field shows reads back by the same rule.
        QCOMPARE(field.textFromValue(1234.5), QStringLiteral("1234,5"));
        QCOMPARE(field.textFromValue(65504), QStringLiteral("65504"));
        QCOMPARE(field.textFromValue(0.1), QStringLiteral("0,1"));
        // Typed into the field as a person would.
        QLineEdit* edit = field.findChild<QLineEdit*>();
        QVERIFY(edit);
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("0,1"));
        field.interpretText();
        QCOMPARE(field.value(), 0.1);
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("0.125"));
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(field.value(), 0.125);
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("12.345"));
        QTest::keyClick(edit, Qt::Key_Return);
        field.interpretText();
        QCOMPARE(field.value(), 0.125);  // refused: unchanged, and the field says why
        QVERIFY2(field.refusal().contains(QStringLiteral("12345")), qPrintable(field.refusal()));
        QCOMPARE(localeNumber(1234.5), QStringLiteral("1.234,5"));  // display elsewhere keeps the locale's grouping
        language::install(QStringLiteral("en"), true);
        RealField english(0, 1e6);
        english.setValue(7);
        QCOMPARE(english.textFromValue(1234.5), QStringLiteral("1234.5"));
        QCOMPARE(english.valueFromText(QStringLiteral("0.1")), 0.1);
        QCOMPARE(english.valueFromText(QStringLiteral("12.345")), 12.345);
        QCOMPARE(english.valueFromText(QStringLiteral("0,5")), 0.5);
        QCOMPARE(english.valueFromText(QStringLiteral("2,500")), 7.0);  // 2500 or 2.5: refused
        QCOMPARE(english.valueFromText(QStringLiteral("2,5")), 2.5);
        QCOMPARE(english.valueFromText(QStringLiteral("1,000,000")), 7.0);
    }

    // (b) Every page and the Training lab's views, in Indonesian: no displayed text equals an English
    // source text that the loaded translation translates.
    void windowShowsNoTranslatedEnglish() {
        const QHash<QString, QString> sources = translatedSources();
        QVERIFY(!sources.isEmpty());
        QVERIFY(language::install(QStringLiteral("id"), true));
        MainWindow w(false);
        w.resize(1280, 800);
        w.show();
        QMap<QString, QStringList> found;  // context -> texts
        auto walk = [&](const QString& view) {
            QCoreApplication::processEvents();
            for (const auto& [text, where] : visibleTexts(&w)) {
                const QString p = plain(text);
                if (sources.contains(p))
                    found[sources.value(p)] << QStringLiteral("'%1' (%2, %3)").arg(p.left(80), where, view);
            }
        };
        for (int page = 0; page < 5; ++page) {
            w.setPage(page);
            walk(QStringLiteral("page %1").arg(page));
        }
        // The Training lab after a short run (tiles, histograms, diagnostics) and in its summation view.
        w.setPage(MainWindow::TrainingIndex);
        for (const QString& preset : {QStringLiteral("underflow"), QStringLiteral("accumulation")}) {
            Scenario s = loadPresetScenario(preset);
            w.trainingPage()->loadPreset(preset, false);
            s.steps = std::min(s.steps, 60);
            s.pace = 0;
            w.trainingPage()->setScenario(s);
            w.trainingPage()->run();
            RunController* rc = w.trainingPage()->controller();
            QVERIFY(waitFor([rc] { return !rc->busy() && rc->state() != RunState::Starting; }, 120000));
            walk(QStringLiteral("training after %1").arg(preset));
        }
        if (!found.isEmpty()) {
            QStringList lines;
            for (auto it = found.constBegin(); it != found.constEnd(); ++it) {
                QStringList unique = it.value();
                unique.removeDuplicates();
                lines << QStringLiteral("%1: %2 text(s): %3").arg(it.key()).arg(unique.size()).arg(unique.mid(0, 6).join(QStringLiteral("; ")));
            }
            QFAIL(qPrintable(QStringLiteral("English shown where Indonesian exists, by context:\n") + lines.join('\n')));
        }
    }

    // Switching the language twice while a training run goes on: the window is rebuilt, its texts
    // change, the page stays, nothing crashes.
    void switchWhileTraining() {
        language::install(QStringLiteral("en"), true);
        WindowHost host(false);
        host.window()->show();
        host.window()->setPage(MainWindow::TrainingIndex);
        const auto startRun = [&host] {
            TrainingPage* tp = host.window()->trainingPage();
            Scenario s = tp->scenarioFromControls();
            s.steps = 100000;
            s.pace = 200;
            tp->setScenario(s);
            tp->run();
            RunController* rc = tp->controller();
            return waitFor([rc] { return rc->state() == RunState::Running; }, 60000);
        };
        QVERIFY(startRun());
        QCOMPARE(plain(host.window()->menuBar()->actions().first()->text()), QStringLiteral("File"));
        host.switchLanguage(QStringLiteral("id"));
        QCOMPARE(language::current(), QStringLiteral("id"));
        QCOMPARE(host.window()->page(), int(MainWindow::TrainingIndex));
        QCOMPARE(plain(host.window()->menuBar()->actions().first()->text()), QStringLiteral("Berkas"));
        QCOMPARE(host.window()->windowTitle(), QStringLiteral("Presisi — laboratorium presisi campuran"));
        QVERIFY(startRun());
        host.switchLanguage(QStringLiteral("en"));
        QCOMPARE(plain(host.window()->menuBar()->actions().first()->text()), QStringLiteral("File"));
        QCOMPARE(host.window()->page(), int(MainWindow::TrainingIndex));
        QVERIFY(startRun());
        // View > Language asks the host through the window's signal.
        QAction* indonesian = nullptr;
        for (QAction* a : host.window()->findChildren<QAction*>())
            if (a->text() == QLatin1String("Bahasa Indonesia")) indonesian = a;
        QVERIFY(indonesian);
        indonesian->trigger();
        QVERIFY(waitFor([] { return language::current() == QLatin1String("id"); }, 10000));
        QCOMPARE(plain(host.window()->menuBar()->actions().first()->text()), QStringLiteral("Berkas"));
        host.window()->controller()->stop();
        host.window()->controller()->waitForIdle();
    }
};

QTEST_MAIN(TestI18n)
#include "tst_i18n.moc"
