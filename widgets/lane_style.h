// One colour and dash style per lane, the same in every chart, tile and export (colour-blind safe).
#pragma once

#include <QColor>
#include <QPen>
#include <QString>
#include <optional>

#include "engine/device.h"
#include "engine/format.h"
#include "engine/lane.h"

namespace presisi {

struct LaneStyle {
    QColor color;
    bool dashed = false;  // GPU lanes: same hue, dashed
};

// f32 neutral dark grey, bf16 blue, f16 orange, f16+scaler green, tf32 purple; the scaled lanes of 8 bits
// and below vermillion (per-tensor FP8), sky blue (MX FP8), dark yellow (FP6), brown (FP4) (Okabe-Ito hues,
// distinguishable under deuteranopia; legends always name the lane, never colour alone).
LaneStyle laneStyle(const Lane& lane);
// On a dark background the neutral f32 grey is drawn light instead of dark; other hues stay.
void setDarkBackground(bool dark);
// The line pen of a lane's series: its colour, 2 px; the float32 reference (cpu:f32) dashed, GPU
// lanes in short dashes, flush-to-zero lanes dotted, native lanes in long dashes, so lanes of one
// colour stay apart.
QPen lanePen(const Lane& lane);
// True for the lane every other lane is compared with: plain float32 on the CPU.
bool isReferenceLane(const Lane& lane);

// Where only a label exists (a chart's series name, a CSV/JSON read back): the label read by the
// engine's parseLane. A label is a lane label ("cpu:f16+scaler", "bf16"), optionally followed by words
// after a space: the window's note ("cpu:bf16+native (emulated: …)"), the GEMM bench's variant ("bf16
// native", "bf16 emulated", "f32 onednn"; "native" marks a native lane) or a qualifier ("cpu:f32
// remedy"). Labels that are not lanes ("exact", "GPU lanes") have no lane and draw in neutral grey.
std::optional<Lane> laneOfLabel(const QString& label);
LaneStyle laneStyle(const QString& label);
QPen lanePen(const QString& label);  // "exact…" (a float64 reference): a wide pale band
// Only a label that is the lane alone ("cpu:f32", "f32", or with a parenthesised note after it), not one
// with other words after it ("cpu:f32 remedy", "f32 onednn").
bool isReferenceLane(const QString& label);
// The lane's label with what its line pattern means, for legends ("gpu:f16 (GPU: short dashes)").
QString laneLegendName(const QString& label);

}  // namespace presisi
