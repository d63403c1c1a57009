// The Linear lab's result on screen and in files: a tile per lane with the tutorial's three numbers, the
// four error charts, and the CSV/JSON exports of the result. Window only.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <memory>

#include "engine/linear_lab.h"

class QGridLayout;
class QScrollArea;

namespace presisi {

namespace linear_page_detail {
class TileArea;
}

class BarChart;
class HistogramChart;
class LaneTile;
class ScatterChart;

class LinearResultsView : public QObject {
    Q_OBJECT
public:
    // Makes the tiles' scroll area and the four charts, which `page` lays out; the tile area takes what of
    // the page's height the charts leave.
    explicit LinearResultsView(QWidget* page);

    QScrollArea* tileArea() const;
    QList<LaneTile*> tiles() const { return m_tiles; }
    QList<QWidget*> charts() const;
    ScatterChart* scatter() const { return m_scatter; }
    HistogramChart* errorHistogram() const { return m_errorHist; }
    BarChart* bars() const { return m_bars; }
    ScatterChart* errorVsMagnitude() const { return m_errVsMag; }

    // The result shown (null before the first).
    const std::shared_ptr<const LinearResult>& result() const { return m_result; }
    // Shows `result`: a tile per lane (and one for absent GPU lanes), the scatters, the histogram and the bars.
    void show(std::shared_ptr<const LinearResult> result);
    // The tiles in as many columns as fit the page's width, rows below (as the Training lab's): eight
    // lanes and the GPU tile never widen the window. Every row keeps the height its tiles need; the tile
    // area shows as many rows as leave the charts their room and scrolls beyond.
    void flowTiles();
    void rescale(double scale);  // the window's text scale: the charts' least height, the tiles' room
    // How a lane of 8 bits and below stores x and W, as its tile names it: "mxfp8 · floor",
    // "e4m3 · per-tensor · saturating", "nvfp4 · two-level".
    QString storageText(const LinearLane& lane) const;

    bool exportCsv(const QString& path) const;
    bool exportJson(const QString& path) const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // the tile host's width changes

private:
    // What each number of a lane's tile measures and how to read it.
    void setTileToolTips(LaneTile* tile, const LinearLane& lane, const ErrorMetrics& m) const;

    QWidget* m_page;
    QGridLayout* m_tileGrid = nullptr;
    QWidget* m_tileHost = nullptr;
    linear_page_detail::TileArea* m_tileArea = nullptr;
    int m_tileColumns = 0;
    double m_scale = 1.0;  // the window's text scale (rescale)
    QList<LaneTile*> m_tiles;
    ScatterChart* m_scatter = nullptr;
    HistogramChart* m_errorHist = nullptr;
    BarChart* m_bars = nullptr;
    ScatterChart* m_errVsMag = nullptr;
    std::shared_ptr<const LinearResult> m_result;
};

}  // namespace presisi
