// `presisi train`'s setup options read into a Scenario (shared by `train` and `check`), and the text
// helpers of the training commands' tables.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "../../engine/training/scenario.h"
#include "args.h"

namespace presisi::cli {

// The preset (or the defaults), then every setup option given (--sizes, --lanes, --lr, ...; see
// `presisi train --help`). Throws UsageError naming the bad option.
Scenario scenarioFromParsedArgs(const ParsedArgs& a);
// The setup options scenarioFromParsedArgs reads (for commands that take `train`'s setup, as `check`).
std::vector<OptionSpec> scenarioOptionSpecs();

std::string fmtNum(double v, const char* format = "%.6g");  // "nan", "inf", "-inf" for those
std::string pad(const std::string& s, std::size_t width, bool left = false);
std::string wrap(const std::string& text, std::size_t width, const std::string& indent);
// One line: model, data, optimizer, batch, steps, seed.
std::string describe(const Scenario& s);

}  // namespace presisi::cli
