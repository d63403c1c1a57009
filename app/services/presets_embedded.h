// The presets compiled into the program (generated from resources/presets/*.json at configure time).
#pragma once

#include <span>
#include <string_view>

namespace presisi::services {

struct EmbeddedPreset {
    std::string_view name;  // file name without .json
    std::string_view json;
};

std::span<const EmbeddedPreset> embeddedPresets();

}  // namespace presisi::services
