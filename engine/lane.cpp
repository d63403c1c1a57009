// The lane value type's label, its parser and the note shown beside a lane that runs emulated. No Qt here.
#include "lane.h"

#include "error.h"
#include "native/native_gemm.h"

namespace presisi {

std::string Lane::label() const {
    std::string s(deviceName(device));
    s += ':';
    s += tf32 ? std::string_view("tf32") : traits(format).name;
    if (accumulation == Accumulation::Storage) s += "+acc16";
    if (scaler) s += "+scaler";
    if (subnormals == Subnormals::Flush) s += "+ftz";
    if (native) s += "+native";
    return s;
}

Lane parseLane(std::string_view text) {
    // Quoted in messages with control bytes escaped: a label from a file may hold a newline or a NUL.
    const std::string all = printableText(text);
    Lane lane;
    std::string_view rest = text;
    const auto colon = rest.find(':');
    if (colon != std::string_view::npos) {
        const auto dev = parseDevice(rest.substr(0, colon));
        if (!dev) throw Error("unknown lane device '" + printableText(rest.substr(0, colon)) + "' in '" + all + "' (cpu or gpu)");
        lane.device = *dev;
        rest = rest.substr(colon + 1);
    }
    auto plus = rest.find('+');
    const std::string_view fmt = rest.substr(0, plus);
    if (fmt == "tf32") {
        lane.tf32 = true;  // a math mode of f32 products, stored as f32
    } else {
        const auto f = parseFormat(fmt);
        if (!f) throw Error("unknown lane format '" + printableText(fmt) + "' in '" + all + "' (f32, bf16 or f16)");
        lane.format = *f;
    }
    while (plus != std::string_view::npos) {
        rest = rest.substr(plus + 1);
        plus = rest.find('+');
        const std::string_view opt = rest.substr(0, plus);
        if (opt == "scaler") lane.scaler = true;
        else if (opt == "ftz") lane.subnormals = Subnormals::Flush;
        else if (opt == "native") lane.native = true;
        else if (opt == "acc16") lane.accumulation = Accumulation::Storage;
        else throw Error("unknown lane option '+" + printableText(opt) + "' in '" + all + "' (+scaler, +ftz, +native)");
    }
    return lane;
}

std::string laneNote(const Lane& lane) {
    if (lane.native && lane.device == Device::Cpu && lane.format != Format::F32 && !native::available(lane.format))
        return " (emulated: no native " + std::string(traits(lane.format).name) + " here)";
    return {};
}

std::string displayLabel(const Lane& lane) { return lane.label() + laneNote(lane); }

}  // namespace presisi
