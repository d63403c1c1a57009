// Entry point of presisi: a CLI command runs headless; anything else opens the window.
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "gui.h"

int main(int argc, char** argv) {
    // A closed pipe (`presisi train … | head -1`) must not kill the program silently: with SIGPIPE
    // ignored a write fails with EPIPE, and the command stops, removes its temporaries and exits 1
    // with "cannot write to standard output: Broken pipe" (docs/CLI.md).
    std::signal(SIGPIPE, SIG_IGN);
    std::vector<std::string> args(argv + 1, argv + argc);
    if (presisi::cli::isCommandLine(args))
        return presisi::cli::run(args, std::cout, std::cerr);
    return presisi::runGui(argc, argv);
}
