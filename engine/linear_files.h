// The linear lab on a person's own tensors: x, W and b read from .npy files and checked against each other;
// whatever is not given is drawn as the seeded example draws it. No Qt here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tensor.h"

namespace presisi {

// What a tensor file holds. Each widens to float32 exactly. NumPy has no bfloat16, so a bfloat16 tensor
// is stored as its bit patterns in a uint16 array ('<u2'): in torch `t.view(torch.int16).numpy().view(np.uint16)`,
// with ml_dtypes `a.view(np.uint16)`.
enum class TensorFileDType { F32, F16, BF16 };
// "float32", "float16", "bfloat16" (torch's names).
std::string_view tensorFileDTypeName(TensorFileDType dtype);

struct LinearTensorFile {
    std::string path;
    TensorFileDType dtype = TensorFileDType::F32;
    std::vector<std::int64_t> shape;  // as the file gives it
};

// Where the linear lab's inputs came from. A tensor without a file is the seeded example's.
struct LinearSources {
    std::optional<LinearTensorFile> x, weight, bias;
    // False when W comes from a file and b does not: y = F.linear(x, W), no bias added (not a bias of
    // zeros: an exact zero output keeps its sign).
    bool hasBias() const { return bias || !weight; }
    // x's shape: its leading dimensions, then in. The lab computes on x flattened to (batch, in), batch the
    // product of the leading dimensions, as torch 2.x's F.linear does for a contiguous x with a 1-D bias
    // (_flatten_nd_linear: one addmm); the output has x's leading dimensions and out. Empty for the
    // seeded x: (batch, in).
    std::vector<std::int64_t> xShape;
    bool anyFile() const { return x || weight || bias; }
};

// The shape of the output for `sources` and the flattened sizes: x's leading dimensions and out.
std::vector<std::int64_t> linearOutputShape(const LinearSources& sources, Index batch, Index out);

// The files a person named; an empty path is not given.
struct LinearFileNames {
    std::string x, weight, bias;
    bool any() const { return !x.empty() || !weight.empty() || !bias.empty(); }
};

// Sizes given beside the files (--in, --out, --batch): each must agree with the files' shapes, and sizes
// the files do not fix come from them, else from the tutorial's defaults (256, 256, 64).
struct LinearSizes {
    std::optional<Index> in, out, batch;
    std::uint64_t seed = 0;
};

// The largest tensor the lab takes: 2^27 elements (512 MiB of float32).
inline constexpr std::int64_t kLinearMaxElements = std::int64_t{1} << 27;

// What the files fix, from their headers: the sizes (the rest from LinearSizes) and where each tensor comes from.
struct LinearFileShapes {
    Index in = 0, out = 0, batch = 0;
    LinearSources sources;
};
// The header checks of loadLinearInputs alone (nothing but the headers read): for a window that shows the
// sizes a file fixes as soon as it is chosen. Throws presisi::Error as loadLinearInputs does.
LinearFileShapes inspectLinearFiles(const LinearFileNames& files, const LinearSizes& sizes);

// The lab's inputs, flattened: x (batch, in), W (out, in), b (out) or empty without a bias.
struct LinearFileInputs {
    Index in = 0, out = 0, batch = 0;
    Matrix x;
    Matrix weight;
    Vector bias;
    LinearSources sources;
};

// Reads x, W and b from their files (float32 '<f4', float16 '<f2', bfloat16 bits '<u2'), after checking
// every header against the others and the sizes, so a mismatch is refused before any data is read; the
// rest is drawn from `sizes.seed` as torch.manual_seed(seed); lin = nn.Linear(in, out); x =
// torch.randn(batch, in) draws it (the weight and bias first, then x, whichever are used). Shapes: x
// (..., in), at least one dimension; W (out, in), as nn.Linear stores it; b (out,). Throws presisi::Error
// with one line naming the file and the problem ("W.npy: W has shape (24, 41) but x (X.npy) has in = 40 columns
// ...").
LinearFileInputs loadLinearInputs(const LinearFileNames& files, const LinearSizes& sizes);

}  // namespace presisi
