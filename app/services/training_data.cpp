// A scenario's .npy data: the model fitted to it and the checks before training. No GUI here.
#include "training_data.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "engine/error.h"
#include "engine/training/dataset.h"
#include "engine/training/npy.h"

namespace presisi::services {

Scenario fitModelToData(Scenario s) {
    if (s.data.kind != DatasetKind::Npy || s.sizes.size() < 2) return s;
    const NpyHeader x = readNpyHeader(s.data.xPath);
    if (x.shape.size() == 2 && x.shape[1] >= 1 && x.shape[1] <= 4096) s.sizes.front() = static_cast<int>(x.shape[1]);
    else if (x.shape.size() == 1) s.sizes.front() = 1;
    const NpyHeader y = readNpyHeader(s.data.yPath);
    const bool labels = !y.isFloat();
    if (labels) {
        s.loss = LossKind::CrossEntropy;
        const NpyArray a = readNpy(s.data.yPath);
        double top = 1;  // at least two classes
        for (double v : a.values) top = std::max(top, v);
        if (top < 4096) s.sizes.back() = static_cast<int>(top) + 1;
    } else {
        s.loss = LossKind::Mse;
        const std::int64_t out = y.shape.size() == 2 ? y.shape[1] : 1;
        if (out >= 1 && out <= 4096) s.sizes.back() = static_cast<int>(out);
    }
    return s;
}

void checkTrainingData(const Scenario& s, const NpyProgress& progress) {
    validate(s);
    const DataPair data = makeData(s.data, s.sizes, s.loss, s.seed, progress);
    if (s.workload == Workload::Training && s.batch > data.train.size())
        throw Error("--batch: " + std::to_string(s.batch) + " is larger than the training set (" +
                    std::to_string(data.train.size()) + " samples); use --batch 0 for the full batch");
}

namespace {

// Rows of the training and evaluation sets before anything is loaded: built-in sets from the scenario, .npy
// files from their headers.
std::pair<std::int64_t, std::int64_t> dataRows(const Scenario& s) {
    if (s.data.kind != DatasetKind::Npy) return {s.data.samples, s.data.evalSamples};
    auto rows = [](const std::string& path) {
        const NpyHeader h = readNpyHeader(path);
        return h.shape.empty() ? std::int64_t{1} : h.shape.front();
    };
    const std::int64_t n = rows(s.data.xPath);
    rows(s.data.yPath);
    return {n, s.data.evalXPath.empty() ? n : rows(s.data.evalXPath)};
}

}  // namespace

void checkTrainingMemory(const Scenario& s, const std::string& advice, std::optional<std::uint64_t> available) {
    const auto [trainRows, evalRows] = dataRows(s);
    const MemoryEstimate e = estimateTrainingMemory(s, trainRows, evalRows);
    if (available && e.bytes > static_cast<double>(*available))
        throw Error("the run needs about " + formatBytes(e.bytes) + " (" + e.summary + ") but " +
                    formatBytes(static_cast<double>(*available)) + " is available (MemAvailable in /proc/meminfo)" +
                    advice);
}

}  // namespace presisi::services
