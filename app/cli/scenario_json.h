// Scenario <-> JSON (the preset files in resources/presets/), and the built-in preset list. Qt Core only.
#pragma once

#include <QJsonObject>

#include <string>
#include <vector>

#include "../../engine/training/scenario.h"

namespace presisi::cli {

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
// Keys absent keep the defaults of Scenario.
Scenario scenarioFromJson(const QJsonObject& object, const std::string& context);
QJsonObject scenarioToJson(const Scenario& scenario);

}  // namespace presisi::cli
