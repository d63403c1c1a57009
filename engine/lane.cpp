// The lane value type's label. No Qt here.
#include "lane.h"

#include "native/native_gemm.h"

namespace presisi {

std::string Lane::label() const {
    std::string s(deviceName(device));
    s += ':';
    s += tf32 ? std::string_view("tf32") : traits(format).name;
    if (accumulation == Accumulation::Storage) s += "+acc16";
    if (scaler) s += "+scaler";
    if (subnormals == Subnormals::Flush) s += "+ftz";
    if (native && device == Device::Cpu && format != Format::F32) {
        s += "+native";
        if (!native::available(format)) s += " (emulated: no native " + std::string(traits(format).name) + " here)";
    }
    return s;
}

}  // namespace presisi
