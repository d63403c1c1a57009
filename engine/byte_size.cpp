// formatBytes: the unit that keeps the number below 1024, one decimal from KiB up.
#include "byte_size.h"

#include <cstdio>

namespace presisi {

std::string formatBytes(double bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (bytes >= 1024 && u < 6) {
        bytes /= 1024;
        ++u;
    }
    char b[48];
    if (u == 0) std::snprintf(b, sizeof b, "%.0f B", bytes);
    else std::snprintf(b, sizeof b, "%.1f %s", bytes, units[u]);
    return b;
}

}  // namespace presisi
