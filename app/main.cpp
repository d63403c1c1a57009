// Entry point of presisi: a CLI command runs headless; anything else opens the window.
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "gui.h"

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (presisi::cli::isCommandLine(args))
        return presisi::cli::run(args, std::cout, std::cerr);
    return presisi::runGui(argc, argv);
}
