// The presets' titles and explanations as translatable strings (context "Preset"), generated from
// resources/presets/*.json by scripts/preset_texts.py into preset_texts.cpp; shown through
// QCoreApplication::translate("Preset", ...).
#pragma once

#include <QList>

namespace presisi {

struct PresetText {
    const char* name;         // the file's stem, e.g. "overflow-nan"
    const char* title;        // English source text, as in the JSON
    const char* explanation;  // English source text, as in the JSON
};

const QList<PresetText>& presetTexts();

}  // namespace presisi
