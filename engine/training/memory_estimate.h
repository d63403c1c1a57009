// How much memory a training run will hold, estimated before anything is allocated, and how much the
// machine has available. No Qt here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "../byte_size.h"  // formatBytes, for the estimates' messages
#include "scenario.h"

namespace presisi {

struct MemoryEstimate {
    double bytes = 0;          // the whole run's peak, bytes (double: a huge request must not wrap)
    double perLaneBytes = 0;   // the largest lane: weights, master weights, gradients, optimizer state,
                               // activations, and a scaled lane's casts
    std::string largestLane;   // its label
    double dataBytes = 0;      // training and evaluation data, as loaded
    std::string summary;       // "4 lanes 5.3 GiB (the largest, cpu:nvfp4, 1.9 GiB) + data 3.0 MiB + 64 MiB for the program and evaluation"
};

// Rows of the training and evaluation sets (for .npy data: from the files' headers). Weights,
// master weights and gradients of each lane and of its float32 shadow (the statistics), optimizer
// state (SGD momentum, Adam's two moments), activations and their gradients at batch x every width
// (the shadow's too), a scaled lane's casts (per lane kind: FP8, MX and NVFP4 lanes hold more than
// a bf16 one), evaluation activations, the batch, and the data as loaded (.npy values are read as double first).
MemoryEstimate estimateTrainingMemory(const Scenario& scenario, std::int64_t trainRows, std::int64_t evalRows);

// MemAvailable from /proc/meminfo, in bytes; nothing where it cannot be read.
std::optional<std::uint64_t> availableMemory(const std::string& meminfo = "/proc/meminfo");

}  // namespace presisi
