// The Training lab's gradient cell: a switch between the gradient histogram and the per-layer range
// chart (one lane at a time), and the range snapshots kept for scrubbing (thinned evenly, bounded).
#pragma once

#include <QStringList>
#include <QWidget>
#include <cstdint>
#include <map>
#include <vector>

#include "engine/training/record.h"
#include "engine/training/scenario.h"

class QComboBox;
class QStackedWidget;
class QToolButton;

namespace presisi {

class RangeChart;
struct RangeBar;

// The bars of one snapshot, in layer order: activations, activation gradients, weight gradients.
QList<RangeBar> rangeBars(const RangeSnapshot& snapshot);

class GradientRangeView : public QWidget {
    Q_OBJECT
public:
    // `histogram` is the page's histogram chart: the view holds it in its first place.
    explicit GradientRangeView(QWidget* histogram, QWidget* parent = nullptr);

    RangeChart* chart() const { return m_chart; }
    bool showingRanges() const;
    void setShowingRanges(bool ranges);
    // New run: lane labels and formats; drops every kept snapshot.
    void setLanes(const QStringList& labels, const Scenario& scenario);
    void keep(const std::vector<RangeSnapshot>& snapshots);  // and shows each lane's latest
    void showNearest(std::int64_t step);  // scrubbing: each lane's kept snapshot nearest to `step`
    void showLatest();
    int lane() const;
    void setLane(int lane);
    std::size_t keptCount(int lane) const;
    // Every kept snapshot, lane by lane in step order (keep() of them rebuilds this view's state).
    std::vector<RangeSnapshot> keptSnapshots() const;
    static constexpr int kKeptPerLane = 400;

signals:
    void viewChanged();

private:
    void redraw();

    QWidget* m_histogram = nullptr;
    RangeChart* m_chart = nullptr;
    QStackedWidget* m_stack = nullptr;
    QToolButton* m_histButton = nullptr;
    QToolButton* m_rangeButton = nullptr;
    QComboBox* m_lane = nullptr;
    QStringList m_labels;
    std::vector<Format> m_formats;
    std::map<int, std::map<std::int64_t, RangeSnapshot>> m_kept;  // lane -> step -> snapshot
    std::map<int, std::int64_t> m_shown;                          // lane -> step shown (-1: latest)
    std::int64_t m_scrub = -1;
};

}  // namespace presisi
