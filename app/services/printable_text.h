// One rule for text Presisi echoes from a person or a file (an option's value, a name in an experiment file,
// a path): shown, never obeyed by the terminal. Qt-free.
#pragma once

#include <string>
#include <string_view>

namespace presisi::services {

// `s` with every byte a terminal would act on written as \xNN: C0 controls (newline, ESC, BEL, ...), DEL, the
// C1 controls U+0080..U+009F (0xC2 0x80..0x9F in UTF-8, which some terminals take as CSI), and bytes that are not
// part of valid UTF-8. Printable UTF-8 (Indonesian text, "…", "·") and a backslash pass unchanged; so a value can
// neither break a one-line error into two nor move the cursor, clear the screen or retitle the window.
std::string printableText(std::string_view s);

}  // namespace presisi::services
