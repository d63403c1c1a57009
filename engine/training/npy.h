// A small strict reader (and writer) of NumPy .npy files, version 1.0-3.0, C order, little-endian
// float32/float64/float16/int32/int64/uint8/uint16. No Qt here.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace presisi {

struct NpyArray {
    // F16 is IEEE binary16 ('<f2'); U16 ('<u2') is an integer type here, and the linear lab reads it as
    // bfloat16 bit patterns (NumPy has no bfloat16: `a.view(np.uint16)`).
    enum class DType { F32, F64, I32, I64, U8, F16, U16 };
    DType dtype = DType::F32;
    std::vector<std::int64_t> shape;
    std::vector<double> values;  // every element, widened exactly (int64 beyond 2^53 is rejected)
    std::int64_t size() const;
    bool isFloat() const { return isFloatType(dtype); }
    static bool isFloatType(DType t) { return t == DType::F32 || t == DType::F64 || t == DType::F16; }
};

// The most memory an array's values may take by default (1 GiB as double, i.e. 2^27 elements): the
// reader checks the header's shape against it before it reads or allocates anything, so /dev/zero or
// a header claiming a 2^40 x 2^40 array is refused at once.
inline constexpr std::uint64_t kNpyMaxDataBytes = std::uint64_t{1} << 30;
// The longest header accepted (NumPy writes a few hundred bytes; numpy.load refuses more than 10000
// by default).
inline constexpr std::uint64_t kNpyMaxHeaderBytes = 65536;

// What the header says: enough to check a file's size (and a run's memory) before reading its data.
struct NpyHeader {
    NpyArray::DType dtype = NpyArray::DType::F32;
    std::vector<std::int64_t> shape;
    std::uint64_t dataOffset = 0;  // bytes before the data
    std::uint64_t itemSize = 0;
    std::uint64_t count = 0;       // elements
    std::uint64_t dataBytes = 0;   // count * itemSize
    bool isFloat() const { return NpyArray::isFloatType(dtype); }  // else integers (class labels)
};

// Parses the preamble and header at the start of `bytes` (which may hold more). Throws presisi::Error
// for everything parseNpy refuses in a header, and for more than maxDataBytes / 8 elements.
NpyHeader parseNpyHeader(std::string_view bytes, const std::string& name, std::uint64_t maxDataBytes = kNpyMaxDataBytes);
// Reads only the header of a file. Regular files only (engine/regular_file.h): a FIFO, a device such as
// /dev/zero, a directory, a symlink loop or a missing file is refused, and said so, before any read.
NpyHeader readNpyHeader(const std::string& path, std::uint64_t maxDataBytes = kNpyMaxDataBytes);

// Parses bytes of a .npy file. `name` is used in error messages. Throws presisi::Error with a clear
// message for a bad magic string, malformed header, unsupported dtype or byte order, Fortran order,
// truncated or trailing data, or a shape that does not fit. Header text quoted in a message has its
// control and non-ASCII bytes escaped (\x1b) and is cut at 64 characters; long shapes are abbreviated.
NpyArray parseNpy(const std::string& bytes, const std::string& name, std::uint64_t maxDataBytes = kNpyMaxDataBytes);
// Told how far reading a file's data has come: its path, bytes read and the data's size; false stops the read
// (the reader throws Cancelled). Called after each block of kNpyReadBlock bytes and once at the end.
using NpyProgress = std::function<bool(const std::string& path, std::uint64_t done, std::uint64_t total)>;
inline constexpr std::size_t kNpyReadBlock = std::size_t{8} << 20;

// Reads a regular file: the header first, then exactly the data it announces (checked against the
// file's size before the data is read), never more; in blocks, `progress` told after each.
NpyArray readNpy(const std::string& path, std::uint64_t maxDataBytes = kNpyMaxDataBytes, const NpyProgress& progress = {});

// A shape as NumPy prints it, "(3, 2)", "(4,)"; more than 8 dimensions abbreviated: "(1, 2, 3, ..., 9) [12 dimensions]".
std::string npyShapeText(const std::vector<std::int64_t>& shape);
// NumPy's name of a dtype: "float32", "float64", "float16", "int32", "int64", "uint8", "uint16".
std::string npyDTypeName(NpyArray::DType dtype);

// Writes a C-order little-endian .npy (version 1.0). dtype "<f4", "<i8", or "<f2" / "<u2" from 16-bit patterns.
std::string npyBytesF32(const std::vector<std::int64_t>& shape, const std::vector<float>& values);
std::string npyBytesF16(const std::vector<std::int64_t>& shape, const std::vector<std::uint16_t>& bits);
std::string npyBytesU16(const std::vector<std::int64_t>& shape, const std::vector<std::uint16_t>& values);
std::string npyBytesI64(const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& values);

}  // namespace presisi
