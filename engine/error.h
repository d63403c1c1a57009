// The engine's exception types (an error, and a cancellation asked for): what failed, where, the values involved, and a hint. No Qt here.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace presisi {

// Text from a file or an argument made fit for a one-line message: control bytes (NUL, newline, ESC,
// DEL) as \xNN, everything else (UTF-8 included) as it is. A NUL would otherwise end the message
// where it is printed, and a newline split it.
inline std::string printableText(std::string_view s) {
    static const char hex[] = "0123456789abcdef";
    std::string r;
    r.reserve(s.size());
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f) {
            r += "\\x";
            r += hex[c >> 4];
            r += hex[c & 15];
        } else {
            r += ch;
        }
    }
    return r;
}

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// Thrown out of long computations whose progress callback asked to stop; not a failure.
class Cancelled : public Error {
public:
    Cancelled() : Error("cancelled") {}
};

}  // namespace presisi
