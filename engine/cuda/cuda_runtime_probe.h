// Asks the CUDA runtime whether a device is usable, without ever failing hard. No Qt here.
#pragma once

#include "../device.h"

namespace presisi {
CudaStatus probeCudaRuntime();
}
