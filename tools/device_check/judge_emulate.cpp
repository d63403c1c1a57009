// The CPU emulations of GPU linear results the rehearsal feeds through the judges (see judge.h):
// tensor-core chunks with a truncating accumulator, one-ulp moves, every allowed flip, and two
// broken kernels. No CUDA, no Qt here.
#include <algorithm>
#include <cmath>
#include <random>

#include "engine/format.h"
#include "judge.h"
#include "judge_support.h"

namespace presisi::gpucheck {

using namespace detail;

// ---- emulations ---------------------------------------------------------------------------------

std::string_view modelName(GpuModel m) {
    switch (m) {
    case GpuModel::TensorCoreTruncating: return "tensor-core chunks, truncating f32 accumulator";
    case GpuModel::PlusMinusOneUlp: return "cpu f32 sum +-1 ulp";
    case GpuModel::EveryAllowedFlip: return "every flip the order bound allows";
    case GpuModel::TransposedWeight: return "broken: weight read transposed";
    case GpuModel::RoundTowardZero: return "broken: output rounded toward zero";
    }
    return "?";
}

Matrix emulateGpuLinear(const LinearLane& lane, const Matrix& x, const Matrix& weight, const Vector& bias, GpuModel m,
                        const ModelOptions& o) {
    LinearLane cpuLane = lane;
    cpuLane.device = Device::Cpu;
    cpuLane.tf32 = false;
    if (m == GpuModel::EveryAllowedFlip) {
        Matrix y = linearForwardCpu(cpuLane, x, weight, bias);
        const ExactLinear e = exactLinear(cpuLane, x, weight, bias);
        const double minNormal = traits(lane.format).minNormal;
        for (std::size_t i = 0; i < e.exact.size(); ++i) {
            const Reachable r = reachable(e, i);
            float& v = y.data()[i];
            for (float n : {nextUp(lane.format, v), nextDown(lane.format, v)}) {
                const bool flushed = lane.subnormals == Subnormals::Flush && n != 0.0f && std::fabs(n) < minNormal;
                if (r.lo <= n && n <= r.hi && !flushed) {
                    v = n;
                    break;
                }
            }
        }
        return y;
    }
    Matrix w = roundedForLane(cpuLane, weight);
    if (m == GpuModel::TransposedWeight) {
        // The same memory read as (in, out) and transposed back to (out, in).
        const Eigen::Map<const Matrix> asIn(w.data(), weight.cols(), weight.rows());
        w = Matrix(asIn.transpose());
    }
    const Matrix xr = roundedForLane(cpuLane, x);
    Vector br(bias.size());
    for (Index j = 0; j < bias.size(); ++j) br(j) = roundTo(lane.format, bias(j), lane.subnormals);
    const Index B = x.rows(), N = weight.rows(), K = x.cols();
    Matrix y(B, N);
    std::mt19937_64 gen(o.seed);
    const int chunk = std::max(1, o.chunk), slices = std::max(1, o.splitK);
    const Index sliceLen = (K + slices - 1) / slices;
    for (Index r = 0; r < B; ++r)
        for (Index c = 0; c < N; ++c) {
            const float* xp = xr.data() + r * K;
            const float* wp = w.data() + c * K;
            float acc = 0;
            if (m == GpuModel::PlusMinusOneUlp) {
                for (Index k = 0; k < K; ++k) acc = std::fma(xp[k], wp[k], acc);  // exact product, one rounding
                acc = std::nextafter(acc, (gen() & 1) ? INFINITY : -INFINITY);
            } else if (lane.format == Format::F32) {
                for (Index k = K; k-- > 0;) acc += xp[k] * wp[k];  // another order, round to nearest
            } else {
                for (Index s0 = 0; s0 < K; s0 += sliceLen) {
                    float part = 0;
                    const Index s1 = std::min(K, s0 + sliceLen);
                    for (Index k0 = s0; k0 < s1; k0 += chunk) {
                        double chunkSum = 0;  // exact: at most a few dozen products of 8- or 11-bit significands
                        for (Index k = k0; k < std::min(s1, k0 + chunk); ++k)
                            chunkSum += static_cast<double>(xp[k]) * wp[k];
                        part = truncateToF32(static_cast<double>(part) + chunkSum);
                    }
                    acc += part;
                }
            }
            const float v = acc + br(c);
            y(r, c) = m == GpuModel::RoundTowardZero ? roundTowardZero(cpuLane, v)
                                                     : roundTo(lane.format, v, lane.subnormals);
        }
    return y;
}

}  // namespace presisi::gpucheck
