// Lane colours (Okabe-Ito palette) shared by every view.
#include "lane_style.h"

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

QPen lanePen(const QString& label) {
    const LaneStyle style = laneStyle(label);
    QPen pen(style.color);
    pen.setWidthF(2.0);
    if (style.dashed) pen.setStyle(Qt::DashLine);
    return pen;
}

}  // namespace presisi
