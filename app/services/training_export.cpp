// The training run's JSON contract and CSV, written once for the CLI and the window.
#include "training_export.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "atomic_file.h"
#include "json_writer.h"
#include "scenario_file.h"

namespace presisi::services {

namespace {

std::string csvNumber(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

const char* kCsvHeader =
    "lane,step,loss,accuracy,grad_norm,act_grad_underflow,weight_grad_underflow,grad_subnormal,overflows,scale,"
    "growth_tracker,skipped,finite,seconds";
// With a lane of 8 bits and below: per GEMM operand, the largest saturated and underflowed share over layers.
const char* kCsvCastColumns =
    ",input_saturated,input_underflow,input_range_use_low,input_range_use_high,weight_saturated,weight_underflow,"
    "weight_range_use_low,weight_range_use_high,grad_output_saturated,grad_output_underflow,grad_output_range_use_low,"
    "grad_output_range_use_high";

bool hasScaledLane(const Scenario& s) {
    return std::any_of(s.lanes.begin(), s.lanes.end(), [](const LaneSpec& l) { return l.scaled.has_value(); });
}

void csvHeader(std::ostream& os, const Scenario& s) { os << kCsvHeader << (hasScaledLane(s) ? kCsvCastColumns : "") << '\n'; }

// casts: the step's every cast (the command line's spool has them; the window's records only the worst).
void recordJson(std::ostream& os, const StepRecord& r, const std::vector<CastRecord>* casts = nullptr) {
    JsonWriter j(os);
    j.beginObject().field("step", static_cast<std::int64_t>(r.step)).field("loss", r.loss).field("accuracy", r.accuracy)
        .field("grad_norm", r.gradNorm).field("act_grad_underflow", r.actGradUnderflow)
        .field("weight_grad_underflow", r.weightGradUnderflow).field("grad_subnormal", r.gradSubnormal)
        .field("overflows", static_cast<std::int64_t>(r.overflows)).field("scale", r.scale)
        .field("growth_tracker", static_cast<std::int64_t>(r.growthTracker)).field("skipped", r.skipped)
        .field("finite", r.finite).field("seconds", r.seconds);
    if (!std::isnan(r.castWorst[0].saturatedShare)) {
        j.key("cast_worst").beginObject();
        for (int k = 0; k < numerics::kGemmOperands; ++k) {
            const StepRecord::CastWorst& w = r.castWorst[static_cast<std::size_t>(k)];
            j.key(numerics::gemmOperandName(static_cast<numerics::GemmOperand>(k))).beginObject()
                .field("saturated_share", double(w.saturatedShare)).field("underflow_share", double(w.underflowShare))
                .field("range_use_low", double(w.rangeUseLow)).field("range_use_high", double(w.rangeUseHigh)).endObject();
        }
        j.endObject();
    }
    if (casts && !casts->empty()) {
        j.key("casts").beginArray();
        for (const CastRecord& c : *casts)
            j.beginObject().field("layer", c.layer).field("operand", numerics::gemmOperandName(c.operand))
                .field("format", traits(c.format).name).field("amax", c.amax).field("scale", c.scale)
                .field("scale_amax", c.scaleAmax).field("saturated_share", c.saturatedShare)
                .field("underflow_share", c.underflowShare).field("mse", c.mse).endObject();
        j.endArray();
    }
    j.endObject();
}

void recordCsv(std::ostream& os, const std::string& lane, const StepRecord& r, bool castColumns) {
    os << lane << ',' << r.step << ',' << csvNumber(r.loss) << ',' << csvNumber(r.accuracy) << ','
       << csvNumber(r.gradNorm) << ',' << csvNumber(r.actGradUnderflow) << ',' << csvNumber(r.weightGradUnderflow) << ','
       << csvNumber(r.gradSubnormal) << ',' << r.overflows << ',' << csvNumber(r.scale) << ',' << r.growthTracker << ','
       << (r.skipped ? "true" : "false") << ',' << (r.finite ? "true" : "false") << ',' << csvNumber(r.seconds);
    if (castColumns)
        for (const StepRecord::CastWorst& w : r.castWorst)
            os << ',' << csvNumber(w.saturatedShare) << ',' << csvNumber(w.underflowShare) << ',' << csvNumber(w.rangeUseLow)
               << ',' << csvNumber(w.rangeUseHigh);
    os << '\n';
}

void tensorRangesJson(JsonWriter& j, const std::vector<TensorRange>& tensors) {
    j.key("tensors").beginArray();
    for (const TensorRange& t : tensors)
        j.beginObject().field("layer", t.layer).field("kind", tensorKindName(t.kind))
            .field("elements", static_cast<std::int64_t>(t.elements)).field("abs_max", t.absMax)
            .field("abs_min_nonzero", t.absMinNonZero).field("binades", t.binades)
            .field("underflow_share", t.underflowShare).field("subnormal_share", t.subnormalShare)
            .field("overflow_share", t.overflowShare).field("shadow_abs_max", t.shadowAbsMax)
            .field("shadow_abs_min_nonzero", t.shadowAbsMinNonZero).endObject();
    j.endArray();
}

void rangeJson(std::ostream& os, const RangeSnapshot& r) {
    JsonWriter j(os);
    j.beginObject().field("step", static_cast<std::int64_t>(r.step)).field("scale", r.scale);
    tensorRangesJson(j, r.tensors);
    j.endObject();
}

// A lane's "first_nonfinite": step and layer 0-based (the sentence counts layers from 1, as the window).
void faultJson(JsonWriter& j, const FirstNonFinite* f) {
    j.key("first_nonfinite");
    if (!f) {
        j.null();
        return;
    }
    j.beginObject().field("step", static_cast<std::int64_t>(f->step)).field("layer", f->layer)
        .field("op", faultOpName(f->op)).field("tensor", tensorKindName(f->tensor)).field("value", f->value)
        .field("format", f->format).field("format_max", f->formatMax).field("sentence", f->sentence);
    j.key("lead_up").beginArray();
    for (const RangeSnapshot& r : f->leadUp) {
        j.beginObject().field("step", static_cast<std::int64_t>(r.step)).field("scale", r.scale);
        tensorRangesJson(j, r.tensors);
        j.endObject();
    }
    j.endArray().endObject();
}

// The document around the records: `records(i, os)` writes lane i's records, comma-separated, inside
// its "records" array, `ranges(i, os)` its range snapshots inside "ranges"; faults[i]: lane i's first
// non-finite or null; floored[i] counts the steps whose scale update stopped at the floor (written
// only when non-zero, so runs that never reach it keep the contract's shape).
void writeJsonDocument(std::ostream& os, const Scenario& s, const std::vector<LaneFinal>& finals,
                       const std::function<void(std::size_t, std::ostream&)>& records,
                       const std::vector<std::int64_t>& floored,
                       const std::function<void(std::size_t, std::ostream&)>& ranges,
                       const std::vector<const FirstNonFinite*>& faults, const std::vector<Moment>& moments) {
    JsonWriter j(os);
    j.beginObject();
    j.key("model").beginObject().key("sizes").beginArray();
    for (int v : s.sizes) j.value(v);
    j.endArray().field("activation", activationName(s.activation)).field("loss", lossName(s.loss)).endObject();
    j.key("optimizer").beginObject().field("name", optimizerName(s.optimizer.kind)).field("lr", s.optimizer.lr);
    if (s.optimizer.kind == OptimizerSpec::Kind::Sgd) j.field("momentum", s.optimizer.momentum);
    else j.field("beta1", s.optimizer.beta1).field("beta2", s.optimizer.beta2).field("eps", s.optimizer.eps);
    j.field("weight_decay", s.optimizer.weightDecay);
    j.endObject();
    j.field("batch", s.batch).field("steps", s.steps).key("seed").seed(s.seed);
    j.key("preset");
    if (s.preset.empty()) j.null();
    else j.value(s.preset);
    // How the low-format products and GELU were computed (docs/CLI.md, "Matching PyTorch's CPU dispatch").
    j.field("dispatch", dispatchName(s.dispatch)).field("torch_cpu", torchCpuName(s.torchCpu));
    j.field("torch_version", torchVersionName(s.torchVersion));
    // The whole scenario, as an experiment file holds it: `presisi train --scenario` reruns this file.
    j.field("presisi_experiment", services::kExperimentVersion).key("scenario");
    services::writeScenarioJson(j, s);
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
        records(i, os);
        j.endArray();
        if (i < floored.size() && floored[i] > 0) j.field("scale_floor_steps", floored[i]);
        faultJson(j, i < faults.size() ? faults[i] : nullptr);
        j.key("ranges").beginArray();
        ranges(i, os);
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
    j.endArray();
    // Only for a preset that names its moments, so every other run's document keeps its shape.
    if (!presetMomentKinds(s.preset).empty()) {
        j.key("moments").beginArray();
        for (const Moment& m : moments)
            j.beginObject().field("kind", momentKindName(m.kind)).field("lane", m.laneLabel)
                .field("step", static_cast<std::int64_t>(m.step)).field("before", m.before).field("after", m.after)
                .field("since", static_cast<std::int64_t>(m.since)).field("sentence", m.text).endObject();
        j.endArray();
    }
    j.endObject();
    os << '\n';
}

}  // namespace

void writeTrainingJson(std::ostream& os, const Scenario& s, const std::vector<StepRecord>& records,
                       const std::vector<LaneFinal>& finals) {
    writeTrainingJson(os, s, records, finals, TrainingDiagnostics{});
}

void writeTrainingJson(std::ostream& os, const Scenario& s, const std::vector<StepRecord>& records,
                       const std::vector<LaneFinal>& finals, const TrainingDiagnostics& d) {
    std::vector<const FirstNonFinite*> faults(s.lanes.size(), nullptr);
    for (const FirstNonFinite& f : d.faults)
        if (f.lane >= 0 && static_cast<std::size_t>(f.lane) < faults.size() && !faults[f.lane]) faults[f.lane] = &f;
    std::vector<std::int64_t> floored(s.lanes.size(), 0);
    for (const StepRecord& r : records)
        if (r.scaleFloored && r.lane >= 0 && static_cast<std::size_t>(r.lane) < floored.size()) ++floored[r.lane];
    writeJsonDocument(os, s, finals,
                      [&](std::size_t i, std::ostream& out) {
                          bool first = true;
                          for (const StepRecord& r : records) {
                              if (r.lane != static_cast<int>(i)) continue;
                              if (!first) out << ',';
                              first = false;
                              recordJson(out, r);
                          }
                      },
                      floored,
                      [&](std::size_t i, std::ostream& out) {
                          bool first = true;
                          for (const RangeSnapshot& r : d.ranges) {
                              if (r.lane != static_cast<int>(i)) continue;
                              if (!first) out << ',';
                              first = false;
                              rangeJson(out, r);
                          }
                      },
                      faults, detectMoments(s, records));
}

void writeTrainingCsv(std::ostream& os, const Scenario& s, const std::vector<StepRecord>& records) {
    csvHeader(os, s);
    const bool castColumns = hasScaledLane(s);
    for (std::size_t i = 0; i < s.lanes.size(); ++i) {
        const std::string label = s.lanes[i].label();
        for (const StepRecord& r : records)
            if (r.lane == static_cast<int>(i)) recordCsv(os, label, r, castColumns);
    }
}

// One lane's spools: unnamed temporary files (removed by the system when closed or on a crash).
struct TrainingSpool::Lane {
    std::FILE* json = nullptr;
    std::FILE* csv = nullptr;
    std::FILE* ranges = nullptr;  // JSON only
    std::optional<FirstNonFinite> fault;
    std::string label;
    std::int64_t records = 0;
    std::int64_t rangeCount = 0;
    std::int64_t floored = 0;
    std::ostringstream buffer;  // one record's text, reused
    CastSnapshot casts;         // the casts of the step whose record comes next (addCasts)
};

namespace {

std::FILE* openSpool() {
    std::FILE* f = std::tmpfile();
    if (!f) throw std::runtime_error("cannot create a temporary file for the records: " + errnoText(errno));
    return f;
}

void spoolWrite(std::FILE* f, const std::string& text) {
    if (std::fwrite(text.data(), 1, text.size(), f) != text.size())
        throw std::runtime_error("cannot write the records' temporary file: " + errnoText(errno));
}

void copySpool(std::FILE* f, std::ostream& os) {
    if (std::fflush(f) != 0 || std::fseek(f, 0, SEEK_SET) != 0)
        throw std::runtime_error("cannot read back the records' temporary file: " + errnoText(errno));
    char buf[1 << 16];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
        os.write(buf, static_cast<std::streamsize>(n));
        if (!os) return;  // the caller checks the stream
    }
    if (std::ferror(f)) throw std::runtime_error("cannot read back the records' temporary file: " + errnoText(errno));
    std::fseek(f, 0, SEEK_END);  // further records append
}

}  // namespace

TrainingSpool::TrainingSpool(const Scenario& scenario, bool json, bool csv)
    : m_scenario(scenario), m_castColumns(hasScaledLane(scenario)), m_detector(scenario) {
    for (const LaneSpec& l : scenario.lanes) {
        auto lane = std::make_unique<Lane>();
        lane->label = l.label();
        m_lanes.push_back(std::move(lane));
        if (json) m_lanes.back()->json = openSpool();
        if (json) m_lanes.back()->ranges = openSpool();
        if (csv) m_lanes.back()->csv = openSpool();
    }
}

TrainingSpool::~TrainingSpool() {
    for (auto& l : m_lanes) {
        if (l->json) std::fclose(l->json);
        if (l->csv) std::fclose(l->csv);
        if (l->ranges) std::fclose(l->ranges);
    }
}

void TrainingSpool::add(const StepRecord& r) {
    if (r.lane < 0 || static_cast<std::size_t>(r.lane) >= m_lanes.size()) return;
    Lane& l = *m_lanes[static_cast<std::size_t>(r.lane)];
    l.floored += r.scaleFloored;
    m_detector.add(r);
    if (l.json) {
        l.buffer.str("");
        if (l.records) l.buffer << ',';
        recordJson(l.buffer, r, l.casts.step == r.step ? &l.casts.casts : nullptr);
        spoolWrite(l.json, l.buffer.str());
    }
    if (l.csv) {
        l.buffer.str("");
        recordCsv(l.buffer, l.label, r, m_castColumns);
        spoolWrite(l.csv, l.buffer.str());
    }
    ++l.records;
}

void TrainingSpool::addCasts(const CastSnapshot& c) {
    if (c.lane < 0 || static_cast<std::size_t>(c.lane) >= m_lanes.size()) return;
    m_lanes[static_cast<std::size_t>(c.lane)]->casts = c;
}

void TrainingSpool::addRange(const RangeSnapshot& r) {
    if (r.lane < 0 || static_cast<std::size_t>(r.lane) >= m_lanes.size()) return;
    Lane& l = *m_lanes[static_cast<std::size_t>(r.lane)];
    if (!l.ranges) return;
    l.buffer.str("");
    if (l.rangeCount) l.buffer << ',';
    rangeJson(l.buffer, r);
    spoolWrite(l.ranges, l.buffer.str());
    ++l.rangeCount;
}

void TrainingSpool::setFault(const FirstNonFinite& f) {
    if (f.lane < 0 || static_cast<std::size_t>(f.lane) >= m_lanes.size()) return;
    Lane& l = *m_lanes[static_cast<std::size_t>(f.lane)];
    if (!l.fault) l.fault = f;
}

void TrainingSpool::writeJson(std::ostream& os, const std::vector<LaneFinal>& finals) {
    std::vector<std::int64_t> floored;
    std::vector<const FirstNonFinite*> faults;
    for (const auto& l : m_lanes) {
        floored.push_back(l->floored);
        faults.push_back(l->fault ? &*l->fault : nullptr);
    }
    writeJsonDocument(os, m_scenario, finals,
                      [&](std::size_t i, std::ostream& out) {
                          if (m_lanes[i]->json) copySpool(m_lanes[i]->json, out);
                      },
                      floored,
                      [&](std::size_t i, std::ostream& out) {
                          if (m_lanes[i]->ranges) copySpool(m_lanes[i]->ranges, out);
                      },
                      faults, m_detector.moments());
}

void TrainingSpool::writeCsv(std::ostream& os) {
    csvHeader(os, m_scenario);
    for (const auto& l : m_lanes)
        if (l->csv) copySpool(l->csv, os);
}

}  // namespace presisi::services
