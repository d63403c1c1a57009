// Adapters from the window to the preset loader (app/services/scenario_file.h) and to the training
// exports of app/services/training_export.h, the same writer `presisi train --json/--csv` uses.
#include "presets.h"

#include <QCoreApplication>
#include <QString>
#include <cmath>
#include <sstream>

#include "services/scenario_file.h"
#include "services/training_export.h"
#include "engine/error.h"

namespace presisi {

QList<PresetEntry> listPresets() {
    QList<PresetEntry> out;
    for (const services::PresetInfo& p : services::listPresets())
        out.append({QString::fromStdString(p.name), presetText(p.title), presetText(p.explanation)});
    return out;
}

QString presetText(const std::string& english) {
    if (english.empty()) return {};
    return QCoreApplication::translate("Preset", english.c_str());
}

Scenario loadPresetScenario(const QString& name) { return services::loadPreset(name.toStdString()); }

QByteArray trainingJson(const Scenario& s, const std::vector<StepRecord>& records, const std::vector<LaneFinal>& finals) {
    std::ostringstream os;
    services::writeTrainingJson(os, s, records, finals);
    return QByteArray::fromStdString(os.str());
}

QByteArray trainingCsv(const Scenario& s, const std::vector<StepRecord>& records) {
    std::ostringstream os;
    services::writeTrainingCsv(os, s, records);
    return QByteArray::fromStdString(os.str());
}

QStringList laneLabels(const Scenario& scenario) {
    QStringList out;
    for (const LaneSpec& l : scenario.lanes) out << QString::fromStdString(l.label());
    return out;
}

}  // namespace presisi
