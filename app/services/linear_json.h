// The linear lab's result as JSON: the one writer behind `presisi linear --json` and the window's
// Linear-lab export, so the two files carry the same keys (docs/CLI.md). Qt-free.
#pragma once

#include <ostream>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/linear_lab.h"

namespace presisi::services {

// One object: in, out, batch, seed (exact 64-bit), samples (the first 4 values of x, weight and
// bias), lanes (label, device, format — "tf32" for a TF32 lane, the scaled format's name for a lane of
// 8 bits and below —, output dtype, accumulation, flags, scaled — null, or the element and scale formats,
// block size, scale mode, saturation and the cast statistics of x and W —, error metrics, seconds) and
// notes; numbers with 17 significant digits. Ends with '\n'.
void writeLinearJson(std::ostream& out, const LinearResult& result);

class JsonWriter;
// A lane's settings, fields of the object being written: lane (as shown), spec (as --lanes takes it), device,
// format, output_dtype, accumulation, flush_subnormals, native, scaled.
void writeLinearLaneSettings(JsonWriter& j, const LinearLaneResult& lane);
// Where x, W and b came from, one object: each "seeded" or {file, dtype, shape}; bias null without a bias.
void writeLinearSources(JsonWriter& j, const LinearSources& sources);
// "shape": a tensor's shape as an array of integers.
void writeShape(JsonWriter& j, const std::vector<std::int64_t>& shape);

// "notes": the lanes left out and why, as an array of strings.
void writeLinearNotes(JsonWriter& j, const std::vector<std::string>& notes);

// What a cast to a scaled format cost, one object: mse, sqnr_db, max_abs_error, saturated_share,
// underflow_share, elements — the keys of the Linear lab's "scaled" and of `presisi quantize --json`.
void writeCastStats(JsonWriter& j, const CastStats& stats);

}  // namespace presisi::services
