// Engine text into Qt: one conversion of UTF-8 std::string / string_view to QString for every page and widget.
#pragma once

#include <QString>
#include <string_view>

namespace presisi {

inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace presisi
