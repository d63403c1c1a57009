// printableText: control and invalid bytes as \xNN, valid printable UTF-8 as it is.
#include "printable_text.h"

#include <cstdint>
#include <cstdio>

namespace presisi::services {

namespace {

void escape(std::string& out, unsigned char c) {
    char b[5];
    std::snprintf(b, sizeof b, "\\x%02x", c);
    out += b;
}

// The length of the valid UTF-8 sequence at s[i] (2..4), or 0 (an invalid or truncated one, an overlong form,
// a surrogate, a code point beyond U+10FFFF).
std::size_t sequenceLength(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
    else return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        const auto t = static_cast<unsigned char>(s[i + k]);
        if ((t & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (t & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

}  // namespace

std::string printableText(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7F) escape(out, c);
            else out += static_cast<char>(c);
            ++i;
            continue;
        }
        const std::size_t n = sequenceLength(s, i);
        if (n == 0 || (n == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0)) {
            // Not UTF-8, or a C1 control: each byte shown, none passed.
            for (std::size_t k = 0; k < (n == 0 ? 1 : n); ++k) escape(out, static_cast<unsigned char>(s[i + k]));
            i += n == 0 ? 1 : n;
            continue;
        }
        out.append(s.substr(i, n));
        i += n;
    }
    return out;
}

}  // namespace presisi::services
