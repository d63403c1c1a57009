// Dispatch of `presisi <command>` and the top-level help.
#include "cli.h"

#include <QCoreApplication>
#include <cerrno>
#include <clocale>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../../engine/error.h"
#include "args.h"
#include "services/atomic_file.h"
#include "cli_text.h"
#include "services/printable_text.h"
#include "commands.h"
#include "language.h"
#include "service_names.h"

namespace presisi::cli {

namespace {

using CommandFn = int (*)(CommandArgs, std::ostream&, std::ostream&);

struct Command {
    std::string_view name;
    CommandFn fn;
    const char* summary;  // QT_TRANSLATE_NOOP("cli", ...), translated when printed
};

const Command kCommands[] = {
    {"linear", cmdLinear, QT_TRANSLATE_NOOP("cli", "the tutorial's nn.Linear example in f32, bf16 and f16 lanes, with error metrics")},
    {"inspect", cmdInspect, QT_TRANSLATE_NOOP("cli", "how values are stored in f32, bf16, f16 and the FP8/FP6/FP4/e8m0 formats: bits, class, rounding error, neighbours")},
    {"quantize", cmdQuantize, QT_TRANSLATE_NOOP("cli", "a float32 .npy tensor in FP8, MX or NVFP4 as torchao computes it: error per tensor and per block")},
    {"train", cmdTrain, QT_TRANSLATE_NOOP("cli", "train a small MLP (or, with --model gpt, a tiny transformer) in several lanes: loss, gradient underflow, loss scaler")},
    {"presets", cmdPresets, QT_TRANSLATE_NOOP("cli", "list the training presets (underflow, overflow-nan, scaler-growth, ...)")},
    {"check", cmdCheck, QT_TRANSLATE_NOOP("cli", "the convergence check: every lane over K seeds against the f32 lane's seed spread")},
    {"bench", cmdBench, QT_TRANSLATE_NOOP("cli", "benchmarks: rounding, linear, train, memory, sweep, breakdown")},
};

void printHelp(std::ostream& out) {
    out << u8(QCoreApplication::translate("cli",
                                          "Presisi - a laboratory for mixed-precision numerics (float32, bfloat16, float16)\n\n"
                                          "usage: presisi                      open the window on the tutorial's example\n"
                                          "       presisi <command> [options]  run headless\n\n"
                                          "commands:\n"));
    for (const auto& c : kCommands) {
        out << "  " << c.name;
        for (std::size_t i = c.name.size(); i < 9; ++i) out << ' ';
        out << trCli(c.summary) << '\n';
    }
    out << u8(QCoreApplication::translate(
        "cli",
        "\nwindow options:\n"
        "  --page linear|training|formats|speed|convergence   open on this page\n"
        "  --preset NAME                    load a training preset and start it\n"
        "  --dark                           dark theme (for projectors)\n"
        "  --pace STEPS_PER_SECOND          training pace (0: as fast as possible; presets bring their own)\n"
        "  --screenshot FILE [--page P] [--preset NAME] [--steps N] [--size WxH] [--value V]\n"
        "               [--text-scale F]    render the window off-screen to FILE (a .png) and exit;\n"
        "                                   F: text size 1 to 2, as View > Text larger\n"
        "  --measure-responsiveness [--seconds S] [--json FILE]\n"
        "                                   event-loop latency while four lanes train\n"
        "  --measure-responsiveness --steps N [--json FILE]\n"
        "                                   the soak: N steps of four lanes (2-16-3), resident memory\n"
        "                                   sampled every second\n"
        "\nwindow and commands:\n"
        "  --lang en|id                     English or Bahasa Indonesia (default: the system's, LANG)\n"
        "\nExit status: 0 done, 1 a failure while running or writing, 2 a bad argument or a refused run,\n"
        "130/143/129 interrupted by SIGINT/SIGTERM/SIGHUP ('train' writes the steps done; the other commands\n"
        "leave their outputs as they were). See docs/CLI.md.\n"
        "\nRun 'presisi <command> --help' for a command's options.\n"));
}

// Every command's output is checked: a full disk or a closed pipe is an error, not a success.
int checked(int status, std::ostream& out, std::ostream& err, const std::string& who) {
    int error = errno;  // a write that failed earlier left its reason here
    if (out) {
        errno = 0;
        out.flush();
        error = errno;
    }
    if (out) return status;
    err << who << ": " << u8(QCoreApplication::translate("cli", "cannot write to standard output: %1").arg(qs(errnoText(error)))) << '\n';
    return 1;
}

// The CLI's language for one run: Indonesian installs our translator, on a QCoreApplication made for
// the purpose when the program has none (translators live on the application instance). The C
// library's locale is put back after the application's constructor (which adopts the system's), since
// the command line writes numbers in the C locale.
class CliLanguage {
public:
    explicit CliLanguage(const QString& code) {
        if (code == QLatin1String("en") && language::current() == QLatin1String("en")) return;
        if (!QCoreApplication::instance()) {
            const std::string saved = std::setlocale(LC_ALL, nullptr);
            m_app = std::make_unique<QCoreApplication>(m_argc, m_argv);
            std::setlocale(LC_ALL, saved.c_str());
        }
        m_previous = language::current();
        language::install(code, false);
        m_installed = true;
    }
    ~CliLanguage() {
        if (m_installed) language::install(m_app ? QStringLiteral("en") : m_previous, false);
    }
    CliLanguage(const CliLanguage&) = delete;
    CliLanguage& operator=(const CliLanguage&) = delete;

private:
    int m_argc = 1;
    char m_name[8] = "presisi";
    char* m_argv[2] = {m_name, nullptr};
    std::unique_ptr<QCoreApplication> m_app;
    QString m_previous;
    bool m_installed = false;
};

}  // namespace

bool isCommandLine(std::span<const std::string> args) {
    // "presisi --lang id linear": the language option may come before the command.
    std::size_t i = 0;
    while (i < args.size() && (args[i] == "--lang" || args[i].rfind("--lang=", 0) == 0)) i += args[i] == "--lang" ? 2 : 1;
    return i < args.size() && isCommand(args[i]);
}

bool isCommand(const std::string& first) {
    if (first == "--help" || first == "-h" || first == "help" || first == "--version") return true;
    for (const auto& c : kCommands)
        if (c.name == first) return true;
    return false;
}

int run(std::span<const std::string> given, std::ostream& out, std::ostream& err) {
    // --lang first, before anything prints: a bad value is one line and exit 2, in English.
    std::vector<std::string> argv(given.begin(), given.end());
    std::string langError;
    const auto lang = language::takeLangOption(argv, &langError);
    if (!langError.empty()) {
        err << "presisi: " << services::printableText(langError) << '\n';
        return 2;
    }
    const CliLanguage scope(lang.value_or(language::systemCode()));
    const std::span<const std::string> args(argv);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        printHelp(out);
        return checked(0, out, err, "presisi");
    }
    if (args[0] == "--version") {
        out << "presisi 0.1.0\n";
        return checked(0, out, err, "presisi");
    }
    for (const auto& c : kCommands) {
        if (c.name != args[0]) continue;
        try {
            return checked(c.fn(args.subspan(1), out, err), out, err, "presisi " + std::string(c.name));
        } catch (const UsageError& e) {
            // Every message may quote a value from an argument or a file: shown, never obeyed by the terminal.
            err << "presisi " << c.name << ": " << services::printableText(e.what()) << '\n';
            return 2;
        } catch (const presisi::Error& e) {
            err << "presisi " << c.name << ": " << services::printableText(e.what()) << '\n';
            return 1;
        } catch (const std::bad_alloc&) {
            err << "presisi " << c.name << ": " << u8(QCoreApplication::translate("cli", "out of memory (try smaller sizes)")) << '\n';
            return 1;
        } catch (const std::exception& e) {
            err << "presisi " << c.name << ": " << services::printableText(e.what()) << '\n';
            return 1;
        }
    }
    err << "presisi: " << u8(QCoreApplication::translate("cli", "unknown command '%1' (try 'presisi --help')").arg(qs(services::printableText(args[0])))) << '\n';
    return 2;
}

}  // namespace presisi::cli
