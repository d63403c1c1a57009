// One function per CLI command; each parses its own options and throws UsageError on a bad one.
#pragma once

#include <ostream>
#include <span>
#include <string>

#include "services/number_text.h"

namespace presisi {
struct Scenario;
}

namespace presisi::cli {

using CommandArgs = std::span<const std::string>;  // the arguments after the command's name

int cmdLinear(CommandArgs args, std::ostream& out, std::ostream& err);
int cmdInspect(CommandArgs args, std::ostream& out, std::ostream& err);
int cmdQuantize(CommandArgs args, std::ostream& out, std::ostream& err);  // `presisi quantize` (cmd_quantize.cpp)
int cmdBench(CommandArgs args, std::ostream& out, std::ostream& err);
int cmdTrain(CommandArgs args, std::ostream& out, std::ostream& err);
int runTrainGpt(CommandArgs args, std::ostream& out, std::ostream& err);  // `presisi train --model gpt` (cmd_train_gpt.cpp)
int cmdPresets(CommandArgs args, std::ostream& out, std::ostream& err);
int cmdCheck(CommandArgs args, std::ostream& out, std::ostream& err);  // `presisi check` (cmd_check.cpp)
int benchTrainCmd(CommandArgs args, std::ostream& out);  // `presisi bench train`
int benchTrainGptCmd(CommandArgs args, std::ostream& out);  // `presisi bench train --model gpt` (cmd_bench_gpt.cpp)
int benchGemmCmd(CommandArgs args, std::ostream& out, std::ostream& err);  // `presisi bench gemm` (cmd_bench_gemm.cpp)
// `presisi bench memory|sweep|breakdown` (app/cli/cmd_bench_speed.cpp); `which` is the benchmark's name.
int benchSpeedCmd(const std::string& which, CommandArgs args, std::ostream& out, std::ostream& err);
// `presisi train`'s options as a Scenario, neither validated nor run (for the fuzz target
// fuzz/fuzz_bodies.cpp). Throws UsageError naming the bad option.
Scenario trainScenarioFromArgs(CommandArgs args);

using services::pythonRound;  // app/services/number_text.h

}  // namespace presisi::cli
