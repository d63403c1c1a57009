// The command line's names for the services it shares with the window (app/services): presets and
// experiment files, whole-or-nothing output files, the training exports. Only app/cli uses these names;
// the window and the tests say services::.
#pragma once

#include "services/atomic_file.h"
#include "services/scenario_file.h"
#include "services/training_export.h"

namespace presisi::cli {
using services::listPresets;
using services::loadPreset;
using services::PresetInfo;
using services::presetJson;
using services::scenarioFromJson;
using services::scenarioToJson;
using services::AtomicFile;
using services::errnoText;
using services::outputPathProblem;
using services::TrainingSpool;
}  // namespace presisi::cli
