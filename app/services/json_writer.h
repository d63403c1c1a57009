// A small streaming JSON writer for the --json contracts of the CLI and the window's exports: numbers with 17 significant digits,
// non-finite numbers as the strings "inf", "-inf", "nan", seeds as exact integers (docs/CLI.md).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace presisi::services {

class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out) : m_out(out) {}

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view k);  // next value belongs to this key

    JsonWriter& value(double v);
    JsonWriter& value(float v) { return value(static_cast<double>(v)); }
    JsonWriter& value(std::int64_t v);
    JsonWriter& value(int v) { return value(static_cast<std::int64_t>(v)); }
    JsonWriter& value(bool v);
    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& null();
    // A 64-bit seed, exactly: as an int64 integer, seeds from 2^63 up as seed - 2^64 (the same 64 bits,
    // which torch.manual_seed and --seed read back as the same seed).
    JsonWriter& seed(std::uint64_t s);
    static std::int64_t seedAsInt64(std::uint64_t s);

    template <typename T>
    JsonWriter& field(std::string_view k, const T& v) { key(k); return value(v); }

    static std::string number(double v);   // 17 significant digits, or "inf"/"-inf"/"nan" quoted
    static std::string quoted(std::string_view s);

private:
    void separator();
    std::ostream& m_out;
    std::vector<bool> m_first;  // per open container: no element written yet
    bool m_afterKey = false;
};

}  // namespace presisi::services
