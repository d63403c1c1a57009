// The lane value type's label, its parser and the note shown beside a lane that runs emulated. No Qt here.
#include "lane.h"

#include <algorithm>
#include <vector>

#include "error.h"
#include "native/native_gemm.h"

namespace presisi {

std::string Lane::label() const {
    std::string s(deviceName(device));
    s += ':';
    s += hybrid ? std::string_view("fp8") : scaled ? traits(*scaled).name : tf32 ? std::string_view("tf32") : traits(format).name;
    if (accumulation == Accumulation::Storage) s += "+acc16";
    if (scaler) s += "+scaler";
    if (subnormals == Subnormals::Flush) s += "+ftz";
    if (native) s += "+native";
    if (naiveStats) s += "+naive-stats";
    if (lowGradAccum) s += "+accum-low";
    if (pure) s += "+pure";
    if (stochasticWeights) s += "+sr";
    if (kahanWeights) s += "+kahan";
    if (delayed) s += "+delayed";
    if (mostRecent) s += "+most-recent";
    if (overflow == Overflow::Saturate) s += "+sat";
    if (scaleMode != ScaleMode::Floor) {
        s += '+';
        s += scaleModeName(scaleMode);
    }
    if (noStochasticGradients) s += "+no-sr";
    if (noSquareWeights) s += "+no-2d";
    if (noHadamard) s += "+no-rht";
    return s;
}

bool isPerTensor(ScaledFormat format) { return traits(format).blockSize == 0; }
bool isMx(ScaledFormat format) { return traits(format).blockSize > 0 && traits(format).scale == Format::E8M0; }

namespace {

// "e4m3, e5m2, mxfp8, …": the scaled lane formats, for messages.
std::string scaledNames(bool (*keep)(ScaledFormat) = nullptr) {
    std::string s;
    for (ScaledFormat f : kAllScaledFormats) {
        if (keep && !keep(f)) continue;
        if (!s.empty()) s += ", ";
        s += traits(f).name;
    }
    return s;
}

// Why an element format of 8 bits and below is no lane format: the lanes compute with scaled tensors of
// it (a bare cast of N(0,1) data to e2m1 would keep six values), so name the scaled lanes that store it.
[[noreturn]] void refuseElementFormat(Format f, const std::string& all) {
    const std::string name(traits(f).name);
    std::string users;
    for (ScaledFormat s : kAllScaledFormats)
        if (traits(s).element == f && !isPerTensor(s)) users += (users.empty() ? "" : ", ") + std::string(traits(s).name);
    const std::string what = f == Format::E8M0 ? "'e8m0' is the MX block scale's format, not a lane format"
                                               : "'" + name + "' is an element format, not a lane format";
    throw Error(what + " in '" + all + "'" + (users.empty() ? "" : ": its lanes are " + users) +
                " (lanes of 8 bits and below: " + scaledNames() + ")");
}

}  // namespace

Lane parseLane(std::string_view text) {
    if (text.size() > kMaxLaneChars)
        throw Error("a lane of " + std::to_string(text.size()) + " characters, more than the " +
                    std::to_string(kMaxLaneChars) + " a lane may have ('" + printableText(text.substr(0, 24)) + "…')");
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
    if (fmt == "fp8") {
        lane.scaled = ScaledFormat::E4M3;  // a training recipe: e4m3 forward, e5m2 gradients
        lane.hybrid = true;
    } else if (fmt == "tf32") {
        lane.tf32 = true;  // a math mode of f32 products, stored as f32
    } else if (const auto sf = parseScaledFormat(fmt)) {
        lane.scaled = *sf;  // computes in float32 on dequantised operands
    } else {
        const auto f = parseFormat(fmt);
        if (!f)
            throw Error("unknown lane format '" + printableText(fmt) + "' in '" + all + "' (f32, tf32, bf16, f16, fp8, " +
                        scaledNames() + ")");
        if (isMiniFormat(*f)) refuseElementFormat(*f, all);
        lane.format = *f;
    }
    bool modeGiven = false;
    bool otherOption = false;  // an option of the f32/bf16/f16 lanes
    std::string firstOther;
    std::vector<std::string_view> seen;  // an option given twice is a mistake to name, not to fold
    while (plus != std::string_view::npos) {
        rest = rest.substr(plus + 1);
        plus = rest.find('+');
        const std::string_view opt = rest.substr(0, plus);
        if (std::find(seen.begin(), seen.end(), opt) != seen.end())
            throw Error("'+" + printableText(opt) + "' given twice in '" + all + "'");
        seen.push_back(opt);
        if (const auto mode = parseScaleMode(opt)) {
            if (modeGiven) throw Error("two scale modes in '" + all + "' (one of +floor, +ceil, +even, +rceil)");
            if (!lane.scaled || !isMx(*lane.scaled))
                throw Error("+" + std::string(opt) + " is a scale mode of the MX lanes (" + scaledNames(isMx) +
                            "), in '" + all + "'");
            lane.scaleMode = *mode;
            modeGiven = true;
            continue;
        }
        if (opt == "sat") {
            if (!lane.scaled || !isPerTensor(*lane.scaled))
                throw Error("+sat applies to the per-tensor lanes " + scaledNames(isPerTensor) + " in '" + all +
                            "' (MX and NVFP4 elements always saturate; f32, bf16 and f16 overflow to inf)");
            lane.overflow = Overflow::Saturate;
            continue;
        }
        if (opt == "delayed" || opt == "most-recent") {
            if (!lane.scaled || !isPerTensor(*lane.scaled))
                throw Error("+" + std::string(opt) + " (delayed scaling) applies to the per-tensor lanes fp8, " +
                            scaledNames(isPerTensor) + " in '" + all + "'");
            (opt == "delayed" ? lane.delayed : lane.mostRecent) = true;
            continue;
        }
        if (opt == "no-sr" || opt == "no-2d" || opt == "no-rht") {
            if (lane.scaled != ScaledFormat::Nvfp4)
                throw Error("+" + std::string(opt) + " switches off part of NVFP4's training recipe; it applies to nvfp4 lanes, in '" +
                            all + "'");
            (opt == "no-sr" ? lane.noStochasticGradients : opt == "no-2d" ? lane.noSquareWeights : lane.noHadamard) = true;
            continue;
        }
        if (opt == "scaler") lane.scaler = true;
        else if (opt == "ftz") lane.subnormals = Subnormals::Flush;
        else if (opt == "native") lane.native = true;
        else if (opt == "acc16") lane.accumulation = Accumulation::Storage;
        else if (opt == "naive-stats") lane.naiveStats = true;
        else if (opt == "accum-low") lane.lowGradAccum = true;
        else if (opt == "pure") lane.pure = true;
        else if (opt == "sr") lane.stochasticWeights = true;
        else if (opt == "kahan") lane.kahanWeights = true;
        else
            throw Error("unknown lane option '+" + printableText(opt) + "' in '" + all +
                        "' (+scaler, +ftz, +native, +acc16, +naive-stats, +accum-low, +pure, +sr, +kahan; scaled lanes: +sat, +delayed, +most-recent, +floor, +ceil, +even, +rceil, +no-sr, +no-2d, +no-rht)");
        if (!otherOption) firstOther = std::string(opt);
        otherOption = true;
    }
    // The scaled lanes dequantise to float32 and accumulate in float32: rounding options of the low
    // lanes have nothing to act on there.
    if (lane.mostRecent && !lane.delayed)
        throw Error("+most-recent chooses delayed scaling's amax; add +delayed ('" + all + "')");
    if (lane.scaled && otherOption) {
        const std::string own = isPerTensor(*lane.scaled) ? "+sat, +delayed, +most-recent" : isMx(*lane.scaled) ? "+floor, +ceil, +even, +rceil" : "+no-sr, +no-2d, +no-rht";
        throw Error("+" + firstOther + " is not an option of the scaled lane '" + std::string(traits(*lane.scaled).name) +
                    "' in '" + all + "' (its options: " + own + ")");
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
