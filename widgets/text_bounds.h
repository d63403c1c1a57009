// How much text each of the window's own fields takes, and how a message quotes a long word: the experiment
// files' bounds where a field holds a file's string (app/services/scenario_file.cpp), room for the longest
// sensible value elsewhere. Unbounded, a 32767-character lane field made a 65,659-character error label and a
// 1 MB block held the GUI thread 1.4 s per keystroke.
#pragma once

#include <QString>

#include "engine/lane.h"
#include "engine/training/scenario.h"

namespace presisi::text_bounds {

// Layer widths: 9 widths of at most 4 digits and their separators take 44.
inline constexpr int kSizes = 64;
// The extra lanes: kMaxLanes lanes of at most kMaxLaneChars each, and a separator ", " after each.
inline constexpr int kLanes = limits::kMaxLanes * (static_cast<int>(kMaxLaneChars) + 2);
// A value for the Formats page: the exact decimal of the smallest double subnormal, signed, takes 1,077 characters.
inline constexpr int kValue = 1100;
// A file path: Linux's PATH_MAX, as validate() and the experiment files bound a .npy path.
inline constexpr int kPath = limits::kMaxPathBytes;
// A block of 32 numbers, each as long as kValue allows and a separator.
inline constexpr int kBlock = 32 * (kValue + 1);

// `word` for a message: itself up to `chars` characters, else its start and an ellipsis.
inline QString quoted(const QString& word, int chars = 24) {
    return word.size() <= chars ? word : word.left(chars) + QChar(0x2026);
}

}  // namespace presisi::text_bounds
