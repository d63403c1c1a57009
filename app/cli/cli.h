// The command-line interface: `presisi <command> …` without a window. Output goes to the given
// streams so tests can run commands in-process.
#pragma once

#include <ostream>
#include <span>
#include <string>

namespace presisi::cli {

// args: everything after the program name, args[0] being the command. Returns the exit status:
// 0 success, 1 a run that failed, 2 a bad argument (one line on err naming it). --lang en|id anywhere
// chooses the language of the human-readable text (default: LC_ALL / LC_MESSAGES / LANG).
int run(std::span<const std::string> args, std::ostream& out, std::ostream& err);

// True when args[0] names a CLI command (or is --help / --version), so main() need not open a window.
bool isCommand(const std::string& first);
// True when the command line runs a CLI command: isCommand of the first argument after any leading
// --lang en|id (which run() takes out wherever it stands).
bool isCommandLine(std::span<const std::string> args);

}  // namespace presisi::cli
