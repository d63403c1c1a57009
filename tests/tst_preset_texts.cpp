// The presets' titles and explanations are translatable: every preset of resources/presets has its title and
// explanation in the generated list (app/pages/preset_texts.cpp, so lupdate collects them), the list is what
// scripts/preset_texts.py writes now, and in Indonesian the Presets menu shows a translated title and
// explanation for every preset (a new preset without Indonesian fails here).
#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include "language.h"
#include "main_window.h"
#include "pages/preset_texts.h"
#include "pages/presets.h"

using namespace presisi;

class TestPresetTexts : public QObject {
    Q_OBJECT
private slots:
    void everyPresetsTextsAreInTheList() {
        const QList<PresetEntry> presets = listPresets();
        QVERIFY(presets.size() >= 5);
        for (const PresetEntry& p : presets) {
            const Scenario s = loadPresetScenario(p.name);  // the JSON's own (English) texts
            const PresetText* entry = nullptr;
            for (const PresetText& t : presetTexts())
                if (p.name == t.name) entry = &t;
            QVERIFY2(entry, qPrintable(p.name + ": not in app/pages/preset_texts.cpp (run scripts/preset_texts.py)"));
            QCOMPARE(QString::fromUtf8(entry->title), QString::fromStdString(s.title));
            QCOMPARE(QString::fromUtf8(entry->explanation), QString::fromStdString(s.explanation));
        }
        QCOMPARE(presetTexts().size(), presets.size());
    }

    void generatedListIsUpToDate() {
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty()) QSKIP("python3 not found");
        QProcess p;
        p.start(python, {QStringLiteral(PRESISI_SOURCE_DIR "/scripts/preset_texts.py"), "--check"});
        QVERIFY(p.waitForFinished(30000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }

    void presetsMenuIsTranslated() {
        QVERIFY(language::install("id", true));
        {
            MainWindow w(false);
            QMenu* presetsMenu = nullptr;
            for (QAction* a : w.menuBar()->actions())
                if (a->menu() && a->menu()->actions().size() == presetTexts().size()) presetsMenu = a->menu();
            QVERIFY(presetsMenu);
            for (const PresetText& t : presetTexts()) {
                const QString title = QCoreApplication::translate("Preset", t.title);
                const QString explanation = QCoreApplication::translate("Preset", t.explanation);
                QVERIFY2(title != QString::fromUtf8(t.title), t.title);  // Indonesian exists
                QVERIFY2(explanation != QString::fromUtf8(t.explanation), t.name);
                bool shown = false;
                for (QAction* a : presetsMenu->actions())
                    shown = shown || (a->text().contains(title) && a->toolTip() == explanation);
                QVERIFY2(shown, qPrintable(title));
            }
        }
        QVERIFY(language::install("en", true));
    }
};

QTEST_MAIN(TestPresetTexts)
#include "tst_preset_texts.moc"
