// A strict .npy reader: the magic string, the header's Python dict literal, dtype, order, shape and the
// data length are all checked, and every problem names the file. No Qt here.
#include "npy.h"

#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "../error.h"

namespace presisi {

namespace {

[[noreturn]] void fail(const std::string& name, const std::string& what) { throw Error(name + ": " + what); }

class HeaderParser {
public:
    HeaderParser(std::string_view text, const std::string& name) : m_s(text), m_name(name) {}

    void skipSpace() {
        while (m_i < m_s.size() && (m_s[m_i] == ' ' || m_s[m_i] == '\t' || m_s[m_i] == '\n' || m_s[m_i] == '\r')) ++m_i;
    }
    bool peek(char c) {
        skipSpace();
        return m_i < m_s.size() && m_s[m_i] == c;
    }
    void expect(char c, const char* where) {
        skipSpace();
        if (m_i >= m_s.size() || m_s[m_i] != c)
            fail(m_name, std::string("malformed .npy header: expected '") + c + "' " + where);
        ++m_i;
    }
    std::string string() {
        skipSpace();
        if (m_i >= m_s.size() || (m_s[m_i] != '\'' && m_s[m_i] != '"')) fail(m_name, "malformed .npy header: expected a quoted string");
        const char q = m_s[m_i++];
        const auto end = m_s.find(q, m_i);
        if (end == std::string_view::npos) fail(m_name, "malformed .npy header: unterminated string");
        std::string r(m_s.substr(m_i, end - m_i));
        m_i = end + 1;
        return r;
    }
    bool boolean() {
        skipSpace();
        if (m_s.substr(m_i, 4) == "True") { m_i += 4; return true; }
        if (m_s.substr(m_i, 5) == "False") { m_i += 5; return false; }
        fail(m_name, "malformed .npy header: fortran_order must be True or False");
    }
    std::vector<std::int64_t> shape() {
        expect('(', "to open the shape");
        std::vector<std::int64_t> dims;
        while (!peek(')')) {
            skipSpace();
            std::size_t start = m_i;
            while (m_i < m_s.size() && std::isdigit(static_cast<unsigned char>(m_s[m_i]))) ++m_i;
            if (start == m_i) fail(m_name, "malformed .npy header: shape entries must be non-negative integers");
            if (m_i - start > 15) fail(m_name, "malformed .npy header: shape entry too large");
            dims.push_back(std::stoll(std::string(m_s.substr(start, m_i - start))));
            if (peek(',')) ++m_i;
            else if (!peek(')')) fail(m_name, "malformed .npy header: expected ',' or ')' in the shape");
        }
        ++m_i;
        return dims;
    }
    bool atEnd() {
        skipSpace();
        return m_i >= m_s.size();
    }

private:
    std::string_view m_s;
    std::size_t m_i = 0;
    const std::string& m_name;
};

template <typename T>
T load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

std::string header(const std::string& dict) {
    // Version 1.0: magic, 1, 0, uint16 length; the whole preamble padded with spaces to a multiple of 64, ending in '\n'.
    std::string h = dict;
    const std::size_t preamble = 10;
    while ((preamble + h.size() + 1) % 64 != 0) h += ' ';
    h += '\n';
    std::string out("\x93NUMPY\x01\x00", 8);
    out += static_cast<char>(h.size() & 0xff);
    out += static_cast<char>((h.size() >> 8) & 0xff);
    return out + h;
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        s += std::to_string(shape[i]);
        if (shape.size() == 1 || i + 1 < shape.size()) s += ",";
        if (i + 1 < shape.size()) s += " ";
    }
    return s + ")";
}

}  // namespace

std::int64_t NpyArray::size() const {
    // An empty dimension empties the array whatever the others are, and their product need not fit.
    for (auto d : shape)
        if (d == 0) return 0;
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
}

NpyArray parseNpy(const std::string& bytes, const std::string& name) {
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
        fail(name, "not a .npy file (missing the \\x93NUMPY magic string)");
    const int major = static_cast<unsigned char>(bytes[6]);
    std::size_t headerLen = 0, offset = 0;
    if (major == 1) {
        headerLen = static_cast<unsigned char>(bytes[8]) | (static_cast<std::size_t>(static_cast<unsigned char>(bytes[9])) << 8);
        offset = 10;
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) fail(name, "truncated .npy header");
        headerLen = 0;
        for (int i = 0; i < 4; ++i) headerLen |= static_cast<std::size_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        offset = 12;
    } else {
        fail(name, "unsupported .npy version " + std::to_string(major) + "." + std::to_string(static_cast<unsigned char>(bytes[7])));
    }
    if (bytes.size() < offset + headerLen) fail(name, "truncated .npy header (file shorter than its header length)");
    const std::string_view text(bytes.data() + offset, headerLen);

    HeaderParser p(text, name);
    std::optional<std::string> descr;
    std::optional<bool> fortran;
    std::optional<std::vector<std::int64_t>> shape;
    p.expect('{', "at the start of the header");
    while (!p.peek('}')) {
        const std::string key = p.string();
        p.expect(':', "after a header key");
        if (key == "descr") {
            if (descr) fail(name, "malformed .npy header: 'descr' given twice");
            descr = p.string();
        } else if (key == "fortran_order") {
            if (fortran) fail(name, "malformed .npy header: 'fortran_order' given twice");
            fortran = p.boolean();
        } else if (key == "shape") {
            if (shape) fail(name, "malformed .npy header: 'shape' given twice");
            shape = p.shape();
        } else {
            fail(name, "malformed .npy header: unknown key '" + key + "'");
        }
        if (p.peek(',')) p.expect(',', "");
        else if (!p.peek('}')) fail(name, "malformed .npy header: expected ',' or '}'");
    }
    p.expect('}', "at the end of the header");
    if (!p.atEnd()) fail(name, "malformed .npy header: text after the closing '}'");
    if (!descr || !fortran || !shape) fail(name, "malformed .npy header: needs 'descr', 'fortran_order' and 'shape'");
    if (*fortran) fail(name, "Fortran-order arrays are not supported (save with np.ascontiguousarray)");

    NpyArray a;
    std::size_t itemSize = 0;
    const std::string& d = *descr;
    if (d.size() >= 2 && d[0] == '>' && d != ">u1" && d != ">i1")
        fail(name, "big-endian dtype '" + d + "' is not supported (use little-endian, e.g. '<f4')");
    if (d == "<f4") { a.dtype = NpyArray::DType::F32; itemSize = 4; }
    else if (d == "<f8") { a.dtype = NpyArray::DType::F64; itemSize = 8; }
    else if (d == "<i4") { a.dtype = NpyArray::DType::I32; itemSize = 4; }
    else if (d == "<i8") { a.dtype = NpyArray::DType::I64; itemSize = 8; }
    else if (d == "|u1" || d == "<u1" || d == ">u1") { a.dtype = NpyArray::DType::U8; itemSize = 1; }
    else fail(name, "unsupported dtype '" + d + "' (float32 '<f4', float64 '<f8', int32 '<i4', int64 '<i8', uint8 '|u1')");
    a.shape = *shape;

    std::int64_t count = 1;
    for (auto dim : a.shape) {
        if (dim != 0 && count > (std::int64_t{1} << 40) / dim) fail(name, "shape " + shapeText(a.shape) + " is too large");
        count *= dim;
    }
    const std::size_t dataStart = offset + headerLen;
    const std::size_t have = bytes.size() - dataStart;
    const std::size_t need = static_cast<std::size_t>(count) * itemSize;
    if (have < need)
        fail(name, "truncated data: shape " + shapeText(a.shape) + " needs " + std::to_string(need) + " bytes, file has " +
                       std::to_string(have));
    if (have > need)
        fail(name, "trailing data: shape " + shapeText(a.shape) + " needs " + std::to_string(need) + " bytes, file has " +
                       std::to_string(have));

    a.values.resize(static_cast<std::size_t>(count));
    const char* src = bytes.data() + dataStart;
    for (std::size_t i = 0; i < a.values.size(); ++i, src += itemSize) {
        switch (a.dtype) {
        case NpyArray::DType::F32: a.values[i] = load<float>(src); break;
        case NpyArray::DType::F64: a.values[i] = load<double>(src); break;
        case NpyArray::DType::I32: a.values[i] = load<std::int32_t>(src); break;
        case NpyArray::DType::I64: {
            const auto v = load<std::int64_t>(src);
            if (v > (std::int64_t{1} << 53) || v < -(std::int64_t{1} << 53))
                fail(name, "integer " + std::to_string(v) + " at element " + std::to_string(i) + " is out of range");
            a.values[i] = static_cast<double>(v);
            break;
        }
        case NpyArray::DType::U8: a.values[i] = static_cast<unsigned char>(*src); break;
        }
    }
    return a;
}

NpyArray readNpy(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw Error(path + ": cannot open file");
    std::ostringstream s;
    s << f.rdbuf();
    if (f.bad()) throw Error(path + ": read error");
    return parseNpy(s.str(), path);
}

std::string npyBytesF32(const std::vector<std::int64_t>& shape, const std::vector<float>& values) {
    std::string out = header("{'descr': '<f4', 'fortran_order': False, 'shape': " + shapeText(shape) + ", }");
    out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
    return out;
}

std::string npyBytesI64(const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& values) {
    std::string out = header("{'descr': '<i8', 'fortran_order': False, 'shape': " + shapeText(shape) + ", }");
    out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(std::int64_t));
    return out;
}

}  // namespace presisi
