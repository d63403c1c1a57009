// Tensor aliases shared by the engine: row-major float32 Eigen matrices, as PyTorch lays them out. No Qt here.
#pragma once

#include <cstddef>
#include <span>

#include <Eigen/Core>

namespace presisi {

using Index = Eigen::Index;
// Row-major so that element (r, c) is at r * cols + c, matching torch's contiguous layout and the
// order in which its random streams fill a tensor.
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::Matrix<float, Eigen::Dynamic, 1>;
using RowVector = Eigen::Matrix<float, 1, Eigen::Dynamic>;
using MatrixD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// A tensor's elements in storage order (row-major: as torch's contiguous layout), for the element-wise
// numerics that take spans (rounding, casts, counts).
inline std::span<float> span(float* p, Index n) { return {p, static_cast<std::size_t>(n)}; }
inline std::span<const float> span(const float* p, Index n) { return {p, static_cast<std::size_t>(n)}; }
template <typename M>
auto span(M& m) -> decltype(span(m.data(), m.size())) {
    return span(m.data(), m.size());
}

}  // namespace presisi
