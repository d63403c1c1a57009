// MainWindow's View > Language menu: English or Bahasa Indonesia, each written in its own language so
// a person who cannot read the current one still finds theirs; and the window rebuilt in the new
// language taking over the old one's state.
#include <QAction>
#include <QActionGroup>
#include <QMenu>

#include "language.h"
#include "main_window.h"
#include "pages/page.h"
#include "pages/training_page.h"
#include "run_controller.h"

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

void MainWindow::takeOver(MainWindow& old) {
    RunController* spare = controller();
    const QList<Page*> mine = pages(), theirs = old.pages();
    for (int i = 0; i < mine.size() && i < theirs.size(); ++i) mine[i]->takeOver(*theirs[i]);
    // The Training lab took the old window's controller: its state reaches this window from now on.
    RunController* adopted = controller();
    if (adopted != spare) {
        disconnect(spare, nullptr, this, nullptr);
        disconnect(adopted, nullptr, &old, nullptr);
        connectController(adopted);
        onStateChanged(adopted->state());
    }
    if (old.m_darkAction->isChecked() != m_darkAction->isChecked()) m_darkAction->setChecked(old.m_darkAction->isChecked());
    updateExplanation();
    updateStatus();
}

}  // namespace presisi
