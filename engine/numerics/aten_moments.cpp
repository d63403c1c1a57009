// ATen's row statistics and vector sums in float32 (aten_moments.h).
#include "aten_moments.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

namespace presisi::numerics {

namespace {

constexpr int kMaxLanes = 16;
constexpr std::int64_t kChunk = 16;  // kChunkSize: vectors per Welford chunk

// One vector register's worth of float lanes.
struct Lanes {
    std::array<float, kMaxLanes> v{};
};

// at::native::utils::CeilLog2: 1 for x ≤ 2, otherwise ⌈log2 x⌉.
std::int64_t ceilLog2(std::int64_t x) {
    if (x <= 2) return 1;
    std::int64_t r = 0;
    for (std::uint64_t v = static_cast<std::uint64_t>(x - 1); v; v >>= 1) ++r;
    return r;
}

// AddMoments (scalar) and AddMomentsVec: merge (m0_add, m1_add, m2_add) into (m0, m1, m2).
// m1 += c·δ  →  fma(c, δ, m1);  m2 += m2_add + δ·δ·c·m0  →  m2 + fma(δ·δ·c, m0, m2_add).
void addMoments(std::int64_t m0Add, float m1Add, float m2Add, std::int64_t m0, float& m1, float& m2) {
    const std::int64_t n = m0 + m0Add;
    const float c = n == 0 ? 0.0f : static_cast<float>(m0Add) / static_cast<float>(n);
    const float delta = m1Add - m1;
    m1 = std::fma(c, delta, m1);
    m2 = m2 + std::fma(delta * delta * c, static_cast<float>(m0), m2Add);
}

void addMomentsVec(std::int64_t m0Add, const Lanes& m1Add, const Lanes& m2Add, std::int64_t& m0, Lanes& m1, Lanes& m2,
                   int lanes) {
    for (int l = 0; l < lanes; ++l) addMoments(m0Add, m1Add.v[l], m2Add.v[l], m0, m1.v[l], m2.v[l]);
    m0 += m0Add;
}

// UpdateMomentsVec over `count` float vectors at x (stride `lanes`), merged into the stack's first level.
// Welford: δ = x − m1; m1 = fma(δ, c_j, m1); m2 = fma(δ, x − m1, m2), c_j = 1/(j+1).
void welfordVectors(const float* x, std::int64_t count, std::int64_t stride, int lanes, Lanes& m1, Lanes& m2) {
    for (int l = 0; l < lanes; ++l) {
        float a = 0, b = 0;
        for (std::int64_t j = 0; j < count; ++j) {
            const float v = x[j * stride + l];
            const float c = 1.0f / static_cast<float>(j + 1);
            const float delta = v - a;
            a = std::fma(delta, c, a);
            b = std::fma(delta, v - a, b);
        }
        m1.v[l] = a;
        m2.v[l] = b;
    }
}

// vec_reduce_all's butterfly: the lanes halved pairwise (l + w/2, then + w/4, …); lane 0's sum.
float reduceLanes(Lanes v, int lanes) {
    for (int half = lanes / 2; half > 0; half /= 2)
        for (int l = 0; l < half; ++l) v.v[l] = v.v[l] + v.v[l + half];
    return v.v[0];
}

// vec_reduce_all(op, v, n) over a partial vector: the first n lanes added in order.
float sumFirst(const Lanes& v, Index n) {
    float s = v.v[0];
    for (Index l = 1; l < n; ++l) s = s + v.v[l];
    return s;
}

}  // namespace

RowMoments atenRowMoments(const float* x, Index N, int lanes, bool reduced) {
    // The input vector holds 2·lanes values of a reduced type, `lanes` of float.
    const std::int64_t vec = reduced ? 2 * lanes : lanes;
    const std::int64_t n = N / vec;
    const std::int64_t m = (n + kChunk - 1) / kChunk;
    const std::int64_t depth = ceilLog2(m);
    std::vector<std::int64_t> m0s(static_cast<std::size_t>(depth), 0);
    std::vector<Lanes> m1s(static_cast<std::size_t>(depth)), m2s(static_cast<std::size_t>(depth));
    for (std::int64_t i = 0; i < m; ++i) {
        const float* xp = x + i * kChunk * vec;
        const std::int64_t m0 = std::min(kChunk, n - i * kChunk);
        Lanes a, b;
        if (reduced) {
            // The two float halves of each reduced vector, each its own Welford run, merged in turn.
            welfordVectors(xp, m0, vec, lanes, a, b);
            addMomentsVec(m0, a, b, m0s[0], m1s[0], m2s[0], lanes);
            welfordVectors(xp + lanes, m0, vec, lanes, a, b);
        } else {
            welfordVectors(xp, m0, vec, lanes, a, b);
        }
        addMomentsVec(m0, a, b, m0s[0], m1s[0], m2s[0], lanes);
        std::int64_t mask = i + 1;
        for (std::int64_t j = 1; j < depth && (mask & 1) == 0; ++j) {
            const auto k = static_cast<std::size_t>(j);
            addMomentsVec(m0s[k - 1], m1s[k - 1], m2s[k - 1], m0s[k], m1s[k], m2s[k], lanes);
            m0s[k - 1] = 0;
            m1s[k - 1] = Lanes{};
            m2s[k - 1] = Lanes{};
            mask >>= 1;
        }
    }
    for (std::int64_t i = 1; i < depth; ++i) {
        const auto k = static_cast<std::size_t>(i);
        addMomentsVec(m0s[k], m1s[k], m2s[k], m0s[0], m1s[0], m2s[0], lanes);
    }
    // The scalar tail first, then each lane merged into it.
    std::int64_t m0 = 0;
    float m1 = 0, m2 = 0;
    for (std::int64_t i = n * vec; i < N; ++i) {
        const float v = x[i];
        const float delta = v - m1;
        ++m0;
        m1 += delta / static_cast<float>(m0);
        m2 = std::fma(delta, v - m1, m2);
    }
    const std::int64_t m0Add = n * vec / lanes;
    for (int l = 0; l < lanes; ++l) {
        addMoments(m0Add, m1s[0].v[l], m2s[0].v[l], m0, m1, m2);
        m0 += m0Add;
    }
    return {m1, m2 / static_cast<float>(N)};
}

// vec::reduce_all / map2_reduce_all / map3_reduce_all over n terms: the first vector's terms as they are
// (`first`), every later term into its lane (`add`, the last vector partial), then the butterfly; below one
// vector, the n terms in order.
template <typename First, typename Add>
float reduceAllTerms(Index n, int lanes, First first, Add add) {
    Lanes acc;
    for (Index l = 0; l < std::min<Index>(n, lanes); ++l) acc.v[l] = first(l);
    if (n < lanes) return sumFirst(acc, n);
    for (Index d = lanes; d < n; ++d) {
        float& lane = acc.v[d % lanes];
        lane = add(lane, d);
    }
    return reduceLanes(acc, lanes);
}

float atenSum(const float* a, Index n, int lanes) {
    return reduceAllTerms(n, lanes, [a](Index i) { return a[i]; }, [a](float acc, Index i) { return acc + a[i]; });
}

// The map's product fused into the sum from the second vector on: fma(a, b, acc), fma(a·b, c, acc).
float atenDot(const float* a, const float* b, Index n, int lanes) {
    return reduceAllTerms(n, lanes, [a, b](Index i) { return a[i] * b[i]; },
                          [a, b](float acc, Index i) { return std::fma(a[i], b[i], acc); });
}

float atenDot3(const float* a, const float* b, const float* c, Index n, int lanes) {
    return reduceAllTerms(n, lanes, [a, b, c](Index i) { return a[i] * b[i] * c[i]; },
                          [a, b, c](float acc, Index i) { return std::fma(a[i] * b[i], c[i], acc); });
}

}  // namespace presisi::numerics
