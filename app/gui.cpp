// Starts the window: argument handling for the GUI entry point.
#include "gui.h"

#include <QApplication>
#include <QLabel>
#include <QMainWindow>

namespace presisi {

int runGui(int argc, char** argv) {
    QApplication app(argc, argv);
    QMainWindow w;
    w.setWindowTitle("Presisi");
    w.setCentralWidget(new QLabel("Presisi"));
    w.show();
    return app.exec();
}

}  // namespace presisi
