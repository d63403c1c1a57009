// A number of bytes for a message: "512 B", "3.0 MiB", "1.2 GiB", "2.0 TiB" (binary units, one
// decimal). One formatter for every size the engine names (memory estimates, file limits). No Qt here.
#pragma once

#include <string>

namespace presisi {

std::string formatBytes(double bytes);

}  // namespace presisi
