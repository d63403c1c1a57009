// A small strict reader (and writer, for tests) of NumPy .npy files, version 1.0-3.0, C order,
// little-endian float32/float64/int32/int64/uint8. No Qt here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace presisi {

struct NpyArray {
    enum class DType { F32, F64, I32, I64, U8 };
    DType dtype = DType::F32;
    std::vector<std::int64_t> shape;
    std::vector<double> values;  // every element, widened exactly (int64 beyond 2^53 is rejected)
    std::int64_t size() const;
    bool isFloat() const { return dtype == DType::F32 || dtype == DType::F64; }
};

// Parses bytes of a .npy file. `name` is used in error messages. Throws presisi::Error with a clear
// message for a bad magic string, malformed header, unsupported dtype or byte order, Fortran order,
// truncated or trailing data, or a shape that does not fit.
NpyArray parseNpy(const std::string& bytes, const std::string& name);
NpyArray readNpy(const std::string& path);

// Writes a C-order little-endian .npy (version 1.0). dtype "<f4" or "<i8".
std::string npyBytesF32(const std::vector<std::int64_t>& shape, const std::vector<float>& values);
std::string npyBytesI64(const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& values);

}  // namespace presisi
