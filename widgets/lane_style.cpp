// Lane colours (Okabe-Ito palette) and line patterns shared by every view, looked up from the lane.
#include "lane_style.h"

#include <QCoreApplication>
#include <QStringList>

#include "engine/error.h"

namespace presisi {

namespace {
bool g_darkBackground = false;

// A label's first word (the lane) and whether words other than a parenthesised note follow it.
QString firstWord(const QString& label, bool* more = nullptr) {
    const QString t = label.trimmed();
    const qsizetype space = t.indexOf(' ');
    if (more) *more = space >= 0 && !t.mid(space).trimmed().startsWith('(');
    return (space < 0 ? t : t.left(space)).toLower();
}
}  // namespace

void setDarkBackground(bool dark) { g_darkBackground = dark; }

LaneStyle laneStyle(const Lane& lane) {
    LaneStyle s;
    s.dashed = lane.device == Device::Gpu;
    if (lane.scaled) {
        // 8 bits and below, by width: FP8 per tensor vermillion, FP8 blocks sky blue, FP6 a dark yellow
        // (Okabe-Ito's yellow darkened to read on white), MX FP4 a brown, NVFP4 a violet (the two FP4 recipes
        // side by side in fp4-limits). Per tensor: the fp8 training recipe (e4m3 forward, e5m2 gradients)
        // vermillion, every operand in e4m3 a crimson, in e5m2 a dark brown.
        const int bits = traits(traits(*lane.scaled).element).bits;
        if (isPerTensor(*lane.scaled) && !lane.hybrid && *lane.scaled == ScaledFormat::E4M3) s.color = QColor(0xB2, 0x18, 0x2B);
        else if (isPerTensor(*lane.scaled) && !lane.hybrid) s.color = QColor(0x7F, 0x3B, 0x08);
        else if (isPerTensor(*lane.scaled)) s.color = QColor(0xD5, 0x5E, 0x00);
        else if (bits == 8) s.color = QColor(0x56, 0xB4, 0xE9);
        else if (bits == 6) s.color = QColor(0xB8, 0xA2, 0x00);
        else if (*lane.scaled == ScaledFormat::Nvfp4) s.color = QColor(0x6A, 0x3D, 0x9A);
        else s.color = QColor(0x8C, 0x51, 0x3A);
    } else if (lane.tf32) s.color = QColor(0xCC, 0x79, 0xA7);            // reddish purple
    else if (lane.format == Format::F32) s.color = g_darkBackground ? QColor(0xCC, 0xCC, 0xCC) : QColor(0x33, 0x33, 0x33);  // neutral grey
    else if (lane.format == Format::BF16) s.color = QColor(0x00, 0x72, 0xB2);  // blue
    else if (lane.scaler) s.color = QColor(0x00, 0x9E, 0x73);     // bluish green
    else s.color = QColor(0xE6, 0x9F, 0x00);                      // orange
    return s;
}

bool isReferenceLane(const Lane& lane) { return lane == Lane{}; }

QPen lanePen(const Lane& lane) {
    const LaneStyle style = laneStyle(lane);
    const bool ftz = lane.subnormals == Subnormals::Flush;
    QPen pen(style.color);
    pen.setWidthF(2.0);
    pen.setCapStyle(Qt::FlatCap);
    // Patterns in pen widths. The float32 reference is dashed so that a lane lying on it shows
    // through its gaps; variants of one format differ by pattern, never by colour alone.
    if (isReferenceLane(lane)) pen.setDashPattern({4, 2.5});
    else if (style.dashed && ftz) pen.setDashPattern({4, 1.5, 1, 1.5});  // gpu +ftz: dash-dot
    else if (style.dashed) pen.setDashPattern({2.5, 1.5});              // gpu: short dashes
    else if (ftz) pen.setDashPattern({1, 1.5});                          // +ftz: dots
    else if (lane.native) pen.setDashPattern({6, 1.5});                  // +native: long dashes
    else if (lane.naiveStats) pen.setDashPattern({5, 1.5, 1, 1.5, 1, 1.5});  // +naive-stats: dash-dot-dot
    else if (lane.lowGradAccum) pen.setDashPattern({3, 3});                  // +accum-low: even dashes
    else if (lane.stochasticWeights) pen.setDashPattern({8, 2});             // +pure+sr: long dashes, short gaps
    else if (lane.kahanWeights) pen.setDashPattern({8, 2, 2, 2});            // +pure+kahan: long dash, dot
    else if (lane.pure) pen.setDashPattern({1.5, 2});                        // +pure: fine dots
    else if (lane.delayed) pen.setDashPattern({6, 2, 2, 2});                 // +delayed: dash-dot
    else if (lane.scaled && lane.scaleMode != ScaleMode::Floor) pen.setDashPattern({4, 2});  // MX +rceil etc. beside floor
    else if (lane.noStochasticGradients) pen.setDashPattern({1.5, 2});       // nvfp4 without a part of its recipe:
    else if (lane.noSquareWeights) pen.setDashPattern({4, 2});               // fine dots, dashes, dash-dot
    else if (lane.noHadamard) pen.setDashPattern({6, 2, 2, 2});
    else if (lane.format == Format::F32 && !lane.scaled) pen.setDashPattern({7, 2, 1, 2});  // other f32 lanes: long dash-dot
    return pen;
}

std::optional<Lane> laneOfLabel(const QString& label) {
    bool more = false;
    const QString word = firstWord(label, &more);
    try {
        Lane lane = parseLane(word.toStdString());
        // The GEMM bench names its native lanes "<format> native" (engine/speed/gemm_bench.cpp).
        if (more && label.trimmed().mid(word.size()).trimmed().startsWith(QLatin1String("native"), Qt::CaseInsensitive))
            lane.native = true;
        return lane;
    } catch (const Error&) {
        return std::nullopt;
    }
}

LaneStyle laneStyle(const QString& label) { return laneStyle(laneOfLabel(label).value_or(Lane{})); }

bool isReferenceLane(const QString& label) {
    bool more = false;
    firstWord(label, &more);
    const auto lane = laneOfLabel(label);
    return !more && lane && isReferenceLane(*lane);
}

QPen lanePen(const QString& label) {
    if (firstWord(label).startsWith("exact")) {
        // An exact reference (a sum in double): a wide pale band under the lanes that track it.
        QPen pen(g_darkBackground ? QColor(0x66, 0x66, 0x66) : QColor(0xC8, 0xC8, 0xC8));
        pen.setWidthF(6.0);
        pen.setCapStyle(Qt::FlatCap);
        return pen;
    }
    const auto lane = laneOfLabel(label);
    if (!lane) {
        QPen pen(laneStyle(Lane{}).color);  // not a lane: neutral grey, solid
        pen.setWidthF(2.0);
        pen.setCapStyle(Qt::FlatCap);
        return pen;
    }
    QPen pen = lanePen(*lane);
    // A lane with words after its label ("cpu:f32 remedy", "f32 onednn") is not the reference itself.
    if (lane->format == Format::F32 && !lane->tf32 && isReferenceLane(*lane) && !isReferenceLane(label))
        pen.setDashPattern({7, 2, 1, 2});
    return pen;
}

QString laneLegendName(const QString& label) {
    // A free function: its texts' translation context is "Charts".
    if (isReferenceLane(label)) return QCoreApplication::translate("Charts", "%1 (reference, dashed)").arg(label);
    const Lane lane = laneOfLabel(label).value_or(Lane{});
    const bool ftz = lane.subnormals == Subnormals::Flush;
    QString why;
    if (lane.device == Device::Gpu)
        why = ftz ? QCoreApplication::translate("Charts", "GPU, flush to zero: dash-dot")
                  : QCoreApplication::translate("Charts", "GPU: short dashes");
    else if (ftz) why = QCoreApplication::translate("Charts", "flush to zero: dotted");
    else if (lane.native) why = QCoreApplication::translate("Charts", "native product: long dashes");
    return why.isEmpty() ? label : QString("%1 (%2)").arg(label, why);
}

}  // namespace presisi
