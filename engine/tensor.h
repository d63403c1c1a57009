// Tensor aliases shared by the engine: row-major float32 Eigen matrices, as PyTorch lays them out. No Qt here.
#pragma once

#include <Eigen/Core>

namespace presisi {

using Index = Eigen::Index;
// Row-major so that element (r, c) is at r * cols + c, matching torch's contiguous layout and the
// order in which its random streams fill a tensor.
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::Matrix<float, Eigen::Dynamic, 1>;
using RowVector = Eigen::Matrix<float, 1, Eigen::Dynamic>;
using MatrixD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

}  // namespace presisi
