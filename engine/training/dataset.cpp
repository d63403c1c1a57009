// Built-in Playground-style datasets from a PyTorch-compatible stream, and .npy data with strict checks. No Qt here.
#include "dataset.h"

#include <cmath>
#include <numbers>
#include <span>

#include "../error.h"
#include "../torch_rng.h"
#include "npy.h"

namespace presisi {

namespace {

std::vector<float> draws(TorchGenerator& gen, std::size_t n, bool normalDist) {
    std::vector<float> v(n);
    if (n == 0) return v;
    if (normalDist) normal(gen, v);
    else rand(gen, v);
    return v;
}

// One sample of a built-in set from its draws (u, a uniform; e0, e1 normal) and its class c (i mod classes):
// the point and, for regression, the target; xor decides the class itself.
struct BuiltinSample {
    float x0 = 0, x1 = 0, target = 0;
    int c = 0;
};
BuiltinSample builtinSample(DatasetKind kind, int c, int classes, float nz, float ui, float ai, float e0, float e1) {
    const float pi = std::numbers::pi_v<float>;
    BuiltinSample s;
    s.c = c;
    switch (kind) {
    case DatasetKind::Spiral: {
        // Each class an arm of 1.25 turns from the centre outwards.
        const float r = 0.05f + 0.95f * ui;
        const float t = 2 * pi * static_cast<float>(c) / static_cast<float>(classes) + 2.5f * pi * ui;
        s.x0 = r * std::sin(t) + nz * e0;
        s.x1 = r * std::cos(t) + nz * e1;
        break;
    }
    case DatasetKind::Circles: {
        const float r = c == 0 ? 0.5f * ui : 0.7f + 0.3f * ui;
        const float t = 2 * pi * ai;
        s.x0 = r * std::cos(t) + nz * e0;
        s.x1 = r * std::sin(t) + nz * e1;
        break;
    }
    case DatasetKind::Xor: {
        float p = 2 * ui - 1, q = 2 * ai - 1;
        p += p >= 0 ? 0.05f : -0.05f;  // a small gap around the axes
        q += q >= 0 ? 0.05f : -0.05f;
        s.c = (p > 0) == (q > 0) ? 0 : 1;
        s.x0 = p + nz * e0;
        s.x1 = q + nz * e1;
        break;
    }
    case DatasetKind::Gaussians: {
        const float t = 2 * pi * static_cast<float>(c) / static_cast<float>(classes);
        const float spread = 0.25f + nz;
        s.x0 = std::cos(t) + spread * e0;
        s.x1 = std::sin(t) + spread * e1;
        break;
    }
    case DatasetKind::Moons: {
        const float t = pi * ui;
        if (c == 0) {
            s.x0 = std::cos(t) - 0.5f;
            s.x1 = std::sin(t) - 0.25f;
        } else {
            s.x0 = 0.5f - std::cos(t);
            s.x1 = 0.25f - std::sin(t);
        }
        s.x0 += nz * e0;
        s.x1 += nz * e1;
        break;
    }
    case DatasetKind::Sine:
        s.x0 = 6 * ui - 3;
        s.target = std::sin(s.x0) + nz * e0;
        break;
    case DatasetKind::Plane:
        s.x0 = 2 * ui - 1;
        s.x1 = 2 * ai - 1;
        s.target = 0.5f * s.x0 - 0.3f * s.x1 + nz * e0;
        break;
    default:
        break;
    }
    return s;
}

// One set of n samples. Every set draws, in order: u (n uniforms), a (n uniforms), e (2n normals).
Dataset makeBuiltin(DatasetKind kind, int n, int classes, double noise, TorchGenerator& gen) {
    const std::size_t un = static_cast<std::size_t>(n);
    const auto u = draws(gen, un, false);
    const auto a = draws(gen, un, false);
    const auto e = draws(gen, 2 * un, true);
    const float nz = static_cast<float>(noise);
    Dataset d;
    const bool cls = isClassification(kind);
    const int in = kind == DatasetKind::Sine ? 1 : 2;
    d.x.resize(n, in);
    if (cls) {
        d.labels.resize(un);
        d.classes = classes;
    } else {
        d.targets.resize(n, 1);
    }
    for (int i = 0; i < n; ++i) {
        const int c = classes > 0 ? i % classes : 0;
        const BuiltinSample s = builtinSample(kind, c, classes, nz, u[i], a[i], e[2 * i], e[2 * i + 1]);
        d.x(i, 0) = s.x0;
        if (in > 1) d.x(i, 1) = s.x1;
        if (cls) d.labels[static_cast<std::size_t>(i)] = s.c;
        else d.targets(i, 0) = s.target;
    }
    return d;
}

// Teacher-student regression: a random teacher MLP of the model's sizes (tanh hidden units, weights
// from nn.Linear's initialisation on the data stream, drawn once) labels standard normal inputs.
Dataset makeTeacher(const std::vector<LinearParams>& teacher, int n, double noise, TorchGenerator& gen) {
    Dataset d;
    const Index in = teacher.front().weight.cols();
    d.x = n > 0 ? randn(gen, n, in) : Matrix(0, in);
    Matrix h = d.x;
    for (std::size_t l = 0; l < teacher.size(); ++l) {
        Matrix z = h * teacher[l].weight.transpose();
        z.rowwise() += teacher[l].bias.transpose();
        if (l + 1 < teacher.size()) z = z.array().tanh().matrix();
        h = std::move(z);
    }
    if (noise > 0 && n > 0) {
        const Matrix e = randn(gen, n, h.cols());
        h += static_cast<float>(noise) * e;
    }
    d.targets = std::move(h);
    return d;
}

Dataset loadNpy(const std::string& xPath, const std::string& yPath, const std::vector<int>& sizes, LossKind loss,
                const NpyProgress& progress) {
    // The headers first: a dtype, a shape or a column count the model cannot take is refused before any
    // data is read (a 1.5 GB X with one column too many was read whole, twice by `check`, to be refused).
    const NpyHeader xh = readNpyHeader(xPath);
    const NpyHeader yh = readNpyHeader(yPath);
    const int in = sizes.front(), out = sizes.back();
    if (xh.dtype != NpyArray::DType::F32)
        throw Error(xPath + ": X must be float32, got " + npyDTypeName(xh.dtype));
    if (!(xh.shape.size() == 2 || (xh.shape.size() == 1 && in == 1)))
        throw Error(xPath + ": X must have shape (N, " + std::to_string(in) + "), got " + npyShapeText(xh.shape));
    const std::int64_t n = xh.shape[0];
    const std::int64_t cols = xh.shape.size() == 2 ? xh.shape[1] : 1;
    if (cols != in)
        throw Error(xPath + ": X has " + std::to_string(cols) + " columns, the model's input width is " + std::to_string(in));
    if (n < 1) throw Error(xPath + ": X has no rows");
    if (yh.shape.empty() || yh.shape[0] != n)
        throw Error(yPath + ": targets have shape " + npyShapeText(yh.shape) + " but X has " + std::to_string(n) + " rows");
    const bool labels = !yh.isFloat();
    if (labels) {
        if (loss != LossKind::CrossEntropy)
            throw Error(yPath + ": integer targets are class labels; they need --loss cross_entropy");
        if (yh.shape.size() != 1) throw Error(yPath + ": class labels must have shape (N,), got " + npyShapeText(yh.shape));
    } else {
        if (yh.dtype != NpyArray::DType::F32) throw Error(yPath + ": float targets must be float32, got " + npyDTypeName(yh.dtype));
        if (loss != LossKind::Mse) throw Error(yPath + ": float targets are regression targets; they need --loss mse");
        const std::int64_t tcols = yh.shape.size() == 2 ? yh.shape[1] : 1;
        if (yh.shape.size() > 2 || tcols != out)
            throw Error(yPath + ": targets must have shape (" + std::to_string(n) + ", " + std::to_string(out) + "), got " +
                        npyShapeText(yh.shape));
    }

    const NpyArray xa = readNpy(xPath, kNpyMaxDataBytes, progress);
    Dataset d;
    d.x.resize(n, in);
    for (std::int64_t i = 0; i < n * in; ++i) {
        const double v = xa.values[static_cast<std::size_t>(i)];
        if (!std::isfinite(v))
            throw Error(xPath + ": non-finite value " + (std::isnan(v) ? std::string("nan") : v > 0 ? "inf" : "-inf") +
                        " at row " + std::to_string(i / in) + ", column " + std::to_string(i % in));
        d.x.data()[i] = static_cast<float>(v);
    }
    const NpyArray ya = readNpy(yPath, kNpyMaxDataBytes, progress);
    if (labels) {
        d.labels.resize(static_cast<std::size_t>(n));
        d.classes = out;
        for (std::int64_t i = 0; i < n; ++i) {
            const double v = ya.values[static_cast<std::size_t>(i)];
            if (v < 0 || v >= out)
                throw Error(yPath + ": label " + std::to_string(static_cast<std::int64_t>(v)) + " at row " + std::to_string(i) +
                            " is outside 0.." + std::to_string(out - 1) + " (the model has " + std::to_string(out) + " outputs)");
            d.labels[static_cast<std::size_t>(i)] = static_cast<int>(v);
        }
        return d;
    }
    d.targets.resize(n, out);
    for (std::int64_t i = 0; i < n * out; ++i) {
        const double v = ya.values[static_cast<std::size_t>(i)];
        if (!std::isfinite(v))
            throw Error(yPath + ": non-finite value " + (std::isnan(v) ? std::string("nan") : v > 0 ? "inf" : "-inf") +
                        " at row " + std::to_string(i / out) + ", column " + std::to_string(i % out));
        d.targets.data()[i] = static_cast<float>(v);
    }
    return d;
}

void scale(DataPair& p, const DataSpec& spec) {
    for (Dataset* d : {&p.train, &p.eval}) {
        if (spec.inputScale != 1.0) d->x *= static_cast<float>(spec.inputScale);
        if (spec.targetScale != 1.0 && d->targets.size() > 0) d->targets *= static_cast<float>(spec.targetScale);
    }
    if (spec.outlier != 1.0 && p.train.x.rows() > 0) p.train.x.row(p.train.x.rows() - 1) *= static_cast<float>(spec.outlier);
}

}  // namespace

DataPair makeData(const DataSpec& spec, const std::vector<int>& sizes, LossKind loss, std::uint64_t scenarioSeed,
                  const NpyProgress& progress) {
    DataPair p;
    if (spec.kind == DatasetKind::Npy) {
        p.train = loadNpy(spec.xPath, spec.yPath, sizes, loss, progress);
        p.eval = spec.evalXPath.empty() ? p.train : loadNpy(spec.evalXPath, spec.evalYPath, sizes, loss, progress);
        return p;
    }
    // The data's own stream: seeded apart from the model's (seed + 1 by default), so a teacher network is
    // never the student's own initialisation.
    TorchGenerator gen(spec.seed.value_or(scenarioSeed + 1));
    if (spec.kind == DatasetKind::Teacher) {
        const std::vector<LinearParams> teacher = mlpInit(gen, sizes);
        p.train = makeTeacher(teacher, spec.samples, spec.noise, gen);
        p.eval = makeTeacher(teacher, spec.evalSamples, spec.noise, gen);
        scale(p, spec);
        return p;
    }
    const int classes = isClassification(spec.kind) ? sizes.back() : 0;
    p.train = makeBuiltin(spec.kind, spec.samples, classes, spec.noise, gen);
    p.eval = makeBuiltin(spec.kind, spec.evalSamples, classes, spec.noise, gen);
    scale(p, spec);
    return p;
}

}  // namespace presisi
