// The linear lab's inputs from .npy files: headers checked against each other first, then the data read and
// widened to float32, the missing tensors drawn from the seed. No Qt here.
#include "linear_files.h"

#include <algorithm>

#include "error.h"
#include "format.h"
#include "torch_rng.h"
#include "training/npy.h"

namespace presisi {

namespace {

// A file's header, with the role it plays ("x", "W", "b") for messages.
struct Header {
    std::string role;
    std::string path;
    NpyHeader npy;
    TensorFileDType dtype = TensorFileDType::F32;
};

// "X.npy: x ..." — every message names the file first.
[[noreturn]] void refuse(const Header& h, const std::string& what) { throw Error(h.path + ": " + h.role + " " + what); }

Header readHeader(const std::string& role, const std::string& path) {
    Header h{role, path, readNpyHeader(path), TensorFileDType::F32};
    switch (h.npy.dtype) {
    case NpyArray::DType::F32: h.dtype = TensorFileDType::F32; break;
    case NpyArray::DType::F16: h.dtype = TensorFileDType::F16; break;
    case NpyArray::DType::U16: h.dtype = TensorFileDType::BF16; break;
    default:
        refuse(h, "must be float32 ('<f4'), float16 ('<f2') or bfloat16 bits as uint16 ('<u2'), got " +
                      npyDTypeName(h.npy.dtype));
    }
    if (h.npy.count == 0) refuse(h, "has no values (shape " + npyShapeText(h.npy.shape) + ")");
    if (static_cast<std::int64_t>(h.npy.count) > kLinearMaxElements)
        refuse(h, "has " + std::to_string(h.npy.count) + " elements, more than the 2^27 the lab takes");
    return h;
}

// The file's values as float32 into `out` (h.npy.count of them): float32 as stored, float16 widened (exact),
// uint16 as bfloat16 bits.
void readValues(const Header& h, float* out) {
    const NpyArray a = readNpy(h.path);
    if (a.dtype != h.npy.dtype || a.shape != h.npy.shape) refuse(h, "changed while it was being read");
    for (std::size_t i = 0; i < a.values.size(); ++i)
        out[i] = h.dtype == TensorFileDType::BF16 ? fromBf16Bits(static_cast<std::uint16_t>(a.values[i]))
                                                  : static_cast<float>(a.values[i]);  // exact: the file held float32/16
}

LinearTensorFile described(const Header& h) { return {h.path, h.dtype, h.npy.shape}; }

// A size given beside the files must equal what the file says.
void agree(const std::optional<Index>& given, const char* option, Index fromFile, const Header& h, const char* what) {
    if (given && *given != fromFile)
        refuse(h, "has shape " + npyShapeText(h.npy.shape) + ": " + what + " = " + std::to_string(fromFile) + ", but " +
                      option + " " + std::to_string(*given) + " was given");
}

}  // namespace

std::string_view tensorFileDTypeName(TensorFileDType dtype) {
    switch (dtype) {
    case TensorFileDType::F32: return "float32";
    case TensorFileDType::F16: return "float16";
    case TensorFileDType::BF16: return "bfloat16";
    }
    return "?";
}

std::vector<std::int64_t> linearOutputShape(const LinearSources& sources, Index batch, Index out) {
    if (sources.xShape.empty()) return {batch, out};
    std::vector<std::int64_t> shape(sources.xShape.begin(), sources.xShape.end() - 1);
    shape.push_back(out);
    return shape;
}

namespace {

// The headers of the files given, checked against each other and the sizes; r's sizes and x's shape set.
struct Checked {
    std::optional<Header> x, w, b;
    LinearFileShapes shapes;
};

Checked checkHeaders(const LinearFileNames& files, const LinearSizes& sizes) {
    std::optional<Header> x, w, b;
    if (!files.x.empty()) x = readHeader("x", files.x);
    if (!files.weight.empty()) w = readHeader("W", files.weight);
    if (!files.bias.empty()) b = readHeader("b", files.bias);

    // Every shape against the others and the sizes given, before any data is read.
    LinearFileShapes r;
    r.in = sizes.in.value_or(256);
    r.out = sizes.out.value_or(256);
    r.batch = sizes.batch.value_or(64);
    if (x) {
        const auto& s = x->npy.shape;
        if (s.empty()) refuse(*x, "is a scalar: x needs a last dimension, in");
        agree(sizes.in, "--in", s.back(), *x, "in");
        r.in = s.back();
        std::int64_t batch = 1;
        for (std::size_t i = 0; i + 1 < s.size(); ++i) batch *= s[i];  // the count is at most 2^27
        agree(sizes.batch, "--batch", batch, *x, "batch (its leading dimensions together)");
        r.batch = batch;
        r.sources.xShape = s;
    }
    if (w) {
        const auto& s = w->npy.shape;
        if (s.size() != 2) refuse(*w, "must be 2-D (out, in) as nn.Linear stores it, got shape " + npyShapeText(s));
        if (x && s[1] != r.in)
            refuse(*w, "has shape " + npyShapeText(s) + " but x (" + x->path + ") has shape " + npyShapeText(x->npy.shape) +
                           ": W is (out, in) as nn.Linear stores it, in = " + std::to_string(r.in));
        agree(sizes.in, "--in", s[1], *w, "in");
        agree(sizes.out, "--out", s[0], *w, "out");
        r.in = s[1];
        r.out = s[0];
    }
    if (b) {
        const auto& s = b->npy.shape;
        if (s.size() != 1) refuse(*b, "must be 1-D (out,), got shape " + npyShapeText(s));
        if (w && s[0] != r.out)
            refuse(*b, "has shape " + npyShapeText(s) + " but W (" + w->path + ") has shape " + npyShapeText(w->npy.shape) +
                           ": b is (out,), out = " + std::to_string(r.out));
        agree(sizes.out, "--out", s[0], *b, "out");
        r.out = s[0];
    }
    if (r.in * r.out > kLinearMaxElements || r.batch * r.out > kLinearMaxElements || r.batch * r.in > kLinearMaxElements)
        throw Error("a tensor of more than 2^27 elements is too large for the lab (in " + std::to_string(r.in) + ", out " +
                    std::to_string(r.out) + ", batch " + std::to_string(r.batch) + ")");

    if (x) r.sources.x = described(*x);
    if (w) r.sources.weight = described(*w);
    if (b) r.sources.bias = described(*b);
    return {std::move(x), std::move(w), std::move(b), std::move(r)};
}

}  // namespace

LinearFileShapes inspectLinearFiles(const LinearFileNames& files, const LinearSizes& sizes) {
    return checkHeaders(files, sizes).shapes;
}

LinearFileInputs loadLinearInputs(const LinearFileNames& files, const LinearSizes& sizes) {
    const Checked c = checkHeaders(files, sizes);
    const std::optional<Header>& x = c.x;
    const std::optional<Header>& w = c.w;
    const std::optional<Header>& b = c.b;
    LinearFileInputs r;
    r.in = c.shapes.in;
    r.out = c.shapes.out;
    r.batch = c.shapes.batch;
    r.sources = c.shapes.sources;
    // The seeded tensors, in torch's order: nn.Linear's weight and bias, then x (drawn after them, so a seeded
    // x needs them drawn even where the files replace them). A file W without b means no bias.
    TorchGenerator gen(sizes.seed);
    if (!w || !x) {
        LinearParams p = linearInit(gen, r.in, r.out);
        r.weight = std::move(p.weight);
        r.bias = std::move(p.bias);
    }
    if (x) {
        r.x.resize(r.batch, r.in);
        readValues(*x, r.x.data());
    } else {
        r.x = randn(gen, r.batch, r.in);
    }
    if (w) {
        r.weight.resize(r.out, r.in);
        readValues(*w, r.weight.data());
    }
    if (b) {
        r.bias.resize(r.out);
        readValues(*b, r.bias.data());
    } else if (w) {
        r.bias.resize(0);  // F.linear(x, W): no bias
    }
    return r;
}

}  // namespace presisi
