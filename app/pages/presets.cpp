// Adapters from the window to the preset loader (app/cli/scenario_json.h) and to the training JSON
// contract of `presisi train --json`, written with the CLI's JsonWriter so the two cannot drift apart
// in number formatting.
#include "presets.h"

#include <QString>
#include <cmath>
#include <sstream>

#include "cli/json_writer.h"
#include "cli/scenario_json.h"
#include "engine/error.h"

namespace presisi {

QList<PresetEntry> listPresets() {
    QList<PresetEntry> out;
    for (const cli::PresetInfo& p : cli::listPresets())
        out.append({QString::fromStdString(p.name), QString::fromStdString(p.title), QString::fromStdString(p.explanation)});
    return out;
}

Scenario loadPresetScenario(const QString& name) { return cli::loadPreset(name.toStdString()); }

QByteArray trainingJson(const Scenario& s, const std::vector<StepRecord>& records, const std::vector<LaneFinal>& finals) {
    std::ostringstream os;
    cli::JsonWriter j(os);
    j.beginObject();
    j.key("model").beginObject().key("sizes").beginArray();
    for (int v : s.sizes) j.value(v);
    j.endArray().field("activation", activationName(s.activation)).field("loss", lossName(s.loss)).endObject();
    j.key("optimizer").beginObject().field("name", optimizerName(s.optimizer.kind)).field("lr", s.optimizer.lr);
    if (s.optimizer.kind == OptimizerSpec::Kind::Sgd) j.field("momentum", s.optimizer.momentum);
    else j.field("beta1", s.optimizer.beta1).field("beta2", s.optimizer.beta2).field("eps", s.optimizer.eps);
    j.endObject();
    j.field("batch", s.batch).field("steps", s.steps).field("seed", static_cast<std::int64_t>(s.seed));
    j.key("preset");
    if (s.preset.empty()) j.null();
    else j.value(s.preset);
    if (s.workload != Workload::Training) j.field("workload", workloadName(s.workload));
    j.key("lanes").beginArray();
    for (std::size_t i = 0; i < s.lanes.size(); ++i) {
        const LaneSpec& l = s.lanes[i];
        j.beginObject().field("lane", l.label()).field("device", deviceName(l.device)).field("format", traits(l.format).name);
        j.key("scaler");
        if (l.scaler)
            j.beginObject().field("init_scale", s.scaler.initScale).field("growth_factor", s.scaler.growthFactor)
                .field("backoff_factor", s.scaler.backoffFactor).field("growth_interval", s.scaler.growthInterval).endObject();
        else
            j.null();
        j.key("records").beginArray();
        for (const StepRecord& r : records) {
            if (r.lane != static_cast<int>(i)) continue;
            j.beginObject().field("step", static_cast<std::int64_t>(r.step)).field("loss", r.loss).field("accuracy", r.accuracy)
                .field("grad_norm", r.gradNorm).field("act_grad_underflow", r.actGradUnderflow)
                .field("weight_grad_underflow", r.weightGradUnderflow).field("grad_subnormal", r.gradSubnormal)
                .field("overflows", static_cast<std::int64_t>(r.overflows)).field("scale", r.scale)
                .field("growth_tracker", static_cast<std::int64_t>(r.growthTracker)).field("skipped", r.skipped)
                .field("finite", r.finite).field("seconds", r.seconds).endObject();
        }
        j.endArray();
        // A run stopped early has no evaluation yet: its final metrics are null.
        const LaneFinal* f = nullptr;
        for (const LaneFinal& x : finals)
            if (x.lane == static_cast<int>(i)) f = &x;
        j.key("final");
        if (f)
            j.beginObject().field("loss", f->loss).field("accuracy", f->accuracy).field("eval_loss", f->evalLoss)
                .field("eval_accuracy", f->evalAccuracy).endObject();
        else
            j.null();
        j.endObject();
    }
    j.endArray().endObject();
    os << '\n';
    return QByteArray::fromStdString(os.str());
}

}  // namespace presisi
