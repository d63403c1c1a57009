// libFuzzer's entry point for one target; PRESISI_FUZZ_BODY names the body (fuzz/fuzz_bodies.h).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_bodies.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    presisi::fuzz::g_underLibFuzzer = true;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // Anything but an accepted or cleanly refused input (another exception, an InvariantViolation)
    // leaves this function and terminates: libFuzzer saves the input as a crash.
    presisi::fuzz::PRESISI_FUZZ_BODY(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
