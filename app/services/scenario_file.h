// Scenario <-> JSON: the preset files (resources/presets/*.json, compiled into the program), the
// experiment files (.presisi.json, docs/EXPERIMENT_FILES.md) and the "scenario" key of the training
// JSON contract. One reader and one writer for all three. Qt Core only.
#pragma once

#include <QByteArray>
#include <QJsonObject>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/training/scenario.h"
#include "json_writer.h"

namespace presisi::services {

struct PresetInfo {
    std::string name;
    std::string title;
    std::string explanation;
};

// Every preset compiled into the program (resources/presets/*.json), sorted by name.
std::vector<PresetInfo> listPresets();
// The preset's scenario. Throws presisi::Error for an unknown name (listing the known ones).
Scenario loadPreset(const std::string& name);
// The raw JSON text of a preset, or empty for an unknown name.
std::string presetJson(const std::string& name);

// Reads a scenario from a JSON object in the preset format. Unknown keys, wrong types and bad values
// throw presisi::Error naming the key ("preset underflow: model.sizes[1]: expected an integer").
// Keys absent keep the defaults of Scenario. The "ops" overrides come out in kAllOpKinds order.
// `seedLiterals` ("seed", "data.seed"): the seeds' literal text where the caller has it
// (integerLiterals), read exactly up to 2^64 - 1.
Scenario scenarioFromJson(const QJsonObject& object, const std::string& context,
                          const std::map<std::string, std::string>& seedLiterals = {});
// Every field of the scenario: scenarioFromJson(scenarioToJson(s)) == s for a scenario whose op
// overrides name each op once, in kAllOpKinds order (as the window and --op make them).
QJsonObject scenarioToJson(const Scenario& scenario);
// The same object through the contract's writer: numbers with 17 significant digits, seeds exact.
void writeScenarioJson(JsonWriter& writer, const Scenario& scenario);

// The largest experiment or results file read (checked before reading): a results file of `presisi
// train --json` holds about 0.9 KB per step of four lanes, so this takes runs of some 70,000 steps.
inline constexpr std::uint64_t kMaxExperimentFileBytes = std::uint64_t{64} << 20;

// The experiment file format's version: {"presisi_experiment": 1, "scenario": {...}}. A results file
// (`presisi train --json`, the Training lab's Export data JSON) carries the same two keys.
inline constexpr int kExperimentVersion = 1;

// The text of an experiment file for `scenario`, its .npy paths as scenarioForFile(path) makes them.
QByteArray experimentJson(const Scenario& scenario, const std::string& path);
// Reads an experiment or results file's text. Throws presisi::Error, one line beginning with `name`:
// invalid JSON (with the offset), not an object, no or another "presisi_experiment" version, no
// "scenario", or the scenario's first bad key. Relative .npy paths are returned as written.
Scenario experimentFromJson(const QByteArray& text, const std::string& name);
// Reads an experiment or results file: a regular file of at most kMaxExperimentFileBytes (a FIFO,
// a device, a larger file: refused before reading), its scenario checked by validate() as the command
// line's options are; relative .npy paths are taken from the file's directory. Throws presisi::Error ("run.presisi.json: cannot open file: no such file", ...).
// `maxBytes`: another limit, for tests of the limit itself.
Scenario readExperimentFile(const std::string& path, std::uint64_t maxBytes = kMaxExperimentFileBytes);
// Writes an experiment file whole or not at all (AtomicFile). Throws UsageError or
// std::runtime_error with one line naming the file.
void writeExperimentFile(const std::string& path, const Scenario& scenario);

// The scenario as a file at `path` records it: each .npy path relative to the file's directory when
// the data lies in it or below, absolute otherwise, so the file and its data move together.
Scenario scenarioForFile(Scenario scenario, const std::string& path);

}  // namespace presisi::services
