// Lane colours (Okabe-Ito palette) shared by every view.
#include "lane_style.h"

#include <QStringList>

namespace presisi {

namespace {
bool g_darkBackground = false;
}

void setDarkBackground(bool dark) { g_darkBackground = dark; }

LaneStyle laneStyle(Device device, Format format, bool scaler, bool tf32) {
    LaneStyle s;
    s.dashed = device == Device::Gpu;
    if (tf32) s.color = QColor(0xCC, 0x79, 0xA7);            // reddish purple
    else if (format == Format::F32) s.color = g_darkBackground ? QColor(0xCC, 0xCC, 0xCC) : QColor(0x33, 0x33, 0x33);  // neutral grey
    else if (format == Format::BF16) s.color = QColor(0x00, 0x72, 0xB2);  // blue
    else if (scaler) s.color = QColor(0x00, 0x9E, 0x73);     // bluish green
    else s.color = QColor(0xE6, 0x9F, 0x00);                 // orange
    return s;
}

LaneStyle laneStyle(const QString& label) {
    const QString l = label.toLower();
    const Device device = l.startsWith("gpu") ? Device::Gpu : Device::Cpu;
    const bool tf32 = l.contains("tf32");
    Format format = Format::F32;
    if (l.contains("bf16")) format = Format::BF16;
    else if (l.contains("f16")) format = Format::F16;
    return laneStyle(device, format, l.contains("scaler"), tf32);
}

bool isReferenceLane(const QString& label) {
    const QString l = label.toLower();
    return l == "cpu:f32" || l == "f32";
}

QPen lanePen(const QString& label) {
    const LaneStyle style = laneStyle(label);
    const QString l = label.toLower();
    if (l.startsWith("exact")) {
        // An exact reference (a sum in double): a wide pale band under the lanes that track it.
        QPen pen(g_darkBackground ? QColor(0x66, 0x66, 0x66) : QColor(0xC8, 0xC8, 0xC8));
        pen.setWidthF(6.0);
        pen.setCapStyle(Qt::FlatCap);
        return pen;
    }
    QPen pen(style.color);
    pen.setWidthF(2.0);
    pen.setCapStyle(Qt::FlatCap);
    // Patterns in pen widths. The float32 reference is dashed so that a lane lying on it shows
    // through its gaps; variants of one format differ by pattern, never by colour alone.
    if (isReferenceLane(label)) pen.setDashPattern({4, 2.5});
    else if (style.dashed && l.contains("ftz")) pen.setDashPattern({4, 1.5, 1, 1.5});  // gpu +ftz: dash-dot
    else if (style.dashed) pen.setDashPattern({2.5, 1.5});                            // gpu: short dashes
    else if (l.contains("ftz")) pen.setDashPattern({1, 1.5});                         // +ftz: dots
    else if (l.contains("native")) pen.setDashPattern({6, 1.5});                      // +native: long dashes
    else if (l.contains("f32")) pen.setDashPattern({7, 2, 1, 2});                     // other f32 lanes: long dash-dot
    return pen;
}

QString laneLegendName(const QString& label) {
    const QString l = label.toLower();
    if (isReferenceLane(label)) return label + " (reference, dashed)";
    QStringList why;
    if (l.startsWith("gpu")) why << (l.contains("ftz") ? "GPU, flush to zero: dash-dot" : "GPU: short dashes");
    else if (l.contains("ftz")) why << "flush to zero: dotted";
    else if (l.contains("native")) why << "native product: long dashes";
    return why.isEmpty() ? label : label + " (" + why.join(", ") + ")";
}

}  // namespace presisi
