// CPU peak estimate from /proc/cpuinfo and cpufreq. No Qt here.
#include "cpu_peak.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace presisi {

namespace {

std::string field(const std::string& cpuinfo, const std::string& key) {
    std::istringstream in(cpuinfo);
    std::string line;
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string k = line.substr(0, colon);
        while (!k.empty() && (k.back() == ' ' || k.back() == '\t')) k.pop_back();
        if (k == key) return line.substr(colon + 1 + (colon + 1 < line.size() && line[colon + 1] == ' '));
    }
    return {};
}

bool hasFlag(const std::string& flags, const std::string& flag) {
    std::istringstream in(flags);
    std::string f;
    while (in >> f)
        if (f == flag) return true;
    return false;
}

}  // namespace

CpuPeak cpuPeakFrom(const std::string& cpuinfo, double maxFreqKhz) {
    CpuPeak p;
    p.cpuName = field(cpuinfo, "model name");
    if (p.cpuName.empty()) p.cpuName = "unknown CPU";
    std::string source = "cpufreq max";
    p.ghz = maxFreqKhz / 1e6;
    if (!(p.ghz > 0)) {
        p.ghz = std::atof(field(cpuinfo, "cpu MHz").c_str()) / 1000.0;
        source = "/proc/cpuinfo";
    }
    const std::string flags = field(cpuinfo, "flags");
    const bool intel = field(cpuinfo, "vendor_id") == "GenuineIntel";
    const int family = std::atoi(field(cpuinfo, "cpu family").c_str());
    int lanes = 4;
    if (hasFlag(flags, "avx512f") && (intel || family >= 26)) lanes = 16;
    else if (hasFlag(flags, "avx2") || hasFlag(flags, "avx512f")) lanes = 8;
    const int fmaUnits = hasFlag(flags, "fma") ? 2 : 1;
    p.flopsPerCycle = lanes * fmaUnits * 2;
    p.tflopsF32 = p.ghz * p.flopsPerCycle / 1000.0;
    char how[200];
    std::snprintf(how, sizeof how, "estimate: %.2f GHz (%s) x %d f32 lanes x %d FMA units x 2 flops, one core", p.ghz,
                  source.c_str(), lanes, fmaUnits);
    p.how = how;
    if (source == "/proc/cpuinfo") p.how += "; the reported clock may be below the boost clock";
    return p;
}

CpuPeak estimateCpuPeak() {
    static const CpuPeak peak = [] {
        std::ifstream info("/proc/cpuinfo");
        std::stringstream all;
        all << info.rdbuf();
        // Only the first processor's block: the fields repeat per core.
        std::string text = all.str();
        if (const auto blank = text.find("\n\n"); blank != std::string::npos) text.resize(blank);
        double khz = 0;
        std::ifstream f("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
        f >> khz;
        return cpuPeakFrom(text, khz);
    }();
    return peak;
}

}  // namespace presisi
