// MainWindow's View > Language menu: English or Bahasa Indonesia, each written in its own language so
// a person who cannot read the current one still finds theirs.
#include <QActionGroup>
#include <QMenu>

#include "language.h"
#include "main_window.h"

namespace presisi {

void MainWindow::addLanguageActions(QMenu* view) {
    QMenu* menu = view->addMenu(tr("Lan&guage"));
    auto* group = new QActionGroup(menu);
    // The names are not translated: each language is named as its speakers write it.
    const QList<QPair<QString, QString>> choices = {{QStringLiteral("en"), QStringLiteral("English")},
                                                     {QStringLiteral("id"), QStringLiteral("Bahasa Indonesia")}};
    for (const auto& [code, name] : choices) {
        QAction* a = menu->addAction(name);
        a->setCheckable(true);
        a->setChecked(language::current() == code);
        a->setData(code);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, code = code] {
            if (code == language::current()) return;
            if (m_persistent) language::saveWindowCode(code);
            emit languageChangeRequested(code);
        });
    }
}

}  // namespace presisi
