// The bodies of the libFuzzer targets, shared by the fuzzers (fuzz/libfuzzer_main.cpp) and the Qt Test
// that replays every committed input (tests/tst_fuzz_regressions.cpp). No libFuzzer here.
#pragma once

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace presisi::fuzz {

// What an input came to. Rejected: the code under test refused it with presisi::Error or
// cli::UsageError and a non-empty message. Any other exception (std::out_of_range from a number
// parser, std::bad_alloc, std::length_error, ...) leaves the body: a finding.
enum class Outcome { Accepted, Rejected };

struct Result {
    Outcome outcome = Outcome::Accepted;
    std::string message;  // the error's text when rejected
};

// Thrown when the code under test accepted an input but broke one of its own promises (a value read
// back differently, a document that does not parse). A finding, like a crash.
class InvariantViolation : public std::logic_error {
public:
    explicit InvariantViolation(const std::string& what) : std::logic_error(what) {}
};

// The .npy reader: parseNpy on the bytes, and readNpy on the same bytes as a file; both must agree.
Result fuzzNpy(std::string_view bytes);
// A preset/experiment file: the JSON text through QJsonDocument and services::scenarioFromJson, then validate();
// and the same bytes as a file through services::readExperimentFile, with a limit of exactly its size
// (read as its text says) and one byte less (refused for its size). Outside libFuzzer (the regression
// suite), an input that begins with two spaces is padded to the real 64 MiB limit, or one byte past it.
Result fuzzScenarioJson(std::string_view bytes);
// True inside a libFuzzer process (fuzz/libfuzzer_main.cpp): the 64 MiB padding is left to the
// regression suite, so that the fuzzer keeps its speed.
inline bool g_underLibFuzzer = false;
// `presisi train`'s options (one argument per line) through cli::trainScenarioFromArgs and validate(),
// and every line through parseLane and the op/policy/format/device name parsers.
Result fuzzTrainArgs(std::string_view bytes);
// `presisi inspect` with one argument per line (values, --formats, --json), output to memory.
Result fuzzInspect(std::string_view bytes);
// A settings file (QSettings' INI format) through services::SettingsReader with the window's keys and
// ranges, and services::fitOnScreen on a geometry made of the input's bytes. Rejected: some setting
// fell back to its default (the message lists which).
Result fuzzSettings(std::string_view bytes);

struct Target {
    std::string_view name;  // directory under fuzz/corpus/ and fuzz/regressions/, executable fuzz_<name>
    Result (*body)(std::string_view bytes);
};
std::span<const Target> targets();

}  // namespace presisi::fuzz
