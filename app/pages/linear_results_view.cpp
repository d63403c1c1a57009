// LinearResultsView: the lane tiles with the tutorial's three numbers, the four error charts, and the CSV
// and JSON exports (the JSON is presisi_services' writer, the same file as `presisi linear --json`).
#include "linear_results_view.h"

#include <QEvent>
#include <QGridLayout>
#include <QLocale>
#include <QResizeEvent>
#include <QScrollArea>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "linear_page_detail.h"
#include "page.h"
#include "services/linear_json.h"
#include "services/number_text.h"
#include "widgets/histogram_chart.h"
#include "widgets/lane_tile.h"
#include "widgets/scatter_chart.h"

namespace presisi {

using namespace linear_page_detail;

LinearResultsView::LinearResultsView(QWidget* page) : QObject(page), m_page(page) {
    m_tileGrid = new QGridLayout();
    m_tileGrid->setContentsMargins(0, 0, 0, 0);
    m_tileHost = new QWidget();
    m_tileHost->setLayout(m_tileGrid);
    // The host takes the width it is given and sets its own minimum height from the rows (flowTiles); its
    // scroll area is as tall as the rows where the page has room and scrolls beyond (seven lanes and more
    // at 1280x800, nine at 1920x1080), so a tile is never squeezed below the height its numbers need.
    m_tileHost->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_tileHost->installEventFilter(this);  // the scroll bar's coming and going changes its width
    m_tileArea = new TileArea();
    m_tileArea->setFrameShape(QFrame::NoFrame);
    m_tileArea->setWidgetResizable(true);
    m_tileArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_tileArea->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_tileArea->setWidget(m_tileHost);
    m_scatter = new ScatterChart(tr("Lane output against f32 output"), tr("f32 output"), tr("lane output"));
    m_scatter->setDiagonal(true);
    m_scatter->setToolTip(tr("Each dot is one output: its f32 value across, the lane's value up (about 1500 per "
                             "lane). Dots on the line y = x are exact; the thickness of the cloud is the lane's error."));
    m_errorHist = new HistogramChart(tr("Errors |lane - f32| (share of outputs)"), tr("log2 |error|  (binade)"),
                                     tr("% of outputs"));
    m_errorHist->setToolTip(tr("How many outputs have an error in each binade (power of two) of |lane - f32|; exact "
                               "outputs are left out. A lane further left is more precise: each step left halves "
                               "the error."));
    m_bars = new BarChart(tr("Mean |lane - f32| per lane"), tr("mean |difference| (log)"));
    m_bars->setToolTip(tr("The mean absolute difference of each lane's outputs from its device's f32 outputs (the "
                          "tiles' mean |diff|), on a log axis: each grid line is ten times the one below, so bf16's "
                          "bar shows beside mxfp4's, which is far longer. Shorter is closer to float32; f32 itself "
                          "is 0 and stays at the foot."));
    m_errVsMag = new ScatterChart(tr("|Error| against |f32 output|"), tr("|f32 output|"), tr("|lane - f32|"));
    m_errVsMag->setToolTip(tr("Each dot: an output's size across, its error up. Rounding error is relative, so it "
                              "grows with the size of the value, in steps at each power of two."));
}

QScrollArea* LinearResultsView::tileArea() const { return m_tileArea; }

QList<QWidget*> LinearResultsView::charts() const { return {m_scatter, m_errorHist, m_bars, m_errVsMag}; }

void LinearResultsView::rescale(double scale) {
    m_scale = scale;
    // Charts keep a legible height as the text grows (their axes and legend take more of it).
    for (QWidget* c : charts()) c->setMinimumHeight(static_cast<int>(std::lround(kMinChartHeight * scale)));
    m_tileColumns = 0;
    flowTiles();
}

bool LinearResultsView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_tileHost && event->type() == QEvent::Resize &&
        static_cast<QResizeEvent*>(event)->oldSize().width() != m_tileHost->width())
        flowTiles();
    return QObject::eventFilter(watched, event);
}

QString LinearResultsView::storageText(const LinearLane& lane) const {
    if (!lane.scaled) return qs(traits(lane.format).name);
    const QString name = qs(traits(*lane.scaled).name);
    if (isPerTensor(*lane.scaled))
        return lane.overflow == Overflow::Saturate ? tr("%1 · per-tensor · saturating").arg(name)
                                                   : tr("%1 · per-tensor").arg(name);
    if (isMx(*lane.scaled)) return tr("%1 · %2").arg(name, qs(scaleModeName(lane.scaleMode)));
    return tr("%1 · two-level").arg(name);  // nvfp4: e4m3 block scales under a float32 tensor scale
}

void LinearResultsView::setTileToolTips(LaneTile* tile, const LinearLane& lane, const ErrorMetrics& m) const {
    if (isReference(lane)) {
        tile->setRowToolTips({tr("The dtype of this lane's output tensor, as y.dtype prints it."),
                              tr("This lane is the reference: the other lanes on its device are compared with its "
                                 "outputs, so its own difference is zero by definition."),
                              tr("The reference correlates perfectly with itself: 1.0 by definition.")});
        tile->setDetailsToolTip(tr("How many of its %L1 outputs are zero, subnormal, inf or NaN in float32.").arg(m.count));
        return;
    }
    const QString relPercent = QLocale().toString(100.0 * m.relL2Error, 'g', 2);
    const QString correlation =
        pyRound(m.correlation, 4) == pyRound(1.0, 4)
            ? tr("Pearson correlation of the lane's %L1 outputs with the f32 outputs (1 = the same shape), rounded to 4 "
                 "digits as Python prints it. It is %2 before rounding: an error of %3% of the outputs' size (rel. L2) "
                 "lowers it only by about ½·(rel. L2)², so it shows 1.0 — the direction is kept, the error is in the last "
                 "bits, not the shape.")
                  .arg(m.count)
                  .arg(QLocale().toString(m.correlation, 'f', 8), relPercent)
            : tr("Pearson correlation of the lane's %L1 outputs with the f32 outputs (1 = the same shape), rounded to 4 "
                 "digits as Python prints it. Below 1.0 the error (here %2% of the outputs' size, rel. L2) changes the "
                 "shape of the outputs, not only their last bits.")
                  .arg(m.count)
                  .arg(relPercent);
    QString storageTip;
    if (lane.scaled) {
        const ScaledFormatTraits& t = traits(*lane.scaled);
        const QString element = qs(traits(t.element).name);
        storageTip = isPerTensor(*lane.scaled)
                         ? tr("x and the weights are stored in %1 with one float32 scale per tensor (max / amax, as "
                              "torchao's tensorwise recipe); values beyond the max %2. The product of the dequantised "
                              "values accumulates in float32; bias and output stay float32.")
                               .arg(element, lane.overflow == Overflow::Saturate
                                                 ? tr("saturate to ±max (+sat)")
                                                 : tr("follow the OCP conversion (e4m3 → NaN, e5m2 → inf)"))
                     : isMx(*lane.scaled)
                         ? tr("x and the weights are stored as %1 elements in blocks of %2 along in, each block with a "
                              "power-of-two (e8m0) scale chosen by the %3 rule; elements beyond the max saturate. The "
                              "product of the dequantised values accumulates in float32; bias and output stay float32.")
                               .arg(element).arg(t.blockSize).arg(qs(scaleModeName(lane.scaleMode)))
                         : tr("x and the weights are stored as %1 elements in blocks of %2 along in, each block with an "
                              "e4m3 scale, under one float32 scale per tensor (amax / (448·6)). The product of the "
                              "dequantised values accumulates in float32; bias and output stay float32.")
                               .arg(element).arg(t.blockSize);
    }
    if (lane.scaled) tile->setSubtitle(storageText(lane), storageTip);
    tile->setRowToolTips(
        {lane.scaled ? tr("The dtype of this lane's output tensor: float32. The lane stores x and the weights in %1 but "
                          "multiplies, adds the bias and keeps the output in float32, so the error is the storage's.")
                           .arg(storageText(lane))
                     : tr("The dtype of this lane's output tensor, as y.dtype prints it: autocast returns the low format."),
         tr("The mean of |lane output − f32 output| over all %L1 outputs, in the outputs' own units: the typical "
            "error of one output, rounded to 6 decimals as Python prints it. Smaller is closer to float32.")
             .arg(m.count),
         correlation});
    tile->setDetailsToolTip(tr("max |diff| is the largest error of a single output; rel. L2 = ‖lane − f32‖ / ‖f32‖, the "
                               "error relative to the outputs' size. The counts are the lane's outputs that are zero, "
                               "subnormal, inf or NaN in its format.") +
                            (lane.scaled ? tr(" SQNR: signal-to-quantisation-noise ratio of x and of the weights after "
                                              "storing them (10·log10 of Σx² / Σerror², in dB; each bit of mantissa adds "
                                              "about 6 dB); sat.: the share of values that were clamped to the format's "
                                              "max.")
                                         : QString()));
}

void LinearResultsView::show(std::shared_ptr<const LinearResult> result) {
    m_result = std::move(result);
    const LinearResult& r = *m_result;

    // Tiles: one per lane, plus a disabled GPU tile with the reason when no device is present.
    for (LaneTile* t : m_tiles) {
        m_tileGrid->removeWidget(t);
        delete t;
    }
    m_tileColumns = 0;
    m_tiles.clear();
    QStringList labels;
    for (const auto& lr : r.lanes) {
        labels << label(lr.lane);
        auto* tile = new LaneTile(label(lr.lane));
        const ErrorMetrics& m = lr.metrics;
        const QString dtype = qs(traits(lr.lane.format).dtypeName);
        if (isReference(lr.lane)) {
            tile->setBigValues({{tr("output dtype"), dtype}, {tr("mean |diff|"), tr("reference")},
                                {tr("correlation"), pyRound(1.0, 4)}});
            tile->setDetails(tr("the lanes on %1 are compared with this one\nzero %L2 · subnormal %L3 · inf %L4 · NaN %L5 of %L6")
                                 .arg(qs(deviceName(lr.lane.device))).arg(m.zeros).arg(m.subnormals).arg(m.infs)
                                 .arg(m.nans).arg(m.count));
        } else if (lr.lane.scaled && lr.quantization) {
            // The storage and its rule first: the output of these lanes is float32 by construction.
            const CastStats& qx = lr.quantization->x;
            const CastStats& qw = lr.quantization->weight;
            // The storage and its rule under the title (setTileToolTips); two lines of details, a third only
            // when outputs overflowed (an e4m3 cast without +sat given a stale amax).
            tile->setBigValues({{tr("output dtype"), dtype},
                                {tr("mean |diff|"), pyRound(m.meanAbsError, 6)},
                                {tr("correlation"), pyRound(m.correlation, 4)}});
            const auto percent = [](double share) { return QLocale().toString(100 * share, 'g', 2); };
            QString details = tr("max |diff| %1 · rel. L2 %2\nSQNR x %3 dB · W %4 dB · sat. %5 % / %6 %")
                                  .arg(sci(m.maxAbsError), sci(m.relL2Error), QLocale().toString(qx.sqnrDb, 'f', 1),
                                       QLocale().toString(qw.sqnrDb, 'f', 1), percent(qx.saturatedShare),
                                       percent(qw.saturatedShare));
            if (m.infs + m.nans > 0) details += tr("\ninf %L1 · NaN %L2 of %L3").arg(m.infs).arg(m.nans).arg(m.count);
            tile->setDetails(details);
        } else {
            tile->setBigValues({{tr("output dtype"), dtype},
                                {tr("mean |diff|"), pyRound(m.meanAbsError, 6)},
                                {tr("correlation"), pyRound(m.correlation, 4)}});
            tile->setDetails(tr("max |diff| %1 · rel. L2 %2\nzero %L3 · subnormal %L4 · inf %L5 · NaN %L6 of %L7")
                                 .arg(sci(m.maxAbsError), sci(m.relL2Error)).arg(m.zeros).arg(m.subnormals)
                                 .arg(m.infs).arg(m.nans).arg(m.count));
        }
        setTileToolTips(tile, lr.lane, m);
        m_tiles.append(tile);
    }
    if (!cudaStatus().available) {
        auto* gpu = new LaneTile(tr("GPU lanes"));
        gpu->setUnavailable(tr("GPU lanes off: %1").arg(qs(cudaStatus().reason)));
        gpu->setMaximumWidth(170);
        m_tiles.append(gpu);
    }
    flowTiles();

    // Charts.
    // The reference lies on y = x by definition: the scatters show the other lanes only, the finer
    // formats drawn over the coarser ones' wider spread.
    QStringList lowLabels;
    std::vector<int> lowIndex;
    for (int li = 0; li < static_cast<int>(r.lanes.size()); ++li)
        if (!isReference(r.lanes[li].lane)) {
            lowLabels << labels[li];
            lowIndex.push_back(li);
        }
    m_scatter->setLanes(lowLabels);
    m_errorHist->setLanes(labels);
    m_errVsMag->setLanes(lowLabels);
    QList<double> means;
    QList<double> edges;
    for (int e = kMinErrorExponent; e <= kMaxErrorExponent; ++e) edges << e;
    for (int li = 0; li < static_cast<int>(r.lanes.size()); ++li) {
        const auto& lr = r.lanes[li];
        // The bar's label reads as the tile's mean |diff| (Python's round to 6 decimals): one number, one
        // text. A mean that rounds to 0 keeps its own value, so its bar does not vanish to the foot.
        const double rounded = QString::fromStdString(services::pythonRound(lr.metrics.meanAbsError, 6)).toDouble();
        means << (rounded > 0 ? rounded : lr.metrics.meanAbsError);
        // The reference on the same device.
        const Matrix* ref = nullptr;
        for (const auto& other : r.lanes)
            if (other.lane.device == lr.lane.device && isReference(other.lane)) ref = &other.output;
        if (!ref) ref = &r.lanes.front().output;
        const Index n = lr.output.size();
        const Index perLane = kScatterBudget / std::max<Index>(1, static_cast<Index>(lowIndex.size()));
        const Index stride = std::max<Index>(1, n / perLane);
        QList<QPointF> pts, errPts;
        for (Index i = 0; i < n; i += stride) {
            const double y32 = ref->data()[i], y = lr.output.data()[i];
            pts.append(QPointF(y32, y));
            errPts.append(QPointF(std::abs(y32), std::abs(y - y32)));
        }
        const int si = static_cast<int>(std::find(lowIndex.begin(), lowIndex.end(), li) - lowIndex.begin());
        if (si < static_cast<int>(lowIndex.size())) {
            m_scatter->setPoints(si, pts);
            m_errVsMag->setPoints(si, errPts);
        }
        QList<double> counts(edges.size() - 1, 0.0);
        for (Index i = 0; i < n; ++i) {
            const double d = std::abs(static_cast<double>(lr.output.data()[i]) - ref->data()[i]);
            if (!(d > 0) || !std::isfinite(d)) continue;
            const int b = std::clamp(static_cast<int>(std::floor(std::log2(d))), kMinErrorExponent, kMaxErrorExponent - 1) -
                          kMinErrorExponent;
            counts[b] += 100.0 / static_cast<double>(n);
        }
        m_errorHist->setHistogram(li, edges, counts);
    }
    m_scatter->refresh();
    m_errorHist->refresh();
    m_errVsMag->refresh();
    m_bars->setValues(labels, means, tr("lanes"));
}

void LinearResultsView::flowTiles() {
    const int n = static_cast<int>(m_tiles.size());
    if (n == 0) return;
    int minW = 1;
    for (LaneTile* t : m_tiles) minW = std::max(minW, t->minimumSizeHint().width());
    const int hSpacing = std::max(0, m_tileGrid->horizontalSpacing());
    const int vSpacing = std::max(0, m_tileGrid->verticalSpacing());
    const int available = m_tileHost->width() > 1 ? m_tileHost->width() : minW * n;
    int cols = std::clamp((available + hSpacing) / (minW + hSpacing), 1, n);
    const int rows = (n + cols - 1) / cols;
    cols = (n + rows - 1) / rows;  // balanced rows: 6 tiles as 3 + 3, not 5 + 1
    // Each row as tall as its tallest tile needs at the column width (the details wrap there).
    const int colWidth = std::max(minW, (available - (cols - 1) * hSpacing) / cols);
    QList<int> rowHeights(rows, 1);
    for (int i = 0; i < n; ++i) {
        LaneTile* t = m_tiles[i];
        int need = t->minimumSizeHint().height();
        if (t->hasHeightForWidth()) need = std::max(need, t->heightForWidth(std::min(colWidth, t->maximumWidth())));
        rowHeights[i / cols] = std::max(rowHeights[i / cols], need);
    }
    const int rowHeight = rowHeights.front();
    int wantHeight = (rows - 1) * vSpacing;
    for (int h : rowHeights) wantHeight += h;
    // The charts below keep this much of the page (two rows of charts with their tick labels and legends);
    // the tile area takes the rest, at least one row.
    constexpr int kChartsRoom = 380;
    const int room = m_page->height() - m_page->contentsMargins().top() - m_page->contentsMargins().bottom() -
                     m_page->layout()->contentsMargins().top() - m_page->layout()->contentsMargins().bottom() -
                     static_cast<int>(kChartsRoom * m_scale) - vSpacing;
    const int areaHeight = std::min(wantHeight, std::max(rowHeight, room));
    if (cols != m_tileColumns) {
        m_tileColumns = cols;
        for (LaneTile* t : m_tiles) m_tileGrid->removeWidget(t);
        for (int c = 0; c < m_tileGrid->columnCount(); ++c) m_tileGrid->setColumnStretch(c, 0);
        for (int i = 0; i < n; ++i) m_tileGrid->addWidget(m_tiles[i], i / cols, i % cols);
        for (int c = 0; c < cols; ++c) m_tileGrid->setColumnStretch(c, 1);
    }
    for (int r = 0; r < m_tileGrid->rowCount(); ++r) m_tileGrid->setRowMinimumHeight(r, rowHeights.value(r, 0));
    if (m_tileHost->minimumHeight() != wantHeight) {
        m_tileHost->setMinimumHeight(wantHeight);
        m_tileArea->setWidgetResizable(true);  // re-fits the host to the new height (the scroll bar follows)
    }
    // At least one row, at most what leaves the charts their room; the layout picks the height in
    // between (the rows' natural height where it fits). Only the one row enters the page's minimum size:
    // a minimum that followed the page's own height would grow the window on every relayout (each
    // progress tick's), repainting every chart as it went.
    if (m_tileArea->minimumHeight() != rowHeight) m_tileArea->setMinimumHeight(rowHeight);
    m_tileArea->setWantedHeight(areaHeight);
}

bool LinearResultsView::exportCsv(const QString& path) const {
    if (!m_result) return false;
    QByteArray out = "lane,device,format,output_dtype,mean_abs_error,max_abs_error,rel_l2_error,correlation,zeros,subnormals,infs,nans,count\n";
    for (const auto& l : m_result->lanes) {
        const ErrorMetrics& m = l.metrics;
        out += QString("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13\n")
                   .arg(label(l.lane), qs(deviceName(l.lane.device)),
                        qs(l.lane.scaled ? traits(*l.lane.scaled).name : traits(l.lane.format).name),
                        qs(traits(l.lane.format).dtypeName))
                   .arg(m.meanAbsError, 0, 'g', 17).arg(m.maxAbsError, 0, 'g', 17).arg(m.relL2Error, 0, 'g', 17)
                   .arg(m.correlation, 0, 'g', 17)
                   .arg(m.zeros).arg(m.subnormals).arg(m.infs).arg(m.nans).arg(m.count)
                   .toUtf8();
    }
    return writeFileWhole(path, out);
}

bool LinearResultsView::exportJson(const QString& path) const {
    if (!m_result) return false;
    // The same file as `presisi linear --json`: one writer for both.
    std::ostringstream json;
    services::writeLinearJson(json, *m_result);
    return writeFileWhole(path, QByteArray::fromStdString(json.str()));
}

}  // namespace presisi
