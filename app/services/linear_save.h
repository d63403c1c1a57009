// The linear lab's outputs as files: every lane's output (and, if asked, the x, W and b it multiplied) as .npy
// with a manifest.json, for `presisi linear --save DIR` and the window's "Save outputs…". Qt-free.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "engine/linear_lab.h"

namespace presisi::services {

// A lane's file name without ".npy": its label with ':' as '_' ("cpu_bf16", "cpu_mxfp8+rceil", "gpu_tf32").
std::string linearFileStem(const LinearLane& lane);

struct LinearSaveOptions {
    bool inputs = false;  // also <stem>.x.npy, <stem>.weight.npy and <stem>.bias.npy: the operands the lane used
    const std::atomic<bool>* stop = nullptr;  // raised: the save stops between files, DIR untouched (Cancelled)
};

// Why `dir` cannot take a save, as one phrase ("is a file", "holds other files: give a new or empty directory,
// or one an earlier save wrote"), or empty. Checked before the work, so nothing is computed in vain.
std::string linearSaveProblem(const std::string& dir);

// Writes every lane's output (float32, the values of the lane's format exactly; shape: x's leading dimensions
// and out) and manifest.json into a new directory beside `dir` and renames it onto `dir` whole: `dir` holds
// the complete save or what it held before, never a part. A directory an earlier save wrote (its
// manifest.json says so) is replaced; an empty one is filled. Returns the file names written. Throws
// UsageError("<option>: …") for a `dir` that cannot be used, std::runtime_error for a failed write
// (nothing left behind), presisi::Cancelled when `options.stop` is raised.
std::vector<std::string> saveLinearOutputs(const LinearResult& result, const std::string& dir,
                                           const LinearSaveOptions& options, const std::string& option = "--save");

}  // namespace presisi::services
