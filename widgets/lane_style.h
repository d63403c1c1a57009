// One colour and dash style per lane, the same in every chart, tile and export (colour-blind safe).
#pragma once

#include <QColor>
#include <QPen>
#include <QString>

#include "engine/device.h"
#include "engine/format.h"

namespace presisi {

struct LaneStyle {
    QColor color;
    bool dashed = false;  // GPU lanes: same hue, dashed
};

// f32 neutral dark grey, bf16 blue, f16 orange, f16+scaler green, tf32 purple (Okabe-Ito hues,
// distinguishable under deuteranopia; legends always name the lane, never colour alone).
LaneStyle laneStyle(Device device, Format format, bool scaler = false, bool tf32 = false);
// On a dark background the neutral f32 grey is drawn light instead of dark; other hues stay.
void setDarkBackground(bool dark);
// Parses a lane label such as "cpu:f16+scaler" or "gpu:bf16" into its style.
LaneStyle laneStyle(const QString& label);
// The line pen of a lane's series: its colour, 2 px; the float32 reference (cpu:f32) dashed, GPU
// lanes in short dashes, flush-to-zero lanes dotted, so lanes of one colour stay apart.
QPen lanePen(const QString& label);
// True for the lane every other lane is compared with: plain float32 on the CPU.
bool isReferenceLane(const QString& label);
// The lane's label with what its line pattern means, for legends ("gpu:f16 (GPU: short dashes)").
QString laneLegendName(const QString& label);

}  // namespace presisi
