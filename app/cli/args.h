// Command-line argument parsing for the CLI: options, flags and positional values, where a negative
// number ("-0.1", "-0", "-inf") is a value and not an option.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "services/number_text.h"
#include "services/usage_error.h"

namespace presisi::cli {

// A bad argument: the message names it. The CLI prints "presisi: <message>" and exits with 2.
using services::UsageError;  // app/services/usage_error.h

struct OptionSpec {
    std::string name;  // without the leading "--"
    bool takesValue;
};

class ParsedArgs {
public:
    bool has(const std::string& name) const { return m_values.count(name) != 0; }
    std::optional<std::string> get(const std::string& name) const;
    const std::vector<std::string>& positionals() const { return m_positionals; }

    // Typed accessors: the default when absent, a UsageError naming the option when malformed or
    // out of range.
    std::int64_t integer(const std::string& name, std::int64_t fallback, std::int64_t min, std::int64_t max) const;
    std::uint64_t seed(const std::string& name, std::uint64_t fallback) const;  // torch.manual_seed's range
    double real(const std::string& name, double fallback, double min, double max) const;
    std::string text(const std::string& name, const std::string& fallback) const;
    std::vector<std::string> list(const std::string& name, const std::string& fallback) const;  // comma-separated

    std::map<std::string, std::string> m_values;
    std::vector<std::string> m_positionals;
};

// Throws UsageError for an unknown option, a missing value, or a repeated option.
ParsedArgs parseArgs(std::span<const std::string> args, std::span<const OptionSpec> specs);

// True for text that reads as a number ("-0.1", "1e-8", "-inf", "nan", "0x1p-24").
bool looksNumeric(const std::string& text);
using services::parseReal;  // app/services/number_text.h

std::vector<std::string> splitList(const std::string& text);

using services::shortestNumber;  // app/services/number_text.h

}  // namespace presisi::cli
