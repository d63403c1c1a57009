// BoundarySnapshot: the lanes' predictions over a grid, a curve or the first samples of the data.
#include "boundary_snapshot.h"

#include <algorithm>

namespace presisi {

BoundarySnapshot boundarySnapshot(Runner& runner, int gridN) {
    BoundarySnapshot b;
    const Scenario& s = runner.scenario();
    if (gridN <= 1 || s.workload != Workload::Training || s.sizes.empty()) return b;
    const Dataset& d = runner.dataset();
    if (d.size() == 0) return b;
    if (d.inputs() == 1) {
        // A fitted curve: the model at 4 points per grid cell along the data's x extent.
        const float x0 = d.x.col(0).minCoeff(), x1 = d.x.col(0).maxCoeff();
        const int n = 4 * gridN;
        Matrix grid(n, 1);
        for (int i = 0; i < n; ++i) {
            b.xs.push_back(x0 + (x1 - x0) * static_cast<float>(i) / static_cast<float>(n - 1));
            grid(i, 0) = b.xs.back();
        }
        for (int lane = 0; lane < runner.laneCount(); ++lane) b.perLane.push_back(runner.predict(lane, grid));
        b.step = runner.stepsDone() - 1;
        return b;
    }
    if (d.inputs() != 2) {
        const Index n = std::min<Index>(d.size(), 256);
        const Matrix x = d.x.topRows(n);
        for (int lane = 0; lane < runner.laneCount(); ++lane) b.perLane.push_back(runner.predict(lane, x));
        b.step = runner.stepsDone() - 1;
        return b;
    }
    const float x0 = d.x.col(0).minCoeff(), x1 = d.x.col(0).maxCoeff();
    const float y0 = d.x.col(1).minCoeff(), y1 = d.x.col(1).maxCoeff();
    const float px = 0.1f * std::max(1e-3f, x1 - x0), py = 0.1f * std::max(1e-3f, y1 - y0);
    b.xs.resize(gridN);
    b.ys.resize(gridN);
    for (int i = 0; i < gridN; ++i) {
        const float t = (i + 0.5f) / gridN;
        b.xs[i] = x0 - px + t * (x1 - x0 + 2 * px);
        b.ys[i] = y0 - py + t * (y1 - y0 + 2 * py);
    }
    for (int lane = 0; lane < runner.laneCount(); ++lane) b.perLane.push_back(runner.predictGrid(lane, b.xs, b.ys));
    b.step = runner.stepsDone() - 1;
    return b;
}

}  // namespace presisi
