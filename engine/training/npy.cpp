// A strict .npy reader: the magic string, the header's Python dict literal, dtype, order, shape and the
// data length are all checked, and every problem names the file. No Qt here.
#include "npy.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <sstream>

#include "../error.h"
#include "../format.h"
#include "../regular_file.h"

namespace presisi {

namespace {

[[noreturn]] void fail(const std::string& name, const std::string& what) { throw Error(name + ": " + what); }

// Header text for a message: control, DEL and non-ASCII bytes as \xNN, at most `limit` characters.
std::string printable(std::string_view s, std::size_t limit = 64) {
    std::string r;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (r.size() >= limit) {
            r += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c >= 0x7f) {
            char b[8];
            std::snprintf(b, sizeof b, "\\x%02x", c);
            r += b;
        } else {
            r += static_cast<char>(c);
        }
    }
    return r;
}

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

std::string shapeText(const std::vector<std::int64_t>& shape) { return npyShapeText(shape); }

// The full shape for a header NumPy reads: "(3, 2)", "(4,)".
std::string fullShapeText(const std::vector<std::int64_t>& shape) {
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
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

NpyHeader parseNpyHeader(std::string_view bytes, const std::string& name, std::uint64_t maxDataBytes) {
    if (bytes.size() < 10 || bytes.substr(0, 6) != std::string_view("\x93NUMPY", 6))
        fail(name, "not a .npy file (missing the \\x93NUMPY magic string)");
    const int major = static_cast<unsigned char>(bytes[6]);
    std::uint64_t headerLen = 0, offset = 0;
    if (major == 1) {
        headerLen = static_cast<unsigned char>(bytes[8]) | (static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[9])) << 8);
        offset = 10;
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) fail(name, "truncated .npy header");
        for (int i = 0; i < 4; ++i) headerLen |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        offset = 12;
    } else {
        fail(name, "unsupported .npy version " + std::to_string(major) + "." + std::to_string(static_cast<unsigned char>(bytes[7])));
    }
    if (headerLen > kNpyMaxHeaderBytes)
        fail(name, "malformed .npy header: " + std::to_string(headerLen) + " bytes long, more than the " +
                       std::to_string(kNpyMaxHeaderBytes) + " accepted");
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
            fail(name, "malformed .npy header: unknown key '" + printable(key) + "'");
        }
        if (p.peek(',')) p.expect(',', "");
        else if (!p.peek('}')) fail(name, "malformed .npy header: expected ',' or '}'");
    }
    p.expect('}', "at the end of the header");
    if (!p.atEnd()) fail(name, "malformed .npy header: text after the closing '}'");
    if (!descr || !fortran || !shape) fail(name, "malformed .npy header: needs 'descr', 'fortran_order' and 'shape'");
    if (*fortran) fail(name, "Fortran-order arrays are not supported (save with np.ascontiguousarray)");

    NpyHeader h;
    const std::string& d = *descr;
    if (d.size() >= 2 && d[0] == '>' && d != ">u1" && d != ">i1")
        fail(name, "big-endian dtype '" + printable(d) + "' is not supported (use little-endian, e.g. '<f4')");
    if (d == "<f4") { h.dtype = NpyArray::DType::F32; h.itemSize = 4; }
    else if (d == "<f8") { h.dtype = NpyArray::DType::F64; h.itemSize = 8; }
    else if (d == "<i4") { h.dtype = NpyArray::DType::I32; h.itemSize = 4; }
    else if (d == "<i8") { h.dtype = NpyArray::DType::I64; h.itemSize = 8; }
    else if (d == "|u1" || d == "<u1" || d == ">u1") { h.dtype = NpyArray::DType::U8; h.itemSize = 1; }
    else if (d == "<f2") { h.dtype = NpyArray::DType::F16; h.itemSize = 2; }
    else if (d == "<u2") { h.dtype = NpyArray::DType::U16; h.itemSize = 2; }
    else fail(name, "unsupported dtype '" + printable(d) + "' (float32 '<f4', float64 '<f8', float16 '<f2', int32 '<i4', int64 '<i8', uint8 '|u1', uint16 '<u2')");
    h.shape = std::move(*shape);
    h.dataOffset = offset + headerLen;

    // Elements and bytes without overflow: every partial product stays within the limit (each entry
    // has at most 15 digits, so limit / dim is exact enough), and an empty dimension makes it 0.
    const std::uint64_t maxCount = maxDataBytes / sizeof(double);  // the values are widened to double
    const bool empty = std::find(h.shape.begin(), h.shape.end(), 0) != h.shape.end();
    std::uint64_t count = 1;
    if (!empty) {
        for (auto dim : h.shape) {
            const auto u = static_cast<std::uint64_t>(dim);
            if (count > maxCount / u)
                fail(name, "shape " + shapeText(h.shape) + " is too large: more than " + std::to_string(maxCount) +
                               " elements (" + std::to_string(maxDataBytes) + " bytes as double in memory, the reader's limit)");
            count *= u;
        }
    } else {
        count = 0;
    }
    h.count = count;
    h.dataBytes = count * h.itemSize;
    return h;
}

namespace {

NpyArray decode(const NpyHeader& h, const char* src, const std::string& name) {
    NpyArray a;
    a.dtype = h.dtype;
    a.shape = h.shape;
    a.values.resize(static_cast<std::size_t>(h.count));
    for (std::size_t i = 0; i < a.values.size(); ++i, src += h.itemSize) {
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
        case NpyArray::DType::F16: a.values[i] = fromF16Bits(load<std::uint16_t>(src)); break;  // exact
        case NpyArray::DType::U16: a.values[i] = load<std::uint16_t>(src); break;
        }
    }
    return a;
}

[[noreturn]] void sizeMismatch(const std::string& name, const NpyHeader& h, std::uint64_t have) {
    fail(name, std::string(have < h.dataBytes ? "truncated data" : "trailing data") + ": shape " + shapeText(h.shape) +
                   " needs " + std::to_string(h.dataBytes) + " bytes, file has " + std::to_string(have));
}

// Reads the preamble and header; returns the bytes read (all of the header, none of the data).
std::string readHeaderBytes(RegularFile& f, const std::string& path) {
    std::string bytes(12, '\0');
    bytes.resize(f.read(bytes.data(), 10));
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
        fail(path, "not a .npy file (missing the \\x93NUMPY magic string)");
    std::uint64_t headerLen = 0, offset = 10;
    const int major = static_cast<unsigned char>(bytes[6]);
    if (major == 1) {
        headerLen = static_cast<unsigned char>(bytes[8]) | (static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[9])) << 8);
    } else if (major == 2 || major == 3) {
        bytes.resize(12);
        if (f.read(bytes.data() + 10, 2) != 2) fail(path, "truncated .npy header");
        for (int i = 0; i < 4; ++i) headerLen |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        offset = 12;
    } else {
        return bytes;  // parseNpyHeader names the version
    }
    if (headerLen > kNpyMaxHeaderBytes) return bytes + std::string(kNpyMaxHeaderBytes, ' ');  // refused with the length
    bytes.resize(offset + headerLen);
    bytes.resize(offset + f.read(bytes.data() + offset, static_cast<std::size_t>(headerLen)));
    return bytes;
}

}  // namespace

NpyArray parseNpy(const std::string& bytes, const std::string& name, std::uint64_t maxDataBytes) {
    const NpyHeader h = parseNpyHeader(bytes, name, maxDataBytes);
    const std::uint64_t have = bytes.size() - h.dataOffset;
    if (have != h.dataBytes) sizeMismatch(name, h, have);
    return decode(h, bytes.data() + h.dataOffset, name);
}

NpyHeader readNpyHeader(const std::string& path, std::uint64_t maxDataBytes) {
    RegularFile f(path);  // a FIFO, a device or a directory is refused before anything is read
    return parseNpyHeader(readHeaderBytes(f, path), path, maxDataBytes);
}

NpyArray readNpy(const std::string& path, std::uint64_t maxDataBytes, const NpyProgress& progress) {
    RegularFile f(path);
    const NpyHeader h = parseNpyHeader(readHeaderBytes(f, path), path, maxDataBytes);
    // The file's size says at once whether the data is all there.
    if (f.size() != h.dataOffset + h.dataBytes) sizeMismatch(path, h, f.size() >= h.dataOffset ? f.size() - h.dataOffset : 0);
    std::string data(static_cast<std::size_t>(h.dataBytes), '\0');
    std::uint64_t got = 0;
    while (got < h.dataBytes) {
        const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(kNpyReadBlock, h.dataBytes - got));
        const std::size_t read = f.read(data.data() + got, want);
        got += read;
        if (read < want) break;
        if (progress && !progress(path, got, h.dataBytes)) throw Cancelled();
    }
    if (got < h.dataBytes) sizeMismatch(path, h, got);  // shrunk since it was opened
    if (h.dataBytes == 0 && progress && !progress(path, 0, 0)) throw Cancelled();
    char extra = 0;
    if (f.read(&extra, 1) != 0) sizeMismatch(path, h, got + 1);  // grown since it was opened
    return decode(h, data.data(), path);
}

std::string npyDTypeName(NpyArray::DType dtype) {
    switch (dtype) {
    case NpyArray::DType::F32: return "float32";
    case NpyArray::DType::F64: return "float64";
    case NpyArray::DType::I32: return "int32";
    case NpyArray::DType::I64: return "int64";
    case NpyArray::DType::U8: return "uint8";
    case NpyArray::DType::F16: return "float16";
    case NpyArray::DType::U16: return "uint16";
    }
    return "?";
}

std::string npyShapeText(const std::vector<std::int64_t>& shape) {
    constexpr std::size_t kShown = 8;
    std::string s = "(";
    const bool abbreviate = shape.size() > kShown;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (abbreviate && i == kShown - 1) {
            s += ", ..., " + std::to_string(shape.back());
            break;
        }
        s += (i ? ", " : "") + std::to_string(shape[i]);
    }
    s += shape.size() == 1 ? ",)" : ")";
    if (abbreviate) s += " [" + std::to_string(shape.size()) + " dimensions]";
    return s;
}

namespace {

// A C-order little-endian .npy (version 1.0) of `count` elements of `itemSize` bytes at `data`, dtype `descr`.
std::string npyBytes(const char* descr, const std::vector<std::int64_t>& shape, const void* data, std::size_t count,
                     std::size_t itemSize) {
    std::string out = header(std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': " + fullShapeText(shape) + ", }");
    out.append(static_cast<const char*>(data), count * itemSize);
    return out;
}

}  // namespace

std::string npyBytesF32(const std::vector<std::int64_t>& shape, const std::vector<float>& values) {
    return npyBytes("<f4", shape, values.data(), values.size(), sizeof(float));
}

std::string npyBytesF16(const std::vector<std::int64_t>& shape, const std::vector<std::uint16_t>& bits) {
    return npyBytes("<f2", shape, bits.data(), bits.size(), sizeof(std::uint16_t));
}

std::string npyBytesU16(const std::vector<std::int64_t>& shape, const std::vector<std::uint16_t>& values) {
    return npyBytes("<u2", shape, values.data(), values.size(), sizeof(std::uint16_t));
}

std::string npyBytesI64(const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& values) {
    return npyBytes("<i8", shape, values.data(), values.size(), sizeof(std::int64_t));
}

}  // namespace presisi
