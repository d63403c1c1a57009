// Command-line argument parsing for the CLI.
#include "args.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "cli_text.h"

namespace presisi::cli {

bool looksNumeric(const std::string& text) { return parseReal(text).has_value(); }

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::string cur;
    for (char c : text) {
        if (c == ',') {
            items.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    items.push_back(cur);
    return items;
}

std::optional<std::string> ParsedArgs::get(const std::string& name) const {
    auto it = m_values.find(name);
    if (it == m_values.end()) return std::nullopt;
    return it->second;
}

std::int64_t ParsedArgs::integer(const std::string& name, std::int64_t fallback, std::int64_t min,
                                 std::int64_t max) const {
    const auto v = get(name);
    if (!v) return fallback;
    const std::string& s = *v;
    char* end = nullptr;
    errno = 0;
    const long long parsed = s.empty() ? 0 : std::strtoll(s.c_str(), &end, 10);
    if (s.empty() || end != s.c_str() + s.size() || errno == ERANGE || parsed < min || parsed > max)
        throw UsageError("--" + name + ": " +
                         u8(QCoreApplication::translate("cli", "expected an integer from %1 to %2, got '%3'")
                                .arg(min)
                                .arg(max)
                                .arg(qs(s))));
    return parsed;
}

std::uint64_t ParsedArgs::seed(const std::string& name, std::uint64_t fallback) const {
    const auto v = get(name);
    if (!v) return fallback;
    const std::string& s = *v;
    char* end = nullptr;
    errno = 0;
    if (!s.empty() && s[0] == '-') {
        const long long parsed = std::strtoll(s.c_str(), &end, 10);
        if (end == s.c_str() + s.size() && errno != ERANGE) return static_cast<std::uint64_t>(parsed);
    } else if (!s.empty()) {
        const unsigned long long parsed = std::strtoull(s.c_str(), &end, 10);
        if (end == s.c_str() + s.size() && errno != ERANGE) return parsed;
    }
    throw UsageError("--" + name + ": " +
                     u8(QCoreApplication::translate("cli", "expected an integer seed (as torch.manual_seed takes), got '%1'")
                            .arg(qs(s))));
}

double ParsedArgs::real(const std::string& name, double fallback, double min, double max) const {
    const auto v = get(name);
    if (!v) return fallback;
    const auto parsed = parseReal(*v);
    if (!parsed || !std::isfinite(*parsed) || *parsed < min || *parsed > max)
        throw UsageError("--" + name + ": " +
                         u8(QCoreApplication::translate("cli", "expected a number from %1 to %2, got '%3'")
                                .arg(qs(shortestNumber(min)), qs(shortestNumber(max)), qs(*v))));
    return *parsed;
}

std::string ParsedArgs::text(const std::string& name, const std::string& fallback) const {
    const auto v = get(name);
    return v ? *v : fallback;
}

std::vector<std::string> ParsedArgs::list(const std::string& name, const std::string& fallback) const {
    return splitList(text(name, fallback));
}

ParsedArgs parseArgs(std::span<const std::string> args, std::span<const OptionSpec> specs) {
    ParsedArgs parsed;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool isOption = a.size() > 1 && a[0] == '-' && !looksNumeric(a);
        if (!isOption) {
            parsed.m_positionals.push_back(a);
            continue;
        }
        if (a.rfind("--", 0) != 0 || a.size() == 2)
            throw UsageError(u8(QCoreApplication::translate("cli", "unknown option '%1'").arg(qs(a))));
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        const OptionSpec* spec = nullptr;
        for (const auto& s : specs)
            if (s.name == name) spec = &s;
        if (!spec) throw UsageError(u8(QCoreApplication::translate("cli", "unknown option '%1'").arg(qs("--" + name))));
        if (parsed.has(name)) throw UsageError(u8(QCoreApplication::translate("cli", "%1 given twice").arg(qs("--" + name))));
        if (spec->takesValue) {
            if (inlineValue) {
                parsed.m_values[name] = *inlineValue;
            } else {
                if (i + 1 >= args.size())
                    throw UsageError(u8(QCoreApplication::translate("cli", "%1 needs a value").arg(qs("--" + name))));
                parsed.m_values[name] = args[++i];
            }
        } else {
            if (inlineValue) throw UsageError(u8(QCoreApplication::translate("cli", "%1 takes no value").arg(qs("--" + name))));
            parsed.m_values[name] = "";
        }
    }
    return parsed;
}

}  // namespace presisi::cli
