// The window's view of the training presets and of the training JSON contract: thin adapters over
// the loader and writer in app/cli, so the pages do not depend on their details.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

#include "engine/training/record.h"
#include "engine/training/scenario.h"

namespace presisi {

struct PresetEntry {
    QString name;
    QString title;
    QString explanation;
};

// The scenario's lanes' labels ("cpu:f16+scaler"), in its order: the index of StepRecord::lane.
QStringList laneLabels(const Scenario& scenario);
// Every preset, its title and explanation in the window's language (context "Preset", preset_texts.cpp).
QList<PresetEntry> listPresets();
// A preset's title or explanation (English, as in its JSON) in the window's language; unchanged when no
// translation has it (an edited scenario's own text).
QString presetText(const std::string& english);
// Throws presisi::Error naming the preset when it is unknown or malformed.
Scenario loadPresetScenario(const QString& name);
// The run's records as `presisi train --json` writes them.
QByteArray trainingJson(const Scenario& scenario, const std::vector<StepRecord>& records,
                        const std::vector<LaneFinal>& finals);
// The run's records as `presisi train --csv` writes them.
QByteArray trainingCsv(const Scenario& scenario, const std::vector<StepRecord>& records);

}  // namespace presisi
