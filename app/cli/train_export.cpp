// The training run's JSON contract and CSV, written once for the CLI and the window.
#include "train_export.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "json_writer.h"
#include "scenario_json.h"

namespace presisi::cli {

namespace {

std::string csvNumber(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

}  // namespace

void writeTrainingJson(std::ostream& os, const Scenario& s, const std::vector<StepRecord>& records,
                       const std::vector<LaneFinal>& finals) {
    JsonWriter j(os);
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
}

void writeTrainingCsv(std::ostream& os, const Scenario& s, const std::vector<StepRecord>& records) {
    os << "lane,step,loss,accuracy,grad_norm,act_grad_underflow,weight_grad_underflow,grad_subnormal,overflows,scale,"
          "growth_tracker,skipped,finite,seconds\n";
    for (std::size_t i = 0; i < s.lanes.size(); ++i)
        for (const StepRecord& r : records) {
            if (r.lane != static_cast<int>(i)) continue;
            os << s.lanes[i].label() << ',' << r.step << ',' << csvNumber(r.loss) << ',' << csvNumber(r.accuracy) << ','
               << csvNumber(r.gradNorm) << ',' << csvNumber(r.actGradUnderflow) << ','
               << csvNumber(r.weightGradUnderflow) << ',' << csvNumber(r.gradSubnormal) << ',' << r.overflows << ','
               << csvNumber(r.scale) << ',' << r.growthTracker << ',' << (r.skipped ? "true" : "false") << ','
               << (r.finite ? "true" : "false") << ',' << csvNumber(r.seconds) << '\n';
        }
}

}  // namespace presisi::cli
