// The linear lab's JSON (presisi_services): written once for the CLI and the window.
#include "linear_json.h"

#include <algorithm>

#include "json_writer.h"

namespace presisi::services {

namespace {

// "scaled": null for the f32/bf16/f16 lanes; for a lane of 8 bits and below how x and W were stored
// (along in) and what quantising each cost.
void writeScaled(JsonWriter& j, const LinearLaneResult& l) {
    j.key("scaled");
    if (!l.lane.scaled) {
        j.null();
        return;
    }
    const ScaledFormatTraits& t = traits(*l.lane.scaled);
    j.beginObject();
    j.field("format", t.name).field("element_format", traits(t.element).name);
    j.field("block_size", t.blockSize).field("scale_format", traits(t.scale).name);
    j.key("scale_mode");
    if (isMx(*l.lane.scaled)) j.value(scaleModeName(l.lane.scaleMode));
    else j.null();
    j.field("saturate", l.lane.overflow == Overflow::Saturate);
    if (l.quantization) {
        j.key("x");
        writeCastStats(j, l.quantization->x);
        j.key("weight");
        writeCastStats(j, l.quantization->weight);
    }
    j.endObject();
}

}  // namespace

void writeLinearLaneSettings(JsonWriter& j, const LinearLaneResult& l) {
    j.field("lane", displayLabel(l.lane));  // what the window and the text output show
    j.field("spec", l.lane.label());        // what --lanes takes
    j.field("device", deviceName(l.lane.device));
    j.field("format", l.lane.scaled ? traits(*l.lane.scaled).name : l.lane.tf32 ? "tf32" : traits(l.lane.format).name);
    j.field("output_dtype", traits(l.lane.format).dtypeName);
    j.field("accumulation", l.lane.accumulation == Accumulation::F32 ? "f32" : "storage");
    j.field("flush_subnormals", l.lane.subnormals == Subnormals::Flush);
    j.field("native", l.lane.native);
    writeScaled(j, l);
}

void writeShape(JsonWriter& j, const std::vector<std::int64_t>& shape) {
    j.key("shape").beginArray();
    for (auto d : shape) j.value(d);
    j.endArray();
}

void writeLinearSources(JsonWriter& j, const LinearSources& sources) {
    const auto one = [&](const char* key, const std::optional<LinearTensorFile>& file) {
        j.key(key);
        if (!file) {
            j.value("seeded");
            return;
        }
        j.beginObject();
        j.field("file", file->path).field("dtype", tensorFileDTypeName(file->dtype));
        writeShape(j, file->shape);
        j.endObject();
    };
    j.beginObject();
    one("x", sources.x);
    one("weight", sources.weight);
    if (sources.hasBias()) one("bias", sources.bias);
    else j.key("bias").null();
    j.endObject();
}

void writeLinearNotes(JsonWriter& j, const std::vector<std::string>& notes) {
    j.key("notes").beginArray();
    for (const auto& n : notes) j.value(n);
    j.endArray();
}

void writeCastStats(JsonWriter& j, const CastStats& c) {
    j.beginObject();
    j.field("mse", c.mse).field("sqnr_db", c.sqnrDb).field("max_abs_error", c.maxAbsError);
    j.field("saturated_share", c.saturatedShare).field("underflow_share", c.underflowShare);
    j.field("elements", c.elements);
    j.endObject();
}

void writeLinearJson(std::ostream& out, const LinearResult& result) {
    const LinearConfig& config = result.config;
    JsonWriter j(out);
    j.beginObject();
    j.field("in", static_cast<std::int64_t>(config.in)).field("out", static_cast<std::int64_t>(config.out));
    j.field("batch", static_cast<std::int64_t>(config.batch));
    j.key("seed").seed(config.seed);
    j.key("inputs");
    writeLinearSources(j, result.sources);
    j.key("samples").beginObject();
    auto samples = [&](const char* name, const float* data, Index n) {
        j.key(name).beginArray();
        for (Index i = 0; i < std::min<Index>(4, n); ++i) j.value(data[i]);
        j.endArray();
    };
    samples("x", result.inputs.x.data(), result.inputs.x.size());
    samples("weight", result.inputs.weight.data(), result.inputs.weight.size());
    samples("bias", result.inputs.bias.data(), result.inputs.bias.size());
    j.endObject();
    j.key("lanes").beginArray();
    for (const auto& l : result.lanes) {
        const ErrorMetrics& m = l.metrics;
        j.beginObject();
        writeLinearLaneSettings(j, l);
        j.field("mean_abs_error", m.meanAbsError).field("max_abs_error", m.maxAbsError);
        j.field("rel_l2_error", m.relL2Error).field("correlation", m.correlation);
        j.field("zeros", m.zeros).field("subnormals", m.subnormals);
        j.field("infs", m.infs).field("nans", m.nans);
        j.field("seconds", l.seconds);
        j.endObject();
    }
    j.endArray();
    writeLinearNotes(j, result.notes);
    j.endObject();
    out << '\n';
}

}  // namespace presisi::services
