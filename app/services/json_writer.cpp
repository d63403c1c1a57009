// The streaming JSON writer shared by the CLI and the window (presisi_services).
#include "json_writer.h"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace presisi::services {

std::string JsonWriter::number(double v) {
    if (std::isnan(v)) return "\"nan\"";
    if (std::isinf(v)) return v > 0 ? "\"inf\"" : "\"-inf\"";
    if (v == std::floor(v) && std::fabs(v) < 1e15) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.0f", v);
        if (v == 0 && std::signbit(v)) return "-0";
        return buf;
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string JsonWriter::quoted(std::string_view s) {
    std::string r = "\"";
    for (char c : s) {
        switch (c) {
        case '"': r += "\\\""; break;
        case '\\': r += "\\\\"; break;
        case '\n': r += "\\n"; break;
        case '\t': r += "\\t"; break;
        case '\r': r += "\\r"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
                r += buf;
            } else {
                r += c;
            }
        }
    }
    r += '"';
    return r;
}

void JsonWriter::separator() {
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back()) m_out << ',';
        m_first.back() = false;
    }
}

JsonWriter& JsonWriter::beginObject() { separator(); m_out << '{'; m_first.push_back(true); return *this; }
JsonWriter& JsonWriter::endObject() { m_out << '}'; m_first.pop_back(); return *this; }
JsonWriter& JsonWriter::beginArray() { separator(); m_out << '['; m_first.push_back(true); return *this; }
JsonWriter& JsonWriter::endArray() { m_out << ']'; m_first.pop_back(); return *this; }

JsonWriter& JsonWriter::key(std::string_view k) {
    separator();
    m_out << quoted(k) << ':';
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::value(double v) { separator(); m_out << number(v); return *this; }
JsonWriter& JsonWriter::value(std::int64_t v) { separator(); m_out << v; return *this; }
JsonWriter& JsonWriter::value(bool v) { separator(); m_out << (v ? "true" : "false"); return *this; }
JsonWriter& JsonWriter::value(std::string_view s) { separator(); m_out << quoted(s); return *this; }
std::int64_t JsonWriter::seedAsInt64(std::uint64_t s) {
    std::int64_t v;
    std::memcpy(&v, &s, sizeof v);  // two's complement: the same 64 bits
    return v;
}

JsonWriter& JsonWriter::seed(std::uint64_t s) { return value(seedAsInt64(s)); }
JsonWriter& JsonWriter::null() { separator(); m_out << "null"; return *this; }

}  // namespace presisi::services
