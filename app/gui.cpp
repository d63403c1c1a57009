// Starts the window, or one of its headless modes: --screenshot (render the window to a PNG) and
// --measure-responsiveness (the event-loop latency benchmark). Bad arguments: one line, exit 2.
#include "gui.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QScreen>
#include <QTimer>
#include <cerrno>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "services/atomic_file.h"
#include "services/scenario_file.h"
#include "engine/error.h"
#include "language.h"
#include "pages/convergence_page.h"
#include "pages/speed_page.h"
#include "experiment_files.h"
#include "main_window.h"
#include "pages/formats_page.h"
#include "pages/linear_page.h"
#include "pages/presets.h"
#include "pages/training_page.h"
#include "responsiveness.h"
#include "run_controller.h"
#include "window_host.h"
#include "widgets/chart_export.h"
#include "widgets/text_scale.h"
#include "widgets/number_field.h"
#include "widgets/qs.h"

namespace presisi {

namespace {

struct GuiOptions {
    std::optional<std::string> screenshot;
    std::string page;  // linear|training|formats|speed|convergence, empty: the last page (window) or linear (screenshot)
    std::optional<std::string> preset;
    std::optional<long> steps;
    int width = 1280, height = 800;
    std::optional<std::string> value;  // Formats page value
    bool measure = false;
    double seconds = 5;
    std::optional<std::string> json;
    bool dark = false;
    std::optional<double> textScale;  // --screenshot: View > Text larger's factor (1 to 2)
    std::optional<double> pace;  // steps per second in the window (0: as fast as it goes)
    std::optional<std::string> experiment;  // FILE.presisi.json: opened in the Training lab, paused at step 0
};

struct BadArgument {
    std::string message;
};

// A window option's message in the chosen language: printed before the application exists, so
// translated straight from our translation (language::translateEarly), context "gui".
QString tx(const char* source) { return language::translateEarly("gui", source); }

long parseLong(const std::string& name, const std::string& text, long lo, long hi) {
    try {
        std::size_t used = 0;
        const long v = std::stol(text, &used);
        if (used != text.size() || v < lo || v > hi) throw 0;
        return v;
    } catch (...) {
        throw BadArgument{name + ": " + tx(QT_TRANSLATE_NOOP("gui", "expected a whole number from %1 to %2, got '%3'")).arg(lo).arg(hi).arg(qs(text)).toStdString()};
    }
}

// A real number in [lo, hi]; `expected` (a QT_TRANSLATE_NOOP of context "gui" with %1 for the text) says
// what was expected.
double parseRealIn(const std::string& name, const std::string& text, double lo, double hi, const char* expected) {
    double v = 0;
    if (!parseReal(QString::fromStdString(text), &v) || v < lo || v > hi)
        throw BadArgument{name + ": " + tx(expected).arg(qs(text)).toStdString()};
    return v;
}

GuiOptions parse(const std::vector<std::string>& args) {
    GuiOptions o;
    auto value = [&](std::size_t& i) -> std::string {
        if (i + 1 >= args.size()) throw BadArgument{args[i] + ": " + tx(QT_TRANSLATE_NOOP("gui", "missing value")).toStdString()};
        return args[++i];
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--screenshot") {
            o.screenshot = value(i);
            if (o.screenshot->empty()) throw BadArgument{"--screenshot: " + tx(QT_TRANSLATE_NOOP("gui", "empty file name")).toStdString()};
            // PNG only: a name promising another format would hold a PNG under the wrong name.
            if (!QString::fromStdString(*o.screenshot).endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
                throw BadArgument{"--screenshot: " + tx(QT_TRANSLATE_NOOP("gui", "'%1' does not end in .png (screenshots are PNG files)")).arg(qs(*o.screenshot)).toStdString()};
        } else if (a == "--page") {
            o.page = value(i);
            if (o.page != "linear" && o.page != "training" && o.page != "formats" && o.page != "speed" &&
                o.page != "convergence")
                throw BadArgument{"--page: " + tx(QT_TRANSLATE_NOOP("gui", "expected linear, training, formats, speed or convergence, got '%1'")).arg(qs(o.page)).toStdString()};
        } else if (a == "--preset") {
            o.preset = value(i);
        } else if (a == "--steps") {
            o.steps = parseLong("--steps", value(i), 1, 100000000);
        } else if (a == "--size") {
            const std::string s = value(i);
            const auto x = s.find('x');
            if (x == std::string::npos) throw BadArgument{"--size: " + tx(QT_TRANSLATE_NOOP("gui", "expected WxH such as 1280x800, got '%1'")).arg(qs(s)).toStdString()};
            o.width = static_cast<int>(parseLong("--size", s.substr(0, x), 320, 8192));
            o.height = static_cast<int>(parseLong("--size", s.substr(x + 1), 240, 8192));
        } else if (a == "--value") {
            o.value = value(i);
        } else if (a == "--measure-responsiveness") {
            o.measure = true;
        } else if (a == "--pace") {
            o.pace = parseRealIn("--pace", value(i), 0, 1e6,
                                 QT_TRANSLATE_NOOP("gui", "expected steps per second from 0 (as fast as possible) to 1e6, got '%1'"));
        } else if (a == "--seconds") {
            o.seconds = static_cast<double>(parseLong("--seconds", value(i), 1, 600));
        } else if (a == "--json") {
            o.json = value(i);
            if (o.json->empty()) throw BadArgument{"--json: " + tx(QT_TRANSLATE_NOOP("gui", "empty file name")).toStdString()};
        } else if (a == "--dark") {
            o.dark = true;
        } else if (a == "--text-scale") {
            o.textScale = parseRealIn("--text-scale", value(i), 1, 2, QT_TRANSLATE_NOOP("gui", "expected a factor from 1 to 2, got '%1'"));
        } else if (a.rfind("-", 0) == 0 && a.size() > 1 && a.rfind("-psn", 0) != 0 && a != "-platform" &&
                   a != "-style" && a != "-reverse") {
            throw BadArgument{tx(QT_TRANSLATE_NOOP("gui", "unknown option '%1' (see presisi --help)")).arg(qs(a)).toStdString()};
        } else if (a == "-platform" || a == "-style") {
            value(i);  // Qt's own options pass through to QApplication
        } else if (a.rfind("-", 0) != 0 && !o.experiment && QString::fromStdString(a).endsWith(".json", Qt::CaseInsensitive)) {
            o.experiment = a;  // an experiment or results file (docs/EXPERIMENT_FILES.md)
        } else if (a.rfind("-", 0) != 0) {
            throw BadArgument{tx(QT_TRANSLATE_NOOP("gui", "unexpected argument '%1' (see presisi --help)")).arg(qs(a)).toStdString()};
        }
    }
    if (!o.screenshot && !o.measure && o.steps)
        throw BadArgument{"--steps: " + tx(QT_TRANSLATE_NOOP("gui", "only with --screenshot or --measure-responsiveness")).toStdString()};
    if (!o.screenshot && o.textScale) throw BadArgument{"--text-scale: " + tx(QT_TRANSLATE_NOOP("gui", "only with --screenshot")).toStdString()};
    if (!o.screenshot && o.value) throw BadArgument{"--value: " + tx(QT_TRANSLATE_NOOP("gui", "only with --screenshot")).toStdString()};
    // An output that cannot be created is refused before the rendering or the measurement.
    if (o.screenshot) {
        if (const std::string why = services::outputPathProblem(*o.screenshot); !why.empty())
            throw BadArgument{"--screenshot: " + tx(QT_TRANSLATE_NOOP("gui", "cannot write '%1': %2")).arg(qs(*o.screenshot), qs(why)).toStdString()};
        // The PNG is written to a temporary and renamed over the name: never over a device or a FIFO.
        const QFileInfo target(QString::fromStdString(*o.screenshot));
        if (target.exists() && !target.isFile())
            throw BadArgument{"--screenshot: " + tx(QT_TRANSLATE_NOOP("gui", "cannot write '%1': not a regular file")).arg(qs(*o.screenshot)).toStdString()};
    }
    if (o.json && o.measure)
        if (const std::string why = services::outputPathProblem(*o.json); !why.empty())
            throw BadArgument{"--json: " + tx(QT_TRANSLATE_NOOP("gui", "cannot write '%1': %2")).arg(qs(*o.json), qs(why)).toStdString()};
    return o;
}

int pageIndex(const std::string& page) {
    if (page == "training") return MainWindow::TrainingIndex;
    if (page == "formats") return MainWindow::FormatsIndex;
    if (page == "speed") return MainWindow::SpeedIndex;
    if (page == "convergence") return MainWindow::ConvergenceIndex;
    return MainWindow::LinearIndex;
}

void waitUntil(const std::function<bool()>& done, int timeoutMs) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < timeoutMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

// Qt Charts replaces axis and series items with deleteLater(); outside a running event loop those
// would linger in the scene and be drawn over the new ones.
void settle() {
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::processEvents();
    }
}

// Standard output checked like the CLI's: a full disk or a closed pipe is an error.
int checkStdout() {
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fprintf(stderr, "presisi: cannot write to standard output: %s\n", services::errnoText(errno).c_str());
        return 1;
    }
    return 0;
}

int screenshot(MainWindow& w, const GuiOptions& o) {
    const QSize size(o.width, o.height);
    w.resize(size);
    const int page = o.page.empty() ? (o.preset || o.experiment ? MainWindow::TrainingIndex : MainWindow::LinearIndex) : pageIndex(o.page);
    w.setPage(page);
    if (o.dark) w.setDarkTheme(true);
    if (o.textScale) w.setTextScale(*o.textScale);
    w.show();
    QCoreApplication::processEvents();
    if (page == MainWindow::FormatsIndex && o.value) w.formatsPage()->setValueText(QString::fromStdString(*o.value));
    // The Linear lab computes on its worker: the picture waits for the result.
    waitUntil([&w] { return w.linearPage()->result() && !w.linearPage()->computing(); }, 600000);
    if (page == MainWindow::TrainingIndex || o.preset || o.experiment) {
        TrainingPage* tp = w.trainingPage();
        Scenario s = tp->scenarioFromControls();
        if (o.preset) {
            try {
                s = loadPresetScenario(QString::fromStdString(*o.preset));
            } catch (const std::exception& e) {
                std::fprintf(stderr, "presisi: --preset: %s\n", e.what());
                return 2;
            }
            tp->loadPreset(QString::fromStdString(*o.preset), false);
        }
        if (o.steps) s.steps = static_cast<int>(*o.steps);
        s.pace = 0;  // a screenshot shows the run's end, as fast as it can be computed
        tp->setScenario(s);
        tp->run();
        RunController* rc = tp->controller();
        waitUntil([rc] { return !rc->busy() && rc->state() != RunState::Starting; }, 600000);
        if (rc->state() == RunState::Failed)
            std::fprintf(stderr, "presisi: the run failed: %s\n", qPrintable(tp->failureText()));
    }
    // The Speed and Convergence pages show the preset's setup measured and checked.
    if (page == MainWindow::SpeedIndex && o.preset) {
        // A picture of the page, not a benchmark: products up to 1024 once each (the window's own
        // measurement goes to 2048 with repeats).
        w.speedPage()->setGemmSizes({256, 512, 1024});
        w.speedPage()->setGemmRepeats(1);
        for (SpeedPage::Section section : {SpeedPage::Throughput, SpeedPage::Memory, SpeedPage::Sweep, SpeedPage::Breakdown}) {
            w.speedPage()->run(section);
            waitUntil([&w] { return !w.speedPage()->isBusy(); }, 600000);
        }
    }
    if (page == MainWindow::ConvergenceIndex && o.preset) {
        w.convergencePage()->runCheck();
        waitUntil([&w] { return !w.convergencePage()->running(); }, 600000);
    }
    settle();
    QString why;
    if (!exportPng(&w, QString::fromStdString(*o.screenshot), ExportOptions{size, 1.0, uiScale(), {}}, &why)) {
        std::fprintf(stderr, "presisi: --screenshot: cannot write '%s': %s\n", o.screenshot->c_str(), qPrintable(why));
        return 1;
    }
    std::fprintf(stdout, "wrote %s (%dx%d)\n", o.screenshot->c_str(), o.width, o.height);
    return checkStdout();
}

}  // namespace

namespace {

QtMessageHandler g_qtMessages = nullptr;  // the handler before headlessMessages

void headlessMessages(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type <= QtWarningMsg && (message.contains(QLatin1String("propagateSizeHints")) ||
                                 message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR"))))
        return;
    if (g_qtMessages) g_qtMessages(type, context, message);
    else std::fprintf(stderr, "%s\n", qPrintable(message));
}

}  // namespace

int runGui(int argc, char** argv) {
    GuiOptions o;
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string langError;
    const std::optional<QString> lang = language::takeLangOption(args, &langError);
    if (!langError.empty()) {
        std::fprintf(stderr, "presisi: %s\n", langError.c_str());
        return 2;
    }
    language::setEarlyCode(lang.value_or(language::systemCode()));
    try {
        o = parse(args);
    } catch (const BadArgument& e) {
        std::fprintf(stderr, "presisi: %s\n", e.message.c_str());
        return 2;
    }
    // An experiment file that cannot be read is refused before anything opens, in one line.
    if (o.experiment) {
        if (o.preset) {
            std::fprintf(stderr, "presisi: %s: not with --preset (the file holds the whole scenario)\n", o.experiment->c_str());
            return 2;
        }
        try {
            services::readExperimentFile(*o.experiment);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "presisi: %s\n", e.what());
            return 2;
        }
    }
    const bool headless = o.screenshot || o.measure;
    // Headless commands answer in one line: the off-screen platform's notes about itself ("This plugin
    // does not support propagateSizeHints()", "XDG_RUNTIME_DIR not set") are not about the command.
    if (headless) g_qtMessages = qInstallMessageHandler(headlessMessages);
    if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setOrganizationName("Presisi");
    QApplication::setApplicationName("presisi");
    QApplication::setApplicationVersion("0.1.0");
    // Before any widget exists: widgets take the default locale when they are made.
    language::install(language::windowCode(lang, !headless), true);
    QFont font = QApplication::font();
    if (font.pointSizeF() < 10) font.setPointSizeF(10);
    QApplication::setFont(font);

    if (o.preset && !headless) {
        bool known = false;
        for (const PresetEntry& p : listPresets()) known = known || p.name == QString::fromStdString(*o.preset);
        if (!known) {
            std::fprintf(stderr, "presisi: --preset: %s\n",
                         qPrintable(tx(QT_TRANSLATE_NOOP("gui", "unknown preset '%1' (see presisi presets)")).arg(qs(*o.preset))));
            return 2;
        }
    }

    // The window lives in a WindowHost, which rebuilds it when View > Language changes (headless modes
    // never change it, so `w` stays valid there; the window path uses it only before the event loop).
    WindowHost host(!headless);
    MainWindow& w = *host.window();
    if (o.experiment) w.experiments()->open(QString::fromStdString(*o.experiment));
    if (o.screenshot) {
        // Inside the event loop, so deferred deletions and queued hand-overs behave as in the window.
        int rc = 0;
        QTimer::singleShot(0, &w, [&] {
            rc = screenshot(w, o);
            QCoreApplication::exit(rc);
        });
        QApplication::exec();
        return rc;
    }
    if (o.measure) {
        w.resize(o.width, o.height);
        w.show();
        QCoreApplication::processEvents();
        const ResponsivenessResult r = measureResponsiveness(w, o.seconds, o.steps ? *o.steps : 0);
        std::fputs(qPrintable(r.toText()), stdout);
        if (checkStdout() != 0) return 1;  // before the file: a failed command replaces nothing
        if (o.json) {
            // Whole or not at all: a temporary beside the file, renamed into place when complete.
            try {
                services::AtomicFile f(*o.json, "--json");
                f.stream() << r.toJson().toStdString() << '\n';
                f.commit();
            } catch (const std::exception& e) {
                std::fprintf(stderr, "presisi: %s\n", e.what());
                return 1;
            }
        }
        return 0;
    }
    if (!o.page.empty()) w.setPage(pageIndex(o.page));
    if (o.pace) w.trainingPage()->setPace(*o.pace);
    if (o.preset) {
        w.setPage(MainWindow::TrainingIndex);
        w.loadPreset(QString::fromStdString(*o.preset), true);
        if (o.pace) w.trainingPage()->setPace(*o.pace);  // the option wins over the preset's pace
    }
    w.show();
    return app.exec();
}

}  // namespace presisi
