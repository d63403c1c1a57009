// Scenario <-> JSON (presets, experiment files, the training contract's "scenario") and the presets
// compiled into the program.
#include "scenario_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "atomic_file.h"
#include "engine/error.h"
#include "engine/regular_file.h"
#include "json_literals.h"
#include "presets_embedded.h"

namespace presisi::services {

namespace {

// The longest strings a file may hold (characters): every message that quotes one stays a line, every label a
// window lays out stays a label.
constexpr qsizetype kMaxNameChars = 64, kMaxTitleChars = 200, kMaxExplanationChars = 8000, kMaxPathChars = limits::kMaxPathBytes,
                    kMaxPolicyChars = 1024;

class Reader {
public:
    Reader(std::string context, const std::map<std::string, std::string>& literals)
        : m_context(std::move(context)), m_literals(literals) {}

    // A key from the file may hold any character: control bytes (a NUL would cut the message where
    // it is printed) are written as \xNN.
    [[noreturn]] void fail(const std::string& key, const std::string& what) const {
        throw Error(m_context + ": " + printableText(key) + ": " + what);
    }

    void checkKeys(const QJsonObject& o, const std::string& where, std::initializer_list<const char*> allowed) const {
        for (auto it = o.begin(); it != o.end(); ++it) {
            const std::string k = it.key().toStdString();
            if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return k == a; }))
                fail(where.empty() ? k : where + "." + k, "unknown key");
        }
    }
    double number(const QJsonValue& v, const std::string& key) const {
        if (!v.isDouble()) fail(key, "expected a number");
        return v.toDouble();
    }
    // An integer; one beyond int's range is named with the field's own range (`range`, when given),
    // as validate() would name it: "batch: 1e+12 is out of range (0 .. 1000000)".
    int integer(const QJsonValue& v, const std::string& key, const SettingRange& range = {-2147483648.0, 2147483647.0}) const {
        const double d = number(v, key);
        if (d != std::floor(d)) fail(key, "expected an integer");
        if (std::fabs(d) > 2147483647.0) {
            char b[64];
            std::snprintf(b, sizeof b, "%.17g is out of range (%.17g .. %.17g)", d, range.min, range.max);
            fail(key, b);
        }
        return static_cast<int>(d);
    }
    // A seed, exactly: a JSON integer in int64's range (seeds from 2^63 up are written as seed - 2^64,
    // the same 64 bits; docs/CLI.md). QJsonDocument keeps such integers exact.
    std::uint64_t seed(const QJsonValue& v, const std::string& key) const {
        const double d = number(v, key);
        // The literal as written, when the caller has it: every 64-bit seed exactly, up to 2^64 - 1.
        if (const auto it = m_literals.find(key); it != m_literals.end()) {
            const std::string& t = it->second;
            if (!t.empty() && t[0] == '-') {
                std::int64_t i = 0;
                const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), i);
                if (ec == std::errc() && end == t.data() + t.size()) return static_cast<std::uint64_t>(i);
            } else {
                std::uint64_t u = 0;
                const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), u);
                if (ec == std::errc() && end == t.data() + t.size()) return u;
            }
        }
        const qint64 a = v.toInteger(0), b = v.toInteger(1);
        if (a == b) return static_cast<std::uint64_t>(a);  // an integer in int64's range, exact
        if (d == std::floor(d) && d >= 9223372036854775808.0 && d < 18446744073709551616.0)
            return static_cast<std::uint64_t>(d);  // unsigned, beyond int64: as close as a double gets
        fail(key, "expected an integer seed");
    }
    std::string string(const QJsonValue& v, const std::string& key) const {
        if (!v.isString()) fail(key, "expected a string");
        return v.toString().toStdString();
    }
    // A string a person reads or a path: at most `limit` characters, and one line unless `lines` (a 1 MB title froze
    // the window's layout for minutes; a name with a newline broke the one-line messages that quote it).
    std::string text(const QJsonValue& v, const std::string& key, qsizetype limit, bool lines = false) const {
        if (!v.isString()) fail(key, "expected a string");
        const QString t = v.toString();
        if (t.size() > limit)
            fail(key, std::to_string(t.size()) + " characters, more than the " + std::to_string(limit) + " it may have");
        if (!lines)
            for (qsizetype i = 0; i < t.size(); ++i)
                if (t[i] == QLatin1Char('\n') || t[i] == QLatin1Char('\r'))
                    fail(key, "must be one line (a line break at character " + std::to_string(i + 1) + ")");
        return t.toStdString();
    }
    bool boolean(const QJsonValue& v, const std::string& key) const {
        if (!v.isBool()) fail(key, "expected true or false");
        return v.toBool();
    }
    QJsonObject object(const QJsonValue& v, const std::string& key) const {
        if (!v.isObject()) fail(key, "expected an object");
        return v.toObject();
    }
    QJsonArray array(const QJsonValue& v, const std::string& key) const {
        if (!v.isArray()) fail(key, "expected an array");
        return v.toArray();
    }
    template <typename T, typename F>
    T named(const QJsonValue& v, const std::string& key, F parse, const char* known) const {
        const std::string s = string(v, key);
        const auto r = parse(s);
        if (!r) fail(key, "unknown value '" + printableText(s) + "' (" + known + ")");
        return *r;
    }

private:
    std::string m_context;
    const std::map<std::string, std::string>& m_literals;
};

}  // namespace

Scenario scenarioFromJson(const QJsonObject& o, const std::string& context,
                          const std::map<std::string, std::string>& seedLiterals) {
    Reader r(context, seedLiterals);
    r.checkKeys(o, "", {"name", "title", "explanation", "workload", "model", "data", "optimizer", "batch", "grad_accum", "amax_history", "fp8_margin", "steps", "seed",
                        "shuffle", "lanes", "scaler", "policy", "ops", "backward_accumulation", "dispatch", "torch_cpu", "torch_version", "histogram_interval", "pace",
                        "statistics", "accumulation_values", "range_interval"});
    Scenario s;
    // Bounds well above the presets' own (a title of 102 characters, an explanation of 1,347).
    if (o.contains("name")) s.preset = r.text(o["name"], "name", kMaxNameChars);
    if (o.contains("title")) s.title = r.text(o["title"], "title", kMaxTitleChars);
    if (o.contains("explanation")) s.explanation = r.text(o["explanation"], "explanation", kMaxExplanationChars, true);
    if (o.contains("workload"))
        s.workload = r.named<Workload>(o["workload"], "workload", parseWorkload, "training, accumulation");
    if (o.contains("model")) {
        const QJsonObject m = r.object(o["model"], "model");
        r.checkKeys(m, "model", {"sizes", "activation", "loss", "norm"});
        if (m.contains("sizes")) {
            s.sizes.clear();
            const QJsonArray a = r.array(m["sizes"], "model.sizes");
            for (int i = 0; i < a.size(); ++i) s.sizes.push_back(r.integer(a[i], "model.sizes[" + std::to_string(i) + "]", {1, 4096}));
        }
        if (m.contains("activation"))
            s.activation = r.named<Activation>(m["activation"], "model.activation", parseActivation, "relu, tanh, gelu, sigmoid");
        if (m.contains("loss")) s.loss = r.named<LossKind>(m["loss"], "model.loss", parseLoss, "cross_entropy, mse");
        if (m.contains("norm")) s.norm = r.named<NormKind>(m["norm"], "model.norm", parseNorm, "none, layer, rms, batch");
    }
    if (o.contains("data")) {
        const QJsonObject d = r.object(o["data"], "data");
        r.checkKeys(d, "data", {"kind", "samples", "eval_samples", "noise", "seed", "input_scale", "target_scale", "outlier", "x", "y",
                                "eval_x", "eval_y"});
        if (d.contains("kind"))
            s.data.kind = r.named<DatasetKind>(d["kind"], "data.kind", parseDataset,
                                               "spiral, circles, xor, gaussians, moons, sine, plane, teacher, npy");
        if (d.contains("samples")) s.data.samples = r.integer(d["samples"], "data.samples", limits::kSamples);
        if (d.contains("eval_samples")) s.data.evalSamples = r.integer(d["eval_samples"], "data.eval_samples", limits::kEvalSamples);
        if (d.contains("noise")) s.data.noise = r.number(d["noise"], "data.noise");
        if (d.contains("seed")) s.data.seed = r.seed(d["seed"], "data.seed");
        if (d.contains("input_scale")) s.data.inputScale = r.number(d["input_scale"], "data.input_scale");
        if (d.contains("target_scale")) s.data.targetScale = r.number(d["target_scale"], "data.target_scale");
        if (d.contains("outlier")) s.data.outlier = r.number(d["outlier"], "data.outlier");
        if (d.contains("x")) s.data.xPath = r.text(d["x"], "data.x", kMaxPathChars);
        if (d.contains("y")) s.data.yPath = r.text(d["y"], "data.y", kMaxPathChars);
        if (d.contains("eval_x")) s.data.evalXPath = r.text(d["eval_x"], "data.eval_x", kMaxPathChars);
        if (d.contains("eval_y")) s.data.evalYPath = r.text(d["eval_y"], "data.eval_y", kMaxPathChars);
    }
    if (o.contains("optimizer")) {
        const QJsonObject p = r.object(o["optimizer"], "optimizer");
        r.checkKeys(p, "optimizer", {"name", "lr", "momentum", "weight_decay", "beta1", "beta2", "eps"});
        if (p.contains("name"))
            s.optimizer.kind = r.named<OptimizerSpec::Kind>(p["name"], "optimizer.name", parseOptimizer, "sgd, adam, adamw");
        if (p.contains("lr")) s.optimizer.lr = r.number(p["lr"], "optimizer.lr");
        if (p.contains("momentum")) s.optimizer.momentum = r.number(p["momentum"], "optimizer.momentum");
        if (p.contains("weight_decay")) s.optimizer.weightDecay = r.number(p["weight_decay"], "optimizer.weight_decay");
        else if (s.optimizer.kind == OptimizerSpec::Kind::AdamW) s.optimizer.weightDecay = kAdamWDefaultWeightDecay;
        if (p.contains("beta1")) s.optimizer.beta1 = r.number(p["beta1"], "optimizer.beta1");
        if (p.contains("beta2")) s.optimizer.beta2 = r.number(p["beta2"], "optimizer.beta2");
        if (p.contains("eps")) s.optimizer.eps = r.number(p["eps"], "optimizer.eps");
    }
    if (o.contains("batch")) s.batch = r.integer(o["batch"], "batch", limits::kBatch);
    if (o.contains("grad_accum")) s.gradAccum = r.integer(o["grad_accum"], "grad_accum", limits::kGradAccum);
    if (o.contains("amax_history")) s.amaxHistory = r.integer(o["amax_history"], "amax_history", limits::kAmaxHistory);
    if (o.contains("fp8_margin")) s.fp8Margin = r.integer(o["fp8_margin"], "fp8_margin", limits::kFp8Margin);
    if (o.contains("steps")) s.steps = r.integer(o["steps"], "steps", limits::kSteps);
    if (o.contains("seed")) s.seed = r.seed(o["seed"], "seed");
    if (o.contains("shuffle")) s.shuffle = r.boolean(o["shuffle"], "shuffle");
    if (o.contains("lanes")) {
        s.lanes.clear();
        const QJsonArray a = r.array(o["lanes"], "lanes");
        for (int i = 0; i < a.size(); ++i) {
            const std::string key = "lanes[" + std::to_string(i) + "]";
            // Its own message names the key once.
            const std::string label = r.text(a[i], key, static_cast<qsizetype>(kMaxLaneChars));
            try {
                s.lanes.push_back(parseLane(label));
            } catch (const Error& e) {
                r.fail(key, e.what());
            }
        }
    }
    if (o.contains("scaler")) {
        const QJsonObject c = r.object(o["scaler"], "scaler");
        r.checkKeys(c, "scaler", {"init_scale", "growth_factor", "backoff_factor", "growth_interval"});
        if (c.contains("init_scale")) s.scaler.initScale = r.number(c["init_scale"], "scaler.init_scale");
        if (c.contains("growth_factor")) s.scaler.growthFactor = r.number(c["growth_factor"], "scaler.growth_factor");
        if (c.contains("backoff_factor")) s.scaler.backoffFactor = r.number(c["backoff_factor"], "scaler.backoff_factor");
        if (c.contains("growth_interval")) s.scaler.growthInterval = r.integer(c["growth_interval"], "scaler.growth_interval", limits::kGrowthInterval);
    }
    if (o.contains("policy")) {
        const std::string p = r.text(o["policy"], "policy", kMaxPolicyChars);
        if (p == "cpu") s.policyBase = PolicyBase::Cpu;
        else if (p == "cuda") s.policyBase = PolicyBase::Cuda;
        else if (p == "device") s.policyBase = PolicyBase::DeviceDefault;
        else r.fail("policy", "unknown value '" + p + "' (cpu, cuda, device)");
    }
    if (o.contains("ops")) {
        const QJsonObject ops = r.object(o["ops"], "ops");
        for (auto it = ops.begin(); it != ops.end(); ++it) {
            const std::string key = "ops." + it.key().toStdString();
            const auto op = parseOpKind(it.key().toStdString());
            if (!op) r.fail(key, "unknown op kind (linear, activation, softmax, loss, reduction, norm)");
            s.opOverrides.emplace_back(*op, r.named<OpPolicy>(it.value(), key, parseOpPolicy, "low, f32, as-input"));
        }
        // An object's keys come in name order; the overrides in the op table's (each op once, so the
        // order changes no policy, only how the list compares).
        std::stable_sort(s.opOverrides.begin(), s.opOverrides.end(),
                         [](const auto& a, const auto& b) { return static_cast<int>(a.first) < static_cast<int>(b.first); });
    }
    if (o.contains("backward_accumulation"))
        s.backwardAccumulation = r.named<BackwardAccumulation>(o["backward_accumulation"], "backward_accumulation",
                                                               parseBackwardAccumulation, "f32, storage");
    if (o.contains("dispatch")) s.dispatch = r.named<Dispatch>(o["dispatch"], "dispatch", parseDispatch, "presisi, torch");
    if (o.contains("torch_cpu"))
        s.torchCpu = r.named<TorchCpu>(o["torch_cpu"], "torch_cpu", parseTorchCpu, "this, avx512, no-avx512");
    // A file written before torch_version existed followed PyTorch 1.13: it reruns as it did.
    s.torchVersion = o.contains("torch_version")
                         ? r.named<TorchVersion>(o["torch_version"], "torch_version", parseTorchVersion, "2, 1.13")
                         : TorchVersion::V1_13;
    if (o.contains("histogram_interval")) s.histogramInterval = r.integer(o["histogram_interval"], "histogram_interval", limits::kInterval);
    if (o.contains("statistics")) s.statistics = r.boolean(o["statistics"], "statistics");
    if (o.contains("range_interval")) s.rangeInterval = r.integer(o["range_interval"], "range_interval", limits::kInterval);
    if (o.contains("accumulation_values")) s.accumulationValues = r.integer(o["accumulation_values"], "accumulation_values", limits::kAccumulationValues);
    if (o.contains("pace")) s.pace = r.number(o["pace"], "pace");
    return s;
}

QJsonObject scenarioToJson(const Scenario& s) {
    QJsonObject o;
    if (!s.preset.empty()) o["name"] = QString::fromStdString(s.preset);
    if (!s.title.empty()) o["title"] = QString::fromStdString(s.title);
    if (!s.explanation.empty()) o["explanation"] = QString::fromStdString(s.explanation);
    o["workload"] = QString::fromUtf8(workloadName(s.workload).data());
    QJsonArray sizes;
    for (int v : s.sizes) sizes.append(v);
    o["model"] = QJsonObject{{"sizes", sizes},
                             {"activation", QString::fromUtf8(activationName(s.activation).data())},
                             {"loss", QString::fromUtf8(lossName(s.loss).data())},
                             {"norm", QString::fromUtf8(normName(s.norm).data())}};
    QJsonObject d{{"kind", QString::fromUtf8(datasetName(s.data.kind).data())},
                  {"samples", s.data.samples},
                  {"eval_samples", s.data.evalSamples},
                  {"noise", s.data.noise},
                  {"input_scale", s.data.inputScale},
                  {"target_scale", s.data.targetScale}};
    if (s.data.outlier != 1.0) d["outlier"] = s.data.outlier;
    if (s.data.seed) d["seed"] = static_cast<qint64>(JsonWriter::seedAsInt64(*s.data.seed));
    if (!s.data.xPath.empty()) d["x"] = QString::fromStdString(s.data.xPath);
    if (!s.data.yPath.empty()) d["y"] = QString::fromStdString(s.data.yPath);
    if (!s.data.evalXPath.empty()) d["eval_x"] = QString::fromStdString(s.data.evalXPath);
    if (!s.data.evalYPath.empty()) d["eval_y"] = QString::fromStdString(s.data.evalYPath);
    o["data"] = d;
    o["optimizer"] = QJsonObject{{"name", QString::fromUtf8(optimizerName(s.optimizer.kind).data())},
                                 {"lr", s.optimizer.lr},
                                 {"momentum", s.optimizer.momentum},
                                 {"weight_decay", s.optimizer.weightDecay},
                                 {"beta1", s.optimizer.beta1},
                                 {"beta2", s.optimizer.beta2},
                                 {"eps", s.optimizer.eps}};
    o["batch"] = s.batch;
    if (s.gradAccum > 1) o["grad_accum"] = s.gradAccum;
    if (s.amaxHistory != Scenario().amaxHistory) o["amax_history"] = s.amaxHistory;
    if (s.fp8Margin != Scenario().fp8Margin) o["fp8_margin"] = s.fp8Margin;
    o["steps"] = s.steps;
    o["seed"] = static_cast<qint64>(JsonWriter::seedAsInt64(s.seed));
    o["shuffle"] = s.shuffle;
    QJsonArray lanes;
    for (const auto& l : s.lanes) lanes.append(QString::fromStdString(l.label()));
    o["lanes"] = lanes;
    o["scaler"] = QJsonObject{{"init_scale", s.scaler.initScale},
                              {"growth_factor", s.scaler.growthFactor},
                              {"backoff_factor", s.scaler.backoffFactor},
                              {"growth_interval", s.scaler.growthInterval}};
    o["policy"] = s.policyBase == PolicyBase::Cpu ? "cpu" : s.policyBase == PolicyBase::Cuda ? "cuda" : "device";
    QJsonObject ops;
    for (const auto& [op, p] : s.opOverrides)
        ops[QString::fromUtf8(opKindName(op).data())] = QString::fromUtf8(opPolicyName(p).data());
    if (!ops.isEmpty()) o["ops"] = ops;
    o["backward_accumulation"] = QString::fromUtf8(backwardAccumulationName(s.backwardAccumulation).data());
    o["dispatch"] = QString::fromUtf8(dispatchName(s.dispatch).data());
    o["torch_cpu"] = QString::fromUtf8(torchCpuName(s.torchCpu).data());
    o["torch_version"] = QString::fromUtf8(torchVersionName(s.torchVersion).data());
    o["histogram_interval"] = s.histogramInterval;
    o["statistics"] = s.statistics;
    o["range_interval"] = s.rangeInterval;
    o["accumulation_values"] = s.accumulationValues;
    if (s.pace > 0) o["pace"] = s.pace;
    return o;
}

std::vector<PresetInfo> listPresets() {
    std::vector<PresetInfo> out;
    for (const auto& p : embeddedPresets()) {
        const Scenario s = loadPreset(std::string(p.name));
        out.push_back({std::string(p.name), s.title, s.explanation});
    }
    std::sort(out.begin(), out.end(), [](const PresetInfo& a, const PresetInfo& b) { return a.name < b.name; });
    return out;
}

std::string presetJson(const std::string& name) {
    for (const auto& p : embeddedPresets())
        if (p.name == name) return std::string(p.json);
    return {};
}

Scenario loadPreset(const std::string& name) {
    const std::string json = presetJson(name);
    if (json.empty()) {
        std::string known;
        for (const auto& p : embeddedPresets()) known += (known.empty() ? "" : ", ") + std::string(p.name);
        throw Error("unknown preset '" + name + "' (known: " + known + ")");
    }
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &err);
    if (doc.isNull() || !doc.isObject())
        throw Error("preset " + name + ": invalid JSON: " + err.errorString().toStdString());
    Scenario s = scenarioFromJson(doc.object(), "preset " + name);
    s.preset = name;
    return s;
}

namespace {

// A JSON value through the contract's writer. Integers (every int field, seeds as int64) stay
// integers; other numbers get 17 significant digits, so they read back to the same double.
void writeValue(JsonWriter& j, const QJsonValue& v) {
    switch (v.type()) {
    case QJsonValue::Object: {
        const QJsonObject o = v.toObject();
        j.beginObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            j.key(it.key().toStdString());
            writeValue(j, it.value());
        }
        j.endObject();
        return;
    }
    case QJsonValue::Array: {
        j.beginArray();
        for (const QJsonValue& e : v.toArray()) writeValue(j, e);
        j.endArray();
        return;
    }
    case QJsonValue::String: j.value(v.toString().toStdString()); return;
    case QJsonValue::Bool: j.value(v.toBool()); return;
    case QJsonValue::Double: {
        const qint64 a = v.toInteger(0), b = v.toInteger(1);
        if (a == b) j.value(static_cast<std::int64_t>(a));  // held as an integer, or a double equal to one
        else j.value(v.toDouble());
        return;
    }
    default: j.null(); return;
    }
}

// Each .npy path of the scenario through `f`.
template <typename F>
void eachDataPath(Scenario& s, F f) {
    for (std::string* p : {&s.data.xPath, &s.data.yPath, &s.data.evalXPath, &s.data.evalYPath})
        if (!p->empty()) *p = f(*p);
}

}  // namespace

void writeScenarioJson(JsonWriter& j, const Scenario& s) { writeValue(j, scenarioToJson(s)); }

Scenario scenarioForFile(Scenario s, const std::string& path) {
    const QDir dir = QFileInfo(QString::fromStdString(path)).absoluteDir();
    eachDataPath(s, [&](const std::string& p) {
        const QString absolute = QDir::cleanPath(QFileInfo(QString::fromStdString(p)).absoluteFilePath());
        const QString relative = dir.relativeFilePath(absolute);
        return (relative.startsWith("../") || QDir::isAbsolutePath(relative) ? absolute : relative).toStdString();
    });
    return s;
}

QByteArray experimentJson(const Scenario& s, const std::string& path) {
    // Indented, for a person to read and edit; Qt writes each double as the shortest text that reads
    // back to it and integers (seeds) exactly, so the round trip holds as through the contract's writer.
    const QJsonObject o{{"presisi_experiment", kExperimentVersion}, {"scenario", scenarioToJson(scenarioForFile(s, path))}};
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

Scenario experimentFromJson(const QByteArray& text, const std::string& name) {
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &err);
    if (doc.isNull())
        throw Error(name + ": invalid JSON at offset " + std::to_string(err.offset) + ": " + err.errorString().toStdString());
    if (!doc.isObject()) throw Error(name + ": expected a JSON object");
    if (std::string twice = firstDuplicateMember(text); !twice.empty()) {
        // "/scenario/optimizer/lr" as the other messages name keys: "optimizer.lr" (the scenario's), else from the top.
        twice = twice.rfind("/scenario/", 0) == 0 ? twice.substr(10) : twice.substr(1);
        for (char& c : twice)
            if (c == '/') c = '.';
        throw Error(name + ": " + printableText(twice) + ": given twice (a JSON reader would keep only one of them)");
    }
    const QJsonObject o = doc.object();
    const QJsonValue version = o.value("presisi_experiment");
    if (version.isUndefined())
        throw Error(name + ": not a Presisi experiment file (no \"presisi_experiment\" key)");
    if (!version.isDouble())
        throw Error(name + ": presisi_experiment: expected the number " + std::to_string(kExperimentVersion) + ", not " +
                    (version.isString() ? "a string" : version.isBool() ? "true or false" : version.isNull() ? "null" : "an array or object"));
    if (version.toDouble() != kExperimentVersion)
        throw Error(name + ": presisi_experiment: version " + QString::number(version.toDouble()).toStdString() +
                    " is not supported (this program reads version " + std::to_string(kExperimentVersion) + ")");
    if (!o.value("scenario").isObject()) throw Error(name + ": scenario: expected an object");
    // Seeds exactly as written (QJsonDocument rounds integers beyond int64).
    std::map<std::string, std::string> seeds;
    for (const auto& [path, literal] : integerLiterals(text, {"seed"})) {
        if (path == "/scenario/seed") seeds["seed"] = literal;
        if (path == "/scenario/data/seed") seeds["data.seed"] = literal;
    }
    return scenarioFromJson(o.value("scenario").toObject(), name, seeds);
}

Scenario readExperimentFile(const std::string& path, std::uint64_t maxBytes) {
    // Regular files only, bounded before they are read: /dev/zero, a FIFO or a 9 GB file is refused
    // at once rather than read into memory (engine/regular_file.h).
    const std::string text = readRegularFile(path, maxBytes, "an experiment file");
    const std::string name = printableText(path);
    Scenario s = experimentFromJson(QByteArray::fromStdString(text), name);
    // The same checks as the command line's options and the window's fields (limits:: in scenario.h):
    // a file cannot run what `--lr 1e30` or a repeated lane is refused for.
    try {
        validate(s);
    } catch (const Error& e) {
        throw Error(name + ": scenario." + e.what());
    }
    const QDir dir = QFileInfo(QString::fromStdString(path)).absoluteDir();
    eachDataPath(s, [&](const std::string& p) {
        const QString q = QString::fromStdString(p);
        return QDir::isAbsolutePath(q) ? p : QDir::cleanPath(dir.filePath(q)).toStdString();
    });
    return s;
}

void writeExperimentFile(const std::string& path, const Scenario& s) {
    AtomicFile f(path, "experiment");
    f.stream() << experimentJson(s, path).toStdString();
    f.commit();
}

}  // namespace presisi::services
