// LinearPage's results: the lane tiles with the tutorial's three numbers, the four error charts, and
// the CSV and JSON exports (the JSON is presisi_services' writer, the same file as `presisi linear --json`).
#include <QHBoxLayout>
#include <QLabel>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "linear_page.h"
#include "linear_page_detail.h"
#include "services/linear_json.h"
#include "services/number_text.h"
#include "widgets/histogram_chart.h"
#include "widgets/lane_tile.h"
#include "widgets/scatter_chart.h"

namespace presisi {

using namespace linear_page_detail;

void LinearPage::showResult(std::shared_ptr<const LinearResult> result) {
    m_result = std::move(result);
    const LinearResult& r = *m_result;

    // Tiles: one per lane, plus a disabled GPU tile with the reason when no device is present.
    for (LaneTile* t : m_tiles) {
        m_tileRow->removeWidget(t);
        delete t;
    }
    m_tiles.clear();
    QStringList labels;
    for (const auto& lr : r.lanes) {
        labels << label(lr.lane);
        auto* tile = new LaneTile(label(lr.lane));
        const ErrorMetrics& m = lr.metrics;
        const QString dtype = qs(traits(lr.lane.format).dtypeName);
        if (isReference(lr.lane)) {
            tile->setBigValues({{"output dtype", dtype}, {"mean |diff|", "reference"}, {"correlation", "1.0"}});
            tile->setDetails(QString("the lanes on %1 are compared with this one\nzero %2 · subnormal %3 · inf %4 · NaN %5 of %6")
                                 .arg(qs(deviceName(lr.lane.device))).arg(m.zeros).arg(m.subnormals).arg(m.infs)
                                 .arg(m.nans).arg(m.count));
        } else {
            tile->setBigValues({{"output dtype", dtype},
                                {"mean |diff|", QString::fromStdString(services::pythonRound(m.meanAbsError, 6))},
                                {"correlation", QString::fromStdString(services::pythonRound(m.correlation, 4))}});
            tile->setDetails(QString("max |diff| %1 · rel. L2 %2\nzero %3 · subnormal %4 · inf %5 · NaN %6 of %7")
                                 .arg(sci(m.maxAbsError), sci(m.relL2Error)).arg(m.zeros).arg(m.subnormals)
                                 .arg(m.infs).arg(m.nans).arg(m.count));
        }
        m_tileRow->addWidget(tile, 1);
        m_tiles.append(tile);
    }
    if (!cudaStatus().available) {
        auto* gpu = new LaneTile("GPU lanes");
        gpu->setUnavailable(QString("GPU lanes off: %1").arg(qs(cudaStatus().reason)));
        gpu->setMaximumWidth(170);
        m_tileRow->addWidget(gpu, 1);
        m_tiles.append(gpu);
    }

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
        means << lr.metrics.meanAbsError;
        // The reference on the same device.
        const Matrix* ref = nullptr;
        for (const auto& other : r.lanes)
            if (other.lane.device == lr.lane.device && isReference(other.lane)) ref = &other.output;
        if (!ref) ref = &r.lanes.front().output;
        const Index n = lr.output.size();
        const Index stride = std::max<Index>(1, n / kScatterPoints);
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
    m_bars->setValues(labels, means, "lanes");
    QStringList notes;
    for (const auto& n : r.notes) notes << QString::fromStdString(n);
    m_note->setText(notes.join("\n"));
    m_status = QString("Linear lab: %1 lanes computed").arg(r.lanes.size());
    emit statusChanged();
    emit explanationChanged();
}

bool LinearPage::exportCsv(const QString& path) const {
    if (!m_result) return false;
    QByteArray out = "lane,device,format,output_dtype,mean_abs_error,max_abs_error,rel_l2_error,correlation,zeros,subnormals,infs,nans,count\n";
    for (const auto& l : m_result->lanes) {
        const ErrorMetrics& m = l.metrics;
        out += QString("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13\n")
                   .arg(label(l.lane), qs(deviceName(l.lane.device)), qs(traits(l.lane.format).name),
                        qs(traits(l.lane.format).dtypeName))
                   .arg(m.meanAbsError, 0, 'g', 17).arg(m.maxAbsError, 0, 'g', 17).arg(m.relL2Error, 0, 'g', 17)
                   .arg(m.correlation, 0, 'g', 17)
                   .arg(m.zeros).arg(m.subnormals).arg(m.infs).arg(m.nans).arg(m.count)
                   .toUtf8();
    }
    return writeTextFile(path, out);
}

bool LinearPage::exportJson(const QString& path) const {
    if (!m_result) return false;
    // The same file as `presisi linear --json`: one writer for both.
    std::ostringstream json;
    services::writeLinearJson(json, *m_result);
    return writeTextFile(path, QByteArray::fromStdString(json.str()));
}

}  // namespace presisi
